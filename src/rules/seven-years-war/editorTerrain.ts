/**
 * SYW 9 Terrain Rules (p.22) for the scenario editor's Generate button: the sector and
 * sub-sector dice of the terrain table, each piece labelled with its row, level and the dice
 * that placed and turned it.
 */
import type { TerrainGenerator } from '../../engine/ruleset';
import { generateTerrain } from './terrainGen';
import { idRecord } from '../../engine/ids';

const R = 'SYW 9 Terrain Rules (p.22)';

export const sywTerrainGenerator: TerrainGenerator = {
  name: R,
  generate: (input, roll) => {
    const { pieces, features } = generateTerrain({ widthMm: input.widthMm, depthMm: input.depthMm }, (faces, purpose) => roll(faces, purpose));
    const placedBy: Record<string, string> = idRecord();
    features.forEach((f, i) => {
      const p = pieces[i]!;
      placedBy[f.id] = `${R}: ${p.kind}${p.kind === 'hill' || p.kind === 'wood' ? ` level ${p.level}` : ''}${p.large ? ' (large)' : ''}, sector ${p.sector} sub-sector ${p.subSector}, turned ${p.rotationDeg}°`;
    });
    return { features, placedBy };
  },
};

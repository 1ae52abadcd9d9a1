/**
 * NW §9 Terrain Generation for the scenario editor's Generate button: the same procedure the
 * option `generateTerrain` runs in set-up, with each side making the house picks (RULINGS.md
 * §9) on medium stands, and every placed piece labelled with the pick and the d10 that put it
 * in its sector.
 */
import type { TerrainGenerator } from '../../engine/ruleset';
import { HOUSE_TERRAIN_PICKS } from './setup';
import { generateTerrain, type TerrainGenSide } from './terrainGen';
import { idRecord } from '../../engine/ids';

const R = 'NW §9 Terrain Generation';

export const nwTerrainGenerator: TerrainGenerator = {
  name: R,
  generate: (input, roll) => {
    const sides = input.sides.slice(0, 2).map((s): TerrainGenSide => ({ id: s.id, baseline: s.baseline, picks: HOUSE_TERRAIN_PICKS, placementShift: 0 }));
    if (sides.length < 2) return { features: [], placedBy: {} };
    const layout = generateTerrain({ widthMm: input.widthMm, depthMm: input.depthMm, scale: 'medium', sides: [sides[0]!, sides[1]!] }, (dice, purpose) => roll(dice === 'd6' ? 6 : 10, purpose));
    const placedBy: Record<string, string> = idRecord();
    for (const st of layout.steps) {
      if (st.placed) placedBy[st.placed] = `${R}: ${st.side} picked ${st.pick}; placement d10 ${st.placementRoll} → ${st.sector ?? 'no sector'}`;
    }
    for (const f of layout.features) placedBy[f.id] ??= f.kind === 'bridge' ? `${R}: a road crossing a river gets a bridge` : R;
    return { features: layout.features, placedBy };
  },
};

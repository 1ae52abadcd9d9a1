/**
 * Napoleonic Warfare: §9 terrain — sizes by base scale and table size, one river and one water feature per table.
 */
import { describe, expect, it } from 'vitest';
import { IN } from './harness';
import { generateTerrain, isSmallTable, terrainSizesFor, TERRAIN_SIZES, type TerrainGenInput, type TerrainPickType, type TerrainRoller } from '../../../src/rules/napoleonic-warfare/terrainGen';

describe('terrain sizes by base scale and table size; one river and one water feature per table (NW §9)', () => {
  const scripted = (faces: number[]): TerrainRoller => ((dice: 'd6' | 'd10') => (faces.length > 0 ? faces.shift()! : dice === 'd10' ? 10 : 3)) as unknown as TerrainRoller;
  const input = (wIn: number, hIn: number, fr: TerrainPickType[], au: TerrainPickType[], scale: 'medium' | 'large' = 'medium'): TerrainGenInput => ({
    widthMm: wIn * IN, depthMm: hIn * IN, scale,
    sides: [{ id: 'fr', baseline: 'top', picks: fr, placementShift: 0 }, { id: 'au', baseline: 'bottom', picks: au, placementShift: 0 }],
  });
  const widthIn = (poly: readonly { x: number }[]) => (Math.max(...poly.map((p) => p.x)) - Math.min(...poly.map((p) => p.x))) / IN;

  it('a small table is 6\' x 4\' or less, either way round (RULINGS)', () => {
    expect([isSmallTable(72 * IN, 48 * IN), isSmallTable(48 * IN, 72 * IN), isSmallTable(60 * IN, 40 * IN)]).toEqual([true, true, true]);
    expect([isSmallTable(96 * IN, 48 * IN), isSmallTable(72 * IN, 60 * IN)]).toEqual([false, false]);
  });

  it('"medium-sized stands on a small table, use the unparenthesized figures. Otherwise, the parenthesized"', () => {
    expect(terrainSizesFor('medium', 72 * IN, 48 * IN)).toBe(TERRAIN_SIZES.medium);
    expect(terrainSizesFor('medium', 96 * IN, 60 * IN)).toBe(TERRAIN_SIZES.large);
    expect(terrainSizesFor('large', 72 * IN, 48 * IN)).toBe(TERRAIN_SIZES.large);
  });

  it('a forest rolled at its largest (d10 10) is 12" across on a small table with medium stands, 16" on a big one', () => {
    // d6 4 v 1: the French pick first; then every d10 is 10 (enemy right, the top of the size range).
    const small = generateTerrain(input(72, 48, ['dense'], []), scripted([4, 1]));
    const big = generateTerrain(input(96, 60, ['dense'], []), scripted([4, 1]));
    const oct = Math.cos(Math.PI / 8); // the octagon's width across its flats
    expect(widthIn(small.features[0]!.polygon)).toBeCloseTo(12 * oct, 5);
    expect(widthIn(big.features[0]!.polygon)).toBeCloseTo(16 * oct, 5);
  });

  it('"No more than 1 of each per table": the second player\'s river, or pond, is discarded', () => {
    // Rivers: French first (4 v 1), placed friendly left (3) with three d10 5s; the Austrian's at its friendly left (3).
    const rivers = generateTerrain(input(72, 48, ['river'], ['river']), scripted([4, 1, 3, 5, 5, 5, 3, 5, 5, 5]));
    expect(rivers.features.filter((f) => f.kind === 'river')).toHaveLength(1);
    expect(rivers.steps[1]).toMatchObject({ side: 'au', pick: 'river', discarded: expect.stringMatching(/per table/) });
    const ponds = generateTerrain(input(72, 48, ['pond'], ['pond']), scripted([4, 1, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]));
    expect(ponds.features.filter((f) => f.kind === 'lake')).toHaveLength(1);
    expect(ponds.steps[1]).toMatchObject({ side: 'au', pick: 'pond', discarded: expect.stringMatching(/per table/) });
  });
});

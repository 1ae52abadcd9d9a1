// NW §23 Buildings: "Up to 2 infantry stands may occupy a typical building ... Entering or exiting
// buildings costs an infantry unit half its move distance. Other stands of the unit must be placed in
// contact with the building(s)."
import { describe, expect, it } from 'vitest';
import { findUnit } from '../../../src/engine/battle';
import { walk, buildingCapacity } from '../../../src/rules/napoleonic-warfare/moves';
import { battle, draftWith, IN } from './harness';
import type { TerrainFeature } from '../../../src/engine/model';

const farm = (x0: number, x1: number, buildings: number) => ({ id: 'farm', kind: 'building', name: 'Farm', polygon: [[x0 * IN, 21 * IN], [x1 * IN, 21 * IN], [x1 * IN, 27 * IN], [x0 * IN, 27 * IN]], props: { buildings } });
// A four-stand line (x 34"-38") marching down the table into the farm.
const line = (x0: number, x1: number, buildings: number) => battle([
  { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90, stands: 4 },
  { id: 'au1', side: 'au', x: 10, y: 44, facingDeg: -90 },
], { terrain: [farm(x0, x1, buildings)] });
const inside = (u: { stands: readonly { centre: { x: number; y: number } }[] }) => u.stands.filter((s) => s.centre.y > 21 * IN && s.centre.y < 27 * IN && s.centre.x > 34 * IN && s.centre.x < 38 * IN).length;
const march = (x0: number, x1: number, buildings: number) => {
  const { d, events } = draftWith(line(x0, x1, buildings), []);
  const u = findUnit(d.battle, 'fr1')!;
  return { r: walk(d, u, u.stands[0]!.facing, 12 * IN, 'advance'), events };
};

describe('When an infantry line marches into a farm (NW §23 Buildings: up to 2 stands a building)', () => {
  it('a single building as wide as the line holds only 2 of its 4 stands: the line halts outside, in contact', () => {
    const { r, events } = march(34, 38, 1);
    expect(inside(r.unit)).toBe(0);
    expect(r.blocked).toContain('holds 2 stands');
    expect(events.some((e) => e.type === 'BuildingFull')).toBe(true);
    expect(r.usedMm / IN).toBeLessThan(2);
  });
  it('two buildings take all four stands; entering cost half the move (6" of 12")', () => {
    const { r, events } = march(34, 38, 2);
    expect(inside(r.unit)).toBe(4);
    expect(r.blocked).toBeUndefined();
    const delay = events.find((e) => e.type === 'TerrainDelay') as { delayIn?: number } | undefined;
    expect(delay?.delayIn).toBeCloseTo(6, 5);
  });
  it('a narrow building takes the two stands that reach it; the others stay outside beside it', () => {
    const { r } = march(35, 37, 1);
    expect(r.unit.stands.filter((s) => s.centre.x > 35 * IN && s.centre.x < 37 * IN && s.centre.y > 21 * IN).length).toBe(2);
    expect(r.blocked).toBeUndefined();
  });
  it('a village that does not say holds one building per 9 square inches, 2 stands each', () => {
    const village = { id: 'v', kind: 'village', name: 'V', polygon: [{ x: 0, y: 0 }, { x: 6 * IN, y: 0 }, { x: 6 * IN, y: 6 * IN }, { x: 0, y: 6 * IN }], props: {} } as unknown as TerrainFeature;
    expect(buildingCapacity(village)).toBe(8);
  });
});

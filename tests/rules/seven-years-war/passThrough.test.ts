/**
 * SYW §4 Movement through friendly units, NB p.10: "If a unit ends its movement partially through
 * another unit, each stand may make the minimum movement necessary to be placed alongside the
 * interpenetrated unit. This means the penetrating unit may end placed split on either side of the
 * interpenetrated unit. All future movement of this split unit is measured from the front element, and
 * must be made before the Interpenetrated units next movement".
 */
import { describe, it, expect } from 'vitest';
import { battle, setOrder, advanceTo, apply, rejection, type U, type St } from './build';
import { standsOverlap } from '../../../src/geometry/units';

// Blue light infantry (2 stands, x 860-940, y 180-200) behind a blue battalion (x 820-980, y 285-300), all facing +y.
const li: U = { id: 'blue-li', side: 'blue', type: 'light-infantry', x: 900, y: 200, facingDeg: 90, n: 2, depth: 20 };
const line: U = { id: 'blue-2', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15 };
const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1100, facingDeg: -90, n: 4, depth: 15 };

const start = (units: U[] = [li, line, red]): St => advanceTo(setOrder(setOrder(battle(units), 'blue-li', 'reserve'), 'blue-2', 'reserve'), 'movement');
const unit = (s: St, id: string) => s.battle.units.find((u) => u.id === id)!;

describe('§4 p.10 NB: a move that ends part way through friends', () => {
  it('is no longer refused: each stand steps the least distance alongside, the unit ends split on either side', () => {
    // 10cm forward: the lights would end at y 280-300, on the battalion's stands (285-300).
    const r = apply(start(), { type: 'moveGroup', side: 'blue', group: 'blue-li', legs: [{ kind: 'forward', mm: 100 }] });
    const st = unit(r.state, 'blue-li').stands;
    const xs = st.map((x) => x.centre.x).sort((a, b) => a - b);
    // 860-900 is nearer the battalion's x=820 flank (8cm), 900-940 its x=980 flank (8cm).
    expect(xs[0]).toBeCloseTo(800, 0);
    expect(xs[1]).toBeCloseTo(1000, 0);
    for (const x of st) expect(x.centre.y).toBeCloseTo(290, 6);
    for (const x of st) for (const t of unit(r.state, 'blue-2').stands) expect(standsOverlap(x, t)).toBe(false);
    expect(unit(r.state, 'blue-li').extra.sywSplitThrough).toBe('blue-2');
    expect(r.events.some((e) => e.type === 'UnitSplit')).toBe(true);
    // The interpenetration table still applies (light and massed: both to Reserve).
    expect(r.events.some((e) => e.type === 'UnitsInterpenetrated')).toBe(true);
  });
  it('the split unit must re-form before it moves again, and before the interpenetrated unit moves', () => {
    const s = apply(start(), { type: 'moveGroup', side: 'blue', group: 'blue-li', legs: [{ kind: 'forward', mm: 100 }] }).state;
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'blue-li', legs: [{ kind: 'forward', mm: 20 }] })).toBe('split');
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'blue-2', legs: [{ kind: 'forward', mm: 20 }] })).toBe('split-through');
    const r = apply(s, { type: 'dressGroup', side: 'blue', group: 'blue-li' });
    const st = unit(r.state, 'blue-li').stands;
    // Re-formed in line on its front element, clear of the battalion, at no cost (measured from the front element).
    expect(Math.abs(st[0]!.centre.x - st[1]!.centre.x)).toBeCloseTo(40, 6);
    for (const x of st) for (const t of unit(r.state, 'blue-2').stands) expect(standsOverlap(x, t)).toBe(false);
    expect(unit(r.state, 'blue-li').extra.sywSplitThrough).toBeUndefined();
    expect(r.state.ruleset.groups['blue-li']!.movedMm).toBeCloseTo(s.ruleset.groups['blue-li']!.movedMm, 6);
    expect(rejection(r.state, { type: 'moveGroup', side: 'blue', group: 'blue-2', legs: [{ kind: 'forward', mm: 20 }] })).toBe('accepted');
    expect(rejection(r.state, { type: 'moveGroup', side: 'blue', group: 'blue-li', legs: [{ kind: 'forward', mm: 20 }] })).toBe('accepted');
  });
  it('what the interpenetration table forbids stays forbidden: massed ending part way through massed', () => {
    const massed: U = { ...line, id: 'blue-3', y: 200 };
    const s = advanceTo(setOrder(setOrder(battle([massed, line, red]), 'blue-3', 'reserve'), 'blue-2', 'reserve'), 'movement');
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'blue-3', legs: [{ kind: 'forward', mm: 95 }] })).toBe('massed-through-massed');
  });
  it('ending on enemy is still refused', () => {
    const near: U = { ...red, x: 900, y: 290 };
    const s = advanceTo(setOrder(battle([li, near]), 'blue-li', 'reserve'), 'movement');
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'blue-li', legs: [{ kind: 'forward', mm: 100 }] })).toBe('overlap');
  });
});

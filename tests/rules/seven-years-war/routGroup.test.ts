/**
 * Routing groups keep together. 7 Rout p.15: "Routing units need not retain strict formations, but
 * must retain at least 1 corner-to-corner, or edge-to-edge contact between all of its stands, and
 * units"; p.16 "NB: Routers and Pursuers always act in groups"; (3) Rout p.8 "Stands may be moved as
 * separate units in Rout, to enable them to pass through gaps etc, but they must retain contact".
 */
import { describe, it, expect } from 'vitest';
import { battle, setOrder, scriptedCtx, type U } from './build';
import { Work } from '../../../src/rules/seven-years-war/work';
import { standsOverlap } from '../../../src/geometry/units';
import { unitDistance } from '../../../src/geometry/measure';
import { pt } from '../../../src/geometry/types';
import { startRout, routMove } from '../../../src/rules/seven-years-war/forcedMoves';

// A red group of two cavalry regiments (2 squadrons, 80mm each) routing home (+y), 1cm apart:
// red-1 x 860-940, red-2 x 950-1030, front edge y = 600 (stands 570-600).
const red1: U = { id: 'red-1', side: 'red', type: 'medium-cavalry', x: 900, y: 600, facingDeg: 90, n: 2, depth: 30 };
const red2: U = { ...red1, id: 'red-2', x: 990 };
// Blue cavalry 5cm ahead (y 650-680), facing up; `x` is the centre of an 80mm line.
const horse = (id: string, x: number): U => ({ id, side: 'blue', type: 'medium-cavalry', x, y: 650, facingDeg: -90, n: 2, depth: 30 });
const ROUT_MM = 320; // medium cavalry 30cm + 2cm (p.8)

function rout(blue: U[], faces: number[] = []) {
  const s = setOrder(battle([red1, red2, ...blue], { groups: [{ id: 'rg', units: ['red-1', 'red-2'] }] }), 'rg', 'rout');
  const { ctx, events } = scriptedCtx(s, faces);
  const w = new Work(s, ctx);
  return { s, w, events: events as { type: string; unit?: string; behind?: string | null }[] };
}
const gapMm = (w: Work) => unitDistance(w.unit('red-1')!.stands, w.unit('red-2')!.stands);

describe('7 p.15-16: a routing group moves as one body', () => {
  it('unhindered, both units make the same rout move and keep their 1cm spacing', () => {
    const { w } = rout([horse('blue-far', 300)]);
    routMove(w, 'rg', Math.PI / 2, ROUT_MM);
    for (const id of ['red-1', 'red-2']) expect(Math.max(...w.unit(id)!.stands.map((x) => x.centre.y))).toBeCloseTo(585 + ROUT_MM, 6);
    expect(gapMm(w)).toBeCloseTo(10, 6);
  });
  it('one unit blocked by enemy while the other\'s way is open: the group goes on as one column, red-2 following red-1 in contact', () => {
    // Enemy ahead of red-2 only (x 950-1110); red-1's way (860-940) is open.
    const { w } = rout([horse('blue-x', 990), horse('blue-y', 1070)]);
    routMove(w, 'rg', Math.PI / 2, ROUT_MM);
    expect(w.unitState('red-2')!.surrendered).toBe(false);
    expect(Math.min(...w.unit('red-1')!.stands.map((x) => x.centre.y))).toBeGreaterThan(Math.max(...w.unit('red-2')!.stands.map((x) => x.centre.y)));
    expect(gapMm(w)).toBeLessThanOrEqual(1.5);
    // Under the old unit-by-unit rout red-1 went its full 32cm and red-2 was left behind: no longer.
    expect(Math.max(...w.unit('red-1')!.stands.map((x) => x.centre.y))).toBeLessThan(585 + ROUT_MM);
  });
  it('the free 180 degree turn (7 p.15) is made by the group about its centre, so the units stay 1cm apart', () => {
    const { w } = rout([horse('blue-far', 300)], [5]);
    // Broken by enemy below them (+y): they turn to face up the table and rout (first move 30 + D10 = 35cm).
    startRout(w, 'rg', pt(945, 900), 'test');
    for (const id of ['red-1', 'red-2']) for (const st of w.unit(id)!.stands) expect(Math.sin(st.facing)).toBeCloseTo(-1, 6);
    expect(gapMm(w)).toBeCloseTo(10, 6);
  });
});

describe('(3) Rout p.8 with 7 p.15: a routing group threads a gap as one column, unit after unit', () => {
  // Enemy at x 790-870, 930-1010 and 1010-1090: the only way through is the 6cm gap 870-930.
  const wall = [horse('blue-l', 830), horse('blue-r', 970), horse('blue-x', 1050)];
  it('all four squadrons go through the gap on one lane, red-1 leading, each stand touching the next', () => {
    const { w, events } = rout(wall);
    routMove(w, 'rg', Math.PI / 2, ROUT_MM);
    expect(w.unitState('red-1')!.surrendered).toBe(false);
    expect(w.unitState('red-2')!.surrendered).toBe(false);
    const all = [...w.unit('red-1')!.stands, ...w.unit('red-2')!.stands];
    const xs = all.map((x) => x.centre.x);
    for (const x of xs) expect(x).toBeCloseTo(xs[0]!, 6);
    expect(xs[0]! - 20).toBeGreaterThanOrEqual(870 - 1e-6);
    expect(xs[0]! + 20).toBeLessThanOrEqual(930 + 1e-6);
    const ys = all.map((x) => x.centre.y).sort((a, b) => a - b);
    for (let i = 1; i < ys.length; i++) expect(ys[i]! - ys[i - 1]!).toBeCloseTo(30, 6);
    // red-1 at the head, red-2 behind it, edge to edge: the units keep contact.
    expect(Math.min(...w.unit('red-1')!.stands.map((x) => x.centre.y))).toBeGreaterThan(Math.max(...w.unit('red-2')!.stands.map((x) => x.centre.y)));
    expect(gapMm(w)).toBeLessThanOrEqual(1.5);
    for (const x of all) for (const e of wall.flatMap((h) => w.unit(h.id)!.stands)) expect(standsOverlap(x, e)).toBe(false);
    expect(events.filter((e) => e.type === 'RoutersThreadedGap').map((e) => [e.unit, e.behind])).toEqual([['red-1', null], ['red-2', 'red-1']]);
  });
  it('a 3cm gap cannot be threaded: the whole group surrenders together (7 p.15)', () => {
    const { w } = rout([horse('blue-l', 830), horse('blue-r', 940), horse('blue-x', 1020)]);
    routMove(w, 'rg', Math.PI / 2, ROUT_MM);
    expect(w.unitState('red-1')!.surrendered).toBe(true);
    expect(w.unitState('red-2')!.surrendered).toBe(true);
    expect(gapMm(w)).toBeCloseTo(10, 6);
  });
});

/**
 * SYW (3) Rout p.8: "Stands may be moved as separate units in Rout, to enable them to pass through gaps
 * etc, but they must retain contact with each other, even just corner to corner while routing";
 * 7 p.15: routers blocked by enemy surrender.
 */
import { describe, it, expect } from 'vitest';
import { battle, setOrder, scriptedCtx, type U } from './build';
import { Work } from '../../../src/rules/seven-years-war/work';
import { standsOverlap } from '../../../src/geometry/units';
import { routMove } from '../../../src/rules/seven-years-war/forcedMoves';
import { planThread } from '../../../src/rules/seven-years-war/routGaps';
import fc from 'fast-check';

// Red battalion routing home (down the table, +y): 4 stands x 820-980, front edge y = 600 (stands 585-600).
const router: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 600, facingDeg: 90, n: 4, depth: 15 };
// Blue cavalry 5cm ahead of it (y 650-680), facing up; `x` is the centre of a 2-squadron (80mm) line.
const horse = (id: string, x: number): U => ({ id, side: 'blue', type: 'medium-cavalry', x, y: 650, facingDeg: -90, n: 2, depth: 30 });
const ROUT_MM = 220; // medium infantry 20cm + 2cm (p.8)

function rout(left: number, right: number) {
  const s = setOrder(battle([router, horse('blue-l', left), horse('blue-r', right)]), 'red-1', 'rout');
  const { ctx, events } = scriptedCtx(s, []);
  const w = new Work(s, ctx);
  routMove(w, 'red-1', Math.PI / 2, ROUT_MM);
  return { w, events: events as { type: string; advanceMm?: number }[] };
}

describe('(3) Rout p.8: routers thread a gap stand by stand', () => {
  it('a 6cm gap (narrower than the 16cm unit, wider than a 4cm stand) is passed in a one-stand column', () => {
    // blue-l spans x 790-870, blue-r 930-1010: the gap is 870-930.
    const { w, events } = rout(830, 970);
    const st = w.unit('red-1')!.stands;
    expect(w.unitState('red-1')!.surrendered).toBe(false);
    // One stand wide: every stand on one lane inside the gap, facing the route.
    const xs = st.map((x) => x.centre.x);
    for (const x of xs) expect(x).toBeCloseTo(xs[0]!, 6);
    expect(xs[0]! - 20).toBeGreaterThanOrEqual(870 - 1e-6);
    expect(xs[0]! + 20).toBeLessThanOrEqual(930 + 1e-6);
    // Still in contact with each other (edge to edge, one behind the other).
    const ys = st.map((x) => x.centre.y).sort((a, b) => a - b);
    for (let i = 1; i < ys.length; i++) expect(ys[i]! - ys[i - 1]!).toBeCloseTo(15, 6);
    // Through the gap: the head is past the cavalry (y 680), at least half its move on.
    expect(Math.max(...ys) + 7.5).toBeGreaterThan(680);
    const ev = events.find((e) => e.type === 'RoutersThreadedGap');
    expect(ev?.advanceMm).toBeGreaterThanOrEqual(ROUT_MM / 2);
    // No stand ends on or passed through the enemy.
    for (const x of st) for (const e of [...w.unit('blue-l')!.stands, ...w.unit('blue-r')!.stands]) expect(standsOverlap(x, e)).toBe(false);
    expect(w.unit('red-1')!.formation).toBe('column');
  });
  it('a 3cm gap is narrower than a stand: the routers are blocked by enemy and surrender (7 p.15)', () => {
    // blue-r spans 900-980: the gap is 870-900.
    const { w, events } = rout(830, 940);
    expect(w.unitState('red-1')!.surrendered).toBe(true);
    expect(events.some((e) => e.type === 'RoutersThreadedGap')).toBe(false);
    // The body move stopped short of the cavalry, formation unchanged.
    expect(new Set(w.unit('red-1')!.stands.map((x) => Math.round(x.centre.y))).size).toBe(1);
  });
  it('with no enemy in the way the unit routs as one body (no threading)', () => {
    const { w, events } = rout(330, 1470);
    expect(w.unitState('red-1')!.surrendered).toBe(false);
    expect(events.some((e) => e.type === 'RoutersThreadedGap')).toBe(false);
    const ys = new Set(w.unit('red-1')!.stands.map((x) => Math.round(x.centre.y)));
    expect([...ys]).toEqual([Math.round(592.5 + ROUT_MM)]);
  });
  it('a gap 41mm wide, one lane in a millimetre, is found: the lanes are solved, not tried every 5mm', () => {
    // blue-l spans 791-871, blue-r 912-992: the column's lane must put its 40mm stands between 871 and 912,
    // centres 891-892, where no lane on a 5mm step (x = 890, 895) fits.
    const { w, events } = rout(831, 952);
    expect(w.unitState('red-1')!.surrendered).toBe(false);
    const xs = w.unit('red-1')!.stands.map((x) => x.centre.x);
    expect(xs[0]! - 20).toBeGreaterThanOrEqual(871 - 1e-6);
    expect(xs[0]! + 20).toBeLessThanOrEqual(912 + 1e-6);
    expect(events.some((e) => e.type === 'RoutersThreadedGap')).toBe(true);
  });
});

describe('(3) Rout p.8: the lane chosen is the best of every lane (against a brute force over lanes 0.1mm apart)', () => {
  it('no lane gets the head further (property)', () => {
    let compared = 0;
    fc.assert(fc.property(fc.integer({ min: 700, max: 900 }), fc.integer({ min: 40, max: 90 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 40 }), (leftX, gap, stagger, deeper) => {
      // Two enemy lines with a gap between them, the right one further on by `stagger`, a friend `deeper` behind the gap.
      const l: U = { id: 'blue-l', side: 'blue', type: 'medium-cavalry', x: leftX, y: 650, facingDeg: -90, n: 2, depth: 30 };
      const r: U = { id: 'blue-r', side: 'blue', type: 'medium-cavalry', x: leftX + 80 + gap, y: 650 + stagger, facingDeg: -90, n: 2, depth: 30 };
      const f: U = { id: 'red-2', side: 'red', type: 'medium-infantry', x: leftX + 40 + gap / 2, y: 760 + deeper, facingDeg: 90, n: 3, depth: 15 };
      const s = setOrder(battle([router, l, r, f]), 'red-1', 'rout');
      const { ctx } = scriptedCtx(s, []);
      const w = new Work(s, ctx);
      const start = w.unit('red-1')!.stands;
      const exact = planThread(w, 'red-1', start, Math.PI / 2, ROUT_MM);
      // Lanes are −x here (the route runs +y): across the frontage and a base beyond either flank.
      const lanes = Array.from({ length: 2401 }, (_, i) => -1000 + i * 0.1);
      const brute = planThread(w, 'red-1', start, Math.PI / 2, ROUT_MM, { onlyLanes: lanes });
      if (!brute) return;
      compared += 1;
      expect(exact).not.toBeNull();
      expect(exact!.offTable || !brute.offTable).toBe(true);
      if (exact!.offTable === brute.offTable) expect(exact!.advanceMm).toBeGreaterThanOrEqual(brute.advanceMm - 1e-6);
    }), { numRuns: 25 });
    expect(compared).toBeGreaterThan(10);
  }, 120_000);
});


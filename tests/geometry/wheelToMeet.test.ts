import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { leastWheelToMeet, trigLinearRoots } from '../../src/geometry/wheelReach';
import { unitFrame } from '../../src/geometry/frame';
import { wheelUnit } from '../../src/geometry/units';
import { traceMove } from '../../src/geometry/moveCore';
import { atan2, asin, cos, sin } from '../../src/geometry/math';
import type { StandFootprint } from '../../src/geometry/types';
import { mm } from '../../src/geometry/types';
import { line, stand } from './helpers';
import { leastWheelToMeetPlain } from './plain';

/** Through the core, as a ruleset would: wheel by φ (movement.ts `wheel`), then straight ahead for what is left. */
function coreMeets(stands: readonly StandFootprint[], target: readonly StandFootprint[], phi: number, reachMm: number, lossPerRad: number): boolean {
  const frame = unitFrame(stands);
  const run = reachMm - lossPerRad * Math.abs(phi);
  if (run < 0) return false;
  const w = wheelUnit({ stands }, phi, frame).unit.stands;
  const h = frame.facing + phi;
  return traceMove(w, [{ kind: 'translate', dx: cos(h) * run, dy: sin(h) * run, distanceMm: run }], { others: [{ id: 't', stands: target }] }).meetings.length > 0;
}
const narrowed = (ss: readonly StandFootprint[], m: number) => ss.map((s) => ({ ...s, widthMm: mm(s.widthMm - 2 * m) }));

describe('the least wheel after which a straight path meets a unit', () => {
  // One 40×20 stand at the origin facing +x (front edge x = 10, front-right corner (10, 20)); a 10 mm
  // target centred (200, 100). Wheeling right about (10, 20), the path's right flank first reaches the
  // target's corner (205, 95): tan φ = 75 / 195.
  const mover = [stand(0, 0, 0)];
  const target = [stand(200, 100, 0, 10, 10)];
  const frame = unitFrame(mover);

  it('touching counts only with overlap: the flank line through the corner, solved in closed form', () => {
    const exact = atan2(75, 195);
    const graze = leastWheelToMeet(mover, target, { frame, headingRad: 0, maxRad: Math.PI / 4, reachMm: 1000 })!;
    expect(graze).toBeCloseTo(exact, 12);
    // 21.04°, where 5° steps would have said 25°.
    expect(Math.abs((graze * 180) / Math.PI - 25)).toBeGreaterThan(3);
    // With 1.5 mm of overlap asked: the flank line 1.5 mm inside: 195 sin φ − 75 cos φ = 1.5.
    const overlap = leastWheelToMeet(mover, target, { frame, headingRad: 0, maxRad: Math.PI / 4, reachMm: 1000, overlapMm: 1.5 })!;
    expect(overlap).toBeCloseTo(exact + asin(1.5 / Math.sqrt(195 * 195 + 75 * 75)), 12);
  });

  it('a charge whose wheel uses up its distance: reach and arc together (a root of a trigonometric and linear equation)', () => {
    // A target straight ahead but off to the right; the reach is short, so the end of the run decides.
    const t = [stand(140, 60, 0, 40, 20)];
    const k = 2 * 40; // outer arc of a 40 mm front counting double
    const a = leastWheelToMeet(mover, t, { frame, headingRad: 0, maxRad: Math.PI / 4, reachMm: 150, lossPerRad: k })!;
    expect(a).toBeGreaterThan(0);
    expect(coreMeets(mover, t, a + 1e-7, 150, k)).toBe(true);
    expect(coreMeets(mover, t, a - 1e-6, 150, k)).toBe(false);
  });

  it('no wheel when the target is ahead; none at all when it is out of reach or beyond the widest wheel', () => {
    expect(leastWheelToMeet(mover, [stand(200, 0)], { frame, headingRad: 0, maxRad: Math.PI / 4, reachMm: 1000 })).toBe(0);
    expect(leastWheelToMeet(mover, [stand(200, 0)], { frame, headingRad: 0, maxRad: Math.PI / 4, reachMm: 100 })).toBeUndefined();
    expect(leastWheelToMeet(mover, [stand(0, 300)], { frame, headingRad: 0, maxRad: Math.PI / 4, reachMm: 1000 })).toBeUndefined();
    // Left (anticlockwise on screen) when the target is to the left.
    expect(leastWheelToMeet(mover, [stand(200, -100, 0, 10, 10)], { frame, headingRad: 0, maxRad: Math.PI / 4, reachMm: 1000 })!).toBeCloseTo(-atan2(75, 195), 12);
  });

  it('finds every root of a trigonometric-and-linear function, however close together (against a fine scan)', () => {
    fc.assert(fc.property(
      fc.double({ min: -100, max: 100, noNaN: true }), fc.double({ min: -100, max: 100, noNaN: true }), fc.double({ min: -100, max: 100, noNaN: true }),
      fc.double({ min: -2, max: 2, noNaN: true }), fc.double({ min: -2, max: 2, noNaN: true }), fc.double({ min: 0, max: 200, noNaN: true }), fc.constantFrom(1 as const, -1 as const),
      (A, B, C, P, Q, k, sign) => {
        const R0 = 150, theta = Math.PI / 4;
        const f = (th: number) => A * cos(sign * th) + B * sin(sign * th) + C + (R0 - k * th) * (P * cos(sign * th) + Q * sin(sign * th));
        const roots: number[] = [];
        trigLinearRoots({ A, B, C, P, Q, E: 0 }, sign, R0, k, theta, roots);
        for (const r of roots) expect(Math.abs(f(r))).toBeLessThan(1e-6);
        // Every sign change on a fine scan has a root within its step.
        const N = 4000;
        for (let i = 0; i < N; i++) {
          const a = (theta * i) / N, b = (theta * (i + 1)) / N;
          if (f(a) * f(b) < 0) expect(roots.some((r) => r >= a - 1e-12 && r <= b + 1e-12)).toBe(true);
        }
      },
    ), { numRuns: 300 });
  }, 60_000);

  it('is the least angle the core finds by a fine brute force, for lines and targets anywhere (property)', () => {
    const seen = [0, 0, 0];
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 4 }), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
      fc.integer({ min: 1, max: 3 }), fc.integer({ min: -300, max: 300 }), fc.integer({ min: 20, max: 400 }), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
      fc.integer({ min: 100, max: 500 }), fc.constantFrom(0, 80, 160), fc.constantFrom(0, 1.5),
      (n, facing, tn, across, ahead, tFacing, reachMm, lossPerRad, overlapMm) => {
        const mv = line(n, 500, 500, facing);
        const fr = unitFrame(mv);
        const f = { x: cos(facing), y: sin(facing) }, r = { x: -f.y, y: f.x };
        const tgt = line(tn, 500 + f.x * ahead + r.x * across, 500 + f.y * ahead + r.y * across, tFacing);
        // Keep to targets clear of the mover where it stands.
        if (coreMeets(mv, tgt, 0, 0, 0)) return;
        const maxRad = Math.PI / 4;
        const got = leastWheelToMeet(mv, tgt, { frame: fr, headingRad: fr.facing, maxRad, reachMm, lossPerRad, overlapMm });
        const probe = narrowed(mv, overlapMm);
        // The narrowed stands wheel about the full front's corners: the probe takes the mover's frame.
        const meetsAs = (phi: number) => {
          const run = reachMm - lossPerRad * Math.abs(phi);
          if (run < 0) return false;
          const w = wheelUnit({ stands: probe }, phi, fr).unit.stands;
          const h = fr.facing + phi;
          return traceMove(w, [{ kind: 'translate', dx: cos(h) * run, dy: sin(h) * run, distanceMm: run }], { others: [{ id: 't', stands: tgt }] }).meetings.length > 0;
        };
        const N = 900;
        let brute: number | undefined;
        for (let i = 0; i <= N && brute === undefined; i++) {
          const a = (maxRad * i) / N;
          if (meetsAs(a)) brute = a; else if (meetsAs(-a)) brute = -a;
        }
        seen[got === undefined ? 0 : got === 0 ? 1 : 2]! += 1;
        if (got === undefined) { expect(brute).toBeUndefined(); return; }
        // Nothing earlier than the answer meets, by more than rounding...
        if (brute !== undefined) expect(Math.abs(brute)).toBeGreaterThanOrEqual(Math.abs(got) - 1e-9);
        // ...and just past it the path does meet (unless the meeting is a single grazing angle).
        const past = got + Math.sign(got || 1) * 1e-7;
        const pastOther = got - 1e-7;
        expect(meetsAs(past) || meetsAs(got) || (got === 0 && meetsAs(pastOther)) || brute === undefined).toBe(true);
        if (brute !== undefined) expect(Math.abs(brute) - Math.abs(got)).toBeLessThanOrEqual(maxRad / N + 1e-9);
      },
    ), { numRuns: 120 });
    // The cases were not all empty: some need no wheel, some a wheel, some cannot meet.
    expect(seen.every((c) => c > 5)).toBe(true);
  }, 60_000);
  it('gives the angle every root bisected and sorted gives, to the bit, bisecting only the roots it needs (property)', () => {
    let met = 0;
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 2 }), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
      fc.integer({ min: 1, max: 4 }), fc.integer({ min: -300, max: 300 }), fc.integer({ min: 0, max: 400 }), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
      fc.integer({ min: 0, max: 600 }), fc.constantFrom(0, 40, 80, 160), fc.constantFrom(0, 0.5, 1.5), fc.constantFrom(1 as const, -1 as const), fc.boolean(),
      (n, ranks, facing, tn, across, ahead, tFacing, reachMm, lossPerRad, overlapMm, prefer, mirrored) => {
        const mv = line(n, 500, 500, facing, ranks);
        const fr = unitFrame(mv);
        const f = { x: cos(facing), y: sin(facing) }, r = { x: -f.y, y: f.x };
        // A target and, sometimes, its mirror image across the mover's line of advance: the same root on both sides.
        const at = (side: number) => line(tn, 500 + f.x * ahead + r.x * across * side, 500 + f.y * ahead + r.y * across * side, tFacing);
        const tgt = mirrored ? [...at(1), ...at(-1)] : at(1);
        const o = { frame: fr, headingRad: fr.facing, maxRad: Math.PI / 4, reachMm, lossPerRad, overlapMm, prefer };
        const fast = leastWheelToMeet(mv, tgt, o);
        const plain = leastWheelToMeetPlain(mv, tgt, o);
        if (fast !== undefined) met++;
        expect(Object.is(fast, plain)).toBe(true);
      },
    ), { numRuns: 200 });
    expect(met).toBeGreaterThan(20);
  }, 60_000);
});

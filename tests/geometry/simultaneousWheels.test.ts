/**
 * The race of simultaneous moves (geometry `raceMoves`) when plans turn (a wheel: a rotate leg),
 * and its halt on coming within a distance (`within`, NW §21's Engagement Range halt): both are
 * solved by the core (motionEvents.ts), not bisected at slice ends.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { raceMoves, type RaceMover } from '../../src/geometry/simultaneous';
import { standsAtDistance, type Leg } from '../../src/geometry/movement';
import { unitDistance } from '../../src/geometry/measure';
import { footprintGroupsOverlap } from '../../src/geometry/overlap';
import { standCorners } from '../../src/geometry/footprint';
import { cos, sin, atan2 } from '../../src/geometry/math';
import { pt, type StandFootprint } from '../../src/geometry/types';
import { stand } from './helpers';

/** A wheel of `angle` about `pivot`, charged the arc of the farthest corner. */
const wheelLeg = (stands: readonly StandFootprint[], pivot: { x: number; y: number }, angle: number): Leg => {
  let r = 0;
  for (const s of stands) for (const c of standCorners(s)) r = Math.max(r, Math.hypot(c.x - pivot.x, c.y - pivot.y));
  return { kind: 'rotate', pivot: pt(pivot.x, pivot.y), angle, distanceMm: r * Math.abs(angle) };
};

/** The first of n + 1 evenly spaced moments at which `holds`, by brute force. */
function firstSampled(n: number, holds: (f: number) => boolean): number | undefined {
  for (let i = 0; i <= n; i++) if (holds(i / n)) return i / n;
  return undefined;
}

describe('The race meets what a wheeling unit clips inside one slice', () => {
  it('a stand wheeling 90° about its rear-left corner clips a small stand at 60° and is clear of it again by the slice\'s end', () => {
    // Pivot at the origin; the stand from x 10 to 50 and y −10 to 10, facing east (20 wide, 40 deep).
    const a = stand(30, 0, 0, 20, 40);
    const far = Math.hypot(50, 10); // its outer corners' radius about the pivot
    // A 6 mm square whose inner corner sits 0.5 mm inside the outer corners' circle, at 60° round.
    const phi = Math.PI / 3;
    const inner = far - 0.5;
    const b = stand((inner + 3 * Math.SQRT2) * cos(phi), (inner + 3 * Math.SQRT2) * sin(phi), phi + Math.PI / 4, 6, 6);
    const leg = wheelLeg([a], { x: 0, y: 0 }, Math.PI / 2);
    const r = raceMoves([{ id: 'a', stands: [a], legs: [leg] }], { others: [{ id: 'b', stands: [b] }], slices: 1 });
    // At the end of the slice (90° round) the mover is well clear of b: sampling the slice's end misses it.
    expect(footprintGroupsOverlap(standsAtDistance([a], [leg], leg.distanceMm), [b], 1e-6)).toBe(false);
    expect(r[0]!.stop).toMatchObject({ reason: 'contact', by: 'b' });
    // Stopped touching, and overlapping a hair further round.
    expect(unitDistance(r[0]!.stands, [b])).toBeLessThan(1e-6);
    expect(footprintGroupsOverlap(standsAtDistance([a], [leg], r[0]!.distanceMm + 1e-3), [b], 1e-6)).toBe(true);
    // Before it, never overlapping (a fine brute force).
    const first = firstSampled(20000, (f) => footprintGroupsOverlap(standsAtDistance([a], [leg], f * leg.distanceMm), [b], 1e-6));
    expect(first).toBeDefined();
    expect(r[0]!.fraction).toBeLessThanOrEqual(first!);
    expect(r[0]!.fraction).toBeGreaterThan(first! - 1 / 20000);
  });

  const arbStand = fc.record({
    x: fc.integer({ min: -120, max: 120 }), y: fc.integer({ min: -120, max: 120 }), f: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
    w: fc.integer({ min: 10, max: 50 }), d: fc.integer({ min: 10, max: 30 }),
  });
  const arbPlan = fc.record({
    px: fc.integer({ min: -80, max: 80 }), py: fc.integer({ min: -80, max: 80 }), angle: fc.double({ min: -1.5, max: 1.5, noNaN: true }),
    dx: fc.integer({ min: -150, max: 150 }), dy: fc.integer({ min: -150, max: 150 }),
  });
  const plan = (s: StandFootprint[], p: { px: number; py: number; angle: number; dx: number; dy: number }): Leg[] => {
    const w = wheelLeg(s, { x: s[0]!.centre.x + p.px, y: s[0]!.centre.y + p.py }, p.angle);
    return [w, { kind: 'translate', dx: p.dx, dy: p.dy, distanceMm: Math.hypot(p.dx, p.dy) }];
  };
  const sA = (a: { x: number; y: number; f: number; w: number; d: number }) => [stand(a.x - 150, a.y, a.f, a.w, a.d)];
  const sB = (b: { x: number; y: number; f: number; w: number; d: number }) => [stand(b.x + 150, b.y, b.f, b.w, b.d)];

  it('two units that wheel, then march, meet at the first moment they overlap (against a 20,000-step brute force, property)', () => {
    fc.assert(fc.property(arbStand, arbStand, arbPlan, arbPlan, (a0, b0, pa, pb) => {
      const a = sA(a0), b = sB(b0);
      if (footprintGroupsOverlap(a, b, 1e-6)) return;
      const la = plan(a, pa), lb = plan(b, pb);
      const ma: RaceMover = { id: 'a', stands: a, legs: la }, mb: RaceMover = { id: 'b', stands: b, legs: lb };
      const ra = la.reduce((x, l) => x + l.distanceMm, 0), rb = lb.reduce((x, l) => x + l.distanceMm, 0);
      const r = raceMoves([ma, mb], { slices: 3, contact: 'both' });
      const overlapAt = (f: number) => footprintGroupsOverlap(standsAtDistance(a, la, ra * f), standsAtDistance(b, lb, rb * f), 1e-6);
      const first = firstSampled(20000, overlapAt);
      if (r[0]!.stop === undefined) {
        expect(first).toBeUndefined();
        return;
      }
      // Never later than the brute force finds, and never before they are clear of each other.
      const f = r[0]!.fraction;
      if (first !== undefined) expect(f).toBeLessThanOrEqual(first + 1e-12);
      expect(overlapAt(f)).toBe(false);
      // A real contact: overlapping a little after (a brief clip may be shorter than the brute force's step).
      let after = false;
      for (let i = 1; i <= 2000 && !after; i++) after = overlapAt(Math.min(1, f + (i * 1e-3) / 2000));
      expect(after).toBe(true);
    }), { numRuns: 60 });
  }, 120_000);
});

describe('The race halts a unit the moment it comes within a distance (solved, not bisected)', () => {
  it('a wheeling stand halts the moment its outer corner comes within 25 mm of a long wall: closed form', () => {
    // Pivot at the origin; the stand from x 10 to 50, y −10 to 10, facing east; it wheels 90° clockwise on
    // screen (towards +y). The wall's near face is the line y = 40. The outer corner nearer the wall, at
    // radius √(50² + 10²) and angle atan(10/50) + φ, is within 25 mm of the wall when its y reaches 15.
    const a = stand(30, 0, 0, 20, 40);
    const wall = stand(0, 40 + 10, Math.PI / 2, 400, 20);
    const leg = wheelLeg([a], { x: 0, y: 0 }, Math.PI / 2);
    const r = raceMoves([{ id: 'a', stands: [a], legs: [leg] }], { within: { distanceMm: 25, of: () => [{ id: 'w', stands: [wall] }] }, slices: 4 });
    const R = Math.hypot(50, 10);
    const phi = Math.asin(15 / R) - atan2(10, 50);
    expect(r[0]!.stop).toMatchObject({ reason: 'halt', by: 'w' });
    expect(r[0]!.fraction * (Math.PI / 2)).toBeCloseTo(phi, 10);
    expect(unitDistance(r[0]!.stands, [wall])).toBeCloseTo(25, 9);
  });

  it('a unit passing within the distance and out again inside one slice halts (the slice\'s ends are both out of range)', () => {
    // A stand marching 600 mm east in one slice passes a post 30 mm north of its path: within 35 mm of it
    // only while it passes.
    const a = stand(0, 0, 0, 20, 20);
    const post = stand(300, -10 - 30 - 5, 0, 10, 10);
    const r = raceMoves([{ id: 'a', stands: [a], legs: [{ kind: 'translate', dx: 600, dy: 0, distanceMm: 600 }] }], { within: { distanceMm: 35, of: () => [{ id: 'p', stands: [post] }] }, slices: 1 });
    expect(r[0]!.stop).toMatchObject({ reason: 'halt', by: 'p' });
    // Its front-left corner (x + 10, −10) comes within 35 of the post's corner (295, −40): (x + 10 − 295)² + 30² = 35².
    expect(r[0]!.distanceMm).toBeCloseTo(295 - 10 - Math.sqrt(35 * 35 - 30 * 30), 9);
  });

  it('the ruleset\'s acceptance (sight) is asked where everyone then is; a refused unit within range is not a halt', () => {
    const a = stand(0, 0, 0, 20, 20);
    const post = stand(300, -45, 0, 10, 10);
    const mover = { id: 'a', stands: [a], legs: [{ kind: 'translate' as const, dx: 600, dy: 0, distanceMm: 600 }] };
    const r = raceMoves([mover], { within: { distanceMm: 35, of: () => [{ id: 'p', stands: [post] }], accept: () => false } });
    expect(r[0]!.stop).toBeUndefined();
    // Accepted only once the mover is past x = 290: halts there, found by bisection of the acceptance.
    const r2 = raceMoves([mover], { within: { distanceMm: 35, of: () => [{ id: 'p', stands: [post] }], accept: (_m, _o, _f, poseOf) => poseOf('a')![0]!.centre.x >= 290 } });
    expect(r2[0]!.stop).toMatchObject({ reason: 'halt', by: 'p' });
    expect(r2[0]!.distanceMm).toBeCloseTo(290, 3);
  });

  it('against a moving unit, both wheeling: the first moment within the distance (against a 20,000-step brute force, property)', () => {
    const arb = fc.record({
      ax: fc.integer({ min: -60, max: 60 }), ay: fc.integer({ min: -60, max: 60 }), af: fc.double({ min: -3, max: 3, noNaN: true }),
      bx: fc.integer({ min: -60, max: 60 }), by: fc.integer({ min: -60, max: 60 }), bf: fc.double({ min: -3, max: 3, noNaN: true }),
      wa: fc.double({ min: -1.2, max: 1.2, noNaN: true }), wb: fc.double({ min: -1.2, max: 1.2, noNaN: true }),
      dx: fc.integer({ min: 0, max: 200 }), dist: fc.integer({ min: 5, max: 60 }),
    });
    fc.assert(fc.property(arb, (p) => {
      const a = [stand(p.ax - 150, p.ay, p.af, 40, 20)], b = [stand(p.bx + 150, p.by, p.bf, 30, 15)];
      const la: Leg[] = [wheelLeg(a, { x: p.ax - 170, y: p.ay + 10 }, p.wa), { kind: 'translate', dx: p.dx, dy: 0, distanceMm: p.dx }];
      const lb: Leg[] = [wheelLeg(b, { x: p.bx + 160, y: p.by - 5 }, p.wb)];
      const ra = la.reduce((x, l) => x + l.distanceMm, 0), rb = lb[0]!.distanceMm;
      if (ra === 0 || rb === 0) return;
      const within = (f: number) => unitDistance(standsAtDistance(a, la, ra * f), standsAtDistance(b, lb, rb * f)) <= p.dist;
      const r = raceMoves([{ id: 'a', stands: a, legs: la }, { id: 'b', stands: b, legs: lb }], {
        slices: 2, within: { distanceMm: p.dist, of: (id) => (id === 'a' ? [{ id: 'b', stands: b }] : []) }, meets: () => 'ignore',
      });
      const first = firstSampled(20000, within);
      const stop = r[0]!.stop;
      if (!stop) { expect(first).toBeUndefined(); return; }
      expect(stop).toMatchObject({ reason: 'halt', by: 'b' });
      const f = r[0]!.fraction;
      if (first !== undefined) expect(f).toBeLessThanOrEqual(first + 1e-12);
      // At the moment found it is at the distance (or within it from the start), never further.
      expect(unitDistance(r[0]!.stands, standsAtDistance(b, lb, rb * f))).toBeLessThanOrEqual(p.dist + 1e-6);
      if (f > 0) expect(within(f - 1e-7)).toBe(false);
    }), { numRuns: 60 });
  }, 120_000);
});

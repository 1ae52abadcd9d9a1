import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { capsuleEntry, distanceToGap, firstClearOfGap, firstWithinGap } from '../../src/geometry/moveGap';
import { standsAtDistance, type Leg } from '../../src/geometry/movement';
import { unitDistance } from '../../src/geometry/measure';
import { pt } from '../../src/geometry/types';
import { stand } from './helpers';

const go = (dx: number, dy: number): Leg[] => [{ kind: 'translate', dx, dy, distanceMm: Math.hypot(dx, dy) }];

// A 40×20 stand facing +x at (100, 100): x in [90, 110], y in [80, 120].
const mover = [stand(100, 100, 0, 40, 20)];

describe('A point entering the band round an edge', () => {
  it('enters the flat of the band where it crosses the line g off the edge', () => {
    // Edge (0,0)-(100,0), g = 5; point at (50, 30) going straight down 100: y = 5 at t = 0.25.
    expect(capsuleEntry(50, 30, 0, -100, 0, 0, 100, 0, 5)).toBeCloseTo(0.25, 12);
  });
  it('enters round an end: a 3-4-5 triangle off the corner', () => {
    // Edge (0,0)-(0,-100); point at (3, 14) going down 20: within 5 of (0, 0) when y = 4, t = 0.5.
    expect(capsuleEntry(3, 14, 0, -20, 0, 0, 0, -100, 5)).toBeCloseTo(0.5, 12);
  });
  it('never enters when it passes wide', () => {
    expect(capsuleEntry(0, 10, 100, 0, 200, 0, 300, 0, 5)).toBe(Infinity);
  });
  it('is inside at once when it starts inside', () => {
    expect(capsuleEntry(50, 2, 0, 10, 0, 0, 100, 0, 5)).toBe(0);
  });
});

describe('A move comes within a gap of a body exactly where the gap closes', () => {
  it('straight ahead: the front edge comes 50 mm short of a square ahead', () => {
    // Front edge at x = 110; a square from x = 200: within 50 mm at 40 mm of the move.
    const hit = firstWithinGap(mover, go(200, 0), [{ id: 'a', stands: [stand(210, 100, 0, 20, 20)] }], 50);
    expect(hit?.atMm).toBeCloseTo(40, 9);
    expect(hit?.bodyId).toBe('a');
    expect(hit?.stand).toBe(0);
  });
  it('corner to corner: a 3-4-5 diagonal', () => {
    const m = [stand(20, 100, 0, 40, 20)];
    const hit = firstWithinGap(m, go(200, 0), [{ id: 'a', stands: [stand(160, 160, 0, 20, 20)] }], 50);
    // Corner (30, 120) → (150, 150) is (120, 30); within 50 when dx = 40: d = 80.
    expect(hit?.atMm).toBeCloseTo(80, 9);
  });
  it('a move passing by out of reach never comes within the gap', () => {
    expect(firstWithinGap(mover, go(300, 0), [{ id: 'a', stands: [stand(250, 300, 0, 20, 20)] }], 50)).toBeUndefined();
  });
  it('at the start: already within the gap is 0', () => {
    expect(firstWithinGap(mover, go(100, 0), [{ id: 'a', stands: [stand(140, 100, 0, 20, 20)] }], 50)?.atMm).toBe(0);
  });
  it('after a turn: a wheel then a straight leg, the hit on the straight leg is exact', () => {
    // Turn 90° about the centre (20 mm travel charged), then go +y 200: the long side now leads.
    const legs: Leg[] = [{ kind: 'rotate', pivot: pt(100, 100), angle: Math.PI / 2, distanceMm: 20 }, { kind: 'translate', dx: 0, dy: 200, distanceMm: 200 }];
    // Turned, the stand spans y 90..110 (x 80..120); a body from y = 250: within 50 after 90 mm more.
    const hit = firstWithinGap(mover, legs, [{ id: 'a', stands: [stand(100, 260, 0, 20, 20)] }], 50);
    expect(hit?.atMm).toBeCloseTo(110, 6);
  });
  it('names the body the gap closes on first, and the mover stand that reaches it', () => {
    const two = [stand(100, 100, 0, 40, 20), stand(100, 60, 0, 40, 20)];
    const hit = firstWithinGap(two, go(300, 0), [{ id: 'far', stands: [stand(300, 100, 0, 20, 20)] }, { id: 'near', stands: [stand(250, 40, 0, 20, 20)] }], 20);
    expect(hit?.bodyId).toBe('near');
    expect(hit?.stand).toBe(1);
    expect(hit?.atMm).toBeCloseTo(240 - 110 - 20, 9);
  });
});

const standArb = fc.record({ x: fc.double({ min: 0, max: 400, noNaN: true }), y: fc.double({ min: 0, max: 400, noNaN: true }), f: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), w: fc.double({ min: 5, max: 60, noNaN: true }), d: fc.double({ min: 5, max: 40, noNaN: true }) })
  .map((r) => stand(r.x, r.y, r.f, r.w, r.d));

describe('Property: the exact answer agrees with a brute-force search along the move', () => {
  it('straight and turning plans, any gap', () => {
    fc.assert(fc.property(
      fc.array(standArb, { minLength: 1, maxLength: 2 }), fc.array(standArb, { minLength: 1, maxLength: 3 }),
      fc.double({ min: -300, max: 300, noNaN: true }), fc.double({ min: -300, max: 300, noNaN: true }), fc.double({ min: -1.5, max: 1.5, noNaN: true }), fc.double({ min: 0, max: 80, noNaN: true }),
      (ms, body, dx, dy, turn, gap) => {
        const len = Math.hypot(dx, dy);
        const c = ms[0]!.centre;
        const legs: Leg[] = [{ kind: 'translate', dx, dy, distanceMm: len }, { kind: 'rotate', pivot: pt(c.x + dx, c.y + dy), angle: turn, distanceMm: Math.abs(turn) * 30 }];
        const total = len + Math.abs(turn) * 30;
        const hit = firstWithinGap(ms, legs, [{ id: 'b', stands: body }], gap);
        const gapAt = (x: number) => unitDistance(standsAtDistance(ms, legs, x), body);
        // Referee: every 0.05 mm of the plan.
        const n = Math.max(1, Math.ceil(total / 0.05));
        let first: number | undefined;
        for (let k = 0; k <= n; k++) { const x = (total * k) / n; if (gapAt(x) <= gap) { first = x; break; } }
        if (hit === undefined) {
          // Never within: no sample is within the gap by more than rounding.
          for (let k = 0; k <= n; k++) expect(gapAt((total * k) / n)).toBeGreaterThan(gap - 1e-6);
          return;
        }
        // Where it says, the gap has closed (to rounding); before it, no sample is inside by more than rounding.
        expect(gapAt(hit.atMm)).toBeLessThanOrEqual(gap + 1e-6);
        for (let k = 0; k <= n; k++) { const x = (total * k) / n; if (x < hit.atMm - 1e-9) expect(gapAt(x)).toBeGreaterThan(gap - 1e-6); }
        if (first !== undefined) expect(hit.atMm).toBeLessThanOrEqual(first + 1e-9);
      }), { numRuns: 150 });
  });
});

describe('A move away comes clear of a body by a gap exactly where the gap opens', () => {
  const away = (dx: number, dy: number) => ({ kind: 'translate' as const, dx, dy, distanceMm: Math.hypot(dx, dy) });
  it('straight back from base to base: clear by 100 mm after 100 mm', () => {
    // Mover x 90..110; body from x = 110 (touching). Going −x.
    expect(firstClearOfGap(mover, away(-300, 0), [{ id: 'a', stands: [stand(120, 100, 0, 20, 20)] }], 100)).toBeCloseTo(100, 9);
  });
  it('on a slant the gap does not grow with the distance: a 3-4-5 slide', () => {
    // Touching at the front (x = 110); moving (−3, 4)/5 the x gap is 0.6d and, past 37.5 mm, the y gap 0.8d − 30:
    // corner to corner (0.6d)² + (0.8d − 30)² = 30² gives d = 48, where a straight run of 30 would not do.
    expect(firstClearOfGap(mover, away(-180, 240), [{ id: 'a', stands: [stand(120, 100, 0, 20, 20)] }], 30)).toBeCloseTo(48, 9);
  });
  it('already clear is 0; never clear within the leg is undefined', () => {
    expect(firstClearOfGap(mover, away(-10, 0), [{ id: 'a', stands: [stand(300, 100, 0, 20, 20)] }], 50)).toBe(0);
    expect(firstClearOfGap(mover, away(-10, 0), [{ id: 'a', stands: [stand(120, 100, 0, 20, 20)] }], 50)).toBeUndefined();
  });
  it('property: agrees with a brute-force search along the slide', () => {
    fc.assert(fc.property(
      fc.array(standArb, { minLength: 1, maxLength: 2 }), fc.array(standArb, { minLength: 1, maxLength: 3 }),
      fc.double({ min: -300, max: 300, noNaN: true }), fc.double({ min: -300, max: 300, noNaN: true }), fc.double({ min: 0, max: 80, noNaN: true }),
      (ms, body, dx, dy, gap) => {
        fc.pre(Math.hypot(dx, dy) > 1);
        const leg = away(dx, dy);
        const at = firstClearOfGap(ms, leg, [{ id: 'b', stands: body }], gap);
        const gapAt = (x: number) => unitDistance(standsAtDistance(ms, [leg], x), body);
        const n = Math.ceil(leg.distanceMm / 0.1);
        if (at === undefined) { for (let k = 0; k <= n; k++) expect(gapAt((leg.distanceMm * k) / n)).toBeLessThan(gap + 1e-6); return; }
        expect(gapAt(at)).toBeGreaterThanOrEqual(gap - 1e-6);
        for (let k = 0; k <= n; k++) { const x = (leg.distanceMm * k) / n; if (x < at - 1e-9) expect(gapAt(x)).toBeLessThan(gap + 1e-6); }
      }), { numRuns: 60 });
  }, 60_000);
});

describe('Property: halting a gap short is the first distance at which the stands measure within the gap, to the last bit', () => {
  it('straight moves, glancing ones included', () => {
    fc.assert(fc.property(
      fc.array(standArb, { minLength: 1, maxLength: 2 }), fc.array(standArb, { minLength: 1, maxLength: 2 }),
      fc.double({ min: -300, max: 300, noNaN: true }), fc.double({ min: -300, max: 300, noNaN: true }), fc.double({ min: 0, max: 40, noNaN: true }),
      (ms, body, dx, dy, gap) => {
        const legs = go(dx, dy);
        const at = distanceToGap(ms, legs, body, gap);
        const within = (x: number) => unitDistance(standsAtDistance(ms, legs, x), body) <= gap;
        if (at === undefined) return;
        expect(within(at)).toBe(true);
        // One ulp sooner it is not yet within (unless it is at the start).
        if (at > 0) expect(within(at - Math.max(at, 1) * Number.EPSILON)).toBe(false);
        // And the solved entry is that place to rounding.
        expect(Math.abs(at - firstWithinGap(ms, legs, [{ id: 'b', stands: body }], gap)!.atMm)).toBeLessThan(1e-6);
      },
    ));
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bestLane } from '../../src/geometry/lanes';

describe('the best lane for a score that is the least of straight lines between known places', () => {
  it('finds the peak where two lines cross, not only the places given (a tent between two cuts)', () => {
    // min(x, 10 − x) on [0, 10]: its best is 5, which no cut names.
    const r = bestLane([0, 10], 0, 10, (x) => ({ off: false, advance: Math.min(x, 10 - x) }))!;
    expect(r.lane).toBeCloseTo(5, 6);
    expect(r.score.advance).toBeCloseTo(5, 6);
  });

  it('is at least the best of a fine brute force, for any few lines on each stretch (property)', () => {
    fc.assert(fc.property(
      fc.array(fc.tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -5, max: 5 })), { minLength: 1, maxLength: 5 }),
      fc.array(fc.integer({ min: 1, max: 99 }), { maxLength: 4 }),
      (lines, cutsIn) => {
        // The least of a few lines, with cuts that need not fall where they cross.
        const cuts = [0, 100, ...cutsIn];
        const f = (x: number) => Math.min(...lines.map(([c, s]) => c + s * (x - 50)));
        const r = bestLane(cuts, 0, 100, (x) => ({ off: false, advance: f(x) }))!;
        let brute = -Infinity;
        for (let i = 0; i <= 20000; i++) brute = Math.max(brute, f(i / 200));
        expect(r.score.advance).toBeGreaterThanOrEqual(brute - 1e-6);
        expect(r.score.advance).toBeCloseTo(f(r.lane), 9);
      },
    ));
  });

  it('prefers a lane that leaves the table, then the lowest lane on a tie; refused lanes are skipped', () => {
    expect(bestLane([0, 10], 0, 10, (x) => ({ off: x > 7, advance: 10 - x }))!.lane).toBeGreaterThan(7);
    expect(bestLane([0, 10], 0, 10, () => ({ off: false, advance: 3 }))!.lane).toBe(0);
    expect(bestLane([0, 4, 6, 10], 0, 10, (x) => (x >= 4 && x <= 6 ? { off: false, advance: x } : null))!.lane).toBe(6);
    expect(bestLane([0, 10], 0, 10, () => null)).toBeUndefined();
  });
});

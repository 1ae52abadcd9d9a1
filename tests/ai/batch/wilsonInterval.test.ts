import { describe, expect, it } from 'vitest';
import { histogram, signChanges, summarise, wilson } from '../../../src/ai/batch/stats';

describe('The Wilson score interval against published values', () => {
  // Newcombe R.G. (1998), "Two-sided confidence intervals for the single proportion: comparison
  // of seven methods", Statistics in Medicine 17, Table I, method 3 (score, no continuity correction).
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0.0, 0.1611],
    [1, 29, 0.0061, 0.1718],
    [29, 29, 0.883, 1.0],
  ])('%i of %i → [%f, %f]', (k, n, low, high) => {
    const w = wilson(k, n);
    expect(w.low).toBeCloseTo(low, 4);
    expect(w.high).toBeCloseTo(high, 4);
    expect(w.p).toBeCloseTo(k / n, 12);
  });

  it('10 of 20 → [0.299, 0.701], symmetric about one half', () => {
    const w = wilson(10, 20);
    expect(w.low).toBeCloseTo(0.299, 3);
    expect(w.high).toBeCloseTo(0.701, 3);
    expect(w.low + w.high).toBeCloseTo(1, 12);
  });

  it('no trials says nothing: the whole of [0, 1]', () => {
    expect(wilson(0, 0)).toMatchObject({ low: 0, high: 1 });
  });
});

describe('Batch summaries', () => {
  it('summarise: mean, median (even and odd counts), range, spread', () => {
    expect(summarise([3, 1, 2])).toMatchObject({ n: 3, mean: 2, median: 2, min: 1, max: 3 });
    expect(summarise([4, 1, 2, 3]).median).toBe(2.5);
    expect(summarise([2, 4, 4, 4, 5, 5, 7, 9]).sd).toBe(2);
  });

  it('histogram counts every whole value from the least to the greatest, gaps as zero', () => {
    expect(histogram([12, 10, 12, 12])).toEqual([
      { value: 10, count: 1 },
      { value: 11, count: 0 },
      { value: 12, count: 3 },
    ]);
  });

  it('lead changes skip level turns: + 0 − − + is two changes', () => {
    expect(signChanges([1, 0, -1, -1, 1])).toBe(2);
    expect(signChanges([0, 0, 1, 1])).toBe(0);
  });
});

/** Small statistics for batch reports: proportions with their intervals, summaries of counts. */

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface Proportion {
  readonly k: number;
  readonly n: number;
  /** k / n (0 when n is 0). */
  readonly p: number;
  /** Wilson score interval (Wilson 1927); [0, 1] when n is 0. */
  readonly low: number;
  readonly high: number;
}

/**
 * The Wilson score interval for k successes in n trials: better than the normal ("Wald")
 * interval for small n and for rates near 0 or 1, where Wald's can leave [0, 1] or shrink to a
 * point (Brown, Cai and DasGupta 2001 recommend it). 10 of 20 gives [0.299, 0.701].
 */
export function wilson(k: number, n: number, z = Z95): Proportion {
  if (n <= 0) return { k, n, p: 0, low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return { k, n, p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export interface Summary {
  readonly n: number;
  readonly mean: number;
  readonly median: number;
  readonly min: number;
  readonly max: number;
  /** Population standard deviation. */
  readonly sd: number;
}

export function summarise(xs: readonly number[]): Summary {
  if (xs.length === 0) return { n: 0, mean: 0, median: 0, min: 0, max: 0, sd: 0 };
  const s = [...xs].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  const mid = s.length >> 1;
  const median = s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  const sd = Math.sqrt(s.reduce((a, b) => a + (b - mean) * (b - mean), 0) / s.length);
  return { n: s.length, mean, median, min: s[0]!, max: s[s.length - 1]!, sd };
}

/** Counts of each whole value from min to max: [{value, count}], no gaps. */
export function histogram(xs: readonly number[]): { value: number; count: number }[] {
  if (xs.length === 0) return [];
  const lo = Math.min(...xs), hi = Math.max(...xs);
  const out = Array.from({ length: hi - lo + 1 }, (_, i) => ({ value: lo + i, count: 0 }));
  for (const x of xs) out[x - lo]!.count++;
  return out;
}

/** Times the sign of a series changes, zeros (a level position) skipped. */
export function signChanges(xs: readonly number[]): number {
  let last = 0, n = 0;
  for (const x of xs) {
    if (x === 0) continue;
    if (last !== 0 && x !== last) n++;
    last = x;
  }
  return n;
}

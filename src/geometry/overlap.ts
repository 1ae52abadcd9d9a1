import type { TablePoint } from './types';

/**
 * Separating-axis test for two convex polygons. Touching edges do not count as overlap
 * (stands placed base to base are legal), so a separation of up to `epsMm` is tolerated.
 */
export function convexOverlap(a: readonly TablePoint[], b: readonly TablePoint[], epsMm = 1e-6): boolean {
  for (const poly of [a, b]) {
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i]!, q = poly[(i + 1) % poly.length]!;
      const ax = -(q.y - p.y), ay = q.x - p.x;
      let minA = Infinity, maxA = -Infinity, minB = Infinity, maxB = -Infinity;
      for (const v of a) { const d = v.x * ax + v.y * ay; if (d < minA) minA = d; if (d > maxA) maxA = d; }
      for (const v of b) { const d = v.x * ax + v.y * ay; if (d < minB) minB = d; if (d > maxB) maxB = d; }
      const len = Math.hypot(ax, ay) || 1;
      if (maxA <= minB + epsMm * len || maxB <= minA + epsMm * len) return false;
    }
  }
  return true;
}

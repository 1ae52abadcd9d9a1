import type { StandFootprint, TablePoint } from './types';
import { standCorners } from './footprint';
import { hypot } from './math';

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
      const len = hypot(ax, ay) || 1;
      if (maxA <= minB + epsMm * len || maxB <= minA + epsMm * len) return false;
    }
  }
  return true;
}

/**
 * Does any footprint of group `a` overlap any footprint of group `b` by more than `epsMm`?
 * Touching (base to base) is not overlap. Groups are, typically, the stands of two units.
 * PERF: each pair is first tested on its circumscribed circles, which rejects almost every
 * pair of stands that are not near each other without building corners.
 */
export function footprintGroupsOverlap(a: readonly StandFootprint[], b: readonly StandFootprint[], epsMm = 0.01): boolean {
  for (const s of a) {
    const rs = hypot(s.widthMm, s.depthMm) / 2;
    let cs: readonly TablePoint[] | undefined;
    for (const t of b) {
      const rt = hypot(t.widthMm, t.depthMm) / 2;
      if (hypot(s.centre.x - t.centre.x, s.centre.y - t.centre.y) >= rs + rt) continue;
      cs ??= standCorners(s);
      if (convexOverlap(cs, standCorners(t), epsMm)) return true;
    }
  }
  return false;
}

/**
 * Measuring: "all measurements from the nearest point on any stand", plus the centre,
 * front-edge and averaged ranges some rules use. Every answer is in millimetres.
 */
import type { StandFootprint, TablePoint } from './types';
import { standCorners, standCornersInto } from './footprint';
import type { Frame } from './frame';
import { faceEdge } from './frame';
import { dist, midpoint, nearestPoints, pointSegDist2XY, segSegDist2XY } from './vec';
import { cos, sin } from './math';

type Quad = readonly [TablePoint, TablePoint, TablePoint, TablePoint];

function separatedBySAT(a: Quad, b: Quad): boolean {
  for (const poly of [a, b]) {
    for (let i = 0; i < 4; i++) {
      const p = poly[i]!, q = poly[(i + 1) & 3]!;
      const ax = -(q.y - p.y), ay = q.x - p.x;
      let minA = Infinity, maxA = -Infinity, minB = Infinity, maxB = -Infinity;
      for (const v of a) { const d = v.x * ax + v.y * ay; if (d < minA) minA = d; if (d > maxA) maxA = d; }
      for (const v of b) { const d = v.x * ax + v.y * ay; if (d < minB) minB = d; if (d > maxB) maxB = d; }
      if (maxA < minB || maxB < minA) return true;
    }
  }
  return false;
}

/** Nearest distance between two quads' outlines, 0 when they touch or overlap. */
export function quadDistance(a: Quad, b: Quad): number {
  if (!separatedBySAT(a, b)) return 0;
  let best = Infinity;
  for (let i = 0; i < 4; i++) {
    const p = a[i]!, q = a[(i + 1) & 3]!;
    for (let j = 0; j < 4; j++) {
      const r = b[j]!, s = b[(j + 1) & 3]!;
      const d = segSegDist2XY(p.x, p.y, q.x, q.y, r.x, r.y, s.x, s.y);
      if (d < best) best = d;
    }
  }
  return Math.sqrt(best);
}

/** Nearest-point distance between two stands (0 when touching or overlapping). */
export function standDistance(a: StandFootprint, b: StandFootprint): number {
  return quadDistance(standCorners(a), standCorners(b));
}

/** Nearest-point distance from a stand to the nearest stand of a unit. */
export function standToUnitDistance(s: StandFootprint, unit: readonly StandFootprint[]): number {
  // PERF: the least quadDistance over the unit's stands is what unitDistance gives for a unit of
  // one stand, to the last bit, on flat corners (tests/geometry/fastPaths.test.ts).
  return unitDistance([s], unit);
}

// PERF: scratch for unitDistance: corners (8 a stand) of the second unit.
let UB: Float64Array = new Float64Array(64);
let UR: Float64Array = new Float64Array(8);
const UA = new Float64Array(8);

/**
 * Nearest-point distance between any stand of one unit and any stand of another: the least
 * `quadDistance` over all pairs, to the last bit. PERF: corners in flat arrays; a pair whose
 * circumscribed circles are already farther apart than the best so far (with a margin far
 * above rounding) cannot lower the minimum and is skipped; each vertex–edge distance is
 * computed once (the same numbers `segSegDist2XY` takes the least of), and a pair that comes
 * within 1e-6 mm is measured by `quadDistance` itself, so touching stays exactly 0.
 */
export function unitDistance(a: readonly StandFootprint[], b: readonly StandFootprint[]): number {
  const nb = b.length;
  if (UB.length < nb * 8) { UB = new Float64Array(nb * 16); UR = new Float64Array(nb * 2); }
  for (let j = 0; j < nb; j++) {
    const t = b[j]!;
    standCornersInto(t, UB, j * 8);
    UR[j] = Math.sqrt(t.widthMm * t.widthMm + t.depthMm * t.depthMm) / 2;
  }
  let best = Infinity;
  for (const s of a) {
    standCornersInto(s, UA, 0);
    const ra = Math.sqrt(s.widthMm * s.widthMm + s.depthMm * s.depthMm) / 2;
    for (let j = 0; j < nb; j++) {
      const t = b[j]!;
      if (best !== Infinity) {
        const ex = t.centre.x - s.centre.x, ey = t.centre.y - s.centre.y;
        const gap = Math.sqrt(ex * ex + ey * ey) - ra - UR[j]!;
        if (gap > best + 1e-6) continue;
      }
      let d: number;
      if (!separatedFlat(UA, UB, j * 8)) d = 0;
      else {
        const d2 = quadGap2Flat(UA, UB, j * 8);
        d = d2 < 1e-12 ? quadDistance(standCorners(s), standCorners(t)) : Math.sqrt(d2);
      }
      if (d < best) { best = d; if (d === 0) return 0; }
    }
  }
  return best;
}

/** `separatedBySAT` on flat corners: quad `a` (8 numbers) and quad `b` from offset `o`. */
function separatedFlat(a: Float64Array, b: Float64Array, o: number): boolean {
  for (let k = 0; k < 2; k++) {
    const P = k === 0 ? a : b, po = k === 0 ? 0 : o;
    for (let i = 0; i < 4; i++) {
      const i2 = (i + 1) & 3;
      const ax = -(P[po + i2 * 2 + 1]! - P[po + i * 2 + 1]!), ay = P[po + i2 * 2]! - P[po + i * 2]!;
      let minA = Infinity, maxA = -Infinity, minB = Infinity, maxB = -Infinity;
      for (let v = 0; v < 4; v++) { const d = a[v * 2]! * ax + a[v * 2 + 1]! * ay; if (d < minA) minA = d; if (d > maxA) maxA = d; }
      for (let v = 0; v < 4; v++) { const d = b[o + v * 2]! * ax + b[o + v * 2 + 1]! * ay; if (d < minB) minB = d; if (d > maxB) maxB = d; }
      if (maxA < minB || maxB < minA) return true;
    }
  }
  return false;
}

/** Least squared vertex–edge distance between two flat quads (both ways). */
function quadGap2Flat(a: Float64Array, b: Float64Array, o: number): number {
  let best = Infinity;
  for (let i = 0; i < 4; i++) {
    const i2 = (i + 1) & 3;
    const ax = a[i * 2]!, ay = a[i * 2 + 1]!, bx = a[i2 * 2]!, by = a[i2 * 2 + 1]!;
    const cx = b[o + i * 2]!, cy = b[o + i * 2 + 1]!, dx = b[o + i2 * 2]!, dy = b[o + i2 * 2 + 1]!;
    for (let v = 0; v < 4; v++) {
      const d1 = pointSeg2(b[o + v * 2]!, b[o + v * 2 + 1]!, ax, ay, bx, by);
      if (d1 < best) best = d1;
      const d2 = pointSeg2(a[v * 2]!, a[v * 2 + 1]!, cx, cy, dx, dy);
      if (d2 < best) best = d2;
    }
  }
  return best;
}

/** `pointSegDist2XY`, the same arithmetic, local to the hot loop. */
function pointSeg2(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax, dy = by - ay;
  const l2 = dx * dx + dy * dy;
  let t = l2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / l2 : 0;
  if (t < 0) t = 0; else if (t > 1) t = 1;
  const ex = ax + dx * t - px, ey = ay + dy * t - py;
  return ex * ex + ey * ey;
}

/** The pair of nearest points between two units, for drawing the tape. */
export function unitNearestPoints(a: readonly StandFootprint[], b: readonly StandFootprint[]): { from: TablePoint; to: TablePoint; distanceMm: number } {
  let best: { from: TablePoint; to: TablePoint; distanceMm: number } | undefined;
  for (const s of a) for (const t of b) {
    const n = nearestPoints(standCorners(s), standCorners(t));
    if (!best || n.distanceMm < best.distanceMm) best = n;
  }
  if (!best) throw new Error('unitNearestPoints: empty unit');
  return best;
}

/** Distance from a point to the nearest point of a stand (0 inside). */
export function pointToStandDistance(p: TablePoint, s: StandFootprint): number {
  const c = standCorners(s);
  const cf = cos(s.facing), sf = sin(s.facing);
  const dx = p.x - s.centre.x, dy = p.y - s.centre.y;
  if (Math.abs(dx * cf + dy * sf) <= s.depthMm / 2 && Math.abs(-dx * sf + dy * cf) <= s.widthMm / 2) return 0;
  let best = Infinity;
  for (let i = 0; i < 4; i++) {
    const a = c[i]!, b = c[(i + 1) & 3]!;
    best = Math.min(best, pointSegDist2XY(p.x, p.y, a.x, a.y, b.x, b.y));
  }
  return Math.sqrt(best);
}

/** Distance from a segment to the nearest point of a unit (0 if it touches a stand). */
export function segmentToUnitDistance(a: TablePoint, b: TablePoint, unit: readonly StandFootprint[]): number {
  let best = Infinity;
  for (const s of unit) {
    if (pointToStandDistance(a, s) === 0) return 0;
    const c = standCorners(s);
    for (let i = 0; i < 4; i++) {
      const p = c[i]!, q = c[(i + 1) & 3]!;
      best = Math.min(best, segSegDist2XY(a.x, a.y, b.x, b.y, p.x, p.y, q.x, q.y));
    }
  }
  return Math.sqrt(best);
}

/** Centre to centre of two frames (stands or units). */
export const centreDistance = (a: Frame, b: Frame): number => dist(a.centre, b.centre);

/** From the nearest point of `from`'s front edge to the nearest point of the target unit. */
export function frontEdgeDistance(from: Frame, target: readonly StandFootprint[]): number {
  const e = faceEdge(from, 'front');
  return segmentToUnitDistance(e.a, e.b, target);
}

/** From the centre of `from`'s front edge to the nearest point of the target unit. */
export function frontCentreDistance(from: Frame, target: readonly StandFootprint[]): number {
  const e = faceEdge(from, 'front');
  return segmentToUnitDistance(midpoint(e.a, e.b), midpoint(e.a, e.b), target);
}

/**
 * The averaged range used when units are not parallel: measure from both ends of the
 * front edge and from its centre to the nearest point of the target, and average the three
 * (each measurement, and the mean, are returned so a ruling can pick another mix).
 */
export function averagedRange(from: Frame, target: readonly StandFootprint[]): { meanMm: number; leftMm: number; centreMm: number; rightMm: number } {
  const e = faceEdge(from, 'front');
  const m = midpoint(e.a, e.b);
  const leftMm = segmentToUnitDistance(e.a, e.a, target);
  const centreMm = segmentToUnitDistance(m, m, target);
  const rightMm = segmentToUnitDistance(e.b, e.b, target);
  return { meanMm: (leftMm + centreMm + rightMm) / 3, leftMm, centreMm, rightMm };
}

/** Are two frames parallel (facings equal or opposite) within `tolRad`? */
export function areParallel(a: Frame, b: Frame, tolRad = 1e-6): boolean {
  const d = Math.abs(sin(a.facing - b.facing));
  return d <= sin(tolRad);
}


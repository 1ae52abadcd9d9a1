/**
 * Planar primitives on plain numbers (millimetres in the table frame). Turf's measures are
 * geodesic, so every distance here is written by hand. Hot paths call the `*XY` forms with
 * raw coordinates to avoid allocating points.
 */
import type { TablePoint } from './types';
import { pt } from './types';
import { cos, hypot, sin } from './math';

/** Tolerance for "on the line" and "touching" decisions, in millimetres. */
export const EPS_MM = 1e-6;

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export const dist = (a: TablePoint, b: TablePoint): number => hypot(b.x - a.x, b.y - a.y);
export const add = (a: TablePoint, b: TablePoint): TablePoint => pt(a.x + b.x, a.y + b.y);
export const sub = (a: TablePoint, b: TablePoint): TablePoint => pt(a.x - b.x, a.y - b.y);
export const scale = (a: TablePoint, k: number): TablePoint => pt(a.x * k, a.y * k);
export const dot = (a: TablePoint, b: TablePoint): number => a.x * b.x + a.y * b.y;
/** z of the cross product; positive when b is clockwise of a on screen (y down). */
export const cross = (a: TablePoint, b: TablePoint): number => a.x * b.y - a.y * b.x;
export const midpoint = (a: TablePoint, b: TablePoint): TablePoint => pt((a.x + b.x) / 2, (a.y + b.y) / 2);

/** Rotate p about c by angle (clockwise on screen for positive angles, y down). */
export function rotateAbout(p: TablePoint, c: TablePoint, angle: number): TablePoint {
  const cs = cos(angle), sn = sin(angle);
  const dx = p.x - c.x, dy = p.y - c.y;
  return pt(c.x + dx * cs - dy * sn, c.y + dx * sn + dy * cs);
}

/** Squared distance from (px,py) to segment (ax,ay)-(bx,by). */
export function pointSegDist2XY(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax, dy = by - ay;
  const l2 = dx * dx + dy * dy;
  let t = l2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / l2 : 0;
  if (t < 0) t = 0; else if (t > 1) t = 1;
  const ex = ax + dx * t - px, ey = ay + dy * t - py;
  return ex * ex + ey * ey;
}

export function pointSegmentDistance(p: TablePoint, a: TablePoint, b: TablePoint): number {
  return Math.sqrt(pointSegDist2XY(p.x, p.y, a.x, a.y, b.x, b.y));
}

/** Closest point on segment ab to p. */
function closestOnSegment(p: TablePoint, a: TablePoint, b: TablePoint): TablePoint {
  const dx = b.x - a.x, dy = b.y - a.y;
  const l2 = dx * dx + dy * dy;
  const t = l2 > 0 ? Math.min(1, Math.max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2)) : 0;
  return pt(a.x + dx * t, a.y + dy * t);
}

/** Do closed segments ab and cd share a point? Inclusive of touching and collinear overlap. */
export function segmentsIntersectXY(
  ax: number, ay: number, bx: number, by: number,
  cx: number, cy: number, dx: number, dy: number,
): boolean {
  const d1 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx);
  const d2 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx);
  const d3 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  const d4 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  if (d1 === 0 && onSeg(cx, cy, dx, dy, ax, ay)) return true;
  if (d2 === 0 && onSeg(cx, cy, dx, dy, bx, by)) return true;
  if (d3 === 0 && onSeg(ax, ay, bx, by, cx, cy)) return true;
  if (d4 === 0 && onSeg(ax, ay, bx, by, dx, dy)) return true;
  return false;
}

function onSeg(px: number, py: number, qx: number, qy: number, rx: number, ry: number): boolean {
  return Math.min(px, qx) <= rx && rx <= Math.max(px, qx) && Math.min(py, qy) <= ry && ry <= Math.max(py, qy);
}

/**
 * Parameter t along ab (0..1) where it meets segment cd, or NaN when they do not meet or are
 * parallel. Used for ordering crossings along a sight line or a path.
 */
export function segmentHitT(
  ax: number, ay: number, bx: number, by: number,
  cx: number, cy: number, dx: number, dy: number,
): number {
  const rx = bx - ax, ry = by - ay, sx = dx - cx, sy = dy - cy;
  const den = rx * sy - ry * sx;
  if (den === 0) return NaN;
  const qx = cx - ax, qy = cy - ay;
  const t = (qx * sy - qy * sx) / den;
  const u = (qx * ry - qy * rx) / den;
  if (t < 0 || t > 1 || u < 0 || u > 1) return NaN;
  return t;
}

/** Squared distance between closed segments ab and cd. */
export function segSegDist2XY(
  ax: number, ay: number, bx: number, by: number,
  cx: number, cy: number, dx: number, dy: number,
): number {
  if (segmentsIntersectXY(ax, ay, bx, by, cx, cy, dx, dy)) return 0;
  return Math.min(
    pointSegDist2XY(ax, ay, cx, cy, dx, dy),
    pointSegDist2XY(bx, by, cx, cy, dx, dy),
    pointSegDist2XY(cx, cy, ax, ay, bx, by),
    pointSegDist2XY(dx, dy, ax, ay, bx, by),
  );
}

export function segmentDistance(a: TablePoint, b: TablePoint, c: TablePoint, d: TablePoint): number {
  return Math.sqrt(segSegDist2XY(a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y));
}

/** Even-odd point in polygon (boundary points may fall either way; use distances for ties). */
export function pointInPolygon(p: TablePoint, poly: readonly TablePoint[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!, b = poly[j]!;
    if ((a.y > p.y) !== (b.y > p.y) && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** Point in polygon on a flat coordinate array [x0, y0, x1, y1, …] from `start` for `n` vertices. */
export function pointInFlatPolygon(px: number, py: number, xy: ArrayLike<number>, start: number, n: number): boolean {
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const ax = xy[start + 2 * i]!, ay = xy[start + 2 * i + 1]!;
    const bx = xy[start + 2 * j]!, by = xy[start + 2 * j + 1]!;
    if ((ay > py) !== (by > py) && px < ((bx - ax) * (py - ay)) / (by - ay) + ax) inside = !inside;
  }
  return inside;
}

/** Is p inside or within EPS of a convex polygon (either winding)? */
export function pointInConvex(p: TablePoint, poly: readonly TablePoint[], epsMm = EPS_MM): boolean {
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!, b = poly[(i + 1) % poly.length]!;
    const ex = b.x - a.x, ey = b.y - a.y;
    const c = ex * (p.y - a.y) - ey * (p.x - a.x);
    const tol = epsMm * hypot(ex, ey);
    if (Math.abs(c) <= tol) continue;
    const s = c > 0 ? 1 : -1;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

export function boundsOf(points: readonly { readonly x: number; readonly y: number }[]): Box {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const p of points) {
    if (p.x < minX) minX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.x > maxX) maxX = p.x;
    if (p.y > maxY) maxY = p.y;
  }
  return { minX, minY, maxX, maxY };
}

/** The distance between two boxes (0 when they meet): a lower bound on the distance between anything inside them. */
export function boxGap(a: Box, b: Box): number {
  const dx = Math.max(0, b.minX - a.maxX, a.minX - b.maxX);
  const dy = Math.max(0, b.minY - a.maxY, a.minY - b.maxY);
  return hypot(dx, dy);
}

/** Convex hull (monotone chain), clockwise on screen. */
export function convexHull(points: readonly TablePoint[]): TablePoint[] {
  const p = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (p.length < 3) return p;
  const turn = (o: TablePoint, a: TablePoint, b: TablePoint) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: TablePoint[] = [];
  for (const q of p) {
    while (lower.length >= 2 && turn(lower[lower.length - 2]!, lower[lower.length - 1]!, q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper: TablePoint[] = [];
  for (let i = p.length - 1; i >= 0; i--) {
    const q = p[i]!;
    while (upper.length >= 2 && turn(upper[upper.length - 2]!, upper[upper.length - 1]!, q) <= 0) upper.pop();
    upper.push(q);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/** Nearest distance between two polygons' outlines, 0 when one contains a point of the other. */
export function polygonDistance(a: readonly TablePoint[], b: readonly TablePoint[]): number {
  if (a.length === 0 || b.length === 0) return Infinity;
  if (pointInPolygon(a[0]!, b) || pointInPolygon(b[0]!, a)) return 0;
  let best = Infinity;
  for (let i = 0; i < a.length; i++) {
    const p = a[i]!, q = a[(i + 1) % a.length]!;
    for (let j = 0; j < b.length; j++) {
      const r = b[j]!, s = b[(j + 1) % b.length]!;
      const d = segSegDist2XY(p.x, p.y, q.x, q.y, r.x, r.y, s.x, s.y);
      if (d < best) { best = d; if (d === 0) return 0; }
    }
  }
  return Math.sqrt(best);
}

/** Nearest points between two polygon outlines (for drawing a measuring tape). */
export function nearestPoints(a: readonly TablePoint[], b: readonly TablePoint[]): { from: TablePoint; to: TablePoint; distanceMm: number } {
  let best = { from: a[0]!, to: b[0]!, distanceMm: Infinity };
  const consider = (p: TablePoint, s0: TablePoint, s1: TablePoint, pFirst: boolean) => {
    const q = closestOnSegment(p, s0, s1);
    const d = dist(p, q);
    if (d < best.distanceMm) best = pFirst ? { from: p, to: q, distanceMm: d } : { from: q, to: p, distanceMm: d };
  };
  for (let i = 0; i < a.length; i++) for (let j = 0; j < b.length; j++) {
    consider(a[i]!, b[j]!, b[(j + 1) % b.length]!, true);
    consider(b[j]!, a[i]!, a[(i + 1) % a.length]!, false);
  }
  if (polygonDistance(a, b) === 0) best = { ...best, distanceMm: 0 };
  return best;
}

/** Area by the shoelace formula (absolute, mm²). */
export function polygonArea(poly: readonly TablePoint[]): number {
  let s = 0;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) s += (poly[j]!.x + poly[i]!.x) * (poly[j]!.y - poly[i]!.y);
  return Math.abs(s) / 2;
}

/** Clip a convex or simple polygon by the half-plane n·(p − o) ≥ 0 (Sutherland–Hodgman step). */
export function clipHalfPlane(poly: readonly TablePoint[], ox: number, oy: number, nx: number, ny: number): TablePoint[] {
  const out: TablePoint[] = [];
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i]!, q = poly[(i + 1) % poly.length]!;
    const dp = (p.x - ox) * nx + (p.y - oy) * ny;
    const dq = (q.x - ox) * nx + (q.y - oy) * ny;
    if (dp >= 0) out.push(p);
    if ((dp >= 0) !== (dq >= 0)) {
      const t = dp / (dp - dq);
      out.push(pt(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t));
    }
  }
  return out;
}

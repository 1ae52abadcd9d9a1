/**
 * Stands as sight blockers: a uniform grid of stand rectangles in typed arrays, padded by the
 * widest corridor a query will ask about, walked along a sight line like the terrain grid.
 * Built once per drag (the blockers do not move while one unit is dragged); the rbush index
 * in collisions.ts stays the source of truth for collisions.
 */
import type { PlacedStand, StandRecord } from './collisions';
import { withCorners } from './collisions';
import { standCorners } from './footprint';
import type { GridSpec } from './grid';
import { walkNext, walkStart, walkT } from './grid';
import { pointSegDist2XY, segSegDist2XY } from './vec';
import { hypot } from './math';

// PERF: imported functions bound once: under tsx (CommonJS interop) every call of an imported
// binding goes through a getter, which shows in the per-cell loops.
const walkNextL = walkNext;
const walkStartL = walkStart;
const walkTL = walkT;
const pointSegDist2XYL = pointSegDist2XY;
const segSegDist2XYL = segSegDist2XY;

export interface StandGrid extends GridSpec {
  readonly records: readonly StandRecord[];
  /** 8 numbers per stand: the four corners. */
  readonly corners: Float64Array;
  /** 3 numbers per stand: centre x, y and circumradius (for quick rejection). */
  readonly circles: Float64Array;
  readonly cellStart: Int32Array;
  readonly cellItems: Int32Array;
  /** The largest half-gap a query may use: stands are registered in cells within this distance. */
  readonly padMm: number;
  readonly stampOf: Uint32Array;
  stamp: number;
}

export function buildStandGrid(stands: readonly PlacedStand[], padMm = 25, cellMm = 40): StandGrid {
  const records: StandRecord[] = stands.map((s) => withCorners(s, standCorners(s.footprint)));
  const corners = new Float64Array(records.length * 8);
  const circles = new Float64Array(records.length * 3);
  records.forEach((r, i) => {
    circles[i * 3] = r.footprint.centre.x;
    circles[i * 3 + 1] = r.footprint.centre.y;
    circles[i * 3 + 2] = hypot(r.footprint.widthMm, r.footprint.depthMm) / 2;
  });
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  records.forEach((r, i) => r.corners.forEach((c, k) => {
    corners[i * 8 + k * 2] = c.x;
    corners[i * 8 + k * 2 + 1] = c.y;
    minX = Math.min(minX, c.x); minY = Math.min(minY, c.y); maxX = Math.max(maxX, c.x); maxY = Math.max(maxY, c.y);
  }));
  if (records.length === 0) { minX = 0; minY = 0; maxX = 1; maxY = 1; }
  const originX = minX - padMm - cellMm, originY = minY - padMm - cellMm;
  const nx = Math.ceil((maxX + padMm - originX) / cellMm) + 1, ny = Math.ceil((maxY + padMm - originY) / cellMm) + 1;
  const lists: number[][] = Array.from({ length: nx * ny }, () => []);
  records.forEach((_, i) => {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (let k = 0; k < 4; k++) {
      const x = corners[i * 8 + k * 2]!, y = corners[i * 8 + k * 2 + 1]!;
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
    }
    const cx0 = Math.floor((x0 - padMm - originX) / cellMm), cx1 = Math.floor((x1 + padMm - originX) / cellMm);
    const cy0 = Math.floor((y0 - padMm - originY) / cellMm), cy1 = Math.floor((y1 + padMm - originY) / cellMm);
    for (let cy = cy0; cy <= cy1; cy++) for (let cx = cx0; cx <= cx1; cx++) lists[cy * nx + cx]!.push(i);
  });
  const cellStart = new Int32Array(nx * ny + 1);
  let total = 0;
  lists.forEach((l, c) => { cellStart[c] = total; total += l.length; });
  cellStart[nx * ny] = total;
  const cellItems = new Int32Array(total);
  let k = 0;
  for (const l of lists) for (const i of l) cellItems[k++] = i;
  return { originX, originY, cellMm, nx, ny, records, corners, circles, cellStart, cellItems, padMm, stampOf: new Uint32Array(records.length), stamp: 0 };
}

/** Squared distance from segment a→b to stand i's rectangle (0 when they meet). */
function segmentStandDist2(g: StandGrid, i: number, ax: number, ay: number, bx: number, by: number): number {
  const c = g.corners, o = i * 8;
  // Inside test for a (the sight line may start inside a stand).
  let sign = 0, inside = true;
  for (let k = 0; k < 4; k++) {
    const px = c[o + k * 2]!, py = c[o + k * 2 + 1]!, qx = c[o + ((k + 1) & 3) * 2]!, qy = c[o + ((k + 1) & 3) * 2 + 1]!;
    const cr = (qx - px) * (ay - py) - (qy - py) * (ax - px);
    const s = cr > 0 ? 1 : cr < 0 ? -1 : 0;
    if (s !== 0) { if (sign === 0) sign = s; else if (s !== sign) { inside = false; break; } }
  }
  if (inside) return 0;
  let best = Infinity;
  for (let k = 0; k < 4; k++) {
    const px = c[o + k * 2]!, py = c[o + k * 2 + 1]!, qx = c[o + ((k + 1) & 3) * 2]!, qy = c[o + ((k + 1) & 3) * 2 + 1]!;
    const d = segSegDist2XYL(ax, ay, bx, by, px, py, qx, qy);
    if (d < best) { best = d; if (d === 0) return 0; }
  }
  return best;
}

/** Squared distance from a point to stand i (0 inside). */
export function pointStandDist2(g: StandGrid, i: number, x: number, y: number): number {
  const d = segmentStandDist2(g, i, x, y, x, y);
  if (d === 0) return 0;
  const c = g.corners, o = i * 8;
  let best = Infinity;
  for (let k = 0; k < 4; k++) {
    best = Math.min(best, pointSegDist2XYL(x, y, c[o + k * 2]!, c[o + k * 2 + 1]!, c[o + ((k + 1) & 3) * 2]!, c[o + ((k + 1) & 3) * 2 + 1]!));
  }
  return best;
}

// Iteration state for nearStart/nearNext: segment, corridor, current cell and position in it.
const N = new Float64Array(8);

/**
 * Stands within `halfGapMm` of the segment a→b, in the order a walk along it meets them:
 * `let i = standsNearStart(g, …); while (i >= 0) { …; i = standsNearNext(g); }`.
 * `standsNearT()` is the entry t of the current cell. `halfGapMm` must not exceed `padMm`.
 * PERF: no callbacks (closures cost under tsx's keepNames) and a circle test before the exact one.
 */
export function standsNearStart(g: StandGrid, ax: number, ay: number, bx: number, by: number, halfGapMm: number): number {
  if (halfGapMm > g.padMm) throw new Error(`standsNear: half-gap ${halfGapMm} mm exceeds the grid's pad ${g.padMm} mm`);
  g.stamp = (g.stamp + 1) >>> 0;
  if (g.stamp === 0) { g.stampOf.fill(0); g.stamp = 1; }
  N[0] = ax; N[1] = ay; N[2] = bx; N[3] = by; N[4] = halfGapMm;
  const c = walkStartL(g, ax, ay, bx, by);
  if (c < 0) return -1;
  N[5] = c; N[6] = g.cellStart[c]!; N[7] = walkTL();
  return standsNearNext(g);
}

export function standsNearNext(g: StandGrid): number {
  const ax = N[0]!, ay = N[1]!, bx = N[2]!, by = N[3]!, half = N[4]!;
  const st = g.stamp;
  let c = N[5]!, k = N[6]!;
  for (;;) {
    for (const end = g.cellStart[c + 1]!; k < end; k++) {
      const i = g.cellItems[k]!;
      if (g.stampOf[i] === st) continue;
      g.stampOf[i] = st;
      const rr = g.circles[i * 3 + 2]! + half;
      if (pointSegDist2XYL(g.circles[i * 3]!, g.circles[i * 3 + 1]!, ax, ay, bx, by) > rr * rr) continue;
      const d2 = segmentStandDist2(g, i, ax, ay, bx, by);
      if (half > 0 ? d2 < half * half : d2 === 0) { N[5] = c; N[6] = k + 1; return i; }
    }
    c = walkNextL(g);
    if (c < 0) { N[5] = 0; N[6] = 0; return -1; }
    k = g.cellStart[c]!;
    N[7] = walkTL();
  }
}

export const standsNearT = (): number => N[7]!;

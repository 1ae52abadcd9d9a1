/**
 * Terrain as the geometry sees it: polygons with an id and whatever properties the scenario
 * gave them. The shape matches the engine's TerrainFeature, so rules pass theirs directly;
 * the geometry never reads `kind` or `props` itself — callers' policies do.
 */
import type { TablePoint } from './types';
import { SpatialIndex } from './collisions';
import { boundsOf } from './vec';

export interface TerrainShape {
  readonly id: string;
  readonly polygon: readonly TablePoint[];
  readonly kind?: string;
  /** Hills: height level above the table. */
  readonly heightLevel?: number;
  /** Hills: the crest line. */
  readonly crest?: readonly TablePoint[];
  readonly props?: Readonly<Record<string, string | number | boolean>>;
}

export type TerrainIndex = SpatialIndex<TerrainShape>;

export function buildTerrainIndex(features: readonly TerrainShape[]): TerrainIndex {
  const idx = new SpatialIndex<TerrainShape>();
  idx.reset(features.filter((f) => f.polygon.length >= 3).map((f) => ({ id: f.id, box: boundsOf(f.polygon), value: f })));
  return idx;
}

/**
 * How a stand's rectangle and a polygon stand: 0 apart, 1 touching or overlapping, 2 the
 * rectangle wholly inside the polygon. Exact for convex quads against simple polygons.
 */
export function quadPolygonRelation(q: readonly TablePoint[], poly: readonly TablePoint[]): 0 | 1 | 2 {
  const n = poly.length;
  // PERF: cheapest decisive tests first; the edge-crossing scan only when corners cannot decide.
  let cornersIn = 0;
  for (let i = 0; i < 4; i++) if (inPoly(q[i]!, poly)) cornersIn++;
  if (cornersIn > 0 && cornersIn < 4) return 1;
  for (const p of poly) if (strictlyInQuad(p, q)) return 1;
  for (let i = 0; i < 4; i++) {
    const a = q[i]!, b = q[(i + 1) & 3]!;
    for (let j = 0; j < n; j++) {
      const c = poly[j]!, d = poly[(j + 1) % n]!;
      if (properCross(a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y)) return 1;
    }
  }
  return cornersIn === 4 ? 2 : 0;
}

function properCross(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): boolean {
  const d1 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx);
  const d2 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx);
  const d3 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  const d4 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

function inPoly(p: TablePoint, poly: readonly TablePoint[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!, b = poly[j]!;
    if ((a.y > p.y) !== (b.y > p.y) && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

function strictlyInQuad(p: TablePoint, q: readonly TablePoint[]): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = q[i]!, b = q[(i + 1) & 3]!;
    const c = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    if (c === 0) return false;
    const s = c > 0 ? 1 : -1;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

const flatCache = new WeakMap<readonly TablePoint[], Float64Array>();

/** The polygon as a flat [x0, y0, x1, y1, …] array, cached per polygon object. */
export function flatPolygon(poly: readonly TablePoint[]): Float64Array {
  let f = flatCache.get(poly);
  if (!f) {
    f = new Float64Array(poly.length * 2);
    poly.forEach((p, i) => { f![i * 2] = p.x; f![i * 2 + 1] = p.y; });
    flatCache.set(poly, f);
  }
  return f;
}

/**
 * `quadPolygonRelation` on flat arrays: quad corners `q` (8 numbers) shifted by (ox, oy),
 * polygon `p` flat. PERF: the path tracer calls this at every event midpoint; no allocation.
 */
export function quadPolygonRelationFlat(q: ArrayLike<number>, ox: number, oy: number, p: Float64Array): 0 | 1 | 2 {
  const n = p.length >> 1;
  let qx0 = Infinity, qy0 = Infinity, qx1 = -Infinity, qy1 = -Infinity;
  for (let i = 0; i < 4; i++) {
    const x = q[i * 2]! + ox, y = q[i * 2 + 1]! + oy;
    if (x < qx0) qx0 = x;
    if (x > qx1) qx1 = x;
    if (y < qy0) qy0 = y;
    if (y > qy1) qy1 = y;
  }
  let cornersIn = 0;
  for (let i = 0; i < 4; i++) {
    const px = q[i * 2]! + ox, py = q[i * 2 + 1]! + oy;
    let inside = false;
    for (let a = 0, b = n - 1; a < n; b = a++) {
      const ax = p[a * 2]!, ay = p[a * 2 + 1]!, bx = p[b * 2]!, by = p[b * 2 + 1]!;
      if ((ay > py) !== (by > py) && px < ((bx - ax) * (py - ay)) / (by - ay) + ax) inside = !inside;
    }
    if (inside) cornersIn++;
  }
  if (cornersIn > 0 && cornersIn < 4) return 1;
  for (let j = 0; j < n; j++) {
    const x = p[j * 2]!, y = p[j * 2 + 1]!;
    if (x <= qx0 || x >= qx1 || y <= qy0 || y >= qy1) continue;
    let sign = 0, ok = true;
    for (let i = 0; i < 4; i++) {
      const ax = q[i * 2]! + ox, ay = q[i * 2 + 1]! + oy, bx = q[((i + 1) & 3) * 2]! + ox, by = q[((i + 1) & 3) * 2 + 1]! + oy;
      const c = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
      const s = c > 0 ? 1 : c < 0 ? -1 : 0;
      if (s === 0 || (sign !== 0 && s !== sign)) { ok = false; break; }
      sign = s;
    }
    if (ok) return 1;
  }
  for (let j = 0; j < n; j++) {
    const cx = p[j * 2]!, cy = p[j * 2 + 1]!, k = (j + 1) % n, dx = p[k * 2]!, dy = p[k * 2 + 1]!;
    if (Math.max(cx, dx) < qx0 || Math.min(cx, dx) > qx1 || Math.max(cy, dy) < qy0 || Math.min(cy, dy) > qy1) continue;
    for (let i = 0; i < 4; i++) {
      const ax = q[i * 2]! + ox, ay = q[i * 2 + 1]! + oy, bx = q[((i + 1) & 3) * 2]! + ox, by = q[((i + 1) & 3) * 2 + 1]! + oy;
      if (properCross(ax, ay, bx, by, cx, cy, dx, dy)) return 1;
    }
  }
  return cornersIn === 4 ? 2 : 0;
}

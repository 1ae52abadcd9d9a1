/**
 * The eye of the table, fast path: a uniform grid over the edges of the sight-relevant terrain,
 * in typed arrays, walked cell by cell along a sight line (Amanatides–Woo). Each cell lists the
 * edges that cross it and the features that cover it entirely, so a point's containment is
 * answered from its cell without testing every polygon. Built once per terrain layout; queries
 * allocate nothing.
 *
 * Semantics match turf's booleanIntersects(lineString, polygon): a sight line meets a feature
 * when it crosses or touches its outline or lies inside it.
 */
import type { TerrainShape } from './terrain';
import { pointInFlatPolygon } from './vec';
import { walkNext, walkStart, walkT } from './grid';

// PERF: imported functions bound once: under tsx (CommonJS interop) every call of an imported
// binding goes through a getter, which shows in the per-cell loops.
const walkNextL = walkNext;
const walkStartL = walkStart;
const walkTL = walkT;
const pointInFlatPolygonL = pointInFlatPolygon;

/** What a feature does to sight; the rules decide for each feature. */
export type SightRule =
  | { readonly kind: 'clear' }
  | { readonly kind: 'opaque' }
  /**
   * Woods and towns: a sight line may run `withinMm` inside when both ends are in the same
   * feature, `edgeMm` when one end is inside (seeing out from near the edge, or being seen
   * there), and `throughMm` (default 0) when it passes right through.
   */
  | { readonly kind: 'depth'; readonly withinMm: number; readonly edgeMm: number; readonly throughMm?: number };

export interface SightFeature extends TerrainShape {
  readonly rule: SightRule;
}

export interface SightIndex {
  readonly features: readonly SightFeature[];
  /** Flat vertices of every feature: [x0, y0, x1, y1, …]. */
  readonly xy: Float64Array;
  readonly vStart: Int32Array;
  readonly vCount: Int32Array;
  readonly opaque: Uint8Array;
  /** Features that need more than the opaque test: depth rules, heights, crests. */
  readonly special: Uint8Array;
  /** Does any feature carry a height level (so ends' levels matter)? */
  readonly hasHeights: boolean;
  /** Edges: (x0, y0, x1, y1) × n and the feature each belongs to. */
  readonly ex: Float64Array;
  readonly edgeFeature: Int32Array;
  readonly originX: number;
  readonly originY: number;
  readonly cellMm: number;
  readonly nx: number;
  readonly ny: number;
  /** CSR lists per cell: all edges, opaque edges, features covering the cell, opaque ones covering it. */
  readonly cellEdgesStart: Int32Array;
  readonly cellEdges: Int32Array;
  readonly cellOpaqueStart: Int32Array;
  readonly cellOpaque: Int32Array;
  readonly cellSpecialStart: Int32Array;
  readonly cellSpecial: Int32Array;
  readonly cellCoverStart: Int32Array;
  readonly cellCover: Int32Array;
  /** Scratch: per-edge and per-feature stamps so a query tests each once. */
  readonly edgeStamp: Uint32Array;
  readonly featureStamp: Uint32Array;
  stamp: number;
}

/** Build the grid. `cellMm` trades memory for fewer edges per cell; 20–30 mm suits 28 mm bases. */
export function buildSightIndex(features: readonly SightFeature[], cellMm = 24): SightIndex {
  const feats = features.filter((f) => f.polygon.length >= 3);
  let nv = 0;
  for (const f of feats) nv += f.polygon.length;
  const xy = new Float64Array(nv * 2);
  const vStart = new Int32Array(feats.length), vCount = new Int32Array(feats.length), opaque = new Uint8Array(feats.length);
  const special = new Uint8Array(feats.length);
  const ex = new Float64Array(nv * 4), edgeFeature = new Int32Array(nv);
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  let v = 0;
  feats.forEach((f, fi) => {
    vStart[fi] = v * 2;
    vCount[fi] = f.polygon.length;
    opaque[fi] = f.rule.kind === 'opaque' ? 1 : 0;
    special[fi] = f.rule.kind === 'depth' || (f.heightLevel ?? 0) !== 0 || (f.crest?.length ?? 0) >= 2 ? 1 : 0;
    const n = f.polygon.length;
    for (let i = 0; i < n; i++) {
      const p = f.polygon[i]!, q = f.polygon[(i + 1) % n]!;
      xy[(v + i) * 2] = p.x;
      xy[(v + i) * 2 + 1] = p.y;
      const e = v + i;
      ex[e * 4] = p.x; ex[e * 4 + 1] = p.y; ex[e * 4 + 2] = q.x; ex[e * 4 + 3] = q.y;
      edgeFeature[e] = fi;
      if (p.x < minX) minX = p.x;
      if (p.y < minY) minY = p.y;
      if (p.x > maxX) maxX = p.x;
      if (p.y > maxY) maxY = p.y;
    }
    v += n;
  });
  if (feats.length === 0) { minX = 0; minY = 0; maxX = 1; maxY = 1; }
  const originX = minX - cellMm, originY = minY - cellMm;
  const nx = Math.max(1, Math.ceil((maxX - originX) / cellMm) + 1);
  const ny = Math.max(1, Math.ceil((maxY - originY) / cellMm) + 1);
  const nCells = nx * ny;
  const cellLists: number[][] = Array.from({ length: nCells }, () => []);
  const cellFeatHasEdge: Set<number>[] = Array.from({ length: nCells }, () => new Set<number>());
  // Rasterise each edge conservatively: every cell its bounding box touches whose square it meets.
  for (let e = 0; e < nv; e++) {
    const x0 = ex[e * 4]!, y0 = ex[e * 4 + 1]!, x1 = ex[e * 4 + 2]!, y1 = ex[e * 4 + 3]!;
    const cx0 = clampI(Math.floor((Math.min(x0, x1) - originX) / cellMm), nx), cx1 = clampI(Math.floor((Math.max(x0, x1) - originX) / cellMm), nx);
    const cy0 = clampI(Math.floor((Math.min(y0, y1) - originY) / cellMm), ny), cy1 = clampI(Math.floor((Math.max(y0, y1) - originY) / cellMm), ny);
    for (let cy = cy0; cy <= cy1; cy++) for (let cx = cx0; cx <= cx1; cx++) {
      const bx = originX + cx * cellMm, by = originY + cy * cellMm;
      if (!segmentMeetsBox(x0, y0, x1, y1, bx, by, bx + cellMm, by + cellMm)) continue;
      const c = cy * nx + cx;
      cellLists[c]!.push(e);
      cellFeatHasEdge[c]!.add(edgeFeature[e]!);
    }
  }
  // Covering: a cell with none of a feature's edges is wholly in or wholly out of it.
  const coverLists: number[][] = Array.from({ length: nCells }, () => []);
  feats.forEach((f, fi) => {
    let fx0 = Infinity, fy0 = Infinity, fx1 = -Infinity, fy1 = -Infinity;
    for (const p of f.polygon) { fx0 = Math.min(fx0, p.x); fy0 = Math.min(fy0, p.y); fx1 = Math.max(fx1, p.x); fy1 = Math.max(fy1, p.y); }
    const cx0 = clampI(Math.floor((fx0 - originX) / cellMm), nx), cx1 = clampI(Math.floor((fx1 - originX) / cellMm), nx);
    const cy0 = clampI(Math.floor((fy0 - originY) / cellMm), ny), cy1 = clampI(Math.floor((fy1 - originY) / cellMm), ny);
    for (let cy = cy0; cy <= cy1; cy++) for (let cx = cx0; cx <= cx1; cx++) {
      const c = cy * nx + cx;
      if (cellFeatHasEdge[c]!.has(fi)) continue;
      const px = originX + (cx + 0.5) * cellMm, py = originY + (cy + 0.5) * cellMm;
      if (pointInFlatPolygonL(px, py, xy, vStart[fi]!, vCount[fi]!)) coverLists[c]!.push(fi);
    }
  });
  const csr = (lists: number[][], keep: (x: number) => boolean) => {
    const start = new Int32Array(nCells + 1);
    let total = 0;
    for (let c = 0; c < nCells; c++) { start[c] = total; for (const x of lists[c]!) if (keep(x)) total++; }
    start[nCells] = total;
    const items = new Int32Array(total);
    let k = 0;
    for (let c = 0; c < nCells; c++) for (const x of lists[c]!) if (keep(x)) items[k++] = x;
    return { start, items };
  };
  const all = csr(cellLists, () => true);
  const op = csr(cellLists, (e) => opaque[edgeFeature[e]!] === 1);
  const cover = csr(coverLists, () => true);
  const sp = csr(cellLists, (e) => special[edgeFeature[e]!] === 1);
  return {
    features: feats, xy, vStart, vCount, opaque, special, hasHeights: feats.some((f) => (f.heightLevel ?? 0) !== 0), ex, edgeFeature, originX, originY, cellMm, nx, ny,
    cellEdgesStart: all.start, cellEdges: all.items, cellOpaqueStart: op.start, cellOpaque: op.items,
    cellSpecialStart: sp.start, cellSpecial: sp.items,
    cellCoverStart: cover.start, cellCover: cover.items,
    edgeStamp: new Uint32Array(nv), featureStamp: new Uint32Array(feats.length), stamp: 0,
  };
}

const clampI = (v: number, n: number) => (v < 0 ? 0 : v >= n ? n - 1 : v);

function segmentMeetsBox(x0: number, y0: number, x1: number, y1: number, bx0: number, by0: number, bx1: number, by1: number): boolean {
  // Liang–Barsky clip, inclusive.
  let t0 = 0, t1 = 1;
  const dx = x1 - x0, dy = y1 - y0;
  const p = [-dx, dx, -dy, dy], q = [x0 - bx0, bx1 - x0, y0 - by0, by1 - y0];
  for (let i = 0; i < 4; i++) {
    const pi = p[i]!, qi = q[i]!;
    if (pi === 0) { if (qi < 0) return false; continue; }
    const r = qi / pi;
    if (pi < 0) { if (r > t1) return false; if (r > t0) t0 = r; } else { if (r < t0) return false; if (r < t1) t1 = r; }
  }
  return true;
}

function nextStamp(ix: SightIndex): number {
  ix.stamp = (ix.stamp + 1) >>> 0;
  if (ix.stamp === 0) { ix.edgeStamp.fill(0); ix.featureStamp.fill(0); ix.stamp = 1; }
  return ix.stamp;
}

/** Index of a feature containing the point (opaque only when `opaqueOnly`), or −1. */
export function featureAt(ix: SightIndex, x: number, y: number, opaqueOnly: boolean): number {
  const cx = Math.floor((x - ix.originX) / ix.cellMm), cy = Math.floor((y - ix.originY) / ix.cellMm);
  if (cx < 0 || cy < 0 || cx >= ix.nx || cy >= ix.ny) return -1;
  const c = cy * ix.nx + cx;
  for (let k = ix.cellCoverStart[c]!, end = ix.cellCoverStart[c + 1]!; k < end; k++) {
    const f = ix.cellCover[k]!;
    if (!opaqueOnly || ix.opaque[f] === 1) return f;
  }
  const st = nextStamp(ix);
  const start = opaqueOnly ? ix.cellOpaqueStart : ix.cellEdgesStart;
  const list = opaqueOnly ? ix.cellOpaque : ix.cellEdges;
  for (let k = start[c]!, end = start[c + 1]!; k < end; k++) {
    const f = ix.edgeFeature[list[k]!]!;
    if (ix.featureStamp[f] === st) continue;
    ix.featureStamp[f] = st;
    if (pointInFlatPolygonL(x, y, ix.xy, ix.vStart[f]!, ix.vCount[f]!)) return f;
  }
  return -1;
}

/** Every feature containing the point (for height levels, nested contours). */
export function featuresAt(ix: SightIndex, x: number, y: number): number[] {
  const out: number[] = [];
  const cx = Math.floor((x - ix.originX) / ix.cellMm), cy = Math.floor((y - ix.originY) / ix.cellMm);
  if (cx < 0 || cy < 0 || cx >= ix.nx || cy >= ix.ny) return out;
  const c = cy * ix.nx + cx;
  for (let k = ix.cellCoverStart[c]!, end = ix.cellCoverStart[c + 1]!; k < end; k++) out.push(ix.cellCover[k]!);
  const st = nextStamp(ix);
  for (let k = ix.cellEdgesStart[c]!, end = ix.cellEdgesStart[c + 1]!; k < end; k++) {
    const f = ix.edgeFeature[ix.cellEdges[k]!]!;
    if (ix.featureStamp[f] === st) continue;
    ix.featureStamp[f] = st;
    if (pointInFlatPolygonL(x, y, ix.xy, ix.vStart[f]!, ix.vCount[f]!)) out.push(f);
  }
  return out;
}

/**
 * The highest `heightLevel` among the features containing the point (0 if none): what
 * `featuresAt` would give, without building the list. PERF: two ends of every sight line.
 */
export function levelAt(ix: SightIndex, x: number, y: number): number {
  let h = 0;
  const cx = Math.floor((x - ix.originX) / ix.cellMm), cy = Math.floor((y - ix.originY) / ix.cellMm);
  if (cx < 0 || cy < 0 || cx >= ix.nx || cy >= ix.ny) return h;
  const c = cy * ix.nx + cx;
  for (let k = ix.cellCoverStart[c]!, end = ix.cellCoverStart[c + 1]!; k < end; k++) h = Math.max(h, ix.features[ix.cellCover[k]!]!.heightLevel ?? 0);
  const st = nextStamp(ix);
  for (let k = ix.cellEdgesStart[c]!, end = ix.cellEdgesStart[c + 1]!; k < end; k++) {
    const f = ix.edgeFeature[ix.cellEdges[k]!]!;
    if (ix.featureStamp[f] === st) continue;
    ix.featureStamp[f] = st;
    const lv = ix.features[f]!.heightLevel ?? 0;
    // A feature that cannot raise the answer needs no containment test.
    if (lv > h && pointInFlatPolygonL(x, y, ix.xy, ix.vStart[f]!, ix.vCount[f]!)) h = lv;
  }
  return h;
}

/** Crossing of edge e by segment a→b: its parameter t along a→b, or −1. Touching counts. */
function edgeHit(ix: SightIndex, e: number, ax: number, ay: number, bx: number, by: number): number {
  const cx = ix.ex[e * 4]!, cy = ix.ex[e * 4 + 1]!, dx = ix.ex[e * 4 + 2]!, dy = ix.ex[e * 4 + 3]!;
  const rx = bx - ax, ry = by - ay, sx = dx - cx, sy = dy - cy;
  const d1 = sx * (ay - cy) - sy * (ax - cx);
  const d2 = sx * (by - cy) - sy * (bx - cx);
  if ((d1 > 0 && d2 > 0) || (d1 < 0 && d2 < 0)) return -1;
  const d3 = rx * (cy - ay) - ry * (cx - ax);
  const d4 = rx * (dy - ay) - ry * (dx - ax);
  if ((d3 > 0 && d4 > 0) || (d3 < 0 && d4 < 0)) return -1;
  const den = rx * sy - ry * sx;
  if (den !== 0) {
    const t = ((cx - ax) * sy - (cy - ay) * sx) / den;
    return t < 0 ? 0 : t > 1 ? 1 : t;
  }
  // Collinear: overlap if the projections meet.
  const l2 = rx * rx + ry * ry;
  if (l2 === 0) return Math.min(cx, dx) <= ax && ax <= Math.max(cx, dx) && Math.min(cy, dy) <= ay && ay <= Math.max(cy, dy) ? 0 : -1;
  const tc = ((cx - ax) * rx + (cy - ay) * ry) / l2, td = ((dx - ax) * rx + (dy - ay) * ry) / l2;
  const lo = Math.min(tc, td), hi = Math.max(tc, td);
  if (hi < 0 || lo > 1) return -1;
  return Math.max(0, lo);
}

/**
 * The fast question: which opaque feature does the sight line a→b meet first (−1 for none)?
 * PERF: one grid walk over opaque edges only, each edge tested once, stopping as soon as the
 * next cell starts beyond the nearest hit; no allocation.
 */
export function firstOpaqueHit(ix: SightIndex, ax: number, ay: number, bx: number, by: number): { feature: number; t: number } {
  const inside = featureAt(ix, ax, ay, true);
  if (inside >= 0) return { feature: inside, t: 0 };
  const st = nextStamp(ix);
  let best = -1, bestT = Infinity;
  for (let c = walkStartL(ix, ax, ay, bx, by); c >= 0 && walkTL() <= bestT; c = walkNextL(ix)) {
    for (let k = ix.cellOpaqueStart[c]!, end = ix.cellOpaqueStart[c + 1]!; k < end; k++) {
      const e = ix.cellOpaque[k]!;
      if (ix.edgeStamp[e] === st) continue;
      ix.edgeStamp[e] = st;
      const t = edgeHit(ix, e, ax, ay, bx, by);
      if (t >= 0 && t < bestT) { bestT = t; best = ix.edgeFeature[e]!; }
    }
  }
  return { feature: best, t: bestT };
}

const byT = (p: { t: number }, q: { t: number }) => p.t - q.t;

/**
 * Every crossing of the sight line with the outline of a feature that is not simply opaque or
 * clear (depth-limited features, hills, crests), as (feature, t) pairs in t order.
 */
export function allCrossings(ix: SightIndex, ax: number, ay: number, bx: number, by: number, tMax = 1): { feature: number; t: number }[] {
  const st = nextStamp(ix);
  const out: { feature: number; t: number }[] = [];
  for (let c = walkStartL(ix, ax, ay, bx, by); c >= 0 && walkTL() <= tMax; c = walkNextL(ix)) {
    for (let k = ix.cellSpecialStart[c]!, end = ix.cellSpecialStart[c + 1]!; k < end; k++) {
      const e = ix.cellSpecial[k]!;
      if (ix.edgeStamp[e] === st) continue;
      ix.edgeStamp[e] = st;
      const t = edgeHit(ix, e, ax, ay, bx, by);
      if (t >= 0) out.push({ feature: ix.edgeFeature[e]!, t });
    }
  }
  return out.sort(byT);
}

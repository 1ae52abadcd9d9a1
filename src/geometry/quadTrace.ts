/**
 * The flat kernel of the terrain tracer: how a stand's rectangle and a polygon stand (apart,
 * touching, inside) on flat arrays, and the exact trace of one straight leg against one
 * polygon. Everything the hot loops call lives in this one module (under tsx every imported
 * call pays a getter). PERF: scratch arrays, no allocation per event.
 */
import type { StandFootprint, TablePoint } from './types';
import { standCornersInto } from './footprint';

export function properCross(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): boolean {
  const d1 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx);
  const d2 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx);
  const d3 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  const d4 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
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
  return quadPolygonRelationBoxed(q, ox, oy, p, -Infinity, -Infinity, Infinity, Infinity);
}

/** Slack on the polygon's box below which the box test never decides (rounding of the ray cast). */
export const BOX_SLACK_MM = 1e-7;

/**
 * `quadPolygonRelationFlat` given the polygon's bounding box (`polygonBoxFlat`). Same answers:
 * a quad clear of the box (by more than rounding) has no corner inside, no vertex inside and
 * no crossing, so it is 0 without the scans. PERF: the corner scan stops at the first corner
 * that disagrees with the first (that alone makes the answer 1).
 */
export function quadPolygonRelationBoxed(q: ArrayLike<number>, ox: number, oy: number, p: Float64Array, bx0: number, by0: number, bx1: number, by1: number): 0 | 1 | 2 {
  let qx0 = Infinity, qy0 = Infinity, qx1 = -Infinity, qy1 = -Infinity;
  for (let i = 0; i < 4; i++) {
    const x = q[i * 2]! + ox, y = q[i * 2 + 1]! + oy;
    if (x < qx0) qx0 = x;
    if (x > qx1) qx1 = x;
    if (y < qy0) qy0 = y;
    if (y > qy1) qy1 = y;
  }
  if (qx0 > bx1 + BOX_SLACK_MM || qx1 < bx0 - BOX_SLACK_MM || qy0 > by1 + BOX_SLACK_MM || qy1 < by0 - BOX_SLACK_MM) return 0;
  let first = false;
  for (let i = 0; i < 4; i++) {
    const inside = quadCornerInside(q, i, ox, oy, p);
    if (i === 0) first = inside;
    else if (inside !== first) return 1;
  }
  return quadRelationTail(q, ox, oy, p, first, qx0, qy0, qx1, qy1);
}

/** Even-odd test of quad corner `i` (shifted by (ox, oy)) in the flat polygon `p`. */
export function quadCornerInside(q: ArrayLike<number>, i: number, ox: number, oy: number, p: Float64Array): boolean {
  const n = p.length >> 1;
  const px = q[i * 2]! + ox, py = q[i * 2 + 1]! + oy;
  let inside = false;
  for (let a = 0, b = n - 1; a < n; b = a++) {
    const ay = p[a * 2 + 1]!, by = p[b * 2 + 1]!;
    if ((ay > py) !== (by > py)) {
      const ax = p[a * 2]!, bx = p[b * 2]!;
      if (px < ((bx - ax) * (py - ay)) / (by - ay) + ax) inside = !inside;
    }
  }
  return inside;
}

/**
 * The rest of the relation once the four corners agree (`allInside` or all out), given the
 * shifted quad's box: a polygon vertex strictly inside the quad or a proper edge crossing
 * makes it 1; otherwise 2 when the corners are inside, 0 when out.
 */
export function quadRelationTail(q: ArrayLike<number>, ox: number, oy: number, p: Float64Array, allInside: boolean, qx0: number, qy0: number, qx1: number, qy1: number): 0 | 1 | 2 {
  const n = p.length >> 1;
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
  return allInside ? 2 : 0;
}

const boxCache = new WeakMap<Float64Array, Float64Array>();

/** Bounding box [minX, minY, maxX, maxY] of a flat polygon, cached per array. */
export function polygonBoxFlat(p: Float64Array): Float64Array {
  let b = boxCache.get(p);
  if (!b) {
    b = new Float64Array([Infinity, Infinity, -Infinity, -Infinity]);
    for (let i = 0; i < p.length; i += 2) {
      const x = p[i]!, y = p[i + 1]!;
      if (x < b[0]!) b[0] = x;
      if (y < b[1]!) b[1] = y;
      if (x > b[2]!) b[2] = x;
      if (y > b[3]!) b[3] = y;
    }
    boxCache.set(p, b);
  }
  return b;
}

export type MutableInterval = { fromMm: number; toMm: number };

function pushInterval(list: MutableInterval[], a: number, b: number): void {
  const last = list[list.length - 1];
  if (last && a <= last.toMm + 1e-9) last.toMm = Math.max(b, last.toMm);
  else list.push({ fromMm: a, toMm: b });
}

export function record(touching: MutableInterval[], inside: MutableInterval[], rel: 0 | 1 | 2, a: number, b: number): void {
  if (rel >= 1) pushInterval(touching, a, b);
  if (rel === 2) pushInterval(inside, a, b);
}

// PERF: scratch for the translation tracer (corners, event times); traces are never nested.
const QS = new Float64Array(8);
let TS: Float64Array = new Float64Array(64);

/** Slack for the box tests that skip edges which cannot meet a path (far above rounding). */
const SKIP_SLACK_MM = 1e-6;
/**
 * A corner farther than this from the polygon's outline gets the same even-odd answer at any
 * point of its path between two of its own crossings (rounding in the ray cast is ~1e-12 mm).
 */
const NEAR_MM = 1e-7;
/** Windows (lo, hi in t) where a corner comes within NEAR_MM of an edge: at most MAX_NEAR a corner. */
const MAX_NEAR = 12;
const NEAR = new Float64Array(4 * MAX_NEAR * 2);
/** Windows per corner; −1: the corner runs along an edge, so it is never cached. */
const NEAR_N = new Int32Array(4);

function pushT(m: number, t: number): number {
  if (m === TS.length) { const bigger = new Float64Array(m * 2); bigger.set(TS); TS = bigger; }
  TS[m] = t;
  return m + 1;
}

function addNear(i: number, lo: number, hi: number): void {
  const k = NEAR_N[i]!;
  if (k < 0) return;
  if (k === MAX_NEAR) { NEAR_N[i] = -1; return; }
  NEAR[(i * MAX_NEAR + k) * 2] = lo;
  NEAR[(i * MAX_NEAR + k) * 2 + 1] = hi;
  NEAR_N[i] = k + 1;
}

/** May corner i's inside/outside answer found at t = from be reused at t = to? */
function cornerStill(i: number, from: number, to: number): boolean {
  const k = NEAR_N[i]!;
  if (k < 0) return false;
  for (let j = 0; j < k; j++) {
    const o = (i * MAX_NEAR + j) * 2;
    if (NEAR[o]! <= to && NEAR[o + 1]! >= from) return false;
  }
  return true;
}

/**
 * Times (0..1, sorted, with 0 and 1) at which a translating quad's contact with a polygon can
 * change, written to the scratch `TS`; returns how many. Quad corners flat in `q`. Also
 * records, per corner, the windows of t where it passes near an edge (`NEAR`), so the tracer
 * may reuse a corner's inside/outside answer between them.
 * PERF: an edge whose box is clear of a corner's path (or a vertex whose path is clear of the
 * quad's box) cannot give a crossing, so it is not solved for: same events.
 */
function translationEventsFlat(q: Float64Array, dx: number, dy: number, p: Float64Array, bx0: number, by0: number, bx1: number, by1: number): number {
  let m = 0;
  TS[m++] = 0;
  TS[m++] = 1;
  const n = p.length >> 1;
  // Corners' paths against the polygon's edges.
  for (let i = 0; i < 4; i++) {
    NEAR_N[i] = 0;
    const cx = q[i * 2]!, cy = q[i * 2 + 1]!, ex = cx + dx, ey = cy + dy;
    const lx = (cx < ex ? cx : ex) - SKIP_SLACK_MM, hx = (cx < ex ? ex : cx) + SKIP_SLACK_MM;
    const ly = (cy < ey ? cy : ey) - SKIP_SLACK_MM, hy = (cy < ey ? ey : cy) + SKIP_SLACK_MM;
    if (hx < bx0 || lx > bx1 || hy < by0 || ly > by1) continue;
    const rx = ex - cx, ry = ey - cy, rLen = Math.sqrt(rx * rx + ry * ry);
    for (let j = 0; j < n; j++) {
      const k = j + 1 === n ? 0 : j + 1;
      const ax = p[j * 2]!, ay = p[j * 2 + 1]!, bx = p[k * 2]!, by = p[k * 2 + 1]!;
      if ((ax > hx && bx > hx) || (ax < lx && bx < lx) || (ay > hy && by > hy) || (ay < ly && by < ly)) continue;
      // segmentHitT(corner path, edge), written out so the near windows share its numbers.
      const sx = bx - ax, sy = by - ay;
      const den = rx * sy - ry * sx;
      const qx = ax - cx, qy = ay - cy;
      const sLen = Math.sqrt(sx * sx + sy * sy);
      if (den === 0) {
        // Parallel: a path on (or within NEAR_MM of) the edge's line is never cached.
        if (Math.abs(qx * sy - qy * sx) <= NEAR_MM * sLen || sLen === 0) NEAR_N[i] = -1;
        continue;
      }
      const t = (qx * sy - qy * sx) / den;
      const u = (qx * ry - qy * rx) / den;
      if (t >= 0 && t <= 1 && u >= 0 && u <= 1 && t > 0 && t < 1) m = pushT(m, t);
      // Where the path is within NEAR_MM of the edge's line (±slT) and near the edge (±slU).
      const ad = Math.abs(den);
      const slT = (NEAR_MM * sLen) / ad + 1e-12;
      const slU = (NEAR_MM * rLen) / ad + (sLen > 0 ? NEAR_MM / sLen : Infinity) + 1e-12;
      if (t >= -slT && t <= 1 + slT && u >= -slU && u <= 1 + slU) addNear(i, t - slT, t + slT);
    }
  }
  // The polygon's vertices' paths (relative to the quad) against the quad's edges.
  let qx0 = Infinity, qy0 = Infinity, qx1 = -Infinity, qy1 = -Infinity;
  for (let i = 0; i < 4; i++) {
    const x = q[i * 2]!, y = q[i * 2 + 1]!;
    if (x < qx0) qx0 = x;
    if (x > qx1) qx1 = x;
    if (y < qy0) qy0 = y;
    if (y > qy1) qy1 = y;
  }
  qx0 -= SKIP_SLACK_MM; qy0 -= SKIP_SLACK_MM; qx1 += SKIP_SLACK_MM; qy1 += SKIP_SLACK_MM;
  for (let j = 0; j < n; j++) {
    const px = p[j * 2]!, py = p[j * 2 + 1]!, ex = px - dx, ey = py - dy;
    if ((px > qx1 && ex > qx1) || (px < qx0 && ex < qx0) || (py > qy1 && ey > qy1) || (py < qy0 && ey < qy0)) continue;
    const rx = ex - px, ry = ey - py;
    for (let i = 0; i < 4; i++) {
      const k = (i + 1) & 3;
      // segmentHitT(vertex path, quad edge), written out.
      const ax = q[i * 2]!, ay = q[i * 2 + 1]!;
      const sx = q[k * 2]! - ax, sy = q[k * 2 + 1]! - ay;
      const den = rx * sy - ry * sx;
      if (den === 0) continue;
      const qx = ax - px, qy = ay - py;
      const t = (qx * sy - qy * sx) / den;
      const u = (qx * ry - qy * rx) / den;
      if (t >= 0 && t <= 1 && u >= 0 && u <= 1 && t > 0 && t < 1) m = pushT(m, t);
    }
  }
  // Insertion sort: a handful of events as a rule.
  if (m > 48) TS.subarray(0, m).sort();
  else {
    for (let i = 1; i < m; i++) {
      const v = TS[i]!;
      let j = i - 1;
      while (j >= 0 && TS[j]! > v) { TS[j + 1] = TS[j]!; j--; }
      TS[j + 1] = v;
    }
  }
  return m;
}

const INSIDE = new Uint8Array(4);
const SEEN_AT = new Float64Array(4);

/**
 * One straight leg of one stand against one polygon, given the polygon's box (`polygonBoxFlat`'s
 * numbers): the relation at the start, on every stretch between events (at its midpoint) and at
 * the end, recorded as touching/inside stretches. PERF: a corner's inside/outside answer only
 * changes where its path crosses the outline, so between those places (widened by NEAR_MM) it
 * is reused instead of re-cast; the start is always cast afresh (all four corners in one pass
 * over the edges), the end like any midpoint.
 */
export function traceTranslationBoxed(s: StandFootprint, dx: number, dy: number, D: number, offset: number, flat: Float64Array, bx0: number, by0: number, bx1: number, by1: number, touching: MutableInterval[], inside: MutableInterval[]): void {
  const q = QS;
  standCornersInto(s, q);
  const m = translationEventsFlat(q, dx, dy, flat, bx0, by0, bx1, by1);
  const ts = TS;
  let qx0 = Infinity, qy0 = Infinity, qx1 = -Infinity, qy1 = -Infinity;
  for (let i = 0; i < 4; i++) {
    const x = q[i * 2]!, y = q[i * 2 + 1]!;
    if (x < qx0) qx0 = x;
    if (x > qx1) qx1 = x;
    if (y < qy0) qy0 = y;
    if (y > qy1) qy1 = y;
  }
  // The polygon's box widened by the slack, once (the same sums every test below would make).
  const sx0 = bx0 - BOX_SLACK_MM, sy0 = by0 - BOX_SLACK_MM, sx1 = bx1 + BOX_SLACK_MM, sy1 = by1 + BOX_SLACK_MM;
  // Start: every corner cast (the cache's seed), then the rest of the relation.
  let rel0: 0 | 1 | 2;
  if (qx0 > sx1 || qx1 < sx0 || qy0 > sy1 || qy1 < sy0) {
    // Clear of the polygon's box: every corner is out (quadPolygonRelationBoxed's argument).
    for (let i = 0; i < 4; i++) { INSIDE[i] = 0; SEEN_AT[i] = 0; }
    rel0 = 0;
  } else {
    castFourCorners(q, 0, 0, flat);
    for (let i = 0; i < 4; i++) SEEN_AT[i] = 0;
    const f = INSIDE[0]!;
    rel0 = INSIDE[1] !== f || INSIDE[2] !== f || INSIDE[3] !== f ? 1 : quadRelationTail(q, 0, 0, flat, f === 1, qx0, qy0, qx1, qy1);
  }
  record(touching, inside, rel0, offset, offset);
  for (let k = 1; k < m; k++) {
    const t0 = ts[k - 1]!, t1 = ts[k]!;
    if (t1 - t0 < 1e-12) continue;
    const tm = (t0 + t1) / 2;
    record(touching, inside, relationAt(q, dx * tm, dy * tm, tm, flat, qx0, qy0, qx1, qy1, sx0, sy0, sx1, sy1), offset + t0 * D, offset + t1 * D);
  }
  // The end, with the corners' cache as at any midpoint (the same argument holds at t = 1).
  record(touching, inside, relationAt(q, dx, dy, 1, flat, qx0, qy0, qx1, qy1, sx0, sy0, sx1, sy1), offset + D, offset + D);
}

/**
 * `quadPolygonRelationBoxed(q, ox, oy, …)` at time t of the trace, reusing each corner's
 * cached inside/outside answer where `cornerStill` allows. (x0, y0, x1, y1) is the shifted
 * quad's box exactly as quadPolygonRelationBoxed gets it: rounding is monotone.
 */
function relationAt(q: Float64Array, ox: number, oy: number, t: number, flat: Float64Array, qx0: number, qy0: number, qx1: number, qy1: number, sx0: number, sy0: number, sx1: number, sy1: number): 0 | 1 | 2 {
  const x0 = qx0 + ox, x1 = qx1 + ox, y0 = qy0 + oy, y1 = qy1 + oy;
  if (x0 > sx1 || x1 < sx0 || y0 > sy1 || y1 < sy0) return 0;
  let first = 0;
  for (let i = 0; i < 4; i++) {
    if (!cornerStill(i, SEEN_AT[i]!, t)) { INSIDE[i] = quadCornerInside(q, i, ox, oy, flat) ? 1 : 0; SEEN_AT[i] = t; }
    if (i === 0) first = INSIDE[0]!;
    else if (INSIDE[i] !== first) return 1;
  }
  return quadRelationTail(q, ox, oy, flat, first === 1, x0, y0, x1, y1);
}

/**
 * `quadCornerInside` for the four corners at once, into `INSIDE`: one pass over the edges,
 * each corner's crossings tested in the same order with the same arithmetic.
 */
function castFourCorners(q: Float64Array, ox: number, oy: number, p: Float64Array): void {
  const n = p.length >> 1;
  const ax0 = q[0]! + ox, ay0 = q[1]! + oy, ax1 = q[2]! + ox, ay1 = q[3]! + oy;
  const ax2 = q[4]! + ox, ay2 = q[5]! + oy, ax3 = q[6]! + ox, ay3 = q[7]! + oy;
  let in0 = false, in1 = false, in2 = false, in3 = false;
  for (let a = 0, b = n - 1; a < n; b = a++) {
    const ay = p[a * 2 + 1]!, by = p[b * 2 + 1]!, ax = p[a * 2]!, bx = p[b * 2]!;
    if ((ay > ay0) !== (by > ay0) && ax0 < ((bx - ax) * (ay0 - ay)) / (by - ay) + ax) in0 = !in0;
    if ((ay > ay1) !== (by > ay1) && ax1 < ((bx - ax) * (ay1 - ay)) / (by - ay) + ax) in1 = !in1;
    if ((ay > ay2) !== (by > ay2) && ax2 < ((bx - ax) * (ay2 - ay)) / (by - ay) + ax) in2 = !in2;
    if ((ay > ay3) !== (by > ay3) && ax3 < ((bx - ax) * (ay3 - ay)) / (by - ay) + ax) in3 = !in3;
  }
  INSIDE[0] = in0 ? 1 : 0; INSIDE[1] = in1 ? 1 : 0; INSIDE[2] = in2 ? 1 : 0; INSIDE[3] = in3 ? 1 : 0;
}

/** Times (0..1, sorted, with 0 and 1) at which a translating quad's contact with a polygon can change. */
export function translationEvents(s: StandFootprint, dx: number, dy: number, poly: readonly TablePoint[]): number[] {
  const flat = flatPolygon(poly);
  const bb = polygonBoxFlat(flat);
  const q = new Float64Array(8);
  standCornersInto(s, q);
  const m = translationEventsFlat(q, dx, dy, flat, bb[0]!, bb[1]!, bb[2]!, bb[3]!);
  return Array.from(TS.subarray(0, m));
}


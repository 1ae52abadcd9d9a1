/**
 * What an eye sees of a point moving along a segment, exactly: the places along a→b where the
 * answer of `lineOfSight(ix, eye, p)` can change, so that a rule asking "is the mover in sight
 * anywhere on its way, and where first?" is answered from finitely many points instead of samples.
 *
 * With the point p(t) = a + t·(b − a), the answer is piecewise constant in t. It changes only
 *  - where p crosses an edge of a feature that matters to sight (its own ground, inside or out);
 *  - where the sight line eye→p sweeps over a vertex of such a feature or of a crest (the line
 *    from the eye through the vertex meets a→b);
 *  - where eye→p is as long as the crest's see-across distance (a circle about the eye), or p is
 *    `onCrestMm` from a crest (lines parallel to it and circles about its vertices);
 *  - for woods and towns (depth rules), where a run of the sight line inside the feature is
 *    exactly as long as its limit. That boundary is a curve: along a→b the run's length is
 *    |p − eye| times the difference of two line parameters, each a ratio of linear functions of
 *    t, so "length² = limit²" is a polynomial of degree 2 (a run from the eye or to p against one
 *    edge, or both ends inside) or 4 (a run between two edges, or from an edge to p). The edges
 *    bounding each run are fixed between neighbouring events of the kinds above, so each piece is
 *    solved exactly there (`polyRootsIn`).
 * Between two neighbouring events the answer is the same everywhere, so `firstWhereAlong` and
 * `stretchesWhereAlong` judge it once inside each piece.
 *
 * Stands blocking the line (`SightOptions.stands`) are not modelled here: a moving point's
 * corridor past a stand is a further curve no caller needs yet, so such options are refused.
 */
import type { TablePoint } from './types';
import type { SightFeature, SightIndex } from './sightIndex';
import type { SightOptions } from './lineOfSight';
import { pointInPolygon } from './vec';
import { polyAdd, polyMul, polyRootsIn, polyScale, type Poly } from './polyRoots';

/** Parameters in [0, 1] along a→b where the sight line from `eye` to a + t(b − a) can change its answer. */
export function sightEventsAlong(ix: SightIndex, eye: TablePoint, a: TablePoint, b: TablePoint, opts: SightOptions = {}): number[] {
  if (opts.stands) throw new Error('sightEventsAlong: stands blocking the line are not modelled along a path');
  const out: number[] = [];
  const minX = Math.min(eye.x, a.x, b.x), maxX = Math.max(eye.x, a.x, b.x), minY = Math.min(eye.y, a.y, b.y), maxY = Math.max(eye.y, a.y, b.y);
  const feats: SightFeature[] = [];
  for (const f of [...ix.features, ...(opts.extra ?? [])]) {
    const matters = f.rule.kind !== 'clear' || (f.heightLevel ?? 0) !== 0 || (f.crest?.length ?? 0) >= 2;
    if (!matters || !boxMeets(f.polygon, f.crest, minX, minY, maxX, maxY)) continue;
    feats.push(f);
    outlineEvents(f.polygon, true, eye, a, b, out);
    if (f.crest && f.crest.length >= 2) {
      outlineEvents(f.crest, false, eye, a, b, out);
      const onCrest = opts.crest?.onCrestMm ?? 0;
      if (onCrest > 0) for (let i = 0; i < f.crest.length; i++) {
        const p = f.crest[i]!;
        out.push(...circleCrossingsAlong(p, onCrest, a, b));
        const q = f.crest[i + 1];
        if (!q) continue;
        const len = Math.sqrt((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y));
        if (len === 0) continue;
        const nx = (-(q.y - p.y) / len) * onCrest, ny = ((q.x - p.x) / len) * onCrest;
        out.push(...lineCrossingsAlong({ x: p.x + nx, y: p.y + ny } as TablePoint, { x: q.x + nx, y: q.y + ny } as TablePoint, a, b));
        out.push(...lineCrossingsAlong({ x: p.x - nx, y: p.y - ny } as TablePoint, { x: q.x - nx, y: q.y - ny } as TablePoint, a, b));
      }
      const across = opts.crest?.seeAcrossMm ?? 0;
      if (across > 0) out.push(...circleCrossingsAlong(eye, across, a, b));
    }
  }
  // The depth rules' curves, piece by piece between the events so far.
  const depth = feats.filter((f) => f.rule.kind === 'depth');
  if (depth.length > 0) {
    const cuts = sortedEvents([0, 1, ...out]);
    for (let i = 0; i + 1 < cuts.length; i++) {
      const lo = cuts[i]!, hi = cuts[i + 1]!;
      if (!(hi > lo)) continue;
      for (const f of depth) depthRoots(f, eye, a, b, lo, hi, out);
    }
  }
  return sortedEvents(out);
}

/** Parameters t in [0, 1] where a + t(b − a) is `r` from `centre`. */
export function circleCrossingsAlong(centre: TablePoint, r: number, a: TablePoint, b: TablePoint): number[] {
  const ux = a.x - centre.x, uy = a.y - centre.y, wx = b.x - a.x, wy = b.y - a.y;
  return polyRootsIn([ux * ux + uy * uy - r * r, 2 * (ux * wx + uy * wy), wx * wx + wy * wy], 0, 1);
}

/** Parameters t in [0, 1] where a + t(b − a) crosses the (infinite) line through p and q. */
export function lineCrossingsAlong(p: TablePoint, q: TablePoint, a: TablePoint, b: TablePoint): number[] {
  const sx = q.x - p.x, sy = q.y - p.y;
  const den = (b.x - a.x) * sy - (b.y - a.y) * sx;
  if (den === 0) return [];
  const t = ((p.x - a.x) * sy - (p.y - a.y) * sx) / den;
  return t >= 0 && t <= 1 ? [t] : [];
}

/** Parameters t in [0, 1] where a + t(b − a) crosses or touches the outline of a polygon. */
export function outlineCrossingsAlong(poly: readonly TablePoint[], a: TablePoint, b: TablePoint): number[] {
  const out: number[] = [];
  edgeCrossings(poly, true, a, b, out);
  return sortedEvents(out);
}

export interface AlongHit {
  /** Parameter along a→b (0..1). */
  readonly t: number;
  /** Distance from a. */
  readonly atMm: number;
}

/**
 * The first place along a→b where `holds` is true, given every place it can change (`events`,
 * as from `sightEventsAlong`): it is judged once inside each piece between neighbouring events
 * (where it is constant), so the answer is exact, and it is the start of the first piece where it
 * holds. The events themselves are not judged: an answer true only at a single place is a line
 * grazing a corner, where a sight test's even-odd crossing count is least trustworthy. Unless
 * `open`, the ends a and b are judged too.
 */
export function firstWhereAlong(events: readonly number[], a: TablePoint, b: TablePoint, holds: (p: TablePoint, t: number) => boolean, open = false): AlongHit | undefined {
  const L = Math.sqrt((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y));
  const at = (t: number) => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }) as TablePoint;
  if (!open && holds(a, 0)) return { t: 0, atMm: 0 };
  const cuts = sortedEvents([0, 1, ...events]);
  for (let i = 0; i + 1 < cuts.length; i++) {
    const t = cuts[i]!, next = cuts[i + 1]!;
    const mid = (t + next) / 2;
    if (holds(at(mid), mid)) return { t, atMm: t * L };
  }
  if (!open && holds(b, 1)) return { t: 1, atMm: L };
  return undefined;
}

/** Every stretch [t0, t1] of a→b where `holds` is true, from its `events` (judged as `firstWhereAlong` judges them, ends included). */
export function stretchesWhereAlong(events: readonly number[], a: TablePoint, b: TablePoint, holds: (p: TablePoint, t: number) => boolean): { t0: number; t1: number }[] {
  const cuts = sortedEvents([0, 1, ...events]);
  const at = (t: number) => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }) as TablePoint;
  const out: { t0: number; t1: number }[] = [];
  const add = (t0: number, t1: number) => {
    const last = out[out.length - 1];
    if (last && last.t1 >= t0) last.t1 = Math.max(last.t1, t1);
    else out.push({ t0, t1 });
  };
  if (holds(a, 0)) add(0, 0);
  for (let i = 0; i + 1 < cuts.length; i++) {
    const t = cuts[i]!, next = cuts[i + 1]!;
    const mid = (t + next) / 2;
    if (holds(at(mid), mid)) add(t, next);
  }
  if (holds(b, 1)) add(1, 1);
  return out;
}

function sortedEvents(ts: readonly number[]): number[] {
  const s = ts.filter((t) => t >= 0 && t <= 1).sort((x, y) => x - y);
  const out: number[] = [];
  for (const t of s) if (out.length === 0 || t !== out[out.length - 1]) out.push(t);
  return out;
}

function boxMeets(poly: readonly TablePoint[], crest: readonly TablePoint[] | undefined, minX: number, minY: number, maxX: number, maxY: number): boolean {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const p of poly) { if (p.x < x0) x0 = p.x; if (p.x > x1) x1 = p.x; if (p.y < y0) y0 = p.y; if (p.y > y1) y1 = p.y; }
  for (const p of crest ?? []) { if (p.x < x0) x0 = p.x; if (p.x > x1) x1 = p.x; if (p.y < y0) y0 = p.y; if (p.y > y1) y1 = p.y; }
  return x0 <= maxX && minX <= x1 && y0 <= maxY && minY <= y1;
}

/** Where p(t) crosses the outline's edges, and where the line eye→p(t) sweeps over its vertices. */
function outlineEvents(poly: readonly TablePoint[], closed: boolean, eye: TablePoint, a: TablePoint, b: TablePoint, out: number[]): void {
  edgeCrossings(poly, closed, a, b, out);
  for (const v of poly) {
    if (v.x === eye.x && v.y === eye.y) continue;
    out.push(...lineCrossingsAlong(eye, v, a, b));
  }
}

function edgeCrossings(poly: readonly TablePoint[], closed: boolean, a: TablePoint, b: TablePoint, out: number[]): void {
  const n = poly.length, m = closed ? n : n - 1;
  const wx = b.x - a.x, wy = b.y - a.y;
  for (let i = 0; i < m; i++) {
    const p = poly[i]!, q = poly[(i + 1) % n]!;
    const sx = q.x - p.x, sy = q.y - p.y;
    const den = wx * sy - wy * sx;
    const qx = p.x - a.x, qy = p.y - a.y;
    if (den === 0) {
      // Parallel: a collinear edge begins and ends where its ends project (extra places are harmless).
      if (qx * wy - qy * wx !== 0) continue;
      const l2 = wx * wx + wy * wy;
      if (l2 === 0) continue;
      out.push((qx * wx + qy * wy) / l2, ((q.x - a.x) * wx + (q.y - a.y) * wy) / l2);
      continue;
    }
    const t = (qx * sy - qy * sx) / den;
    const u = (qx * wy - qy * wx) / den;
    if (u >= -1e-12 && u <= 1 + 1e-12) out.push(t);
  }
}

/**
 * The places in (lo, hi) where a run of eye→p(t) inside a depth feature is exactly its limit. The
 * runs and the edges bounding them are read at the middle of the piece (they hold throughout it).
 */
function depthRoots(f: SightFeature, eye: TablePoint, a: TablePoint, b: TablePoint, lo: number, hi: number, out: number[]): void {
  const rule = f.rule;
  if (rule.kind !== 'depth') return;
  const poly = f.polygon, n = poly.length;
  const tm = (lo + hi) / 2;
  const ux = a.x - eye.x, uy = a.y - eye.y, wx = b.x - a.x, wy = b.y - a.y;
  const px = ux + wx * tm, py = uy + wy * tm;
  // Each edge's line as n·x = h (unit normal, eye at the origin); the sight line meets it at s = h / (n·p).
  const hits: { s: number; e: number }[] = [];
  const lines: { nx: number; ny: number; h: number }[] = [];
  for (let i = 0; i < n; i++) {
    const p = poly[i]!, q = poly[(i + 1) % n]!;
    const sx = q.x - p.x, sy = q.y - p.y;
    const len = Math.sqrt(sx * sx + sy * sy);
    const nx = len > 0 ? -sy / len : 0, ny = len > 0 ? sx / len : 0;
    lines.push({ nx, ny, h: nx * (p.x - eye.x) + ny * (p.y - eye.y) });
    // Segment eye→eye+p against the edge.
    const den = px * sy - py * sx;
    if (den === 0) continue;
    const qx = p.x - eye.x, qy = p.y - eye.y;
    const s = (qx * sy - qy * sx) / den;
    const v = (qx * py - qy * px) / den;
    if (s >= 0 && s <= 1 && v >= 0 && v <= 1) hits.push({ s, e: i });
  }
  hits.sort((x, y) => x.s - y.s);
  const aIn = pointInPolygon(eye, poly);
  const bIn = pointInPolygon({ x: eye.x + px, y: eye.y + py } as TablePoint, poly);
  // Runs as (from edge or −1 = the eye, to edge or −1 = p), as lineOfSight's judgeFeature reads them.
  const runs: { from: number; to: number; hasA: boolean; hasB: boolean }[] = [];
  let inside = aIn, from = -1;
  for (const h of hits) {
    if (inside) runs.push({ from, to: h.e, hasA: from === -1 && aIn, hasB: false });
    else from = h.e;
    inside = !inside;
  }
  if (inside) runs.push({ from, to: -1, hasA: from === -1 && aIn, hasB: bIn });
  if (runs.length === 0) return;
  const Q: Poly = [ux * ux + uy * uy, 2 * (ux * wx + uy * wy), wx * wx + wy * wy];
  const D = (e: number): Poly => [lines[e]!.nx * ux + lines[e]!.ny * uy, lines[e]!.nx * wx + lines[e]!.ny * wy];
  for (const r of runs) {
    const limit = (r.hasA && r.hasB ? rule.withinMm : r.hasA || r.hasB ? rule.edgeMm : rule.throughMm ?? 0) + 1e-9;
    const L2 = limit * limit;
    let eq: Poly;
    if (r.from === -1 && r.to === -1) eq = polyAdd(Q, [-L2]);
    else if (r.from === -1) {
      // Eye to an edge: length = h·|p| / (n·p).
      const h = lines[r.to]!.h, d = D(r.to);
      eq = polyAdd(polyScale(Q, h * h), polyScale(polyMul(d, d), -L2));
    } else if (r.to === -1) {
      // An edge to p: length = (n·p − h)·|p| / (n·p).
      const h = lines[r.from]!.h, d = D(r.from), dm = polyAdd(d, [-h]);
      eq = polyAdd(polyMul(polyMul(dm, dm), Q), polyScale(polyMul(d, d), -L2));
    } else {
      // Edge to edge: length = (h2·(n1·p) − h1·(n2·p))·|p| / ((n1·p)(n2·p)).
      const h1 = lines[r.from]!.h, h2 = lines[r.to]!.h, d1 = D(r.from), d2 = D(r.to);
      const num = polyAdd(polyScale(d1, h2), polyScale(d2, -h1));
      const den = polyMul(d1, d2);
      eq = polyAdd(polyMul(polyMul(num, num), Q), polyScale(polyMul(den, den), -L2));
    }
    for (const t of polyRootsIn(eq, lo, hi)) out.push(t);
  }
}

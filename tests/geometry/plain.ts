/**
 * Referees for the fast paths: the plain implementations of the path tracer, unit distance and
 * ground level exactly as they stood before the
 * flat, allocation-free versions replaced them. Property tests hold the fast versions to these
 * answers. Not used by the library.
 */
import type { StandFootprint } from '../../src/geometry/types';
import { standCorners } from '../../src/geometry/footprint';
import type { Leg } from '../../src/geometry/movement';
import { legSamples, poseInLeg } from '../../src/geometry/movement';
import type { TerrainIndex, TerrainShape } from '../../src/geometry/terrain';
import { quadPolygonRelation } from '../../src/geometry/terrain';
import { pt } from '../../src/geometry/types';
import type { Box } from '../../src/geometry/vec';
import { segmentHitT } from '../../src/geometry/vec';
import type { StandTrace, TerrainContact } from '../../src/geometry/pathCost';
import { quadDistance } from '../../src/geometry/measure';
import type { SightIndex } from '../../src/geometry/sightIndex';
import { featuresAt } from '../../src/geometry/sightIndex';
import type { TablePoint } from '../../src/geometry/types';
import type { WheelReachOptions } from '../../src/geometry/wheelReach';
import { convexPolygonsOverlap } from '../../src/geometry/collisions';
import { cos, sin } from '../../src/geometry/math';
import { convexHull } from '../../src/geometry/vec';

/** The plain (point) relation of the quad shifted by (ox, oy): the referee for the flat kernel. */
const relationShifted = (q: readonly number[], ox: number, oy: number, poly: readonly TablePoint[]) =>
  quadPolygonRelation([pt(q[0]! + ox, q[1]! + oy), pt(q[2]! + ox, q[3]! + oy), pt(q[4]! + ox, q[5]! + oy), pt(q[6]! + ox, q[7]! + oy)], poly);

type MutableInterval = { fromMm: number; toMm: number };

function pushInterval(list: MutableInterval[], a: number, b: number): void {
  const last = list[list.length - 1];
  if (last && a <= last.toMm + 1e-9) last.toMm = Math.max(b, last.toMm);
  else list.push({ fromMm: a, toMm: b });
}

function record(touching: MutableInterval[], inside: MutableInterval[], rel: 0 | 1 | 2, a: number, b: number): void {
  if (rel >= 1) pushInterval(touching, a, b);
  if (rel === 2) pushInterval(inside, a, b);
}

/** Trace one stand's contact with one polygon along the legs. */
function traceStandPlain(stand: StandFootprint, legs: readonly Leg[], standIndex: number, poly: TerrainShape['polygon'], stepMm = 2): StandTrace {
  const touching: MutableInterval[] = [];
  const inside: MutableInterval[] = [];
  let cur = stand;
  let offset = 0;
  for (const leg of legs) {
    const D = leg.distanceMm;
    if (leg.kind === 'translate') {
      const ts = translationEvents(cur, leg.dx, leg.dy, poly);
      const c0 = standCorners(cur);
      const q = [c0[0].x, c0[0].y, c0[1].x, c0[1].y, c0[2].x, c0[2].y, c0[3].x, c0[3].y];
      record(touching, inside, relationShifted(q, 0, 0, poly), offset, offset);
      for (let k = 1; k < ts.length; k++) {
        const t0 = ts[k - 1]!, t1 = ts[k]!;
        if (t1 - t0 < 1e-12) continue;
        const tm = (t0 + t1) / 2;
        record(touching, inside, relationShifted(q, leg.dx * tm, leg.dy * tm, poly), offset + t0 * D, offset + t1 * D);
      }
      cur = poseInLeg(cur, leg, standIndex, 1);
      record(touching, inside, relationShifted(q, leg.dx, leg.dy, poly), offset + D, offset + D);
    } else {
      const poses = legSamples(cur, [leg], standIndex, stepMm)[0]!;
      const n = poses.length - 1;
      let prev = quadPolygonRelation(standCorners(poses[0]!), poly);
      record(touching, inside, prev, offset, offset);
      for (let k = 1; k <= n; k++) {
        const rel = quadPolygonRelation(standCorners(poses[k]!), poly);
        // PERF: sampled, not traced: a stretch touches when either end does, is inside when both are.
        record(touching, inside, prev === 2 && rel === 2 ? 2 : prev > 0 || rel > 0 ? 1 : 0, offset + ((k - 1) / n) * D, offset + (k / n) * D);
        prev = rel;
      }
      cur = poses[n]!;
    }
    offset += D;
  }
  return { stand: standIndex, touching, inside };
}

/** Times (0..1, sorted, with 0 and 1) at which a translating quad's contact with a polygon can change. */
function translationEvents(s: StandFootprint, dx: number, dy: number, poly: TerrainShape['polygon']): number[] {
  const q = standCorners(s);
  const ts = [0, 1];
  const n = poly.length;
  for (let i = 0; i < 4; i++) {
    const c = q[i]!;
    for (let j = 0; j < n; j++) {
      const a = poly[j]!, b = poly[(j + 1) % n]!;
      const t = segmentHitT(c.x, c.y, c.x + dx, c.y + dy, a.x, a.y, b.x, b.y);
      if (t > 0 && t < 1) ts.push(t);
    }
  }
  for (let j = 0; j < n; j++) {
    const p = poly[j]!;
    for (let i = 0; i < 4; i++) {
      const a = q[i]!, b = q[(i + 1) & 3]!;
      const t = segmentHitT(p.x, p.y, p.x - dx, p.y - dy, a.x, a.y, b.x, b.y);
      if (t > 0 && t < 1) ts.push(t);
    }
  }
  return ts.sort((a, b) => a - b);
}

function pathBox(stand: StandFootprint, legs: readonly Leg[], standIndex: number): Box {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  const grow = (x: number, y: number) => {
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  };
  let cur = stand;
  for (const leg of legs) {
    const cs = standCorners(cur);
    for (const c of cs) grow(c.x, c.y);
    if (leg.kind === 'rotate') {
      // Conservative: the circle the furthest corner sweeps.
      let r = 0;
      for (const c of cs) r = Math.max(r, Math.hypot(c.x - leg.pivot.x, c.y - leg.pivot.y));
      grow(leg.pivot.x - r, leg.pivot.y - r);
      grow(leg.pivot.x + r, leg.pivot.y + r);
    } else if (leg.kind === 'restand') {
      const r = Math.hypot(cur.widthMm, cur.depthMm) / 2;
      const to = leg.to[standIndex] ?? cur;
      grow(cur.centre.x - r, cur.centre.y - r);
      grow(cur.centre.x + r, cur.centre.y + r);
      grow(to.centre.x - r, to.centre.y - r);
      grow(to.centre.x + r, to.centre.y + r);
    }
    cur = poseInLeg(cur, leg, standIndex, 1);
  }
  for (const c of standCorners(cur)) grow(c.x, c.y);
  return { minX, minY, maxX, maxY };
}

/** Is the polygon wholly beside, behind or beyond the band a stand sweeps moving by (dx, dy)? */
function clearOfBand(s: StandFootprint, dx: number, dy: number, poly: TerrainShape['polygon']): boolean {
  const len = Math.hypot(dx, dy);
  if (len === 0) return false;
  const ux = dx / len, uy = dy / len, nx = -uy, ny = ux;
  const c = standCorners(s);
  let a0 = Infinity, a1 = -Infinity, n0 = Infinity, n1 = -Infinity;
  for (const p of c) {
    const a = p.x * ux + p.y * uy, n = p.x * nx + p.y * ny;
    if (a < a0) a0 = a;
    if (a > a1) a1 = a;
    if (n < n0) n0 = n;
    if (n > n1) n1 = n;
  }
  a1 += len;
  let p0 = Infinity, p1 = -Infinity, q0 = Infinity, q1 = -Infinity;
  for (const p of poly) {
    const a = p.x * ux + p.y * uy, n = p.x * nx + p.y * ny;
    if (a < p0) p0 = a;
    if (a > p1) p1 = a;
    if (n < q0) q0 = n;
    if (n > q1) q1 = n;
  }
  return p1 < a0 || p0 > a1 || q1 < n0 || q0 > n1;
}

/** Every feature any stand touches during the move, with the stretches traced. */
export function terrainContactsPlain(stands: readonly StandFootprint[], legs: readonly Leg[], terrain: TerrainIndex, stepMm = 2): TerrainContact[] {
  const total = legs.reduce((a, l) => a + l.distanceMm, 0);
  const byFeature = new Map<string, { feature: TerrainShape; traces: StandTrace[] }>();
  stands.forEach((s, i) => {
    for (const e of terrain.search(pathBox(s, legs, i))) {
      // PERF: a straight move sweeps a convex band; a polygon wholly to one side of it is skipped.
      if (legs.length === 1 && legs[0]!.kind === 'translate' && clearOfBand(s, legs[0]!.dx, legs[0]!.dy, e.value.polygon)) continue;
      const tr = traceStandPlain(s, legs, i, e.value.polygon, stepMm);
      if (tr.touching.length === 0) continue;
      const slot = byFeature.get(e.id) ?? { feature: e.value, traces: [] };
      slot.traces.push(tr);
      byFeature.set(e.id, slot);
    }
  });
  const eps = 1e-9;
  return [...byFeature.values()].map(({ feature, traces }) => {
    let first = Infinity, last = -Infinity, atStart = false, atEnd = false, entered = false, crossed = false;
    for (const t of traces) {
      for (const iv of t.touching) {
        first = Math.min(first, iv.fromMm);
        last = Math.max(last, iv.toMm);
        if (iv.fromMm <= eps) atStart = true; else entered = true;
        if (iv.toMm >= total - eps) atEnd = true;
        if (iv.fromMm > eps && iv.toMm < total - eps) crossed = true;
      }
    }
    return { feature, firstMm: first, lastMm: last, atStart, atEnd, entered, crossed, stands: traces };
  });
}

/** Nearest-point distance between any stand of one unit and any stand of another. */
export function unitDistancePlain(a: readonly StandFootprint[], b: readonly StandFootprint[]): number {
  const bc = b.map(standCorners);
  let best = Infinity;
  for (const s of a) {
    const c = standCorners(s);
    for (const q of bc) {
      const d = quadDistance(c, q);
      if (d < best) { best = d; if (d === 0) return 0; }
    }
  }
  return best;
}

/** Height level of the ground at a point: the highest hill containing it, 0 on the flat. */
export function groundLevelAtPlain(ix: SightIndex, p: TablePoint): number {
  if (!ix.hasHeights) return 0;
  let h = 0;
  for (const f of featuresAt(ix, p.x, p.y)) h = Math.max(h, ix.features[f]!.heightLevel ?? 0);
  return h;
}

// ------------------------------------------------------------------ the least wheel to meet

/**
 * `leastWheelToMeet` (geometry/wheelReach.ts) as it stood before its roots were bisected only
 * as far as the answer needs them: every root of every event function bisected to the end, all
 * sorted, then judged in order. The fast version must give the same angle to the bit.
 */
interface XY { x: number; y: number }

/** The least wheel (signed radians, |φ| ≤ maxRad) after which the path meets `target`, or undefined. */
export function leastWheelToMeetPlain(stands: readonly StandFootprint[], target: readonly StandFootprint[], o: WheelReachOptions): number | undefined {
  if (stands.length === 0 || target.length === 0 || o.reachMm < 0) return undefined;
  const k = o.lossPerRad ?? 0;
  const theta = k > 0 ? Math.min(o.maxRad, o.reachMm / k) : o.maxRad;
  const movers = stands.map((s) => narrowedCorners(s, o.overlapMm ?? 0));
  const targets = target.map((s) => standCorners(s) as XY[]);
  const first: 1 | -1 = o.prefer ?? 1;
  let best: number | undefined;
  for (const sign of [first, first === 1 ? -1 : 1] as const) {
    const a = leastOnSide(movers, targets, o, sign, k, theta, best);
    if (a !== undefined && (best === undefined || a < Math.abs(best))) best = sign * a;
  }
  return best;
}

/** The mover stand's corners narrowed by `m` on each flank (front-left, front-right, rear-right, rear-left). */
function narrowedCorners(s: StandFootprint, m: number): XY[] {
  const c = standCorners(s);
  if (m <= 0) return c.map((p) => ({ x: p.x, y: p.y }));
  const w = s.widthMm;
  const f = Math.min(m, w / 2 - 1e-6) / w;
  // Along the front: corner 0 → 1 and 3 → 2.
  const lerp = (p: XY, q: XY, t: number): XY => ({ x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t });
  return [lerp(c[0], c[1], f), lerp(c[1], c[0], f), lerp(c[2], c[3], f), lerp(c[3], c[2], f)];
}

const cross = (ax: number, ay: number, bx: number, by: number) => ax * by - ay * bx;

/**
 * One coefficient set of f (see the module comment): f(θ) = A cos φ + B sin φ + C + (R₀ − kθ)(P cos φ + Q sin φ + E), φ = sign·θ.
 */
interface TrigLinear { A: number; B: number; C: number; P: number; Q: number; E: number }

function leastOnSide(movers: readonly XY[][], targets: readonly XY[][], o: WheelReachOptions, sign: 1 | -1, k: number, theta: number, bestSoFar: number | undefined): number | undefined {
  const pv = sign > 0 ? o.frame.corners[1] : o.frame.corners[0];
  const d0x = cos(o.headingRad), d0y = sin(o.headingRad);
  const R0 = o.reachMm;
  const limit = bestSoFar === undefined ? theta : Math.min(theta, Math.abs(bestSoFar));
  // A mover's reach about the pivot bounds every place it can be: pairs further apart never meet.
  const roots: number[] = [0, limit];
  const pairs: [XY[], XY[]][] = [];
  for (const m of movers) {
    let rm = 0;
    for (const c of m) rm = Math.max(rm, Math.sqrt((c.x - pv.x) * (c.x - pv.x) + (c.y - pv.y) * (c.y - pv.y)));
    for (const t of targets) {
      let near = Infinity;
      for (const c of t) near = Math.min(near, Math.sqrt((c.x - pv.x) * (c.x - pv.x) + (c.y - pv.y) * (c.y - pv.y)));
      const tx = t[0]!.x - t[2]!.x, ty = t[0]!.y - t[2]!.y, tr = Math.sqrt(tx * tx + ty * ty);
      if (near - tr > rm + R0 + 1e-6) continue;
      pairs.push([m, t]);
      for (const f of eventFunctions(m, t, pv, d0x, d0y)) trigLinearRoots(f, sign, R0, k, limit, roots);
    }
  }
  if (pairs.length === 0) return undefined;
  roots.sort((x, y) => x - y);
  const meets = (th: number) => pathMeets(pairs, pv, sign * th, d0x, d0y, R0 - k * th);
  for (let i = 0; i < roots.length; i++) {
    const r = roots[i]!;
    if (r > limit) break;
    if (meets(r)) return r;
    const next = roots[i + 1];
    if (next !== undefined && next > r && meets((r + next) / 2)) return r;
  }
  return undefined;
}

/** Every event function of one mover stand against one target stand (corner on an edge's line). */
function eventFunctions(m: readonly XY[], t: readonly XY[], pv: XY, d0x: number, d0y: number): TrigLinear[] {
  const out: TrigLinear[] = [];
  // Rot(φ)v = v cos φ + Jv sin φ, Jv = (−v.y, v.x); cross(Rot v, u) = cos·cross(v, u) + sin·cross(Jv, u).
  for (let j = 0; j < 4; j++) {
    const ta = t[j]!, tb = t[(j + 1) & 3]!;
    const ex = tb.x - ta.x, ey = tb.y - ta.y;
    const base = cross(ex, ey, pv.x - ta.x, pv.y - ta.y);
    // cross(e, Rot d0) = −cross(Rot d0, e).
    const P = -cross(d0x, d0y, ex, ey), Q = -cross(-d0y, d0x, ex, ey);
    for (const c of m) {
      const cx = c.x - pv.x, cy = c.y - pv.y;
      // Mover corner on the target edge's line: cross(e, P + Rot c − Ta) (+ R·cross(e, Rot d0) at the end of the run).
      const A = -cross(cx, cy, ex, ey), B = -cross(-cy, cx, ex, ey);
      out.push({ A, B, C: base, P: 0, Q: 0, E: 0 }, { A, B, C: base, P, Q, E: 0 });
    }
  }
  for (const tv of t) {
    const ux = tv.x - pv.x, uy = tv.y - pv.y;
    // Target corner on the line a mover corner runs along: cross(Rot d0, T − P − Rot c).
    const A5 = cross(d0x, d0y, ux, uy), B5 = cross(-d0y, d0x, ux, uy);
    for (let i = 0; i < 4; i++) {
      const ca = m[i]!, cb = m[(i + 1) & 3]!;
      const gx = cb.x - ca.x, gy = cb.y - ca.y;
      const cax = ca.x - pv.x, cay = ca.y - pv.y;
      // Target corner on a mover edge's line: cross(Rot g, T − P − Rot ca) (− R·cross(g, d0) at the end).
      const A = cross(gx, gy, ux, uy), B = cross(-gy, gx, ux, uy), C = -cross(gx, gy, cax, cay);
      out.push({ A, B, C, P: 0, Q: 0, E: 0 }, { A, B, C, P: 0, Q: 0, E: -cross(gx, gy, d0x, d0y) });
      out.push({ A: A5, B: B5, C: -cross(d0x, d0y, cax, cay), P: 0, Q: 0, E: 0 });
    }
  }
  return out;
}

/**
 * The roots of f on [0, Θ], appended to `out`. Certified by a bound M on |f''|: on an interval
 * of half-width h about m, |f| ≥ |f(m)| − |f'(m)|h − Mh²/2 and |f'| ≥ |f'(m)| − Mh, so an
 * interval is dropped only when f cannot vanish in it, and solved by bisection only where f is
 * monotone; a double root (a tangency) is kept at the middle of an interval of 1e-13 rad.
 */
function trigLinearRoots(f: TrigLinear, sign: 1 | -1, R0: number, k: number, theta: number, out: number[]): void {
  const nu = Math.sqrt(f.A * f.A + f.B * f.B), nv = Math.sqrt(f.P * f.P + f.Q * f.Q);
  const hasV = nv > 0 || f.E !== 0;
  // A function with no θ in it at all.
  if (nu === 0 && (!hasV || (nv === 0 && k === 0))) return;
  const M = nu + (hasV ? 2 * k * nv + Math.max(R0, Math.abs(R0 - k * theta)) * nv : 0);
  const val = (th: number) => {
    const ph = sign * th, c = cos(ph), s = sin(ph);
    return f.A * c + f.B * s + f.C + (R0 - k * th) * (f.P * c + f.Q * s + f.E);
  };
  const der = (th: number) => {
    const ph = sign * th, c = cos(ph), s = sin(ph);
    // d/dθ: sign·(−A s + B c) − k(P c + Q s + E) + (R0 − kθ)·sign·(−P s + Q c).
    return sign * (-f.A * s + f.B * c) - k * (f.P * c + f.Q * s + f.E) + (R0 - k * th) * sign * (-f.P * s + f.Q * c);
  };
  const stack: [number, number][] = [[0, theta]];
  while (stack.length > 0) {
    const [lo, hi] = stack.pop()!;
    const h = (hi - lo) / 2, mid = lo + h;
    const fm = val(mid), dm = der(mid);
    if (Math.abs(fm) > Math.abs(dm) * h + (M * h * h) / 2 + 1e-12 * (nu + nv * R0 + Math.abs(f.C) + 1)) continue;
    if (Math.abs(dm) > M * h) {
      // Monotone here: a root only where the ends differ in sign.
      let a = lo, b = hi, fa = val(lo);
      const fb = val(hi);
      if (fa === 0) { out.push(lo); continue; }
      if (fb === 0) { out.push(hi); continue; }
      if ((fa > 0) === (fb > 0)) continue;
      for (let it = 0; it < 100 && b - a > 1e-15; it++) {
        const c = (a + b) / 2, fc = val(c);
        if (fc === 0) { a = b = c; break; }
        if ((fc > 0) === (fa > 0)) { a = c; fa = fc; } else b = c;
      }
      out.push((a + b) / 2);
      continue;
    }
    if (hi - lo < 1e-13) { out.push(mid); continue; }
    stack.push([lo, mid], [mid, hi]);
  }
}

/** Does any mover stand's swept outline (after a wheel of φ, then `runMm` straight) overlap a target stand? */
function pathMeets(pairs: readonly [XY[], XY[]][], pv: XY, phi: number, d0x: number, d0y: number, runMm: number): boolean {
  if (runMm < -1e-9) return false;
  const c = cos(phi), s = sin(phi);
  const dx = (d0x * c - d0y * s) * Math.max(0, runMm), dy = (d0x * s + d0y * c) * Math.max(0, runMm);
  const swept = new Map<XY[], TablePoint[]>();
  for (const [m, t] of pairs) {
    let hull = swept.get(m);
    if (!hull) {
      const pts: TablePoint[] = [];
      for (const p of m) {
        const x = pv.x + (p.x - pv.x) * c - (p.y - pv.y) * s, y = pv.y + (p.x - pv.x) * s + (p.y - pv.y) * c;
        pts.push({ x, y } as TablePoint, { x: x + dx, y: y + dy } as TablePoint);
      }
      hull = convexHull(pts);
      swept.set(m, hull);
    }
    if (convexPolygonsOverlap(hull, t as TablePoint[], 0)) return true;
  }
  return false;
}

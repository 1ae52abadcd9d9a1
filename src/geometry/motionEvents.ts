/**
 * When two moving units first overlap, or first come within a distance, solved rather than
 * sampled, for any plan of legs: straight, turning about a pivot (a wheel) or restanding.
 *
 * Over a stretch of a move in which every stand stays in one leg, each corner of a stand runs
 *
 *     p(s) = o + v·s + Rot(α·s)·r,   s ∈ [0, 1]
 *
 * (a straight leg: α = 0; a wheel: o the pivot, v = 0; a restand: o the stand's centre moving
 * at v while it turns by α). Whether two rectangles overlap (by more than a slack), or lie
 * within a distance of each other, is a yes/no combination of signs of a few functions of s
 * between one stand's corner and the other's edges and corners:
 *
 *   - a corner on the line of an edge, moved in or out by a constant (cross(e, p − q) ± k·|e|):
 *     the separating-axis test with its slack, and the sides of the band within a distance of
 *     an edge;
 *   - a corner level with an end of an edge (dot(e, p − q) = 0 or |e|²): the ends of that band;
 *   - a corner at a distance from a corner (|p − q|² = d²): the discs about the edge's ends.
 *
 * So the answer changes only at roots of these functions. Each is smooth, with a bound M on its
 * second derivative from the motion (speeds and turn rates), and its roots on [0, 1] are
 * isolated with that bound (`isolateRoots`, the method of wheelReach.ts `trigLinearRoots`): an
 * interval is dropped only when the function cannot vanish in it, and bisected to the last bits
 * only where it is monotone. Between neighbouring roots the answer is constant, so it is judged
 * once at the middle (by the caller's own exact test of the poses), and the first moment it
 * holds is a root (or the start).
 */
import type { StandFootprint } from './types';
import type { Leg } from './movement';
import { standCorners } from './footprint';
import { cos, sin } from './math';

/** One stand's motion over a stretch s ∈ [0, 1]: corner i at (ox, oy) + (vx, vy)·s + Rot(alpha·s)·(rx[i], ry[i]). */
export interface StandMotion {
  readonly ox: number;
  readonly oy: number;
  readonly vx: number;
  readonly vy: number;
  readonly alpha: number;
  readonly rx: readonly number[];
  readonly ry: readonly number[];
}

function motionAbout(s: StandFootprint, ox: number, oy: number, vx: number, vy: number, alpha: number): StandMotion {
  const c = standCorners(s);
  return { ox, oy, vx, vy, alpha, rx: c.map((p) => p.x - ox), ry: c.map((p) => p.y - oy) };
}

/** A stand that does not move over the stretch. */
export function stillMotion(s: StandFootprint): StandMotion {
  return motionAbout(s, s.centre.x, s.centre.y, 0, 0, 0);
}

/**
 * The motion of stands over part of one leg, from leg progress `u0` to `u1` (0 … 1): `legStart`
 * are the stands where the leg begins, `at` where they are at `u0` (movement.ts `poseInLeg`).
 */
export function legMotions(legStart: readonly StandFootprint[], at: readonly StandFootprint[], leg: Leg, u0: number, u1: number): StandMotion[] {
  const du = u1 - u0;
  return at.map((s, i) => {
    switch (leg.kind) {
      case 'translate':
        return motionAbout(s, s.centre.x, s.centre.y, leg.dx * du, leg.dy * du, 0);
      case 'rotate':
        return motionAbout(s, leg.pivot.x, leg.pivot.y, 0, 0, leg.angle * du);
      case 'restand': {
        const from = legStart[i]!, to = leg.to[i] ?? from;
        return motionAbout(s, s.centre.x, s.centre.y, (to.centre.x - from.centre.x) * du, (to.centre.y - from.centre.y) * du, (leg.turns[i] ?? 0) * du);
      }
    }
  });
}

/**
 * The roots in [lo, hi] of a smooth function, given its value, its derivative and a bound `M`
 * on |f''| there, appended to `out`. On an interval of half-width h about m, |f| ≥ |f(m)| −
 * |f'(m)|h − Mh²/2 and |f'| ≥ |f'(m)| − Mh: an interval is dropped only when f cannot vanish
 * in it (within `tol`, the rounding of f's own arithmetic), and solved by bisection only where
 * f is monotone. A tangency is kept at the middle of an interval of 1e-13; a function that is
 * zero (within `tol`) all through an interval crosses nothing there and gives no root.
 */
export function isolateRoots(val: (s: number) => number, der: (s: number) => number, M: number, lo0: number, hi0: number, tol: number, out: number[]): void {
  // PERF: one scratch stack of intervals (lo, hi, lo, hi…) for every call (val and der never call back in).
  const stack = ROOT_STACK;
  let top = 0;
  stack[top++] = lo0; stack[top++] = hi0;
  while (top > 0) {
    const hi = stack[--top]!, lo = stack[--top]!;
    // Only the roots from `rootsFrom` on are wanted: an interval wholly before it is not looked at
    // (the intervals that are, are cut and solved as they would be without it).
    if (hi < rootsFrom) continue;
    const h = (hi - lo) / 2, mid = lo + h;
    const fm = val(mid), dm = der(mid);
    const reach = Math.abs(dm) * h + (M * h * h) / 2;
    if (Math.abs(fm) > reach + tol) continue;
    if (Math.abs(fm) + reach <= tol) continue;
    if (Math.abs(dm) > M * h) {
      let a = lo, b = hi, fa = val(lo);
      const fb = val(hi);
      if (fa === 0) { out.push(lo); continue; }
      if (fb === 0) { out.push(hi); continue; }
      if ((fa > 0) === (fb > 0)) continue;
      for (let it = 0; it < 100 && b - a > 1e-15; it++) {
        const c = (a + b) / 2, fc = val(c);
        if (fc === 0) { a = b = c; break; }
        if ((fc > 0) === (fa > 0)) { a = c; fa = fc; } else b = c;
        // The root lies in [a, b] from here on: once that is wholly before `rootsFrom`, it is not wanted.
        if (b < rootsFrom) break;
      }
      if (b < rootsFrom) continue;
      out.push((a + b) / 2);
      continue;
    }
    if (hi - lo < 1e-13) { out.push(mid); continue; }
    stack[top++] = lo; stack[top++] = mid; stack[top++] = mid; stack[top++] = hi;
  }
}

const ROOT_STACK: number[] = [];

/** Corner i of m at s: position and velocity. */
function cornerAt(m: StandMotion, i: number, s: number, o: number[]): void {
  // PERF: a stand that does not turn (standing, or on a straight leg) needs no cos and sin: with
  // α = 0 they are exactly 1 and 0 and every product below gives the same number (at most the
  // sign of a zero differs, which no comparison or product of the event functions can see).
  if (m.alpha === 0) {
    o[0] = m.ox + m.vx * s + m.rx[i]!;
    o[1] = m.oy + m.vy * s + m.ry[i]!;
    o[2] = m.vx;
    o[3] = m.vy;
    return;
  }
  const th = m.alpha * s, c = cos(th), n = sin(th);
  const x = m.rx[i]! * c - m.ry[i]! * n, y = m.rx[i]! * n + m.ry[i]! * c;
  o[0] = m.ox + m.vx * s + x;
  o[1] = m.oy + m.vy * s + y;
  o[2] = m.vx - m.alpha * y;
  o[3] = m.vy + m.alpha * x;
}

const rLen = (m: StandMotion, i: number) => Math.sqrt(m.rx[i]! * m.rx[i]! + m.ry[i]! * m.ry[i]!);

/** What a stand sweeps over the stretch, as a box (its corners at s = 0 grown by how far any can go). */
function sweptBox(m: StandMotion): [number, number, number, number] {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, go = 0;
  for (let i = 0; i < 4; i++) {
    const x = m.ox + m.rx[i]!, y = m.oy + m.ry[i]!;
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
    go = Math.max(go, Math.abs(m.alpha) * rLen(m, i));
  }
  go += Math.sqrt(m.vx * m.vx + m.vy * m.vy);
  return [minX - go, minY - go, maxX + go, maxY + go];
}

const P = [0, 0, 0, 0], Q = [0, 0, 0, 0], Q2 = [0, 0, 0, 0];

/** `isolateRoots` looks only at intervals reaching `rootsFrom` or beyond (0 but in `eventTimesEndAtOne`). */
let rootsFrom = 0;

/*
 * The pair the event functions below are solved for: corner `evI` of `evA` against corner `evJ`
 * and edge evJ → evJ+1 (at rest (evEx0, evEy0)) of `evB`, and the function's constants. They are
 * set before each `isolateRoots` call, which never re-enters; the functions are declared once
 * here, not built for every corner and edge in the loops (a measurable cost in a battle's race).
 */
let evA: StandMotion = { ox: 0, oy: 0, vx: 0, vy: 0, alpha: 0, rx: [], ry: [] }, evB: StandMotion = evA;
let evI = 0, evJ = 0, evEx0 = 0, evEy0 = 0, evDot = false, evK = 0, evD2 = 0;

/** e(s) = Rot(β s) e0 and e' = β J e, into `o`. */
function edgeAt(s: number, o: number[]): void {
  if (evB.alpha === 0) {
    o[0] = evEx0; o[1] = evEy0; o[2] = 0; o[3] = 0;
    return;
  }
  const th = evB.alpha * s, c = cos(th), n = sin(th);
  o[0] = evEx0 * c - evEy0 * n; o[1] = evEx0 * n + evEy0 * c;
  o[2] = -evB.alpha * o[1]!; o[3] = evB.alpha * o[0]!;
}

/** cross(e, p − q) + k (or dot(e, p − q) + k). */
function linVal(s: number): number {
  cornerAt(evA, evI, s, P); cornerAt(evB, evJ, s, Q); edgeAt(s, Q2);
  const wx = P[0]! - Q[0]!, wy = P[1]! - Q[1]!;
  return (evDot ? Q2[0]! * wx + Q2[1]! * wy : Q2[0]! * wy - Q2[1]! * wx) + evK;
}

function linDer(s: number): number {
  cornerAt(evA, evI, s, P); cornerAt(evB, evJ, s, Q); edgeAt(s, Q2);
  const wx = P[0]! - Q[0]!, wy = P[1]! - Q[1]!, wdx = P[2]! - Q[2]!, wdy = P[3]! - Q[3]!;
  return evDot ? Q2[2]! * wx + Q2[3]! * wy + Q2[0]! * wdx + Q2[1]! * wdy : Q2[2]! * wy - Q2[3]! * wx + Q2[0]! * wdy - Q2[1]! * wdx;
}

/** |p − q|² − d². */
function discVal(s: number): number {
  cornerAt(evA, evI, s, P); cornerAt(evB, evJ, s, Q);
  const wx = P[0]! - Q[0]!, wy = P[1]! - Q[1]!;
  return wx * wx + wy * wy - evD2;
}

function discDer(s: number): number {
  cornerAt(evA, evI, s, P); cornerAt(evB, evJ, s, Q);
  return 2 * ((P[0]! - Q[0]!) * (P[2]! - Q[2]!) + (P[1]! - Q[1]!) * (P[3]! - Q[3]!));
}

/**
 * The event functions of corner `i` of `a` against stand `b` (its corner `j`, its edge j → j+1),
 * roots appended to `out`. `offsets`: the constants k of cross(e, p − q) + k·|e| to solve;
 * `distanceMm` > 0 adds the ends of the band (dot) and the discs (|p − q|² = d²).
 */
function cornerEvents(a: StandMotion, i: number, b: StandMotion, offsets: readonly number[], distanceMm: number, out: number[]): void {
  const ra = rLen(a, i);
  for (let j = 0; j < 4; j++) {
    const j1 = (j + 1) & 3;
    const rb = rLen(b, j);
    const ex0 = b.rx[j1]! - b.rx[j]!, ey0 = b.ry[j1]! - b.ry[j]!;
    const E = Math.sqrt(ex0 * ex0 + ey0 * ey0);
    // w = p − q: its speed and acceleration bounds over the stretch, and its size.
    const W1 = Math.sqrt((a.vx - b.vx) * (a.vx - b.vx) + (a.vy - b.vy) * (a.vy - b.vy)) + Math.abs(a.alpha) * ra + Math.abs(b.alpha) * rb;
    const W2 = a.alpha * a.alpha * ra + b.alpha * b.alpha * rb;
    cornerAt(a, i, 0, P);
    cornerAt(b, j, 0, Q);
    const W = Math.sqrt((P[0]! - Q[0]!) * (P[0]! - Q[0]!) + (P[1]! - Q[1]!) * (P[1]! - Q[1]!)) + W1;
    const E1 = Math.abs(b.alpha) * E, E2 = b.alpha * b.alpha * E;
    const Mlin = E2 * W + 2 * E1 * W1 + E * W2;
    evA = a; evI = i; evB = b; evJ = j; evEx0 = ex0; evEy0 = ey0;
    for (const k of offsets) {
      evDot = false; evK = k * E;
      isolateRoots(linVal, linDer, Mlin, 0, 1, 1e-12 * (E * W + Math.abs(evK) + 1), out);
    }
    if (distanceMm > 0) {
      evDot = true; evK = 0;
      isolateRoots(linVal, linDer, Mlin, 0, 1, 1e-12 * (E * W + Math.abs(evK) + 1), out);
      evDot = true; evK = -E * E;
      isolateRoots(linVal, linDer, Mlin, 0, 1, 1e-12 * (E * W + Math.abs(evK) + 1), out);
      const d2 = distanceMm * distanceMm;
      evD2 = d2;
      isolateRoots(discVal, discDer, 2 * (W1 * W1 + W * W2), 0, 1, 1e-12 * (W * W + d2 + 1), out);
    }
  }
}

/**
 * Every moment in [0, 1] at which the overlap of two groups of moving stands (deeper than
 * `slackMm`, as overlap.ts `footprintGroupsOverlap` judges it) or, with `distanceMm`, their being
 * within that distance (as measure.ts `unitDistance` measures) can change; sorted, with 0 and 1.
 * Pairs of stands whose swept boxes stay further apart than the distance (and a millimetre) give none.
 */
export function motionEventTimes(a: readonly StandMotion[], b: readonly StandMotion[], o: { readonly slackMm?: number; readonly distanceMm?: number }): number[] {
  const out = eventRoots(a, b, o);
  out.push(0, 1);
  out.sort((x, y) => x - y);
  // Roots a rounding apart are one.
  let n = 0;
  for (const t of out) if (n === 0 || t - out[n - 1]! > 1e-14) out[n++] = Math.min(1, Math.max(0, t));
  out.length = n;
  return out;
}

/** The roots of every event function of the pairs of stands that can come near (unsorted, repeats kept). */
function eventRoots(a: readonly StandMotion[], b: readonly StandMotion[], o: { readonly slackMm?: number; readonly distanceMm?: number }): number[] {
  const out: number[] = [];
  const d = o.distanceMm ?? 0;
  const offsets = o.distanceMm !== undefined ? [d, -d] : [o.slackMm ?? 0, -(o.slackMm ?? 0)];
  const boxesB = b.map(sweptBox);
  const near = d + Math.max(0, -(o.slackMm ?? 0)) + 1;
  for (const ma of a) {
    const ba = sweptBox(ma);
    for (let k = 0; k < b.length; k++) {
      const bb = boxesB[k]!, mb = b[k]!;
      if (ba[0] > bb[2] + near || bb[0] > ba[2] + near || ba[1] > bb[3] + near || bb[1] > ba[3] + near) continue;
      for (let i = 0; i < 4; i++) cornerEvents(ma, i, mb, offsets, d, out);
      // The other way about: b's corners against a's edges (the discs are the same, once is enough).
      for (let i = 0; i < 4; i++) cornerEvents(mb, i, ma, offsets, 0, out);
    }
  }
  return out;
}

/**
 * Whether the last of `motionEventTimes(a, b, o)` is exactly 1 (it is, unless a root lies within
 * a rounding, 1e-14, below 1 and so stands for it), found from the roots near 1 alone: for a caller
 * that knows the answer it judges holds all through the stretch and needs only its end.
 */
export function eventTimesEndAtOne(a: readonly StandMotion[], b: readonly StandMotion[], o: { readonly slackMm?: number; readonly distanceMm?: number }): boolean {
  // Every root from here on is found (the same numbers as the full solve gives); those before it
  // are more than 1e-14 below 1, and so is the last root the full list keeps before 1.
  rootsFrom = 1 - 1e-12;
  try {
    for (const t of eventRoots(a, b, o)) if (t < 1 && !(1 - t > 1e-14)) return false;
    return true;
  } finally {
    rootsFrom = 0;
  }
}

/**
 * The first s in [0, 1] at which `holds` (the caller's exact test of the poses, constant between
 * neighbouring event times) is true: the start, an event time where it holds or after which it
 * holds, or undefined.
 */
export function firstWhereBetween(times: readonly number[], holds: (s: number) => boolean): number | undefined {
  for (let i = 0; i < times.length; i++) {
    const t = times[i]!;
    if (holds(t)) return t;
    const next = times[i + 1];
    if (next !== undefined && next > t && holds((t + next) / 2)) return t;
  }
  return undefined;
}

/** The stretches [s0, s1] of [0, 1] over which `holds` is true (ends at event times). */
export function stretchesWhereBetween(times: readonly number[], holds: (s: number) => boolean): [number, number][] {
  const out: [number, number][] = [];
  let open: number | undefined;
  for (let i = 0; i < times.length; i++) {
    const t = times[i]!;
    const next = times[i + 1];
    const at = holds(t);
    const after = next !== undefined && next > t ? holds((t + next) / 2) : at;
    if ((at || after) && open === undefined) open = t;
    if (open !== undefined && !after) { out.push([open, t]); open = undefined; }
  }
  if (open !== undefined) out.push([open, times[times.length - 1] ?? 1]);
  return out;
}

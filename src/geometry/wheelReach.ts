/**
 * The least wheel after which a unit's straight path meets another unit, solved rather than
 * tried at steps.
 *
 * A wheel of φ turns the mover about its front corner on the side turned towards (movement.ts
 * `wheel`: the front-right corner for φ ≥ 0, the front-left for φ < 0); it then goes straight
 * along its turned heading for what is left of its reach, `reachMm − lossPerRad·|φ|` (a charge's
 * wheel costs its outer arc). The path is the region each stand sweeps on the way. Whether that
 * region overlaps a target stand changes only where a corner of one shape lies on the line of an
 * edge of the other: a mover corner (at the start or the end of the run) on a target edge, or a
 * target corner on a mover edge (at the start, at the end, or on the line a mover corner runs
 * along). Each such place is a root in φ of
 *
 *     f(θ) = A·cos φ + B·sin φ + C + (R₀ − k·θ)·(P·cos φ + Q·sin φ + E),   φ = ±θ, θ ∈ [0, Θ],
 *
 * isolated here with a bound on f'' (an interval is dropped only when f cannot reach 0 in it,
 * and bisected only where f is monotone), so no root is stepped over. Between neighbouring roots
 * the answer cannot change: each gap is judged once, at its middle, by an exact overlap test
 * of the swept outlines. The least angle is then a root (or 0) — on either side, the side
 * `prefer` first on a tie.
 *
 * `overlapMm` asks for a path that overlaps the target by at least that much across its front:
 * the mover's stands are narrowed by it on each flank before solving, so a path that only grazes
 * a corner does not count (a ruleset's reading of "meets"; NW RULINGS).
 */
import { standCorners } from './footprint';
import type { Frame } from './frame';
import { cos, hypot, sin } from './math';
import type { StandFootprint } from './types';

export interface WheelReachOptions {
  /** The mover's frame: its front corners are the pivots (movement.ts `wheel`). */
  readonly frame: Frame;
  /** The heading of the straight run before any wheel (turned by the wheel). */
  readonly headingRad: number;
  /** The widest wheel either way. */
  readonly maxRad: number;
  /** The straight distance with no wheel. */
  readonly reachMm: number;
  /** Straight distance a wheel of one radian uses up (a charge: its outer arc times the rules' factor). */
  readonly lossPerRad?: number;
  /** Overlap across the front the path must have with the target (0: touching is not enough, any overlap is). */
  readonly overlapMm?: number;
  /** The side tried first when both give the same least angle (+1: to the right, clockwise on screen). */
  readonly prefer?: 1 | -1;
}

interface XY { x: number; y: number }

/** The least wheel (signed radians, |φ| ≤ maxRad) after which the path meets `target`, or undefined. */
export function leastWheelToMeet(stands: readonly StandFootprint[], target: readonly StandFootprint[], o: WheelReachOptions): number | undefined {
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
export interface TrigLinear { A: number; B: number; C: number; P: number; Q: number; E: number }

function leastOnSide(movers: readonly XY[][], targets: readonly XY[][], o: WheelReachOptions, sign: 1 | -1, k: number, theta: number, bestSoFar: number | undefined): number | undefined {
  const pv = sign > 0 ? o.frame.corners[1] : o.frame.corners[0];
  const d0x = cos(o.headingRad), d0y = sin(o.headingRad);
  const R0 = o.reachMm;
  const limit = bestSoFar === undefined ? theta : Math.min(theta, Math.abs(bestSoFar));
  // A mover's reach about the pivot bounds every place it can be: pairs further apart never meet.
  const roots: number[] = [0, limit];
  const brackets: Bracket[] = [];
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
      for (const f of eventFunctions(m, t, pv, d0x, d0y)) trigLinearRoots(f, sign, R0, k, limit, roots, brackets);
    }
  }
  if (pairs.length === 0) return undefined;
  const meets = (th: number) => pathMeets(pairs, pv, sign * th, d0x, d0y, R0 - k * th);
  // In ascending order, each root judged at itself and at the middle of the gap to the next.
  const sorted = new AscendingRoots(roots, brackets);
  for (let r = sorted.take(); r !== undefined; r = sorted.take()) {
    if (r > limit) break;
    if (meets(r)) return r;
    const next = sorted.peek();
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
 *
 * With `later`, a root that needs bisecting is not bisected here: its bracket is appended there,
 * to be bisected (`Bracket.root`, the same steps, so the same root to the bit) only if it is
 * wanted.
 */
export function trigLinearRoots(f: TrigLinear, sign: 1 | -1, R0: number, k: number, theta: number, out: number[], later?: Bracket[]): void {
  const nu = Math.sqrt(f.A * f.A + f.B * f.B), nv = Math.sqrt(f.P * f.P + f.Q * f.Q);
  const hasV = nv > 0 || f.E !== 0;
  // A function with no θ in it at all.
  if (nu === 0 && (!hasV || (nv === 0 && k === 0))) return;
  const M = nu + (hasV ? 2 * k * nv + Math.max(R0, Math.abs(R0 - k * theta)) * nv : 0);
  // PERF: f itself is made only when a bracket needs it, and the intervals still to look at are
  // kept flat (lo, hi, lo, hi…), taken in the same order as pairs would be.
  let val: ((th: number) => number) | undefined;
  const stack: number[] = [0, theta];
  while (stack.length > 0) {
    const hi = stack.pop()!, lo = stack.pop()!;
    const h = (hi - lo) / 2, mid = lo + h;
    // PERF: f and f' at the middle from one cosine and sine (the same sums as `val` and the
    // derivative); the last angle's are kept, since every event function of a wheel first looks
    // at the same middle.
    const ph = sign * mid;
    if (ph !== LAST.ph) {
      LAST.ph = ph;
      LAST.c = cos(ph);
      LAST.s = sin(ph);
    }
    const c = LAST.c, s = LAST.s;
    const fm = f.A * c + f.B * s + f.C + (R0 - k * mid) * (f.P * c + f.Q * s + f.E);
    // d/dθ: sign·(−A s + B c) − k(P c + Q s + E) + (R0 − kθ)·sign·(−P s + Q c).
    const dm = sign * (-f.A * s + f.B * c) - k * (f.P * c + f.Q * s + f.E) + (R0 - k * mid) * sign * (-f.P * s + f.Q * c);
    if (Math.abs(fm) > Math.abs(dm) * h + (M * h * h) / 2 + 1e-12 * (nu + nv * R0 + Math.abs(f.C) + 1)) continue;
    if (Math.abs(dm) > M * h) {
      // Monotone here: a root only where the ends differ in sign.
      val ??= (th: number) => {
        const ph = sign * th, c = cos(ph), s = sin(ph);
        return f.A * c + f.B * s + f.C + (R0 - k * th) * (f.P * c + f.Q * s + f.E);
      };
      const fa = val(lo);
      const fb = val(hi);
      if (fa === 0) { out.push(lo); continue; }
      if (fb === 0) { out.push(hi); continue; }
      if ((fa > 0) === (fb > 0)) continue;
      const br = new Bracket(val, lo, hi, fa);
      if (later) later.push(br);
      else out.push(br.root());
      continue;
    }
    if (hi - lo < 1e-13) { out.push(mid); continue; }
    stack.push(lo, mid, mid, hi);
  }
}

/** The cosine and sine of the last middle angle `trigLinearRoots` looked at (±0 alike: only |f| and |f'| are read there). */
const LAST = { ph: NaN, c: NaN, s: NaN };

/**
 * A root of a function monotone on [a, b] whose ends differ in sign, found by bisection as far as
 * it is asked for: `narrow` takes a few more halvings, `root` all of them. The halvings are the
 * same whenever they are taken, so the root is the same to the bit.
 */
export class Bracket {
  private done = false;
  private it = 0;
  constructor(
    private readonly f: (th: number) => number,
    /** The root lies in [a, b]; `a` only rises and `b` only falls as the bracket narrows. */
    public a: number,
    public b: number,
    private fa: number,
  ) {}

  /** Up to `n` more halvings (the bisection stops at 1e-15 rad, after 100 halvings, or on a point where f is exactly 0). */
  narrow(n: number): void {
    const f = this.f;
    let a = this.a, b = this.b, fa = this.fa, it = this.it;
    for (let j = 0; j < n; j++) {
      if (!(it < 100 && b - a > 1e-15)) { this.done = true; break; }
      const c = (a + b) / 2, fc = f(c);
      if (fc === 0) { a = b = c; this.done = true; break; }
      if ((fc > 0) === (fa > 0)) { a = c; fa = fc; } else b = c;
      it++;
    }
    this.a = a; this.b = b; this.fa = fa; this.it = it;
  }

  get isRoot(): boolean {
    return this.done;
  }

  /** The root: bisected to the end. */
  root(): number {
    if (!this.done) this.narrow(Infinity);
    return (this.a + this.b) / 2;
  }
}

/**
 * Roots known exactly and roots still in brackets, handed out in ascending order (equal roots as
 * many times as they were found: what sorting every root would give). Brackets are narrowed a few
 * halvings at a time, the one with the least lower end first, and only while that end is not
 * above the least root known: so the first roots of a long list cost their own bisections and
 * the rest little more than the first halvings.
 */
export class AscendingRoots {
  /** Known roots, largest first (the least is popped from the end). */
  private readonly known: number[];
  /** Brackets, a binary heap on their lower end. */
  private readonly open: Bracket[] = [];

  constructor(exact: readonly number[], brackets: readonly Bracket[]) {
    this.known = [...exact].sort((x, y) => y - x);
    for (const b of brackets) this.push(b);
  }

  /** The least root left (not taken), or undefined. */
  peek(): number | undefined {
    const known = this.known, open = this.open;
    for (;;) {
      const least = known.length > 0 ? known[known.length - 1]! : undefined;
      const br = open[0];
      // A bracket whose lower end is above the least known root holds no smaller root (nor does any other).
      if (br === undefined || (least !== undefined && br.a > least)) return least;
      this.popTop();
      br.narrow(HALVINGS);
      if (!br.isRoot) {
        this.push(br);
        continue;
      }
      const r = br.root();
      // Into its place among the known roots (largest first).
      let i = known.length;
      while (i > 0 && known[i - 1]! < r) i--;
      known.splice(i, 0, r);
    }
  }

  /** The least root left, taken. */
  take(): number | undefined {
    const r = this.peek();
    if (r !== undefined) this.known.pop();
    return r;
  }

  private push(b: Bracket): void {
    const h = this.open;
    let i = h.length;
    h.push(b);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (h[p]!.a <= b.a) break;
      h[i] = h[p]!;
      i = p;
    }
    h[i] = b;
  }

  private popTop(): void {
    const h = this.open;
    const last = h.pop()!;
    if (h.length === 0) return;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1, r = l + 1;
      if (l >= h.length) break;
      const c = r < h.length && h[r]!.a < h[l]!.a ? r : l;
      if (h[c]!.a >= last.a) break;
      h[i] = h[c]!;
      i = c;
    }
    h[i] = last;
  }
}

/** Halvings a bracket is narrowed by at a time when it might hold the least root. */
const HALVINGS = 6;

/** Does any mover stand's swept outline (after a wheel of φ, then `runMm` straight) overlap a target stand? */
function pathMeets(pairs: readonly [XY[], XY[]][], pv: XY, phi: number, d0x: number, d0y: number, runMm: number): boolean {
  if (runMm < -1e-9) return false;
  const c = cos(phi), s = sin(phi);
  const dx = (d0x * c - d0y * s) * Math.max(0, runMm), dy = (d0x * s + d0y * c) * Math.max(0, runMm);
  // PERF: the pairs come grouped by mover stand, whose outline is made once for its group.
  let last: XY[] | undefined;
  for (const [m, t] of pairs) {
    if (m !== last) {
      sweptOutline(m, pv, c, s, dx, dy);
      last = m;
    }
    if (outlineOverlaps(t)) return true;
  }
  return false;
}

/*
 * PERF: the swept outline of one mover stand, made in scratch arrays instead of as point objects:
 * the convex hull (vec.ts `convexHull`: Andrew's monotone chain, the same sums and the same
 * vertices in the same order) of its corners after the wheel and after the run.
 */
const PX = new Float64Array(8), PY = new Float64Array(8), HX = new Float64Array(16), HY = new Float64Array(16);
let hullN = 0;

function sweptOutline(m: readonly XY[], pv: XY, c: number, s: number, dx: number, dy: number): void {
  let n = 0;
  for (const p of m) {
    const x = pv.x + (p.x - pv.x) * c - (p.y - pv.y) * s, y = pv.y + (p.x - pv.x) * s + (p.y - pv.y) * c;
    PX[n] = x; PY[n] = y; n++;
    PX[n] = x + dx; PY[n] = y + dy; n++;
  }
  // Sorted by x, then y (points equal in both are the same point, in whatever order).
  for (let i = 1; i < n; i++) {
    const x = PX[i]!, y = PY[i]!;
    let j = i - 1;
    while (j >= 0 && (PX[j]! - x || PY[j]! - y) > 0) { PX[j + 1] = PX[j]!; PY[j + 1] = PY[j]!; j--; }
    PX[j + 1] = x; PY[j + 1] = y;
  }
  // Lower chain, then upper, each without its last point.
  let h = 0;
  const turn = (o: number, a: number, qx: number, qy: number) => (HX[a]! - HX[o]!) * (qy - HY[o]!) - (HY[a]! - HY[o]!) * (qx - HX[o]!);
  for (let i = 0; i < n; i++) {
    while (h >= 2 && turn(h - 2, h - 1, PX[i]!, PY[i]!) <= 0) h--;
    HX[h] = PX[i]!; HY[h] = PY[i]!; h++;
  }
  const lower = h - 1;
  // The upper chain is built after the lower one's points (all but its last, which it starts from).
  const base = lower;
  h = base;
  for (let i = n - 1; i >= 0; i--) {
    while (h - base >= 2 && turn(h - 2, h - 1, PX[i]!, PY[i]!) <= 0) h--;
    HX[h] = PX[i]!; HY[h] = PY[i]!; h++;
  }
  hullN = h - 1;
}

/** collisions.ts `convexPolygonsOverlap(outline, t, 0)`, the same sums, on the scratch outline. */
function outlineOverlaps(t: readonly XY[]): boolean {
  for (let k = 0; k < 2; k++) {
    const n = k === 0 ? hullN : t.length;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const px = k === 0 ? HX[i]! : t[i]!.x, py = k === 0 ? HY[i]! : t[i]!.y;
      const qx = k === 0 ? HX[j]! : t[j]!.x, qy = k === 0 ? HY[j]! : t[j]!.y;
      const ax = -(qy - py), ay = qx - px;
      const len = hypot(ax, ay);
      if (len === 0) continue;
      let minA = Infinity, maxA = -Infinity, minB = Infinity, maxB = -Infinity;
      for (let v = 0; v < hullN; v++) { const d = HX[v]! * ax + HY[v]! * ay; if (d < minA) minA = d; if (d > maxA) maxA = d; }
      for (const v of t) { const d = v.x * ax + v.y * ay; if (d < minB) minB = d; if (d > maxB) maxB = d; }
      if (maxA <= minB + 0 * len || maxB <= minA + 0 * len) return false;
    }
  }
  return true;
}

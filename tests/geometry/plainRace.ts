/**
 * Referee for the race's fast paths: geometry `raceMoves` and the event times it solves
 * (motionEvents.ts `motionEventTimes`) exactly as they stood before the race learned to skip
 * stretches where a unit stays beyond the `within` distance throughout, and the event functions
 * to do without cos and sin for stands that do not turn. Property tests hold the fast race to these answers, to the bit.
 * Not used by the library.
 */
import type { StandFootprint } from '../../src/geometry/types';
import type { Leg } from '../../src/geometry/movement';
import { legsDistance, standsAtDistance, sweptBox } from '../../src/geometry/movement';
import { footprintGroupsOverlap } from '../../src/geometry/overlap';
import { unitDistance } from '../../src/geometry/measure';
import { firstWhereBetween, legMotions, stillMotion, stretchesWhereBetween, type StandMotion } from '../../src/geometry/motionEvents';
import { cos, sin } from '../../src/geometry/math';
import { EPS_MM, type Box } from '../../src/geometry/vec';
import { traceMove, type Body } from '../../src/geometry/moveCore';
import type { RaceMover, RaceOptions, RaceResult, RaceStop } from '../../src/geometry/simultaneous';

// ---------------------------------------------------------------- the plain event times (motionEvents.ts)

/**
 * The roots in [lo, hi] of a smooth function, given its value, its derivative and a bound `M`
 * on |f''| there, appended to `out`. On an interval of half-width h about m, |f| ≥ |f(m)| −
 * |f'(m)|h − Mh²/2 and |f'| ≥ |f'(m)| − Mh: an interval is dropped only when f cannot vanish
 * in it (within `tol`, the rounding of f's own arithmetic), and solved by bisection only where
 * f is monotone. A tangency is kept at the middle of an interval of 1e-13; a function that is
 * zero (within `tol`) all through an interval crosses nothing there and gives no root.
 */
function isolateRoots(val: (s: number) => number, der: (s: number) => number, M: number, lo0: number, hi0: number, tol: number, out: number[]): void {
  const stack: number[] = [lo0, hi0];
  while (stack.length > 0) {
    const hi = stack.pop()!, lo = stack.pop()!;
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
      }
      out.push((a + b) / 2);
      continue;
    }
    if (hi - lo < 1e-13) { out.push(mid); continue; }
    stack.push(lo, mid, mid, hi);
  }
}

/** Corner i of m at s: position and velocity. */
function cornerAt(m: StandMotion, i: number, s: number, o: number[]): void {
  const th = m.alpha * s, c = cos(th), n = sin(th);
  const x = m.rx[i]! * c - m.ry[i]! * n, y = m.rx[i]! * n + m.ry[i]! * c;
  o[0] = m.ox + m.vx * s + x;
  o[1] = m.oy + m.vy * s + y;
  o[2] = m.vx - m.alpha * y;
  o[3] = m.vy + m.alpha * x;
}

const rLen = (m: StandMotion, i: number) => Math.sqrt(m.rx[i]! * m.rx[i]! + m.ry[i]! * m.ry[i]!);

/** What a stand sweeps over the stretch, as a box (its corners at s = 0 grown by how far any can go). */
function motionSweptBox(m: StandMotion): [number, number, number, number] {
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
export function motionEventTimesPlain(a: readonly StandMotion[], b: readonly StandMotion[], o: { readonly slackMm?: number; readonly distanceMm?: number }): number[] {
  const out: number[] = [0, 1];
  const d = o.distanceMm ?? 0;
  const offsets = o.distanceMm !== undefined ? [d, -d] : [o.slackMm ?? 0, -(o.slackMm ?? 0)];
  const boxesB = b.map(motionSweptBox);
  const near = d + Math.max(0, -(o.slackMm ?? 0)) + 1;
  for (const ma of a) {
    const ba = motionSweptBox(ma);
    for (let k = 0; k < b.length; k++) {
      const bb = boxesB[k]!, mb = b[k]!;
      if (ba[0] > bb[2] + near || bb[0] > ba[2] + near || ba[1] > bb[3] + near || bb[1] > ba[3] + near) continue;
      for (let i = 0; i < 4; i++) cornerEvents(ma, i, mb, offsets, d, out);
      // The other way about: b's corners against a's edges (the discs are the same, once is enough).
      for (let i = 0; i < 4; i++) cornerEvents(mb, i, ma, offsets, 0, out);
    }
  }
  out.sort((x, y) => x - y);
  // Roots a rounding apart are one.
  let n = 0;
  for (const t of out) if (n === 0 || t - out[n - 1]! > 1e-14) out[n++] = Math.min(1, Math.max(0, t));
  out.length = n;
  return out;
}

// ---------------------------------------------------------------- the plain race (simultaneous.ts)

interface Runner {
  readonly m: RaceMover;
  readonly planMm: number;
  readonly paceMm: number;
  stopAt: number | undefined;
  stop: RaceStop | undefined;
  /** The last pose asked for, and the distance along the plan it is at. */
  poseAt: number;
  pose: readonly StandFootprint[] | undefined;
}

interface Ev {
  readonly r: Runner;
  readonly at: number;
  readonly kind: 'halt' | 'contact';
  readonly by: string;
}

/**
 * Race the movers: each follows its plan at its own pace, all starting together; returns where
 * each stopped, in the order given.
 */
export function raceMovesPlain(movers: readonly RaceMover[], opts: RaceOptions = {}): RaceResult[] {
  const slices = Math.max(1, opts.slices ?? 20);
  const bisections = opts.bisections ?? 30;
  const slack = opts.overlapSlackMm ?? EPS_MM;
  const unitsOverlap = (a: readonly StandFootprint[], b: readonly StandFootprint[]) => footprintGroupsOverlap(a, b, slack);
  const probe = opts.strikeProbeMm ?? 2;
  const policy = opts.contact ?? 'striker';
  const others = opts.others ?? [];
  const runners: Runner[] = movers.map((m) => {
    const planMm = legsDistance(m.legs);
    return { m, planMm, paceMm: m.paceMm ?? planMm, stopAt: undefined, stop: undefined, poseAt: NaN, pose: undefined };
  });
  const byId = new Map(runners.map((r) => [r.m.id, r]));
  const still = new Map(others.map((o) => [o.id, o]));
  const distAt = (r: Runner, f: number) => Math.min(r.planMm, r.paceMm * f);
  // PERF: a runner's pose is asked for again and again at the same moment (its own halt test, then
  // every other runner's): the last one is kept (a pure function of the distance along the plan).
  const standsOf = (r: Runner, f: number): readonly StandFootprint[] => {
    const at = distAt(r, r.stopAt !== undefined ? Math.min(f, r.stopAt) : f);
    if (at === r.poseAt && r.pose) return r.pose;
    const pose = standsAtDistance(r.m.stands, r.m.legs, at);
    r.poseAt = at;
    r.pose = pose;
    return pose;
  };
  const poseOf = (f: number) => (id: string): readonly StandFootprint[] | undefined => {
    const r = byId.get(id);
    return r ? standsOf(r, f) : still.get(id)?.stands;
  };
  const moving = (r: Runner) => r.paceMm > 0 && r.planMm > 0;
  // Pairs overlapping when the race begins are never judged against each other.
  const startOverlap = new Set<string>();
  const bodies: Body[] = [...movers, ...others];
  for (const r of runners) for (const b of bodies) if (b.id !== r.m.id && unitsOverlap(r.m.stands, b.stands)) startOverlap.add(`${r.m.id}|${b.id}`);
  // PERF: a unit never meets one whose box over the whole race (sweptBox: every pose its plan
  // passes through, a millimetre to spare; a standing unit's own box) its own never touches.
  // (A negative slack makes a gap count as contact: the boxes grow by it as well.)
  const pad = 1 + Math.max(0, -slack);
  const boxes = new Map<string, Box>();
  for (const r of runners) boxes.set(r.m.id, sweptBox(r.m.stands, r.m.legs, pad));
  for (const o of others) if (!boxes.has(o.id)) boxes.set(o.id, sweptBox(o.stands, [], pad));
  const mayMeet = (a: string, b: string): boolean => {
    const p = boxes.get(a), q = boxes.get(b);
    return !p || !q || (p.minX <= q.maxX && q.minX <= p.maxX && p.minY <= q.maxY && q.minY <= p.maxY);
  };
  const candidates = new Map<string, Body[]>();
  for (const r of runners) {
    const first = opts.prefer?.(r.m.id);
    const list = bodies.filter((b) => b.id !== r.m.id && !startOverlap.has(`${r.m.id}|${b.id}`) && (opts.meets?.(r.m.id, b.id) ?? 'block') === 'block' && mayMeet(r.m.id, b.id));
    const i = first === undefined ? -1 : list.findIndex((b) => b.id === first);
    if (i > 0) list.unshift(...list.splice(i, 1));
    candidates.set(r.m.id, list);
  }
  /** Moments in (f0, f1) where a runner's motion changes (a leg ends, its plan ends, it stopped). */
  const turnsOf = (r: Runner, f0: number, f1: number, out: number[]) => {
    if (!moving(r)) return;
    let acc = 0;
    for (const l of r.m.legs) { acc += l.distanceMm; const f = acc / r.paceMm; if (f > f0 && f < f1) out.push(f); }
    if (r.stopAt !== undefined && r.stopAt > f0 && r.stopAt < f1) out.push(r.stopAt);
  };
  /** The distance along a runner's plan at f, held where it stopped. */
  const heldAt = (r: Runner, f: number) => distAt(r, r.stopAt !== undefined ? Math.min(f, r.stopAt) : f);
  /** The leg a runner is in over a stretch with no turn in it (undefined: it stands still), its start, and the leg progress at the ends. */
  const legOver = (r: Runner, fa: number, fb: number): { leg: Leg; startMm: number; u0: number; u1: number } | undefined => {
    const da = heldAt(r, fa), db = heldAt(r, fb);
    if (!(db > da)) return undefined;
    const mid = (da + db) / 2;
    let acc = 0;
    for (const leg of r.m.legs) {
      if (leg.distanceMm > 0 && mid >= acc && mid < acc + leg.distanceMm) return { leg, startMm: acc, u0: (da - acc) / leg.distanceMm, u1: (db - acc) / leg.distanceMm };
      acc += leg.distanceMm;
    }
    return undefined;
  };
  /** Every stand's motion over a stretch with no turn in it (motionEvents.ts). */
  const motionsOver = (r: Runner | undefined, stands: readonly StandFootprint[], fa: number, fb: number): StandMotion[] => {
    const l = r ? legOver(r, fa, fb) : undefined;
    if (!r || !l) return (r ? standsOf(r, fa) : stands).map(stillMotion);
    const at = standsOf(r, fa);
    return legMotions(l.leg.kind === 'restand' ? standsAtDistance(r.m.stands, r.m.legs, l.startMm) : at, at, l.leg, l.u0, l.u1);
  };
  const straightOver = (r: Runner | undefined, fa: number, fb: number) => !r || (legOver(r, fa, fb)?.leg.kind ?? 'translate') === 'translate';
  /**
   * The first contact of a runner with each of its candidates in [f0, f1], exact: the stretch is
   * cut where either unit's motion changes (a leg ends, a plan ends, a unit stopped); on a piece
   * where both go straight (or stand) the core's sweep of their relative motion (moveCore
   * `traceMove`) finds where they meet; elsewhere (a wheel, a restand, or an overlap already
   * there but not yet deeper than the slack) the moments where their overlap can change are
   * solved (motionEvents.ts) and judged between. A corner that clips another within a slice
   * and is clear again by its end is met too.
   */
  const exactContact = (r: Runner, f0: number, f1: number, passed: Set<string>): { at: number; by: string } | undefined => {
    let best: { at: number; by: string } | undefined;
    for (const b of candidates.get(r.m.id)!) {
      if (passed.has(`${r.m.id}|${b.id}`)) continue;
      const q = byId.get(b.id);
      const cuts = [f0, f1];
      turnsOf(r, f0, f1, cuts);
      if (q) turnsOf(q, f0, f1, cuts);
      cuts.sort((x, y) => x - y);
      const limit = best ? best.at : f1;
      for (let i = 0; i + 1 < cuts.length; i++) {
        const fa = cuts[i]!, fb = cuts[i + 1]!;
        if (fa >= limit || (best && fa > best.at)) break;
        if (!(fb > fa)) continue;
        const pa = standsOf(r, fa), qa = q ? standsOf(q, fa) : b.stands;
        let at: number | undefined;
        const overlapAt = (f: number) => unitsOverlap(standsOf(r, f), q ? standsOf(q, f) : b.stands);
        const solved = () => {
          const times = motionEventTimesPlain(motionsOver(r, pa, fa, fb), motionsOver(q, b.stands, fa, fb), { slackMm: slack });
          const s = firstWhereBetween(times, (x) => overlapAt(fa + (fb - fa) * x));
          return s === undefined ? undefined : fa + (fb - fa) * s;
        };
        if (unitsOverlap(pa, qa)) at = fa;
        else if (straightOver(r, fa, fb) && straightOver(q, fa, fb)) {
          const ra = pa[0]!.centre, qa0 = qa[0]!.centre;
          const pb0 = standsOf(r, fb)[0]!.centre, qb0 = q ? standsOf(q, fb)[0]!.centre : qa0;
          const dx = pb0.x - ra.x - (qb0.x - qa0.x), dy = pb0.y - ra.y - (qb0.y - qa0.y);
          const len = Math.sqrt(dx * dx + dy * dy);
          if (len > 0) {
            const ms = traceMove(pa, [{ kind: 'translate', dx, dy, distanceMm: len }], { others: [{ id: b.id, stands: qa }] }).meetings;
            const m = ms.find((x) => !x.atStart);
            if (m) at = fa + (fb - fa) * Math.min(1, m.enterMm / len);
            // Already overlapping by less than the slack: contact once it is deeper.
            else if (ms.length > 0) at = solved();
          }
        } else at = solved();
        if (at !== undefined) {
          if (!best || at < best.at) best = { at, by: b.id };
          break;
        }
      }
    }
    return best;
  };
  /**
   * The first moment in [f0, f1] a runner comes within the `within` distance of one of its
   * bodies and the ruleset accepts it then: the moments the distance can cross are solved
   * (motionEvents.ts) on each stretch with no turn in it; the ruleset's acceptance is asked at
   * the moment the unit comes within the distance, and, where it refuses there but accepts
   * where the unit is still within the distance further on, bisected between (it is not geometry).
   */
  const withinCandidates = new Map<string, Body[]>();
  const firstWithin = (r: Runner, f0: number, f1: number): Ev | undefined => {
    const w = opts.within!;
    let list = withinCandidates.get(r.m.id);
    if (!list) {
      const grow = w.distanceMm + 1;
      const mine = boxes.get(r.m.id)!;
      list = w.of(r.m.id).filter((b) => {
        const q = boxes.get(b.id) ?? sweptBox(b.stands, [], pad);
        return b.id !== r.m.id && mine.minX <= q.maxX + grow && q.minX <= mine.maxX + grow && mine.minY <= q.maxY + grow && q.minY <= mine.maxY + grow;
      });
      withinCandidates.set(r.m.id, list);
    }
    let best: { at: number; by: string; dist: number } | undefined;
    for (const b of list) {
      const q = byId.get(b.id);
      const cuts = [f0, f1];
      turnsOf(r, f0, f1, cuts);
      if (q) turnsOf(q, f0, f1, cuts);
      cuts.sort((x, y) => x - y);
      const distAtF = (f: number) => unitDistance(standsOf(r, f), q ? standsOf(q, f) : b.stands);
      const accepts = (f: number) => (w.accept ? w.accept(r.m.id, b.id, f, poseOf(f)) : true);
      let found: number | undefined;
      for (let i = 0; i + 1 < cuts.length && found === undefined; i++) {
        const fa = cuts[i]!, fb = cuts[i + 1]!;
        if (best && fa > best.at) break;
        if (!(fb > fa)) continue;
        const times = motionEventTimesPlain(motionsOver(r, r.m.stands, fa, fb), motionsOver(q, b.stands, fa, fb), { distanceMm: w.distanceMm });
        for (const [s0, s1] of stretchesWhereBetween(times, (x) => distAtF(fa + (fb - fa) * x) <= w.distanceMm)) {
          const ta = fa + (fb - fa) * s0, tb = fa + (fb - fa) * s1;
          if (accepts(ta)) { found = ta; break; }
          if (tb > ta && accepts(tb)) { found = bisect(ta, tb, (f) => (accepts(f) ? b.id : undefined), b.id).hi; break; }
        }
      }
      if (found === undefined) continue;
      const dist = distAtF(found);
      if (!best || found < best.at || (found === best.at && dist < best.dist)) best = { at: found, by: b.id, dist };
    }
    return best ? { r, at: best.at, kind: 'halt', by: best.by } : undefined;
  };
  const haltAt = (r: Runner, f: number) => opts.halt?.(r.m.id, standsOf(r, f), f, poseOf(f));
  const bisect = (f0: number, f1: number, test: (f: number) => string | undefined, found: string): { lo: number; hi: number; who: string } => {
    let lo = f0, hi = f1, who = found;
    for (let i = 0; i < bisections; i++) {
      const mid = (lo + hi) / 2;
      const w = test(mid);
      if (w !== undefined) { hi = mid; who = w; } else lo = mid;
    }
    return { lo, hi, who };
  };
  /** A runner's first event in [f0, f1], everyone else as they now stand. */
  const firstEvent = (r: Runner, f0: number, f1: number, passed: Set<string>): Ev | undefined => {
    let halt: Ev | undefined = opts.within ? firstWithin(r, f0, f1) : undefined;
    if (opts.halt) {
      const upper = halt ? halt.at : f1;
      const by = haltAt(r, upper);
      if (by !== undefined) {
        const already = haltAt(r, f0);
        if (already !== undefined) halt = { r, at: f0, kind: 'halt', by: already };
        else {
          const b = bisect(f0, upper, (f) => haltAt(r, f), by);
          halt = { r, at: b.hi, kind: 'halt', by: b.who };
        }
      }
    }
    const c = exactContact(r, f0, halt ? halt.at : f1, passed);
    return c ? { r, at: c.at, kind: 'contact', by: c.by } : halt;
  };
  const onwards = (r: Runner, f: number) => standsAtDistance(r.m.stands, r.m.legs, Math.min(r.planMm, r.paceMm * f + probe));
  for (let k = 1; k <= slices; k++) {
    const f0 = (k - 1) / slices, f1 = k / slices;
    const passed = new Set<string>();
    for (;;) {
      const evs: Ev[] = [];
      for (const r of runners) {
        if (r.stopAt !== undefined || !moving(r)) continue;
        const e = firstEvent(r, f0, f1, passed);
        if (e) evs.push(e);
      }
      if (evs.length === 0) break;
      const t = Math.min(...evs.map((e) => e.at));
      const now = evs.filter((e) => e.at === t);
      // Judged with everyone where they stood before any of this moment's stops.
      const stops: [Runner, number, RaceStop][] = [];
      const stopped = new Set<Runner>();
      for (const e of now) {
        const r = e.r;
        if (stopped.has(r)) continue;
        if (e.kind === 'halt') { stops.push([r, e.at, { reason: 'halt', by: e.by }]); stopped.add(r); continue; }
        const q = byId.get(e.by);
        const halted = !q || !moving(q) || (q.stopAt !== undefined && q.stopAt <= e.at);
        const mine = unitsOverlap(onwards(r, e.at), q ? standsOf(q, e.at) : still.get(e.by)!.stands);
        if (policy === 'both') {
          stops.push([r, e.at, { reason: 'contact', by: e.by, striker: mine || halted }]);
          stopped.add(r);
          if (q && !halted && !stopped.has(q)) { stops.push([q, e.at, { reason: 'contact', by: r.m.id, striker: !mine }]); stopped.add(q); }
          continue;
        }
        const theirs = !halted && unitsOverlap(onwards(q!, e.at), standsOf(r, e.at));
        if (mine || !theirs || halted) { stops.push([r, e.at, { reason: 'contact', by: e.by, striker: mine }]); stopped.add(r); }
        else passed.add(`${r.m.id}|${e.by}`);
      }
      for (const [r, at, stop] of stops) { r.stopAt = at; r.stop = stop; }
    }
  }
  return runners.map((r) => {
    const fraction = r.stopAt ?? 1;
    return { id: r.m.id, fraction, distanceMm: distAt(r, fraction), stands: standsAtDistance(r.m.stands, r.m.legs, distAt(r, fraction)), ...(r.stop ? { stop: r.stop } : {}) };
  });
}

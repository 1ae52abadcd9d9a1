/**
 * Simultaneous proportional movement: several units move at once along their plans of legs,
 * each covering the same fraction of its own distance at every moment (the wargames' "pro
 * rata" — a unit with 12" to go moves twice as fast as one with 6"), and each stops the moment
 * it meets another unit (moving or standing) under the ruleset's meet rule, or a halt of the
 * ruleset's own (a callback: "halts as soon as it comes within range of a visible enemy").
 * Stopped units stay where they stopped while the others go on.
 *
 * The race runs in `slices` equal steps of the fraction; within a step every moving unit's
 * first event is found, exactly, between the moments a leg ends or a unit stops: a contact (the
 * units' relative motion swept by the core where both go straight, the moments their overlap can
 * change solved where one wheels or restands: motionEvents.ts), and a halt on coming within a
 * distance (`within`, solved the same way); only a ruleset's own halt predicate (`halt`, and
 * `within`'s acceptance where it changes while the unit is already within the distance) is
 * bisected. The earliest events are carried out (everyone held where they are at that same
 * moment) and the rest of the step is judged again with those units standing. A plan, not an
 * effect: nothing is moved; the ruleset carries each move out to where the race stopped it.
 *
 * Contact is overlap deeper than `overlapSlackMm` (default EPS_MM): a unit is stopped at the
 * moment it would begin to overlap deeper (touching). Pairs already overlapping when the race
 * begins (interpenetrating) are never judged against each other.
 */
import type { StandFootprint } from './types';
import type { Leg } from './movement';
import { legsDistance, standsAtDistance, sweptBox } from './movement';
import { footprintGroupsOverlap } from './overlap';
import { unitDistance } from './measure';
import { eventTimesEndAtOne, firstWhereBetween, legMotions, motionEventTimes, stillMotion, stretchesWhereBetween, type StandMotion } from './motionEvents';
import { EPS_MM, type Box } from './vec';
import { traceMove, type Body } from './moveCore';

/**
 * How much further than the distance a stretch's least possible distance must be for the race to
 * skip solving it: a nanometre, far above the rounding of poses and distances on a table.
 */
const FAR_MARGIN_MM = 1e-6;

/** The fastest any point of these stands moves over a stretch (a corner: |v| + |α|·|r|), mm per unit of s. */
function topSpeed(ms: readonly StandMotion[]): number {
  let v = 0;
  for (const m of ms) {
    const lin = Math.sqrt(m.vx * m.vx + m.vy * m.vy), turn = Math.abs(m.alpha);
    for (let i = 0; i < m.rx.length; i++) v = Math.max(v, lin + turn * Math.sqrt(m.rx[i]! * m.rx[i]! + m.ry[i]! * m.ry[i]!));
  }
  return v;
}

/** One unit in the race: its stands when the race begins and its plan. */
export interface RaceMover extends Body {
  readonly legs: readonly Leg[];
  /**
   * The distance that fraction 1 of the race stands for (default the plan's own length). A plan
   * shorter than this ends early and the unit waits there (a move that halts short of its full
   * allowance still keeps the pace of that allowance).
   */
  readonly paceMm?: number;
}

/** How a meeting of two units counts: `block` (a contact, the race judges it), `ignore` (they pass). */
export type RaceMeet = (moverId: string, otherId: string) => 'block' | 'ignore';

/**
 * A ruleset's halt other than contact, judged for a moving unit at fraction `f` with everyone
 * where they then are (`poseOf`: a mover's stands at that moment, halted ones where they
 * halted; a standing unit's stands; undefined for units not in the race). Returns the id of
 * the unit that halts it, or undefined. Assumed to stay true once true within a step.
 */
export type RaceHalt = (moverId: string, stands: readonly StandFootprint[], f: number, poseOf: (id: string) => readonly StandFootprint[] | undefined) => string | undefined;

/** A halt on coming within a distance of other units (see RaceOptions `within`). */
export interface RaceWithin {
  readonly distanceMm: number;
  /** The bodies a mover halts within the distance of (their stands when the race begins). */
  readonly of: (moverId: string) => readonly Body[];
  readonly accept?: (moverId: string, otherId: string, f: number, poseOf: (id: string) => readonly StandFootprint[] | undefined) => boolean;
}

export interface RaceOptions {
  /** Units standing still that movers may meet. */
  readonly others?: readonly Body[];
  /** Steps of the fraction (each bisected for the first event in it). Default 20. */
  readonly slices?: number;
  /** Bisections of a step. Default 30. */
  readonly bisections?: number;
  /** Which meetings count as contact. Default: every one. */
  readonly meets?: RaceMeet;
  /** The unit each mover checks first when it meets several at the same moment (its target). */
  readonly prefer?: (moverId: string) => string | undefined;
  /**
   * A ruleset's halt other than contact, judged by bisection within each step (it is the
   * ruleset's own predicate). A halt that is a distance between units belongs in `within`.
   */
  readonly halt?: RaceHalt;
  /**
   * A halt on coming within a distance, solved by the core: a mover halts the first moment its
   * stands come within `distanceMm` (nearest points, measure.ts `unitDistance`) of one of the
   * bodies `of` gives it (a body that is itself in the race is met where it then is) and
   * `accept` (a ruleset's condition, such as sight, asked with everyone where they then are)
   * holds. Of several reached at the same moment, the nearest.
   */
  readonly within?: RaceWithin;
  /**
   * Who a contact between two movers stops: `both`, or `striker` — only the one whose own move
   * carries it into the other (judged `strikeProbeMm` further on, the other held), both when
   * neither move alone makes the contact (head on, converging), and always a unit meeting one
   * that is standing or has halted. Default `striker`.
   */
  readonly contact?: 'both' | 'striker';
  /** How far on a mover is looked at to tell whether its own move carries it into the other. Default 2 mm. */
  readonly strikeProbeMm?: number;
  /** Overlap deeper than this is contact (a ruleset's slack for bases laid by hand). Default EPS_MM: touching is not overlapping. */
  readonly overlapSlackMm?: number;
}

export interface RaceStop {
  readonly reason: 'halt' | 'contact';
  /** What halted it, or the unit it met (or that met it). */
  readonly by: string;
  /** For a contact: its own move carried it into `by` (probed `strikeProbeMm` on). */
  readonly striker?: boolean;
}

export interface RaceResult {
  readonly id: string;
  /** Fraction of the race at which it stopped (1 if it never did). */
  readonly fraction: number;
  /** Distance along its plan covered then. */
  readonly distanceMm: number;
  readonly stands: StandFootprint[];
  readonly stop?: RaceStop;
}

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
export function raceMoves(movers: readonly RaceMover[], opts: RaceOptions = {}): RaceResult[] {
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
          const times = motionEventTimes(motionsOver(r, pa, fa, fb), motionsOver(q, b.stands, fa, fb), { slackMm: slack });
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
        const ma = motionsOver(r, r.m.stands, fa, fb), mb = motionsOver(q, b.stands, fa, fb);
        // PERF: most stretches keep the units well beyond the distance throughout. Their distance
        // changes no faster than the sum of the fastest corners' speeds V, so it stays at least
        // (d(fa) + d(fb) − V) / 2 over the stretch: when that is beyond the distance (by far more
        // than any rounding of the poses), every test below would say "not within" and there is no
        // moment to solve for (the same answer, to the bit, as solving them).
        const d0 = distAtF(fa), d1 = distAtF(fb), speed = topSpeed(ma) + topSpeed(mb);
        if ((d0 + d1 - speed) / 2 > w.distanceMm + FAR_MARGIN_MM) continue;
        // PERF: likewise a unit that stays within the distance throughout (it is at most
        // (d(fa) + d(fb) + V) / 2 away) is within it over one stretch, from the start to the last
        // event time: that is 1 unless a root lies a rounding below 1, found from the roots near 1.
        const stretches = (d0 + d1 + speed) / 2 < w.distanceMm - FAR_MARGIN_MM && eventTimesEndAtOne(ma, mb, { distanceMm: w.distanceMm })
          ? [[0, 1] as const]
          : stretchesWhereBetween(motionEventTimes(ma, mb, { distanceMm: w.distanceMm }), (x) => distAtF(fa + (fb - fa) * x) <= w.distanceMm);
        for (const [s0, s1] of stretches) {
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

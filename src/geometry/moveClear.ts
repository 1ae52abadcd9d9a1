/**
 * Moves the rules force on a unit, and placements, through the movement core: where a pose
 * overlaps other units (`unitsUnder`), how far a pushed unit gets before the first blocking
 * contact while ending clear of everything it may pass through (`pushUntilClear`), and a plan
 * cut short at a distance (`legsUpTo`). Answers are plans: nothing is moved.
 *
 * Exactness is the core's (`traceMove`): overlap stretches are exact on straight legs, and a
 * pose touching (not overlapping, EPS_MM) what it meets is clear of it.
 */
import type { StandFootprint } from './types';
import type { Leg } from './movement';
import { poseInLeg } from './movement';
import type { ContactStop, Meeting, MeetRule, MoveTrace, TraceOptions } from './moveCore';
import { firstContact, traceMove } from './moveCore';

/** Ids of the units whose stands a pose overlaps (deeper than EPS_MM; touching is clear), by id (code-unit order). */
export function unitsUnder(stands: readonly StandFootprint[], opts: Pick<TraceOptions, 'others' | 'ignore'>): string[] {
  if (stands.length === 0) return [];
  const ids = new Set(traceMove(stands, [], opts).meetings.map((m) => m.unitId));
  return [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A plan cut at `distanceMm` of its charged distance: the whole legs before it and the part of the leg it falls in. */
export function legsUpTo(stands: readonly StandFootprint[], legs: readonly Leg[], distanceMm: number): Leg[] {
  const out: Leg[] = [];
  let left = distanceMm;
  let cur = [...stands];
  for (const leg of legs) {
    if (left < leg.distanceMm || (leg.distanceMm === 0 && left <= 0)) {
      if (left <= 0) break;
      const t = left / leg.distanceMm;
      if (leg.kind === 'translate') out.push({ kind: 'translate', dx: leg.dx * t, dy: leg.dy * t, distanceMm: left });
      else if (leg.kind === 'rotate') out.push({ kind: 'rotate', pivot: leg.pivot, angle: leg.angle * t, distanceMm: left });
      else out.push({ kind: 'restand', to: cur.map((s, i) => poseInLeg(s, leg, i, t)), turns: leg.turns.map((a) => a * t), distanceMm: left });
      break;
    }
    out.push(leg);
    cur = cur.map((s, i) => poseInLeg(s, leg, i, 1));
    left -= leg.distanceMm;
  }
  return out;
}

export interface PushStop {
  /** Charged distance where the mover ends: clear of every unit the rule does not ignore. */
  readonly stopMm: number;
  /** The first blocking contact within the plan (the mover could go no further than `contact.atMm`). */
  readonly contact?: ContactStop;
  /** Charged distance where a stand first goes over the table edge, when that comes before any blocking contact. */
  readonly leavesTableAtMm?: number;
  /** Units the rule lets it pass through that it went through (entered before `stopMm`). */
  readonly passed: readonly Meeting[];
  readonly trace: MoveTrace;
}

/**
 * A forced move (a push, a fall back, a rout move): follow the plan up to the first contact the
 * rule says blocks (never through it), and end at the farthest point before that where the
 * mover overlaps nothing the rule does not ignore (it may pass through, but not end on, what
 * it passes; a pose touching a unit is clear of it). When the table edge comes first,
 * `leavesTableAtMm` says where (and `stopMm` is that point): the ruleset decides what leaving
 * means. With no clear point the mover stays where it is (`stopMm` 0).
 */
export function pushUntilClear(stands: readonly StandFootprint[], legs: readonly Leg[], opts: TraceOptions & { readonly rule: MeetRule }): PushStop {
  const trace = traceMove(stands, legs, opts);
  const contact = firstContact(trace, opts.rule);
  const limit = contact ? contact.atMm : trace.distanceMm;
  const counted = trace.meetings.filter((m) => opts.rule(m) !== 'ignore');
  const passedBefore = (x: number) => counted.filter((m) => opts.rule(m) === 'pass' && (m.atStart ? x > 0 : m.enterMm < x));
  const edge = trace.leavesTableAtMm;
  if (edge !== undefined && edge <= limit) return { stopMm: edge, leavesTableAtMm: edge, passed: passedBefore(edge), trace, ...(contact ? { contact } : {}) };
  // The farthest clear point is the limit itself or where the mover first touches something on its way.
  const isClear = (x: number) => counted.every((m) => (m.atStart ? x >= (m.clearMm ?? Infinity) : !(m.enterMm < x && x < (m.clearMm ?? Infinity))));
  let stopMm = 0;
  if (isClear(limit)) stopMm = limit;
  else for (const m of counted) if (!m.atStart && m.enterMm <= limit && m.enterMm > stopMm && isClear(m.enterMm)) stopMm = m.enterMm;
  return { stopMm, passed: passedBefore(stopMm), trace, ...(contact ? { contact } : {}) };
}

/**
 * The nearest point along a traced plan where the mover overlaps nothing the rule does not
 * ignore (0 if it starts clear; a meeting's end, or touching where one begins, otherwise), or
 * undefined if it is never clear: where a unit that must not end on anyone backs off to.
 */
export function firstClearMm(trace: MoveTrace, rule: MeetRule = () => 'block'): number | undefined {
  const counted = trace.meetings.filter((m) => rule(m) !== 'ignore');
  const isClear = (x: number) => counted.every((m) => (m.atStart ? x >= (m.clearMm ?? Infinity) : !(m.enterMm < x && x < (m.clearMm ?? Infinity))));
  if (isClear(0)) return 0;
  let best: number | undefined;
  for (const m of counted) {
    const x = m.clearMm;
    if (x !== undefined && (best === undefined || x < best) && isClear(x)) best = x;
  }
  return best;
}

/**
 * PERF: traces of straight moves kept between calls that ask about the same stands (the very
 * stand objects) going the same way, each cut to the distance asked (moveCore `truncateTrace`).
 * A drag preview asks the movement core about one group or unit at every pointer move, nearly
 * always straight ahead by a little more or less: the first ask is traced as far as asked, a
 * second ask in the same direction to `reachMm` (the furthest the drag can go), and later asks
 * only cut that trace. The table must not change between asks (a keeper belongs to one view).
 */
import type { StandFootprint } from './types';
import type { Leg } from './movement';
import { truncateTrace, type MoveTrace } from './moveCore';

interface Entry {
  readonly stands: readonly StandFootprint[];
  readonly dx: number;
  readonly dy: number;
  trace: MoveTrace;
}

const ENTRIES = 8;

export class KeptTraces {
  private readonly byFirst = new WeakMap<StandFootprint, Entry[]>();
  constructor(readonly reachMm: number) {}

  /** The trace of `legs` for `stands` (`traceOf` traces afresh), kept when the plan is one straight leg. */
  trace(stands: readonly StandFootprint[], legs: readonly Leg[], traceOf: (legs: readonly Leg[]) => MoveTrace): MoveTrace {
    const leg = legs[0];
    if (legs.length !== 1 || leg?.kind !== 'translate' || !(leg.distanceMm > 0) || stands.length === 0) return traceOf(legs);
    const first = stands[0]!;
    let list = this.byFirst.get(first);
    if (!list) this.byFirst.set(first, (list = []));
    // The same way: directions within 1e-12 rad (a leg added up from short steps differs from another
    // in the last bits); over a move of a metre that moves a corner by a nanometre, a thousandth of
    // the core's touching tolerance (EPS_MM).
    const len = leg.distanceMm;
    const same = (e: Entry) => {
      if (e.stands.length !== stands.length || !e.stands.every((s, i) => s === stands[i])) return false;
      const el = Math.sqrt(e.dx * e.dx + e.dy * e.dy);
      return e.dx * leg.dx + e.dy * leg.dy > 0 && Math.abs(e.dx * leg.dy - e.dy * leg.dx) <= 1e-12 * el * len;
    };
    const e = list.find(same);
    if (e && e.trace.distanceMm >= leg.distanceMm) return truncateTrace(e.trace, leg.distanceMm);
    if (!e) {
      const trace = traceOf(legs);
      if (list.length >= ENTRIES) list.shift();
      list.push({ stands, dx: leg.dx, dy: leg.dy, trace });
      return trace;
    }
    // Asked again further on: traced to the drag's reach, along the first ask's direction.
    const L = Math.max(leg.distanceMm, this.reachMm), k = L / Math.sqrt(e.dx * e.dx + e.dy * e.dy);
    e.trace = traceOf([{ kind: 'translate', dx: e.dx * k, dy: e.dy * k, distanceMm: L }]);
    return truncateTrace(e.trace, leg.distanceMm);
  }
}

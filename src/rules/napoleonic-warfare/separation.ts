/**
 * NW §17 Fragmented, causes: "Any of a unit's stands becomes physically separated from the rest
 * of the unit." A stand is with its unit when a chain of the unit's stands, each base to base
 * with the next, joins it to the command stand (NW §26 note: the command stand anchors the
 * unit). Checked after casualties are removed, after a push back, and at the end of every
 * command and step (moves, retreats, routs, pursuits, formation changes). Kept free of core.ts
 * so that core may call it.
 */
import type { Stand, Unit } from '../../engine/model';
import type { Battle } from '../../engine/ruleset';
import { findUnit } from '../../engine/battle';
import { standDistance } from '../../geometry/measure';
import type { Draft } from './types';
import { commandStand, featuresTouching, isScreenStand, standPoly } from './geom';
import { MORALE_STATES } from './tables/morale';

export const SEPARATION_RULE = 'NW §17 Fragmented: "Any of a unit\'s stands becomes physically separated from the rest of the unit"';

/** Base to base, with this much slack: a tenth of the unit's shallowest stand depth (RULINGS). */
export const SEPARATION_SLACK_FRACTION = 0.1;

/** Formations placed round a hollow, whose stands close up as they fall (RULINGS; NW §27). */
const CLOSED_FORMATIONS = new Set(['square', 'rally-square', 'austrian-mass']);

export interface Separation {
  /** Stands not joined to the command stand by a chain of touching stands. */
  readonly apart: readonly Stand[];
  /** The smallest gap between a stand apart and the main body, mm. */
  readonly gapMm: number;
}

/**
 * Which stands of `u` are physically separated from the body round its command stand. A
 * skirmish screen is meant to be ahead of its unit (NW Orders/Deploy; §26) and is not counted;
 * stands in or against the same building or village count as in contact (NW §23 Buildings: "counts
 * as if all its stands are still in base to base contact for morale purposes").
 */
export function separatedStands(battle: Battle, u: Unit): Separation {
  // PERF: every unit is checked at the end of every command and step (settleSeparation), and most
  // did not change: the answer depends only on the unit (an immutable value, replaced whenever
  // it changes) and the terrain layout (likewise), so it is kept per unit object and layout.
  const hit = separationCache.get(u);
  if (hit?.terrain === battle.terrain) return hit.sep;
  const sep = findSeparated(battle, u);
  separationCache.set(u, { terrain: battle.terrain, sep });
  return sep;
}

const separationCache = new WeakMap<Unit, { readonly terrain: Battle['terrain']; readonly sep: Separation }>();

function findSeparated(battle: Battle, u: Unit): Separation {
  const none: Separation = { apart: [], gapMm: 0 };
  if (CLOSED_FORMATIONS.has(u.formation)) return none;
  const body = u.stands.filter((s) => !isScreenStand(u, s));
  if (body.length < 2) return none;
  const slack = Math.min(...body.map((s) => s.depthMm)) * SEPARATION_SLACK_FRACTION;
  let towns: Map<string, Set<string>> | undefined;
  const townsOf = (s: Stand): Set<string> => {
    towns ??= new Map(body.map((x) => [x.id, new Set(featuresTouching(battle, standPoly(x)).filter((t) => t.kind === 'building' || t.kind === 'village').map((t) => t.id))]));
    return towns.get(s.id) ?? new Set();
  };
  const joined = (a: Stand, b: Stand): boolean => standDistance(a, b) <= slack || [...townsOf(a)].some((t) => townsOf(b).has(t));
  const cmd = commandStand(u);
  const start = body.find((s) => s.id === cmd.id) ?? body[0]!;
  const reached = new Set<string>([start.id]);
  const queue: Stand[] = [start];
  while (queue.length > 0) {
    const s = queue.pop()!;
    for (const t of body) {
      if (reached.has(t.id) || !joined(s, t)) continue;
      reached.add(t.id);
      queue.push(t);
    }
  }
  const apart = body.filter((s) => !reached.has(s.id));
  if (apart.length === 0) return none;
  const main = body.filter((s) => reached.has(s.id));
  const gapMm = Math.min(...apart.flatMap((a) => main.map((m) => standDistance(a, m))));
  return { apart, gapMm };
}

/**
 * Apply NW §17 to one unit: on becoming separated it is Fragmented (no change if it is already
 * Fragmented or worse), with a logged `UnitSeparated`. A unit that stays apart is not
 * fragmented again; once its stands are together again the mark is cleared (`UnitRejoined`).
 * Returns true when the unit has just become separated.
 */
export function checkSeparation(d: Draft, id: string, cause: string): boolean {
  const nu = d.rs.units[id];
  const u = findUnit(d.battle, id);
  if (!nu || !u || nu.status !== 'active') return false;
  const sep = separatedStands(d.battle, u);
  if (sep.apart.length === 0) {
    if (nu.separated) {
      delete nu.separated;
      d.ctx.emit({ type: 'UnitRejoined', unit: id, rule: SEPARATION_RULE });
    }
    return false;
  }
  if (nu.separated) return false;
  nu.separated = true;
  const before = nu.morale;
  const worse = MORALE_STATES.indexOf('fragmented') > MORALE_STATES.indexOf(before);
  d.ctx.emit({ type: 'UnitSeparated', unit: id, stands: sep.apart.map((s) => s.id), gapIn: Math.round((sep.gapMm / 25.4) * 10) / 10, cause, fragmented: worse, rule: SEPARATION_RULE });
  if (worse) {
    nu.morale = 'fragmented';
    d.ctx.emit({ type: 'MoraleStateChanged', unit: id, from: before, to: 'fragmented', cause: 'stands physically separated from the rest of the unit', rule: SEPARATION_RULE });
  }
  return true;
}

/** Every unit on the table, at the end of a command or step. */
export function settleSeparation(d: Draft, cause: string): void {
  for (const u of d.battle.units) if (d.rs.units[u.id]?.status === 'active') checkSeparation(d, u.id, cause);
}

/**
 * NW Orders/Advance "Any unit may shift stands into its rear ranks in order to avoid running into
 * other units, terrain or obstacles"; Orders/Retreat "may change formation by dropping back stands
 * to avoid entering delaying terrain or colliding with obstacles or troops"; Orders/Charge "Any
 * units may drop back stands to avoid running into friendly troops, obstacles or terrain features"
 * (charges.ts); §20 routers "may … change formation to attempt to clear other troops, terrain, etc.".
 *
 * A narrower front is made by taking stands off one or both ends of the front rank and placing
 * them in the rear ranks, behind the stands that stay in front. The stands that stay in front do
 * not move; the command stand always stays in front (NW §26 note: it anchors the unit). Kernels
 * here return plans; the callers move the unit.
 */
import { unitsOverlap } from '../../geometry/units';
import { standIndexOf } from '../../geometry/sightCache';
import { unitBox } from '../../geometry/queries';
import type { Stand, Unit } from '../../engine/model';
import { updateUnit } from '../../engine/battle';
import { fromLocal } from '../../geometry/frame';
import type { Radians } from '../../geometry/types';
import type { Draft } from './types';
import { commandStand, frameOfUnit, frontRank, screenStands, toLocal, unitFacing } from './geom';
import { activeUnits } from './core';
import { hazardCount, probePath, type PathProbe, type ProbeOptions } from './moves';

export const DROP_BACK_RULE = 'NW Orders/Advance: "Any unit may shift stands into its rear ranks in order to avoid running into other units, terrain or obstacles"; Orders/Retreat';

/** Formations with ranks to drop back into (squares and skirmish lines have none; RULINGS). */
const RANKED = new Set(['line', 'column', 'road-column', 'limbered']);

export interface NarrowedFront {
  unit: Unit;
  /** Stands taken off the left and right ends of the front rank. */
  left: number;
  right: number;
  /** Stands in the new front rank. */
  frontage: number;
}

/** Why a unit cannot drop stands back at all, or undefined. */
export function dropBackProblem(u: Unit): string | undefined {
  if (!RANKED.has(u.formation)) return `a unit in ${u.formation} has no ranks to drop stands back into`;
  if (screenStands(u).length > 0) return 'a unit with a skirmish screen out drops no stands back (recall the screen first)';
  if (frontRank(u).length < 2) return 'the front is already one stand wide';
  return undefined;
}

/**
 * The unit with `left` stands off the left end and `right` off the right end of its front rank
 * put into the rear ranks; undefined if that would drop the command stand or leave no front.
 */
export function narrowFront(u: Unit, left: number, right: number): NarrowedFront | undefined {
  const fr = frameOfUnit(u);
  const front = [...frontRank(u)].sort((a, b) => toLocal(fr, a.centre).across - toLocal(fr, b.centre).across);
  const k = front.length;
  if (left < 0 || right < 0 || left + right >= k) return undefined;
  const kept = front.slice(left, k - right);
  const cmd = commandStand(u);
  if (front.some((s) => s.id === cmd.id) && !kept.some((s) => s.id === cmd.id)) return undefined;
  const keptIds = new Set(kept.map((s) => s.id));
  // Everything else, front to back and left to right: the dropped end stands fill the second rank.
  const rest = u.stands
    .filter((s) => !keptIds.has(s.id))
    .map((s) => ({ s, l: toLocal(fr, s.centre) }))
    .sort((a, b) => b.l.along - a.l.along || a.l.across - b.l.across)
    .map((x) => x.s);
  const w = kept.length;
  const frontAlong = toLocal(fr, kept[0]!.centre).along;
  const slots = kept.map((s) => toLocal(fr, s.centre).across);
  const depth = Math.max(...u.stands.map((s) => s.depthMm));
  const facing = unitFacing(u);
  const placed = new Map<string, Stand>();
  for (const s of kept) placed.set(s.id, s);
  const ranks = Math.ceil(rest.length / w);
  for (let r = 0; r < ranks; r++) {
    const row = rest.slice(r * w, (r + 1) * w);
    const first = Math.floor((w - row.length) / 2); // a short last rank stands centred behind
    row.forEach((s, i) => placed.set(s.id, { ...s, facing, centre: fromLocal(fr, frontAlong - (r + 1) * depth, slots[first + i]!) }));
  }
  const stands = u.stands.map((s) => placed.get(s.id)!);
  const formation = u.formation === 'limbered' ? 'limbered' : ranks === 0 ? u.formation : w === 1 ? 'road-column' : 'column';
  return { unit: { ...u, formation, stands }, left, right, frontage: w };
}

/** Every narrower front, fewest stands dropped first (at equal numbers, the left end first). */
export function narrowerFronts(u: Unit): NarrowedFront[] {
  if (dropBackProblem(u)) return [];
  const k = frontRank(u).length;
  const out: NarrowedFront[] = [];
  for (let drop = 1; drop < k; drop++)
    for (let left = drop; left >= 0; left--) {
      const n = narrowFront(u, left, drop - left);
      if (n) out.push(n);
    }
  return out;
}

/** A narrowed unit may not land its dropped stands on another unit it was clear of. */
function landsClear(d: Draft, before: Unit, after: Unit, byId: ReadonlyMap<string, Unit>): boolean {
  // Only units with a stand in the new pose's box can overlap it (the core's stand index of the battle).
  const near = new Set(standIndexOf(d.battle.units).search(unitBox(after.stands)).map((e) => e.value.unitId));
  for (const id of near) {
    const x = byId.get(id);
    if (x && x.id !== before.id && unitsOverlap(after.stands, x.stands) && !unitsOverlap(before.stands, x.stands)) return false;
  }
  return true;
}

const POSE_KEYS = new WeakMap<Unit, string>();
/**
 * A unit's id, formation and stand poses as a key (the same pose gives the same key). PERF: kept
 * per unit object (units are never changed in place; a move makes a new one): a drag asks it of
 * the same narrower fronts at every pointer move, and writing the numbers out is most of its cost.
 */
export function poseKey(u: Unit): string {
  let k = POSE_KEYS.get(u);
  if (k !== undefined) return k;
  k = `${u.id}|${u.formation}`;
  for (const s of u.stands) k += `|${s.id}:${s.centre.x},${s.centre.y},${s.facing}`;
  POSE_KEYS.set(u, k);
  return k;
}

/**
 * What a caller asking about many moves of one unit on one unchanged table (a drag preview) may
 * keep between them: the active units by id, each unit's narrower fronts and whether they land
 * clear, and the traces of the straight moves (`traceOf`). Without it every call reads afresh.
 */
export interface DropBackMemo {
  readonly byId: ReadonlyMap<string, Unit>;
  /** By `poseKey` of the unit. */
  readonly fronts: Map<string, readonly (NarrowedFront & { clear: boolean })[]>;
  readonly traceOf?: ProbeOptions['traceOf'];
  readonly timelineOf?: ProbeOptions['timelineOf'];
}

export interface DropBackPlan extends NarrowedFront {
  probe: PathProbe;
  /** What the full front would have run into. */
  avoided: string[];
}

/**
 * Undefined when the full front's path runs into nothing. Otherwise the narrower front that runs into the fewest friends and terrain features on a straight move of
 * `distMm` along `dir` (fewest stands dropped among equals), if it runs into fewer than the full
 * front. Enemies are not dodged this way: meeting the enemy is contact (NW Close Combat §1).
 */
export function planDropBack(d: Draft, u: Unit, dir: Radians, distMm: number, opts: { roadColumn?: boolean; memo?: DropBackMemo } = {}): DropBackPlan | string | undefined {
  const why = dropBackProblem(u);
  if (why) return why;
  // PERF: the active units and (with a memo) the fronts and traces are read once, not per front.
  const byId = opts.memo?.byId ?? new Map(activeUnits(d).map((x) => [x.id, x]));
  const popts: ProbeOptions = { ...(opts.roadColumn !== undefined ? { roadColumn: opts.roadColumn } : {}), byId, ...(opts.memo?.traceOf ? { traceOf: opts.memo.traceOf } : {}), ...(opts.memo?.timelineOf ? { timelineOf: opts.memo.timelineOf } : {}) };
  const base = probePath(d, u, dir, distMm, popts);
  const baseCount = hazardCount(base);
  if (baseCount === 0) return undefined; // nothing in its path to avoid
  const key = opts.memo ? poseKey(u) : '';
  let fronts = opts.memo?.fronts.get(key);
  if (!fronts) {
    fronts = narrowerFronts(u).map((n) => ({ ...n, clear: landsClear(d, u, n.unit, byId) }));
    opts.memo?.fronts.set(key, fronts);
  }
  let best: DropBackPlan | undefined;
  for (const { clear, ...n } of fronts) {
    if (!clear) continue;
    const probe = probePath(d, n.unit, dir, distMm, popts);
    if (probe.impassable && !base.impassable) continue;
    const c = hazardCount(probe);
    if (c >= baseCount || (best && c >= hazardCount(best.probe))) continue;
    const still = new Set([...probe.friends, ...probe.terrain]);
    best = { ...n, probe, avoided: [...base.friends, ...base.terrain].filter((x) => !still.has(x)) };
    if (c === 0) break;
  }
  return best ?? 'no narrower front (down to one stand wide) avoids what is in its path';
}

/**
 * Drop stands back for a move (the `dropBack` option of moveUnit and retreatUnit): the narrowed
 * unit, written to the battle and logged; the unit as it was when nothing is in its path; or why
 * it cannot be done.
 */
export function dropBackForMove(d: Draft, u: Unit, dir: Radians, distMm: number, opts: { roadColumn?: boolean } = {}): Unit | string {
  const plan = planDropBack(d, u, dir, distMm, opts);
  if (typeof plan === 'string') return plan;
  if (!plan) return u;
  applyDropBack(d, u, plan);
  return plan.unit;
}

/** Write a drop-back plan to the battle and log it. */
export function applyDropBack(d: Draft, u: Unit, plan: NarrowedFront & { avoided?: string[] }, rule = DROP_BACK_RULE): void {
  d.battle = updateUnit(d.battle, u.id, () => plan.unit);
  const names = (plan.avoided ?? []).map((id) => d.battle.units.find((x) => x.id === id)?.name ?? d.battle.terrain.find((t) => t.id === id)?.name ?? id);
  d.ctx.emit({
    type: 'StandsDroppedBack', unit: u.id, left: plan.left, right: plan.right, frontage: plan.frontage, formation: plan.unit.formation,
    avoided: plan.avoided ?? [], detail: `${u.name} drops ${plan.left + plan.right} stand${plan.left + plan.right === 1 ? '' : 's'} back into its rear ranks (front ${plan.frontage} wide)${names.length ? ` to clear ${names.join(', ')}` : ''}`,
    rule,
  });
}

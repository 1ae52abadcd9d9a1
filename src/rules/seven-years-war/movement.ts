/** Movement (SYW (3) Order interpretation p.8, §4 pp.9-10): group moves, formations, generals. */
import { z } from 'zod';
import { defineCommand, reject } from '../../engine/ruleset';
import type { Rejection } from '../../engine/ruleset';
import type { Stand, TerrainFeature, Unit } from '../../engine/model';
import { pt } from '../../geometry/types';
import type { TablePoint } from '../../geometry/types';
import { unitFrame } from '../../geometry/frame';
import { unitDistance, segmentToUnitDistance } from '../../geometry/measure';
import { inFrontArc } from '../../geometry/zones';
import type { Leg as CoreLeg } from '../../geometry/movement';
import { traceMove } from '../../geometry/moveCore';
import { legsUpTo } from '../../geometry/moveClear';
import { standIndexOf, terrainIndexOf, unitsNear } from '../../geometry/sightCache';
import { unitBox } from '../../geometry/queries';
import { layoutLine, layoutColumn } from '../../geometry/formation';
import { ORDER_NUMBERS, ORDER_RULES } from './tables/orders';
import { TERRAIN_EFFECTS, effectiveTerrainType, LIGHTS_FALL_BACK_CM, ABATIS } from './tables/terrain';
import { formationChangeLetsMove, FORMATIONS } from './tables/movement';
import { countsTerrainLighter } from './tables/units';
import { EVADE_MOVE } from './tables/melee';
import type { TroopType } from './tables/units';
import { COMMAND } from './tables/command';
import type { S, SywState, Options, GroupState } from './state';
import { qualitiesOf, isArtillery, isCavalry, isInfantry, isLightUnit, isMassed } from './state';
import type { Tables } from './tablesSchema';
import { isContactGap, standsAfterLegs, unitOffTable } from '../../geometry/units';
import { legSchema, planLegs, splitByUnit } from './moveLegs';
import { Work, normalise } from './work';
import { revealGroup } from './deployment';
import { groupShapeProblem, isSplit, GROUP_SHAPE } from './groupShape';
import { splitAlongside } from './passThrough';
import { CM, centroid, unitGap, terrainLevel, terrainTypeOf, inContact, unitCircle, isAbatis, CONTACT_MM } from './geo';
import { changeOrder } from './orderChanges';
import { closeGroupGaps, destroyUnit } from './losses';
import { blockedBy, pushUnit, interpenetrated, goOffTable } from './forcedMoves';
import { changeUnit } from '../../engine/workingState';

const O = 'SYW (3) Order interpretation (p.8)';
const T = 'SYW §4 Terrain effects on movement (p.9)';

/** The speed of a group in cm before terrain: the slowest unit (unit table p.9; columns on Reserve 24cm). */
export function groupSpeedCm(w: Work, g: GroupState): number {
  const units = w.groupUnits(g);
  return Math.min(...units.map((u) => {
    const base = w.tables.unitTable[u.troopType]?.moveCm ?? 0;
    return isInfantry(u) && u.formation === 'column' && g.order === 'reserve' ? Math.max(base, ORDER_NUMBERS.columnReserveInfantryCm) : base;
  }));
}

/** Terrain factor for a unit in the worst terrain it crosses (p.9); `d4` for type 0. Null: may not enter. */
export function terrainAllowance(u: Unit, speedMm: number, worst: number, d4: () => number): number | null {
  if (worst === 4) return null;
  const eff = effectiveTerrainType(Math.max(0, worst) as 0 | 1 | 2 | 3, countsTerrainLighter(u.troopType as TroopType));
  if (worst < 0 || eff < 0) return speedMm;
  const e = TERRAIN_EFFECTS[eff as 0 | 1 | 2 | 3];
  if (isArtillery(u)) return e.artilleryFraction === null ? null : speedMm * e.artilleryFraction;
  if (e.speedLossDice) return Math.max(0, speedMm - d4() * CM);
  return speedMm * (1 - e.speedLossFraction);
}

/** What a move costs and allows, filled in by validateAndMove for the table's read-out. */
export interface MoveBudget {
  /** Check only: stop once the move is known legal, before applying it and its consequences (table previews). */
  dryRun?: boolean;
  costMm?: number; usedMm?: number; allowanceMm?: number; worstTerrain?: number; costByKind?: Record<string, number>; end?: Map<string, Stand[]>;
  /** 8 p.18: the move reaches the table edge (halts there, or leaves). */
  edge?: 'halt' | 'leave' | null;
  /** §4 p.10: the move passes light through massed friends (or massed through light): the Stand-or-Reserve choice applies. */
  lightMassedPass?: boolean }

// 8 p.18 "may halt at the point where any of its units begins leaving the table ... If they decide not to halt ... they are removed": `atEdge` (default halt).
// §4 p.10 "Light and Massed interpenetrating: Both parties go to Stand, or Reserve": `afterPassThrough` (default reserve).
const moveSchema = z.object({ type: z.literal('moveGroup'), side: z.string(), group: z.string(), legs: z.array(legSchema).min(1).max(12), atEdge: z.enum(['halt', 'leave']).optional(), afterPassThrough: z.enum(['stand', 'reserve']).optional() }).strict();
export type MoveGroup = z.infer<typeof moveSchema>;

/**
 * Nearest distance from any of `stands` to units in `others`.
 * PERF: units are visited nearest bounding circle first and skipped once their circle is beyond the
 * best exact distance found, so most enemies cost one hypot instead of stand-by-stand distances.
 */
function nearest(stands: readonly Stand[], others: readonly Unit[]): number {
  if (others.length === 0) return Infinity;
  const a = unitCircle(stands);
  // Nearest circle first (no sort, no temporary arrays: this runs on every preview).
  let best = Infinity;
  let first = -1, firstLb = Infinity;
  for (let i = 0; i < others.length; i++) {
    const c = unitCircle(others[i]!.stands);
    const lb = Math.hypot(c.x - a.x, c.y - a.y) - c.r - a.r;
    if (lb < firstLb) { firstLb = lb; first = i; }
  }
  best = unitDistance(stands, others[first]!.stands);
  for (let i = 0; i < others.length; i++) {
    if (i === first) continue;
    const c = unitCircle(others[i]!.stands);
    if (Math.hypot(c.x - a.x, c.y - a.y) - c.r - a.r > best) continue;
    const d = unitDistance(stands, others[i]!.stands);
    if (d < best) best = d;
  }
  return best;
}

/**
 * Distance from one stand (as it stands now) to the nearest of `others`.
 * PERF: cached per stand object, valid while every one of `others` still has the same (immutable)
 * stands array: a drag previews many moves from the same start.
 */
const standNearestCache = new WeakMap<Stand, { against: readonly (readonly Stand[])[]; d: number }>();
function nearestFromStart(stand: Stand, others: readonly Unit[]): number {
  const hit = standNearestCache.get(stand);
  if (hit && hit.against.length === others.length && hit.against.every((st, i) => st === others[i]!.stands)) return hit.d;
  const d = nearest([stand], others);
  standNearestCache.set(stand, { against: others.map((o) => o.stands), d });
  return d;
}

/**
 * The order rules that depend on the direction of a move (p.8), for any re-placing of a group's
 * units (`moveGroup`, `dressGroup`): Advance "may not end further from nearest massed enemy" (per
 * stand, against the nearest massed enemy at the start of the move); Reserve "may not voluntarily move
 * closer to enemy within 20cms ... unless these are in melee, or there are intervening friends".
 * `end` gives each unit's stands after the move, in the same order as now.
 */
export function orderDirectionProblem(w: Work, g: GroupState, units: readonly Unit[], end: ReadonlyMap<string, readonly Stand[]>): Rejection | undefined {
  const enemies = w.enemiesOf(g.side);
  if (g.order === 'advance') {
    const massedEnemies = enemies.filter(isMassed);
    if (massedEnemies.length === 0) return undefined;
    for (const u of units) {
      const st = end.get(u.id)!;
      for (let i = 0; i < u.stands.length; i++) {
        const before = nearestFromStart(u.stands[i]!, massedEnemies), after = nearest([st[i]!], massedEnemies);
        if (after > before + 0.5) return reject('advance-away', 'On Advance no stand may end further from the nearest massed enemy than at the start.', O);
      }
    }
  }
  if (g.order === 'reserve') {
    const ids = new Set(g.units);
    const before = units.flatMap((u) => u.stands);
    const allEnd = units.flatMap((u) => end.get(u.id)!);
    const limitMm = ORDER_NUMBERS.reserveNoApproachCm * CM;
    const friends = w.friendsOf(g.side);
    // PERF: only an enemy the move ends within 20cm of can refuse it: the units whose boxes come within 20cm of the end
    // position's box, in table order (the melee and intervening-friends tests, the costly part among thousands of stands,
    // run only for those).
    const eb = unitBox(allEnd);
    const reach = { minX: eb.minX - limitMm, minY: eb.minY - limitMm, maxX: eb.maxX + limitMm, maxY: eb.maxY + limitMm };
    const isEnemy = new Set(enemies.map((e) => e.id));
    for (const e of unitsNear(w.battle.units, reach)) {
      if (!isEnemy.has(e.id)) continue;
      const b = nearest(allEnd, [e]);
      if (!(b < limitMm)) continue;
      const a = nearest(before, [e]);
      if (!(b < a - 0.5)) continue;
      const eg = w.groupOf(e.id);
      const inMelee = friends.some((f) => inContact(f, e)) || eg?.order === 'rout';
      if (inMelee) continue;
      // "... unless these are in melee, or there are intervening friends" (p.8): a friendly unit across the line from the group's end position to the enemy.
      if (!friends.some((f) => !ids.has(f.id) && segmentToUnitDistance(centroid(allEnd), centroid(e.stands), f.stands) < 0.5)) return reject('reserve-approach', `On Reserve a group may not move closer to ${e.name} inside 20cm.`, O);
    }
  }
  return undefined;
}

export function validateAndMove(state: S, w: Work, cmd: MoveGroup, out?: MoveBudget): Rejection | undefined {
  const g = w.group(cmd.group);
  if (!g || g.side !== cmd.side) return reject('bad-group', 'Choose one of your groups.', O);
  if (g.offTable) return reject('off-table', 'The group is off the table.', 'SYW 8 Groups going off table (p.18)');
  const units = w.groupUnits(g);
  if (units.length === 0) return reject('bad-group', 'The group has no units.', O);
  if (state.ruleset.charges.some((c) => c.group === g.id)) return reject('charging', 'The group has declared a charge; it moves in the charge step.', 'SYW (2) Sequence of play (p.5)');
  if (g.ambushedPhase === state.ruleset.phaseCounter) return reject('ambushed', 'Troops fired on from hiding as they came within 5cm halt.', 'SYW (3) Visibility (p.7)');
  // PERF: only enemies whose boxes come within contact of the group's can be in contact with it (from the units' box index).
  const gb = unitBox(units.flatMap((u) => u.stands));
  const touching = { minX: gb.minX - CONTACT_MM, minY: gb.minY - CONTACT_MM, maxX: gb.maxX + CONTACT_MM, maxY: gb.maxY + CONTACT_MM };
  const enemyIds = new Set(w.enemiesOf(g.side).map((e) => e.id));
  const enemiesTouching = unitsNear(w.battle.units, touching).filter((e) => enemyIds.has(e.id));
  if (units.some((u) => enemiesTouching.some((e) => inContact(u, e)))) return reject('in-melee', 'Units in melee may not move (only gap filling, p.10).', 'SYW §4 Movement when in melee (p.10)');
  // §4 p.10 NB: a split unit's next movement re-forms it, and comes before the interpenetrated unit's next movement.
  const split = units.find(isSplit);
  if (split) return reject('split', `${split.name} is split around a friend: re-form it first (dressGroup), measured from its front element.`, 'SYW §4 Movement through friendly units (p.10)');
  const waiting = w.friendsOf(g.side).find((f) => !g.units.includes(f.id) && units.some((u) => (f.extra as Record<string, unknown>).sywSplitThrough === u.id));
  if (waiting) return reject('split-through', `${waiting.name} is split around this group: it must re-form before this group moves.`, 'SYW §4 Movement through friendly units (p.10)');
  const kinds = new Set(cmd.legs.map((l) => l.kind));
  const only = (...ok: string[]) => [...kinds].every((k) => ok.includes(k));
  switch (g.order) {
    case 'rout': return reject('routing', 'Routers move only their rout moves.', O);
    case 'stand': {
      if (!only('shift', 'turn')) return reject('stand-order', 'On Stand: no move other than 5cm in any direction and about face.', O);
      // p.8 Stand: "about face" for every arm (artillery pivots freely only on Reserve).
      if (cmd.legs.some((l) => l.kind === 'turn' && Math.abs(Math.abs(l.deg) - 180) > 1e-6)) return reject('stand-order', 'On Stand a unit may only about face.', O);
      break;
    }
    case 'advance':
      if (kinds.has('backward') || kinds.has('shift')) return reject('advance-order', 'On Advance a group may not move backwards.', O);
      if (kinds.has('turn') && !units.every(isArtillery)) return reject('advance-order', 'On Advance a group wheels or inclines; it does not turn about.', O);
      break;
    case 'reserve':
      if (units.some(isArtillery) && !only('turn')) return reject('reserve-artillery', 'Artillery on Reserve may only pivot to a new facing.', O);
      if (kinds.has('shift')) return reject('reserve-order', 'Sidesteps are for Stand; incline instead.', O);
      break;
    case 'retreat':
      if (kinds.has('shift')) return reject('retreat-order', 'Retreaters move away from the enemy.', O);
      if (cmd.legs.some((l) => l.kind === 'turn' && Math.abs(Math.abs(l.deg) - 180) > 1e-6)) return reject('retreat-order', 'Retreaters end facing the same or the opposite direction.', O);
      break;
  }
  if (g.order !== 'reserve' && units.some((u) => u.formation === 'column')) return reject('formation', 'Column is only allowed on Reserve orders.', 'SYW §4 Formations allowed (p.9)');
  const plan = planLegs(w, g, cmd.legs);
  if ('rejected' in plan) return plan;
  // The geometry core follows the plan: every unit it meets (exact on straight legs), the table edge, the terrain touched.
  const ids = new Set(g.units);
  const traced = (legs: readonly CoreLeg[]) => traceMove(plan.start, legs, { others: standIndexOf(w.battle.units), ignore: (id) => ids.has(id) || w.isOff(id), table: w.battle.table, ...(w.battle.terrain.length > 0 ? { terrain: terrainIndexOf(w.battle.terrain) } : {}) });
  let trace = traced(plan.traceLegs);
  // 8 p.18: a move that reaches the table edge is cut where a stand begins to leave it; Retreating groups (or a group choosing to) leave.
  let edge: 'halt' | 'leave' | null = null;
  if (trace.leavesTableAtMm !== undefined) {
    if (trace.leavesTableAtMm <= 0) return reject('off-table', 'The group is already at the table edge there.', OFF_RULE);
    // The last pose on the table: the crossing itself may round a hair over the edge.
    let cut = legsUpTo(plan.start, plan.legs, trace.leavesTableAtMm);
    if (unitOffTable(standsAfterLegs(plan.start, cut), w.battle.table)) cut = legsUpTo(plan.start, plan.legs, Math.max(0, trace.leavesTableAtMm - EDGE_BACK_MM));
    for (const [id, st] of splitByUnit(units, standsAfterLegs(plan.start, cut))) plan.stands.set(id, st);
    trace = traced(cut);
    edge = g.order === 'retreat' || cmd.atEdge === 'leave' ? 'leave' : 'halt';
  }
  if (out) out.edge = edge;
  if (out) { out.costMm = plan.costMm; out.costByKind = plan.costByKind; out.end = plan.stands; }
  const allEnd = [...plan.stands.values()].flat();
  // Allowance: slowest unit, reduced by the worst terrain crossed (p.9).
  const speed = groupSpeedCm(w, g) * CM;
  let worst = -1;
  for (const c of trace.terrain) { const t = terrainTypeOf(c.feature as TerrainFeature); if (t !== null) worst = Math.max(worst, t === 'impassable' ? 4 : t); }
  let d4: number | null = null;
  const rollD4 = () => (d4 ??= w.roll({ dice: 'd4', purpose: `Type 0 terrain slows ${g.id}`, rule: T, subjects: [g.id] }).total);
  let allowance = Infinity;
  for (const u of units) {
    const a = terrainAllowance(u, speed, worst, rollD4);
    if (a === null) return reject('impassable', `${u.name} may not enter that terrain.`, T);
    allowance = Math.min(allowance, a);
  }
  // Abatis (9 Points system p.20): "Impassable to any but Infantry (2D4cms movement)".
  if (trace.terrain.some((c) => isAbatis(c.feature as TerrainFeature))) {
    const not = units.find((u) => !isInfantry(u));
    if (not) return reject('abatis', `${not.name} may not cross an abatis: only infantry may.`, ABATIS.rule);
    const r = w.roll({ dice: '2d4', purpose: `${g.id} crosses an abatis (2D4cm of movement)`, rule: ABATIS.rule, subjects: [g.id] });
    allowance = Math.min(allowance, r.total * CM);
  }
  if (g.order === 'stand') allowance = ORDER_NUMBERS.standMoveCm * CM;
  // Formation-change-or-move (p.8): a group that changed formation this phase may move only if its drill allows.
  const changed = units.filter((u) => (u.extra as Record<string, unknown>).sywFormationChangedPhase === state.ruleset.phaseCounter);
  if (changed.length > 0 && plan.costMm > 0 && !units.every(isArtillery)) {
    const lets = changed.every((u) => formationChangeLetsMove(qualitiesOf(u).drill, String((u.extra as Record<string, unknown>).sywFormationChangeKind ?? 'other') as 'lineToFlankColumn' | 'other'));
    if (!lets) return reject('changed-formation', 'These troops changed formation this phase and may not also move.', 'SYW (3) Order interpretation, Reserve (p.8)');
  }
  const used = g.movedMm + plan.costMm;
  if (out) { out.usedMm = used; out.allowanceMm = allowance; out.worstTerrain = worst; }
  if (used > allowance + 0.5) return reject('too-far', `The move costs ${(used / CM).toFixed(1)}cm of ${(allowance / CM).toFixed(1)}cm allowed.`, g.order === 'stand' ? O : T);
  // Table edge (p.18): the move was cut at the edge above.
  if (unitOffTable(allEnd, w.battle.table)) return reject('off-table', 'A group halts where it would begin to leave the table.', OFF_RULE);
  // Collisions: never through enemy; friends per the interpenetration table (p.10); never end on anyone.
  const passedFriends = new Set<string>();
  // §4 p.10 NB: a move may end part way through friends it may interpenetrate (split, below).
  const endOnFriends = new Set<string>();
  const met = new Map<string, boolean>();
  for (const m of trace.meetings) met.set(m.unitId, met.get(m.unitId) === true || m.clearMm === undefined);
  for (const o of w.battle.units) {
    const endsOn = met.get(o.id);
    if (endsOn === undefined) continue;
    if (endsOn) {
      if (o.side !== g.side) return reject('overlap', w.rs.hidden[o.id] !== undefined ? 'Troops hidden there block the move.' : `The move would end on top of ${o.name}.`, 'SYW §4 Movement through friendly units (p.10)');
      endOnFriends.add(o.id);
    }
    if (o.side !== g.side) return reject('through-enemy', w.rs.hidden[o.id] !== undefined ? 'Troops hidden there block the move.' : `The move passes through ${o.name}.`, 'SYW 6 Melee (p.12)');
    passedFriends.add(o.id);
  }
  for (const fid of passedFriends) {
    const o = w.unit(fid)!;
    const og = w.groupOf(fid);
    if (units.some(isMassed) && isMassed(o) && g.order !== 'retreat' && !(isArtillery(o) && og?.order === 'stand'))
      return reject('massed-through-massed', `Massed troops may pass through ${o.name} only when routing, breaking through, or through artillery at Stand.`, 'SYW §4 Movement through friendly units (p.10)');
  }
  if (out && g.order !== 'retreat') out.lightMassedPass = [...passedFriends].some((fid) => { const o = w.unit(fid)!; return units.some((u) => isLightUnit(u) !== isLightUnit(o)); });
  if (edge === 'leave') {
    // 8 p.18: "they are removed from the table when any stand begins to leave it" (placed at the edge, then off).
    if (out?.dryRun) return undefined;
    for (const u of units) w.replaceStands(u.id, plan.stands.get(u.id)!);
    for (const fid of passedFriends) for (const u of units) interpenetrated(w, u.id, fid, g.order === 'retreat' ? 'retreat' : 'move', 'SYW §4 (p.10)', cmd.afterPassThrough);
    w.setGroup(g.id, { movedMm: used, moved: true });
    if (plan.costMm > 0) revealGroup(w, g.id, 'moved');
    w.ctx.emit({ type: 'GroupMoved', group: g.id, legs: cmd.legs, costMm: Math.round(plan.costMm), allowanceMm: Math.round(allowance), rule: O });
    goOffTable(w, g.id, false, OFF_RULE);
    return undefined;
  }
  // §4 p.10 NB: "If a unit ends its movement partially through another unit, each stand may make the
  // minimum movement necessary to be placed alongside the interpenetrated unit" (the unit may end split).
  const splitThrough = new Map<string, string>();
  if (endOnFriends.size > 0) {
    const r = splitAlongside(w, g.units, plan.stands, [...endOnFriends]);
    if ('rejected' in r) return r;
    for (const [id, st] of r.stands) plan.stands.set(id, st);
    for (const [id, fid] of r.split) splitThrough.set(id, fid);
    allEnd.splice(0, allEnd.length, ...[...plan.stands.values()].flat());
  }
  // (3) p.6-7: the group must end side by side, slightly echeloned, or (Reserve) in column of units.
  const shape = groupShapeProblem(units.map((u) => ({ ...u, stands: plan.stands.get(u.id)!, extra: splitThrough.has(u.id) ? { ...u.extra, sywSplitThrough: splitThrough.get(u.id) } : u.extra })), g.order);
  if (shape) return reject('group-shape', `${shape} Re-form the group first (dressGroup).`, GROUP_SHAPE.rule);
  // Order rules (p.8).
  const enemies = w.enemiesOf(g.side);
  const massedEnemies = enemies.filter(isMassed);
  if (g.order === 'advance') {
    const away = orderDirectionProblem(w, g, units, plan.stands);
    if (away) return away;
    const fr = unitFrame(allEnd, allEnd[0]!.facing);
    const ahead = massedEnemies.filter((e) => inFrontArc(fr, Math.PI / 4, 10 * CM + 5, e.stands));
    const close = Math.min(Infinity, ...ahead.map((e) => nearest(allEnd, [e])));
    if (close < ORDER_NUMBERS.advanceHaltCm * CM - 0.5) return reject('advance-halt', 'Advancing troops halt 10cm from massed enemy to their front (declare a charge to close).', O);
    const friendsAhead = w.friendsOf(g.side).filter((f) => !ids.has(f.id) && inFrontArc(fr, Math.PI / 4, 10 * CM, f.stands));
    const friendClose = Math.min(Infinity, ...friendsAhead.map((e) => nearest(allEnd, [e])));
    if (friendClose < ORDER_NUMBERS.advanceHaltCm * CM - 0.5 && friendsAhead.some((f) => nearest(units.flatMap((u) => u.stands), [f]) >= ORDER_NUMBERS.advanceHaltCm * CM - 0.5)) return reject('advance-friends', 'Advancing groups halt 10cm from friends ahead.', O);
    if (close <= ORDER_NUMBERS.advanceHaltCm * CM + 5 || friendClose <= ORDER_NUMBERS.advanceHaltCm * CM + 5) {
      w.setGroup(g.id, { halted: true });
    }
  }
  if (g.order === 'reserve') {
    const near = orderDirectionProblem(w, g, units, plan.stands);
    if (near) return near;
  }
  if (g.order === 'retreat') {
    const before = nearest(units.flatMap((u) => u.stands), enemies), after = nearest(allEnd, enemies);
    if (enemies.length > 0 && after <= before) return reject('retreat-order', 'Retreaters end further from the nearest enemy than they started.', O);
  }
  if (g.order === 'retreat') {
    // p.8 Retreat: "End facing in the same or opposite direction. Poorly drilled always end move facing the opposite direction" (wheels included).
    const net = normalise(plan.stands.get(units[0]!.id)![0]!.facing - units[0]!.stands[0]!.facing);
    const about = Math.abs(Math.abs(net) - Math.PI) <= 0.01, same = Math.abs(net) <= 0.01;
    if (units.some((u) => qualitiesOf(u).drill === 'badly') && !about) return reject('retreat-facing', 'Poorly drilled retreaters always end facing the opposite direction.', O);
    if (!about && !same) return reject('retreat-facing', 'Retreaters end facing the same or the opposite direction.', O);
  }
  if (out?.dryRun) return undefined;
  // Apply.
  for (const u of units) w.replaceStands(u.id, plan.stands.get(u.id)!);
  for (const [id, fid] of splitThrough) {
    changeUnit(w, id, (x) => ({ ...x, extra: { ...x.extra, sywSplitThrough: fid } }));
    w.ctx.emit({ type: 'UnitSplit', unit: id, through: fid, rule: 'SYW §4 Movement through friendly units (p.10)' });
  }
  for (const fid of passedFriends) for (const u of units) interpenetrated(w, u.id, fid, g.order === 'retreat' ? 'retreat' : 'move', 'SYW §4 (p.10)', cmd.afterPassThrough);
  if (plan.costMm > 0 || plan.netTurn !== 0) for (const u of units) w.setUnit(u.id, { lastMovedPhase: w.rs.phaseCounter });
  w.setGroup(g.id, { movedMm: used, moved: true, ...(w.group(g.id)!.halted ? {} : {}) });
  if (g.order === 'advance' && w.group(g.id)!.halted) changeOrder(w, g.id, 'stand', 'halted 10cm from enemy/friends', O);
  if (edge === 'halt') {
    // 8 p.18: "may halt at the point where any of its units begins leaving the table, they are then on Reserve orders".
    changeOrder(w, g.id, 'reserve', 'halted at the table edge', OFF_RULE);
    w.ctx.emit({ type: 'HaltedAtTableEdge', group: g.id, rule: OFF_RULE });
  }
  applyTerrainDisorder(w, g.id);
  if (g.order === 'advance' && units.some(isMassed)) lightsFallBack(w, g.id);
  if (plan.costMm > 0) revealGroup(w, g.id, 'moved');
  w.ctx.emit({ type: 'GroupMoved', group: g.id, legs: cmd.legs, costMm: Math.round(plan.costMm), allowanceMm: Math.round(allowance), rule: O });
  return undefined;
}

const OFF_RULE = 'SYW 8 Groups going off table (p.18)';
/** How far a cut at the table edge steps back when the crossing rounds over the edge (far below any measurement). */
const EDGE_BACK_MM = 1e-6;

/** Disorder while in terrain of level 1 (2 for lights) or above, until they leave it (7 Disorder (3) p.16). */
export function applyTerrainDisorder(w: Work, groupId: string): void {
  const g = w.group(groupId);
  if (!g) return;
  for (const u of w.groupUnits(g)) {
    const lvl = terrainLevel(w.battle, u.stands);
    const eff = lvl < 0 ? -1 : effectiveTerrainType(Math.min(3, lvl) as 0 | 1 | 2 | 3, countsTerrainLighter(u.troopType as TroopType));
    const s = w.unitState(u.id)!;
    if (eff >= 1 && !s.disordered) {
      w.setUnit(u.id, { disordered: true, terrainDisorder: true });
      w.ctx.emit({ type: 'UnitDisordered', unit: u.id, why: 'moving in type 1+ terrain', rule: 'SYW 7 Disorder (3) (p.16)' });
    } else if (eff < 1 && s.terrainDisorder) {
      w.setUnit(u.id, { disordered: false, terrainDisorder: false });
      w.ctx.emit({ type: 'DisorderCured', unit: u.id, why: 'left the terrain', rule: 'SYW 7 Disorder (3) (p.16)' });
    }
  }
}

/** Lights fall back 10cm before massed advancing enemy in type 0 terrain, ending on Reserve (p.10). */
export function lightsFallBack(w: Work, advancingGroup: string): void {
  const g = w.group(advancingGroup);
  if (!g) return;
  const mine = w.groupUnits(g);
  const stands = mine.flatMap((u) => u.stands);
  const fr = unitFrame(stands, stands[0]!.facing);
  for (const e of w.enemiesOf(g.side)) {
    if (!isLightUnit(e) || e.troopType === 'light-cavalry-a') continue;
    if (terrainLevel(w.battle, e.stands) > 0) continue;
    if (!inFrontArc(fr, Math.PI / 4, LIGHTS_FALL_BACK_CM * CM, e.stands)) continue;
    const eg = w.groupOf(e.id);
    if (!eg || eg.order === 'rout') continue;
    const gap = nearest(e.stands, mine);
    const need = LIGHTS_FALL_BACK_CM * CM - gap;
    if (need <= 0) continue;
    const ang = Math.atan2(centroid(e.stands).y - fr.centre.y, centroid(e.stands).x - fr.centre.x);
    const speed = (w.tables.unitTable[e.troopType]?.moveCm ?? 0) * CM;
    const r = pushUnit(w, e.id, ang, Math.min(need, speed), 'fallback', 'SYW §4 lights fall back (p.10)');
    if (r.offTable) { goOffTable(w, eg.id, false, 'SYW §4 (p.10)'); continue; }
    // p.10 "If the enemy would catch them they must make an additional Evade move, being destroyed if they are contacted":
    // still inside 10cm after the fall back (their move or the ground stopped them): an evade move (D6 LI, D12 LC) straight on.
    if (nearest(w.unit(e.id)!.stands, mine) < LIGHTS_FALL_BACK_CM * CM - 0.5) {
      const extra = w.rollSpec(isCavalry(e) ? EVADE_MOVE.lightCavalry : EVADE_MOVE.lightInfantry, `${e.name} is caught falling back and evades`, 'SYW §4 lights fall back (p.10)', [e.id]);
      const r2 = pushUnit(w, e.id, ang, extra * CM, 'fallback', 'SYW §4 lights fall back (p.10)');
      if (r2.offTable) { goOffTable(w, eg.id, false, 'SYW §4 (p.10)'); continue; }
      if (isContactGap(nearest(w.unit(e.id)!.stands, mine))) { destroyUnit(w, e.id, 'caught and contacted while falling back', 'SYW §4 lights fall back (p.10)'); continue; }
    }
    w.setUnit(e.id, { mayNotShoot: true });
    changeOrder(w, eg.id, 'reserve', 'lights fell back before massed enemy', 'SYW §4 lights fall back (p.10)');
  }
}

export const moveGroup = defineCommand<SywState, Options, Tables, MoveGroup>({
  describe: 'Move a group along legs (forward, backward, incline, wheel, turn, shift) under its order.',
  schema: moveSchema,
  handle(state, cmd, ctx) {
    const w = new Work(state, ctx);
    const r = validateAndMove(state, w, cmd);
    return r ?? w.change();
  },
});

const formSchema = z.object({ type: z.literal('changeFormation'), side: z.string(), unit: z.string(), formation: z.enum(['line', 'column', 'square']), width: z.number().int().min(1).max(2).optional(), ranks: z.number().int().min(1).max(2).optional() }).strict();

/** Formation changes (p.8-9): by order, troop type and drill. */
export const changeFormation = defineCommand<SywState, Options, Tables, z.infer<typeof formSchema>>({
  describe: 'Change a unit\'s formation (line, column, square).',
  schema: formSchema,
  handle(state, cmd, ctx) {
    const w = new Work(state, ctx);
    const u = w.unit(cmd.unit);
    const g = w.groupOf(cmd.unit);
    const F = 'SYW §4 Formations allowed (p.9)';
    if (!u || !g || u.side !== cmd.side) return reject('bad-unit', 'Choose one of your units.', F);
    if (isArtillery(u)) return reject('artillery', 'Artillery has no formations; it pivots.', F);
    if (!ORDER_RULES[g.order].formations.includes(cmd.formation)) return reject('order-forbids', `${cmd.formation} is not allowed on ${g.order} orders.`, F);
    if (cmd.formation === 'square' && (!isInfantry(u) || isLightUnit(u))) return reject('no-square', 'Only massed infantry form square.', F);
    if (g.order === 'stand' && cmd.formation !== 'square' && !(cmd.formation === 'line' && u.formation === 'square')) return reject('stand-order', 'On Stand a unit may only form square (or leave it).', 'SYW (3) Order interpretation (p.8)');
    if (g.order === 'advance' || g.order === 'retreat') return reject('order-forbids', 'Advancing and retreating groups stay in line.', F);
    if (g.movedMm > 0 && !formationChangeLetsMove(qualitiesOf(u).drill, 'other') && !(qualitiesOf(u).drill === 'normal' && ((u.formation === 'line' && cmd.formation === 'column') || (u.formation === 'column' && cmd.formation === 'line')) && (cmd.width ?? 2) <= 2))
      return reject('moved', 'These troops have moved and may not also change formation.', 'SYW (3) Order interpretation, Reserve (p.8)');
    if (w.enemiesOf(u.side).some((e) => inContact(u, e))) return reject('in-melee', 'Units in melee do not change formation.', 'SYW §4 Movement when in melee (p.10)');
    const massed = isInfantry(u) && isMassed(u);
    const maxRanks = massed ? FORMATIONS.massedInfantry.line.maxRanks : FORMATIONS.cavalryAndLights.line.maxRanks;
    const front = u.stands[0]!;
    const fx = Math.cos(front.facing), fy = Math.sin(front.facing);
    const c = centroid(u.stands);
    // Anchor: keep the front edge's centre where it was.
    const frontMost = Math.max(...u.stands.map((s) => (s.centre.x - c.x) * fx + (s.centre.y - c.y) * fy + s.depthMm / 2));
    const anchor: TablePoint = pt(c.x + fx * frontMost, c.y + fy * frontMost);
    const bases = u.stands.map((s) => ({ widthMm: s.widthMm, depthMm: s.depthMm }));
    let laid;
    if (cmd.formation === 'line') laid = layoutLine(anchor, front.facing, bases, Math.min(maxRanks, cmd.ranks ?? maxRanks));
    else if (cmd.formation === 'column') laid = layoutColumn(anchor, front.facing, bases, cmd.width ?? 2);
    else laid = layoutColumn(anchor, front.facing, bases, 2);
    const stands = u.stands.map((s, i) => ({ ...s, centre: laid[i]!.centre, facing: laid[i]!.facing }));
    if (blockedBy(w, u.id, stands).length > 0) return reject('no-room', 'There is no room for that formation.', F);
    const kind = (u.formation === 'line' && cmd.formation === 'column' && (cmd.width ?? 2) <= 2) || (u.formation === 'column' && cmd.formation === 'line') ? 'lineToFlankColumn' : 'other';
    changeUnit(w, u.id, (x) => ({ ...x, stands, formation: cmd.formation, extra: { ...x.extra, sywFormationChangedPhase: w.rs.phaseCounter, sywFormationChangeKind: kind } }));
    // (3) Orders p.6: units of a group may never end a move more than 1cm from every other unit of the
    // group. A change that narrows or widens the unit opens or closes that gap: the group's other units
    // slide sideways the least distance to the 1cm gap (as for casualties); if they cannot, the change is refused.
    closeGroupGaps(w, g.id);
    const mates = w.groupUnits(w.group(g.id)!);
    const me = w.unit(u.id)!;
    if (mates.length > 1 && mates.every((o) => o.id === me.id || unitGap(o, me) > ORDER_NUMBERS.groupGapCm * CM + 0.5)) return reject('group-gap', `${u.name} would end more than 1cm from every other unit of its group.`, 'SYW (3) Orders (p.6)');
    // (3) p.6-7: a voluntary change may not put the group out of shape (one already out of shape may still change).
    const shapeAfter = groupShapeProblem(mates, g.order);
    if (shapeAfter && !groupShapeProblem(new Work(state, ctx).groupUnits(g), g.order)) return reject('group-shape', shapeAfter, GROUP_SHAPE.rule);
    if (qualitiesOf(u).drill === 'badly') w.setGroup(g.id, { movedMm: Math.max(g.movedMm, 1e9) });
    ctx.emit({ type: 'FormationChanged', unit: u.id, from: u.formation, to: cmd.formation, rule: F });
    return w.change();
  },
});

const genSchema = z.object({ type: z.literal('moveGeneral'), side: z.string(), general: z.string(), x: z.number(), y: z.number() }).strict();
/** Generals move 40cm in any direction, through friends freely (p.6). */
export const moveGeneral = defineCommand<SywState, Options, Tables, z.infer<typeof genSchema>>({
  describe: 'Move a general up to 40cm.',
  schema: genSchema,
  handle(state, cmd, ctx) {
    const gen = state.battle.generals.find((x) => x.id === cmd.general);
    const gs = state.ruleset.generals[cmd.general];
    const R = 'SYW (3) Notes on Generals (a) (p.6)';
    if (!gen || !gs || gen.side !== cmd.side) return reject('bad-general', 'Choose one of your generals.', R);
    const d = Math.hypot(cmd.x - gen.stand.centre.x, cmd.y - gen.stand.centre.y);
    if (gs.movedMm + d > COMMAND.generalMoveCm * CM + 0.5) return reject('too-far', `Generals move 40cm; this is ${((gs.movedMm + d) / CM).toFixed(1)}cm.`, R);
    if (cmd.x < 0 || cmd.y < 0 || cmd.x > state.battle.table.widthMm || cmd.y > state.battle.table.depthMm) return reject('off-table', 'Stay on the table.', R);
    const w = new Work(state, ctx);
    w.battle = { ...w.battle, generals: w.battle.generals.map((x) => (x.id === gen.id ? { ...x, stand: { ...x.stand, centre: pt(cmd.x, cmd.y) } } : x)) };
    w.rs = { ...w.rs, generals: { ...w.rs.generals, [gen.id]: { ...gs, movedMm: gs.movedMm + d } } };
    ctx.emit({ type: 'GeneralMoved', general: gen.id, to: pt(cmd.x, cmd.y), rule: R });
    return w.change();
  },
});

export { isCavalry };

const artStandSchema = z.object({ type: z.literal('artilleryToStand'), side: z.string(), group: z.string() }).strict();

/** Does any enemy (that `side` can see) lie within the longest range of one of the group's guns? */
export function artilleryInRange(w: Work, g: GroupState): boolean {
  const guns = w.groupUnits(g).filter(isArtillery);
  return guns.some((u) => {
    const b = w.tables.weaponRanges[w.tables.unitTable[u.troopType]?.weapon ?? 'none'];
    const reach = ((b?.extremeCm ?? b?.longCm ?? b?.shortCm) ?? 0) * CM;
    return w.enemiesOf(g.side).some((e) => w.rs.hidden[e.id] === undefined && unitGap(u, e) <= reach + 0.5);
  });
}

/**
 * "Artillery units on Advance may opt at any time to go to Stand orders if within shooting range
 * of enemy, but not if they started this turn at Stand" (p.8). Allowed in the owner's command
 * changes and movement steps (RULINGS.md).
 */
export const artilleryToStand = defineCommand<SywState, Options, Tables, z.infer<typeof artStandSchema>>({
  describe: 'An artillery group on Advance within range of enemy goes to Stand.',
  schema: artStandSchema,
  handle(state, cmd, ctx) {
    const w = new Work(state, ctx);
    const g = w.group(cmd.group);
    if (!g || g.side !== cmd.side) return reject('bad-group', 'Choose one of your groups.', O);
    const units = w.groupUnits(g);
    if (units.length === 0 || !units.every(isArtillery)) return reject('not-artillery', 'Only artillery groups may opt to go to Stand.', O);
    if (g.order !== 'advance') return reject('not-advancing', 'Only artillery on Advance orders may opt to go to Stand.', O);
    if (g.orderAtPhaseStart === 'stand') return reject('started-at-stand', 'Artillery that started this turn at Stand may not opt to go back to Stand.', O);
    if (!artilleryInRange(w, g)) return reject('out-of-range', 'No enemy is within shooting range of the guns.', O);
    changeOrder(w, g.id, 'stand', 'artillery opted to go to Stand within range of enemy', O);
    return w.change();
  },
});

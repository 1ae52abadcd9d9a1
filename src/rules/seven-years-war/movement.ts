/** Group moves (SYW (3) Order interpretation p.8, §4 pp.9-10): a group's legs checked against its order, the ground, the table edge and every unit it meets, then made. */
import { z } from 'zod';
import { defineCommand, reject } from '../../engine/ruleset';
import type { Rejection } from '../../engine/ruleset';
import type { Stand, TerrainFeature, Unit } from '../../engine/model';
import { unitFrame } from '../../geometry/frame';
import { inFrontArc } from '../../geometry/zones';
import type { Leg as CoreLeg } from '../../geometry/movement';
import { traceMove } from '../../geometry/moveCore';
import type { KeptTraces } from '../../geometry/keptTraces';
import { legsUpTo } from '../../geometry/moveClear';
import { standIndexOf, terrainIndexOf, unitsNear } from '../../geometry/sightCache';
import { unitBox } from '../../geometry/queries';
import { ORDER_NUMBERS } from './tables/orders';
import { ABATIS } from './tables/terrain';
import { formationChangeLetsMove } from './tables/movement';
import type { S, SywState, Options } from './state';
import { qualitiesOf, isArtillery, isInfantry, isLightUnit, isMassed } from './state';
import type { Tables } from './tablesSchema';
import { standsAfterLegs, unitOffTable } from '../../geometry/units';
import { legSchema, planLegs, splitByUnit } from './moveLegs';
import { groupSpeedCm, terrainAllowance, applyTerrainDisorder } from './moveSpeed';
import { nearest, orderDirectionProblem, lightsFallBack } from './moveOrders';
import { Work, normalise } from './work';
import { revealGroup } from './deployment';
import { groupShapeProblem, isSplit, GROUP_SHAPE } from './groupShape';
import { splitAlongside } from './passThrough';
import { CM, terrainTypeOf, inContact, isAbatis, CONTACT_MM } from './geo';
import { changeOrder } from './orderChanges';
import { interpenetrated, goOffTable } from './forcedMoves';
import { changeUnit } from '../../engine/workingState';

const O = 'SYW (3) Order interpretation (p.8)';
const T = 'SYW §4 Terrain effects on movement (p.9)';

/** What a move costs and allows, filled in by validateAndMove for the table's read-out. */
export interface MoveBudget {
  /** Check only: stop once the move is known legal, before applying it and its consequences (table previews). */
  dryRun?: boolean;
  costMm?: number; usedMm?: number; allowanceMm?: number; worstTerrain?: number; costByKind?: Record<string, number>; end?: Map<string, Stand[]>;
  /** 8 p.18: the move reaches the table edge (halts there, or leaves). */
  edge?: 'halt' | 'leave' | null;
  /** §4 p.10: the move passes light through massed friends (or massed through light): the Stand-or-Reserve choice applies. */
  lightMassedPass?: boolean;
  /** PERF: a drag preview's traces of straight moves, kept between pointer moves (geometry keptTraces.ts). */
  traces?: KeptTraces }

// 8 p.18 "may halt at the point where any of its units begins leaving the table ... If they decide not to halt ... they are removed": `atEdge` (default halt).
// §4 p.10 "Light and Massed interpenetrating: Both parties go to Stand, or Reserve": `afterPassThrough` (default reserve).
const moveSchema = z.object({ type: z.literal('moveGroup'), side: z.string(), group: z.string(), legs: z.array(legSchema).min(1).max(12), atEdge: z.enum(['halt', 'leave']).optional(), afterPassThrough: z.enum(['stand', 'reserve']).optional() }).strict();
export type MoveGroup = z.infer<typeof moveSchema>;

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
  const enemiesTouching = unitsNear(w.battle.units, touching).filter((e) => e.side !== g.side && !w.isOff(e.id));
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
  const fresh = (legs: readonly CoreLeg[]) => traceMove(plan.start, legs, { others: standIndexOf(w.battle.units), ignore: (id) => ids.has(id) || w.isOff(id), table: w.battle.table, ...(w.battle.terrain.length > 0 ? { terrain: terrainIndexOf(w.battle.terrain) } : {}) });
  const traced = (legs: readonly CoreLeg[]) => (out?.traces ? out.traces.trace(plan.start, legs, fresh) : fresh(legs));
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
  // In table order (the first unit refusing the move names it).
  const metUnits = [...met.keys()].map((id) => w.unit(id)).filter((o): o is Unit => o !== undefined).sort((a, b) => w.battle.units.indexOf(a) - w.battle.units.indexOf(b));
  for (const o of metUnits) {
    const endsOn = met.get(o.id)!;
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
  let haltsNear = false;
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
    // PERF: marked when the move is made, not in a preview's dry run (it copied every group's state on each pointer move).
    haltsNear = close <= ORDER_NUMBERS.advanceHaltCm * CM + 5 || friendClose <= ORDER_NUMBERS.advanceHaltCm * CM + 5;
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
  if (haltsNear) w.setGroup(g.id, { halted: true });
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

export const moveGroup = defineCommand<SywState, Options, Tables, MoveGroup>({
  describe: 'Move a group along legs (forward, backward, incline, wheel, turn, shift) under its order.',
  schema: moveSchema,
  handle(state, cmd, ctx) {
    const w = new Work(state, ctx);
    const r = validateAndMove(state, w, cmd);
    return r ?? w.change();
  },
});

/**
 * NW commands: orders (Orders Phase), strategic and tactical moves, charge declarations and
 * responses, Deploy actions, generals. Every refusal cites its rule.
 */
import { advanceUnit, rotateUnit, wheelUnit } from '../../geometry/units';
import { dismountedProfile, profileOf } from './profile';
import { z } from 'zod';
import { defineCommand, reject, type Change, type Ctx, type Rejection } from '../../engine/ruleset';
import { findUnit, updateUnit, updateGeneral } from '../../engine/battle';
import type { Unit } from '../../engine/model';
import type { Draft, NwGameState, NwState, NwOptions } from './types';
import type { NwTables } from './nwTables';
import { ORDERS, ORDER_IDS, deployActionsAllowed, mayChargeTarget, mayCountercharge, type OrderId } from './tables/orders';
import { FORD_SEARCH, WHEEL } from './tables/movement';
import { addDisorder, enemiesOf, firstWithinER, inMm, isActive, makeDraft, nwu, planChecked, scaleOf, toChange, toIn, canSee } from './core';
import { unitDistanceMm, unitFacing, frameOfUnit, unitTerrain, commandStand, screenStands } from './geom';
import { walk, commitMove, straight } from './moves';
import { standsAtDistance } from '../../geometry/movement';
import { normalMoveMm, retreatMove, retreatPose, faceTowards, runPendingTests } from './morale';
import { isRoadPath, ROAD_FACTOR, staysOnRoad } from './roads';
import { inDenseTerrain, relayout, FORMATIONS, recallScreen, reshapeFront, throwOutScreen, type NwFormation } from './formations';
import { inCombat, settleFollowUp } from './combat';
import { fleeRefuge } from './fireAndFlee';
import { fireAtAdvancer } from './contactFire';
import { GUNS_RULE, spikeGuns, spikeProblem } from './guns';
import { startCombat } from './charges';
import { revealAmbush } from './offTable';
import { occupyBuildings, OCCUPY_RULE } from './occupy';
import { canWheelToFace } from './chargeMovement';
import { dropBackForMove, dropBackProblem, DROP_BACK_RULE } from './dropBack';
import { normaliseAngle, pt, rad } from '../../geometry/types';
import { cos, hypot, sin } from '../../geometry/math';
import { pointOnTable } from '../../geometry/tableEdge';

type S = NwGameState;
const id = z.string().min(1);

export function generalCanOrder(d: Draft, gid: string, u: Unit): string | undefined {
  const g = d.rs.generals[gid];
  const gs = d.battle.generals.find((x) => x.id === gid);
  if (!g || !gs || g.side !== u.side) return 'no such general on your side';
  if (g.lost || g.routed) return 'that general is lost or routed (NW Generals §8 Indisposed)';
  if (g.withUnit && inCombat(d, g.withUnit)) return 'that general is in close combat (NW Generals §8 Indisposed)';
  const r = inMm(g.commandRadiusIn);
  const inRange = u.stands.some((s) => hypot(s.centre.x - gs.stand.centre.x, s.centre.y - gs.stand.centre.y) <= r + 1e-6);
  return inRange ? undefined : `the unit is beyond ${gs.name}'s command radius of ${g.commandRadiusIn}" (NW Generals §2)`;
}

/** Why a unit may not take an order, or undefined (NW Orders §1 Order Definitions). */
export function orderProblem(d: Draft, u: Unit, order: OrderId): string | undefined {
  const nu = nwu(d, u.id);
  const spec = ORDERS[order];
  const arm = nu.profile.foot ? 'foot' : nu.profile.mounted ? 'cavalry' : 'artillery';
  if (!spec.allowed[arm]) return `${spec.name} is not allowed to ${arm} (${spec.rule})`;
  if (u.formation === 'skirmish' && !spec.skirmishersAllowed) return `${spec.name} is not allowed to skirmishers (${spec.rule})`;
  if (nu.morale === 'routed' && order !== 'recover') return 'a routing unit may only be given Recover (NW §17 Routed)';
  if (nu.morale === 'fragmented' && !spec.fragmented) return 'a Fragmented unit cannot be issued Charge orders (NW §17 Fragmented)';
  if (inCombat(d, u.id) && !spec.inCloseCombat) return 'units in close combat may only be given Retreat or Deploy (NW Orders/Issuing)';
  if (order === 'charge') {
    if (u.formation === 'square' || u.formation === 'rally-square' || u.formation === 'austrian-mass') return 'units in square cannot charge (NW §27)';
    const reach = normalMoveMm(d, u);
    const any = enemiesOf(d, u.side).some((e) => unitDistanceMm(u, e) <= reach + 1e-6 && mayChargeTarget(kind(d, u), kind(d, e)) && canSee(d, u, e));
    if (!any) return 'no enemy it may charge is within its normal tactical move (NW Orders/Charge)';
  }
  if (order === 'fire-and-flee') {
    if (nu.limbered || nu.abandoned) return 'only manned, unlimbered guns fire and flee (NW Orders/Fire and Flee)';
    const refuge = fleeRefuge(d, u);
    if (typeof refuge === 'string') return `${refuge} (NW Orders/Fire and Flee)`;
  }
  if (order === 'form-square' && inDenseTerrain(d.battle, u)) return 'squares are not allowed in dense terrain (NW §27)';
  // "Only troops on foot may be given Defend Orders": foot artillery yes, horse artillery no (RULINGS).
  if (order === 'defend' && nu.profile.troop === 'horse-artillery') return 'only troops on foot may be given Defend orders: horse artillery may not (NW Orders/Defend)';
  if (nu.abandoned && order !== 'deploy') return 'abandoned guns take only a Deploy order, for the crew to come back (NW Orders/Fire and Flee)';
  if (order === 'recover' && nu.morale === 'routed' && nu.rallyChanceUsed) return 'a routed unit has only one chance to rally (NW §17 Routed)';
  return undefined;
}

export const kind = (d: Draft, u: Unit) => {
  const p = nwu(d, u.id).profile;
  return { mounted: p.mounted, foot: p.foot, skirmish: u.formation === 'skirmish' };
};

function run(state: S, ctx: Ctx, f: (d: Draft) => Rejection | void): Change<NwState> | Rejection {
  const d = makeDraft(state, ctx);
  const r = f(d);
  return r ?? toChange(d);
}

const ownUnit = (d: Draft, side: string, unitId: string): Unit | Rejection => {
  const u = findUnit(d.battle, unitId);
  if (u && d.rs.units[unitId]?.status === 'captured') return reject('captured', `${u.name} ${d.rs.units[unitId]?.spiked ? 'were captured and spiked' : 'are held by the enemy'}: their crew cannot come back to them.`, GUNS_RULE);
  if (!u || d.rs.units[unitId]?.status !== 'active') return reject('no-unit', `There is no unit ${unitId} on the table.`, 'engine');
  if (u.side !== side) return reject('not-yours', `${u.name} is not yours.`, 'engine');
  return u;
};
const isRej = (x: unknown): x is Rejection => typeof x === 'object' && x !== null && (x as Rejection).rejected === true;

/**
 * NW §11 Orders Phase: why `cmd`'s order marker may not be placed, or the unit it goes on (the
 * placeOrder handler's every check; the AI proves its orders with it, src/rules/.../ai).
 */
export function placeOrderProblem(d: Draft, cmd: { side: string; unitId: string; order: OrderId; generalId: string }): Rejection | Unit {
  const u = ownUnit(d, cmd.side, cmd.unitId);
  if (isRej(u)) return u;
  if (d.rs.orders[u.id]) return reject('already-ordered', `${u.name} already has an order this turn.`, 'NW Orders/Issuing: one order per unit per turn');
  const gp = generalCanOrder(d, cmd.generalId, u);
  if (gp) return reject('out-of-command', gp, 'NW Sequence §11; Generals §2');
  const op = orderProblem(d, u, cmd.order);
  if (op) return reject('order-not-allowed', op, ORDERS[cmd.order].rule);
  return u;
}

// NW §11 Orders Phase: markers face down on units within a general's command radius.
const placeOrder = defineCommand<NwState, NwOptions, NwTables, { type: 'placeOrder'; side: string; unitId: string; order: OrderId; generalId: string }>({
  describe: 'Place an order marker face down on a unit within a general\'s command radius.',
  schema: z.object({ type: z.literal('placeOrder'), side: id, unitId: id, order: z.enum(ORDER_IDS as [OrderId, ...OrderId[]]), generalId: id }).strict(),
  handle: (state, cmd, ctx) =>
    run(state, ctx, (d) => {
      const u = placeOrderProblem(d, cmd);
      if (isRej(u)) return u;
      d.rs.orders[u.id] = { unitId: u.id, side: cmd.side, order: cmd.order, generalId: cmd.generalId, revealed: false };
      ctx.emit({ type: 'OrderPlaced', unit: u.id, order: cmd.order, general: cmd.generalId, visibleTo: [cmd.side], rule: 'NW Sequence §11 Orders Phase' });
      // A marker on a hidden ambusher would give it away (NW §3 Known Enemy): only its side sees that one.
      ctx.emit({ type: 'OrderMarkerPlaced', unit: u.id, faceDown: true, ...(nwu(d, u.id).ambush ? { visibleTo: [cmd.side] } : {}), rule: 'NW Sequence §11 Orders Phase' });
    }),
});

// NW §11: a free 180° turn for units not in close combat or routing (and after a Retreat, Orders/Retreat).
const turnAbout = defineCommand<NwState, NwOptions, NwTables, { type: 'turnAbout'; side: string; unitId: string }>({
  describe: 'Make the free 180 degree turn.',
  schema: z.object({ type: z.literal('turnAbout'), side: id, unitId: id }).strict(),
  handle: (state, cmd, ctx) =>
    run(state, ctx, (d) => {
      const u = ownUnit(d, cmd.side, cmd.unitId);
      if (isRej(u)) return u;
      const nu = nwu(d, u.id);
      if (inCombat(d, u.id) || nu.morale === 'routed') return reject('no-free-turn', 'Units in close combat or routing may not make the free turn.', 'NW Sequence §11');
      if (nu.movedThisTurn) return reject('already-turned', `${u.name} has already turned this phase.`, 'NW Sequence §11');
      d.battle = updateUnit(d.battle, u.id, (x) => rotateUnit(x, frameOfUnit(x).centre, Math.PI));
      nu.movedThisTurn = true;
      ctx.emit({ type: 'UnitTurnedAbout', unit: u.id, rule: 'NW Sequence §11' });
    }),
});

/** Shared move validation and execution for Advance and strategic moves. */
/** Every stand of the unit touches a road (NW §23 Roads). */
export function alongRoad(d: Draft, u: Unit): boolean {
  return u.stands.every((s) => unitTerrain(d.battle, { ...u, stands: [s] }).some((t) => t.kind === 'road'));
}

/** The unit stays on the road all the way straight ahead (the core's trace of the move). */
function pathAlongRoad(d: Draft, u: Unit, distMm: number): boolean {
  return staysOnRoad(d, u, unitFacing(u), distMm);
}

/** `proRata`: a strategic move carried out by strategic.ts, whose Engagement Range halt the pro-rata resolution fixed (NW §21). */
/**
 * NW Movement §3; §25 Wheeling; §23 Roads: a move's wheel and distance against the unit's
 * allowance — the unit after its wheel and whether it moves along the road, or why the move is
 * over the allowance. It reads only the mover and the ground, so a player can ask it of what it
 * sees before offering a move (the AI's scripts do).
 */
export function moveAllowance(d: Draft, u: Unit, wheelDeg: number, distanceIn: number, strategic: boolean): Rejection | { wheeled: Unit; road: boolean } {
  if (Math.abs(wheelDeg) > WHEEL.maxDeg + 1e-9) return reject('wheel-too-far', `A wheel is at most ${WHEEL.maxDeg} degrees.`, WHEEL.rule);
  const full = normalMoveMm(d, u, strategic);
  const { unit: wheeled, outerArcMm } = wheelUnit(u, (wheelDeg * Math.PI) / 180, frameOfUnit(u));
  const wheelCost = outerArcMm * WHEEL.distanceFactor;
  const want = inMm(distanceIn);
  // NW §23 Roads: "Units that spend their entire Movement Phase moving along a road" in Road Column
  // move 1½ times, ignoring terrain: every stand on the road from start to finish (RULINGS).
  const roadColumn = u.formation === 'road-column' && alongRoad(d, u);
  const road = roadColumn && pathAlongRoad(d, wheeled, want);
  const allowance = road ? full * 1.5 : full;
  if (roadColumn && !road && wheelCost + want > full + 0.5) return reject('off-road', `${u.name} leaves the road on this move, so it has only its normal ${toIn(full)}" (the road's 1½ times needs the entire move along the road).`, 'NW §23 Roads');
  if (wheelCost + want > allowance + 0.5) return reject('too-far', `${u.name} may move ${toIn(allowance)}" and the wheel costs ${toIn(wheelCost)}"; ${distanceIn}" more is too far.`, 'NW Movement §3; §25 Wheeling');
  return { wheeled, road };
}

export function doMove(d: Draft, u: Unit, wheelDeg: number, distanceIn: number, strategic: boolean, dropBack = false, proRata = false): Rejection | void {
  const nu = nwu(d, u.id);
  const allowed = moveAllowance(d, u, wheelDeg, distanceIn, strategic);
  if (isRej(allowed)) return allowed;
  const { wheeled, road } = allowed;
  const want = inMm(distanceIn);
  d.battle = updateUnit(d.battle, u.id, () => wheeled);
  // NW Orders/Advance: stands may shift into the rear ranks to avoid units, terrain or obstacles (dropBack; RULINGS).
  const mover = dropBack ? dropBackForMove(d, wheeled, unitFacing(wheeled), want, { roadColumn: road }) : wheeled;
  if (typeof mover === 'string') return reject('cannot-drop-back', `${u.name} cannot drop stands back: ${mover}.`, DROP_BACK_RULE);
  planChecked(d);
  const r = walk(d, mover, unitFacing(mover), want, strategic ? 'strategic' : 'advance', { roadColumn: road });
  let res = r;
  if (strategic && !proRata) {
    // NW §21: halt as soon as within Engagement Range of a visible enemy: the move's first moment
    // within range, exactly (passing within range and out again halts too).
    const legs = straight(unitFacing(mover), r.usedMm);
    const hi = r.usedMm > 0 ? firstWithinER(d, mover, unitFacing(mover), r.usedMm) : undefined;
    if (hi !== undefined) {
      res = { ...r, unit: { ...mover, stands: standsAtDistance(mover.stands, legs, hi) }, usedMm: hi, contacts: [] };
      d.ctx.emit({ type: 'HaltedAtEngagementRange', unit: u.id, rule: 'NW §21 Strategic Movement' });
    }
  }
  commitMove(d, res, strategic ? 'strategic' : 'advance');
  if (strategic) nu.movedStrategic = true;
  d.ctx.emit({ type: 'UnitMoved', unit: u.id, wheelDeg, distanceIn: toIn(res.usedMm), strategic, blocked: res.blocked, rule: strategic ? 'NW §21 Strategic Movement' : 'NW Orders/Advance' });
  // Advancing into contact starts a close combat (NW Close Combat §1) — except that skirmish
  // infantry advanced into by any but skirmish infantry retreat first (NW Orders/Retreat note).
  for (const eid of res.contacts) {
    if (skirmishersEvade(d, eid, u)) continue;
    // NW Fire §5: the contacted unit fires at the advancer first (contactFire.ts); if that fire
    // drives the advancer off or destroys it, there is no combat.
    if (!strategic && fireAtAdvancer(d, eid, u.id)) {
      const mv = findUnit(d.battle, u.id);
      const tg = findUnit(d.battle, eid);
      if (!mv || !tg || !isActive(d, u.id) || !isActive(d, eid) || nwu(d, u.id).morale === 'routed' || unitDistanceMm(mv, tg) > 1) continue;
    }
    startCombat(d, u.id, eid, { charged: false, pursuing: false });
    // Skirmish cavalry "may voluntarily opt to Retreat": their owner decides after this side's moves.
    const t = findUnit(d.battle, eid);
    if (t && t.formation === 'skirmish' && d.rs.units[eid]?.profile.mounted && !strategic) {
      d.rs.pendingEvasions = [...(d.rs.pendingEvasions ?? []).filter((p) => p.unitId !== eid), { unitId: eid, side: t.side, moverId: u.id }];
      d.ctx.emit({ type: 'EvasionOffered', unit: eid, from: u.id, rule: 'NW Orders/Retreat note' });
    }
  }
}

/**
 * NW Orders/Retreat note; Close Combat §1 note: "Skirmishing Infantry may automatically Retreat if
 * any unit attempts to Charge or Advance into contact with them" (RULINGS: they always do — the
 * alternative is destruction). Extra movement after they have moved disorders them (NW §17).
 * Returns true when they got away.
 */
export function skirmishersEvade(d: Draft, targetId: string, mover: Unit): boolean {
  const t = findUnit(d.battle, targetId);
  const tn = d.rs.units[targetId];
  const mn = d.rs.units[mover.id];
  if (!t || !tn || !mn || tn.status !== 'active' || t.formation !== 'skirmish' || !tn.profile.foot) return false;
  if (mover.formation === 'skirmish' && mn.profile.foot) return false; // skirmishers fight skirmishers
  const already = tn.movedThisTurn;
  retreatMove(d, targetId, mover.id, false);
  d.ctx.emit({ type: 'SkirmishersEvaded', unit: targetId, from: mover.id, rule: 'NW Orders/Retreat note' });
  if (already && d.rs.units[targetId]?.status === 'active') addDisorder(d, targetId, 1, 'extra movement: retreated after moving', 'NW §17 Causes of Disorder');
  const after = findUnit(d.battle, targetId);
  const mv = findUnit(d.battle, mover.id);
  return !after || !mv || unitDistanceMm(after, mv) > 1;
}

const moveUnit = defineCommand<NwState, NwOptions, NwTables, { type: 'moveUnit'; side: string; unitId: string; wheelDeg: number; distanceIn: number; limber?: boolean; unlimber?: boolean; dropBack?: boolean }>({
  describe: 'Advance a unit: an optional wheel of up to 45 degrees, then straight ahead. Artillery may limber first, or unlimber (horse artillery after at most half a move; foot artillery where it stands). dropBack shifts end stands into the rear ranks to clear units, terrain or obstacles.',
  schema: z.object({ type: z.literal('moveUnit'), side: id, unitId: id, wheelDeg: z.number().finite(), distanceIn: z.number().finite().min(0), limber: z.boolean().optional(), unlimber: z.boolean().optional(), dropBack: z.boolean().optional() }).strict(),
  handle: (state, cmd, ctx) =>
    run(state, ctx, (d) => {
      const u = ownUnit(d, cmd.side, cmd.unitId);
      if (isRej(u)) return u;
      const nu = nwu(d, u.id);
      const strategic = state.position.phase === 'strategic';
      if (nu.movedThisTurn) return reject('already-moved', `${u.name} has already moved this turn.`, 'NW §21-22: one move a turn');
      if (nu.morale === 'routed') return reject('routed', 'Routing units move only by rout moves.', 'NW §17 Routed');
      if (nu.abandoned) return reject('abandoned', 'Abandoned guns do not move until their crew come back.', 'NW Orders/Fire and Flee');
      if (inCombat(d, u.id)) return reject('in-combat', 'Units in close combat cannot advance.', 'NW Orders');
      if (strategic) {
        if (d.rs.orders[u.id]) return reject('has-order', 'Units with order markers may not move in the Strategic Movement Phase.', 'NW §21 Strategic Movement');
        if (!nu.startedOutsideER) return reject('within-er', 'Only units that started the turn outside Engagement Range move strategically.', 'NW Sequence §2 Strategic Movement Phase');
        return doMove(d, u, cmd.wheelDeg, cmd.distanceIn, true, cmd.dropBack);
      }
      const o = d.rs.orders[u.id];
      if (!o || o.order !== 'advance') return reject('needs-advance', `${u.name} needs an Advance order to move in the Tactical Movement Phase.`, 'NW §22 Tactical Movement; Orders/Advance');
      if (nu.movedStrategic) return reject('moved-strategic', 'Units may never move in both movement phases of a turn.', 'NW Sequence §2');
      const half = normalMoveMm(d, u) / 2;
      const AR = 'NW Orders/Advance: "Horse Artillery may move 1/2, unlimber and still fire with penalties. Any Artillery may limber and move or unlimber and fire with penalties."';
      if ((cmd.limber || cmd.unlimber) && !nu.profile.artillery) return reject('not-artillery', 'Only artillery limbers or unlimbers.', AR);
      if (cmd.limber && cmd.unlimber) return reject('limber-or-unlimber', 'An Advance limbers and moves, or unlimbers and fires: not both.', AR);
      if (cmd.limber) {
        if (nu.limbered) return reject('already-limbered', `${u.name} is already limbered.`, AR);
        nu.limbered = true;
        ctx.emit({ type: 'ArtilleryLimbered', unit: u.id, rule: AR });
      }
      if (cmd.unlimber) {
        if (!nu.limbered) return reject('already-unlimbered', `${u.name} is already unlimbered.`, AR);
        const horse = nu.profile.troop === 'horse-artillery';
        if (horse && inMm(cmd.distanceIn) > half + 0.5) return reject('too-far', `Horse artillery that unlimbers moves at most half its move (${toIn(half)}").`, AR);
        if (!horse && cmd.distanceIn > 0 && inMm(cmd.distanceIn) > 0.5) return reject('unlimber-in-place', 'Foot artillery with an Advance order unlimbers where it stands (only horse artillery moves and unlimbers).', AR);
        if (inMm(cmd.distanceIn) > 0.5 || cmd.wheelDeg !== 0) {
          const moved = doMove(d, u, cmd.wheelDeg, cmd.distanceIn, false, cmd.dropBack);
          if (moved) return moved;
        }
        nu.limbered = false;
        nu.unlimberedThisTurn = true;
        nu.movedThisTurn = true;
        ctx.emit({ type: 'ArtilleryUnlimbered', unit: u.id, afterMoveIn: cmd.distanceIn, rule: AR });
        return;
      }
      if (inMm(cmd.distanceIn) + 0.5 < half) return reject('too-short', `An Advance must cover at least half the move (${toIn(half)}").`, 'NW Orders/Advance');
      return doMove(d, u, cmd.wheelDeg, cmd.distanceIn, false, cmd.dropBack);
    }),
});

const retreatUnit = defineCommand<NwState, NwOptions, NwTables, { type: 'retreatUnit'; side: string; unitId: string; distanceIn: number; wheelDeg?: number; dropBack?: boolean }>({
  describe: 'Carry out a Retreat order: turn the back to the enemy and move directly away, with an optional wheel of up to 45 degrees; dropBack puts end stands into the rear ranks to clear troops or terrain.',
  schema: z.object({ type: z.literal('retreatUnit'), side: id, unitId: id, distanceIn: z.number().finite().min(0), wheelDeg: z.number().finite().optional(), dropBack: z.boolean().optional() }).strict(),
  handle: (state, cmd, ctx) =>
    run(state, ctx, (d) => {
      const u = ownUnit(d, cmd.side, cmd.unitId);
      if (isRej(u)) return u;
      const nu = nwu(d, u.id);
      const strategic = state.position.phase === 'strategic';
      if (nu.movedThisTurn) return reject('already-moved', `${u.name} has already moved this turn.`, 'NW §21-22');
      if (nu.abandoned) return reject('abandoned', 'Abandoned guns do not move until their crew come back.', 'NW Orders/Fire and Flee');
      if (strategic) {
        if (d.rs.orders[u.id] || !nu.startedOutsideER) return reject('not-strategic', 'Only unordered units that started outside Engagement Range move strategically.', 'NW §21');
      } else {
        const o = d.rs.orders[u.id];
        if (!o || o.order !== 'retreat') return reject('needs-retreat', `${u.name} needs a Retreat order.`, 'NW Orders/Retreat');
        if (nu.movedStrategic) return reject('moved-strategic', 'Units may never move in both movement phases of a turn.', 'NW Sequence §2');
      }
      const full = normalMoveMm(d, u, strategic);
      const want = inMm(cmd.distanceIn);
      // NW §23 Roads: a Road Column retreating along its road the whole way goes 1½ times (RULINGS).
      const rp = retreatPose(d, u, undefined, cmd.wheelDeg ?? 0);
      const road = isRoadPath(d, rp.unit, unitFacing(rp.unit), Math.max(0, want - rp.wheelCostMm));
      const allowance = road ? full * ROAD_FACTOR : full;
      if (want > allowance + 0.5) return reject('too-far', `${u.name} may retreat ${toIn(allowance)}"${road ? ' (Road Column along the road, ×1½)' : ''}.`, road ? 'NW Orders/Retreat; §23 Roads' : 'NW Orders/Retreat');
      if (want + 0.5 < full / 2) return reject('too-short', `A Retreat must cover at least half the move (${toIn(full / 2)}").`, 'NW Orders/Retreat');
      const wheelDeg = cmd.wheelDeg ?? 0;
      if (Math.abs(wheelDeg) > WHEEL.maxDeg + 1e-9) return reject('wheel-too-far', `A Retreat may wheel at most ${WHEEL.maxDeg} degrees.`, 'NW Orders/Retreat');
      // Unlimbered artillery may limber and move half (NW Orders/Retreat).
      let dist = want;
      if (nu.profile.artillery && !nu.limbered) {
        nu.limbered = true;
        dist = Math.min(want, full / 2);
      }
      if (inCombat(d, u.id)) d.rs.combats = d.rs.combats.filter((c) => c.a !== u.id && c.b !== u.id);
      const why = retreatMove(d, u.id, undefined, false, dist, wheelDeg, { dropBack: cmd.dropBack === true });
      if (why) return reject('cannot-drop-back', `${u.name} cannot drop stands back: ${why}.`, DROP_BACK_RULE);
      nu.retreatedLastTurn = true;
      if (strategic) nu.movedStrategic = true;
    }),
});

export type DeployActionCmd =
  | { action: 'change-facing'; degrees: 90 | -90 | 180 }
  | { action: 'change-formation'; formation: NwFormation }
  | { action: 'wheel'; degrees: number }
  | { action: 'step-forward' }
  | { action: 'sidestep'; direction: 'left' | 'right' }
  | { action: 'fall-back' }
  | { action: 'limber' }
  | { action: 'unlimber' }
  | { action: 'handpush' }
  | { action: 'search-ford' }
  | { action: 'throw-out-screen'; stands: number }
  | { action: 'recall-screen' }
  | { action: 'recrew' }
  | { action: 'spike-guns'; gunsId: string }
  | { action: 'dismount' }
  | { action: 'mount' }
  | { action: 'expand' }
  | { action: 'contract' }
  | { action: 'halt' }
  | { action: 'occupy-buildings' };

const deployAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('change-facing'), degrees: z.union([z.literal(90), z.literal(-90), z.literal(180)]) }).strict(),
  z.object({ action: z.literal('change-formation'), formation: z.enum(FORMATIONS as [NwFormation, ...NwFormation[]]) }).strict(),
  z.object({ action: z.literal('wheel'), degrees: z.number().finite() }).strict(),
  z.object({ action: z.literal('step-forward') }).strict(),
  z.object({ action: z.literal('sidestep'), direction: z.enum(['left', 'right']) }).strict(),
  z.object({ action: z.literal('fall-back') }).strict(),
  z.object({ action: z.literal('limber') }).strict(),
  z.object({ action: z.literal('unlimber') }).strict(),
  z.object({ action: z.literal('handpush') }).strict(),
  z.object({ action: z.literal('search-ford') }).strict(),
  z.object({ action: z.literal('throw-out-screen'), stands: z.number().int().min(1).max(9) }).strict(),
  z.object({ action: z.literal('recall-screen') }).strict(),
  z.object({ action: z.literal('recrew') }).strict(),
  z.object({ action: z.literal('spike-guns'), gunsId: id }).strict(),
  z.object({ action: z.literal('dismount') }).strict(),
  z.object({ action: z.literal('mount') }).strict(),
  z.object({ action: z.literal('expand') }).strict(),
  z.object({ action: z.literal('contract') }).strict(),
  z.object({ action: z.literal('halt') }).strict(),
  z.object({ action: z.literal('occupy-buildings') }).strict(),
]);

/** NW Orders/Deploy: one action (two for steady, non-militia units). */
export function applyDeploy(d: Draft, u: Unit, a: DeployActionCmd, strategic: boolean): Rejection | void {
  const nu = nwu(d, u.id);
  const o = d.rs.orders[u.id];
  const R = 'NW Orders/Deploy';
  const limit = deployActionsAllowed({
    inCloseCombat: inCombat(d, u.id),
    beingCharged: Object.values(d.rs.orders).some((x) => x.order === 'charge' && x.target === u.id),
    disordered: nu.morale !== 'good',
    militiaOrConscript: nu.profile.grade === 'militia' || nu.profile.grade === 'conscript',
  });
  const used = o?.deployActionsUsed ?? 0;
  if (nu.abandoned && a.action !== 'recrew') return reject('abandoned', 'The crew must come back to the guns first (recrew).', 'NW Orders/Fire and Flee');
  if (!strategic && used >= limit) return reject('deploy-spent', `${u.name} may take ${limit} Deploy action${limit > 1 ? 's' : ''} this turn.`, R);
  const nonMilitiaFoot = nu.profile.foot && nu.profile.grade !== 'militia';
  let next: Unit = u;
  switch (a.action) {
    case 'change-facing':
      next = rotateUnit(u, frameOfUnit(u).centre, (a.degrees * Math.PI) / 180);
      break;
    case 'change-formation': {
      const f = a.formation;
      const foot = nu.profile.foot;
      if ((f === 'square' || f === 'rally-square' || f === 'austrian-mass') && (!foot || u.formation === 'skirmish')) return reject('bad-formation', 'Only non-skirmishing foot form square.', 'NW §27 Special Formations');
      if (f === 'square') return reject('use-form-square', 'Square is formed with a Form Square order.', 'NW Orders/Form Square; §27');
      // NW §27: rally squares and Austrian mass are "attempted … if they are charged by cavalry" with a
      // morale test (§18 F): the Deploy charge response `hasty-square`, not a formation change (RULINGS).
      if (f === 'rally-square' || f === 'austrian-mass') return reject('use-hasty-square', 'Rally squares and Austrian mass are attempted only when charged by cavalry (the hasty-square charge response, with a morale test).', 'NW §27 Rally/Hasty Square; Morale §18 F');
      if (f === 'limbered') return reject('use-limber', 'Artillery limbers with the limber action.', R);
      if (f === 'skirmish' && !foot) return reject('bad-formation', 'Only foot skirmish here.', 'NW §26 Skirmish Formation');
      if (f !== 'line' && f !== 'column' && f !== 'road-column' && f !== 'skirmish' && inDenseTerrain(d.battle, u)) return reject('dense', 'Special formations are prohibited in dense terrain.', 'NW §27');
      next = relayout(recallScreen(u), f);
      break;
    }
    case 'wheel':
      if (Math.abs(a.degrees) > WHEEL.maxDeg) return reject('wheel-too-far', 'Deploy wheels are up to 45 degrees.', R);
      next = wheelUnit(u, (a.degrees * Math.PI) / 180, frameOfUnit(u)).unit;
      break;
    case 'occupy-buildings': {
      // NW Orders/Deploy "Enter buildings and take up positions in them" (occupy.ts).
      const r = occupyBuildings(d, u);
      if (typeof r === 'string') return reject('cannot-occupy', `${u.name}: ${r}.`, OCCUPY_RULE);
      next = r.unit;
      d.ctx.emit({ type: 'BuildingsOccupied', unit: u.id, terrain: r.terrain.id, stands: r.stands, rule: OCCUPY_RULE });
      break;
    }
    case 'step-forward':
      // One stand depth straight forward, ignoring terrain delays and disorder penalties.
      next = advanceUnit(u, u.stands[0]?.depthMm ?? 25, unitFacing(u));
      break;
    case 'sidestep': {
      if (!nonMilitiaFoot) return reject('not-foot', 'Only non-militia foot sidestep.', R);
      const w = u.stands[0]?.widthMm ?? 25;
      const th = unitFacing(u) + (a.direction === 'right' ? Math.PI / 2 : -Math.PI / 2);
      next = advanceUnit(u, w, rad(th));
      break;
    }
    case 'fall-back': {
      if (!nonMilitiaFoot) return reject('not-foot', 'Only non-militia foot fall back.', R);
      const r = walk(d, u, normaliseAngle(unitFacing(u) + Math.PI), normalMoveMm(d, u) / 2, 'fall-back');
      next = r.unit;
      break;
    }
    case 'limber':
      if (!nu.profile.artillery || nu.limbered) return reject('bad-action', 'Only unlimbered artillery limbers.', R);
      nu.limbered = true;
      break;
    case 'unlimber':
      if (!nu.profile.artillery || !nu.limbered) return reject('bad-action', 'Only limbered artillery unlimbers.', R);
      nu.limbered = false;
      nu.unlimberedThisTurn = true;
      break;
    case 'handpush':
      if (!nu.profile.artillery || nu.limbered) return reject('bad-action', 'Only unlimbered artillery handpushes.', R);
      next = advanceUnit(u, inMm(scaleOf(d).handpushIn), unitFacing(u));
      nu.movedThisTurn = true;
      break;
    case 'search-ford': {
      const river = unitTerrain(d.battle, u).find((t) => t.kind === 'river');
      if (!river) return reject('no-river', 'Search for fords needs a stand touching a river.', FORD_SEARCH.rule);
      const r = d.ctx.roll({ dice: 'd6', purpose: `${u.name} searches ${river.name} for a ford`, rule: FORD_SEARCH.rule, target: { value: FORD_SEARCH.findOn, pass: 'atLeast', label: 'a ford on a 6' }, subjects: [u.id], outcome: (v) => (v.passed ? 'ford found' : 'no ford') });
      if (r.passed) {
        const c = commandStand(u);
        const w = (c.widthMm * FORD_SEARCH.fordWidthStands) / 2;
        const f = { x: cos(c.facing), y: sin(c.facing) };
        const ahead = pt(c.centre.x + f.x * c.depthMm * 1.5, c.centre.y + f.y * c.depthMm * 1.5);
        const r2 = Math.max(w, inMm(scaleOf(d).riverWidthIn) * 2);
        const poly = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => pt(ahead.x + cos((k * Math.PI) / 4) * r2, ahead.y + sin((k * Math.PI) / 4) * r2));
        d.battle = { ...d.battle, terrain: [...d.battle.terrain, { id: `ford-${u.id}-${d.turn}`, kind: 'ford', name: `Ford found by ${u.name}`, polygon: poly, props: {} }] };
      }
      break;
    }
    case 'throw-out-screen': {
      // NW Orders/Deploy, §26 Skirmish Formation: stands thrown forward one base depth to screen the unit.
      if (!nu.profile.foot || u.formation === 'skirmish' || u.formation.includes('square') || u.formation === 'austrian-mass') return reject('no-screen', 'Only formed foot throw out a skirmish screen.', 'NW §26 Skirmish Formation');
      if (screenStands(u).length > 0) return reject('no-screen', `${u.name} already has a screen out; recall it first.`, 'NW Orders/Deploy');
      if (a.stands >= u.stands.length) return reject('no-screen', 'The command stand stays with the formed body (send the whole unit into skirmish order instead).', 'NW §26 Skirmish Formation');
      next = throwOutScreen(u, a.stands);
      break;
    }
    case 'recall-screen':
      if (screenStands(u).length === 0) return reject('no-screen', `${u.name} has no screen out.`, 'NW Orders/Deploy');
      next = recallScreen(u);
      break;
    case 'dismount':
      // NW Orders/Deploy "dismount, mount"; §4 note: dismounted cavalry form up as equivalent
      // infantry with 3 strength points a stand; Fire: "Dismounted, they may fire" (carbines).
      if (!nu.profile.mounted || nu.dismounted) return reject('bad-action', 'Only mounted cavalry dismount.', 'NW Orders/Deploy');
      nu.profile = dismountedProfile(nu.profile);
      nu.dismounted = true;
      d.ctx.emit({ type: 'CavalryDismounted', unit: u.id, rule: 'NW Orders/Deploy; §4 Strength note' });
      break;
    case 'mount': {
      if (!nu.dismounted) return reject('bad-action', 'Only dismounted cavalry mount.', 'NW Orders/Deploy');
      const side = d.battle.sides.find((s) => s.id === u.side);
      const p = profileOf(u, side?.nationality ?? '');
      if (typeof p === 'string') return reject('bad-action', p, 'NW Orders/Deploy');
      nu.profile = p;
      delete nu.dismounted;
      d.ctx.emit({ type: 'CavalryMounted', unit: u.id, rule: 'NW Orders/Deploy' });
      break;
    }
    case 'recrew':
      // NW Orders/Fire and Flee: the crew spend a turn moving back to the guns before firing again.
      if (!nu.abandoned) return reject('bad-action', 'Only abandoned guns are re-manned.', 'NW Orders/Fire and Flee');
      nu.abandoned = false;
      nu.recrewedTurn = d.turn;
      d.ctx.emit({ type: 'GunsRecrewed', unit: u.id, rule: 'NW Orders/Fire and Flee' });
      break;
    case 'spike-guns': {
      // NW Orders/Deploy: "Spike captured artillery pieces" — guns this unit's side captured, in contact (guns.ts).
      const p = spikeProblem(d, u.id, a.gunsId);
      if (p) return reject('cannot-spike', `${u.name} cannot spike: ${p}.`, GUNS_RULE);
      spikeGuns(d, u.id, a.gunsId);
      break;
    }
    case 'expand':
    case 'contract': {
      // NW Orders/Deploy: "Expand or contract one stand per flank" (about the command stand, §26 note).
      if (nu.profile.artillery || u.formation.includes('square') || u.formation === 'austrian-mass' || u.formation === 'limbered') return reject('bad-action', 'Only foot or horse in line or column expand or contract.', R);
      const r = reshapeFront(recallScreen(u), a.action === 'expand' ? 1 : -1);
      if (!r) return reject('bad-action', a.action === 'expand' ? `${u.name} has no rear rank to bring up.` : `${u.name} has no front to draw in.`, R);
      next = r;
      break;
    }
    case 'halt':
      break;
  }
  if (next !== u) {
    // A Deploy may not run into enemies; formation changes into friends interpenetrate.
    const clash = enemiesOf(d, u.side).find((e) => unitDistanceMm(next, e) < 0.5 && unitDistanceMm(u, e) >= 0.5);
    if (clash) return reject('blocked', `That would run into ${clash.name}.`, R);
    d.battle = updateUnit(d.battle, u.id, () => next);
  }
  if (o) o.deployActionsUsed = used + 1;
  if (next !== u) revealAmbush(d, u.id, 'it changed formation or position');
  if (a.action !== 'halt' && a.action !== 'search-ford' && a.action !== 'limber' && a.action !== 'unlimber') nu.movedThisTurn = true;
  d.ctx.emit({ type: 'UnitDeployed', unit: u.id, action: a.action, detail: a, rule: R });
}

const deployUnit = defineCommand<NwState, NwOptions, NwTables, { type: 'deployUnit'; side: string; unitId: string } & DeployActionCmd>({
  describe: 'Carry out one Deploy action (facing, formation, wheel, sidestep, fall back, limber…).',
  schema: z.intersection(z.object({ type: z.literal('deployUnit'), side: id, unitId: id }), deployAction) as unknown as z.ZodType<{ type: 'deployUnit'; side: string; unitId: string } & DeployActionCmd>,
  handle: (state, cmd, ctx) =>
    run(state, ctx, (d) => {
      const u = ownUnit(d, cmd.side, cmd.unitId);
      if (isRej(u)) return u;
      const nu = nwu(d, u.id);
      const strategic = state.position.phase === 'strategic';
      if (strategic) {
        if (d.rs.orders[u.id] || !nu.startedOutsideER) return reject('not-strategic', 'Only unordered units that started outside Engagement Range deploy strategically.', 'NW §21');
        if (nu.movedStrategic) return reject('already-moved', 'One strategic action a turn.', 'NW §21');
        nu.movedStrategic = true;
      } else {
        const o = d.rs.orders[u.id];
        if (!o || o.order !== 'deploy') return reject('needs-deploy', `${u.name} needs a Deploy order.`, 'NW Orders/Deploy');
        if (nu.movedStrategic) return reject('moved-strategic', 'Units may never move in both movement phases of a turn.', 'NW Sequence §2');
      }
      const { type: _t, side: _s, unitId: _u, ...a } = cmd;
      return applyDeploy(d, u, a as DeployActionCmd, strategic);
    }),
});

// NW Sequence §12: chargers go after their targets.
const declareCharge = defineCommand<NwState, NwOptions, NwTables, { type: 'declareCharge'; side: string; unitId: string; targetId: string; dropBack?: boolean }>({
  describe: 'Name the target of a unit with a Charge order. dropBack: the charger may drop end stands into its rear ranks to clear friends, obstacles or terrain in its path.',
  schema: z.object({ type: z.literal('declareCharge'), side: id, unitId: id, targetId: id, dropBack: z.boolean().optional() }).strict(),
  handle: (state, cmd, ctx) =>
    run(state, ctx, (d) => {
      const u = ownUnit(d, cmd.side, cmd.unitId);
      if (isRej(u)) return u;
      const o = d.rs.orders[u.id];
      if (!o || o.order !== 'charge') return reject('no-charge-order', `${u.name} has no Charge order.`, 'NW Sequence §12');
      const t = findUnit(d.battle, cmd.targetId);
      if (!t || t.side === cmd.side || d.rs.units[t.id]?.status !== 'active') return reject('bad-target', 'Choose an enemy unit on the table.', 'NW Orders/Charge');
      const p = chargeTargetProblem(d, u, t);
      if (p) return reject('bad-target', p, 'NW Orders/Charge');
      // NW Orders/Charge: "Any units may drop back stands to avoid running into friendly troops, obstacles or terrain features".
      const why = cmd.dropBack ? dropBackProblem(u) : undefined;
      if (why) return reject('cannot-drop-back', `${u.name} cannot drop stands back: ${why}.`, 'NW Orders/Charge');
      o.target = t.id;
      if (cmd.dropBack) o.dropBack = true;
      else delete o.dropBack;
      ctx.emit({ type: 'ChargeDeclared', unit: u.id, target: t.id, ...(cmd.dropBack ? { dropBack: true } : {}), rule: 'NW Sequence §12 Charge Declaration' });
    }),
});

export function chargeTargetProblem(d: Draft, u: Unit, t: Unit): string | undefined {
  if (d.rs.units[t.id]?.ambush) return `${t.name} is not a known enemy (NW §3: ambushers are hidden)`;
  if (!mayChargeTarget(kind(d, u), kind(d, t))) return 'infantry may not charge cavalry; skirmishers only charge skirmishers (NW Orders/Charge)';
  if (unitDistanceMm(u, t) > normalMoveMm(d, u) + 1e-6) return `${t.name} is beyond ${u.name}'s normal tactical move (NW Orders/Charge)`;
  // Within a 45° wheel of its front (NW Orders/Charge: no facing change but a 45° wheel).
  if (!canWheelToFace(u, t)) return `${t.name} is not ahead of ${u.name} within a 45 degree wheel (NW Orders/Charge)`;
  // Must charge an enemy that is itself charging it, "if possible": only one it could lawfully
  // charge (kind, known, within its move, within a 45° wheel) binds it (RULINGS, second pass).
  const chargingIt = Object.values(d.rs.orders).filter((x) => x.order === 'charge' && x.target === u.id && x.revealed);
  if (!chargingIt.some((x) => x.unitId === t.id)) {
    const must = chargingIt.map((x) => findUnit(d.battle, x.unitId)).find((mu) => !!mu && d.rs.units[mu.id]?.status === 'active' && !d.rs.units[mu.id]?.ambush
      && mayChargeTarget(kind(d, u), kind(d, mu)) && unitDistanceMm(u, mu) <= normalMoveMm(d, u) + 1e-6 && canWheelToFace(u, mu));
    if (must) return `${u.name} must charge ${must.name}, which is charging it (NW Orders/Charge)`;
  }
  return undefined;
}

const respondToCharge = defineCommand<NwState, NwOptions, NwTables, { type: 'respondToCharge'; side: string; unitId: string; response: 'countercharge' | 'face' | 'fall-back' | 'hasty-square' | 'evade' | 'stand' }>({
  describe: 'Choose a charged unit\'s response (countercharge, face, fall back, hasty square, evade, stand).',
  schema: z.object({ type: z.literal('respondToCharge'), side: id, unitId: id, response: z.enum(['countercharge', 'face', 'fall-back', 'hasty-square', 'evade', 'stand']) }).strict(),
  handle: (state, cmd, ctx) =>
    run(state, ctx, (d) => {
      const u = ownUnit(d, cmd.side, cmd.unitId);
      if (isRej(u)) return u;
      const chargers = Object.values(d.rs.orders).filter((x) => x.order === 'charge' && x.target === u.id);
      if (chargers.length === 0) return reject('not-charged', `${u.name} is not being charged.`, 'NW Sequence §12');
      const o = d.rs.orders[u.id];
      const nu = nwu(d, u.id);
      const c0 = findUnit(d.battle, chargers[0]!.unitId)!;
      const R = 'NW Orders/Advance, Deploy; Sequence §12';
      switch (cmd.response) {
        case 'countercharge':
          if (o?.order !== 'advance') return reject('cannot-countercharge', 'Only units with Advance orders may countercharge.', 'NW Orders/Advance');
          if (nu.morale === 'fragmented' || u.formation.includes('square') || u.formation === 'austrian-mass') return reject('cannot-countercharge', 'Fragmented units and squares may not countercharge.', 'NW §17; §27');
          if (!mayCountercharge(kind(d, u), kind(d, c0))) return reject('cannot-countercharge', 'Cavalry countercharge anyone; infantry only infantry; skirmishers only skirmishers.', 'NW Orders/Advance');
          // The same test as the countercharge's wheel (chargeMovement.ts canWheelToFace), RULINGS.
          if (!canWheelToFace(u, c0)) return reject('cannot-countercharge', 'It must face, or be able to wheel to face, its attacker.', 'NW Orders/Advance');
          break;
        case 'face':
        case 'fall-back':
          if (o?.order !== 'deploy') return reject('needs-deploy', 'Facing and falling back are Deploy responses.', 'NW Orders/Deploy');
          if (cmd.response === 'fall-back' && (!nu.profile.foot || nu.profile.grade === 'militia')) return reject('not-foot', 'Only non-militia foot fall back.', 'NW Orders/Deploy');
          {
            // NW Orders/Deploy: facing and falling back are among the Deploy actions, so they count
            // against the limit (1 while being charged) — RULINGS, last items.
            const limit = deployActionsAllowed({ inCloseCombat: inCombat(d, u.id), beingCharged: true, disordered: nu.morale !== 'good', militiaOrConscript: nu.profile.grade === 'militia' || nu.profile.grade === 'conscript' });
            const used = o.deployActionsUsed ?? 0;
            if (o.response !== 'face' && o.response !== 'fall-back' && used >= limit) return reject('deploy-spent', `${u.name} has used its Deploy action${limit > 1 ? 's' : ''} this turn.`, 'NW Orders/Deploy');
            if (o.response !== 'face' && o.response !== 'fall-back') o.deployActionsUsed = used + 1;
          }
          break;
        case 'hasty-square':
          if (!nu.profile.foot || u.formation === 'skirmish') return reject('no-square', 'Only non-skirmishing foot form hasty square.', 'NW §27 Rally/Hasty Square');
          if (inDenseTerrain(d.battle, u)) return reject('dense', 'Special formations are prohibited in dense terrain.', 'NW §27');
          if (!chargers.some((x) => nwu(d, x.unitId).profile.mounted)) return reject('no-square', 'Hasty squares are formed against mounted chargers.', 'NW §18 F');
          break;
        case 'evade':
          if (u.formation !== 'skirmish') return reject('no-evade', 'Only skirmishers may retreat from a charge without orders.', 'NW Orders/Retreat note');
          break;
        case 'stand':
          break;
      }
      if (o) o.response = cmd.response;
      else d.rs.orders[u.id] = { unitId: u.id, side: u.side, order: 'deploy', generalId: '', revealed: true, response: cmd.response, deployActionsUsed: 99 };
      ctx.emit({ type: 'ChargeResponseChosen', unit: u.id, response: cmd.response, rule: R });
    }),
});

const chooseInitiative = defineCommand<NwState, NwOptions, NwTables, { type: 'chooseInitiative'; side: string; moveFirst: string }>({
  describe: 'The winner of the initiative roll decides which side has the Initiative.',
  schema: z.object({ type: z.literal('chooseInitiative'), side: id, moveFirst: id }).strict(),
  handle: (state, cmd, ctx) =>
    run(state, ctx, (d) => {
      if (d.rs.initiativeWinner !== cmd.side) return reject('not-winner', 'Only the winner of the initiative roll decides.', 'NW Sequence §3 Initiative');
      if (!d.battle.sides.some((s) => s.id === cmd.moveFirst)) return reject('bad-side', 'Name a side.', 'NW Sequence §3');
      d.rs.initiative = cmd.moveFirst;
      ctx.emit({ type: 'InitiativeChosen', by: cmd.side, initiative: cmd.moveFirst, rule: 'NW Sequence §3 Initiative Die Roll Phase' });
    }),
});

// NW §15 Close Combat Phase: "starting from the flank chosen by the player who won the Initiative roll".
const chooseCombatFlank = defineCommand<NwState, NwOptions, NwTables, { type: 'chooseCombatFlank'; side: string; flank: 'left' | 'right' }>({
  describe: 'The winner of the initiative roll chooses the flank (his left or right) from which close combats are resolved.',
  schema: z.object({ type: z.literal('chooseCombatFlank'), side: id, flank: z.enum(['left', 'right']) }).strict(),
  handle: (state, cmd, ctx) =>
    run(state, ctx, (d) => {
      if (d.rs.initiativeWinner !== cmd.side) return reject('not-winner', 'Only the winner of the initiative roll chooses the flank.', 'NW Sequence §15 Close Combat Phase');
      d.rs.combatFlank = cmd.flank;
      ctx.emit({ type: 'CombatFlankChosen', by: cmd.side, flank: cmd.flank, rule: 'NW Sequence §15 Close Combat Phase' });
    }),
});

// NW Generals §1: a general may act as an independent stand or join any unit. RULINGS: he moves as light cavalry.
/**
 * NW Generals §1: why a general may not make `cmd`'s move, or the unit he joins (undefined:
 * none) — the moveGeneral handler's every check (the AI proves its generals' rides with it).
 */
export function moveGeneralProblem(d: Draft, cmd: { side: string; generalId: string; x: number; y: number; joinUnit?: string }): Rejection | { join: string | undefined } {
  const g = d.rs.generals[cmd.generalId];
  const gs = d.battle.generals.find((x) => x.id === cmd.generalId);
  if (!g || !gs || g.side !== cmd.side) return reject('no-general', 'No such general of yours.', 'engine');
  if (g.lost) return reject('lost', 'That general is lost.', 'NW Generals §3');
  if (g.withUnit && inCombat(d, g.withUnit)) return reject('in-combat', 'He is in close combat.', 'NW Generals §8');
  const movedKey = `gmove:${d.turn}`;
  if ((gs.extra['moved'] as string | undefined) === movedKey) return reject('already-moved', 'He has moved this turn.', 'NW Generals §1');
  const reach = inMm(d.tables.movement[d.rs.scale].rows['light-cavalry'].tacticalIn);
  const dist = hypot(cmd.x - gs.stand.centre.x, cmd.y - gs.stand.centre.y);
  if (dist > reach + 0.5) return reject('too-far', `A general moves up to ${toIn(reach)}".`, 'NW Generals §1 (RULINGS: light cavalry rate)');
  if (!pointOnTable(d.battle.table, cmd)) return reject('off-table', 'Stay on the table.', 'NW §9');
  let join: string | undefined;
  if (cmd.joinUnit) {
    const u = findUnit(d.battle, cmd.joinUnit);
    if (!u || u.side !== cmd.side) return reject('bad-unit', 'Join a unit of your own.', 'NW Generals §1');
    const near = u.stands.some((s) => hypot(s.centre.x - cmd.x, s.centre.y - cmd.y) <= s.widthMm * 2);
    if (!near) return reject('not-adjacent', 'Place him with the unit to join it.', 'NW Generals §1');
    join = u.id;
  }
  return { join };
}

const moveGeneral = defineCommand<NwState, NwOptions, NwTables, { type: 'moveGeneral'; side: string; generalId: string; x: number; y: number; joinUnit?: string }>({
  describe: 'Move a general (up to a light cavalry move), optionally joining a unit.',
  schema: z.object({ type: z.literal('moveGeneral'), side: id, generalId: id, x: z.number().finite(), y: z.number().finite(), joinUnit: id.optional() }).strict(),
  handle: (state, cmd, ctx) =>
    run(state, ctx, (d) => {
      const ok = moveGeneralProblem(d, cmd);
      if (isRej(ok)) return ok;
      const g = d.rs.generals[cmd.generalId]!;
      const movedKey = `gmove:${d.turn}`;
      const join = ok.join;
      g.withUnit = join;
      d.battle = updateGeneral(d.battle, cmd.generalId, (x) => ({ ...x, stand: { ...x.stand, centre: pt(cmd.x, cmd.y) }, extra: { ...x.extra, moved: movedKey } }));
      ctx.emit({ type: 'GeneralMoved', general: cmd.generalId, to: [cmd.x, cmd.y], joined: join, rule: 'NW Generals §1' });
    }),
});

// NW Off-Table Reserves: "they will arrive automatically at the beginning of the Tactical Movement
// Phase of any turn the player wishes" — the wish is made secretly with the orders.
const releaseReserve = defineCommand<NwState, NwOptions, NwTables, { type: 'releaseReserve'; side: string; unitId: string }>({
  describe: 'Call an off-table reserve on: it arrives at its marker at the start of your tactical movement this turn.',
  schema: z.object({ type: z.literal('releaseReserve'), side: id, unitId: id }).strict(),
  handle: (state, cmd, ctx) =>
    run(state, ctx, (d) => {
      const e = d.rs.offTable?.[cmd.unitId];
      const rule = 'NW Setting up Armies: Off-Table Reserves';
      if (!e || e.kind !== 'reserve' || d.rs.units[cmd.unitId]?.side !== cmd.side) return reject('no-reserve', 'That is not one of your off-table reserves.', rule);
      if (e.releasedTurn !== undefined) return reject('already-released', `${e.unit.name} is already on its way.`, rule);
      e.releasedTurn = d.turn;
      ctx.emit({ type: 'ReserveReleased', unit: cmd.unitId, turn: d.turn, visibleTo: [cmd.side], rule });
    }),
});

// NW After Close Combat / Orders/Deploy: a Deploy-ordered victor may follow up or stay.
/**
 * NW Orders/Retreat note: "Skirmishing Cavalry may voluntarily opt to Retreat" when a unit charges
 * or advances into contact with them; extra movement after moving disorders them; no orders are
 * needed and any existing order is cancelled.
 */
export function settleEvasion(d: Draft, unitId: string, evade: boolean): void {
  const p = (d.rs.pendingEvasions ?? []).find((x) => x.unitId === unitId);
  if (!p) return;
  d.rs.pendingEvasions = (d.rs.pendingEvasions ?? []).filter((x) => x !== p);
  if (!evade || !isActiveUnit(d, unitId)) return;
  const nu = nwu(d, unitId);
  const already = nu.movedThisTurn;
  d.rs.combats = d.rs.combats.filter((c) => !((c.a === p.moverId && c.b === unitId) || (c.b === p.moverId && c.a === unitId)));
  retreatMove(d, unitId, p.moverId, false);
  delete d.rs.orders[unitId];
  nu.movedThisTurn = true;
  d.ctx.emit({ type: 'SkirmishersEvaded', unit: unitId, from: p.moverId, voluntary: true, rule: 'NW Orders/Retreat note' });
  if (already && d.rs.units[unitId]?.status === 'active') addDisorder(d, unitId, 1, 'extra movement: retreated after moving', 'NW Orders/Retreat note; §17');
  // Still touching (blocked): the combat stands.
  const a = findUnit(d.battle, unitId), b = findUnit(d.battle, p.moverId);
  if (a && b && unitDistanceMm(a, b) < 1 && !inCombat(d, unitId)) startCombat(d, p.moverId, unitId, { charged: false, pursuing: false });
}
const isActiveUnit = (d: Draft, id: string) => d.rs.units[id]?.status === 'active';

const evadeContact = defineCommand<NwState, NwOptions, NwTables, { type: 'evadeContact'; side: string; unitId: string; evade: boolean }>({
  describe: 'Skirmish cavalry advanced into: retreat (voluntarily) or stay and fight.',
  schema: z.object({ type: z.literal('evadeContact'), side: id, unitId: id, evade: z.boolean() }).strict(),
  handle: (state, cmd, ctx) =>
    run(state, ctx, (d) => {
      const p = (d.rs.pendingEvasions ?? []).find((x) => x.unitId === cmd.unitId);
      if (!p || p.side !== cmd.side) return reject('no-evasion', 'That unit has no retreat to choose.', 'NW Orders/Retreat note');
      settleEvasion(d, cmd.unitId, cmd.evade);
      runPendingTests(d);
    }),
});

const followUpCmd = defineCommand<NwState, NwOptions, NwTables, { type: 'followUp'; side: string; unitId: string; follow: boolean }>({
  describe: 'Choose whether a Deploy-ordered victor follows up the enemy it pushed back.',
  schema: z.object({ type: z.literal('followUp'), side: id, unitId: id, follow: z.boolean() }).strict(),
  handle: (state, cmd, ctx) =>
    run(state, ctx, (d) => {
      const p = (d.rs.pendingFollowUps ?? []).find((x) => x.unitId === cmd.unitId);
      if (!p || p.side !== cmd.side) return reject('no-follow-up', 'That unit has no follow-up to choose.', 'NW Close Combat/After Close Combat');
      settleFollowUp(d, cmd.unitId, cmd.follow);
    }),
});

export const COMMANDS = { followUp: followUpCmd, evadeContact, releaseReserve, placeOrder, turnAbout, moveUnit, retreatUnit, deployUnit, declareCharge, respondToCharge, chooseInitiative, chooseCombatFlank, moveGeneral };
export { faceTowards };

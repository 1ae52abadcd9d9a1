/**
 * NW scripts for a player program (RulesetModule.ai.scripts; src/ai README). An actor is a unit.
 * Four scripts, each a whole turn's intent carried through the sequence (NW §11-§16):
 *
 *   - attack:   a Charge order when the rules allow one (NW Orders/Charge), else Advance all the
 *               way; names the best target when charges are declared (NW §12).
 *   - advance:  Advance to a firing distance of the nearest enemy (musket effective range for
 *               foot, beyond it for horse), keeping pace with its brigade; artillery advances
 *               limbered and unlimbers in range (NW Orders/Advance). Foot the Advance's compulsory
 *               half move would carry inside musket range or into friends closes by Deploy
 *               instead, a stand depth at a time (NW Orders/Deploy).
 *   - hold:     Defend (foot, foot artillery) or Deploy to halt or face (horse, horse artillery):
 *               fire at full effect (NW Orders/Defend, Deploy).
 *   - withdraw: Recover when shaken, short of ammunition or routed (NW Orders/Recover, §16); else
 *               Retreat (NW Orders/Retreat).
 *
 * `choose` is the purposeful choice: a routed unit rallies, and a shaken one when it has no shot
 * (firing would cancel its Recover order), else it holds and fires; a unit charges when the
 * first round promises more casualties than it costs, by the rules' own combat tables with the
 * dice at their means (combat.ts `chargeOutlook`), foot by a clear margin, by a wider one when
 * one more unit lost would break its army (NW §10); never through friends, nor with guns, nor
 * at a target the wheel and the move barely reach; foot threatened by horse forms square; units
 * in range of the enemy hold and fire; the rest advance. Units far from the enemy take no order and march
 * (NW §21 Strategic Movement, faster than an Advance). Generals ride to the middle of their
 * brigades to keep them in command (NW Generals §2); reserves are released from turn 2.
 */
import { isRejection, type Command, type Sampler, type SeenGame } from '../../../engine/ruleset';
import { stateFromView } from '../../../engine/lookahead';
import type { Unit } from '../../../engine/model';
import type { NwGameState, NwOptions, NwState, Draft } from '../types';
import type { NwTables } from '../nwTables';
import type { OrderId } from '../tables/orders';
import { deployActionsAllowed, mayChargeTarget, ORDER_IDS } from '../tables/orders';
import { activeUnits, enemiesOf, inMm, nwu, withinER } from '../core';
import { startWork } from '../../../engine/workingState';
import { chargeTargetProblem, generalCanOrder, kind, moveAllowance, moveGeneralProblem, orderProblem, placeOrderProblem } from '../commands';
import { normalMoveMm } from '../morale';
import { chargeOutlook, inCombat } from '../combat';
import { faceStruck, frontRank, unitDistanceMm, unitFacing } from '../geom';
import { acrossOf, checkMoveOrder, rightSignOf } from '../moveOrder';
import { spikeableGuns } from '../legal';
import { occupyBuildings } from '../occupy';
import { ARTILLERY_RANGES_IN, SMALL_ARMS } from '../tables/fire';
import { wheelTowardsDeg } from '../../../geometry/aim';
import { halfSpanAcross, laneMeets } from '../../../geometry/standSets';
import { standBlockers, targetFor } from '../fire';
import { tally, unitsToBreak } from '../victory';
import { cos, hypot, sin } from '../../../geometry/math';


type V = SeenGame<NwState, NwOptions, NwTables>;
export const NW_SCRIPTS = ['attack', 'advance', 'hold', 'withdraw'] as const;
type Script = (typeof NW_SCRIPTS)[number];

const noCtx = { roll: () => { throw new Error('scripts do not roll'); }, emit: () => undefined };
// PERF: one draft per view (a player asks several questions of the same view in a row). The
// scripts only ask questions of it, through rule functions that read (tests/ai/players.test.ts
// hands the player frozen views), so the draft reads the view's own ruleset state instead of a
// copy of it (a copy was a tenth of the scripted player's time).
const drafts = new WeakMap<object, Draft>();
function draftOf(view: V): Draft {
  let d = drafts.get(view);
  if (!d) {
    d = { ...startWork(stateFromView(view) as NwGameState, noCtx), pendingTests: [] };
    drafts.set(view, d);
  }
  return d;
}

/**
 * PERF: answers that depend only on where the units stand, which of them are on the table and
 * hidden, and the ground — not on orders, plans or generals — kept from view to view while those
 * stay the same (a whole Orders or Strategic Movement step, where nothing moves but generals).
 * Battles replace the units array whenever a unit changes and never change one in place, so the
 * array, the terrain and the units' status and ambush flags together tell when they are the same.
 */
interface Standing {
  readonly terrain: unknown;
  readonly formations: unknown;
  readonly status: string;
  readonly memo: Map<string, unknown>;
}
const standings = new WeakMap<readonly Unit[], Standing>();
function standingMemo(d: Draft): Map<string, unknown> {
  // The scale sets Engagement Range and sight (a units array may start more than one game).
  let status = `${d.rs.scale}:`;
  for (const u of d.battle.units) {
    const n = d.rs.units[u.id];
    status += `${n?.status ?? '-'}${n?.ambush === true ? '*' : ''},`;
  }
  const cur = standings.get(d.battle.units);
  if (cur && cur.terrain === d.battle.terrain && cur.formations === d.battle.formations && cur.status === status) return cur.memo;
  const memo = new Map<string, unknown>();
  standings.set(d.battle.units, { terrain: d.battle.terrain, formations: d.battle.formations, status, memo });
  return memo;
}
const standingOf = new WeakMap<Draft, Map<string, unknown>>();
function standing(d: Draft): Map<string, unknown> {
  let m = standingOf.get(d);
  if (!m) standingOf.set(d, (m = standingMemo(d)));
  return m;
}

/** NW §3 Engagement Range: is a visible enemy within it of `u`? (remembered while nothing moves). */
function withinERMemo(d: Draft, u: Unit): boolean {
  const m = standing(d), key = `er:${u.id}`;
  let v = m.get(key) as boolean | undefined;
  if (v === undefined) m.set(key, (v = withinER(d, u)));
  return v;
}

const centreOf = (u: Unit) => {
  let x = 0, y = 0;
  for (const s of u.stands) {
    x += s.centre.x;
    y += s.centre.y;
  }
  return { x: x / u.stands.length, y: y / u.stands.length };
};
const inchesOf = (mmv: number) => Math.floor((mmv / 25.4) * 10) / 10;

// PERF: each side's known enemies and each unit's nearest, once per draft (a draft is one view's).
const foesMemo = new WeakMap<Draft, Map<string, Unit[]>>();
function foesOf(d: Draft, side: string): readonly Unit[] {
  let m = foesMemo.get(d);
  if (!m) foesMemo.set(d, (m = new Map()));
  let v = m.get(side);
  if (!v) m.set(side, (v = enemiesOf(d, side)));
  return v;
}
const nearestMemo = new WeakMap<Draft, Map<string, { e: Unit; d: number } | undefined>>();
/** The nearest known enemy of `u` and the gap to it (NW §3 Known Enemy). */
function nearestFoe(d: Draft, u: Unit): { e: Unit; d: number } | undefined {
  let m = nearestMemo.get(d);
  if (!m) nearestMemo.set(d, (m = new Map()));
  if (!m.has(u.id)) {
    // PERF: the gap hangs on where the units stand and which enemies are known (status, ambush): kept while those stay (see standing).
    const memo = standing(d), key = `near:${u.id}`;
    if (!memo.has(key)) memo.set(key, nearest(u, foesOf(d, u.side)));
    m.set(u.id, memo.get(key) as { e: Unit; d: number } | undefined);
  }
  return m.get(u.id);
}

function nearest(u: Unit, es: readonly Unit[]): { e: Unit; d: number } | undefined {
  let best: { e: Unit; d: number } | undefined;
  for (const e of es) {
    const dd = unitDistanceMm(u, e);
    if (!best || dd < best.d) best = { e, d: dd };
  }
  return best;
}

/**
 * How far a unit hurts at, in mm: small arms' effective band (NW Fire); for guns, most of the
 * effective band (NW Artillery Fire Table: light guns hit on 10 at long range, 9 at effective).
 * Guns brought up to canister range in the line did worse against the random player; guns left at
 * long range behind their own foot never fired at all.
 */
function reachMm(d: Draft, u: Unit): number {
  const p = nwu(d, u.id).profile;
  if (p.artillery) return inMm(ARTILLERY_RANGES_IN[d.rs.scale].effective) * 0.9;
  if (p.weapon === 'none' || p.weapon === 'guns') return 0;
  return inMm(SMALL_ARMS[d.rs.scale].bands.find((b) => b.band === 'effective')!.maxIn[p.weapon]);
}

/**
 * How far a unit shoots at all, in mm: the long small-arms band, or the guns' extreme range — the
 * reach at which the Fire Phase finds its stands a target (fire.ts `planShots`; NW Fire tables).
 */
function longReachMm(d: Draft, u: Unit): number {
  const p = nwu(d, u.id).profile;
  if (p.artillery) return inMm(ARTILLERY_RANGES_IN[d.rs.scale].extreme);
  if (p.weapon === 'none' || p.weapon === 'guns') return 0;
  return inMm(SMALL_ARMS[d.rs.scale].bands.find((b) => b.band === 'long')!.maxIn[p.weapon]);
}

/**
 * NW §10 Victory Points: in the last three turns, a side not ahead on the points the rules would
 * give now (a draw is no win) presses for a result rather than trading fire to the turn limit.
 */
const pressCache = new WeakMap<Draft, Map<string, boolean>>();
function pressingFor(d: Draft, side: string): boolean {
  let m = pressCache.get(d);
  if (!m) pressCache.set(d, (m = new Map()));
  let v = m.get(side);
  if (v === undefined) {
    const limit = d.battle.turnLimit;
    v = false;
    if (limit !== undefined && d.turn >= limit - 2) {
      const t = tally(d.rs, d.battle);
      const mine = t.find((x) => x.side === side)?.victoryPoints ?? 0;
      const best = Math.max(...t.filter((x) => x.side !== side).map((x) => x.victoryPoints));
      v = mine <= best;
    }
    m.set(side, v);
  }
  return v;
}

// PERF: every stand as a sight blocker (NW Fire §29), built once per draft.
const blockersMemo = new WeakMap<Draft, ReturnType<typeof standBlockers>>();
function blockersOf(d: Draft): ReturnType<typeof standBlockers> {
  let b = blockersMemo.get(d);
  if (!b) blockersMemo.set(d, (b = standBlockers(d)));
  return b;
}

/**
 * NW Fire §29: does some stand of `u`'s front rank (the stands that fire, fire.ts `planShots`)
 * have an enemy in its arc and sight within `rangeMm`?
 */
function hasShot(d: Draft, u: Unit, rangeMm: number): boolean {
  if (rangeMm <= 0) return false;
  const blockers = blockersOf(d);
  return frontRank(u).some((s) => targetFor(d, u, s, rangeMm, blockers) !== undefined);
}

const shaken = (d: Draft, id: string) => {
  const n = nwu(d, id);
  return n.morale !== 'good' || n.ammo !== 'stocked';
};

/**
 * How far `u` may march straight on before it meets a friend: a stand of another unit of its
 * side ahead whose frontage overlaps its own. Marching into it interpenetrates (NW §24: both
 * disordered, and a turn lost recovering), so a move stops short of it (Infinity: clear).
 */
function clearAheadMm(d: Draft, u: Unit): number {
  const c = centreOf(u), f = unitFacing(u);
  const fx = cos(f), fy = sin(f);
  let half = 0, front = 0;
  for (const s of u.stands) {
    const dx = s.centre.x - c.x, dy = s.centre.y - c.y;
    half = Math.max(half, Math.abs(-dx * fy + dy * fx) + s.widthMm / 2);
    front = Math.max(front, dx * fx + dy * fy + s.depthMm / 2);
  }
  let clear = Infinity;
  for (const o of activeUnits(d)) {
    if (o.side !== u.side || o.id === u.id) continue;
    for (const s of o.stands) {
      const dx = s.centre.x - c.x, dy = s.centre.y - c.y;
      const ahead = dx * fx + dy * fy, lateral = Math.abs(-dx * fy + dy * fx);
      const gap = ahead - front - Math.max(s.widthMm, s.depthMm) / 2;
      if (ahead > 0 && gap > -5 && lateral < half + s.widthMm / 2) clear = Math.min(clear, Math.max(0, gap - inMm(0.5)));
    }
  }
  return clear;
}

/**
 * Does a stand of another unit of `u`'s side stand in the lane from `u` to `t` (as wide as `u`'s
 * front, its wheel of up to 45° aside)? Charging or advancing through it interpenetrates (NW §24).
 */
function friendBetween(d: Draft, u: Unit, t: Unit): boolean {
  const a = centreOf(u), b = centreOf(t);
  const dx = b.x - a.x, dy = b.y - a.y, len = hypot(dx, dy);
  if (len < 1) return false;
  // The lane straight at the target, and the lane straight ahead as far (a charge wheels at most 45°).
  const f = unitFacing(u);
  return friendInLane(d, u, a, dx / len, dy / len, len) || friendInLane(d, u, a, cos(f), sin(f), len);
}

function friendInLane(d: Draft, u: Unit, a: { x: number; y: number }, fx: number, fy: number, len: number): boolean {
  const half = halfSpanAcross(u.stands, a, fx, fy);
  for (const o of activeUnits(d)) {
    if (o.side !== u.side || o.id === u.id) continue;
    if (laneMeets(o.stands, a, fx, fy, len, half)) return true;
  }
  return false;
}

/**
 * NW Orders/Charge: how much a charge at `t` promises — the casualties the first round would
 * inflict less those it would cost, by the rules' own combat tables with the dice at their means
 * (combat.ts `chargeOutlook`); -Infinity where the rules forbid it (NW Orders/Charge) or horse
 * would ride at a square (NW §27).
 */
function chargeOdds(d: Draft, u: Unit, t: Unit): number {
  // Guns do not charge: limbered or not, they would only end disordered short of the target.
  if (nwu(d, u.id).profile.artillery || !mayChargeTarget(kind(d, u), kind(d, t))) return -Infinity;
  // A charge through its own troops interpenetrates them (NW §24: both disordered, a disordered
  // unit fragmented), and a charge that fails to make contact disorders the charger (NW Orders/Charge).
  if (friendBetween(d, u, t)) return -Infinity;
  if (nwu(d, u.id).profile.mounted && (t.formation === 'square' || t.formation === 'rally-square' || t.formation === 'austrian-mass')) return -Infinity;
  const o = chargeOutlook(d, u, t, faceStruck(u, t));
  return o.inflicted - o.suffered;
}

/**
 * NW Orders/Charge "a 45 degree wheel at the start of the Charge", paid for by the outer corner's
 * arc (NW §25 Changing Face): the frontage times the wheel, in radians, that faces `t`.
 */
function chargeWheelCostMm(u: Unit, t: Unit): number {
  const c = centreOf(u), f = unitFacing(u);
  const deg = Math.abs(wheelTowardsDeg(c, f, centreOf(t), 45));
  if (deg < 5) return 0;
  return 2 * halfSpanAcross(u.stands, c, cos(f), sin(f)) * (deg * Math.PI) / 180;
}

/**
 * The enemies within a move's reach of `u`, ranked for a charge: best odds first, the nearer among
 * equals. A charge that falls short disorders the charger (NW Orders/Charge): when the order is
 * given, targets at the very end of the move, where the wheel's cost or a step back by the target
 * leaves it short, are passed over (`reachShare` of the move, the wheel paid for); once it is
 * given, any target in reach will do.
 */
function chargeRanking(d: Draft, u: Unit, reachShare: number): { t: Unit; odds: number; v: number }[] {
  const reach = normalMoveMm(d, u) * reachShare + 1e-6;
  const ranked: { t: Unit; odds: number; v: number }[] = [];
  for (const t of foesOf(d, u.side)) {
    const gap = unitDistanceMm(u, t);
    if (gap > reach || (reachShare < 1 && gap + chargeWheelCostMm(u, t) > reach)) continue;
    const odds = chargeOdds(d, u, t);
    ranked.push({ t, odds, v: odds - gap / 1000 });
  }
  ranked.sort((a, b) => b.v - a.v);
  return ranked;
}

function bestChargeTarget(d: Draft, u: Unit, reachShare = 0.85): Unit | undefined {
  // PERF: the rules' test (a wheel traced to each target) is the dear part, so targets are
  // ranked first, within a move's reach, and tested best first: the first lawful one is the best.
  return chargeRanking(d, u, reachShare).find((x) => !chargeTargetProblem(d, u, x.t))?.t;
}

/**
 * Are the odds of a charge at the best target (`bestChargeTarget`) at least `need`? PERF: the
 * same answer with fewer of the rules' tests: once no target left in the ranking has the odds,
 * whichever of them is the best lawful one falls short, so the rest go untested.
 */
function bestChargeMeets(d: Draft, u: Unit, need: number): boolean {
  const ranked = chargeRanking(d, u, 0.85);
  const tail: number[] = new Array<number>(ranked.length + 1).fill(-Infinity);
  for (let i = ranked.length - 1; i >= 0; i--) tail[i] = Math.max(tail[i + 1]!, ranked[i]!.odds);
  for (let i = 0; i < ranked.length; i++) {
    if (tail[i]! < need) return false;
    if (!chargeTargetProblem(d, u, ranked[i]!.t)) return ranked[i]!.odds >= need;
  }
  return false;
}

/** Generals of `side` able to order `u`, its own brigade's first (NW Generals §2). */
function generalsFor(d: Draft, u: Unit): string[] {
  const ids = d.battle.generals.filter((g) => g.side === u.side && !generalCanOrder(d, g.id, u));
  return ids.sort((a, b) => (a.commands === u.parent ? 0 : 1) - (b.commands === u.parent ? 0 : 1)).map((g) => g.id);
}

/** The orders a script gives a unit in the Orders Phase, best first ([]: no order, march instead). */
function ordersFor(d: Draft, u: Unit, script: Script): OrderId[] {
  const nu = nwu(d, u.id);
  if (nu.morale === 'routed') return ['recover'];
  const foot = nu.profile.foot, art = nu.profile.artillery;
  // A column near the enemy deploys into line to bring its muskets to bear (NW Orders/Deploy: change formation).
  const near = nearestFoe(d, u);
  const columnNear = foot && u.formation === 'column' && !!near && near.d < inMm(12);
  const holdOrder: OrderId[] = columnNear ? ['deploy', 'defend'] : foot || (art && nu.profile.troop !== 'horse-artillery') ? ['defend', 'deploy'] : ['deploy'];
  const engaged = inCombat(d, u.id);
  if (engaged) return script === 'withdraw' ? ['retreat', 'deploy'] : ['deploy', 'retreat'];
  if (spikeableGuns(d, u).length > 0) return ['deploy'];
  switch (script) {
    case 'attack':
      return ['charge', 'advance'];
    case 'advance': {
      // NW §21: out of Engagement Range, no order marches faster (a strategic move) — unless the
      // enemy is close but out of sight, when an unordered unit would only stand idle.
      if (!withinERMemo(d, u) && !art && (!near || near.d > 2 * reachMm(d, u))) return [];
      // In reach with a shot (not masked by friends, NW Fire §29), or too close to march on: hold and fire.
      if (near && (near.d <= reachMm(d, u) * 0.5 || (near.d <= reachMm(d, u) && hasShot(d, u, reachMm(d, u))))) return holdOrder;
      if (art && clearAheadMm(d, u) < normalMoveMm(d, u) / 2) return holdOrder;
      // Ahead of the brigade by more than half a move: wait for it (see lagMm).
      if (foot && near && lagMm(d, u, near.d) > near.d + normalMoveMm(d, u) / 2) return holdOrder;
      // NW Orders/Advance: an Advance obliges at least half a move, straight on but for a 45° wheel.
      // Where that half move would carry foot into its own troops (NW §24 Interpenetration) or
      // inside musket range of the enemy (into close range, or contact), it closes by Deploy
      // instead: a step forward one stand depth, facing the enemy (NW Orders/Deploy).
      if (foot && near) {
        const half = normalMoveMm(d, u) / 2;
        if (clearAheadMm(d, u) < half + inMm(0.5) || near.d - half < standOffMm(d, u)) return ['deploy', 'defend'];
      }
      return ['advance'];
    }
    case 'hold':
      return holdOrder;
    case 'withdraw':
      return shaken(d, u.id) ? ['recover', 'retreat'] : ['retreat', 'recover'];
  }
}

function chooseNw(d: Draft, u: Unit): Script {
  const nu = nwu(d, u.id);
  if (nu.morale === 'routed') return 'withdraw';
  const near = nearestFoe(d, u);
  // NW Orders/Recover: a unit out of ammunition restocks (it cannot fire, so the order stands,
  // NW Fire §28); a shaken one rallies when it has no shot (a unit that fires loses its Recover
  // marker, and every stand "must fire at the nearest enemy", NW Fire §29).
  if (nu.ammo === 'out') return 'withdraw';
  if (shaken(d, u.id)) {
    // A Recover order is lost the moment the unit fires, and it fires whenever a stand has an
    // enemy (or a lone general, NW Generals §3) in its arc within range: with a shot, a shaken
    // unit holds and fires (below, unless a charge promises well) rather than spend an order it will lose.
    if (!hasShot(d, u, longReachMm(d, u))) return 'withdraw';
  }
  // NW §10: a side behind on Victory Points late in the battle charges at even odds to force a result.
  // The first round at the best target must promise more casualties than it costs: by a clear
  // margin for foot (a lost combat is a push back and a morale test, NW After Close Combat), less
  // for horse, which recalls faster; any gain at all for a side pressing for a result (NW §10).
  // NW §10: where one more unit lost breaks the army, a lost combat (a push back and a morale
  // test that may rout it) can lose the battle, so a charge needs far better odds.
  const pressing = pressingFor(d, u.side);
  const brink = unitsToBreak(d.rs, u.side) <= 1;
  const need = pressing ? 0.01 : (nu.profile.mounted ? 0.5 : 1) + (brink ? 2 : 0);
  if (bestChargeMeets(d, u, need) && !orderProblem(d, u, 'charge')) return 'attack';
  // Pressing (above): units in good order close with the enemy to charge next turn.
  if (pressing && nu.morale === 'good' && !nu.profile.artillery) return 'attack';
  // Shaken with a shot (above): it holds and fires.
  if (shaken(d, u.id)) return 'hold';
  if (nu.profile.mounted) {
    // Horse guards the flanks: it closes only to outside musket range unless a charge is on.
    return near && near.d < inMm(10) ? 'hold' : 'advance';
  }
  return 'advance';
}

/** Foot threatened by horse within a charge's reach forms square (NW Orders/Form Square, §27). */
function threatenedByHorse(d: Draft, u: Unit): boolean {
  if (!nwu(d, u.id).profile.foot || u.formation === 'skirmish' || u.formation === 'square') return false;
  return foesOf(d, u.side).some((e) => nwu(d, e.id).profile.mounted && nwu(d, e.id).morale === 'good' && unitDistanceMm(u, e) <= normalMoveMm(d, e) && faceStruck(e, u) !== 'front');
}

/** The point `u` should go for: the nearest enemy, else straight across the table. */
function goal(d: Draft, u: Unit): { x: number; y: number; gapMm: number } {
  const near = nearestFoe(d, u);
  if (near) {
    const c = centreOf(near.e);
    return { ...c, gapMm: near.d };
  }
  const c = centreOf(u), f = unitFacing(u);
  return { x: c.x + cos(f) * 1000, y: c.y + sin(f) * 1000, gapMm: Infinity };
}

/** How near the enemy an advance stops, in mm: horse outside musket range, foot and guns at most of their effective reach. */
function standOffMm(d: Draft, u: Unit): number {
  return nwu(d, u.id).profile.mounted ? inMm(10) : Math.max(inMm(3), reachMm(d, u) * 0.8);
}

/** NW Orders/Advance: the moves an advancing unit tries, best first. */
function advanceMoves(d: Draft, u: Unit, side: string, script: Script, strategic: boolean): Command[] {
  const nu = nwu(d, u.id);
  const full = normalMoveMm(d, u, strategic);
  const g = goal(d, u);
  // Keep the line: march straight on, wheeling only to bring an enemy well off the front into
  // it (NW Orders/Advance allows 45°) — units wheeling onto the same enemy converge and pass
  // through each other (NW §24 Interpenetration disorders both). Strategic moves resolve at the
  // step's end, unseen by the trial, so they wheel only when the enemy is off to the flank.
  const raw = Math.round(wheelTowardsDeg(centreOf(u), unitFacing(u), g));
  const wheel = Math.abs(raw) < (strategic ? 40 : 20) ? 0 : Math.sign(raw) * Math.min(Math.abs(raw), strategic ? 45 : 30);
  // Keep the brigade together: no unit goes further than its slowest brigade-mate can (NW §25 lines).
  const mates = activeUnits(d).filter((x) => x.side === side && x.parent === u.parent && x.id !== u.id && !nwu(d, x.id).profile.artillery);
  const pace = strategic || nu.profile.artillery ? full : Math.min(full, ...mates.map((m) => normalMoveMm(d, m)));
  const standOff = script === 'attack' ? 0 : standOffMm(d, u);
  // Foot keeps its line with the brigade: it goes no more than 3" nearer the enemy than its
  // hindmost brigade-mate, so the brigade comes into musket range together rather than a
  // battalion at a time (NW §19: a lone unit's rout tests its neighbours; §10: a brigade that
  // loses a third of its units breaks the army).
  const lag = script === 'attack' || !nu.profile.foot ? 0 : lagMm(d, u, g.gapMm);
  const toGo = Math.max(0, Math.min(g.gapMm - standOff, g.gapMm - lag));
  const cost = (Math.abs(wheel) / 45) * inMm(1.5);
  const want = Math.max(0, Math.min(pace, toGo) - cost);
  // Straight on, stop short of friends ahead (NW §24 Interpenetration).
  const clear = clearAheadMm(d, u);
  const moves: Command[] = [];
  const move = (wheelDeg: number, mm: number, extra: Record<string, unknown> = {}): Command => ({ type: 'moveUnit', side, unitId: u.id, wheelDeg, distanceIn: inchesOf(mm), ...extra });
  if (nu.profile.artillery && !strategic) {
    // Limbered guns move and unlimber in range (horse artillery after half a move); unlimbered ones limber to move.
    if (nu.limbered) {
      const inRange = g.gapMm <= reachMm(d, u) * 0.8;
      if (inRange || nu.profile.troop !== 'horse-artillery') moves.push(move(0, 0, { unlimber: true }));
      else moves.push(move(wheel, Math.min(full / 2, toGo), { unlimber: true }), move(0, full / 2, { unlimber: true }));
    } else if (clear > inMm(1)) {
      // NW Orders/Advance: an Advance covers at least half the move, so guns masked by their own
      // foot (in reach, but without a shot) still go forward half a move when the way is clear.
      const half = Math.ceil((full / 2 / 25.4) * 10) / 10;
      moves.push(move(wheel, Math.min(Math.max(want, full / 2), clear), { limber: true }));
      if (clear >= inMm(half)) moves.push({ type: 'moveUnit', side, unitId: u.id, wheelDeg: 0, distanceIn: half, limber: true });
    }
    return moves;
  }
  for (const w of wheel === 0 ? [0] : [wheel, Math.round(wheel / 2), 0]) {
    for (const f of [1, 0.75, 0.5]) {
      const mm = Math.max(full * 0.5, want * f);
      if (w === 0 && mm > clear) continue;
      moves.push(move(w, mm));
    }
  }
  if (clear < full * 0.5) {
    // Blocked by friends ahead: step out to the side nearer the goal, then the other (NW Orders/
    // Advance allows a 45° wheel; a unit stuck behind its own guns otherwise never fights).
    const towards = raw === 0 ? 1 : Math.sign(raw);
    // A long line's wheel costs its outer stand's arc (NW Wheeling), so smaller wheels come next.
    for (const a of [45, 30, 20]) for (const w of [towards * a, -towards * a]) moves.push(move(w, full - inMm(1.5)), move(w, full * 0.5), move(w, full * 0.25));
    if (clear > inMm(0.5)) moves.push(move(0, clear));
  }
  return moves;
}

/**
 * The gap to the enemy `u` should keep so as not to run ahead of its brigade: its hindmost good
 * foot brigade-mate within 24" less 3" (0: nobody to wait for).
 */
function lagMm(d: Draft, u: Unit, gapMm: number): number {
  let hind = 0;
  const c = centreOf(u);
  for (const m of activeUnits(d)) {
    if (m.side !== u.side || m.parent !== u.parent || m.id === u.id) continue;
    const nm = nwu(d, m.id);
    if (!nm.profile.foot || nm.morale !== 'good') continue;
    const mc = centreOf(m);
    if (hypot(mc.x - c.x, mc.y - c.y) > inMm(24)) continue;
    const near = nearestFoe(d, m);
    if (near) hind = Math.max(hind, near.d);
  }
  return hind > gapMm + inMm(3) ? hind - inMm(3) : 0;
}

/** NW Orders/Deploy: how many Deploy actions `u` may take this turn (the rules' own count). */
function deployActionsAllowedTo(d: Draft, u: Unit): number {
  const nu = nwu(d, u.id);
  return deployActionsAllowed({
    inCloseCombat: inCombat(d, u.id),
    beingCharged: Object.values(d.rs.orders).some((x) => x.order === 'charge' && x.target === u.id),
    disordered: nu.morale !== 'good',
    militiaOrConscript: nu.profile.grade === 'militia' || nu.profile.grade === 'conscript',
  });
}

/**
 * NW Orders/Deploy "Move one stand depth straight forward": foot closing on the enemy without
 * an Advance's compulsory half move (see ordersFor) steps forward while it has no shot at its
 * effective reach and the step leaves it outside its stand-off.
 */
function closingSteps(d: Draft, u: Unit, side: string): Command[] {
  const nu = nwu(d, u.id);
  if (!nu.profile.foot || u.formation === 'square' || u.formation === 'skirmish') return [];
  const near = nearestFoe(d, u);
  const depth = u.stands[0]?.depthMm ?? inMm(1);
  if (!near || near.d - depth < standOffMm(d, u) - inMm(0.5) || clearAheadMm(d, u) < depth || hasShot(d, u, reachMm(d, u))) return [];
  return [{ type: 'deployUnit', side, unitId: u.id, action: 'step-forward' }];
}

function tacticalCommands(d: Draft, u: Unit, side: string, script: Script): Command[] {
  const o = d.rs.orders[u.id];
  const nu = nwu(d, u.id);
  if (!o || nu.movedThisTurn || inCombat(d, u.id)) return [];
  const full = normalMoveMm(d, u);
  switch (o.order) {
    case 'advance':
      return advanceMoves(d, u, side, script, false);
    case 'retreat':
      return [1, 0.75, 0.5].map((f) => ({ type: 'retreatUnit', side, unitId: u.id, distanceIn: inchesOf(full * f) }));
    case 'deploy': {
      const used = o.deployActionsUsed ?? 0;
      if (used >= 1) return used < deployActionsAllowedTo(d, u) ? closingSteps(d, u, side) : [];
      const guns = spikeableGuns(d, u);
      if (guns.length > 0) return [{ type: 'deployUnit', side, unitId: u.id, action: 'spike-guns', gunsId: guns[0]! }];
      if (typeof occupyBuildings(d, u) !== 'string') return [{ type: 'deployUnit', side, unitId: u.id, action: 'occupy-buildings' }];
      if (nu.profile.artillery) return [{ type: 'deployUnit', side, unitId: u.id, action: nu.abandoned ? 'recrew' : nu.limbered ? 'unlimber' : 'halt' }];
      if (nu.dismounted) return [{ type: 'deployUnit', side, unitId: u.id, action: 'mount' }];
      const g = goal(d, u);
      const wheel = Math.round(wheelTowardsDeg(centreOf(u), unitFacing(u), g, 30));
      const out: Command[] = [];
      // Face the enemy (NW Orders/Deploy: wheel); columns near the enemy deploy into line to fire.
      // A column in musket reach forms line first: its fire counts more than a better facing.
      if (nu.profile.foot && u.formation === 'column' && g.gapMm < inMm(12)) out.push({ type: 'deployUnit', side, unitId: u.id, action: 'change-formation', formation: 'line' });
      if (Math.abs(wheel) >= 10) out.push({ type: 'deployUnit', side, unitId: u.id, action: 'wheel', degrees: wheel });
      out.push(...closingSteps(d, u, side));
      out.push({ type: 'deployUnit', side, unitId: u.id, action: 'halt' });
      return out;
    }
    default:
      return [];
  }
}

function actorsNw(view: V, side: string): string[] {
  const d = draftOf(view);
  const step = view.position.step;
  const mine = activeUnits(d).filter((u) => u.side === side);
  const sign = rightSignOf(d.battle, side);
  const byAcross = (us: Unit[]) => us.sort((a, b) => acrossOf(a, sign) - acrossOf(b, sign)).map((u) => u.id);
  switch (step) {
    case 'place-orders':
      return byAcross(mine.filter((u) => !d.rs.orders[u.id]));
    case 'strategic-move':
      return byAcross(mine.filter((u) => { const n = nwu(d, u.id); return n.startedOutsideER && !d.rs.orders[u.id] && !n.movedStrategic && !d.rs.strategicPlans?.[u.id]; }));
    case 'declare-charges':
      return byAcross(mine.filter((u) => d.rs.orders[u.id]?.order === 'charge' && !d.rs.orders[u.id]?.target));
    case 'charge-responses':
      return byAcross(mine.filter((u) => Object.values(d.rs.orders).some((o) => o.order === 'charge' && o.target === u.id) && !d.rs.orders[u.id]?.response));
    case 'evasions-first':
    case 'evasions-second':
      return (d.rs.pendingEvasions ?? []).filter((p) => p.side === side).map((p) => p.unitId);
    case 'follow-ups':
      return (d.rs.pendingFollowUps ?? []).filter((p) => p.side === side).map((p) => p.unitId);
    case 'initiative-side':
    case 'other-side': {
      // NW §13 (4): only units the order of moves still allows, from the flank across.
      const g = view as unknown as NwGameState;
      return byAcross(mine.filter((u) => d.rs.orders[u.id] && !nwu(d, u.id).movedThisTurn && !inCombat(d, u.id) && !checkMoveOrder(g, side, u.id).problem));
    }
    default:
      return [];
  }
}

function commandsNw(view: V, side: string, actor: string, script0: string, _s: Sampler): Command[] {
  const d = draftOf(view);
  const u = d.battle.units.find((x) => x.id === actor);
  if (!u || d.rs.units[actor]?.status !== 'active') return [];
  const script = (NW_SCRIPTS as readonly string[]).includes(script0) ? (script0 as Script) : 'advance';
  const step = view.position.step;
  switch (step) {
    case 'place-orders': {
      const gens = generalsFor(d, u);
      if (gens.length === 0) return [];
      let orders = ordersFor(d, u, script);
      if (threatenedByHorse(d, u) && script !== 'attack') orders = ['form-square', ...orders];
      return orders.filter((o) => !orderProblem(d, u, o)).map((order) => ({ type: 'placeOrder', side, unitId: u.id, order, generalId: gens[0]! }));
    }
    case 'strategic-move':
      return script === 'withdraw' || script === 'hold' ? [] : advanceMoves(d, u, side, 'advance', true);
    case 'declare-charges': {
      const t = bestChargeTarget(d, u, 1);
      return t ? [{ type: 'declareCharge', side, unitId: u.id, targetId: t.id }] : [];
    }
    case 'charge-responses': {
      const o = d.rs.orders[u.id];
      const nu = nwu(d, u.id);
      const r: string[] = [];
      if (o?.order === 'advance' && nu.profile.mounted && script !== 'withdraw') r.push('countercharge');
      if (o?.order === 'deploy' && (o.deployActionsUsed ?? 0) < 1) r.push('face');
      r.push('stand');
      return r.map((response) => ({ type: 'respondToCharge', side, unitId: u.id, response }));
    }
    case 'evasions-first':
    case 'evasions-second':
      return [{ type: 'evadeContact', side, unitId: u.id, evade: script !== 'attack' }];
    case 'follow-ups':
      return [{ type: 'followUp', side, unitId: u.id, follow: script === 'attack' || (script !== 'withdraw' && !shaken(d, u.id)) }];
    case 'initiative-side':
    case 'other-side':
      return tacticalCommands(d, u, side, script);
    default:
      return [];
  }
}

/**
 * Where a general should stand (NW Generals §2, §3): of the places he can reach this turn — the
 * middle of his troops, and beside each of them — the one with the most of them within his
 * command radius, a unit near the enemy (which moves only on an order, NW §21) counting thrice;
 * each place 3" back from the nearest enemy, since generals are shot at (NW Generals §3).
 */
function generalSpot(d: Draft, own: readonly Unit[], foes: readonly { x: number; y: number }[], at: { x: number; y: number }, reachMm: number, radiusMm: number): { x: number; y: number } {
  const back = (p: { x: number; y: number }) => {
    let foe: { x: number; y: number } | undefined, best = Infinity;
    for (const f of foes) {
      const dd = hypot(f.x - p.x, f.y - p.y);
      if (dd < best) [best, foe] = [dd, f];
    }
    if (!foe) return p;
    const fl = best || 1;
    return { x: p.x - ((foe.x - p.x) / fl) * inMm(3), y: p.y - ((foe.y - p.y) / fl) * inMm(3) };
  };
  const clip = (p: { x: number; y: number }) => {
    const dx = p.x - at.x, dy = p.y - at.y, len = hypot(dx, dy);
    const k = len > 0 ? Math.min(1, reachMm / len) : 0;
    return { x: at.x + dx * k, y: at.y + dy * k };
  };
  const weight = own.map((u) => (withinERMemo(d, u) ? 3 : 1));
  const centres = own.map(centreOf);
  const mid = { x: centres.reduce((a, c) => a + c.x, 0) / own.length, y: centres.reduce((a, c) => a + c.y, 0) / own.length };
  const spots = [mid, ...centres, ...centres.map((c) => ({ x: (c.x + mid.x) / 2, y: (c.y + mid.y) / 2 }))].map((p) => clip(back(p)));
  // PERF: a unit whose stands all lie within `spread` of its centre is in reach of a place only
  // when its centre is within the radius plus that spread, and is wholly in reach when its centre
  // is within the radius less it (the triangle inequality, with a millimetre to spare for
  // rounding): only the units in between have their stands measured.
  const r = radiusMm - inMm(0.5);
  const spread = own.map((u, i) => Math.max(...u.stands.map((s) => hypot(s.centre.x - centres[i]!.x, s.centre.y - centres[i]!.y))));
  let best = clip(back(mid)), bestScore = -Infinity;
  for (const p of spots) {
    let score = 0;
    own.forEach((u, i) => {
      const dc = hypot(centres[i]!.x - p.x, centres[i]!.y - p.y);
      if (dc > r + spread[i]! + 1) return;
      if (dc + spread[i]! < r - 1 || u.stands.some((s) => hypot(s.centre.x - p.x, s.centre.y - p.y) <= r)) score += weight[i]!;
    });
    // Less riding is better among equals (he stays nearer where he was).
    score -= hypot(p.x - at.x, p.y - at.y) / 1e5;
    if (score > bestScore) [best, bestScore] = [p, score];
  }
  return best;
}

function sideCommandsNw(view: V, side: string, _s: Sampler): Command[] {
  const d = draftOf(view);
  const step = view.position.step;
  const out: Command[] = [];
  if (step === 'place-orders') {
    // NW Off-Table Reserves: called on from the second turn.
    if (view.position.turn >= 2) for (const [uid, e] of Object.entries(d.rs.offTable ?? {})) if (e.kind === 'reserve' && e.releasedTurn === undefined && d.rs.units[uid]?.side === side) out.push({ type: 'releaseReserve', side, unitId: uid });
    // NW Generals §2: each general rides to where he keeps the most of his troops within his
    // command radius — those near the enemy first, since a unit within Engagement Range moves only
    // on an order (NW §21), and a unit out of every general's radius stands idle under fire.
    const mine = activeUnits(d).filter((u) => u.side === side);
    const foes = foesOf(d, side).map((e) => centreOf(e));
    const reach = inMm(d.tables.movement[d.rs.scale].rows['light-cavalry'].tacticalIn) * 0.9;
    for (const g of d.battle.generals) {
      const ng = d.rs.generals[g.id];
      if (g.side !== side || !ng || ng.lost || ng.withUnit || g.extra['moved'] === `gmove:${view.position.turn}`) continue;
      const formationIds = new Set([g.commands, ...d.battle.formations.filter((f) => f.parent === g.commands).map((f) => f.id)]);
      const own = ng.isCinC ? mine : mine.filter((u) => formationIds.has(u.parent));
      if (own.length === 0) continue;
      const at = g.stand.centre;
      // Where he should stand hangs on where the troops stand and on where he is (see standing).
      const memo = standing(d), key = `spot:${g.id}:${g.commands}:${at.x}:${at.y}:${ng.commandRadiusIn}:${ng.isCinC === true}:${reach}`;
      let spot = memo.get(key) as { x: number; y: number } | undefined;
      if (!spot) memo.set(key, (spot = generalSpot(d, own, foes, at, reach, inMm(ng.commandRadiusIn))));
      if (hypot(spot.x - at.x, spot.y - at.y) < inMm(1)) continue;
      out.push({ type: 'moveGeneral', side, generalId: g.id, x: Math.round(spot.x), y: Math.round(spot.y) });
    }
  } else if (step === 'choose-initiative') {
    // NW §3: the winner lets the enemy move first when it has charges to react to, else moves first to seize ground.
    const other = view.battle.sides.find((x) => x.id !== side)?.id ?? side;
    const theyCharge = Object.values(d.rs.orders).some((o) => o.side !== side && o.order === 'charge');
    out.push({ type: 'chooseInitiative', side, moveFirst: theyCharge ? other : side });
  } else if (step === 'choose-combat-flank') {
    out.push({ type: 'chooseCombatFlank', side, flank: 'left' });
  }
  return out;
}

/**
 * PERF: the moves the rules are sure to refuse, found on the view without trying them: an
 * Advance shorter than half the move (NW Orders/Advance), a move over its allowance with the
 * wheel's cost (NW Movement §3, §25 Wheeling; the handler's own `moveAllowance`). Only what the
 * handler checks before anything else can accept the move, so this never refuses a lawful one.
 */
function refusesNw(view: V, _side: string, c: Command): boolean {
  if (c.type !== 'moveUnit' || c['limber'] === true || c['unlimber'] === true) return false;
  const wheelDeg = c['wheelDeg'], distanceIn = c['distanceIn'];
  if (typeof wheelDeg !== 'number' || typeof distanceIn !== 'number' || !Number.isFinite(wheelDeg) || !Number.isFinite(distanceIn) || distanceIn < 0) return false;
  const d = draftOf(view);
  const u = d.battle.units.find((x) => x.id === c['unitId']);
  if (!u || d.rs.units[u.id]?.status !== 'active') return false;
  const strategic = view.position.phase === 'strategic';
  if (!strategic && inMm(distanceIn) + 0.5 < normalMoveMm(d, u) / 2) return true;
  return isRejection(moveAllowance(d, u, wheelDeg, distanceIn, strategic));
}

/**
 * PERF: the Orders Phase commands the rules are sure to accept, proved on the view by the
 * handlers' own checks (`placeOrderProblem`, `moveGeneralProblem`; neither rolls a die): an order
 * marker (it changes no unit, so the evaluation stays as it was) and a general's ride. The player
 * sends them without trying them.
 */
function acceptsNw(view: V, side: string, c: Command): boolean {
  if (view.position.step !== 'place-orders' || c.side !== side) return false;
  const d = draftOf(view);
  if (c.type === 'placeOrder') {
    const { unitId, order, generalId } = c;
    if (typeof unitId !== 'string' || typeof order !== 'string' || typeof generalId !== 'string' || !(ORDER_IDS as readonly string[]).includes(order)) return false;
    return !isRejection(placeOrderProblem(d, { side, unitId, order: order as OrderId, generalId }));
  }
  if (c.type === 'moveGeneral') {
    const { generalId, x, y } = c;
    if (typeof generalId !== 'string' || typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y) || c['joinUnit'] !== undefined) return false;
    return !isRejection(moveGeneralProblem(d, { side, generalId, x, y }));
  }
  return false;
}

export const nwScripts = {
  names: NW_SCRIPTS,
  actors: actorsNw,
  choose: (view: V, _side: string, actor: string): string => {
    const d = draftOf(view);
    const u = d.battle.units.find((x) => x.id === actor);
    return u && d.rs.units[actor] ? chooseNw(d, u) : 'advance';
  },
  commands: commandsNw,
  sideCommands: sideCommandsNw,
  refuses: refusesNw,
  accepts: acceptsNw,
};

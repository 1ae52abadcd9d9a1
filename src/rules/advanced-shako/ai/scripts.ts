/**
 * Scripts for a player program (RulesetModule.ai.scripts; src/ai README). An actor is a unit.
 *
 *   - attack: wheel towards the nearest enemy and close to 2"; drive off Blown cavalry (8.9);
 *   - fire:   close to musket range (batteries stand; a Defending division's foot stand) and fire
 *             at the best target;
 *   - hold:   stand; infantry with enemy cavalry within 18" form square (8.2) unless Combat Deployed.
 *
 * Every script but hold charges only where the melee's odds favour it (`chargeOdds`, with the
 * melee's own modifiers and the hasty square roll cavalry provoke): a unit in Fallback (broken on
 * contact), skirmishers (driven off), or a melee won seven times in ten; obligatory charges at the
 * best of those owed. Skirmishers keep out of reach of anything that could charge them; horse close
 * only on a target worth charging, and stand while Blown.
 *
 * `choose`: cavalry attack; batteries hold; infantry of an attacking division attack, else fire.
 * Side-wide: a defending division is sent Attack orders (AS 7.8: an ADC carries them) when the side
 * must press for a result under the house victory (`mustPress`); cavalry try to recall from a hasty
 * square; crews withdraw to a square when they can; victorious cavalry make a Breakthrough at the
 * nearest Formed target in reach that is not a square.
 */
import type { Command, Sampler, SeenGame } from '../../../engine/ruleset';
import type { Unit } from '../../../engine/model';
import { unitDistance } from '../../../geometry/measure';
import type { ShOptions } from '../options';
import type { ShTables } from '../tables';
import type { ShState } from '../state';
import { armOf, dismrOf, divisionOf, inMm, isFormed, mmIn, mrOf, us } from '../state';
import { allowanceMm, checkMove, withPoses, type MoveLeg } from '../movement/moves';
import { chargeProblem, chargeReach, defendProblem, driveOffProblem, formationProblem, movingDivisions, notNow, reachIn, moveRuleProblem } from '../movement/commands';
import { layoutFor, placementProblem } from '../movement/formations';
import { planFire, type FirePlan } from '../fire/fire';
import { canRecall, fightingMr, meleeMods, shelterFor, type MeleeView } from '../melee/melee';
import { hastyExemption } from '../movement/charges';
import { breakthroughTargets, entitled } from '../melee/breakthrough';
import { recrewProblem } from '../movement/recrew';
import { owingAdvance } from '../orders/orders';
import { centreOf, combatDeployed, frameOf, inArc } from '../geo';
import { cos, sin } from '../../../geometry/math';
import { nearestEnemy } from './legal';
import { lossShare } from '../victory';
import { unitWheelTowards } from '../../../geometry/aim';
import { roomToEdgeMm } from '../../../geometry/tableEdge';

type V = SeenGame<ShState, ShOptions, ShTables>;
export const SH_SCRIPTS = ['attack', 'fire', 'hold'] as const;
const seen = (v: V) => ({ battle: v.battle, ruleset: v.ruleset, tables: v.tables, position: v.position });

function actors(v: V, side: string): string[] {
  const step = v.position.step;
  const mine = v.battle.units.filter((u) => u.side === side);
  if (step.startsWith('division')) {
    const moving = movingDivisions(seen(v));
    return mine.filter((u) => { const d = divisionOf(v.ruleset, u.id); return !!d && moving.includes(d) && !notNow(seen(v), u, side); }).map((u) => u.id);
  }
  if (step === 'bombard' || step === 'volleys') return mine.filter((u) => !us(v.ruleset, u.id).fired).map((u) => u.id);
  return [];
}

function choose(v: V, _side: string, actor: string): string {
  const u = v.battle.units.find((x) => x.id === actor);
  if (!u) return 'hold';
  if (armOf(u) === 'cavalry') return 'attack';
  if (armOf(u) === 'artillery') return 'hold';
  const d = divisionOf(v.ruleset, u.id);
  return d && v.ruleset.divisions[d]!.orders === 'attack' ? 'attack' : 'fire';
}

/** What a melee reads, from the view (melee.ts `MeleeView`): nothing hidden, the units and their markers. */
const mv = (v: V): MeleeView => ({ battle: v.battle, rs: v.ruleset, tables: v.tables, options: v.options, turn: v.position.turn });
const sum = (ms: readonly { value: number }[]) => ms.reduce((a, m) => a + m.value, 0);

/**
 * The melee's odds, SHAKO melee (RULINGS.md): each side a D6 + MR (DisMR, crews' MR) + modifiers,
 * ties re-rolled (AS 11.2.5): the chance `edge` (our total less theirs) wins, and loses by the
 * break margin or more.
 */
function odds(edge: number, breakMargin: number): { win: number; broken: number } {
  let win = 0, tie = 0, broken = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) {
    const d = a + edge - b;
    if (d > 0) win++;
    else if (d === 0) tie++;
    else if (-d >= breakMargin) broken++;
  }
  const n = 36 - tie;
  return n === 0 ? { win: 0.5, broken: 0 } : { win: win / n, broken: broken / n };
}

/**
 * How a charge of `u` at `t` would go: `win`, the chance it succeeds (a unit in Fallback is broken on
 * contact, skirmishers are driven off: AS 11.2.5, no melee), and `broken`, the chance the charger is
 * broken. Infantry charged by cavalry roll for a hasty square first (AS 8.2: under MR, +1 from
 * within 9", -1 in column, a 6 fails): a square gets +2 against cavalry, a failure fights on its DisMR.
 */
export function chargeOdds(v: V, u: Unit, t: Unit, atContact?: Unit['stands']): { win: number; broken: number } {
  const st = us(v.ruleset, t.id);
  if (st.fallback !== undefined || t.formation === 'skirmish') return { win: 1, broken: 0 };
  const w = mv(v), bm = v.tables.melee.breakMargin;
  // The modifiers are read where the charge ends (a flank charge is judged at contact, not from the start).
  const there = atContact ? { ...u, stands: atContact } : u;
  const mine = fightingMr(w, u).value + sum(meleeMods(w, there, t, true));
  const versus = (foe: Unit, mr: number) => odds(mine - (mr + sum(meleeMods(w, foe, there, false))), bm);
  if (armOf(u) !== 'cavalry' || armOf(t) !== 'infantry' || hastyExemption(w, t, u)) return versus(t, fightingMr(w, t).value);
  const mod = (mmIn(unitDistance(u.stands, t.stands)) <= v.tables.reach.hastySquareCloseIn ? v.tables.tests.hastySquare.chargedFromClose : 0) + (t.formation === 'column' ? v.tables.tests.hastySquare.inColumn : 0);
  let pass = 0;
  for (let d = 1; d <= 5; d++) if (d + mod < mrOf(v.tables, t)) pass++;
  const p = pass / 6;
  const sq = versus({ ...t, formation: 'square' }, fightingMr(w, t).value), failed = versus(t, dismrOf(v.tables, t));
  return { win: p * sq.win + (1 - p) * failed.win, broken: p * sq.broken + (1 - p) * failed.broken };
}

/**
 * A charge worth making: it wins seven times in ten and almost never breaks the charger. A lost
 * melee costs a kill and a Fallback, and a unit that cannot rally twice (a Formed enemy within 6"
 * prohibits it, AS 12.1) is Broken: a melee at even odds loses a unit as often as it takes one.
 */
const GOOD_CHARGE = 0.7, BREAK_RISK = 0.05;
const goodOdds = (o: { win: number; broken: number }) => o.win >= GOOD_CHARGE && o.broken <= BREAK_RISK;
const goodCharge = (v: V, u: Unit, t: Unit) => goodOdds(chargeOdds(v, u, t));

/**
 * The enemies that could charge `u` next: Formed, not Staggered, not Blown, not squares, not guns,
 * within their reach (9" foot, 18" horse: SHAKO charges) plus `marginIn`; infantry never charge
 * cavalry (AS 8.9).
 */
function threats(v: V, u: Unit, marginIn: number): Unit[] {
  return v.battle.units.filter((e) => {
    if (e.side === u.side || armOf(e) === 'artillery' || e.formation === 'square' || !isFormed(v.ruleset, e)) return false;
    const st = us(v.ruleset, e.id);
    if (st.staggered || st.blown !== undefined) return false;
    if (armOf(e) === 'infantry' && armOf(u) === 'cavalry') return false;
    return mmIn(unitDistance(u.stands, e.stands)) <= reachIn(v.tables, e) + marginIn;
  });
}

/** The battle with `u` standing on `stands`. */
const placed = (v: V, u: Unit, stands: Unit['stands']): V['battle'] => ({ ...v.battle, units: v.battle.units.map((x) => (x.id === u.id ? { ...x, stands } : x)) });

/**
 * Enemy horse that could charge `u` where `battle` has it (a path within their reach: SHAKO
 * charges) and would not lose seven times in ten: Formed, not Staggered, Blown or in Fallback
 * (Blown cavalry cannot charge, AS 11.4). The odds are the melee's own (`chargeOdds`).
 */
function horseThreats(v: V, u: Unit, battle: V['battle'] = v.battle): Unit[] {
  return battle.units.filter((e) => {
    if (e.side === u.side || armOf(e) !== 'cavalry' || !isFormed(v.ruleset, e)) return false;
    const st = us(v.ruleset, e.id);
    if (st.staggered || st.blown !== undefined || st.fallback !== undefined) return false;
    if (mmIn(unitDistance(u.stands, e.stands)) > reachIn(v.tables, e) + 1) return false;
    const r = chargeReach({ battle, tables: v.tables }, e, u, reachIn(v.tables, e));
    return r.ok && chargeOdds(v, e, u, withPoses(e.stands, r.stands)).win > 1 - GOOD_CHARGE;
  });
}

/** Enemy batteries with `u` in their canister pattern (AS 9.2: the 45° arc, 18"), plus `marginIn`. */
const underCanister = (v: V, u: Unit, marginIn: number): boolean =>
  v.battle.units.some((g) => g.side !== u.side && armOf(g) === 'artillery' && !us(v.ruleset, g.id).abandoned && inArc(g, u, v.tables.fire.arcDeg, v.tables.fire.canisterRangeIn + marginIn));

/** The chance a D6 plus `mod` reaches `atLeast`. */
const pAtLeast = (atLeast: number, mod: number) => Math.min(6, Math.max(0, 7 - (atLeast - mod))) / 6;

/**
 * What a shot is worth (fire.ts `planFire`: its kind, its modifiers and the unit that takes the
 * kills; the fire table's kill and stagger scores): the chance of a kill, or of a stagger on a unit
 * already Staggered (a second stagger is a kill), worth more the nearer the unit is to breaking
 * (kills reaching its MR: fire is concentrated) and four times more when it breaks it; a plain
 * stagger a third (the unit fires and fights at -1).
 */
function fireValue(v: V, p: FirePlan): number {
  const row = v.tables.fire[p.kind], mod = sum(p.modifiers);
  const kill = pAtLeast(row.killOn, mod), stagger = pAtLeast(row.staggerOn, mod) - kill;
  const worth = (t: Unit) => { const k = us(v.ruleset, t.id).kills, mr = mrOf(v.tables, t); return k + 1 >= mr ? 4 : 1 + (2 * k) / mr; };
  const staggers = (t: Unit, chance: number) => chance * (us(v.ruleset, t.id).staggered ? worth(t) : 1 / 3);
  // Only the receiver may take a kill; the other chargers of a town sector are staggered on a kill score too (13.6).
  return kill * worth(p.receiver) + staggers(p.receiver, stagger) + p.alsoStaggered.reduce((a, t) => a + staggers(t, kill + stagger), 0);
}

function approach(v: V, u: Unit, e: Unit, stopShortIn: number, maxMm = Infinity): Command[] {
  const st = us(v.ruleset, u.id);
  const left = Math.min(maxMm, allowanceMm(v.tables, u) - st.movedMm);
  if (left < 5) return [];
  const wheel = unitWheelTowards(u.stands, centreOf(e)); // at most 45°
  const gap = unitDistance(u.stands, e.stands) - inMm(stopShortIn);
  const out: Command[] = [];
  const tryLegs = (legs: MoveLeg[]) => {
    if (moveRuleProblem(seen(v), u, legs)) return;
    const m = checkMove(v.battle, v.ruleset, u, legs, left);
    if (m.ok && !defendProblem(seen(v), u, m.forwardMm)) out.push({ type: 'moveUnit', side: u.side, unit: u.id, legs });
  };
  for (const frac of [1, 0.75, 0.5, 0.25]) {
    const mm = Math.min(left, gap) * frac;
    if (Math.abs(wheel) > 5) tryLegs([{ kind: 'wheel', deg: Math.round(wheel) }]);
    if (mm >= 5) tryLegs([{ kind: 'forward', mm: Math.round(mm) }]);
    if (out.length > 0) break;
  }
  return out;
}

/** How far `u` may go straight back before its rear reaches the table's edge. */
function roomBehindMm(v: V, u: Unit): number {
  const fr = frameOf(u);
  return roomToEdgeMm(v.battle.table, fr.centre, -cos(fr.facing), -sin(fr.facing)) - fr.halfDepthMm;
}

/**
 * Skirmishers out of reach of what could charge them: straight back (skirmishers move any way,
 * AS 8.5), keeping a Fallback's depth from the table's edge behind (a Fallback off the table breaks
 * the unit, AS 11.2.5).
 */
function fallAway(v: V, u: Unit, upToMm = Infinity): Command[] {
  const st = us(v.ruleset, u.id);
  const left = Math.min(upToMm, allowanceMm(v.tables, u) - st.movedMm, roomBehindMm(v, u) - inMm(v.tables.retrograde.fallbackIn + 1));
  const out: Command[] = [];
  for (const frac of [1, 0.75, 0.5]) {
    const legs: MoveLeg[] = [{ kind: 'backward', mm: Math.round(left * frac) }];
    if (left * frac >= 5 && !moveRuleProblem(seen(v), u, legs) && checkMove(v.battle, v.ruleset, u, legs, left).ok) out.push({ type: 'moveUnit', side: u.side, unit: u.id, legs });
  }
  return out;
}

function commands(v: V, side: string, actor: string, script: string, _sm: Sampler): Command[] {
  const u = v.battle.units.find((x) => x.id === actor);
  if (!u || u.side !== side) return [];
  const e = nearestEnemy(v, u);
  if (!e) return [];
  const step = v.position.step;
  const st = us(v.ruleset, u.id);
  if (step === 'bombard' || step === 'volleys') {
    const phase = step === 'bombard' ? 'artillery' : 'musketry';
    return v.battle.units.filter((t) => t.side !== side).flatMap((t) => { const p = planFire({ ...seen(v), phase }, u, t); return p.ok ? [{ t, value: fireValue(v, p) }] : []; })
      .sort((a, b) => b.value - a.value || unitDistance(u.stands, a.t.stands) - unitDistance(u.stands, b.t.stands))
      .map((x) => ({ type: 'fire', side, unit: u.id, target: x.t.id }));
  }
  if (!step.startsWith('division')) return [];
  const out: Command[] = [];
  const cavNear = v.battle.units.some((x) => x.side !== side && armOf(x) === 'cavalry' && us(v.ruleset, x.id).blown === undefined && mmIn(unitDistance(u.stands, x.stands)) <= 18);
  if (armOf(u) === 'infantry' && u.formation !== 'square' && u.formation !== 'skirmish' && cavNear && !st.moved && !st.reformed && !combatDeployed(v.battle, v.ruleset, v.tables, u) && !placementProblem(v.battle, u, layoutFor(u, 'square')))
    if (!formationProblem(seen(v), u, 'square')) out.push({ type: 'changeFormation', side, unit: u.id, formation: 'square' });
  if (armOf(u) === 'infantry' && u.formation === 'square' && !cavNear && !formationProblem(seen(v), u, 'line')) out.push({ type: 'changeFormation', side, unit: u.id, formation: 'line' });
  // A column in (or a column's move from) an enemy battery's canister pattern deploys into line:
  // artillery fire at a column is +1 (fire.ts), canister kills on a 5 (so on a 4).
  if (armOf(u) === 'infantry' && u.formation === 'column' && !cavNear && !st.moved && underCanister(v, u, mmIn(allowanceMm(v.tables, u))) && !formationProblem(seen(v), u, 'line') && !placementProblem(v.battle, u, layoutFor(u, 'line'))) out.push({ type: 'changeFormation', side, unit: u.id, formation: 'line' });
  // Charges first: an obligatory one (AS 7.3.1) at the best odds of those owed, else those worth
  // making, best first: a unit in Fallback is broken on contact and skirmishers are driven off
  // (AS 11.2.5), a melee only at odds of two in three (a loss by 4 breaks the charger).
  const owed = st.mustCharge ?? [];
  const inReach = v.battle.units.filter((t) => t.side !== side && mmIn(unitDistance(u.stands, t.stands)) <= reachIn(v.tables, u) + 1)
    .map((t) => { const r = chargeReach(v, u, t, reachIn(v.tables, u)); return { t, r, o: chargeOdds(v, u, t, r.ok ? withPoses(u.stands, r.stands) : undefined) }; })
    .sort((a, b) => b.o.win - a.o.win || a.o.broken - b.o.broken || unitDistance(u.stands, a.t.stands) - unitDistance(u.stands, b.t.stands));
  for (const { t, r, o } of inReach) {
    if (script !== 'hold' && !driveOffProblem(seen(v), u, t) && chargeReach(v, u, t, v.tables.reach.chargeInfantryIn).ok) out.push({ type: 'driveOff', side, unit: u.id, target: t.id });
    if (chargeProblem(seen(v), u, t)) continue;
    const wanted = owed.includes(t.id) || (script !== 'hold' && goodOdds(o));
    if (wanted && r.ok) out.push({ type: 'charge', side, unit: u.id, target: t.id });
  }
  // A battery in an enemy battery's canister pattern steps back out of it (8.5: batteries move to the
  // rear keeping their facing), still in roundshot range: canister kills on a 5 and roundshot on a 6,
  // and a battery is broken by as many kills as its MR, so a canister duel loses a unit on either
  // side as often as not; out of it, the enemy's guns reach it only with roundshot. A defending
  // division's guns keep themselves for the enemy's foot; an attacking division's guns stay to
  // silence the defender's, unless they have nothing but guns to shoot at.
  const onlyGuns = !v.battle.units.some((t) => t.side !== side && armOf(t) !== 'artillery' && inArc(u, t, v.tables.fire.arcDeg, v.tables.fire.canisterRangeIn));
  if (armOf(u) === 'artillery' && underCanister(v, u, 0.25) && (onlyGuns || !attacking(v, u))) {
    const guns = v.battle.units.filter((g) => g.side !== side && armOf(g) === 'artillery' && !us(v.ruleset, g.id).abandoned && inArc(g, u, v.tables.fire.arcDeg, v.tables.fire.canisterRangeIn + 0.25));
    return [...out, ...fallAway(v, u, inMm(v.tables.fire.canisterRangeIn + 1) - Math.min(...guns.map((g) => unitDistance(u.stands, g.stands))))];
  }
  if (script === 'hold' || armOf(u) === 'artillery' && mmIn(unitDistance(u.stands, e.stands)) <= v.tables.fire.roundshotRangeIn) return out;
  // Skirmishers keep out of reach of anything that could charge them (driven off, then broken if
  // contacted again in Fallback: AS 11.2.5); otherwise they close to skirmish range, no nearer to a threat.
  if (u.formation === 'skirmish') {
    const near = threats(v, u, 0.5);
    if (near.length > 0) {
      // Formed, the battalion fights a melee instead of being driven off (AS 11.2.5); a square if horse threaten it (8.2).
      const f = near.some((x) => armOf(x) === 'cavalry') ? 'square' : 'line';
      if (!st.reformed && !st.moved && !formationProblem(seen(v), u, f) && !placementProblem(v.battle, u, layoutFor(u, f))) out.push({ type: 'changeFormation', side, unit: u.id, formation: f });
      return [...out, ...fallAway(v, u)];
    }
    if (underCanister(v, u, 0.25)) return [...out, ...fallAway(v, u)];
    const room = Math.min(...v.battle.units.filter((x) => x.side !== side && armOf(x) !== 'artillery' && isFormed(v.ruleset, x)).map((x) => unitDistance(u.stands, x.stands) - inMm(reachIn(v.tables, x) + 1)));
    if (room > 5) out.push(...approach(v, u, e, v.tables.fire.skirmishRangeIn - 0.5, room));
    return out;
  }
  // Horse close on a target worth charging, to within its reach for the next turn; with none, or
  // Blown (the marker comes off only after a whole turn stationary, AS 11.4), they stand.
  if (armOf(u) === 'cavalry') {
    if (st.blown !== undefined) return out;
    // Turned away (by a Fallback's about-face or a move to the rear): it faces the enemy again, where
    // no enemy horse could then charge it at even odds, before anything else.
    const facing = unitWheelTowards(u.stands, centreOf(e), 180);
    if (Math.abs(facing) > 90 && !st.moved) {
      const legs: MoveLeg[] = [{ kind: 'turn', deg: Math.round(facing) }];
      const m = checkMove(v.battle, v.ruleset, u, legs, allowanceMm(v.tables, u));
      if (m.ok && !moveRuleProblem(seen(v), u, legs) && !defendProblem(seen(v), u, m.forwardMm) && horseThreats(v, { ...u, stands: m.stands! }, placed(v, u, m.stands!)).length === 0) out.push({ type: 'moveUnit', side, unit: u.id, legs });
      return out;
    }
    const prey = v.battle.units.filter((t) => t.side !== side && goodCharge(v, u, t)).sort((a, b) => unitDistance(u.stands, a.stands) - unitDistance(u.stands, b.stands))[0];
    // With none, horse of an attacking division that still owes its forward move goes forward as far
    // as is safe: otherwise it is marched straight on by its whole allowance at the end of the
    // division's move (AS 7.3.1 compulsory movement), into whatever is ahead.
    const d = divisionOf(v.ruleset, u.id);
    const owes = !!d && owingAdvance(v.battle, v.ruleset, v.tables, d).some((x) => x.id === u.id);
    if (!prey && !owes) return out;
    // No nearer than 7" to a Formed enemy it would not choose to charge (within 6" ahead the charge is
    // obligatory, AS 7.3.1), nor into the reach of horse that could charge it at even odds.
    const room = Math.min(...v.battle.units.filter((x) => x.side !== side && x.id !== prey?.id && isFormed(v.ruleset, x) && !goodCharge(v, u, x)).map((x) => {
      const gap = unitDistance(u.stands, x.stands);
      const horse = armOf(x) === 'cavalry' && us(v.ruleset, x.id).blown === undefined && !us(v.ruleset, x.id).staggered;
      return gap - inMm(horse ? reachIn(v.tables, x) + 1 : v.tables.reach.obligatoryChargeIn + 1);
    }));
    if (room > 5) out.push(...approach(v, u, prey ?? e, prey ? reachIn(v.tables, u) - 3 : 0, room));
    return out;
  }
  // A Defending division's foot stand and let the enemy come into their volleys and the guns'
  // canister, until it is sent forward to press for a result (sideCommands).
  if (script === 'fire' && armOf(u) === 'infantry' && !attacking(v, u)) return out;
  if (script === 'fire' && armOf(u) === 'infantry') { if (mmIn(unitDistance(u.stands, e.stands)) > v.tables.fire.musketRangeIn) out.push(...approach(v, u, e, v.tables.fire.musketRangeIn - 0.5)); return out; }
  out.push(...approach(v, u, e, armOf(u) === 'artillery' ? v.tables.fire.canisterRangeIn : 2));
  return out;
}

/** Share of a side's units gone, as the turn limit counts it (victory.ts `lossShare`; the view shows every unit). */
const lost = (v: V, side: string) => lossShare(v, side);
const attacking = (v: V, u: Unit) => { const d = divisionOf(v.ruleset, u.id); return !!d && v.ruleset.divisions[d]!.orders === 'attack'; };
/**
 * Press for a result: from four turns before the limit, a side not ahead by the 10% the house
 * victory asks (RULINGS.md Victory) sends its divisions forward, and so does a side that has seen
 * no fighting by mid-battle; a side ahead stands on its lead.
 */
function mustPress(v: V, side: string): boolean {
  const foe = v.battle.sides.find((s) => s.id !== side)!.id;
  const limit = v.battle.turnLimit ?? Infinity, turn = v.position.turn;
  const ahead = lost(v, foe) - lost(v, side);
  return (turn >= limit - 4 && ahead < 0.1 + 1e-9) || (turn >= limit / 2 && lost(v, side) === 0 && lost(v, foe) === 0);
}

function sideCommands(v: V, side: string): Command[] {
  const out: Command[] = [];
  // Orders: a defending division goes over to the attack when the side must press for a result; none is sent twice.
  if (v.position.step === 'orders' && mustPress(v, side)) {
    for (const [id, d] of Object.entries(v.ruleset.divisions)) {
      if (d.side !== side || d.broken || d.retreating || d.orders === 'attack' || d.heldAttack || v.ruleset.adcs.some((a) => a.division === id)) continue;
      out.push({ type: 'sendOrders', side, division: id, orders: 'attack' });
    }
  }
  if (v.position.step === 'beforeMelee') for (const u of v.battle.units.filter((x) => x.side === side)) {
    if (canRecall(v, u)) out.push({ type: 'recall', side, unit: u.id });
    if (shelterFor(v, u)) out.push({ type: 'withdrawToSquare', side, unit: u.id });
  }
  // Crews return to their guns as soon as they may (8.5).
  if (v.position.step.startsWith('division')) for (const u of v.battle.units) if (u.side === side && !recrewProblem(seen(v), u, side)) out.push({ type: 'recrew', side, unit: u.id });
  // A Breakthrough at the nearest Formed target in reach that is not a formed square (cavalry do not ride at prepared squares by choice).
  if (v.position.step === 'breakthrough') for (const u of v.battle.units.filter((x) => x.side === side && entitled(v, x))) {
    const t = breakthroughTargets(seen(v), u).find((x) => x.t.formation !== 'square');
    if (t) out.push({ type: 'breakthrough', side, unit: u.id, target: t.t.id });
  }
  return out;
}

// Fire is refused (its plan: range, sight, arc) before its dice are rolled: one try proves it.
export const shScripts = { names: SH_SCRIPTS, actors, choose, commands, sideCommands, settledBeforeDice: ['fire'] };

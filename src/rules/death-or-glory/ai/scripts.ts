/**
 * Scripts for a player program (RulesetModule.ai.scripts; src/ai README). An actor is a unit.
 *
 *   - attack: close on the best target — a fair one for horse, an open flank where there is one;
 *             foot in column — and charge it when the odds favour it: the target's reaction test
 *             (it may evade and be caught without fighting back), its volley and the first round
 *             (ai/odds.ts); foot never charges skirmishers, who must evade and leave it unformed
 *             short of them;
 *   - fire:   come to close musket range (the range bands reward it: DoG Range Modifiers), re-form
 *             column into line, stand once a volley is worth firing (a unit that moves does not
 *             fire) and fire at the target where it does most harm; charge a target the odds favour;
 *   - hold:   stay and fire; infantry charged by cavalry form square.
 *
 * Every script first sends its unit to reinforce a melee its friends are losing or may win (DoG
 * Charge Restrictions: "units may reinforce troops locked in melee by moving into contact").
 *
 * In the last four turns the share of men lost decides (HOUSE victory: within 5 points at the limit
 * is a draw): a side not 8 points ahead presses — foot attacks and any charge at even odds goes in —
 * and a side safely ahead keeps what it has — lines out of range stay put, charges need twice the odds.
 *
 * `choose`: horse attacks a fair target (horse, guns, foot not formed or in column) within two
 * moves and otherwise holds level with the foot, out of reach, guarding the flank; artillery holds (unlimbering first); infantry
 * attacks (measured: foot closing in column and charging beats foot standing to fire, scripted v random). Horse never ends a move inside the charge reach of formed enemy foot (a line charging a
 * regiment fights it with impact and outnumbers it), and steps back out of it when it stands there.
 *
 * Charged, a unit that may countercharge does so when meeting the charge is worth more men than
 * standing to take it (`standingWorth`: its reaction test by the rules' own chances,
 * morale/tests.ts, then the volley and the charger's first round). Side-wide (`sideCommands`): each brigade's general order at the start (attack) and a hold
 * sent by messenger to a brigade that has lost half its battalions; reactions (stand, square
 * against horse or face a flank charge, by what each is worth, `standingWorth`); and the generals ride to where their rating counts
 * (DoG MORALE "commander's command rating" within 150 m; a rally needs its own commander within
 * 50 m; the C-in-C's fire and melee bonus needs him within 50 m all turn).
 */
import type { Command, Sampler, SeenGame } from '../../../engine/ruleset';
import type { Unit, Stand } from '../../../engine/model';
import { unitDistance } from '../../../geometry/measure';
import { unitFrame, fromLocal } from '../../../geometry/frame';
import type { TablePoint } from '../../../geometry/types';
import { hypot } from '../../../geometry/math';
import { unitWheelTowards } from '../../../geometry/aim';
import type { DogOptions } from '../options';
import type { DogTables } from '../tables';
import type { DogState } from '../state';
import { us, figuresOf, ctxOf, isFormed, centreOf, lostShare, otherOf } from '../state';
import { menLostShare } from '../victory';
import { allowanceMm, checkMove, planMove, type MoveLeg } from '../movement/moves';
import { cannotMove, advanceLimit, skirmishMoveProblem, GENERAL_RIDE_MM } from '../movement/commands';
import { changeTurns, layoutFor, placementProblem } from '../movement/formations';
import { chargeProblem, reactionsFor, chargeReachMm } from '../charge/charges';
import { planFire, fireFaces } from '../fire/plan';
import { reinforceProblem } from '../melee/reinforce';
import { activeGenerals, chainOf } from '../geo';
import { reactionChances } from '../morale/tests';
import { fleeRateMm } from '../movement/compulsory';
import { nearestEnemyOf } from './legal';
import { expectedFireMen, meleeOdds } from './odds';

type V = SeenGame<DogState, DogOptions, DogTables>;
export const DOG_SCRIPTS = ['attack', 'fire', 'hold'] as const;
/** Close musket range: the 36-60 m band (+1), short of the 0-35 m band's +3 (DoG Range Modifiers). */
const CLOSE_MM = 45;
/** A volley worth standing for rather than closing (men, mean of the chart). */
const WORTH_STANDING_MEN = 40;
/** A charge is declared when it is expected (reaction test, volley and first round) to cause at least what it costs. */
const CHARGE_EDGE = 1;
/** A countercharge gives up the stand-and-fire: it is weighed against standing (`standingWorth`), and never at worse than this. */
const MIN_COUNTER_EDGE = 0.6;
/** A charge's target that fails its reaction test about turns in a quarter of its move before it evades (DoG Charge Reaction Test, "about turn (1/4 move)"). */
const ABOUT_TURN_SHARE = 0.25;
/** Foot attacking in line forms column while the enemy is further than this. */
const COLUMN_FROM_MM = 200;
/** Commanders keep this far behind the unit they lead, out of the line of fire. */
const GENERAL_BEHIND_MM = 60;

/** Turns before the limit when the share of men lost starts to decide what a unit risks. */
const ENDGAME_TURNS = 4;
/** The lead in share of men lost that is worth keeping at the limit (HOUSE victory: within 5 points is a draw). */
const SAFE_LEAD = 0.08;

/** Near the turn limit: 'press' when not safely ahead (a draw is no win), 'keep' when safely ahead, else undefined. */
function endgame(v: V, side: string): 'press' | 'keep' | undefined {
  const limit = v.battle.turnLimit;
  if (!limit || v.position.turn < limit - ENDGAME_TURNS) return undefined;
  const lead = menLostShare(v.battle, v.ruleset, otherOf(v.battle, side)) - menLostShare(v.battle, v.ruleset, side);
  return lead < SAFE_LEAD ? 'press' : 'keep';
}

const alive = (v: V, u: Unit) => us(v.ruleset, u.id).morale !== 'routing';
const inMelee = (v: V, id: string) => v.ruleset.melees.some((m) => m.a === id || m.b === id);

function actors(v: V, side: string): string[] {
  const step = v.position.step;
  const mine = v.battle.units.filter((u) => u.side === side);
  if (step === 'moveFirst' || step === 'moveSecond') return mine.filter((u) => !cannotMove({ rs: v.ruleset, turn: v.position.turn }, u) && allowanceMm(v.tables, u, us(v.ruleset, u.id)) - us(v.ruleset, u.id).movedMm > 5).map((u) => u.id);
  if (step === 'declare' || step === 'respond' || step === 'counter') return mine.filter((u) => u.arm !== 'artillery' && !v.ruleset.charges.some((c) => c.unit === u.id)).map((u) => u.id);
  if (step === 'fireFirst' || step === 'fireSecond') return mine.filter((u) => !us(v.ruleset, u.id).fired || fireFaces(u).length > 1).map((u) => u.id);
  return [];
}

/**
 * What horse may charge with fair odds: other horse, guns, or foot that is not formed (unformed,
 * disordered, shaken or running) or caught in column or march order. Formed foot in line or
 * square sees horse off (DoG Charges: the target's order and formation decide the clash).
 */
function goodCavalryTarget(v: V, t: Unit): boolean {
  if (t.arm === 'cavalry' || t.arm === 'artillery') return true;
  if (!isFormed(v.ruleset, t)) return true;
  return t.formation === 'column' || t.formation === 'march' || t.formation === 'skirmish';
}

/** Horse attacks when a fair target stands within two moves; else it guards where it is. */
function choose(v: V, _side: string, actor: string): string {
  const u = v.battle.units.find((x) => x.id === actor);
  if (!u || u.arm === 'artillery') return 'hold';
  // Foot closes in column and charges what the odds allow: the melee decides (a lost round tests morale, DoG MELÉE), and a
  // column meets a line with +2 (DoG Melee Modifiers). 'fire' stays in the portfolio for the search player.
  if (u.arm !== 'cavalry') return 'attack';
  const reach = 2 * allowanceMm(v.tables, u, us(v.ruleset, u.id));
  return v.battle.units.some((t) => t.side !== u.side && alive(v, t) && goodCavalryTarget(v, t) && unitDistance(u.stands, t.stands) <= reach) ? 'attack' : 'hold';
}

/** Move `u` toward `to`, stopping `stopMm` short of `e` (the unit it closes on): a wheel toward the point and what it can go straight on. */
function approachPoint(v: V, u: Unit, to: TablePoint, e: Unit, stopMm: number, exposed?: (stands: readonly Stand[]) => boolean): Command[] {
  const st = us(v.ruleset, u.id);
  const left = allowanceMm(v.tables, u, st) - st.movedMm;
  if (left < 5) return [];
  const lim = advanceLimit({ rs: v.ruleset }, u);
  const c = centreOf(u);
  const toPoint = hypot(to.x - c.x, to.y - c.y);
  const gap = Math.min(unitDistance(u.stands, e.stands) - stopMm, toPoint);
  const wheel = Math.round(unitWheelTowards(u.stands, to));
  const out: Command[] = [];
  // PERF: each plan is judged once in this decision (several fractions come to the same legs), and one
  // whose ground distance alone is over the allowance is refused untraced: the ground only adds to it
  // (DoG Movement Costs: area terrain slows, linear terrain deducts), so checkMove would refuse it too.
  const judged = new Map<string, boolean>();
  const ok = (legs: MoveLeg[]) => {
    const key = JSON.stringify(legs);
    let r = judged.get(key);
    if (r === undefined) {
      const plan = planMove(u.stands, legs);
      if (plan.ok && plan.distanceMm > left + 0.5) r = false;
      else { const m = checkMove(v.battle, u, legs, left); r = m.ok && !skirmishMoveProblem({ battle: v.battle, rs: v.ruleset }, u, m.stands!) && !exposed?.(m.stands!); }
      judged.set(key, r);
    }
    return r;
  };
  const push = (legs: MoveLeg[]) => out.push({ type: 'moveUnit', side: u.side, unit: u.id, legs });
  for (const frac of [1, 0.75, 0.5, 0.25]) {
    let mm = gap * frac;
    if (lim) mm = Math.min(mm, lim.mm);
    const withWheel: MoveLeg[] = Math.abs(wheel) > 5 ? [{ kind: 'wheel', deg: wheel }] : [];
    // The wheel's cost comes out of the allowance first (checkMove measures the whole plan).
    for (const cut of [0, 0.25, 0.5]) {
      const fwd = Math.round(Math.min(mm, left) * (1 - cut));
      const legs: MoveLeg[] = fwd >= 5 ? [...withWheel, { kind: 'forward', mm: fwd }] : withWheel;
      if (legs.length > 0 && ok(legs)) { push(legs); return out; }
    }
  }
  if (Math.abs(wheel) > 5 && ok([{ kind: 'wheel', deg: wheel }])) push([{ kind: 'wheel', deg: wheel }]);
  return out;
}

/** Horse keeps this far outside the charge reach of enemy foot that could charge it. */
const HORSE_CLEAR_MM = 25;

/**
 * Where horse would stand within the charge reach of formed enemy foot that could charge it there
 * (not squares, which stand; not `spare`, whose flank it is going for: a line must wheel to meet
 * it). Foot charging horse fights it with impact and, against a small regiment, outnumbering
 * (DoG MELÉE, Melee Modifiers): a line beats a regiment that stands to take it.
 */
function exposedHorse(v: V, u: Unit, spare?: Unit): (stands: readonly Stand[]) => boolean {
  const foot = v.battle.units.filter((e) => e.side !== u.side && e.arm === 'infantry' && e.id !== spare?.id && e.formation !== 'square' && e.formation !== 'skirmish' && isFormed(v.ruleset, e));
  const reach = new Map(foot.map((e) => [e.id, chargeReachMm({ tables: v.tables, rs: v.ruleset }, e) + HORSE_CLEAR_MM]));
  return (stands) => foot.some((e) => unitDistance(stands, e.stands) <= reach.get(e.id)!);
}

/** Horse standing where enemy foot could charge it steps straight back, still facing, out of reach. */
function clearOfFoot(v: V, u: Unit, exposed: (stands: readonly Stand[]) => boolean): Command[] {
  if (!exposed(u.stands)) return [];
  const st = us(v.ruleset, u.id);
  const left = allowanceMm(v.tables, u, st) - st.movedMm;
  for (const f of [0.5, 0.75, 1, 0.25]) {
    const mm = Math.round(left * f);
    if (mm < 10) continue;
    const legs: MoveLeg[] = [{ kind: 'backward', mm }];
    const m = checkMove(v.battle, u, legs, left);
    if (m.ok && !exposed(m.stands!)) return [{ type: 'moveUnit', side: u.side, unit: u.id, legs }];
  }
  return [];
}

/** Beside `t`'s open flank nearest `u`, `offMm` out (a flank no friend of `t` covers), or undefined. */
function openFlankPoint(v: V, u: Unit, t: Unit, offMm: number): TablePoint | undefined {
  if (t.formation === 'square' || t.arm === 'artillery' || t.formation === 'skirmish') return undefined;
  const fr = unitFrame(t.stands);
  const uc = centreOf(u);
  const pts = [fromLocal(fr, 0, fr.halfWidthMm + offMm), fromLocal(fr, 0, -(fr.halfWidthMm + offMm))]
    .filter((p) => !v.battle.units.some((f) => f.side === t.side && f.id !== t.id && f.stands.some((s) => hypot(s.centre.x - p.x, s.centre.y - p.y) < offMm + 40)))
    .sort((a, b) => hypot(a.x - uc.x, a.y - uc.y) - hypot(b.x - uc.x, b.y - uc.y));
  return pts[0];
}

/** The enemy `u` should close on: the nearest that can be fought (not routing), skirmishers last. */
function targetOf(v: V, u: Unit): Unit | undefined {
  let best: Unit | undefined, bd = Infinity;
  for (const e of v.battle.units) {
    if (e.side === u.side || !alive(v, e)) continue;
    const d = unitDistance(u.stands, e.stands) + (e.formation === 'skirmish' ? 150 : 0) + (u.arm === 'cavalry' && !goodCavalryTarget(v, e) ? 400 : 0);
    if (d < bd) { bd = d; best = e; }
  }
  return best ?? nearestEnemyOf(v, u);
}

/** How much a volley is worth: the men it kills, more on a small or shaken unit that a loss may break. */
function shotValue(v: V, t: Unit, men: number): number {
  const st = us(v.ruleset, t.id);
  const left = Math.max(30, figuresOf(t) * 30);
  let w = 1 + 72 / left;
  if (st.order !== 'formed' || st.morale === 'shaken') w *= 1.3;
  if (st.morale === 'routing') w *= 0.5;
  return men * w;
}

/** The best volley `u` can fire now, or undefined. */
function bestShot(v: V, u: Unit): { target: Unit; men: number; value: number } | undefined {
  const c = ctxOf(v);
  let best: { target: Unit; men: number; value: number } | undefined;
  for (const t of v.battle.units) {
    if (t.side === u.side) continue;
    const p = planFire(c, u, t);
    if (!p.ok) continue;
    const men = expectedFireMen(v.tables, p);
    const value = shotValue(v, t, men);
    if (!best || value > best.value) best = { target: t, men, value };
  }
  return best;
}

/** Reinforce a melee a friend is locked in, when the unit is fit to fight (DoG Charge Restrictions). */
function reinforcements(v: V, u: Unit): Command[] {
  const st = us(v.ruleset, u.id);
  if (u.arm === 'artillery' || u.formation === 'skirmish' || st.order === 'disordered' || st.fatigue >= 2 || inMelee(v, u.id)) return [];
  const c = ctxOf(v);
  const out: { c: Command; d: number }[] = [];
  for (const m of v.ruleset.melees) {
    const friend = [m.a, m.b].find((id) => v.battle.units.some((x) => x.id === id && x.side === u.side));
    const foeId = friend === m.a ? m.b : m.a;
    const t = friend && v.battle.units.find((x) => x.id === foeId);
    if (!t || unitDistance(u.stands, t.stands) > 300) continue;
    if (u.arm === 'cavalry' && t.arm === 'infantry' && t.formation === 'square') continue;
    const r = reinforceProblem(c, u, t);
    if (r.ok) out.push({ c: { type: 'reinforceMelee', side: u.side, unit: u.id, target: t.id }, d: r.face !== 'front' ? 0 : unitDistance(u.stands, t.stands) });
  }
  return out.sort((a, b) => a.d - b.d).map((x) => x.c);
}

function moveCommands(v: V, side: string, u: Unit, script: string): Command[] {
  const st = us(v.ruleset, u.id);
  const out: Command[] = [...reinforcements(v, u)];
  const e = targetOf(v, u);
  if (!e) return out;
  const gap = unitDistance(u.stands, e.stands);
  const reform = (f: string) => { if (!st.changedFormation && u.formation !== f && changeTurns(v.tables, u, st, f) !== undefined && !placementProblem(v.battle, u, layoutFor(u, f))) out.push({ type: 'changeFormation', side, unit: u.id, formation: f }); };
  if (u.arm === 'artillery') {
    if (u.formation === 'limbered' && gap <= 700) reform('unlimbered');
    if (u.formation === 'limbered' && gap > 700) out.push(...approachPoint(v, u, centreOf(e), e, 600));
    return out;
  }
  if (script === 'hold') {
    // Horse held back keeps level with the foot, out of their reach, guarding the flank.
    if (u.arm === 'cavalry') { const exposed = exposedHorse(v, u); out.push(...(gap > 400 ? approachPoint(v, u, centreOf(e), e, 380, exposed) : clearOfFoot(v, u, exposed))); }
    return out;
  }
  if (script === 'fire' && u.arm === 'infantry') {
    // DoG FIRE PHASE: a unit that moves does not fire (skirmishers excepted) — one with a volley worth firing stands.
    const shot = bestShot(v, u);
    if (u.formation !== 'skirmish' && shot && (shot.men >= WORTH_STANDING_MEN || unitDistance(u.stands, shot.target.stands) <= 60)) return out;
    if ((u.formation === 'column' || u.formation === 'march') && gap <= 300) reform('line');
    if (u.formation === 'skirmish') { if (gap > 100) out.push(...approachPoint(v, u, centreOf(e), e, 90)); return out; }
    // Safely ahead near the limit, a line that cannot fire yet stays where it is.
    if (gap > CLOSE_MM + 5 && endgame(v, side) !== 'keep') out.push(...approachPoint(v, u, centreOf(e), e, CLOSE_MM));
    return out;
  }
  if (u.arm === 'cavalry' && u.formation !== 'line' && gap < 500) reform('line');
  // Seek an open flank: come round to beside it, then charge into it (DoG MORALE "-10% for each flank threatened"; one row fights back).
  const flank = u.arm === 'cavalry' && gap > 120 ? openFlankPoint(v, u, e, 120) : undefined;
  if (u.arm === 'cavalry') {
    // Horse ends its move where no formed foot can charge it first (its own reach is the longer: DoG Charge Movement Bonus).
    const exposed = exposedHorse(v, u, flank ? e : undefined);
    const stop = e.arm === 'infantry' && !flank ? Math.max(150, chargeReachMm({ tables: v.tables, rs: v.ruleset }, e) + HORSE_CLEAR_MM) : flank ? 0 : 150;
    const go = approachPoint(v, u, flank ?? centreOf(e), e, stop, exposed);
    out.push(...(go.length > 0 ? go : clearOfFoot(v, u, exposed)));
    return out;
  }
  // Foot attacking goes in column ("infantry in column vs infantry in single rank line" +2, DoG Melee Modifiers), formed
  // while still out of reach (a unit changing formation may not charge: DoG FORMATION CHANGES).
  if (u.arm === 'infantry' && u.formation === 'line' && gap > COLUMN_FROM_MM) reform('column');
  out.push(...approachPoint(v, u, flank ?? centreOf(e), e, 60));
  return out;
}

/** Men a unit evading in disorder is worth less: it cannot fight back if caught, and must reform before it fights again. */
const DISORDER_MEN = 40;

/**
 * What receiving `by`'s charge `how` is worth to `u` in men (what it causes less what it suffers),
 * over the outcomes of its reaction test (DoG Charge Reaction Test, the rules' own chances):
 * passing, a unit that stands fires by the share of the move the charge needs (at half strength at
 * most against horse) and fights the charger's first round; one forming square fights it as a
 * square ("infantry attempting to change formation while being charged by cavalry" tests at -10%);
 * one wheeling to face a flank charge fights it front to front, without the volley. Failing by 10%
 * it fires a ragged volley and retires; failing by more it evades, disordered, and if caught takes
 * the blow in the rear without fighting back.
 */
function standingWorth(v: V, u: Unit, by: Unit, how: 'stand' | 'square' | 'face' = 'stand'): number {
  const c = ctxOf(v);
  const ch = v.ruleset.charges.find((x) => x.unit === by.id && x.target === u.id);
  // The charge is declared already: judged as the rules resolve it (its own declaration no bar), so its impact and reach are the ones it will have.
  const reach = chargeProblem(c, by, u, { counter: true, resolving: true });
  const impact = reach.impact ?? false;
  const face = how === 'face' ? 'front' : ch?.face ?? 'front';
  const as: Unit = how === 'square' ? { ...u, formation: 'square' } : u;
  const odds = meleeOdds(c, by, as, { impact, face });
  const p = planFire(c, u, by, { reaction: true });
  const share = Math.min(by.arm === 'cavalry' && u.arm === 'infantry' ? 0.5 : 1, (reach.reach?.totalMm ?? chargeReachMm(c, by)) / Math.max(1, chargeReachMm(c, by)));
  const fire = p.ok ? expectedFireMen(v.tables, p, Math.max(0.25, share)) : 0;
  const odds2 = reactionChances(c, u, by, how === 'square');
  const caught = meleeOdds(c, by, u, { impact, face: 'rear' }).caused;
  return odds2.stands * ((how === 'stand' ? fire : 0) + odds.suffered - odds.caused) + odds2.ragged * (fire / 4) + odds2.evades * -(caught + DISORDER_MEN);
}

/** The charges `u` may declare now, the best odds first; none whose first round is expected to cost more than it gains. */
function chargeCommands(v: V, side: string, u: Unit, script: string): Command[] {
  const step = v.position.step;
  const c = ctxOf(v);
  const st = us(v.ruleset, u.id);
  const scored: { c: Command; edge: number }[] = [];
  const stage = endgame(v, side);
  for (const t of v.battle.units) {
    if (t.side === side || unitDistance(u.stands, t.stands) > 700) continue;
    const counter = v.ruleset.charges.some((x) => x.unit === t.id && x.target === u.id);
    if (step === 'counter' && !counter) continue;
    if (u.arm === 'cavalry' && !counter && !goodCavalryTarget(v, t) && script !== 'attack') continue;
    // Skirmishers must evade formed troops, and foot cannot catch them: the charge falls short, unformed (DoG CHARGE PHASE, Notes).
    if (u.arm === 'infantry' && t.formation === 'skirmish' && u.formation !== 'skirmish') continue;
    const verdict = chargeProblem(c, u, t, { counter });
    if (!verdict.ok) continue;
    const face = counter ? 'front' : verdict.reach?.face ?? 'front';
    const odds = meleeOdds(c, u, t, { impact: verdict.impact ?? false, face, defenderImpact: counter });
    // A target that stands fires at the charger first, by the share of the move the charge needs (DoG Charge Reaction Test).
    let fire = 0;
    if (!counter && t.arm !== 'cavalry' && isFormed(v.ruleset, t)) {
      const p = planFire(c, t, u, { reaction: true });
      const share = Math.min(u.arm === 'cavalry' && t.arm === 'infantry' ? 0.5 : 1, (verdict.reach?.totalMm ?? 0) / Math.max(1, chargeReachMm(c, u)));
      fire = p.ok ? expectedFireMen(v.tables, p, Math.max(0.25, share)) : 0;
    }
    // A routing or evading target takes the blow without striking back; a shaken charger should not go in.
    if (st.order === 'disordered' || st.fatigue >= 2) continue;
    const flankBonus = face !== 'front' ? 1.3 : 1;
    if (counter) {
      const edge = (odds.caused * flankBonus) / Math.max(5, odds.suffered + fire);
      // A countercharger takes no reaction test (DoG Charge Procedure): it goes in when meeting the
      // charge does better than standing to take it, test and all.
      if (edge < MIN_COUNTER_EDGE || odds.caused - odds.suffered < standingWorth(v, u, t)) continue;
      scored.push({ c: { type: 'declareCharge', side, unit: u.id, target: t.id }, edge });
      continue;
    }
    // The target tests before the charge meets it (DoG Charge Reaction Test, by the rules' own chances): failing by 10% it
    // fires a ragged volley (1/4) and retires 50 m; by more it about turns and evades, disordered, and if the charge still
    // reaches it, it is struck in the rear and cannot fight back. A square that fails is shaken and stays; skirmishers
    // charged by formed troops always evade (DoG CHARGE PHASE, Notes).
    const r = t.formation === 'skirmish' && u.formation !== 'skirmish' ? { stands: 0, ragged: 0, evades: 1 }
      : t.formation === 'square' ? { stands: 1, ragged: 0, evades: 0 } : reactionChances(c, t, u, false);
    const caught = unitDistance(u.stands, t.stands) + (1 - ABOUT_TURN_SHARE) * fleeRateMm(c, t) <= chargeReachMm(c, u);
    const rear = r.evades > 0 && caught ? meleeOdds(c, u, t, { impact: verdict.impact ?? false, face: 'rear' }).caused : 0;
    // Foot cannot catch a target that may choose to evade (light horse, unlimbered guns: DoG Charge Procedure) and outruns it.
    if (!counter && reactionsFor(v.tables, t, u, face).includes('evade') && t.formation !== 'skirmish' && unitDistance(u.stands, t.stands) + fleeRateMm(c, t) > chargeReachMm(c, u)) continue;
    const gain = (r.stands + r.ragged) * odds.caused + r.evades * rear;
    // The loser of the round tests morale (DoG MELÉE): a charge goes in only when it is likelier to win than to lose.
    if ((r.stands + r.ragged) * odds.lost > (r.stands + r.ragged) * odds.won + (rear > 0 ? r.evades : 0)) continue;
    const cost = r.stands * (odds.suffered + fire) + r.ragged * (odds.suffered + fire / 4);
    const edge = (gain * flankBonus) / Math.max(5, cost);
    const want = stage === 'press' ? 1 : stage === 'keep' ? 2 * CHARGE_EDGE : CHARGE_EDGE;
    if (gain < 30 || edge < want) continue;
    scored.push({ c: { type: 'declareCharge', side, unit: u.id, target: t.id }, edge });
  }
  return scored.sort((a, b) => b.edge - a.edge).map((x) => x.c);
}

function fireCommands(v: V, side: string, u: Unit): Command[] {
  const c = ctxOf(v);
  const shots: { c: Command; value: number }[] = [];
  for (const t of v.battle.units) {
    if (t.side === side) continue;
    const p = planFire(c, u, t);
    if (!p.ok) continue;
    const men = expectedFireMen(v.tables, p);
    // A volley that can hardly hurt only adds to the consecutive-firing penalty (DoG Fire Modifiers "-1 for every 3 consecutive moves of firing").
    if (men < 3) continue;
    shots.push({ c: { type: 'fire', side, unit: u.id, target: t.id }, value: shotValue(v, t, men) });
  }
  return shots.sort((a, b) => b.value - a.value).map((x) => x.c);
}

function commands(v: V, side: string, actor: string, script: string, _sm: Sampler): Command[] {
  const u = v.battle.units.find((x) => x.id === actor);
  if (!u || u.side !== side) return [];
  const step = v.position.step;
  if (step === 'moveFirst' || step === 'moveSecond') return moveCommands(v, side, u, script);
  if (step === 'declare' || step === 'respond' || step === 'counter') return chargeCommands(v, side, u, script);
  if (step === 'fireFirst' || step === 'fireSecond') return fireCommands(v, side, u);
  return [];
}

/** Each brigade's general order at the start; a hold by messenger to a brigade half of whose battalions are broken (DoG Orders). */
function orderCommands(v: V, side: string): Command[] {
  const out: Command[] = [];
  const first = !v.ruleset.firstOrders.includes(side);
  for (const [brigade, o] of Object.entries(v.ruleset.orders)) {
    if (o.side !== side) continue;
    if (first) { out.push({ type: 'writeOrder', side, brigade, order: 'attack' }); continue; }
    const units = v.battle.units.filter((u) => u.parent === brigade);
    const broken = units.filter((u) => !alive(v, u) || lostShare(v.ruleset, u) >= 0.5).length;
    const want = units.length > 0 && broken * 2 >= units.length ? 'hold' : 'attack';
    const pending = o.next?.order ?? v.ruleset.messengers.find((m) => m.brigade === brigade)?.order;
    if (o.order !== want && pending !== want) out.push({ type: 'writeOrder', side, brigade, order: want });
  }
  return out;
}

/** Where a commander's rating counts most: a routing unit of his own to rally, else behind the unit of his command nearest the enemy. */
function generalPost(v: V, side: string, commands: string, kind: 'cinc' | 'other', nearest: (u: Unit) => Unit | undefined): TablePoint | undefined {
  const mine = v.battle.units.filter((u) => u.side === side && (kind === 'cinc' || chainOf(v.battle, u).includes(commands)));
  const routing = mine.filter((u) => us(v.ruleset, u.id).morale === 'routing');
  if (routing.length > 0 && kind !== 'cinc') return centreOf(routing[0]!);
  let best: { u: Unit; d: number; e: Unit } | undefined;
  for (const u of mine) {
    if (!alive(v, u) || u.formation === 'skirmish') continue;
    const e = nearest(u);
    if (!e) continue;
    const d = unitDistance(u.stands, e.stands) - (inMelee(v, u.id) ? 1000 : 0);
    if (!best || d < best.d) best = { u, d, e };
  }
  if (!best) return undefined;
  const c = centreOf(best.u), ec = centreOf(best.e);
  const dx = c.x - ec.x, dy = c.y - ec.y, n = Math.max(1, hypot(dx, dy));
  const back = kind === 'cinc' ? 20 : GENERAL_BEHIND_MM + unitFrame(best.u.stands).halfDepthMm;
  return { x: Math.round(c.x + (dx / n) * back), y: Math.round(c.y + (dy / n) * back) } as TablePoint;
}

function generalCommands(v: V, side: string): Command[] {
  const out: Command[] = [];
  // PERF: the C-in-C and each brigadier weigh the same units: each unit's nearest enemy is found once.
  const nearestOf = new Map<string, Unit | undefined>();
  const nearest = (u: Unit) => { if (!nearestOf.has(u.id)) nearestOf.set(u.id, nearestEnemyOf(v, u)); return nearestOf.get(u.id); };
  for (const g of activeGenerals(v.battle, v.ruleset, side)) {
    const gs = v.ruleset.generals[g.id];
    if (!gs || gs.moved) continue;
    const post = generalPost(v, side, g.commands, gs.kind === 'cinc' ? 'cinc' : 'other', nearest);
    if (!post) continue;
    const at = g.stand.centre;
    const d = hypot(post.x - at.x, post.y - at.y);
    if (d < 25) continue;
    const f = Math.min(1, (GENERAL_RIDE_MM - 5) / d);
    const x = Math.round(at.x + (post.x - at.x) * f), y = Math.round(at.y + (post.y - at.y) * f);
    if (x < 0 || y < 0 || x > v.battle.table.widthMm || y > v.battle.table.depthMm) continue;
    out.push({ type: 'moveGeneral', side, general: g.id, x, y });
  }
  return out;
}

function reactionCommands(v: V, side: string): Command[] {
  const out: Command[] = [];
  for (const ch of v.ruleset.charges) {
    if (ch.side === side || v.ruleset.reactions[ch.target]) continue;
    const t = v.battle.units.find((x) => x.id === ch.target), by = v.battle.units.find((x) => x.id === ch.unit);
    if (!t || !by) continue;
    const rs = reactionsFor(v.tables, t, by, ch.face);
    // Stand, form square against horse, or wheel to face a charge in flank or rear, whichever is worth most (`standingWorth`);
    // evade when that is all.
    const how = (['stand', 'square', 'face'] as const).filter((x) => rs.includes(x));
    const r = how.length === 0 ? rs[0]! : how.map((x) => ({ x, w: standingWorth(v, t, by, x) })).reduce((a, b) => (b.w > a.w ? b : a)).x;
    if (r !== 'countercharge') out.push({ type: 'reactToCharge', side, unit: t.id, reaction: r });
  }
  return out;
}

function sideCommands(v: V, side: string): Command[] {
  const step = v.position.step;
  if (step === 'orders') return orderCommands(v, side);
  if (step === 'moveFirst' || step === 'moveSecond') return generalCommands(v, side);
  if (step === 'respond' || step === 'counter') return reactionCommands(v, side);
  return [];
}

// Fire is refused (its plan: range, sight, arc) before its dice are rolled: one try proves it.
export const dogScripts = { names: DOG_SCRIPTS, actors, choose, commands, sideCommands, settledBeforeDice: ['fire'] };

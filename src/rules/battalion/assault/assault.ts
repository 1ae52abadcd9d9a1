/**
 * BT Assault Phase Summery, step by step: the assault declared (which battalion, at which),
 * the motivation checks it needs (and a square formed against cavalry by a skill test), the move
 * into contact through the geometry's reach and movement core (or back to the pre-charge
 * position), defensive fire (with battalion light artillery nearby), the charger's attacks (skill
 * checks), the defender's armour saves and motivation check, the defender's choice to retreat in
 * order or counter attack, and both battalions retreating.
 */
import { z } from 'zod';
import { defineCommand, reject, type Change, type Modifier, type Rejection } from '../../../engine/ruleset';
import { finishWork, unitIn, setStands } from '../../../engine/workingState';
import type { Unit } from '../../../engine/model';
import { reachTarget } from '../../../geometry/reach';
import { traceMove } from '../../../geometry/moveCore';
import { distanceToGap } from '../../../geometry/moveGap';
import { standIndexOf } from '../../../geometry/sightCache';
import { unitsOverlap } from '../../../geometry/units';
import { standsAtDistance, legsDistance } from '../../../geometry/movement';
import type { BtOptions } from '../options';
import type { BtTables } from '../tables';
import { ASSAULT_RULE, ATTACKS_RULE, SKILL_RULE, WEDGE_TO_HIT, LANCE_TO_HIT, SQUARE_STANDOFF_IN, BATTALION_GUNS_IN } from '../tables';
import type { BtState, Pending, S, W } from '../state';
import { armOf, flag, inMm, mmIn, qualityOf, setUs, us, work } from '../state';
import { centreOf, standsTouch } from '../geo';
import { motivationCheck, skillCheck } from '../motivation/checks';
import { failedMotivation, fallBack, leaveField } from '../motivation/outcomes';
import { normalRateMm, withPoses } from '../movement/moves';
import { squareUp } from '../movement/formations';
import { planShot } from '../shooting/plan';
import { rollShot } from '../shooting/shoot';
import { offerHits, markHalf, type HitsPending } from '../shooting/hits';
import { attachedTo, followUnit } from '../special/commanders';
import { unitDistance } from '../../../geometry/measure';

const LIGHT_CAV_RULE = 'BT Light Cavalry';
const SQUARE_RULE = 'BT Square';

/** Why `u` may not assault `t` now, or undefined (BT Line: "Battalions must be in Line to Assault"; BT Wedge). */
export function assaultProblem(s: { battle: S['battle']; rs: BtState }, u: Unit, t: Unit): { code: string; reason: string; rule: string } | undefined {
  const st = us(s.rs, u.id);
  if (t.side === u.side) return { code: 'not-enemy', reason: 'Assault an enemy battalion.', rule: ASSAULT_RULE };
  if (st.assaulted) return { code: 'assaulted', reason: `${u.name} has already assaulted this turn.`, rule: ASSAULT_RULE };
  if (st.disorientated) return { code: 'disorientated', reason: `${u.name} is disorientated and cannot move.`, rule: 'BT Howitzers & Disorientation' };
  const arm = armOf(u);
  if (arm === 'artillery') return { code: 'artillery', reason: 'Artillery does not assault (RULINGS.md).', rule: ASSAULT_RULE };
  if (arm === 'infantry' && u.formation !== 'line') return { code: 'not-line', reason: 'Battalions must be in Line to Assault.', rule: 'BT Line' };
  if (arm === 'cavalry' && u.formation !== 'line' && u.formation !== 'wedge') return { code: 'not-line', reason: 'Cavalry assault in line or in wedge.', rule: 'BT Line; BT Wedge' };
  if (u.troopType === 'light-cavalry' && t.formation === 'square' && !flag(u, 'lances')) return { code: 'light-cavalry', reason: 'Light cavalry may not charge squares unless armed with lances.', rule: LIGHT_CAV_RULE };
  return undefined;
}

/** The assault move: a wheel then straight on, through the geometry's reach and movement core. */
export function assaultReach(s: { battle: S['battle']; options: BtOptions; tables: BtTables }, u: Unit, t: Unit) {
  const ans = reachTarget(u.stands, t.stands, { maxWheelRad: (s.options.assaultWheelDeg * Math.PI) / 180, maxDistanceMm: normalRateMm(s.tables, u), centreOnFace: true });
  if (!ans.reachable) return { ok: false as const, reason: `${t.name} is out of reach (${ans.reason ?? 'no path'}).`, ans };
  const trace = traceMove(u.stands, ans.legs, { others: standIndexOf(s.battle.units), ignore: (id) => id === u.id || id === t.id, table: s.battle.table });
  const met = trace.meetings.find((m) => !m.atStart);
  if (met) return { ok: false as const, reason: `${s.battle.units.find((x) => x.id === met.unitId)?.name ?? 'another unit'} is in the way.`, ans };
  if (s.battle.units.some((o) => o.id !== u.id && o.id !== t.id && unitsOverlap(ans.aligned, o.stands))) return { ok: false as const, reason: 'There is no room to close with the target.', ans };
  return { ok: true as const, ans, distanceIn: mmIn(ans.totalMm) };
}

function endAssault(w: W): void {
  w.rs = { ...w.rs, assault: undefined };
}

type AssaultCmd = { type: 'assault'; side: string; unit: string; target: string };
export const assault = defineCommand<BtState, BtOptions, BtTables, AssaultCmd>({
  describe: 'Assault an enemy battalion (BT Assault Phase Summery).',
  schema: z.object({ type: z.literal('assault'), side: z.string(), unit: z.string(), target: z.string() }).strict(),
  handle(s: S, c, ctx): Change<BtState> | Rejection {
    if (s.ruleset.pending && !s.position.done.includes(s.ruleset.pending.owner)) return reject('pending', 'Finish the assault under way first.', ASSAULT_RULE);
    const w = work(s, ctx);
    w.rs = { ...w.rs, assault: undefined };
    const u = w.battle.units.find((x) => x.id === c.unit);
    const t0 = w.battle.units.find((x) => x.id === c.target);
    if (!u || u.side !== c.side) return reject('not-yours', 'Assault with one of your own battalions.', ASSAULT_RULE);
    if (!t0) return reject('no-target', 'Choose an enemy battalion to assault.', ASSAULT_RULE);
    const bad = assaultProblem({ battle: w.battle, rs: w.rs }, u, t0);
    if (bad) return reject(bad.code, bad.reason, bad.rule);
    setUs(w, u.id, { assaulted: true });
    w.rs = { ...w.rs, assault: { attacker: u.id, defender: t0.id, side: u.side, startStands: u.stands } };
    w.ctx.emit({ type: 'AssaultDeclared', unit: u.id, target: t0.id, rule: ASSAULT_RULE });
    // BT Square: "rolling a skill test when cavalry assault" — infantry form square if they pass (not when disorientated).
    if (armOf(u) === 'cavalry' && armOf(t0) === 'infantry' && t0.formation !== 'square') {
      if (us(w.rs, t0.id).disorientated) w.ctx.emit({ type: 'NoSquare', unit: t0.id, why: 'disorientated', rule: 'BT Howitzers & Disorientation' });
      else if (skillCheck(w, t0, 'form square as cavalry assault', SQUARE_RULE)) squareUp(w, t0.id, SQUARE_RULE);
    }
    const t = unitIn(w, t0.id)!;
    // Light cavalry meeting a square they may not charge halt 2" off, as cavalry failing to attack one.
    if (u.troopType === 'light-cavalry' && t.formation === 'square' && !flag(u, 'lances')) { standOff(w, u, t, LIGHT_CAV_RULE); endAssault(w); return finishWork(w); }
    // 3 Roll any Motivation check required (BT Motivation; BT Square; BT Officers Falling).
    const needs: string[] = [];
    if (armOf(u) === 'infantry' && (armOf(t) === 'cavalry' || armOf(t) === 'artillery')) needs.push(`infantry attacking ${armOf(t)}`);
    if (armOf(u) === 'cavalry' && (t.formation === 'square' || armOf(t) === 'artillery')) needs.push(t.formation === 'square' ? 'cavalry attacking a square' : 'cavalry attacking artillery');
    if (us(w.rs, u.id).officerDead) needs.push('its officer has fallen');
    if (needs.length > 0 && !motivationCheck(w, u, { reason: `to assault: ${needs.join(', ')}`, rule: ASSAULT_RULE, assault: true })) {
      w.ctx.emit({ type: 'AssaultRefused', unit: u.id, target: t.id, rule: ASSAULT_RULE });
      if (t.formation === 'square' && armOf(u) === 'cavalry') standOff(w, u, t, SQUARE_RULE);
      const u1 = unitIn(w, u.id);
      // BT Motivation Special Rules: under 50% and failing "any kind of motivation test" they leave the field.
      if (u1 && u1.stands.length * 2 < us(w.rs, u.id).start) leaveField(w, u.id, 'quit', 'BT Motivation Special Rules');
      endAssault(w);
      return finishWork(w);
    }
    // 4 Move the stands their assault distance, or back to the pre-charge position.
    const r = assaultReach(w, u, t);
    if (!r.ok) {
      w.ctx.emit({ type: 'AssaultFellShort', unit: u.id, target: t.id, why: r.reason, rule: `${ASSAULT_RULE}: "if unable to make contact with an enemy base they must fall back to their pre-charge position"` });
      endAssault(w);
      return finishWork(w);
    }
    setStands(w, u.id, withPoses(u.stands, r.ans.aligned));
    followUnit(w, u.id);
    setUs(w, u.id, { moved: true, movedMm: us(w.rs, u.id).movedMm + r.ans.totalMm });
    w.ctx.emit({ type: 'AssaultContact', unit: u.id, target: t.id, distanceIn: r.distanceIn, rule: ASSAULT_RULE });
    defensiveFire(w, w.done);
    return finishWork(w);
  },
});

/** BT Square: failing cavalry "remain 2” from the square" — they close to 2" if they can reach it, else stay. */
function standOff(w: W, u: Unit, t: Unit, rule: string): void {
  const r = reachTarget(u.stands, t.stands, { maxWheelRad: (w.options.assaultWheelDeg * Math.PI) / 180, maxDistanceMm: Infinity });
  if (r.legs.length === 0) return;
  const at = distanceToGap(u.stands, r.legs, t.stands, inMm(SQUARE_STANDOFF_IN));
  const limit = Math.min(at ?? legsDistance(r.legs), normalRateMm(w.tables, u));
  if (limit <= 0) return;
  const poses = standsAtDistance(u.stands, r.legs, limit);
  const trace = traceMove(u.stands, r.legs, { others: standIndexOf(w.battle.units), ignore: (id) => id === u.id });
  if (trace.meetings.some((m) => !m.atStart && m.enterMm < limit)) return;
  setStands(w, u.id, withPoses(u.stands, poses));
  followUnit(w, u.id);
  w.ctx.emit({ type: 'HaltedShort', unit: u.id, target: t.id, distanceIn: SQUARE_STANDOFF_IN, rule });
}

/**
 * 5 Conduct Defensive Fire: the defender shoots at the charger, and battalion light artillery
 * within 4” of it adds ½ ROF if it has not moved or fired grape last turn, once (BT Battalion Light
 * Artillery). The charger's side assigns the hits.
 */
function defensiveFire(w: W, done: readonly string[]): void {
  const a = w.rs.assault!;
  const u = unitIn(w, a.attacker)!;
  const t = unitIn(w, a.defender)!;
  const ctx = { battle: w.battle, rs: w.rs, options: w.options, tables: w.tables };
  let hits = 0;
  const plan = planShot(ctx, t, u, 'rof', { defensive: true });
  if (plan.ok) hits += rollShot(w, t, u, plan, 'gives defensive fire at');
  for (const g of w.battle.units) {
    if (g.side !== t.side || g.troopType !== 'light-artillery' || us(w.rs, g.id).defensiveFireUsed) continue;
    const gs = us(w.rs, g.id);
    if (gs.movedLastTurn || gs.firedGrapeLastTurn || gs.moved) continue;
    if (unitDistance(g.stands, t.stands) > inMm(BATTALION_GUNS_IN) + 1e-6) continue;
    const gp = planShot(ctx, g, u, 'rof', { defensive: true, half: true });
    if (!gp.ok) continue;
    setUs(w, g.id, { defensiveFireUsed: true });
    hits += rollShot(w, g, u, gp, 'adds defensive fire (½ ROF) at');
  }
  offerHits(w, { owner: u.side, target: u.id, hits, save: 'shooting', cause: t.id, rule: `${ASSAULT_RULE}: Conduct Defensive Fire`, then: { kind: 'defensive' } }, done.includes(u.side));
}

/** BT Attacks per Stand: the stand's attacks by what it is. */
export function attacksOf(tables: BtTables, u: Unit, standId: string): number {
  const a = tables.attacks;
  if (standId === u.commandStandId && armOf(u) === 'infantry') return a.battalionCO;
  switch (u.troopType) {
    case 'grenadiers': return a.grenadiers;
    case 'light-infantry': return a.lightInfantry;
    case 'light-cavalry': return a.lightCavalry;
    case 'medium-cavalry': return a.mediumCavalry;
    case 'heavy-cavalry': return a.heavyCavalry;
    case 'line-infantry': return a.lineInfantry;
    default: return a.artillery;
  }
}

/** The modifiers to `by`'s attack dice against `at` (BT Wedge; BT Lances), charging or countering. */
export function combatModifiers(by: Unit, at: Unit, charging: boolean): Modifier[] {
  const mods: Modifier[] = [];
  if (charging && armOf(by) === 'cavalry' && by.formation === 'wedge') mods.push({ label: 'Cavalry assaulting in wedge', value: WEDGE_TO_HIT, rule: 'BT Wedge' });
  if (charging && flag(by, 'lances') && armOf(at) === 'cavalry') mods.push({ label: 'Lancers charging cavalry', value: LANCE_TO_HIT, rule: 'BT Lances' });
  return mods;
}

/** The stands of `by` that would fight `at` (BT Assault: "stands in base to base with an enemy"). */
export const engagedStands = (by: Unit, at: Unit) => by.stands.filter((s) => at.stands.some((t) => standsTouch(s, t)));

/** 6 Combat: the side's stands in base to base with the enemy roll their attacks, each a skill check to wound. */
function combat(w: W, by: Unit, at: Unit, charging: boolean, done: readonly string[]): void {
  const engaged = engagedStands(by, at);
  const gens = attachedTo(w, by.id);
  let dice = engaged.reduce((n, s) => n + attacksOf(w.tables, by, s.id), 0);
  // An attached commander fights with the battalion (BT Attacks per Stand: Brigade CO 1; RULINGS.md).
  if (engaged.length > 0) dice += gens.length * w.tables.attacks.brigadeCO;
  const mods = combatModifiers(by, at, charging);
  let wounds = 0;
  if (dice > 0) {
    const q = qualityOf(by);
    const r = w.ctx.roll({
      dice: `${Math.min(60, dice)}d6` as '2d6', purpose: `${by.name} ${charging ? 'attacks' : 'counter attacks'} ${at.name}: ${engaged.length} stand${engaged.length === 1 ? '' : 's'} in contact${gens.length ? ` and ${gens.map((g) => g.name).join(', ')}` : ''}, ${dice} attack${dice === 1 ? '' : 's'}`,
      rule: `${ASSAULT_RULE}; ${ATTACKS_RULE}; ${SKILL_RULE}`, eachDie: true, modifiers: mods, target: { value: w.tables.skill[q], pass: 'atLeast', label: `${q} ${w.tables.skill[q]}+` }, subjects: [by.id, at.id],
      outcome: (v) => `${v.successes ?? 0} wound${v.successes === 1 ? '' : 's'}`,
    });
    wounds = r.successes ?? 0;
  } else w.ctx.emit({ type: 'NoStandsInContact', unit: by.id, rule: ASSAULT_RULE });
  const lances: HitsPending['lances'] = flag(by, 'lances') && charging ? 'noSaveInSquare' : flag(at, 'lances') && charging ? 'armourReduced' : undefined;
  offerHits(w, { owner: at.side, target: at.id, hits: wounds, save: 'armour', cause: by.id, rule: `${ASSAULT_RULE}: Defender takes away killed stands`, then: { kind: charging ? 'combat' : 'counter' }, ...(lances ? { lances } : {}) }, done.includes(at.side));
}

/** After the hits of an assault's step are saved and removed: the next step of the summary. */
export function afterAssaultHits(w: W, p: HitsPending, casualties: number): void {
  const a = w.rs.assault;
  if (!a) return;
  const u = unitIn(w, a.attacker);
  const t = unitIn(w, a.defender);
  const done = w.done;
  if (p.then.kind === 'defensive') {
    if (!u) { endAssault(w); return; }
    if (casualties > 0) {
      markHalf(w, u);
      if (!motivationCheck(w, u, { reason: `lost ${casualties} to defensive fire`, rule: ASSAULT_RULE, companiesLostToShooting: casualties, assault: true })) {
        failedMotivation(w, u, { kind: 'shooting', casualties, from: t ? centreOf(t) : u.stands[0]!.centre });
        endAssault(w);
        return;
      }
    }
    if (!t) { endAssault(w); return; }
    combat(w, u, t, true, done);
    return;
  }
  if (p.then.kind === 'combat') {
    if (!t) { w.ctx.emit({ type: 'Consolidated', unit: a.attacker, rule: `${ASSAULT_RULE}: "If enemy destroyed rules for breakthrough are used" (none given: RULINGS.md)` }); endAssault(w); return; }
    // 7 The defender "takes a motivation check, if passed the defender can choose to orderly retreat or counter attack".
    if (casualties > 0) {
      markHalf(w, t);
      if (!motivationCheck(w, t, { reason: `lost ${casualties} in combat`, rule: `${ASSAULT_RULE}; BT Motivation: after every round of combat`, assault: true })) {
        failedMotivation(w, t, { kind: 'general', from: u ? centreOf(u) : t.stands[0]!.centre });
        if (u) w.ctx.emit({ type: 'Consolidated', unit: u.id, rule: 'BT Motivation Special Rules: "attacking units can only consolidate"' });
        endAssault(w);
        return;
      }
    }
    if (!u) { endAssault(w); return; }
    const reaction: Pending = { kind: 'reaction', owner: t.side, defender: t.id, attacker: u.id };
    w.rs = { ...w.rs, pending: reaction };
    w.ctx.emit({ type: 'ReactionToChoose', side: t.side, unit: t.id, rule: ASSAULT_RULE });
    if (done.includes(t.side)) react(w, 'counter');
    return;
  }
  // After the counter attack: the charger's check, then "Both Battalions Retreat".
  if (u && casualties > 0) {
    markHalf(w, u);
    if (!motivationCheck(w, u, { reason: `lost ${casualties} to the counter attack`, rule: `${ASSAULT_RULE}; BT Motivation: after every round of combat`, assault: true })) {
      failedMotivation(w, u, { kind: 'general', from: t ? centreOf(t) : u.stands[0]!.centre });
      endAssault(w);
      return;
    }
  }
  bothRetreat(w);
  endAssault(w);
}

/** "Both Battalions Retreat": still in contact after the counter attack, each falls back the house distance from the other (RULINGS.md). */
function bothRetreat(w: W): void {
  const a = w.rs.assault!;
  const u = unitIn(w, a.attacker), t = unitIn(w, a.defender);
  if (!u || !t) return;
  const cu = centreOf(u), ct = centreOf(t);
  w.ctx.emit({ type: 'BothRetreat', units: [u.id, t.id], rule: 'BT Both Battalions Retreat' });
  if (u.formation !== 'square') fallBack(w, u.id, inMm(w.options.separationIn), ct, 'BT Both Battalions Retreat');
  if (t.formation !== 'square') fallBack(w, t.id, inMm(w.options.separationIn), cu, 'BT Both Battalions Retreat');
}

/** The defender's choice after passing its check: retreat in order (its full move) or counter attack ("Repeat 5 for Defender"). */
export function react(w: W, choice: 'retreat' | 'counter'): void {
  const p = w.rs.pending;
  if (!p || p.kind !== 'reaction') return;
  w.rs = { ...w.rs, pending: undefined };
  const t = unitIn(w, p.defender), u = unitIn(w, p.attacker);
  w.ctx.emit({ type: 'ReactionChosen', side: p.owner, unit: p.defender, choice, rule: ASSAULT_RULE });
  if (!t || !u) { endAssault(w); return; }
  if (choice === 'retreat') {
    fallBack(w, t.id, normalRateMm(w.tables, t), centreOf(u), `${ASSAULT_RULE}: orderly retreat`);
    w.ctx.emit({ type: 'Consolidated', unit: u.id, rule: 'BT Motivation Special Rules: "attacking units can only consolidate"' });
    endAssault(w);
    return;
  }
  combat(w, t, u, false, w.done);
}

type ReactCmd = { type: 'react'; side: string; choice: 'retreat' | 'counter' };
export const reactCommand = defineCommand<BtState, BtOptions, BtTables, ReactCmd>({
  describe: 'After passing its motivation check, the assaulted battalion retreats in order or counter attacks (BT Assault Phase Summery).',
  schema: z.object({ type: z.literal('react'), side: z.string(), choice: z.enum(['retreat', 'counter']) }).strict(),
  handle(s: S, c, ctx) {
    const p = s.ruleset.pending;
    if (!p || p.kind !== 'reaction') return reject('no-reaction', 'No assaulted battalion is waiting to react.', ASSAULT_RULE);
    if (p.owner !== c.side) return reject('not-yours', 'The assaulted side chooses.', ASSAULT_RULE);
    const w = work(s, ctx);
    react(w, c.choice);
    return finishWork(w);
  },
});


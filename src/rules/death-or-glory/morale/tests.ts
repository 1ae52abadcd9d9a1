/**
 * DoG MORALE, Charge Reaction Test, rally and CONTROL tests: one d10 read in tens (0 as 10 =
 * 100%: shared/rules/README.md and the issue's reading), the unit's morale factor in tens, every
 * modifier in percent (logged in tens of percent: -5% is -0.5). Commander ratings count in tens
 * of percent (RULINGS.md).
 */
import type { Unit } from '../../../engine/model';
import type { Modifier } from '../../../engine/ruleset';
import { unitIn } from '../../../engine/workingState';
import type { W } from '../state';
import { us, rowOf, isVeteran, isConscript, isSecondLine, isBritish, lostShare, MEN_PER_FIGURE } from '../state';
import { MORALE_MODIFIERS as MM, MORALE_RULE, REACTION_MODIFIERS as RM, REACTION_RULE, RALLY_MODIFIERS as LM, RALLY_RULE, CONTROL_MODIFIERS as CM, CONTROL_RULE, controlResult, type ControlResult } from '../tables';
import { commanderNear, gapMm } from '../geo';
import { exposureOf, secureFlanks, restsOn, supportedBy } from '../melee/faces';
import { othersLines } from './conduct';

export type MoraleOutcome = 'holds' | 'shaken' | 'breaks';
const COMMANDER_MM = 150;

const pct = (label: string, value: number, rule: string): Modifier => ({ label, value: value / 10, rule, appliesTo: 'target' });

/** Modifiers every morale test takes from the unit's own state (DoG MORALE MODIFIERS). */
function standingModifiers(w: W, u: Unit): Modifier[] {
  const st = us(w.rs, u.id);
  const out: Modifier[] = [];
  const tenths = Math.floor(lostShare(w.rs, u) * 10 + 1e-9);
  if (tenths > 0) out.push(pct(`${MM.perTenPctLost.label} (${tenths * 10}%)`, MM.perTenPctLost.value * tenths, MORALE_RULE));
  const thisMove = Math.floor((st.lostThisTurn / (st.startFigures * MEN_PER_FIGURE)) * 10 + 1e-9);
  if (thisMove > 0) out.push(pct(`${MM.perTenPctThisMove.label} (${thisMove * 10}%)`, MM.perTenPctThisMove.value * thisMove, MORALE_RULE));
  if (st.order === 'unformed' || st.morale === 'retreating') out.push(pct(MM.unformed.label, MM.unformed.value, MORALE_RULE));
  if (st.order === 'disordered') out.push(pct(MM.disordered.label, MM.disordered.value, MORALE_RULE));
  if (st.fatigue === 1) out.push(pct(MM.tired.label, MM.tired.value, MORALE_RULE));
  if (st.fatigue >= 2) out.push(pct(MM.exhausted.label, MM.exhausted.value, MORALE_RULE));
  if (isConscript(w.tables, u)) out.push(pct(MM.conscript.label, MM.conscript.value, MORALE_RULE));
  if (isVeteran(u)) out.push(pct(MM.veteran.label, MM.veteran.value, MORALE_RULE));
  // Flanks and rear, measured through the geometry (melee/faces.ts; RULINGS.md).
  const ex = exposureOf(w, u);
  for (const f of ex.flanks) out.push(pct(`${MM.flankThreatened.label} (${f.face}: ${w.battle.units.find((x) => x.id === f.by)?.name ?? f.by})`, MM.flankThreatened.value, MORALE_RULE));
  if (ex.rear) out.push(pct(`${MM.rearAttack.label} (${w.battle.units.find((x) => x.id === ex.rear)?.name ?? ex.rear})`, MM.rearAttack.value, MORALE_RULE));
  if (secureFlanks(w, u, ex)) out.push(pct(`${MM.secureFlanks.label} (${restsOn(w, u, 'left')}; ${restsOn(w, u, 'right')})`, MM.secureFlanks.value, MORALE_RULE));
  const sup = supportedBy(w, u);
  if (sup) out.push(pct(`${MM.supported.label}: ${sup.name}`, MM.supported.value, MORALE_RULE));
  const routers = w.battle.units.filter((f) => f.side === u.side && f.id !== u.id && us(w.rs, f.id).morale === 'routing' && gapMm(f, u) <= 150).length;
  if (routers > 0) out.push(pct(`${MM.routingNear.label} (${routers})`, MM.routingNear.value * routers, MORALE_RULE));
  return out;
}

export interface MoraleCall {
  readonly reason: string;
  readonly rule?: string;
  /** Situational modifiers (charged by cavalry, in cover, charging cavalry, flanks…), percent. */
  readonly extra?: readonly { readonly label: string; readonly value: number }[];
}

/**
 * DoG MORALE How?: "if the result is lower than unit's morale factor … does not break; if result
 * equals … shaken; if result exceeds … breaks".
 */
export function moraleTest(w: W, u: Unit, call: MoraleCall): MoraleOutcome {
  const row = rowOf(w.tables, u);
  const mods = standingModifiers(w, u);
  for (const e of call.extra ?? []) mods.push(pct(e.label, e.value, MORALE_RULE));
  const cmd = commanderNear(w.battle, w.rs, u, COMMANDER_MM);
  if (cmd && cmd.rating !== 0) mods.push(pct(`commander's rating: ${cmd.general.name} (${cmd.rating})`, cmd.rating * 10, 'DoG MORALE How? ("commander\'s command rating")'));
  let outcome: MoraleOutcome = 'holds';
  w.ctx.roll({
    dice: 'd10', purpose: `${u.name}: morale test, ${call.reason}`, rule: call.rule ?? 'DoG MORALE', subjects: [u.id],
    target: { value: row.morale, pass: 'below', label: `morale factor ${row.morale * 10}%` }, modifiers: mods,
    outcome: (r) => {
      const t = r.target!;
      outcome = r.total < t - 1e-9 ? 'holds' : Math.abs(r.total - t) < 1e-9 ? 'shaken' : 'breaks';
      return `${r.total * 10}% against ${Math.round(t * 100) / 10}%: ${outcome === 'holds' ? 'holds' : outcome === 'shaken' ? 'shaken (equal)' : 'breaks'}`;
    },
  });
  return outcome;
}

export type ReactionOutcome = 'stands' | 'ragged' | 'evades';

/**
 * DoG Charge Reaction Test: "Modified result must equal to or be less than unit's morale factor.
 * Treat a roll of 0 as 10." Failing by 10%: a ragged volley and retire 50 m; by 20% or more:
 * about turn and evade, disordered (a retreat).
 */
export function reactionTest(w: W, u: Unit, charger: Unit, changingFormation: boolean): ReactionOutcome {
  const row = rowOf(w.tables, u);
  const mods = reactionModifiers(w, u, charger, changingFormation);
  let outcome: ReactionOutcome = 'stands';
  w.ctx.roll({
    dice: 'd10', purpose: `${u.name}: charge reaction test against ${charger.name}`, rule: REACTION_RULE, subjects: [u.id, charger.id],
    target: { value: row.morale, pass: 'atMost', label: `morale factor ${row.morale * 10}%` }, modifiers: mods,
    outcome: (r) => {
      const by = Math.round((r.total - r.target!) * 10);
      outcome = reactionOutcome(by);
      return outcome === 'stands' ? `${r.total * 10}%: stands` : outcome === 'ragged' ? `${r.total * 10}%: fails by ${by}% — a ragged volley (1/4) and retires 50 m` : `${r.total * 10}%: fails by ${by}% — about turns and evades, disordered`;
    },
  });
  return outcome;
}

/** By how many percent the roll missed the unit's chance (0 or less: it stands). */
const reactionOutcome = (byPct: number): ReactionOutcome => (byPct <= 0 ? 'stands' : byPct <= 10 ? 'ragged' : 'evades');

/**
 * DoG Charge Reaction Test, Modifiers: the changes to the unit's chance (in tenths, on its morale
 * factor). The one list: the test rolls with it and the AI weighs standing against it.
 */
export function reactionModifiers(w: Pick<W, 'battle' | 'rs' | 'tables'>, u: Unit, charger: Unit, changingFormation: boolean): Modifier[] {
  const st = us(w.rs, u.id);
  const mods: Modifier[] = [];
  const cmd = commanderNear(w.battle, w.rs, u, COMMANDER_MM);
  if (cmd && cmd.rating !== 0) mods.push(pct(`commander present: ${cmd.general.name} (${cmd.rating})`, cmd.rating * 10, REACTION_RULE));
  if (isBritish(w.tables, u)) mods.push(pct(RM.british.label, RM.british.value, REACTION_RULE));
  if (isVeteran(u)) mods.push(pct(RM.veteran.label, RM.veteran.value, REACTION_RULE));
  if (isConscript(w.tables, u)) mods.push(pct(RM.conscript.label, RM.conscript.value, REACTION_RULE));
  const cTags = rowOf(w.tables, charger).tags;
  if (u.arm === 'infantry' && charger.arm === 'cavalry') {
    if (cTags.includes('lancer')) mods.push(pct(RM.lancers.label, RM.lancers.value, REACTION_RULE));
    if (cTags.includes('cuirassier')) mods.push(pct(RM.cuirassiers.label, RM.cuirassiers.value, REACTION_RULE));
    if (u.formation === 'line') mods.push(pct(RM.lineVsCav.label, RM.lineVsCav.value, REACTION_RULE));
    if (changingFormation) mods.push(pct(RM.changingFormation.label, RM.changingFormation.value, REACTION_RULE));
  }
  if (st.order === 'unformed') mods.push(pct(RM.unformed.label, RM.unformed.value, REACTION_RULE));
  if (st.order === 'disordered') mods.push(pct(RM.disordered.label, RM.disordered.value, REACTION_RULE));
  if (st.fatigue === 1) mods.push(pct(RM.tired.label, RM.tired.value, REACTION_RULE));
  if (st.fatigue >= 2) mods.push(pct(RM.exhausted.label, RM.exhausted.value, REACTION_RULE));
  return mods;
}

/** The chance of each outcome of the test over the ten faces of the d10 ("Treat a roll of 0 as 10"). */
export function reactionChances(w: Pick<W, 'battle' | 'rs' | 'tables'>, u: Unit, charger: Unit, changingFormation: boolean): Readonly<Record<ReactionOutcome, number>> {
  const target = rowOf(w.tables, u).morale + reactionModifiers(w, u, charger, changingFormation).reduce((a, m) => a + m.value, 0);
  const out: Record<ReactionOutcome, number> = { stands: 0, ragged: 0, evades: 0 };
  for (let face = 1; face <= 10; face++) out[reactionOutcome(Math.round((face - target) * 10))] += 0.1;
  return out;
}

export interface RallyCall { readonly underFire: boolean; readonly cavalryNear: boolean }

/** DoG Routing troops attempt to rally: "Modified result must equal or be less than unit's morale rating" (the modifiers read as changes to the chance: RULINGS.md). */
export function rallyTest(w: W, u: Unit, call: RallyCall): boolean {
  const row = rowOf(w.tables, u);
  const st = us(w.rs, u.id);
  const mods: Modifier[] = [];
  const cmd = commanderNear(w.battle, w.rs, u, 50, { ownChain: true }); // "Commander must be from the same parent unit"
  if (cmd && cmd.rating !== 0) mods.push(pct(`commander rallying: ${cmd.general.name} (${cmd.rating})`, cmd.rating * 10, RALLY_RULE));
  if (isVeteran(u)) mods.push(pct(LM.veteran.label, LM.veteran.value, RALLY_RULE));
  if (isSecondLine(u)) mods.push(pct(LM.secondLine.label, LM.secondLine.value, RALLY_RULE));
  if (isConscript(w.tables, u)) mods.push(pct(LM.conscript.label, LM.conscript.value, RALLY_RULE));
  if (call.underFire) mods.push(pct(LM.underFire.label, LM.underFire.value, RALLY_RULE));
  if (call.cavalryNear) mods.push(pct(LM.cavalryNear.label, LM.cavalryNear.value, RALLY_RULE));
  const fifths = Math.floor(lostShare(w.rs, u) * 5 + 1e-9);
  if (fifths > 0) mods.push(pct(`${LM.perTwentyPctLost.label} (${fifths * 20}%)`, LM.perTwentyPctLost.value * fifths, RALLY_RULE));
  if (st.routTurns <= 1) mods.push(pct(LM.inFlight.label, LM.inFlight.value, RALLY_RULE));
  const r = w.ctx.roll({ dice: 'd10', purpose: `${u.name}: rally`, rule: RALLY_RULE, subjects: [u.id], target: { value: row.morale, pass: 'atMost', label: `morale rating ${row.morale * 10}%` }, modifiers: mods, outcome: (v) => (v.passed ? `${v.total * 10}%: rallies (disordered)` : `${v.total * 10}%: still routing`) });
  return r.passed === true;
}

export interface ControlCall {
  readonly reason: string;
  /** Lines the caller reads itself: the result of the enemy it beat, the charge's target standing. */
  readonly extra?: readonly (keyof typeof CM)[];
  /** The enemies `extra` speaks of: left out of the scan of other troops (morale/conduct.ts). */
  readonly enemies?: readonly string[];
}

/**
 * DoG CONTROL How?: a d10 (1..10), plus the unit's control factor, plus the situation; a senior
 * officer present (within 150 m) and a veteran unit's ±1 pull the result toward "follows orders"
 * (RULINGS.md).
 */
export function controlTest(w: W, u0: Unit, call: ControlCall): ControlResult {
  const u = unitIn(w, u0.id) ?? u0;
  const row = rowOf(w.tables, u);
  const mods: Modifier[] = [{ label: `control factor (${row.name})`, value: row.control, rule: 'DoG Nationality Tables' }];
  // The state of other troops (morale/conduct.ts): each line once, whether the caller or the scan finds it.
  const named = (call.enemies ?? []).map((id) => w.battle.units.find((x) => x.id === id)?.name ?? id);
  const lines = new Map<keyof typeof CM, string[]>((call.extra ?? []).map((k) => [k, [...named]]));
  for (const l of othersLines({ battle: w.battle, rs: w.rs, turn: w.turn }, u, call.enemies ?? [])) lines.set(l.key, [...(lines.get(l.key) ?? []), ...l.who]);
  for (const [k, who] of lines) mods.push({ label: `${CM[k].label}${who.length ? ` (${who.slice(0, 3).join(', ')}${who.length > 3 ? ` and ${who.length - 3} more` : ''})` : ''}`, value: CM[k].value, rule: CONTROL_RULE });
  const st = us(w.rs, u.id);
  const wins = st.meleeWins.filter((t) => t > w.turn - 4).length;
  if (wins > 0) mods.push({ label: `${CM.meleeWon.label} (${wins})`, value: wins, rule: CONTROL_RULE });
  const pre = mods.reduce((a, m) => a + m.value, 0);
  // The pull toward 8-10 is worked out against the die as rolled: the roll's outcome reads it.
  const cmd = commanderNear(w.battle, w.rs, u, 150);
  let result: ControlResult = 'orders';
  w.ctx.roll({
    dice: 'd10', purpose: `${u.name}: control test, ${call.reason}`, rule: CONTROL_RULE, subjects: [u.id], modifiers: mods,
    outcome: (r) => {
      let t = r.total + pre;
      const pulls: string[] = [];
      const pull = (by: number, who: string) => { if (by <= 0) return; const before = t; if (t > 10) t = Math.max(10, t - by); else if (t < 8) t = Math.min(8, t + by); if (t !== before) pulls.push(`${who} ${t > before ? '+' : ''}${t - before}`); };
      if (isVeteran(u)) pull(CM.veteran.value, 'veteran');
      if (cmd) pull(cmd.rating, `${cmd.general.name}`);
      const res = controlResult(t);
      result = res.result;
      return `${t}${pulls.length ? ` (${pulls.join(', ')})` : ''}: ${res.text}`;
    },
  });
  return result;
}

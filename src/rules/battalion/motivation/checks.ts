/**
 * BT Motivation: the motivation check (a d6 plus the Motivation table's modifiers against the
 * house base target, options.motivationTarget) and the skill check (BT Skill check table), with
 * the re-rolls commanders give (BT Army Commanders).
 */
import type { Unit } from '../../../engine/model';
import type { Modifier } from '../../../engine/ruleset';
import type { W } from '../state';
import { us, armOf, underHalf, fullStrength, inMm, qualityOf } from '../state';
import { MOTIVATION_TABLE_RULE, MOTIVATION_RULE, NEARBY_IN, ROCKET_MORALE, SKILL_RULE } from '../tables';
import { inContact, inDefensivePosition } from '../geo';
import { unitDistance } from '../../../geometry/measure';
import { brigadeCommanderNear, commanderDead, motivationReroll, skillReroll } from '../special/commanders';

export interface MotivationContext {
  /** Why the check is taken, for the log ('suffered casualties from shooting'). */
  readonly reason: string;
  readonly rule: string;
  /** Companies lost from the shooting that called for the check ("Per company lost from shooting after the first"). */
  readonly companiesLostToShooting?: number;
  /** The check is part of an assault (BT Rocket Battery: its -1 is "Not including assault"). */
  readonly assault?: boolean;
}

/** The Motivation table's modifiers that apply to `u` now, each with its row (read from the table, so a player program can weigh a check too). */
export function motivationModifiers(w: Pick<W, 'battle' | 'rs' | 'tables' | 'turn'>, u: Unit, c: MotivationContext): Modifier[] {
  const t = w.tables.motivation;
  const out: Modifier[] = [];
  const add = (row: keyof typeof t, times = 1) => { if (times > 0) out.push({ label: times > 1 ? `${t[row].label} ×${times}` : t[row].label, value: t[row].value * times, rule: MOTIVATION_TABLE_RULE }); };
  const st = us(w.rs, u.id);
  if (underHalf(w.rs, u)) add('below50');
  if (st.disorientated) add('disorientated');
  if (commanderDead(w, u)) add('commanderDead');
  const near = (x: Unit) => unitDistance(x.stands, u.stands) <= inMm(NEARBY_IN);
  add('largerEnemy', w.battle.units.filter((e) => e.side !== u.side && e.stands.length > u.stands.length && near(e)).length);
  if (w.battle.units.filter((e) => e.side !== u.side && inContact(e, u)).length > 1) add('multipleCombat');
  if ((c.companiesLostToShooting ?? 0) > 1) add('perCompanyLost', (c.companiesLostToShooting ?? 0) - 1);
  if (brigadeCommanderNear(w, u)) add('brigadeCommanderNear');
  if (w.battle.units.some((f) => f.side === u.side && f.id !== u.id && armOf(f) === armOf(u) && f.stands.length > u.stands.length && near(f))) add('largerFriend');
  if (inDefensivePosition(w.battle, u)) add('defensivePosition');
  if (fullStrength(w.rs, u)) add('fullStrength');
  if (!c.assault && st.rocketTurn === w.turn) out.push({ label: 'Took casualties from rockets this turn', value: ROCKET_MORALE, rule: 'BT Rocket Battery' });
  return out;
}

/** Roll a motivation check for `u`; a failure is re-rolled once where a commander allows it. True when passed. */
export function motivationCheck(w: W, u: Unit, c: MotivationContext): boolean {
  const mods = motivationModifiers(w, u, c);
  const spec = (again: string | undefined) => ({
    dice: 'd6' as const,
    purpose: `${u.name}: motivation check — ${c.reason}${again ? ` (re-roll: ${again})` : ''}`,
    rule: `${c.rule}; ${MOTIVATION_RULE}`,
    modifiers: mods,
    target: { value: w.options.motivationTarget, pass: 'atLeast' as const, label: `Motivation ${w.options.motivationTarget}+ (house value)` },
    subjects: [u.id],
  });
  const r = w.ctx.roll(spec(undefined));
  if (r.passed) return true;
  const again = motivationReroll(w, u);
  if (!again) return false;
  return w.ctx.roll(spec(again)).passed === true;
}

/** BT Skill check table: a d6 against the unit's quality; re-rolled once with the General attached. */
export function skillCheck(w: W, u: Unit, purpose: string, rule: string): boolean {
  const q = qualityOf(u);
  const need = w.tables.skill[q];
  const spec = (again: string | undefined) => ({ dice: 'd6' as const, purpose: `${u.name}: skill check — ${purpose}${again ? ` (re-roll: ${again})` : ''}`, rule: `${rule}; ${SKILL_RULE}`, target: { value: need, pass: 'atLeast' as const, label: `${q} ${need}+` }, subjects: [u.id] });
  if (w.ctx.roll(spec(undefined)).passed) return true;
  const again = skillReroll(w, u);
  return again !== undefined && w.ctx.roll(spec(again)).passed === true;
}

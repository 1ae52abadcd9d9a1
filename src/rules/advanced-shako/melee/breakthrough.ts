/**
 * Breakthrough charges. The amendments take the base book's Breakthrough for granted and bound it:
 *   - cavalry victorious in a melee are entitled to one (AS 8.2 clarification: "are entitled to a
 *     Breakthrough"; AS 11.4 British cavalry control: "After a victorious melee");
 *   - breaking a unit in Fallback is no melee and gives none (AS 11.2.5 Dispersing units);
 *   - cavalry whose target's crews withdrew to a square may not make one (AS 8.5 and 11.0);
 *   - a hasty square that survived its melee forms "at the end of the melee phase (but before
 *     Breakthrough charges)" (AS 8.2 rule change): Breakthroughs come last in the melee phase;
 *   - a Breakthrough "precludes a recall until the following turn" (AS 11.4): its melee is fought at
 *     once, with no pre-melee recall;
 *   - British cavalry (not KGL) must pass a D6 of their MR or more (+1 within command radius) or be
 *     forced into one at an eligible target; with no Formed target, the rule is ignored (AS 11.4).
 * The charge itself goes through the geometry's reach and movement core (`chargeReach`), with the
 * cavalry's 18" reach (established). Readings in RULINGS.md: only the charging cavalry that won are
 * entitled; the target must be Formed; a Breakthrough's winner gets no further Breakthrough.
 */
import { z } from 'zod';
import { defineCommand, reject, type Change, type Modifier, type Rejection } from '../../../engine/ruleset';
import { finishWork, setStands, unitIn } from '../../../engine/workingState';
import type { Unit } from '../../../engine/model';
import { unitDistance } from '../../../geometry/measure';
import type { ShOptions } from '../options';
import type { ShTables } from '../tables';
import type { S, ShState, W } from '../state';
import { armOf, isBritish, isFormed, mmIn, nationOf, setUs, us, work } from '../state';
import { mrTest } from '../morale/tests';
import { chargeReach } from '../movement/commands';
import { withPoses } from '../movement/moves';
import { chargeContact } from '../movement/charges';
import { fightMelee, formFailedHastySquares, inCommandRadius } from './melee';

export const BREAKTHROUGH_RULE = 'SHAKO Breakthrough charges (as the amendments bound them: AS 8.2, 8.5, 11.2.5, 11.4)';
export const BRITISH_CAV_RULE = 'AS 11.4 British cavalry control';

type Seen = { battle: S['battle']; ruleset: ShState; tables: ShTables; position: S['position'] };

/** Is `u` entitled to a Breakthrough now (victorious charging cavalry this turn, not yet used)? */
export const entitled = (s: { ruleset: ShState; position: S['position'] }, u: Unit): boolean => armOf(u) === 'cavalry' && us(s.ruleset, u.id).breakthrough === s.position.turn && us(s.ruleset, u.id).fallback === undefined;

/** Why `u` may not make a Breakthrough at `t`, or undefined. */
export function breakthroughProblem(s: Seen, u: Unit, t: Unit): string | undefined {
  if (!entitled(s, u)) return `${u.name} is not entitled to a Breakthrough: only cavalry that won a melee this turn (not by dispersing a unit in Fallback, AS 11.2.5, nor against guns whose crews withdrew, AS 8.5).`;
  if (t.side === u.side) return 'Charge an enemy unit.';
  if (!isFormed(s.ruleset, t)) return `${t.name} is not a Formed unit.`;
  if (us(s.ruleset, t.id).abandoned) return `${t.name}'s guns are abandoned: no unit to charge.`;
  return undefined;
}

/** Formed enemies `u` can reach for a Breakthrough, nearest first. */
export function breakthroughTargets(s: Seen, u: Unit): { t: Unit; stands: NonNullable<Extract<ReturnType<typeof chargeReach>, { ok: true }>['stands']>; distanceIn: number }[] {
  const out: { t: Unit; stands: Extract<ReturnType<typeof chargeReach>, { ok: true }>['stands']; distanceIn: number }[] = [];
  const cands = s.battle.units.filter((t) => t.side !== u.side && !breakthroughProblem(s, u, t) && mmIn(unitDistance(u.stands, t.stands)) <= s.tables.reach.chargeCavalryIn + 0.5)
    .sort((a, b) => unitDistance(u.stands, a.stands) - unitDistance(u.stands, b.stands));
  for (const t of cands) {
    const r = chargeReach(s, u, t, s.tables.reach.chargeCavalryIn);
    if (r.ok) out.push({ t, stands: r.stands, distanceIn: r.distanceIn });
  }
  return out;
}

/** Make the Breakthrough on the draft: move into contact through the core, then fight at once. */
function breakThrough(w: W, cavId: string, targetId: string, forced: boolean): void {
  const cav = unitIn(w, cavId), t = unitIn(w, targetId);
  if (!cav || !t) return;
  const r = chargeReach(w, cav, t, w.tables.reach.chargeCavalryIn);
  if (!r.ok) return;
  const fromIn = mmIn(unitDistance(cav.stands, t.stands));
  setStands(w, cavId, withPoses(cav.stands, r.stands));
  // turn -1 marks a Breakthrough: no pre-melee recall (11.4) and no further Breakthrough from it. It charges as a fresh charge (house: not Blown until it has fought).
  setUs(w, cavId, { charge: { target: targetId, fromIn, turn: -1 }, blown: undefined, breakthrough: undefined });
  w.ctx.emit({ type: 'Breakthrough', unit: cavId, target: targetId, forced, distanceIn: r.distanceIn, rule: forced ? BRITISH_CAV_RULE : BREAKTHROUGH_RULE });
  chargeContact(w, cavId, targetId, fromIn);
  if (us(w.rs, cavId).charge) fightMelee(w, cavId, targetId);
  formFailedHastySquares(w);
  if (unitIn(w, cavId)) setUs(w, cavId, { charge: undefined, ...(us(w.rs, cavId).fallback === undefined ? { blown: w.turn } : {}) });
}

/** 11.4 British cavalry control, for each entitled British regiment: pass, or a forced Breakthrough at the nearest Formed target in reach. */
export function britishControl(w: W): void {
  const seen: Seen = { battle: w.battle, ruleset: w.rs, tables: w.tables, position: { turn: w.turn } as S['position'] };
  for (const cav0 of [...w.battle.units]) {
    const cav = unitIn(w, cav0.id);
    if (!cav || !isBritish(cav, nationOf(w.battle, cav))) continue;
    const s = { ...seen, battle: w.battle, ruleset: w.rs };
    if (!entitled(s, cav)) continue;
    const targets = breakthroughTargets(s, cav);
    if (targets.length === 0) continue; // "If no Formed target is available, ignore this rule."
    const mods: Modifier[] = inCommandRadius(w.battle, w.rs, w.tables, cav) ? [{ label: 'within command radius', value: w.tables.tests.britishCavalryControl.inCommandRadius, rule: BRITISH_CAV_RULE }] : [];
    if (mrTest(w, cav, 'British cavalry control', BRITISH_CAV_RULE, mods, { atLeast: true })) continue;
    breakThrough(w, cav.id, targets[0]!.t.id, true);
  }
}

type BtCmd = { type: 'breakthrough'; side: string; unit: string; target: string };
export const breakthrough = defineCommand<ShState, ShOptions, ShTables, BtCmd>({
  describe: 'Victorious cavalry make a Breakthrough charge at a Formed enemy within 18"; the melee is fought at once.',
  schema: z.object({ type: z.literal('breakthrough'), side: z.string(), unit: z.string(), target: z.string() }).strict(),
  handle(s: S, c, ctx): Change<ShState> | Rejection {
    const u = s.battle.units.find((x) => x.id === c.unit);
    if (!u || u.side !== c.side) return reject('not-yours', 'Choose your own cavalry.', BREAKTHROUGH_RULE);
    const t = s.battle.units.find((x) => x.id === c.target);
    if (!t) return reject('no-target', 'Choose an enemy unit.', BREAKTHROUGH_RULE);
    const bad = breakthroughProblem(s, u, t);
    if (bad) return reject('no-breakthrough', bad, BREAKTHROUGH_RULE);
    const r = chargeReach(s, u, t, s.tables.reach.chargeCavalryIn);
    if (!r.ok) return reject('out-of-reach', r.reason, BREAKTHROUGH_RULE);
    const w = work(s, ctx);
    breakThrough(w, u.id, t.id, false);
    return finishWork(w);
  },
});

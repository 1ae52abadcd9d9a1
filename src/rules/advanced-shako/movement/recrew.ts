/**
 * AS 8.5 and 11.0 Artillery crews: "To re-crew the guns takes a turn of movement." Crews that
 * withdrew to a square return to their own guns (never other troops': "Abandoned guns may not be
 * crewed by other troops, friend or foe") in their division's movement step, using the battery's
 * whole move. House reading (RULINGS.md): not with an enemy unit in contact with the guns, and not in
 * the turn the crews withdrew (the withdrawal is made in the melee phase, after movement).
 */
import { z } from 'zod';
import { defineCommand, reject, type Change, type Rejection } from '../../../engine/ruleset';
import { finishWork } from '../../../engine/workingState';
import type { Unit } from '../../../engine/model';
import type { ShOptions } from '../options';
import type { ShTables } from '../tables';
import type { S, ShState } from '../state';
import { divisionOf, setUs, us, work } from '../state';
import { inContact } from '../geo';
import { movingDivisions } from './commands';

export const RECREW_RULE = 'AS 8.5 and 11.0 Artillery crews: re-crewing the guns';

/** Why `u`'s crews may not re-crew their guns now, or undefined. */
export function recrewProblem(s: { battle: S['battle']; ruleset: ShState; position: S['position'] }, u: Unit | undefined, side: string): string | undefined {
  if (!u || u.side !== side) return 'Choose one of your own batteries.';
  const st = us(s.ruleset, u.id);
  if (!st.abandoned) return `${u.name}'s guns are crewed.`;
  const d = divisionOf(s.ruleset, u.id);
  if (!d || !movingDivisions(s).includes(d)) return `${u.name}'s division does not move now: re-crewing takes a turn of movement.`;
  if (!s.battle.units.some((q) => q.id === st.abandoned!.square)) return `The square sheltering ${u.name}'s crews is gone.`;
  const foe = s.battle.units.find((e) => e.side !== u.side && inContact(e, u));
  if (foe) return `${foe.name} is in contact with the guns (house reading).`;
  return undefined;
}

type RecrewCmd = { type: 'recrew'; side: string; unit: string };
export const recrew = defineCommand<ShState, ShOptions, ShTables, RecrewCmd>({
  describe: 'Crews that withdrew to a square return to their guns, using the battery\'s movement for the turn (8.5 and 11.0).',
  schema: z.object({ type: z.literal('recrew'), side: z.string(), unit: z.string() }).strict(),
  handle(s: S, c, ctx): Change<ShState> | Rejection {
    const u = s.battle.units.find((x) => x.id === c.unit);
    const bad = recrewProblem(s, u, c.side);
    if (bad) return reject('no-recrew', bad, RECREW_RULE);
    const w = work(s, ctx);
    setUs(w, u!.id, { abandoned: undefined, moved: true, movedMm: 1e6 });
    return finishWork(w, [{ type: 'GunsRecrewed', unit: u!.id, rule: RECREW_RULE }]);
  },
});

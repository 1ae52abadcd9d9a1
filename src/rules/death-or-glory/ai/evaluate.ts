/**
 * Evaluation of a side's view (RulesetModule.ai.evaluate), higher better for `side`: men left
 * (own share minus the enemy's), spirit (routing units count nothing, disordered half), how near
 * each army is to breaking (the share of its figures routing or gone, which ends the battle at
 * `armyBreakPct`: HOUSE victory), ground (engine ground.ts); weighted 3 : 2 : 4 : 1. An army
 * broken is ±100.
 */
import { groundHeld } from '../../../engine/ground';
import type { SeenGame } from '../../../engine/ruleset';
import type { DogOptions } from '../options';
import type { DogTables } from '../tables';
import type { DogState } from '../state';
import { menLostShare, brokenShare } from '../victory';
import { otherOf } from '../state';

export function dogEvaluate(view: SeenGame<DogState, DogOptions, DogTables>, side: string): number {
  if (view.ruleset.broken) return view.ruleset.broken === side ? -100 : 100;
  const other = otherOf(view.battle, side);
  const spirit = (s: string) => {
    const us = view.battle.units.filter((u) => u.side === s);
    if (us.length === 0) return 0;
    return us.reduce((a, u) => { const st = view.ruleset.units[u.id]; return a + (!st || st.morale === 'routing' ? 0 : st.order === 'disordered' ? 0.5 : 1); }, 0) / us.length;
  };
  const material = (1 - menLostShare(view.battle, view.ruleset, side)) - (1 - menLostShare(view.battle, view.ruleset, other));
  const breaking = brokenShare(view.battle, view.ruleset, other) - brokenShare(view.battle, view.ruleset, side);
  return 3 * material + 2 * (spirit(side) - spirit(other)) + 4 * breaking + (2 * groundHeld(view.battle, side) - 1);
}

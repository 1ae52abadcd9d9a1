/**
 * Determinisation (RulesetModule.ai.determinise). The battalion rules hide nothing: every unit,
 * marker and pending choice is on the open table, so a side's view is the whole state and there
 * is nothing to fill in.
 */
import type { SeenGame } from '../../../engine/ruleset';
import type { Battle } from '../../../engine/state';
import type { BtOptions } from '../options';
import type { BtTables } from '../tables';
import type { BtState } from '../state';

export function btDeterminise(view: SeenGame<BtState, BtOptions, BtTables>): { battle: Battle; ruleset: BtState } {
  return { battle: view.battle, ruleset: view.ruleset };
}

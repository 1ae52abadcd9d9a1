/**
 * Determinisation (RulesetModule.ai.determinise): the only hidden thing is the orders an enemy ADC
 * carries (sealed in the view); a look-ahead assumes they repeat the division's present orders.
 */
import type { SeenGame } from '../../../engine/ruleset';
import type { Battle } from '../../../engine/state';
import type { ShOptions } from '../options';
import type { ShTables } from '../tables';
import type { ShState } from '../state';

export function shDeterminise(view: SeenGame<ShState, ShOptions, ShTables>): { battle: Battle; ruleset: ShState } {
  const adcs = view.ruleset.adcs.map((a) => (a.orders === 'sealed' ? { ...a, orders: view.ruleset.divisions[a.division]?.orders ?? 'defend' } : a));
  return { battle: view.battle, ruleset: { ...view.ruleset, adcs } };
}

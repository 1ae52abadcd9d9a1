/**
 * Determinisation (RulesetModule.ai.determinise): the other side's written orders and what its
 * messengers carry are hidden; fill them plausibly — every brigade of the other side attacks and
 * a messenger carries "attack" — from the view and nothing else.
 */
import type { SeenGame } from '../../../engine/ruleset';
import type { Battle } from '../../../engine/state';
import type { DogOptions } from '../options';
import type { DogTables } from '../tables';
import type { DogState, BrigadeOrder } from '../state';

export function dogDeterminise(view: SeenGame<DogState, DogOptions, DogTables>, side: string): { battle: Battle; ruleset: DogState } {
  const orders: Record<string, BrigadeOrder> = { ...view.ruleset.orders };
  for (const f of view.battle.formations) if (f.side !== side && !orders[f.id] && view.battle.units.some((u) => u.parent === f.id)) orders[f.id] = { side: f.side, order: 'attack' };
  const messengers = view.ruleset.messengers.map((m) => (m.order ? m : { ...m, order: 'attack' as const }));
  return { battle: view.battle, ruleset: { ...view.ruleset, orders, messengers } };
}

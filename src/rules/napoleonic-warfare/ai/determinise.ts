/**
 * NW determinisation (RulesetModule.ai.determinise): the other side's face-down orders (NW §11)
 * are the hidden part of a view after the orders step. Each marked unit gets an order drawn
 * from those a unit may hold without a declared target (Advance, Deploy, Defend, Retreat; a
 * unit not in good order may also Recover), from a general of its side still in play. Ambushers
 * and off-table forces the view does not show stay absent: a side plans against what it knows.
 */
import type { Sampler, SeenGame } from '../../../engine/ruleset';
import type { Battle } from '../../../engine/state';
import type { NwTables } from '../nwTables';
import type { NwOptions, NwOrder, NwState } from '../types';
import type { OrderId } from '../tables/orders';

export function nwDeterminise(view: SeenGame<NwState, NwOptions, NwTables>, side: string, sampler: Sampler): { battle: Battle; ruleset: NwState } {
  const rs = view.ruleset;
  const orders: Record<string, NwOrder> = { ...rs.orders };
  for (const unitId of rs.faceDown ?? []) {
    const u = rs.units[unitId];
    if (!u || u.side === side || orders[unitId]) continue;
    const generals = Object.entries(rs.generals).filter(([gid, g]) => view.battle.generals.some((b) => b.id === gid && b.side === u.side) && !g.lost).map(([gid]) => gid);
    if (generals.length === 0) continue;
    const choices: OrderId[] = u.morale === 'good' ? ['advance', 'deploy', 'defend', 'retreat'] : ['recover', 'defend', 'retreat'];
    orders[unitId] = { unitId, side: u.side, order: sampler.pick(choices), generalId: sampler.pick(generals), revealed: false };
  }
  // `faceDown` is the view's note of markers it cannot read; a full state has the orders instead.
  const { faceDown: _seen, ...full } = rs;
  return { battle: view.battle, ruleset: { ...full, orders } };
}

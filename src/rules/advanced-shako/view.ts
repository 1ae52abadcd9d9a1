/**
 * What each side may see (established: orders are written and carried by ADCs). The orders an ADC
 * carries are sealed to the other side — it sees the rider, not the paper — until they arrive and the
 * division acts on them (RULINGS.md). Everything else is on the open table.
 */
import type { Battle } from '../../engine/state';
import type { S, ShState } from './state';

export function shView(s: S, viewer: string): { battle: Battle; ruleset: ShState } {
  if (viewer === 'referee' || !s.ruleset.adcs.some((a) => a.side !== viewer)) return { battle: s.battle, ruleset: s.ruleset };
  return { battle: s.battle, ruleset: { ...s.ruleset, adcs: s.ruleset.adcs.map((a) => (a.side === viewer ? a : { ...a, orders: 'sealed' as const })) } };
}

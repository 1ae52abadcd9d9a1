/**
 * What each side may see (established: orders are written and carried by ADCs). The orders an ADC
 * carries are sealed to the other side — it sees the rider, not the paper — until they arrive and the
 * division acts on them (RULINGS.md); an Attack order held by a New Order division stays on paper. Everything else is on the open table.
 */
import type { Battle } from '../../engine/state';
import type { S, ShState } from './state';
import { idRecord } from '../../engine/ids';

export function shView(s: S, viewer: string): { battle: Battle; ruleset: ShState } {
  const rs = s.ruleset;
  if (viewer === 'referee' || (!rs.adcs.some((a) => a.side !== viewer) && !Object.values(rs.divisions).some((d) => d.side !== viewer && d.heldAttack))) return { battle: s.battle, ruleset: rs };
  // An Attack order a New Order division holds but may not enact is on paper only (AS 12.2): hidden too.
  const divisions = idRecord(Object.entries(rs.divisions).map(([id, d]) => [id, d.side !== viewer && d.heldAttack ? { ...d, heldAttack: false } : d]));
  return { battle: s.battle, ruleset: { ...rs, divisions, adcs: rs.adcs.map((a) => (a.side === viewer ? a : { ...a, orders: 'sealed' as const })) } };
}

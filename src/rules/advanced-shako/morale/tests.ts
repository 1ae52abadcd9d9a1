/**
 * The SHAKO MR test (established): a D6 passes when it is under the unit's MR; a 6 always fails.
 * 12.2 New Order: the division's units take -1 to their MR for every firing, combat, morale and
 * rallying roll (their break point is unchanged).
 */
import type { Modifier } from '../../../engine/ruleset';
import type { Unit } from '../../../engine/model';
import type { W, ShState } from '../state';
import { mrOf, divisionOf } from '../state';
import type { ShTables } from '../tables';

export const MR_RULE = 'SHAKO MR test (established: pass under MR, a 6 always fails)';
export const NEW_ORDER_RULE = 'AS 12.2 Divisional Morale: "New Orders" redefined';

/** The division of `u` is under a New Order result. */
export function underNewOrder(rs: ShState, u: Unit): boolean {
  const d = divisionOf(rs, u.id);
  return d !== undefined && rs.divisions[d]!.newOrder;
}

/** -1 MR under a New Order (as a change of the target number). */
export function newOrderMr(rs: ShState, t: ShTables, u: Unit): Modifier[] {
  return underNewOrder(rs, u) ? [{ label: 'Division under a New Order: -1 MR', value: t.divisionalMorale.newOrderMr, rule: NEW_ORDER_RULE, appliesTo: 'target' }] : [];
}

/**
 * Roll an MR test for `u`: pass under `mr` (its MR unless given) with `mods` on the die; a natural
 * 6 fails whatever the modifiers. `atLeast` reverses it (11.4 British cavalry control: "roll equal
 * or higher than their MR").
 */
export function mrTest(w: W, u: Unit, purpose: string, rule: string, mods: readonly Modifier[] = [], opts: { mr?: number; atLeast?: boolean } = {}): boolean {
  const base = opts.mr ?? mrOf(w.tables, u);
  const all = [...newOrderMr(w.rs, w.tables, u), ...mods];
  // The MR changes (a New Order) move the number to beat; the rest move the die.
  const mr = base + all.filter((m) => m.appliesTo === 'target').reduce((a, m) => a + m.value, 0);
  const passes = (face: number, modified: number) => (opts.atLeast ? modified >= mr : face !== 6 && modified < mr);
  const r = w.ctx.roll({
    dice: 'd6', purpose: `${u.name}: ${purpose} (${opts.atLeast ? `${mr} or more` : `under MR ${mr}`})`, rule: `${rule}; ${MR_RULE}`,
    modifiers: all.filter((m) => m.appliesTo !== 'target'),
    subjects: [u.id],
    outcome: (v) => (passes(v.faces[0]!, v.modified) ? 'pass' : !opts.atLeast && v.faces[0] === 6 ? 'fail (a 6 always fails)' : 'fail'),
  });
  return passes(r.faces[0]!, r.modified);
}

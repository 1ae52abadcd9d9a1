/**
 * Napoleonic Warfare: Orders/Defend (troops on foot only) and Orders/Retreat (skirmishers contacted are destroyed).
 */
import { describe, expect, it } from 'vitest';
import { findUnit } from '../../../src/engine/battle';
import type { NwGameState } from '../../../src/rules/napoleonic-warfare/types';
import { startCombat } from '../../../src/rules/napoleonic-warfare/charges';
import { orderProblem } from '../../../src/rules/napoleonic-warfare/commands';
import { battle, draftWith } from './harness';

interface OrderSpec { unitId: string; side: 'fr' | 'au'; order: string; target?: string; revealed?: boolean }

function withOrders(s: NwGameState, orders: OrderSpec[], phase = 'charges'): NwGameState {
  const placed = Object.fromEntries(orders.map((o) => [o.unitId, { generalId: `g-${o.side}`, revealed: true, ...o }]));
  return { ...s, position: { ...s.position, phase }, ruleset: { ...s.ruleset, orders: placed } } as NwGameState;
}

describe('NW Orders/Defend "Only troops on foot may be given Defend Orders" (foot artillery yes, horse artillery no)', () => {
  const problem = (troopType: string) => {
    const s = battle([
      { id: 'fr-guns', side: 'fr', arm: 'artillery', troopType, x: 36, y: 20, facingDeg: 90, stands: 2 },
      { id: 'au1', side: 'au', x: 36, y: 30, facingDeg: -90 },
    ]);
    const { d } = draftWith(s, []);
    return orderProblem(d, findUnit(d.battle, 'fr-guns')!, 'defend');
  };
  it('a foot battery may be given Defend', () => {
    expect(problem('foot-artillery')).toBeUndefined();
  });
  it('a horse battery may not', () => {
    expect(problem('horse-artillery')).toMatch(/horse artillery may not/);
  });
});

describe('NW Orders/Retreat "If they are contacted by an enemy unit ... they count as being hit in the flank or rear, and are destroyed if they are Skirmishing Infantry"', () => {
  const contact = (auOrder: string) => {
    const s = withOrders(battle([
      { id: 'fr-sk', side: 'fr', formation: 'skirmish', x: 36, y: 20, facingDeg: 90, stands: 2 },
      { id: 'au-sk', side: 'au', formation: 'skirmish', x: 36, y: 21, facingDeg: -90, stands: 2 },
    ]), [{ unitId: 'au-sk', side: 'au', order: auOrder }], 'tactical');
    const { d } = draftWith(s, []);
    startCombat(d, 'fr-sk', 'au-sk', { charged: false, pursuing: false });
    return { status: d.rs.units['au-sk']!.status, combats: d.rs.combats.length };
  };
  it('skirmish infantry with a Retreat order contacted by enemy skirmish infantry are destroyed', () => {
    expect(contact('retreat')).toEqual({ status: 'destroyed', combats: 0 });
  });
  it('skirmish infantry with a Defend order fight the enemy skirmishers instead', () => {
    expect(contact('defend')).toEqual({ status: 'active', combats: 1 });
  });
});

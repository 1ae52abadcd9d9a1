/**
 * Napoleonic Warfare: Orders/Fire and Flee — guns fire canister, the crew run to a friend, the charger captures the guns.
 */
import { describe, expect, it } from 'vitest';
import { battle, draftWith } from './harness';
import { resolveCharges } from '../../../src/rules/napoleonic-warfare/charges';
import { orderProblem } from '../../../src/rules/napoleonic-warfare/commands';
import { findUnit } from '../../../src/engine/battle';

describe('When guns with Fire and Flee orders are charged (NW Orders/Fire and Flee)', () => {
  const setup = (friendNear: boolean) =>
    battle([
      { id: 'au-guns', side: 'au', arm: 'artillery', troopType: 'foot-artillery', x: 36, y: 24, facingDeg: -90, stands: 2 },
      { id: 'au-inf', side: 'au', x: friendNear ? 40.4 : 50, y: 24, facingDeg: -90 },
      { id: 'fr-cav', side: 'fr', arm: 'cavalry', troopType: 'hussar', x: 36, y: 20, facingDeg: 90, stands: 3 },
    ]);
  it('they fire canister at the charger, the crew run behind the friend 1" away, and the charger captures the guns', () => {
    const { d, rolls, events } = draftWith(setup(true), [9, 9, 1, 1, 6, 6]);
    d.rs.orders['fr-cav'] = { unitId: 'fr-cav', side: 'fr', order: 'charge', generalId: 'g-fr', revealed: true, target: 'au-guns' };
    d.rs.orders['au-guns'] = { unitId: 'au-guns', side: 'au', order: 'fire-and-flee', generalId: 'g-au', revealed: false };
    resolveCharges(d);
    // 3" away: killing range, canister 2d10 per gun; light guns 4+, −1 the target is charging.
    expect(rolls[0]!.purpose).toMatch(/au-guns fire at fr-cav \(killing/);
    expect(rolls[0]!.faces).toHaveLength(4);
    expect(rolls[0]!.successes).toBe(2);
    expect(events.find((e) => e.type === 'GunsAbandoned')).toMatchObject({ crewBehind: 'au-inf', charged: true });
    expect(d.rs.units['au-guns']!.status).toBe('captured');
    expect(d.rs.units['fr-cav']!.casualties).toBe(2);
  });
  it('the order cannot be given with no friend within 1" for the crew', () => {
    const { d } = draftWith(setup(false), []);
    expect(orderProblem(d, findUnit(d.battle, 'au-guns')!, 'fire-and-flee')).toMatch(/no friendly unit within 1"/);
  });
});

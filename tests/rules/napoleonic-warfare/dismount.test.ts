// NW Orders/Deploy ("Search for fords, dismount, mount, etc."); §4 Strength note ("Dismounted cavalry
// forms up as equivalent Infantry with 3 strength points per stand"); Fire: "Mounted troops may not
// fire while mounted. Dismounted, they may fire." (carbines).
import { describe, expect, it } from 'vitest';
import { isRejection } from '../../../src/engine/ruleset';
import { findUnit } from '../../../src/engine/battle';
import { applyDeploy } from '../../../src/rules/napoleonic-warfare/commands';
import { planShots, resolveVolley } from '../../../src/rules/napoleonic-warfare/fire';
import { normalMoveMm } from '../../../src/rules/napoleonic-warfare/morale';
import type { NwGameState } from '../../../src/rules/napoleonic-warfare/types';
import { battle, draftWith } from './harness';

// French dragoons 2" from an Austrian line, on Deploy orders.
const dragoons = (): NwGameState => {
  const s = battle([
    { id: 'fr-drag', side: 'fr', arm: 'cavalry', troopType: 'dragoon', x: 36, y: 20, facingDeg: 90, stands: 4 },
    { id: 'au1', side: 'au', x: 36, y: 22, facingDeg: -90 },
  ]);
  return { ...s, ruleset: { ...s.ruleset, orders: { 'fr-drag': { unitId: 'fr-drag', side: 'fr', order: 'deploy', generalId: 'g-fr', revealed: true } } } } as NwGameState;
};

describe('When dragoons on Deploy orders dismount (NW Orders/Deploy; §4 Strength note)', () => {
  it('mounted they may not fire; dismounted they fire carbines as foot (to hit 8 at effective range, 2"), 3 strength a stand', () => {
    const { d } = draftWith(dragoons(), []);
    expect(planShots(d, (u) => u.id === 'fr-drag')).toEqual([]);
    const r = applyDeploy(d, findUnit(d.battle, 'fr-drag')!, { action: 'dismount' }, false);
    expect(isRejection(r)).toBe(false);
    const nu = d.rs.units['fr-drag']!;
    expect(nu.dismounted).toBe(true);
    expect(nu.profile).toMatchObject({ foot: true, mounted: false, weapon: 'carbine', troop: 'foot', strengthPerStand: 3 });
    expect(normalMoveMm(d, findUnit(d.battle, 'fr-drag')!) / 25.4).toBeCloseTo(d.tables.movement.medium.rows.foot.tacticalIn);
    const shots = planShots(d, (u) => u.id === 'fr-drag');
    expect(shots.map((s) => s.target.id)).toEqual(['au1']);
    // Scripted d10s for the volley: all 10s hit.
    const { d: d2, rolls } = draftWith({ ...dragoons(), ruleset: d.rs } as NwGameState, [10, 10, 10, 10]);
    const res = resolveVolley(d2, planShots(d2, (u) => u.id === 'fr-drag')[0]!);
    expect(res.hits).toBeGreaterThan(0);
    // At 2" a musket would be at close range; a carbine (close to 1") is at effective range.
    expect(rolls[0]!.purpose).toContain('effective range');
  });
  it('a second dismount is refused; mounting restores the mounted dragoons (who may not fire)', () => {
    const { d } = draftWith(dragoons(), []);
    const u = () => findUnit(d.battle, 'fr-drag')!;
    applyDeploy(d, u(), { action: 'dismount' }, true);
    const again = applyDeploy(d, u(), { action: 'dismount' }, true);
    expect(isRejection(again) && again.code).toBe('bad-action');
    expect(isRejection(applyDeploy(d, u(), { action: 'mount' }, true))).toBe(false);
    expect(d.rs.units['fr-drag']!.profile).toMatchObject({ mounted: true, troop: 'cavalry', cavalryWeight: 'medium' });
    expect(d.rs.units['fr-drag']!.dismounted).toBeUndefined();
    expect(planShots(d, (x) => x.id === 'fr-drag')).toEqual([]);
  });
  it('infantry cannot dismount', () => {
    const { d } = draftWith(dragoons(), []);
    expect(isRejection(applyDeploy(d, findUnit(d.battle, 'au1')!, { action: 'dismount' }, true))).toBe(true);
  });
});

/**
 * Napoleonic Warfare: After Close Combat — pursuit and following up under Deploy orders, and a square broken when pushed back.
 */
import { describe, expect, it } from 'vitest';
import { findUnit, updateUnit } from '../../../src/engine/battle';
import type { NwGameState } from '../../../src/rules/napoleonic-warfare/types';
import { closeCombatPhase, pursue, settleFollowUp, resolveCombat } from '../../../src/rules/napoleonic-warfare/combat';
import { startCombat } from '../../../src/rules/napoleonic-warfare/charges';
import { relayout } from '../../../src/rules/napoleonic-warfare/formations';
import { battle, draftWith, IN } from './harness';
import { commandStand } from '../../../src/rules/napoleonic-warfare/geom';

interface OrderSpec { unitId: string; side: 'fr' | 'au'; order: string; target?: string; revealed?: boolean }

function withOrders(s: NwGameState, orders: OrderSpec[], phase = 'charges'): NwGameState {
  const placed = Object.fromEntries(orders.map((o) => [o.unitId, { generalId: `g-${o.side}`, revealed: true, ...o }]));
  return { ...s, position: { ...s.position, phase }, ruleset: { ...s.ruleset, orders: placed } } as NwGameState;
}

describe('NW After Close Combat "their opponent must pursue unless it has Deploy Orders, in which case pursuit is optional"', () => {
  const setUp = (order: string) => withOrders(battle([
    { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
    { id: 'au1', side: 'au', x: 36, y: 30, facingDeg: 90 },
  ]), [{ unitId: 'fr1', side: 'fr', order }], 'close-combat');
  it('an Advance-ordered victor pursues at once', () => {
    const { d, events } = draftWith(setUp('advance'), [1]);
    pursue(d, 'fr1', 'au1');
    expect(events.some((e) => e.type === 'UnitPursued')).toBe(true);
    expect(d.rs.pendingFollowUps ?? []).toHaveLength(0);
  });
  it('a Deploy-ordered victor is offered the pursuit; declining it leaves the unit where it is', () => {
    const s = setUp('deploy');
    const { d, events } = draftWith(s, []);
    pursue(d, 'fr1', 'au1');
    expect(events.some((e) => e.type === 'UnitPursued')).toBe(false);
    expect(d.rs.pendingFollowUps).toEqual([expect.objectContaining({ unitId: 'fr1', loserId: 'au1', pursuit: true })]);
    const before = findUnit(d.battle, 'fr1')!.stands[0]!.centre;
    settleFollowUp(d, 'fr1', false);
    expect(events.some((e) => e.type === 'PursuitForgone')).toBe(true);
    expect(findUnit(d.battle, 'fr1')!.stands[0]!.centre).toEqual(before);
    expect(d.rs.pendingFollowUps).toEqual([]);
  });
  it('a Deploy-ordered victor whose owner chooses to pursue makes the pursuit move', () => {
    const { d, events } = draftWith(setUp('deploy'), [1]);
    pursue(d, 'fr1', 'au1');
    settleFollowUp(d, 'fr1', true);
    expect(events.some((e) => e.type === 'UnitPursued')).toBe(true);
    expect(findUnit(d.battle, 'fr1')!.stands[0]!.centre.y).toBeGreaterThan(20 * IN);
  });
});

describe('NW After Close Combat "A square is broken when it is pushed back and then reverts to a column, facing the enemy"', () => {
  it('a square that loses the fight is pushed back, laid out as a column and faces the victor', () => {
    const s0 = battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90, formation: 'column', ranks: 2, quality: 'guard' },
      { id: 'au1', side: 'au', x: 36, y: 21.5, facingDeg: -90, quality: 'militia' },
    ]);
    const s = { ...s0, battle: updateUnit(s0.battle, 'au1', (u) => relayout(u, 'square')) } as NwGameState;
    const faces = (id: string, b = s.battle) => new Set(findUnit(b, id)!.stands.map((x) => Math.round((x.facing * 180) / Math.PI)));
    expect(faces('au1').size).toBe(4); // a true square: stands face outward four ways
    // Combat dice: French 6, Austrians 1; both fractions of a casualty scored (d10 1s).
    const { d, events } = draftWith(s, [6, 1, 1, 1]);
    startCombat(d, 'fr1', 'au1', { charged: false, pursuing: false });
    closeCombatPhase(d, 'left');
    const res = events.find((e) => e.type === 'CloseCombatResolved') as unknown as { aLost: number; bLost: number };
    expect(res.bLost).toBeGreaterThan(res.aLost);
    expect(events.some((e) => e.type === 'UnitPushedBack')).toBe(true);
    const au = findUnit(d.battle, 'au1')!;
    expect(au.formation).toBe('column');
    expect([...faces('au1', d.battle)]).toEqual([-90]); // every stand faces up the table, at the French
  });
});

describe('When a Deploy-ordered victor pushes its enemy back (NW After Close Combat; Orders/Deploy)', () => {
  const fight = () => {
    const s = battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', quality: 'line-2nd', x: 36, y: 24, facingDeg: -90 },
    ]);
    // Combat dice 6 v 1; the Austrian fraction roll 9 (no extra casualty).
    const w = draftWith(s, [6, 1, 9]);
    w.d.rs.orders['fr1'] = { unitId: 'fr1', side: 'fr', order: 'deploy', generalId: 'g-fr', revealed: true };
    startCombat(w.d, 'fr1', 'au1', { charged: false, pursuing: false });
    resolveCombat(w.d, w.d.rs.combats[0]!, new Map());
    return w;
  };
  it('following up is offered, not taken; declining ends the combat with the victor in place', () => {
    const { d, events } = fight();
    expect(events.some((e) => e.type === 'UnitPushedBack' && e['unit'] === 'au1')).toBe(true);
    expect(d.rs.pendingFollowUps).toEqual([expect.objectContaining({ unitId: 'fr1', loserId: 'au1' })]);
    const before = commandStand(findUnit(d.battle, 'fr1')!).centre;
    settleFollowUp(d, 'fr1', false);
    expect(commandStand(findUnit(d.battle, 'fr1')!).centre).toEqual(before);
    expect(d.rs.combats).toHaveLength(0);
  });
  it('accepting it moves the victor up into contact and the combat goes on', () => {
    const { d } = fight();
    const before = commandStand(findUnit(d.battle, 'fr1')!).centre;
    settleFollowUp(d, 'fr1', true);
    expect(commandStand(findUnit(d.battle, 'fr1')!).centre.y - before.y).toBeCloseTo(IN, 0);
    expect(d.rs.combats).toHaveLength(1);
  });
});

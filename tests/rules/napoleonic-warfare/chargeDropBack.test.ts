// NW Orders/Charge: "No facing or formation changes are allowed except for a 45 degree wheel at the
// start of the Charge. · Any units may drop back stands to avoid running into friendly troops,
// obstacles or terrain features." Sequence §12 / Close Combat §1: the charger moves straight at its
// target. Scripted dice: the charged hussars' morale test (A) d10 = 10 (passed), then the
// chargers' move 6" + 2d6 (NW Movement §3, medium light cavalry).
import { describe, expect, it } from 'vitest';
import { battle, draftWith, type UnitSpec } from './harness';
import { resolveCharges, CHARGE_DROP_BACK_RULE, planChargeDropBack } from '../../../src/rules/napoleonic-warfare/charges';
import { frontRank, frameOfUnit, bearing } from '../../../src/rules/napoleonic-warfare/geom';
import { findUnit } from '../../../src/engine/battle';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import { isRejection } from '../../../src/engine/ruleset';
import type { NwGameState } from '../../../src/rules/napoleonic-warfare/types';
import { previewContact, type Seen } from '../../../src/rules/napoleonic-warfare/tablePreview';
import { viewFor } from '../../../src/engine/view';
import { registerable } from '../../../src/engine/ruleset';

// French hussars, 4 stands in line (x 34"-38", front edge y=20", facing down the table), charge
// Austrian hussars straight ahead. A one-stand French unit stands in the path of the chargers'
// right-hand end stand (x 37.1"-38.1", y 22"-23").
const chargers: UnitSpec = { id: 'fr-cav', side: 'fr', arm: 'cavalry', troopType: 'hussar', x: 36, y: 20, facingDeg: 90, stands: 4, ranks: 1 };
const friend: UnitSpec = { id: 'fr2', side: 'fr', x: 37.6, y: 23, facingDeg: 90, stands: 1 };
const target = (y: number): UnitSpec => ({ id: 'au-cav', side: 'au', arm: 'cavalry', troopType: 'hussar', x: 36, y, facingDeg: -90, stands: 4, ranks: 1 });

function charge(targetY: number, dropBack: boolean, faces: number[]) {
  const s = battle([chargers, friend, target(targetY)]);
  const { d, events } = draftWith(s, faces);
  d.rs.orders['fr-cav'] = { unitId: 'fr-cav', side: 'fr', order: 'charge', generalId: 'g-fr', revealed: true, target: 'au-cav', ...(dropBack ? { dropBack: true } : {}) };
  resolveCharges(d);
  return { s, d, events, u: findUnit(d.battle, 'fr-cav')! };
}

describe('When charging hussars have a friend in the path of one end stand (NW Orders/Charge: drop back stands)', () => {
  it('with dropBack they put that end stand into a rear rank: front 3 wide, avoiding the friend, logged under Orders/Charge', () => {
    const { events, u } = charge(26, true, [10, 6, 6]);
    const dropped = events.find((e) => e.type === 'StandsDroppedBack');
    expect(dropped).toMatchObject({ unit: 'fr-cav', frontage: 3, avoided: ['fr2'], rule: CHARGE_DROP_BACK_RULE });
    expect((dropped!['left'] as number) + (dropped!['right'] as number)).toBe(1);
    expect(u.formation).toBe('column');
    expect(frontRank(u)).toHaveLength(3);
  });

  it('the narrowed chargers still reach their target (gap 6", move 18") and the combat starts', () => {
    const { d, events } = charge(26, true, [10, 6, 6]);
    expect(events.some((e) => e.type === 'CloseCombatJoined' && e['attacker'] === 'fr-cav' && e['defender'] === 'au-cav')).toBe(true);
    expect(d.rs.combats.some((c) => c.a === 'fr-cav' && c.b === 'au-cav')).toBe(true);
  });

  it('falling short (gap 10", move 6"+1+1 = 8"), the narrowed chargers pass the friend by: no interpenetration, nobody disordered by it', () => {
    const { d, events } = charge(30, true, [10, 1, 1]);
    expect(events.some((e) => e.type === 'StandsDroppedBack')).toBe(true);
    expect(d.rs.units['fr2']!.morale).toBe('good');
    // The charge failed to make contact: disordered for that (NW Orders/Charge), not for interpenetrating.
    expect(d.rs.units['fr-cav']!.morale).toBe('disordered');
    const causes = events.filter((e) => e.type === 'MoraleStateChanged' && e['unit'] === 'fr-cav').map((e) => String(e['cause']));
    expect(causes).toEqual(['charge failed to make contact']);
  });

  it('without dropBack the same short charge keeps its full front and bursts through the friend (NW §24: both disordered)', () => {
    const { d, events, u } = charge(30, false, [10, 1, 1]);
    expect(events.some((e) => e.type === 'StandsDroppedBack')).toBe(false);
    expect(frontRank(u)).toHaveLength(4);
    expect(d.rs.units['fr2']!.morale).toBe('disordered');
    expect(events.filter((e) => e.type === 'MoraleStateChanged' && e['unit'] === 'fr2').map((e) => String(e['cause']))).toEqual(['interpenetrated by fr-cav']);
  });

  it('with nothing in its path dropBack changes nothing', () => {
    const s = battle([chargers, target(26)]);
    const { d, events } = draftWith(s, [10, 6, 6]);
    d.rs.orders['fr-cav'] = { unitId: 'fr-cav', side: 'fr', order: 'charge', generalId: 'g-fr', revealed: true, target: 'au-cav', dropBack: true };
    resolveCharges(d);
    expect(events.some((e) => e.type === 'StandsDroppedBack')).toBe(false);
    expect(frontRank(findUnit(d.battle, 'fr-cav')!)).toHaveLength(4);
  });

  it('the plan is the one the charge would carry out (a plan, not an effect)', () => {
    const s = battle([chargers, friend, target(26)]);
    const { d } = draftWith(s, []);
    const C = findUnit(d.battle, 'fr-cav')!, T = findUnit(d.battle, 'au-cav')!;
    const plan = planChargeDropBack(d, C, bearing(frameOfUnit(C).centre, frameOfUnit(T).centre), 6 * 25.4);
    expect(plan).toMatchObject({ frontage: 3, avoided: ['fr2'] });
    expect(findUnit(d.battle, 'fr-cav')).toBe(C);
  });
});

describe('Declaring a charge with dropBack (NW Sequence §12; Orders/Charge)', () => {
  const atDeclare = (units: UnitSpec[]): NwGameState => {
    const s = battle(units);
    return {
      ...s,
      ruleset: { ...s.ruleset, orders: { 'fr-cav': { unitId: 'fr-cav', side: 'fr', order: 'charge', generalId: 'g-fr', revealed: true } } },
      position: { ...s.position, phase: 'charge-declaration', step: 'declare-charges', actors: ['fr'], done: [] },
    } as NwGameState;
  };
  const declare = (s: NwGameState, dropBack: boolean) => {
    const { d } = draftWith(s, []);
    return napoleonicWarfare.commands['declareCharge']!.handle(s, { type: 'declareCharge', side: 'fr', unitId: 'fr-cav', targetId: 'au-cav', dropBack } as never, d.ctx);
  };

  it('records the choice on the order', () => {
    const r = declare(atDeclare([chargers, friend, target(26)]), true);
    if (isRejection(r)) throw new Error(r.message);
    expect((r.ruleset as NwGameState['ruleset']).orders['fr-cav']).toMatchObject({ target: 'au-cav', dropBack: true });
  });

  it('is refused for a unit already one stand wide (no narrower front)', () => {
    const r = declare(atDeclare([{ ...chargers, stands: 1 }, target(26)]), true);
    expect(isRejection(r) && r.code).toBe('cannot-drop-back');
  });

  it('the table\'s charge preview offers it when it clears something, and says so', () => {
    const s = atDeclare([chargers, friend, target(26)]);
    const g = viewFor(registerable(napoleonicWarfare), s, 'fr') as unknown as Seen;
    const p = previewContact(g, 'fr', 'fr-cav', 'au-cav');
    expect(p.legal).toBe(true);
    expect(p.command).toEqual({ type: 'declareCharge', side: 'fr', unitId: 'fr-cav', targetId: 'au-cav', dropBack: true });
    expect(p.readout.find((l) => l.label === 'Drop back')?.value).toMatch(/1 stand into the rear ranks \(front 3 wide\) to clear fr2/);
    const clear = atDeclare([chargers, target(26)]);
    const q = previewContact(viewFor(registerable(napoleonicWarfare), clear, 'fr') as unknown as Seen, 'fr', 'fr-cav', 'au-cav');
    expect(q.command).toEqual({ type: 'declareCharge', side: 'fr', unitId: 'fr-cav', targetId: 'au-cav' });
  });
});

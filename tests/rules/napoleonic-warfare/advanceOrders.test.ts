/**
 * Napoleonic Warfare: Orders/Advance — a unit must move at least half its allowance.
 */
import { describe, expect, it } from 'vitest';
import { findUnit } from '../../../src/engine/battle';
import { isRejection, registerable } from '../../../src/engine/ruleset';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import type { NwGameState } from '../../../src/rules/napoleonic-warfare/types';
import { applyCommand } from '../../../src/engine/game';
import type { AnyEvent } from '../../../src/engine/command';
import { battle, IN, type UnitSpec } from './harness';

const M = registerable(napoleonicWarfare);

describe('an Advance unit "must move at least half its maximum allowed movement" (NW Orders/Advance)', () => {
  // French at the top facing down the table (+y); the French have the initiative and are moving.
  // Played through the sequence from the Orders Phase (as moveOrder.test.ts): the seeded initiative
  // roll decides only who chooses; the moves and the compulsory step roll no dice in the open.
  const send = (s: NwGameState, c: object): { s: NwGameState; events: AnyEvent[] } => {
    const r = applyCommand(M, s, c);
    if (isRejection(r)) throw new Error(`${JSON.stringify(c)}: ${r.message}`);
    return { s: r.state as NwGameState, events: [...r.events] };
  };
  const endFrenchMoves = (units: UnitSpec[], orders: string[], before: (s: NwGameState) => NwGameState = (s) => s) => {
    let s = battle([...units, { id: 'au1', side: 'au', x: 10, y: 44, facingDeg: -90 }], { generals: [{ id: 'g-fr', side: 'fr', x: 43, y: 15 }, { id: 'g-au', side: 'au', x: 10, y: 46 }] });
    for (const unitId of orders) s = send(s, { type: 'placeOrder', side: 'fr', unitId, order: 'advance', generalId: 'g-fr' }).s;
    s = send(send(s, { type: 'endStep', side: 'fr' }).s, { type: 'endStep', side: 'au' }).s;
    if (s.position.step === 'strategic-move') s = send(send(s, { type: 'endStep', side: 'fr' }).s, { type: 'endStep', side: 'au' }).s;
    expect(s.position.step).toBe('choose-initiative');
    s = send(s, { type: 'chooseInitiative', side: s.ruleset.initiativeWinner!, moveFirst: 'fr' }).s;
    expect(s.position.step).toBe('initiative-side');
    const y0 = yOf(s, 'fr1');
    s = before(s);
    return { ...send(s, { type: 'endStep', side: 'fr' }), y0 };
  };
  const adv = (id: string): string[] => [id];
  const yOf = (s: NwGameState, id: string) => {
    const u = findUnit(s.battle, id)!;
    return u.stands.reduce((a, x) => a + x.centre.y, 0) / u.stands.length / IN;
  };

  it('a line that has not moved when its side ends its moves is marched half its move straight ahead — not merely stripped of its order', () => {
    const { s, events, y0 } = endFrenchMoves([{ id: 'fr1', side: 'fr', x: 36, y: 10, facingDeg: 90 }], adv('fr1'));
    const compelled = events.find((e) => e.type === 'AdvanceCompelled');
    expect(compelled).toMatchObject({ unit: 'fr1', rule: 'NW Orders/Advance' });
    const halfIn = (compelled as unknown as { distanceIn: number }).distanceIn;
    expect(halfIn).toBeGreaterThan(0);
    expect(yOf(s, 'fr1') - y0).toBeCloseTo(halfIn, 1);
    expect(s.ruleset.units['fr1']?.morale).toBe('good');
  });

  it('"If the unit cannot physically move at least 1/2 of its movement because of enemy in the way, you must discard the Advance order": an enemy 2" ahead', () => {
    const s0units: UnitSpec[] = [{ id: 'fr1', side: 'fr', x: 36, y: 10, facingDeg: 90 }, { id: 'au2', side: 'au', x: 36, y: 12, facingDeg: -90 }];
    const { s, events, y0 } = endFrenchMoves(s0units, adv('fr1'));
    expect(events.find((e) => e.type === 'OrderDiscarded')).toMatchObject({ unit: 'fr1', reason: expect.stringMatching(/enemy in the way/) });
    expect(yOf(s, 'fr1')).toBeCloseTo(y0, 1);
  });

  it('"unless friendly Skirmishing Infantry will be interpenetrating the unit this turn": a line the skirmishers passed through stands, undisordered', () => {
    const units: UnitSpec[] = [
      { id: 'fr1', side: 'fr', x: 36, y: 14, facingDeg: 90 },
      { id: 'fr-sk', side: 'fr', formation: 'skirmish', x: 36, y: 18, facingDeg: -90, stands: 2, ranks: 1 },
    ];
    const orders = ['fr1', 'fr-sk'];
    const { s, events, y0 } = endFrenchMoves(units, orders, (s1) => {
      // The skirmishers fall back through the line (scripted dice: none are rolled in the open).
      const r = applyCommand(M, s1, { type: 'moveUnit', side: 'fr', unitId: 'fr-sk', wheelDeg: 0, distanceIn: 6 });
      if (isRejection(r)) throw new Error(r.message);
      return r.state as NwGameState;
    });
    expect(events.find((e) => e.type === 'AdvanceStoodFast')).toMatchObject({ unit: 'fr1' });
    expect(events.some((e) => e.type === 'AdvanceCompelled' && (e as unknown as { unit: string }).unit === 'fr1')).toBe(false);
    expect(yOf(s, 'fr1')).toBeCloseTo(y0, 1);
    expect(s.ruleset.units['fr1']?.morale).toBe('good');
  });
});

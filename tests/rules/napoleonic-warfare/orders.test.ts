// NW Orders Phase through the engine: face-down simultaneous markers, command radius, restrictions.
import { describe, expect, it } from 'vitest';
import { applyCommand } from '../../../src/engine/game';
import { viewFor, eventsFor } from '../../../src/engine/view';
import { registerable, isRejection } from '../../../src/engine/ruleset';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import type { NwGameState } from '../../../src/rules/napoleonic-warfare/types';
import { battle } from './harness';

const M = registerable(napoleonicWarfare);
const two = () =>
  battle(
    [
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'fr-cav', side: 'fr', arm: 'cavalry', troopType: 'light-cavalry', x: 30, y: 20, facingDeg: 90, stands: 3 },
      { id: 'au1', side: 'au', x: 36, y: 28, facingDeg: -90 },
    ],
    { generals: [{ id: 'g-fr', side: 'fr', x: 36, y: 17 }, { id: 'g-au', side: 'au', x: 60, y: 46 }] },
  );

describe('When the French place an order marker (NW Sequence §11 Orders Phase)', () => {
  it('it is face down: the Austrian view and event log do not show it', () => {
    const s = two();
    expect(s.position.step).toBe('place-orders');
    const r = applyCommand(M, s, { type: 'placeOrder', side: 'fr', unitId: 'fr1', order: 'advance', generalId: 'g-fr' });
    if (isRejection(r)) throw new Error(r.message);
    const st = r.state as NwGameState;
    expect(st.ruleset.orders['fr1']?.order).toBe('advance');
    const auView = viewFor(M, st, 'au') as unknown as { ruleset: NwGameState['ruleset'] };
    expect(auView.ruleset.orders['fr1']).toBeUndefined();
    expect(eventsFor(r.events, 'au').some((e) => e.type === 'OrderPlaced')).toBe(false);
    expect(eventsFor(r.events, 'fr').some((e) => e.type === 'OrderPlaced')).toBe(true);
  });
  it('a unit beyond every general\'s command radius cannot be ordered (NW Generals §2: Good = 8" medium)', () => {
    const s = two();
    const r = applyCommand(M, s, { type: 'placeOrder', side: 'au', unitId: 'au1', order: 'advance', generalId: 'g-au' });
    expect(isRejection(r) && r.code).toBe('out-of-command');
  });
  it('cavalry may not be given Defend orders; one order per unit a turn (NW Orders/Defend, Issuing)', () => {
    const s = two();
    const r = applyCommand(M, s, { type: 'placeOrder', side: 'fr', unitId: 'fr-cav', order: 'defend', generalId: 'g-fr' });
    expect(isRejection(r) && r.code).toBe('order-not-allowed');
    const ok = applyCommand(M, s, { type: 'placeOrder', side: 'fr', unitId: 'fr1', order: 'defend', generalId: 'g-fr' });
    if (isRejection(ok)) throw new Error(ok.message);
    const again = applyCommand(M, ok.state, { type: 'placeOrder', side: 'fr', unitId: 'fr1', order: 'advance', generalId: 'g-fr' });
    expect(isRejection(again) && again.code).toBe('already-ordered');
  });
  it('a Charge needs a target within the normal tactical move: 8" is beyond foot (6") but within light cavalry (12") (NW Orders/Charge)', () => {
    const s = two();
    const foot = applyCommand(M, s, { type: 'placeOrder', side: 'fr', unitId: 'fr1', order: 'charge', generalId: 'g-fr' });
    expect(isRejection(foot) && foot.code).toBe('order-not-allowed');
    const horse = applyCommand(M, s, { type: 'placeOrder', side: 'fr', unitId: 'fr-cav', order: 'charge', generalId: 'g-fr' });
    expect(isRejection(horse)).toBe(false);
  });
});

describe('When an Advance order is revealed in the Tactical Movement Phase (NW Orders/Advance)', () => {
  it('the unit must move at least half its move and not wheel more than 45°', () => {
    let s: NwGameState = two();
    const step = (c: object) => {
      const r = applyCommand(M, s, c);
      if (isRejection(r)) throw new Error(`${r.code}: ${r.message}`);
      s = r.state as NwGameState;
    };
    step({ type: 'placeOrder', side: 'fr', unitId: 'fr1', order: 'advance', generalId: 'g-fr' });
    step({ type: 'endStep', side: 'fr' });
    step({ type: 'endStep', side: 'au' });
    // Initiative: let the winner choose the French to move first.
    while (s.position.step !== 'initiative-side' && s.position.step !== 'other-side') {
      const actor = s.position.actors.find((a) => !s.position.done.includes(a));
      if (s.position.step === 'choose-initiative' && actor) step({ type: 'chooseInitiative', side: actor, moveFirst: 'fr' });
      else if (actor) step({ type: 'endStep', side: actor });
      else throw new Error(`stuck at ${s.position.step}`);
    }
    expect(s.position.actors).toEqual(['fr']);
    const short = applyCommand(M, s, { type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0, distanceIn: 2 });
    expect(isRejection(short) && short.code).toBe('too-short');
    const wheel = applyCommand(M, s, { type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 60, distanceIn: 3 });
    expect(isRejection(wheel) && wheel.code).toBe('wheel-too-far');
    const ok = applyCommand(M, s, { type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0, distanceIn: 3 });
    if (isRejection(ok)) throw new Error(ok.message);
    const y0 = s.battle.units.find((u) => u.id === 'fr1')!.stands[0]!.centre.y;
    const y1 = ok.state.battle.units.find((u) => u.id === 'fr1')!.stands[0]!.centre.y;
    expect(y1 - y0).toBeCloseTo(3 * 25.4, 0);
  });
});

// NW Orders/Fire and Flee ("To re-crew the guns, the artillerymen will have to spend one turn
// moving back to them (if they are not captured or spiked)") and Orders/Deploy ("Spike captured
// artillery pieces"): abandoned guns are a piece on the table that the enemy captures by contact
// and may then spike. Scripted dice throughout.
import { describe, expect, it } from 'vitest';
import { battle, draftWith, IN } from './harness';
import { resolveCharges } from '../../../src/rules/napoleonic-warfare/charges';
import { applyDeploy } from '../../../src/rules/napoleonic-warfare/commands';
import { toChange } from '../../../src/rules/napoleonic-warfare/core';
import { translateUnit } from '../../../src/geometry/units';
import { gunsState } from '../../../src/rules/napoleonic-warfare/guns';
import { lossPoints, brokenCount } from '../../../src/rules/napoleonic-warfare/victory';
import { findUnit, updateUnit } from '../../../src/engine/battle';
import { applyCommand } from '../../../src/engine/game';
import { viewFor } from '../../../src/engine/view';
import { registerable, isRejection, type SeenGame } from '../../../src/engine/ruleset';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import type { Draft, NwGameState, NwOptions, NwState } from '../../../src/rules/napoleonic-warfare/types';
import type { NwTables } from '../../../src/rules/napoleonic-warfare/nwTables';

const M = registerable(napoleonicWarfare);
type G = SeenGame<NwState, NwOptions, NwTables>;

const setup = () =>
  battle([
    { id: 'au-guns', side: 'au', arm: 'artillery', troopType: 'foot-artillery', x: 36, y: 24, facingDeg: -90, stands: 2 },
    { id: 'au-inf', side: 'au', x: 40.4, y: 24, facingDeg: -90 },
    { id: 'fr-cav', side: 'fr', arm: 'cavalry', troopType: 'hussar', x: 36, y: 20, facingDeg: 90, stands: 3 },
    { id: 'fr-far', side: 'fr', x: 10, y: 10, facingDeg: 90 },
  ]);

/** The hussars charge guns with Fire and Flee orders: canister (9, 9, 1, 1), the charge dice 6, 6; the crew run, the hussars reach the guns. */
function charged(): { s: NwGameState; d: Draft; events: ReturnType<typeof draftWith>['events'] } {
  const s = setup();
  const { d, events } = draftWith(s, [9, 9, 1, 1, 6, 6]);
  d.rs.orders['fr-cav'] = { unitId: 'fr-cav', side: 'fr', order: 'charge', generalId: 'g-fr', revealed: true, target: 'au-guns' };
  d.rs.orders['au-guns'] = { unitId: 'au-guns', side: 'au', order: 'fire-and-flee', generalId: 'g-au', revealed: false };
  resolveCharges(d);
  return { s, d, events };
}

const deployOrder = (d: Draft, id: string, side: 'fr' | 'au') => {
  d.rs.orders[id] = { unitId: id, side, order: 'deploy', generalId: `g-${side}`, revealed: true };
};

/** Move the hussars 6" back, out of contact with the guns. */
const captorsLeave = (d: Draft) => {
  d.battle = updateUnit(d.battle, 'fr-cav', (u) => translateUnit(u, 0, -6 * IN));
};
/** Bring the Austrian infantry 0.9" left, base to base with the guns' flank. */
const friendsReturn = (d: Draft) => {
  d.battle = updateUnit(d.battle, 'au-inf', (u) => translateUnit(u, -0.9 * IN, 0));
};

describe('When charging cavalry reach guns whose crew fled (NW Orders/Fire and Flee: "if they are not captured or spiked")', () => {
  it('the guns stay on the table as a captured piece, taken by the hussars, out of play', () => {
    const { d, events } = charged();
    expect(events.find((e) => e.type === 'GunsAbandoned')).toMatchObject({ crewBehind: 'au-inf', charged: true });
    expect(events.find((e) => e.type === 'GunsCaptured')).toMatchObject({ unit: 'au-guns', by: 'fr-cav' });
    expect(events.some((e) => e.type === 'UnitRemoved' && e['unit'] === 'au-guns')).toBe(false);
    expect(findUnit(d.battle, 'au-guns')?.stands).toHaveLength(2);
    expect(d.rs.units['au-guns']).toMatchObject({ status: 'captured', capturedBy: 'fr-cav', abandoned: true });
    expect(gunsState(d.rs.units['au-guns']!)).toBe('captured');
    expect(d.rs.combats).toHaveLength(0);
  });

  it('abandoned guns an enemy unit comes to touch by any move are captured at the end of the command or step', () => {
    const { d, events } = draftWith(setup(), []);
    d.rs.units['au-guns']!.abandoned = true;
    toChange(d);
    expect(d.rs.units['au-guns']!.status).toBe('active');
    d.battle = updateUnit(d.battle, 'fr-cav', (u) => translateUnit(u, 0, 4 * IN)); // front edge on the guns' front edge
    toChange(d);
    expect(events.find((e) => e.type === 'GunsCaptured')).toMatchObject({ unit: 'au-guns', by: 'fr-cav' });
    expect(d.rs.units['au-guns']!.status).toBe('captured');
  });

  it('manned guns touched by the enemy are not captured (that is a close combat)', () => {
    const { d } = draftWith(setup(), []);
    d.battle = updateUnit(d.battle, 'fr-cav', (u) => translateUnit(u, 0, 4 * IN));
    toChange(d);
    expect(d.rs.units['au-guns']!.status).toBe('active');
  });

  it('captured guns count ×2 Loss Points and against the army break point (NW §10)', () => {
    const { d } = charged();
    // HOUSE 20 points an artillery stand, 2 stands, captured ×2.
    expect(lossPoints(d.rs, 'au')).toBe(80);
    expect(brokenCount(d.rs, 'au').lost).toBe(1);
  });

  it('the crew cannot come back to captured guns: no order may be placed on them', () => {
    const { s, d } = charged();
    const ch = toChange(d);
    const after = { ...s, battle: ch.battle, ruleset: ch.ruleset } as NwGameState;
    const r = applyCommand(M, after, { type: 'placeOrder', side: 'au', unitId: 'au-guns', order: 'deploy', generalId: 'g-au' });
    expect(isRejection(r)).toBe(true);
    expect(r).toMatchObject({ code: 'captured', message: expect.stringMatching(/held by the enemy: their crew cannot come back/) });
  });
});

describe('When the captors spike the guns (NW Orders/Deploy: "Spike captured artillery pieces")', () => {
  it('a Deploy action of the unit in contact spikes them, and spends that action', () => {
    const { d, events } = charged();
    deployOrder(d, 'fr-cav', 'fr');
    const r = applyDeploy(d, findUnit(d.battle, 'fr-cav')!, { action: 'spike-guns', gunsId: 'au-guns' }, false);
    expect(r).toBeUndefined();
    expect(d.rs.units['au-guns']!.spiked).toBe(true);
    expect(gunsState(d.rs.units['au-guns']!)).toBe('spiked');
    expect(events.find((e) => e.type === 'GunsSpiked')).toMatchObject({ unit: 'au-guns', by: 'fr-cav' });
    expect(d.rs.orders['fr-cav']!.deployActionsUsed).toBe(1);
  });

  it('spiked guns are lost for good: when the captors leave and friends come back they are not retaken', () => {
    const { d, events } = charged();
    deployOrder(d, 'fr-cav', 'fr');
    applyDeploy(d, findUnit(d.battle, 'fr-cav')!, { action: 'spike-guns', gunsId: 'au-guns' }, false);
    captorsLeave(d);
    friendsReturn(d);
    toChange(d);
    expect(d.rs.units['au-guns']!.status).toBe('captured');
    expect(events.some((e) => e.type === 'GunsRetaken')).toBe(false);
    expect(lossPoints(d.rs, 'au')).toBe(80);
  });

  it('a unit not in contact with the guns cannot spike them', () => {
    const { d } = charged();
    deployOrder(d, 'fr-far', 'fr');
    const r = applyDeploy(d, findUnit(d.battle, 'fr-far')!, { action: 'spike-guns', gunsId: 'au-guns' }, false);
    expect(r).toMatchObject({ code: 'cannot-spike' });
    expect(r && 'message' in r ? r.message : '').toMatch(/not in contact/);
    expect(d.rs.units['au-guns']!.spiked).toBeUndefined();
  });

  it('guns merely abandoned (not yet captured) cannot be spiked, nor can a side spike its own guns', () => {
    const s = setup();
    const { d } = draftWith(s, []);
    d.rs.units['au-guns']!.abandoned = true;
    // Put the hussars base to base with the guns without a contact procedure: still only abandoned.
    d.battle = updateUnit(d.battle, 'fr-cav', (u) => translateUnit(u, 0, 4 * IN));
    deployOrder(d, 'fr-cav', 'fr');
    expect(applyDeploy(d, findUnit(d.battle, 'fr-cav')!, { action: 'spike-guns', gunsId: 'au-guns' }, false)).toMatchObject({ code: 'cannot-spike', message: expect.stringMatching(/have not been captured/) });
    deployOrder(d, 'au-inf', 'au');
    expect(applyDeploy(d, findUnit(d.battle, 'au-inf')!, { action: 'spike-guns', gunsId: 'au-guns' }, false)).toMatchObject({ code: 'cannot-spike', message: expect.stringMatching(/your own guns/) });
    expect(d.rs.units['au-guns']!.spiked).toBeUndefined();
  });
});

describe('When the captors leave the guns unspiked (RULINGS: retaken by friendly contact)', () => {
  it('a friendly unit in contact retakes them; the crew come back with a Deploy action and may fire from the next turn', () => {
    const { d, events } = charged();
    captorsLeave(d);
    friendsReturn(d);
    toChange(d);
    expect(events.find((e) => e.type === 'GunsRetaken')).toMatchObject({ unit: 'au-guns', by: 'au-inf' });
    expect(d.rs.units['au-guns']).toMatchObject({ status: 'active', abandoned: true });
    expect(d.rs.units['au-guns']!.capturedBy).toBeUndefined();
    expect(lossPoints(d.rs, 'au')).toBe(0);
    deployOrder(d, 'au-guns', 'au');
    expect(applyDeploy(d, findUnit(d.battle, 'au-guns')!, { action: 'recrew' }, false)).toBeUndefined();
    expect(d.rs.units['au-guns']).toMatchObject({ abandoned: false, recrewedTurn: d.turn });
  });

  it('while an enemy unit still touches them they stay captured, even with friends in contact', () => {
    const { d, events } = charged();
    friendsReturn(d);
    toChange(d);
    expect(d.rs.units['au-guns']!.status).toBe('captured');
    expect(events.some((e) => e.type === 'GunsRetaken')).toBe(false);
  });

  it('with no friend in contact, guns the captors left stay captured', () => {
    const { d } = charged();
    captorsLeave(d);
    toChange(d);
    expect(d.rs.units['au-guns']!.status).toBe('captured');
  });
});

describe('What the table shows of abandoned, captured and spiked guns (table adapter markers and inspector)', () => {
  const view = (d: Draft, s: NwGameState): G => {
    const ch = toChange(d);
    return viewFor(M, { ...s, battle: ch.battle, ruleset: ch.ruleset } as NwGameState, 'referee') as unknown as G;
  };
  it('Cap, then Spk, with the captor named in the inspector', () => {
    const { s, d } = charged();
    const T = napoleonicWarfare.table!;
    expect(T.markers!(view(d, s), 'au-guns').map((m) => m.text)).toContain('Cap');
    expect(T.inspect!(view(d, s), 'au-guns').find((l) => l.label === 'Guns')?.value).toMatch(/captured.*taken by fr-cav/);
    deployOrder(d, 'fr-cav', 'fr');
    applyDeploy(d, findUnit(d.battle, 'fr-cav')!, { action: 'spike-guns', gunsId: 'au-guns' }, false);
    expect(T.markers!(view(d, s), 'au-guns').map((m) => m.text)).toContain('Spk');
  });
  it('the unit in contact is offered the spike action in its Deploy menu', () => {
    const { s, d } = charged();
    deployOrder(d, 'fr-cav', 'fr');
    const g = view(d, s);
    const acting = { ...g, position: { ...g.position, step: 'initiative-side', actors: ['fr'], done: [] } } as unknown as G;
    const labels = napoleonicWarfare.table!.actions!(acting, 'fr', 'fr-cav').map((a) => a.label);
    expect(labels).toContain('Spike the captured guns of au-guns');
  });
});

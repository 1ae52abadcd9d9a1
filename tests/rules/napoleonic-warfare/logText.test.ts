// NW event log words (issue 5 "an event log that explains every roll"): each NW event becomes a
// sentence with unit names and inches; commands read as what the player did. Scripted dice.
import { describe, expect, it } from 'vitest';
import { battle, draftWith } from './harness';
import { describeNwCommand, describeNwEvent } from '../../../src/rules/napoleonic-warfare/logText';
import { resolveCharges, startCombat } from '../../../src/rules/napoleonic-warfare/charges';
import { resolveCombat } from '../../../src/rules/napoleonic-warfare/combat';
import { applyDeploy } from '../../../src/rules/napoleonic-warfare/commands';
import { moraleTest } from '../../../src/rules/napoleonic-warfare/morale';
import { inflictCasualties } from '../../../src/rules/napoleonic-warfare/core';
import { findUnit, updateUnit } from '../../../src/engine/battle';
import { registerable, type GameEvent } from '../../../src/engine/ruleset';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import { play, startHistory } from '../../../src/engine/history';
import { viewFor } from '../../../src/engine/view';
import { buildLog, logText } from '../../../src/ui/logModel';
import { namesFor } from '../../../src/ui/names';
import { plainNames } from '../../../src/ui/format';

const M = registerable(napoleonicWarfare);
const names = { piece: (id: string) => ({ fr1: '1/45e Ligne', au1: 'IR 4 Deutschmeister', 'g-fr': 'Friant' } as Record<string, string>)[id] ?? id, side: (id: string) => (id === 'fr' ? 'French' : id === 'au' ? 'Austrians' : id) };
const ev = (type: string, f: Record<string, unknown>): GameEvent => ({ type, rule: 'NW', ...f }) as GameEvent;

describe('NW events read as sentences (names, inches, what happened)', () => {
  it.each([
    [ev('UnitPushedBack', { unit: 'au1', by: 'fr1', distanceIn: 1 }), 'IR 4 Deutschmeister is pushed back 1" by 1/45e Ligne.'],
    [ev('UnitRouted', { unit: 'au1', distanceIn: 9.5 }), 'IR 4 Deutschmeister routs 9.5".'],
    [ev('MoraleFailed', { unit: 'au1', failedBy: 4, charging: false, result: { kind: 'rout', standsLost: 1 } }), 'IR 4 Deutschmeister fails its morale test by 4: it routs, losing 1 stand.'],
    [ev('MoraleStateChanged', { unit: 'fr1', from: 'good', to: 'disordered', cause: 'pushed back' }), '1/45e Ligne goes from Good Order to Disordered: pushed back.'],
    [ev('CasualtiesInflicted', { unit: 'au1', casualties: 5, standsLost: 1, standsLeft: 3, carried: 1, source: 'fire by 1/45e Ligne' }), 'IR 4 Deutschmeister suffers 5 casualties from fire by 1/45e Ligne, losing 1 stand (3 left); 1 carried towards the next stand.'],
    [ev('CloseCombatResolved', { a: 'fr1', b: 'au1', aScore: 7, bScore: 2, aStands: 4, bStands: 3, aLost: 0, bLost: 3, round: 1 }), 'Close combat, round 1: 1/45e Ligne (4 stands fighting, score 7) against IR 4 Deutschmeister (3 stands fighting, score 2). 1/45e Ligne suffers 0 casualties, IR 4 Deutschmeister 3 casualties.'],
    [ev('OrderPlaced', { unit: 'fr1', order: 'advance', general: 'g-fr' }), 'General Friant gives 1/45e Ligne an Advance order, face down.'],
    [ev('AmmunitionChanged', { unit: 'fr1', from: 'stocked', to: 'low', tens: 1 }), '1/45e Ligne rolled a "10" firing: it is now Low on ammunition (only half its stands fire).'],
    [ev('UnitSeparated', { unit: 'fr1', stands: ['fr1.s4'], gapIn: 1, cause: 'a stand was lost to fire', fragmented: true }), '1 stand of 1/45e Ligne is cut off from the rest of the unit, 1" away (a stand was lost to fire): the unit is Fragmented.'],
    [ev('GunsSpiked', { unit: 'au1', by: 'fr1' }), '1/45e Ligne spikes the captured guns of IR 4 Deutschmeister: they will never fire again.'],
    [ev('InitiativeChosen', { by: 'fr', initiative: 'au' }), 'The French give the Initiative to the Austrians, who move first.'],
  ])('%#: %s', (e, want) => {
    expect(describeNwEvent(e, names)).toBe(want);
  });

  it('an event it does not know is left to the generic line', () => {
    expect(describeNwEvent(ev('SomethingElse', { unit: 'fr1' }), names)).toBeUndefined();
  });
});

describe('Every event of a charge, a close combat, a morale failure and a separation has a sentence', () => {
  it('Fire and Flee charged, the guns captured and spiked; a combat with push back; a rout; a line cut in two', () => {
    const all: GameEvent[] = [];
    // Fire and Flee (NW Orders): canister 9, 9, 1, 1; charge dice 6, 6.
    const guns = draftWith(battle([
      { id: 'au-guns', side: 'au', arm: 'artillery', troopType: 'foot-artillery', x: 36, y: 24, facingDeg: -90, stands: 2 },
      { id: 'au-inf', side: 'au', x: 40.4, y: 24, facingDeg: -90 },
      { id: 'fr-cav', side: 'fr', arm: 'cavalry', troopType: 'hussar', x: 36, y: 20, facingDeg: 90, stands: 3 },
    ]), [9, 9, 1, 1, 6, 6]);
    guns.d.rs.orders['fr-cav'] = { unitId: 'fr-cav', side: 'fr', order: 'charge', generalId: 'g-fr', revealed: true, target: 'au-guns' };
    guns.d.rs.orders['au-guns'] = { unitId: 'au-guns', side: 'au', order: 'fire-and-flee', generalId: 'g-au', revealed: false };
    resolveCharges(guns.d);
    guns.d.rs.orders['fr-cav'] = { unitId: 'fr-cav', side: 'fr', order: 'deploy', generalId: 'g-fr', revealed: true };
    applyDeploy(guns.d, findUnit(guns.d.battle, 'fr-cav')!, { action: 'spike-guns', gunsId: 'au-guns' }, false);
    all.push(...guns.events);
    // Close combat: dice 6 v 1, fraction 9; then a morale test rolled 1 (fails by 3 or more).
    const cc = draftWith(battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', quality: 'line-2nd', x: 36, y: 24, facingDeg: -90 },
      { id: 'au2', side: 'au', x: 30, y: 24, facingDeg: -90 },
    ]), [6, 1, 9, 1]);
    startCombat(cc.d, 'fr1', 'au1', { charged: false, pursuing: false });
    resolveCombat(cc.d, cc.d.rs.combats[0]!, new Map());
    moraleTest(cc.d, 'au1', 'C', 'test');
    all.push(...cc.events);
    // A line that loses the stand joining it (NW §17).
    const sep = draftWith(battle([{ id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 }]), []);
    sep.d.battle = updateUnit(sep.d.battle, 'fr1', (u) => ({ ...u, stands: [...u.stands.filter((s) => s.id !== 'fr1.s3'), u.stands.find((s) => s.id === 'fr1.s3')!] }));
    inflictCasualties(sep.d, 'fr1', 4, 'fire', 'NW');
    all.push(...sep.events);
    const types = new Set(all.filter((e) => e.type !== 'DiceRolled').map((e) => e.type));
    for (const t of ['GunsAbandoned', 'GunsCaptured', 'GunsSpiked', 'CloseCombatJoined', 'CloseCombatResolved', 'UnitPushedBack', 'MoraleFailed', 'UnitSeparated']) expect(types).toContain(t);
    const missing = all.filter((e) => e.type !== 'DiceRolled' && describeNwEvent(e, plainNames) === undefined).map((e) => e.type);
    expect(missing).toEqual([]);
  });
});

describe('The log of a game uses the module\'s words for commands and events (ui/logModel with describeEvent)', () => {
  it('placing an order reads as a sentence, not as field names', () => {
    const s0 = battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 30, facingDeg: -90 },
    ], { generals: [{ id: 'g-fr', side: 'fr', x: 36, y: 17 }, { id: 'g-au', side: 'au', x: 36, y: 33 }] });
    const r = play(M, startHistory(s0, []), { type: 'placeOrder', side: 'fr', unitId: 'fr1', order: 'advance', generalId: 'g-fr' });
    if (!('history' in r)) throw new Error(r.message);
    const lines = logText(buildLog(r.history, 'referee', namesFor(M, viewFor(M, s0, 'referee')), M));
    expect(lines).toContain('French: General g-fr gives fr1 an Advance order (face down).');
    expect(lines).toContain('General g-fr gives fr1 an Advance order, face down.');
    expect(lines).toContain('An order marker is placed face down on fr1.');
  });

  it('commands name the unit and the distance', () => {
    const s0 = battle([{ id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 }]);
    expect(describeNwCommand(s0, { type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: -20, distanceIn: 6 })).toBe('French: fr1 advances 6" after a 20° wheel to the left.');
    expect(describeNwCommand(s0, { type: 'deployUnit', side: 'fr', unitId: 'fr1', action: 'change-formation', formation: 'road-column' })).toBe('French: fr1 changes formation into road column (Deploy).');
  });
});

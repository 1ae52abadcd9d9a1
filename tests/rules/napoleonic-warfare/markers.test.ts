// NW Sequence §11 order markers on the table: what the canvas draws must follow the game.
import { describe, expect, it } from 'vitest';
import { registerable } from '../../../src/engine/ruleset';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import { createSession, gameOf } from '../../../src/store/session';
import { createBattleTable } from '../../../src/store/table';
import type { NwGameState } from '../../../src/rules/napoleonic-warfare/types';
import type { Marker } from '../../../src/engine/ruleset';
import { scenarioObject } from './harness';

describe('When an Advance order has been carried out and the next Orders Phase begins (NW Sequence §11: orders are removed at the end of the turn)', () => {
  it('the table redraws the unit without its order marker, as the inspector says "Order: none"', () => {
    const session = createSession(null, [registerable(napoleonicWarfare)]);
    const scen = scenarioObject(
      [
        { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
        { id: 'au1', side: 'au', x: 36, y: 28, facingDeg: -90 },
      ],
      { generals: [{ id: 'g-fr', side: 'fr', x: 36, y: 17 }, { id: 'g-au', side: 'au', x: 36, y: 31 }] },
    );
    const started = session.getState().start({ scenarioText: JSON.stringify(scen), rulesetId: 'napoleonic-warfare', seed: 1 });
    expect(started.ok).toBe(true);
    const table = createBattleTable(session);
    // What the canvas last drew: the scene redraws its markers whenever the table's store changes.
    let drawn: readonly Marker[] = table.markers('fr1');
    table.store.subscribe(() => { drawn = table.markers('fr1'); });
    const send = (c: object) => {
      const rej = session.getState().dispatch(c as never);
      if (rej) throw new Error(`${rej.code}: ${rej.message}`);
    };
    send({ type: 'placeOrder', side: 'fr', unitId: 'fr1', order: 'advance', generalId: 'g-fr' });
    expect(drawn.map((m) => m.text)).toContain('Adv');
    const game = () => gameOf(session.getState().battle!) as NwGameState;
    for (let i = 0; i < 60 && !(game().position.turn === 2 && game().position.step === 'place-orders'); i++) {
      const s = game();
      const actor = s.position.actors.find((a) => !s.position.done.includes(a));
      if (s.position.step === 'choose-initiative' && actor) send({ type: 'chooseInitiative', side: actor, moveFirst: 'fr' });
      else if (s.position.step === 'initiative-side' && actor === 'fr' && !s.ruleset.units['fr1']!.movedThisTurn) send({ type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0, distanceIn: 3 });
      else if (actor) send({ type: 'endStep', side: actor });
    }
    expect(game().position).toMatchObject({ turn: 2, step: 'place-orders' });
    expect(game().ruleset.orders['fr1']).toBeUndefined();
    expect(drawn.some((m) => m.kind === 'order')).toBe(false);
  });
});

/** One view per (history entry, viewer): the panels and the table share it instead of each building their own. */
import { describe, expect, it } from 'vitest';
import { createSession, viewOf } from '../../src/store/session';
import { skirmishModule } from '../engine/fixtures/skirmish';
import { fixtureScenarioText } from '../engine/fixtures/helpers';

describe('viewOf', () => {
  it('builds a view once per history entry and viewer, and a new one after a command or for another viewer', () => {
    const session = createSession(null, [skirmishModule]);
    expect(session.getState().start({ scenarioText: fixtureScenarioText(), rulesetId: skirmishModule.id, seed: 3 })).toEqual({ ok: true });
    const b0 = session.getState().battle!;
    const blue = viewOf(b0, 'blue');
    expect(viewOf(b0, 'blue')).toBe(blue);
    expect(viewOf(session.getState().battle!, 'blue')).toBe(blue);
    expect(viewOf(b0, 'red')).not.toBe(blue);
    expect(viewOf(b0, 'red')).toBe(viewOf(b0, 'red'));
    expect(session.getState().dispatch({ type: 'placeOrder', side: 'blue', unit: 'b1', order: 'advance' })).toBeNull();
    const b1 = session.getState().battle!;
    const after = viewOf(b1, 'blue');
    expect(after).not.toBe(blue);
    expect(viewOf(b1, 'blue')).toBe(after);
    // Undo goes back to the first position: its view is the one built before.
    expect(session.getState().undo()).toBeNull();
    expect(viewOf(session.getState().battle!, 'blue')).toBe(blue);
  });
});

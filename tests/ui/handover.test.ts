/** Who looks at the screen: solo referee, or the hot-seat side to act with a hand-over between. */
import { describe, expect, it } from 'vitest';
import { decideViewer, hasHiddenInformation, hiddenInPlay, NOBODY, waitingSides, type ViewerInput } from '../../src/ui/handover';
import { startHistory, play } from '../../src/engine/history';
import { isRejection } from '../../src/engine/command';
import { fixtureGame } from '../engine/fixtures/helpers';
import { skirmishModule } from '../engine/fixtures/skirmish';

const base: ViewerInput = { mode: 'hotseat', hidden: true, viewer: 'blue', pending: null, waiting: ['blue'], over: false };

describe('hand-over decisions', () => {
  it('solo: the referee looks, whoever acts', () => {
    expect(decideViewer({ ...base, mode: 'solo', viewer: 'referee', waiting: ['red'] })).toEqual({ kind: 'stay' });
    expect(decideViewer({ ...base, mode: 'solo', viewer: 'blue' })).toEqual({ kind: 'switch', viewer: 'referee' });
  });

  it('hot-seat: stays while the viewer still has to act (a simultaneous step included)', () => {
    expect(decideViewer(base)).toEqual({ kind: 'stay' });
    expect(decideViewer({ ...base, waiting: ['red', 'blue'] })).toEqual({ kind: 'stay' });
  });

  it('hot-seat with hidden information: hands over when the side to act changes', () => {
    expect(decideViewer({ ...base, waiting: ['red'] })).toEqual({ kind: 'handover', to: 'red' });
    // The other side has ended its part of a simultaneous step: the remaining side gets the screen.
    expect(decideViewer({ ...base, viewer: 'red', waiting: ['blue'] })).toEqual({ kind: 'handover', to: 'blue' });
  });

  it('hot-seat without hidden information: switches at once, no hand-over screen', () => {
    expect(decideViewer({ ...base, hidden: false, waiting: ['red'] })).toEqual({ kind: 'switch', viewer: 'red' });
  });

  it('keeps the hand-over screen up until that side says who they are, and retargets it if play moved on', () => {
    expect(decideViewer({ ...base, viewer: NOBODY, pending: 'red', waiting: ['red'] })).toEqual({ kind: 'stay' });
    expect(decideViewer({ ...base, viewer: NOBODY, pending: 'red', waiting: ['blue'] })).toEqual({ kind: 'handover', to: 'blue' });
  });

  it('a battle resumed or started in hot-seat is handed to the side to act first', () => {
    expect(decideViewer({ ...base, viewer: NOBODY, waiting: ['blue', 'red'] })).toEqual({ kind: 'handover', to: 'blue' });
    expect(decideViewer({ ...base, viewer: 'referee', waiting: ['red'] })).toEqual({ kind: 'handover', to: 'red' });
  });

  it('at the end of the battle everything is shown', () => {
    expect(decideViewer({ ...base, over: true, waiting: [] })).toEqual({ kind: 'switch', viewer: 'referee' });
    expect(decideViewer({ ...base, over: true, pending: 'red', viewer: NOBODY, waiting: [] })).toEqual({ kind: 'switch', viewer: 'referee' });
  });

  it('knows a ruleset with a view or secret steps has hidden information', () => {
    expect(hasHiddenInformation(skirmishModule)).toBe(true);
    const open = { ...skirmishModule, view: undefined, sequence: { ...skirmishModule.sequence, phases: skirmishModule.sequence.phases.map((p) => ({ ...p, steps: p.steps.map((s) => ({ ...s, secret: false })) })) } };
    expect(hasHiddenInformation(open)).toBe(false);
  });

  it('knows hidden information is in play: a secret step now, or a private event in the log (SK §1)', () => {
    const g = fixtureGame(3);
    let h = startHistory(g.state, g.events);
    expect(hiddenInPlay(skirmishModule, h, ['blue', 'red'])).toBe(true); // the orders step is secret
    const open = { ...skirmishModule, view: undefined, sequence: { ...skirmishModule.sequence, phases: skirmishModule.sequence.phases.map((p) => ({ ...p, steps: p.steps.map((s) => ({ ...s, secret: false })) })) } };
    expect(hiddenInPlay(open, h, ['blue', 'red'])).toBe(false);
    // Once both sides have ended the secret step, Blue's order stays private in the log.
    for (const side of ['blue', 'red']) {
      const r = play(skirmishModule, h, side === 'blue' ? { type: 'placeOrder', side, unit: 'b1', order: 'hold' } : { type: 'endStep', side });
      if (isRejection(r)) throw new Error(r.message);
      h = r.history;
    }
    const r = play(skirmishModule, h, { type: 'endStep', side: 'blue' });
    if (isRejection(r)) throw new Error(r.message);
    expect(r.history.entries.at(-1)!.state.position.phase).not.toBe('orders');
    expect(hiddenInPlay(skirmishModule, r.history, ['blue', 'red'])).toBe(true);
  });

  it('lists the sides still to act', () => {
    expect(waitingSides({ actors: ['blue', 'red'], done: ['blue'] })).toEqual(['red']);
  });
});

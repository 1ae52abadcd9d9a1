/**
 * Napoleonic Warfare: the event log explains every charge event in a sentence.
 */
import { describe, expect, it } from 'vitest';
import { type GameEvent } from '../../../src/engine/ruleset';
import { describeNwEvent } from '../../../src/rules/napoleonic-warfare/logText';

describe('The event log explains the new charge events (issue 5: "every roll explained")', () => {
  const names = { piece: (id: string) => id, side: (id: string) => id };
  const ev = (type: string, f: Record<string, unknown>) => ({ type, ...f }) as unknown as GameEvent;
  it.each([
    [ev('ChargeWheeled', { unit: 'fr1', degrees: -30, costIn: 4.2 }), 'fr1 wheels 30° to the left as its charge starts (4.2" of its move).'],
    [ev('ChargerCaught', { unit: 'fr1', by: 'au2', ownTarget: 'au1' }), 'fr1 is caught by au2 before it reaches au1, and is halted.'],
    [ev('SquareNotFormed', { unit: 'au1', reason: 'squares are not allowed in dense terrain' }), 'au1 cannot form square: squares are not allowed in dense terrain.'],
  ])('%o', (e, want) => {
    expect(describeNwEvent(e as never, names)).toBe(want);
  });
});

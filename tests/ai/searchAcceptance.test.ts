/**
 * The search player keeps a change of script only when playouts score it better on every
 * determinisation of what its side cannot see, and better on their mean by MIN_GAIN (src/ai
 * README, searchPlayer.ts): a change that wins on one fill of the hidden parts and loses on
 * another is a bet on what cannot be seen.
 */
import { describe, expect, it } from 'vitest';
import type { Command } from '../../src/engine/command';
import { betterEverywhere, distinctScripts, MIN_GAIN } from '../../src/ai/searchPlayer';

const mean = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;

describe('The search player compares assignments determinisation by determinisation', () => {
  it('keeps a change that is better on every determinisation by more than MIN_GAIN on the mean', () => {
    expect(betterEverywhere([1, 2], [0.5, 1.5], mean)).toBe(true);
  });
  it('refuses a change whose mean is better but which loses on one determinisation', () => {
    expect(betterEverywhere([5, -1], [0, 0], mean)).toBe(false);
  });
  it('refuses a change that only ties on one determinisation', () => {
    expect(betterEverywhere([1, 0], [0, 0], mean)).toBe(false);
  });
  it('refuses a change better everywhere by less than MIN_GAIN on the mean', () => {
    const d = MIN_GAIN / 4;
    expect(betterEverywhere([d, d], [0, 0], mean)).toBe(false);
  });
});

describe('The search player scores only scripts that change what an actor does now', () => {
  const move = (x: number): Command => ({ type: 'moveUnit', side: 'a', unitId: 'u1', x });
  const given: Record<string, Command[]> = { attack: [move(1)], advance: [move(1)], hold: [], withdraw: [move(-1)] };
  it('keeps the held script first and one script for each other list of commands', () => {
    expect(distinctScripts(['attack', 'advance', 'hold', 'withdraw'], 'advance', (s) => given[s]!)).toEqual(['advance', 'hold', 'withdraw']);
  });
  it('leaves an actor whose scripts all give the same commands with its held script alone', () => {
    expect(distinctScripts(['attack', 'advance'], 'attack', (s) => given[s]!)).toEqual(['attack']);
  });
});

import { legalFor } from '../../src/engine/lookahead';
import { describe, expect, it } from 'vitest';
import { chooseCommand, playRandom } from '../../src/ai/randomPlayer';
import { makeSampler } from '../../src/ai/sampler';
import { currentState, startHistory } from '../../src/engine/history';
import { stateHash } from '../../src/engine/hash';
import { fixtureGame } from '../engine/fixtures/helpers';
import { skirmishModule as M } from '../engine/fixtures/skirmish';

describe('sampler', () => {
  it('is seeded and stays in range', () => {
    const a = makeSampler(4), b = makeSampler(4);
    const xs = Array.from({ length: 200 }, () => a.float(-2, 3));
    expect(xs).toEqual(Array.from({ length: 200 }, () => b.float(-2, 3)));
    expect(xs.every((x) => x >= -2 && x < 3)).toBe(true);
    const s = makeSampler(1);
    const ints = new Set(Array.from({ length: 300 }, () => s.int(2, 5)));
    expect([...ints].sort()).toEqual([2, 3, 4, 5]);
    expect(() => s.pick([])).toThrow();
  });
});

describe('random legal player', () => {
  it('plays only commands the engine accepts, for a side that must act', () => {
    const { state } = fixtureGame(2);
    const c = chooseCommand(M, state, 'blue', makeSampler(1));
    expect(c).toBeDefined();
    expect(c!.command.side).toBe('blue');
    expect(chooseCommand(M, { ...state, position: { ...state.position, actors: ['red'] } }, 'blue', makeSampler(1))).toBeUndefined();
  });

  it('samples continuous moves (distinct distances and directions)', () => {
    const { state } = fixtureGame(2);
    const s = { ...state, position: { ...state.position, phase: 'move', step: 'move' }, ruleset: { ...state.ruleset as object, orders: { b1: 'advance' } } } as typeof state;
    const sampler = makeSampler(5);
    const moves = Array.from({ length: 20 }, () => legalFor(M, s, 'blue', sampler)[0]!);
    expect(new Set(moves.map((m) => `${String(m.dx)},${String(m.dy)}`)).size).toBe(20);
  });

  it('plays a whole battle to a result, deterministically for a given seed', () => {
    const g = fixtureGame(6);
    const a = playRandom(M, startHistory(g.state, g.events), makeSampler(77));
    const b = playRandom(M, startHistory(g.state, g.events), makeSampler(77));
    expect(a.stoppedBy).toBe('result');
    expect(currentState(a.history).result).toBeDefined();
    expect(stateHash(currentState(a.history))).toBe(stateHash(currentState(b.history)));
  });

  it('stops at a turn limit of its own, leaving a resumable game', () => {
    const g = fixtureGame(6);
    const a = playRandom(M, startHistory(g.state, g.events), makeSampler(1), { maxTurns: 2 });
    expect(a.stoppedBy).toBe('turns');
    expect(currentState(a.history).position.turn).toBe(3);
    const more = playRandom(M, a.history, makeSampler(2));
    expect(more.stoppedBy).toBe('result');
  });
});

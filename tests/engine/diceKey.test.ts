/**
 * Dice that cannot be farmed (engine seed.ts, seedings 3 and 4): each command rolls from a stream
 * of (the game's secret key, hash of every command so far) — under 3 the key is the 32-bit seed,
 * under 4 (new games) 128 bits, through SipHash-2-4. The same key and
 * commands give the same battle; spending a roll on something else does not push a known face
 * on to the next roll; and what a hot-seat player can see — the views, the log and every face
 * rolled so far, without the key — does not foretell the next faces.
 */
import { describe, expect, it } from 'vitest';
import { applyCommand, createGame, type Applied } from '../../src/engine/game';
import { isRejection, type AnyEvent, type Command } from '../../src/engine/command';
import { commandLog, currentState, startHistory } from '../../src/engine/history';
import { replay } from '../../src/engine/replay';
import { stateHash } from '../../src/engine/hash';
import type { GameState } from '../../src/engine/state';
import { keyFromBytes, keyFromSeed, sipHash24, streamWords4, type SeedingVersion } from '../../src/engine/seed';
import { viewFor } from '../../src/engine/view';
import { playRandom } from '../../src/ai/randomPlayer';
import { makeSampler } from '../../src/ai/sampler';
import { fixtureGame } from './fixtures/helpers';
import { skirmishModule as M } from './fixtures/skirmish';

const faces = (events: readonly AnyEvent[]): number[] => events.filter((e) => e.type === 'DiceRolled').flatMap((e) => (e as unknown as { faces: number[] }).faces);

function gameWith(seed: number, seeding: SeedingVersion) {
  const setup = fixtureGame(1).state.battle;
  const g = createGame(M, { setup, seed, seeding });
  if (!g.ok) throw new Error(g.problems[0]!.message);
  return { setup, state: g.state, events: g.events };
}

/** A position where two different fire commands are legal, reached by random play. */
function twoShots(seed: number, seeding: SeedingVersion): { state: GameState; a: Command; b: Command } | undefined {
  const g = gameWith(seed, seeding);
  let found: { state: GameState; a: Command; b: Command } | undefined;
  playRandom(M, startHistory(g.state, g.events), makeSampler(seed), {
    maxTurns: 6,
    onApplied: (_c, applied) => {
      if (found) return;
      const s = applied.state;
      const side = s.position.actors.find((x) => !s.position.done.includes(x));
      if (!side) return;
      const shots = M.legalCommands(viewFor(M, s, side) as never, side, makeSampler(1)).filter((c) => c.type === 'fireAt');
      const [a, b] = shots;
      if (a && b && !isRejection(applyCommand(M, s, a)) && !isRejection(applyCommand(M, s, b))) found = { state: s, a, b };
    },
  });
  return found;
}

const must = (r: Applied | ReturnType<typeof applyCommand>): Applied => {
  if (isRejection(r)) throw new Error(r.message);
  return r;
};

describe('Seeding 3: the same key and the same commands replay identically', () => {
  it('two replays of one log under one key give the same faces and hash; another key gives another battle', () => {
    const g = gameWith(77, 3);
    const game = playRandom(M, startHistory(g.state, g.events), makeSampler(5), { maxTurns: 4 });
    const log = commandLog(game.history);
    const again = [replay(M, { setup: g.setup, seed: 77, seeding: 3 }, log), replay(M, { setup: g.setup, seed: 77, seeding: 3 }, log)];
    for (const r of again) {
      expect(r.ok).toBe(true);
      if (r.ok) expect(stateHash(currentState(r.history))).toBe(stateHash(currentState(game.history)));
    }
    expect(faces(game.events).length).toBeGreaterThan(5);
    const other = replay(M, { setup: g.setup, seed: 78, seeding: 3 }, log);
    // Another key: the same commands may not even be legal; if they are, the dice differ.
    if (other.ok) expect(other.history.entries.flatMap((e) => faces(e.events))).not.toEqual(game.history.entries.flatMap((e) => faces(e.events)));
  });
});

describe('Seeding 3: a roll spent elsewhere does not move a known face on', () => {
  it('under seeding 2 the faces a shot would roll are the faces another shot rolls instead; under 3 they are not', () => {
    let moved2 = 0, moved3 = 0, trials = 0;
    for (let seed = 1; seed <= 30 && trials < 8; seed++) {
      const two = twoShots(seed, 2), three = twoShots(seed, 3);
      if (!two || !three) continue;
      trials++;
      for (const [pos, count] of [[two, 2], [three, 3]] as const) {
        const alone = faces(must(applyCommand(M, pos.state, pos.a)).events);
        const spent = faces(must(applyCommand(M, pos.state, pos.b)).events);
        const n = Math.min(alone.length, spent.length);
        // The bad faces foreseen for shot a, when b is fired first, land on b.
        if (n > 0 && alone.slice(0, n).join() === spent.slice(0, n).join()) {
          if (count === 2) moved2++;
          else moved3++;
        }
      }
    }
    expect(trials).toBeGreaterThan(3);
    expect(moved2).toBe(trials); // the old leak, shown: one stream for the whole game
    expect(moved3).toBeLessThan(trials / 2); // a stream per command: chance agreement only
  });
});

describe('Seeding 3: the key is not in what a hot-seat player sees', () => {
  it('no view holds the key or the chain, and replaying the visible log with guessed keys does not foretell the next faces', () => {
    const key = 0x5eed_1234;
    const g = gameWith(key, 3);
    const game = playRandom(M, startHistory(g.state, g.events), makeSampler(12), { maxTurns: 3 });
    const now = currentState(game.history);
    for (const side of now.battle.sides.map((s) => s.id)) {
      const seen = JSON.stringify(viewFor(M, now, side));
      expect(seen).not.toContain(now.dice.chain!);
      expect(seen).not.toContain(String(key));
    }
    const pos = twoShots(9, 3)!;
    expect(pos).toBeDefined();
    const real = faces(must(applyCommand(M, pos.state, pos.a)).events);
    // An attacker with everything but the key: the state as it stands, with each guessed key.
    let hits = 0;
    const guesses = 300;
    for (let k = 1; k <= guesses; k++) {
      const guess = { ...pos.state, dice: { ...pos.state.dice, key: (key + k * 2654435761) >>> 0 } };
      if (faces(must(applyCommand(M, guess, pos.a)).events).join() === real.join()) hits++;
    }
    // A right guess is chance: far from every time (with the key it is every time).
    expect(faces(must(applyCommand(M, pos.state, pos.a)).events)).toEqual(real);
    expect(hits).toBeLessThan(guesses / 2);
  });
});

describe('Seeding 4: SipHash-2-4 as its authors publish it', () => {
  // The reference implementation's vectors: key 00 01 … 0f, message 00 01 … (n−1).
  const k0: [number, number] = [0x07060504, 0x03020100], k1: [number, number] = [0x0f0e0d0c, 0x0b0a0908];
  const hex = ([hi, lo]: [number, number]) => hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
  it.each([
    [0, '726fdb47dd0e0e31'],
    [8, '93f5f5799a932462'],
    [16, '3f2acc7f57c29bdb'],
  ])('a message of %i bytes', (n, want) => {
    const words: [number, number][] = [];
    for (let i = 0; i < n; i += 8) words.push([((i + 7) << 24) | ((i + 6) << 16) | ((i + 5) << 8) | (i + 4), ((i + 3) << 24) | ((i + 2) << 16) | ((i + 1) << 8) | i].map((x) => x >>> 0) as [number, number]);
    expect(hex(sipHash24(k0, k1, words))).toBe(want);
  });
  it('an independent 64-bit implementation agrees on random keys and three-word messages', () => {
    // Computed with a plain 64-bit SipHash-2-4 (Python integers), key bytes in hex, words as 64-bit values.
    const cases: [string, string[], string][] = [
      ['82b70eee7f1a5039bef07ec2347f066e', ['478c281d687c966c', 'ea959c212e9c82b1', 'c4069545de11cc9d'], 'a11ac6049bf0944a'],
      ['c7512447e3404300026b6e545594a065', ['e049548e8a0a8c96', 'a02fdaa1ad864c44', '2e81d66d346c6e2b'], '7599949d6f7db157'],
      ['64c4980bb8d4544a8721a99a01ad219e', ['d18a669a5af84e6b', '7b121dc54e5a3a26', '50d7d13fb2489191'], 'e5bcd8a6fdf96f42'],
    ];
    const le = (key: string, at: number): [number, number] => {
      const b = (i: number) => parseInt(key.slice((at + i) * 2, (at + i) * 2 + 2), 16);
      return [((b(7) << 24) | (b(6) << 16) | (b(5) << 8) | b(4)) >>> 0, ((b(3) << 24) | (b(2) << 16) | (b(1) << 8) | b(0)) >>> 0];
    };
    for (const [key, words, want] of cases) expect(hex(sipHash24(le(key, 0), le(key, 8), words.map((w) => [parseInt(w.slice(0, 8), 16), parseInt(w.slice(8), 16)] as [number, number])))).toBe(want);
  });
});

describe('Seeding 4: a 128-bit key', () => {
  it('a new game uses seeding 4; a number seed derives its key, so the same seed is the same battle', () => {
    const a = gameWith(77, 4), b = gameWith(77, 4);
    expect(a.state.seeding).toBe(4);
    expect(a.state.dice.key).toBe(keyFromSeed(77));
    expect(stateHash(a.state)).toBe(stateHash(b.state));
    const game = playRandom(M, startHistory(a.state, a.events), makeSampler(5), { maxTurns: 4 });
    const log = commandLog(game.history);
    const again = replay(M, { setup: a.setup, seed: 77 }, log);
    expect(again.ok && stateHash(currentState(again.history))).toBe(stateHash(currentState(game.history)));
    expect(keyFromSeed(77)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyFromSeed(78)).not.toBe(keyFromSeed(77));
  });

  it('a random key is 128 bits, is used as given, and replays only with itself', () => {
    const key = keyFromBytes([0x3b, 0x91, 0x07, 0xee, 0x10, 0x5a, 0xc4, 0x7d, 0x22, 0x81, 0xf0, 0x09, 0x6e, 0xd3, 0x44, 0xb8]);
    expect(key).toBe('3b9107ee105ac47d2281f0096ed344b8');
    const setup = fixtureGame(1).state.battle;
    const g = createGame(M, { setup, seed: 77, key });
    if (!g.ok) throw new Error(g.problems[0]!.message);
    expect(g.state.dice.key).toBe(key);
    const game = playRandom(M, startHistory(g.state, g.events), makeSampler(5), { maxTurns: 4 });
    const log = commandLog(game.history);
    const mine = replay(M, { setup, seed: 77, key }, log);
    expect(mine.ok && stateHash(currentState(mine.history))).toBe(stateHash(currentState(game.history)));
    // The same seed without the key, or a key one bit away: another battle.
    const withoutKey = replay(M, { setup, seed: 77 }, log);
    if (withoutKey.ok) expect(stateHash(currentState(withoutKey.history))).not.toBe(stateHash(currentState(game.history)));
    const bitAway = replay(M, { setup, seed: 77, key: `${key.slice(0, 31)}${(parseInt(key[31]!, 16) ^ 1).toString(16)}` }, log);
    if (bitAway.ok) expect(stateHash(currentState(bitAway.history))).not.toBe(stateHash(currentState(game.history)));
    expect(withoutKey.ok || bitAway.ok).toBe(true);
  });

  it('a bad key or a key with an older seeding is refused with its path', () => {
    const setup = fixtureGame(1).state.battle;
    for (const key of ['3b9107ee', '3B9107EE105AC47D2281F0096ED344B8', 'zz9107ee105ac47d2281f0096ed344b8']) {
      const g = createGame(M, { setup, seed: 1, key });
      expect(g.ok || g.problems.map((p) => p.path)).toEqual(['$.key']);
    }
    const old = createGame(M, { setup, seed: 1, seeding: 3, key: keyFromSeed(1) });
    expect(old.ok || old.problems.map((p) => p.path)).toEqual(['$.key']);
  });

  it('one bit of key or chain changes about half the bits of a stream (the streams of neighbouring keys and commands share nothing)', () => {
    const bits = (ws: number[]) => ws.reduce((a, w) => a + (w >>> 0).toString(2).replace(/0/g, '').length, 0);
    let flipped = 0, n = 0;
    const base = keyFromSeed(9);
    for (let i = 0; i < 128; i++) {
      const nib = i >> 2;
      const key = base.slice(0, nib) + (parseInt(base[nib]!, 16) ^ (1 << (i & 3))).toString(16) + base.slice(nib + 1);
      const a = streamWords4(base, '0123456789abcdef'), b = streamWords4(key, '0123456789abcdef');
      flipped += bits(a.map((w, j) => w ^ b[j]!));
      n += 128;
    }
    expect(flipped / n).toBeGreaterThan(0.45);
    expect(flipped / n).toBeLessThan(0.55);
  });

  it('under seeding 4 a roll spent elsewhere does not move a known face on', () => {
    let same = 0, trials = 0;
    for (let seed = 1; seed <= 30 && trials < 8; seed++) {
      const pos = twoShots(seed, 4);
      if (!pos) continue;
      trials++;
      const alone = faces(must(applyCommand(M, pos.state, pos.a)).events);
      const spent = faces(must(applyCommand(M, pos.state, pos.b)).events);
      const n = Math.min(alone.length, spent.length);
      if (n > 0 && alone.slice(0, n).join() === spent.slice(0, n).join()) same++;
    }
    expect(trials).toBeGreaterThan(3);
    expect(same).toBeLessThan(trials / 2);
  });

  it('no view holds the key or the chain', () => {
    const key = '00112233445566778899aabbccddeeff';
    const setup = fixtureGame(1).state.battle;
    const g = createGame(M, { setup, seed: 3, key });
    if (!g.ok) throw new Error(g.problems[0]!.message);
    const game = playRandom(M, startHistory(g.state, g.events), makeSampler(12), { maxTurns: 3 });
    const now = currentState(game.history);
    for (const side of [...now.battle.sides.map((s) => s.id), 'referee']) {
      const seen = JSON.stringify(viewFor(M, now, side));
      expect(seen).not.toContain(key);
      expect(seen).not.toContain(now.dice.chain!);
    }
    expect(JSON.stringify(game.events)).not.toContain(key);
  });
});

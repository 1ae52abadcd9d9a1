/**
 * The random player's own seeded generator. Separate from the game's dice: choosing a command
 * never consumes a die, so the same log replays the same rolls whoever chose the commands.
 *
 * Its seed is expanded like the dice's (engine seed.ts), and a player's seed is derived from the
 * battle's by hashing (`playerSeed`), never by XOR: the player's choices are then independent of
 * the rolls it will meet (tests/engine/seeding.test.ts measures it).
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { Sampler } from '../engine/ruleset';
import { deriveSeed, expandSeed } from '../engine/seed';

export function makeSampler(seed: number): Sampler {
  const rng = xoroshiro128plusFromState(expandSeed(seed >>> 0));
  const unit = (): number => uniformInt(rng, 0, 0x3fffffff) / 0x40000000; // [0, 1)
  return {
    int: (lo, hi) => (hi <= lo ? lo : uniformInt(rng, Math.ceil(lo), Math.floor(hi))),
    float: (lo, hi) => lo + (hi - lo) * unit(),
    pick: <X>(xs: readonly X[]): X => {
      if (xs.length === 0) throw new RangeError('pick from an empty list');
      return xs[uniformInt(rng, 0, xs.length - 1)]!;
    },
    chance: (p) => unit() < p,
  };
}

/** The stream name of the random player's choices. */
export const RANDOM_PLAYER_STREAM = 'random-player';

/** The random player's seed for a battle on `battleSeed` (player `index`, 0 for the first). */
export const playerSeed = (battleSeed: number, index = 0): number => deriveSeed(battleSeed, index, RANDOM_PLAYER_STREAM);

/**
 * The random player's own seeded generator. Separate from the game's dice: choosing a command
 * never consumes a die, so the same log replays the same rolls whoever chose the commands.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { Sampler } from '../engine/ruleset';

export function makeSampler(seed: number): Sampler {
  const rng = xoroshiro128plus(seed | 0);
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

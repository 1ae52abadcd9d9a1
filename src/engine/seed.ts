/**
 * Seeds. A seed is an unsigned 32-bit integer chosen by a player, a test or a batch; it never
 * goes into a generator raw. pure-rand's `xoroshiro128plus(seed)` starts from the state
 * (−1, ~seed, seed, 0), so its first outputs are a linear function of the seed (the first d10
 * of seeds 1…12 read 7 6 5 4 3 2 1 10 9 8 7 6, the first 2d6 was always even) and consecutive
 * seeds stay related far into a battle. Instead:
 *
 *   - `expandSeed(seed)` runs SplitMix64 (Steele, Lea and Flood 2014, the seeding routine the
 *     xoroshiro authors recommend) from the seed and fills all four 32-bit state words with
 *     its first two 64-bit outputs, so every bit of the seed reaches every bit of the state;
 *   - `deriveSeed(master, index, stream)` gives every other stream its own seed — the random
 *     player's, each battle of a batch — by hashing (master seed, index, stream name) through
 *     the SplitMix64 finaliser. Never by XOR with a constant: XOR keeps a linear relation
 *     between two generators started from related seeds.
 *
 * `SeedingVersion` records which a game used: version 1 (the raw seed, every save written
 * before this file existed; a save without a seeding field is version 1), version 2 (expanded
 * once, one stream for the whole game) or version 3 (below). A game keeps its version for life
 * so that an old save replays to its hash.
 *
 * Version 3: dice that cannot be farmed. Under version 2 the stream did not depend on the
 * commands, so whoever knew the seed knew the next faces, and a bad one could be spent on a
 * roll that did not matter. Under version 3 the seed is the game's secret key, and the dice of
 * each command are drawn from a stream of their own, started from (key, chain) where the chain
 * is a hash of every command given so far, this one included (`chainNext`). Spend a roll on
 * something else and the chain — and every later stream — is different; without the key no
 * stream can be foreseen. The chain and key live in the dice state, which no view shows.
 *
 * 64-bit arithmetic is done in BigInt: seeding happens once per game or stream, never per roll.
 */
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/**
 * 1: the seed used raw (saves from before expansion). 2: expanded with SplitMix64. 3: the seed
 * is a key, and each command's dice come from (key, hash of the commands so far).
 */
export type SeedingVersion = 1 | 2 | 3;

/** The seeding a new game uses. */
export const SEEDING_VERSION: SeedingVersion = 3;

export const isSeedingVersion = (v: unknown): v is SeedingVersion => v === 1 || v === 2 || v === 3;

const MASK64 = (1n << 64n) - 1n;
const GOLDEN_GAMMA = 0x9e3779b97f4a7c15n;

/** The SplitMix64 output function (Stafford's "Mix13"): a bijective avalanche on 64 bits. */
export function mix64(z: bigint): bigint {
  let x = z & MASK64;
  x = ((x ^ (x >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
  x = ((x ^ (x >> 27n)) * 0x94d049bb133111ebn) & MASK64;
  return x ^ (x >> 31n);
}

/** The first `n` outputs of SplitMix64 started from `seed`. */
export function splitMix64(seed: bigint, n: number): bigint[] {
  const out: bigint[] = [];
  let s = seed & MASK64;
  for (let i = 0; i < n; i++) {
    s = (s + GOLDEN_GAMMA) & MASK64;
    out.push(mix64(s));
  }
  return out;
}

const int32 = (x: bigint): number => Number(BigInt.asIntN(32, x));

/**
 * The xoroshiro128+ state words for a seed, in pure-rand's order [s0 high, s0 low, s1 high,
 * s1 low] as signed 32-bit integers (what `getState()` returns, so the JSON is the same shape).
 */
export function expandSeed(seed: number): number[] {
  const [a, b] = splitMix64(BigInt(seed >>> 0), 2) as [bigint, bigint];
  // xoroshiro's state must not be all zero; SplitMix64's two outputs both being zero cannot
  // happen for a 32-bit seed, but the guard costs nothing.
  const words = [int32(a >> 32n), int32(a), int32(b >> 32n), int32(b)];
  return words.every((w) => w === 0) ? [0, 1, 0, 0] : words;
}

/** The generator's starting words for `seed` under a seeding version (3: the set-up's stream). */
export function seedWords(seed: number, version: SeedingVersion): number[] {
  return version === 1 ? [...xoroshiro128plus(seed | 0).getState()] : version === 2 ? expandSeed(seed) : streamWords(seed, chainStart(seed));
}

const hex64 = (x: bigint): string => x.toString(16).padStart(16, '0');

/** Seeding 3: the chain before any command (the set-up's), from the key alone. */
export function chainStart(key: number): string {
  return hex64(mix64(mix64(BigInt(key >>> 0) + GOLDEN_GAMMA) ^ streamHash('dice chain')));
}

/**
 * Seeding 3: the chain after one more command, from the chain before and the command's
 * canonical JSON (the caller hashes it: `fnv1a64` of `canonicalJson(command)`, 16 hex digits).
 */
export function chainNext(chain: string, commandHash: string): string {
  return hex64(mix64(BigInt(`0x${chain}`) ^ mix64(BigInt(`0x${commandHash}`) + GOLDEN_GAMMA)));
}

/** Seeding 3: the generator words for the stream of `chain` under `key`. */
export function streamWords(key: number, chain: string): number[] {
  const start = mix64(mix64(BigInt(key >>> 0) ^ GOLDEN_GAMMA) ^ BigInt(`0x${chain}`));
  const [a, b] = splitMix64(start, 2) as [bigint, bigint];
  const words = [int32(a >> 32n), int32(a), int32(b >> 32n), int32(b)];
  return words.every((w) => w === 0) ? [0, 1, 0, 0] : words;
}

/** FNV-1a 64 of a stream name's UTF-16 code units. */
function streamHash(stream: string): bigint {
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < stream.length; i++) {
    h ^= BigInt(stream.charCodeAt(i));
    h = (h * 0x100000001b3n) & MASK64;
  }
  return h;
}

/**
 * The seed of stream `stream`, number `index`, under the master seed: the random player of a
 * battle is `deriveSeed(seed, 0, 'random-player')`, battle i of a batch
 * `deriveSeed(batchSeed, i, 'battle')`. Each input goes through a full avalanche before the
 * next is mixed in, so neighbouring masters, indices or names give unrelated seeds.
 * Returns an unsigned 32-bit seed (valid for `seedDice` and the samplers).
 */
export function deriveSeed(master: number, index: number, stream: string): number {
  if (!Number.isInteger(master) || master < 0 || master > 0xffff_ffff) throw new RangeError(`a master seed is an integer from 0 to 4294967295, not ${String(master)}`);
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`a stream index is a whole number, not ${String(index)}`);
  let h = mix64(BigInt(master) + GOLDEN_GAMMA);
  h = mix64(h ^ ((BigInt(index) * GOLDEN_GAMMA) & MASK64));
  h = mix64(h ^ streamHash(stream));
  return Number(h >> 32n);
}

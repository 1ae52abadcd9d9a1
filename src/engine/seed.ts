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
 * Version 4: a key too long to search. Version 3's key was the 32-bit seed, and the streams came
 * from it through a non-cryptographic mix, so a player who wrote down the faces of a few rolls
 * could try all 2^32 keys offline and then foresee every roll. Under version 4 the key is 128
 * random bits (32 hex digits: `crypto.getRandomValues` in the app, node:crypto in the CLI), and
 * the chain and each command's stream are SipHash-2-4 (Aumasson and Bernstein 2012, a
 * pseudo-random function keyed with 128 bits) of (key; chain, command): faces seen say nothing
 * of the key, nor of any other command's stream, short of trying 2^128 keys. A game given only
 * a number seed (`--seed n`, tests) gets the key `keyFromSeed(seed)`, so it stays reproducible
 * — and as guessable as its seed, which is why the app and the CLI draw a random key.
 *
 * 64-bit arithmetic is done in BigInt where it runs once per game or stream; SipHash, which runs
 * three times per command, works on pairs of 32-bit halves.
 */
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/**
 * 1: the seed used raw (saves from before expansion). 2: expanded with SplitMix64. 3: the seed
 * is a key, and each command's dice come from (key, hash of the commands so far). 4: as 3 with a
 * 128-bit key and SipHash.
 */
export type SeedingVersion = 1 | 2 | 3 | 4;

/** The seeding a new game uses. */
export const SEEDING_VERSION: SeedingVersion = 4;

export const isSeedingVersion = (v: unknown): v is SeedingVersion => v === 1 || v === 2 || v === 3 || v === 4;

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

/** The generator's starting words for `seed` under seeding 1, 2 or 3 (3: the set-up's stream). */
export function seedWords(seed: number, version: Exclude<SeedingVersion, 4>): number[] {
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

/** Stream names hashed so far (a handful: 'battle', 'lookahead-dice', 'seeding 4 key'…). */
const STREAM_HASHES = new Map<string, bigint>();

/** FNV-1a 64 of a stream name's UTF-16 code units. */
function streamHash(stream: string): bigint {
  // PERF: the AI derives a look-ahead seed and a key for every command it tries; the names are few
  // and fixed, and hashing one is a BigInt multiply per character.
  let h = STREAM_HASHES.get(stream);
  if (h === undefined) {
    h = hashStreamName(stream);
    if (STREAM_HASHES.size < 256) STREAM_HASHES.set(stream, h);
  }
  return h;
}

function hashStreamName(stream: string): bigint {
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
  // PERF: mix64(master + γ), then mix64(h ^ index·γ), then mix64(h ^ streamHash(stream)), on
  // 32-bit halves (the BigInt definition is `deriveSeedBig`; tests/engine/seedHalves.test.ts
  // checks they agree). The AI derives a seed for every command it tries.
  add64(0, master, GAMMA_HI, GAMMA_LO);
  mix64Halves(H_HI, H_LO);
  const hHi = H_HI, hLo = H_LO;
  mul64(index >= 0x1_0000_0000 ? Math.floor(index / 0x1_0000_0000) >>> 0 : 0, index >>> 0, GAMMA_HI, GAMMA_LO);
  mix64Halves((hHi ^ H_HI) >>> 0, (hLo ^ H_LO) >>> 0);
  const [sHi, sLo] = streamHalves(stream);
  mix64Halves((H_HI ^ sHi) >>> 0, (H_LO ^ sLo) >>> 0);
  return H_HI;
}

/** `deriveSeed` in BigInt, as first written: the definition the halves must agree with. */
export function deriveSeedBig(master: number, index: number, stream: string): number {
  let h = mix64(BigInt(master) + GOLDEN_GAMMA);
  h = mix64(h ^ ((BigInt(index) * GOLDEN_GAMMA) & MASK64));
  h = mix64(h ^ hashStreamName(stream));
  return Number(h >> 32n);
}

// ---- 64-bit arithmetic on unsigned 32-bit halves (results in H_HI, H_LO) --------------------

const GAMMA_HI = 0x9e3779b9, GAMMA_LO = 0x7f4a7c15;
let H_HI = 0, H_LO = 0;

function add64(aHi: number, aLo: number, bHi: number, bLo: number): void {
  const lo = aLo + bLo;
  H_LO = lo >>> 0;
  H_HI = (aHi + bHi + (lo > 0xffff_ffff ? 1 : 0)) >>> 0;
}

/** (a · b) mod 2^64. */
function mul64(aHi: number, aLo: number, bHi: number, bLo: number): void {
  const a0 = aLo & 0xffff, a1 = aLo >>> 16, b0 = bLo & 0xffff, b1 = bLo >>> 16;
  const p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  const mid = (p00 >>> 16) + (p01 & 0xffff) + (p10 & 0xffff);
  H_LO = (((mid & 0xffff) << 16) | (p00 & 0xffff)) >>> 0;
  const hi = p11 + (p01 >>> 16) + (p10 >>> 16) + (mid >>> 16);
  H_HI = (hi + Math.imul(aLo, bHi) + Math.imul(aHi, bLo)) >>> 0;
}

/** `mix64` on halves: x ^= x >> 30; x *= 0xbf58476d1ce4e5b9; x ^= x >> 27; x *= 0x94d049bb133111eb; x ^= x >> 31. */
function mix64Halves(hi: number, lo: number): void {
  // x >> 30: lo' = (lo >>> 30) | (hi << 2), hi' = hi >>> 30
  mul64((hi ^ (hi >>> 30)) >>> 0, (lo ^ ((lo >>> 30) | (hi << 2))) >>> 0, 0xbf58476d, 0x1ce4e5b9);
  hi = H_HI;
  lo = H_LO;
  mul64((hi ^ (hi >>> 27)) >>> 0, (lo ^ ((lo >>> 27) | (hi << 5))) >>> 0, 0x94d049bb, 0x133111eb);
  hi = H_HI;
  lo = H_LO;
  H_LO = (lo ^ ((lo >>> 31) | (hi << 1))) >>> 0;
  H_HI = (hi ^ (hi >>> 31)) >>> 0;
}

const STREAM_HALVES = new Map<string, readonly [number, number]>();
function streamHalves(stream: string): readonly [number, number] {
  let h = STREAM_HALVES.get(stream);
  if (h === undefined) {
    const b = streamHash(stream);
    h = [Number(b >> 32n), Number(b & 0xffff_ffffn)];
    if (STREAM_HALVES.size < 256) STREAM_HALVES.set(stream, h);
  }
  return h;
}

// ---- Seeding 4 ----------------------------------------------------------------------------

/** A seeding-4 key: 128 bits as 32 lowercase hexadecimal digits. */
export const KEY_PATTERN = /^[0-9a-f]{32}$/;
export const isKey = (k: unknown): k is string => typeof k === 'string' && KEY_PATTERN.test(k);

/** A key from 16 random bytes (the caller draws them: crypto.getRandomValues, node:crypto). */
export function keyFromBytes(bytes: ArrayLike<number>): string {
  if (bytes.length < 16) throw new RangeError('a key needs 16 random bytes');
  let out = '';
  for (let i = 0; i < 16; i++) out += (bytes[i]! & 0xff).toString(16).padStart(2, '0');
  return out;
}

/**
 * The key of a game given only a number seed: reproducible (`--seed n`, tests, batches), and
 * therefore no more secret than the seed itself.
 */
export function keyFromSeed(seed: number): string {
  // PERF: splitMix64(mix64(seed ^ streamHash('seeding 4 key')), 2) on 32-bit halves (`keyFromSeedBig`
  // is the definition): every look-ahead try seeds dice of its own.
  const [sHi, sLo] = streamHalves('seeding 4 key');
  mix64Halves(sHi, (sLo ^ (seed >>> 0)) >>> 0);
  add64(H_HI, H_LO, GAMMA_HI, GAMMA_LO);
  const s1Hi = H_HI, s1Lo = H_LO;
  mix64Halves(s1Hi, s1Lo);
  const a = hex32(H_HI) + hex32(H_LO);
  add64(s1Hi, s1Lo, GAMMA_HI, GAMMA_LO);
  mix64Halves(H_HI, H_LO);
  return a + hex32(H_HI) + hex32(H_LO);
}

/** Two hex digits for each byte value. */
const HEX2 = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
// PERF: byte by byte: `toString(16)` of a number above 2^31 (not a small integer) takes V8's slow path.
const hex32 = (x: number): string => HEX2[x >>> 24]! + HEX2[(x >>> 16) & 0xff]! + HEX2[(x >>> 8) & 0xff]! + HEX2[x & 0xff]!;

/** `keyFromSeed` in BigInt, as first written. */
export function keyFromSeedBig(seed: number): string {
  const [a, b] = splitMix64(mix64(BigInt(seed >>> 0) ^ hashStreamName('seeding 4 key')), 2) as [bigint, bigint];
  return hex64(a) + hex64(b);
}

/** A 64-bit value as [high, low] unsigned 32-bit halves. */
type U64 = [number, number];

const fromHex = (h: string): U64 => [parseInt(h.slice(0, 8), 16) >>> 0, parseInt(h.slice(8, 16), 16) >>> 0];
const toHex = ([hi, lo]: U64): string => hex32(hi) + hex32(lo);

/** The key's two 64-bit words, k0 and k1, read little-endian from its 16 bytes as SipHash does. */
function keyWords(key: string): [U64, U64] {
  // Four bytes from byte `at` (8 hex digits, most significant first as written), read least significant first.
  const le32 = (at: number): number => {
    const x = parseInt(key.slice(at * 2, at * 2 + 8), 16);
    return (((x & 0xff) << 24) | ((x & 0xff00) << 8) | ((x >>> 8) & 0xff00) | (x >>> 24)) >>> 0;
  };
  // Bytes at..at+7, least significant first.
  const word = (at: number): U64 => [le32(at + 4), le32(at)];
  return [word(0), word(8)];
}

/**
 * SipHash-2-4 of a message of whole 64-bit words (each taken little-endian, as the reference
 * reads 8 bytes), under the key words `k0`, `k1`; a 64-bit result. Checked against the
 * reference implementation's test vectors (tests/engine/seeding.test.ts).
 */
export function sipHash24(k0: U64, k1: U64, message: readonly U64[]): U64 {
  // PERF: the four state words as eight 32-bit locals (hi, lo), the rounds written out: no
  // closures and no arrays, since every command hashes its chain and stream three times.
  const st = SIP;
  st[0] = (k0[0] ^ 0x736f6d65) >>> 0; st[1] = (k0[1] ^ 0x70736575) >>> 0;
  st[2] = (k1[0] ^ 0x646f7261) >>> 0; st[3] = (k1[1] ^ 0x6e646f6d) >>> 0;
  st[4] = (k0[0] ^ 0x6c796765) >>> 0; st[5] = (k0[1] ^ 0x6e657261) >>> 0;
  st[6] = (k1[0] ^ 0x74656462) >>> 0; st[7] = (k1[1] ^ 0x79746573) >>> 0;
  for (const m of message) sipAbsorb(st, m[0], m[1]);
  // The last block: the message length in bytes, mod 256, in the top byte (no tail bytes here).
  sipAbsorb(st, (((message.length * 8) & 0xff) << 24) >>> 0, 0);
  st[5] = (st[5]! ^ 0xff) >>> 0;
  sipRound(st);
  sipRound(st);
  sipRound(st);
  sipRound(st);
  return [(st[0]! ^ st[2]! ^ st[4]! ^ st[6]!) >>> 0, (st[1]! ^ st[3]! ^ st[5]! ^ st[7]!) >>> 0];
}

/** SipHash's state: v0..v3 as hi/lo halves, [v0h, v0l, v1h, v1l, v2h, v2l, v3h, v3l]. */
const SIP = new Uint32Array(8);

/** One message word (hi, lo) into the state: v3 ^= m, two rounds, v0 ^= m. */
function sipAbsorb(st: Uint32Array, mh: number, ml: number): void {
  st[6] = st[6]! ^ mh;
  st[7] = st[7]! ^ ml;
  sipRound(st);
  sipRound(st);
  st[0] = st[0]! ^ mh;
  st[1] = st[1]! ^ ml;
}

/** One SipRound on 32-bit halves (a Uint32Array keeps every half unsigned). */
function sipRound(st: Uint32Array): void {
  let v0h = st[0]!, v0l = st[1]!, v1h = st[2]!, v1l = st[3]!, v2h = st[4]!, v2l = st[5]!, v3h = st[6]!, v3l = st[7]!;
  let lo: number, h: number, l: number;
  // v0 += v1; v1 = rotl(v1, 13); v1 ^= v0; v0 = rotl(v0, 32)
  lo = (v0l + v1l) >>> 0; v0h = (v0h + v1h + (lo < v0l ? 1 : 0)) >>> 0; v0l = lo;
  h = ((v1h << 13) | (v1l >>> 19)) >>> 0; l = ((v1l << 13) | (v1h >>> 19)) >>> 0; v1h = (h ^ v0h) >>> 0; v1l = (l ^ v0l) >>> 0;
  h = v0h; v0h = v0l; v0l = h;
  // v2 += v3; v3 = rotl(v3, 16); v3 ^= v2
  lo = (v2l + v3l) >>> 0; v2h = (v2h + v3h + (lo < v2l ? 1 : 0)) >>> 0; v2l = lo;
  h = ((v3h << 16) | (v3l >>> 16)) >>> 0; l = ((v3l << 16) | (v3h >>> 16)) >>> 0; v3h = (h ^ v2h) >>> 0; v3l = (l ^ v2l) >>> 0;
  // v0 += v3; v3 = rotl(v3, 21); v3 ^= v0
  lo = (v0l + v3l) >>> 0; v0h = (v0h + v3h + (lo < v0l ? 1 : 0)) >>> 0; v0l = lo;
  h = ((v3h << 21) | (v3l >>> 11)) >>> 0; l = ((v3l << 21) | (v3h >>> 11)) >>> 0; v3h = (h ^ v0h) >>> 0; v3l = (l ^ v0l) >>> 0;
  // v2 += v1; v1 = rotl(v1, 17); v1 ^= v2; v2 = rotl(v2, 32)
  lo = (v2l + v1l) >>> 0; v2h = (v2h + v1h + (lo < v2l ? 1 : 0)) >>> 0; v2l = lo;
  h = ((v1h << 17) | (v1l >>> 15)) >>> 0; l = ((v1l << 17) | (v1h >>> 15)) >>> 0; v1h = (h ^ v2h) >>> 0; v1l = (l ^ v2l) >>> 0;
  h = v2h; v2h = v2l; v2l = h;
  st[0] = v0h; st[1] = v0l; st[2] = v1h; st[3] = v1l; st[4] = v2h; st[5] = v2l; st[6] = v3h; st[7] = v3l;
}

/** A domain tag, so that the chain and the two halves of a stream never hash the same message. */
const tag = (name: string): U64 => {
  const h = streamHash(name);
  return [Number(h >> 32n) >>> 0, Number(h & 0xffffffffn) >>> 0];
};
const TAG_START = tag('seeding 4: chain start');
const TAG_NEXT = tag('seeding 4: next command');
const TAG_WORDS_A = tag('seeding 4: stream words a');
const TAG_WORDS_B = tag('seeding 4: stream words b');

const KEY_CACHE = new Map<string, [U64, U64]>();
function keyOf(key: string): [U64, U64] {
  let k = KEY_CACHE.get(key);
  if (!k) {
    if (!isKey(key)) throw new RangeError('a seeding-4 key is 32 hexadecimal digits');
    if (KEY_CACHE.size > 64) KEY_CACHE.clear();
    k = keyWords(key);
    KEY_CACHE.set(key, k);
  }
  return k;
}

/** Seeding 4: the chain before any command (the set-up's), keyed. */
export function chainStart4(key: string): string {
  const [k0, k1] = keyOf(key);
  return toHex(sipHash24(k0, k1, [TAG_START]));
}

/** Seeding 4: the chain after one more command (`commandHash`: 16 hex digits, as for seeding 3). */
export function chainNext4(key: string, chain: string, commandHash: string): string {
  const [k0, k1] = keyOf(key);
  return toHex(sipHash24(k0, k1, [TAG_NEXT, fromHex(chain), fromHex(commandHash)]));
}

/** Seeding 4: the generator words of the stream of `chain` under `key`. */
export function streamWords4(key: string, chain: string): number[] {
  const [k0, k1] = keyOf(key);
  const c = fromHex(chain);
  const a = sipHash24(k0, k1, [TAG_WORDS_A, c]);
  const b = sipHash24(k0, k1, [TAG_WORDS_B, c]);
  const words = [a[0] | 0, a[1] | 0, b[0] | 0, b[1] | 0];
  return words.every((w) => w === 0) ? [0, 1, 0, 0] : words;
}

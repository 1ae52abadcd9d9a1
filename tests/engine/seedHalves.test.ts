/**
 * Engine seed.ts: the seeds the AI derives for every command it tries (`deriveSeed`) and the key a
 * numbered game's dice take (`keyFromSeed`) are worked on 32-bit halves for speed; they must give
 * exactly what the BigInt definitions give, or every battle, batch and golden would change.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveSeed, deriveSeedBig, keyFromSeed, keyFromSeedBig } from '../../src/engine/seed';

const seed = fc.oneof(fc.integer({ min: 0, max: 0xffff_ffff }), fc.constantFrom(0, 1, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff));
const index = fc.oneof(fc.nat({ max: 1000 }), fc.integer({ min: 0, max: 0xffff_ffff }), fc.constantFrom(0x1_0000_0000, 2 ** 53 - 1), fc.nat({ max: Number.MAX_SAFE_INTEGER }));
const stream = fc.oneof(fc.constantFrom('battle', 'lookahead-dice', 'determinise', 'random-player', 'batch-turn-order', ''), fc.string({ maxLength: 20 }), fc.string({ unit: 'grapheme', maxLength: 8 }));

describe('Seeds on 32-bit halves agree with their BigInt definitions', () => {
  it('deriveSeed', () => {
    fc.assert(fc.property(seed, index, stream, (m, i, s) => deriveSeed(m, i, s) === deriveSeedBig(m, i, s)), { numRuns: 5000 });
  });
  it('keyFromSeed', () => {
    fc.assert(fc.property(seed, (m) => keyFromSeed(m) === keyFromSeedBig(m)), { numRuns: 5000 });
  });
  it('known values (written when the halves replaced BigInt)', () => {
    expect(deriveSeed(7, 3, 'battle')).toBe(deriveSeedBig(7, 3, 'battle'));
    expect(keyFromSeed(1)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyFromSeed(0xffff_ffff)).toBe(keyFromSeedBig(0xffff_ffff));
  });
});

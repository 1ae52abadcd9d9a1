import { describe, expect, it } from 'vitest';
import { canonicalJson, fnv1a64, stateHash } from '../../src/engine/hash';

describe('state hash', () => {
  it.each([
    ['', 'cbf29ce484222325'],
    ['a', 'af63dc4c8601ec8c'],
    ['foobar', '85944171f73967e8'],
  ])('FNV-1a 64 of %j is the published value %s', (text, hex) => {
    expect(fnv1a64(text)).toBe(hex);
  });

  it('canonical JSON sorts keys, drops undefined fields, keeps array order', () => {
    expect(canonicalJson({ b: 1, a: [3, { d: undefined, c: 'x' }] })).toBe('{"a":[3,{"c":"x"}],"b":1}');
    expect(stateHash({ x: 1, y: 2 })).toBe(stateHash({ y: 2, x: 1 }));
    expect(stateHash({ x: 1 })).not.toBe(stateHash({ x: 2 }));
  });

  it('refuses values JSON cannot carry', () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(/\$\.a/);
    expect(() => canonicalJson({ f: () => 1 })).toThrow();
  });

  it('hashes non-ASCII text by its UTF-8 bytes', () => {
    expect(fnv1a64('é')).toBe(fnv1a64('\u00e9'));
    expect(fnv1a64('é')).not.toBe(fnv1a64('e'));
  });
});

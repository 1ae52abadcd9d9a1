import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
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

/** Canonical JSON as first written (the definition the replay goldens were hashed with). */
function plainCanonicalJson(value: unknown): string {
  const seen = new Set<object>();
  const walk = (v: unknown, path: string): string => {
    if (v === null) return 'null';
    switch (typeof v) {
      case 'boolean':
        return v ? 'true' : 'false';
      case 'number':
        if (!Number.isFinite(v)) throw new TypeError(`${path} is ${v}, which JSON cannot hold`);
        return JSON.stringify(v);
      case 'string':
        return JSON.stringify(v);
      case 'object': {
        if (seen.has(v)) throw new TypeError(`${path} refers back to itself`);
        seen.add(v);
        let out: string;
        if (Array.isArray(v)) {
          out = `[${v.map((x, i) => (x === undefined ? 'null' : walk(x, `${path}[${i}]`))).join(',')}]`;
        } else {
          const rec = v as Record<string, unknown>;
          const keys = Object.keys(rec).filter((k) => rec[k] !== undefined).sort();
          out = `{${keys.map((k) => `${JSON.stringify(k)}:${walk(rec[k], `${path}.${k}`)}`).join(',')}}`;
        }
        seen.delete(v);
        return out;
      }
      default:
        throw new TypeError(`${path} is a ${typeof v}, which JSON cannot hold`);
    }
  };
  return walk(value, '$');
}

describe('canonical JSON, written for speed, against its plain definition', () => {
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.constantFrom(null, true, false, 0, -0, 1e21, 5e-324, 0.1 + 0.2, undefined),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.string({ unit: 'binary' }),
      fc.array(tie('value')),
      fc.dictionary(fc.string({ unit: 'binary' }), tie('value')),
    ),
  }));

  it('gives the same text for any JSON value, undefined fields and items included', () => {
    const outcome = (f: (v: unknown) => string, v: unknown): string => {
      try {
        return f(v);
      } catch (e) {
        return `threw ${(e as Error).message}`;
      }
    };
    fc.assert(fc.property(value, (v) => {
      expect(outcome(canonicalJson, v)).toBe(outcome(plainCanonicalJson, v));
    }), { numRuns: 500 });
  });

  it('writes holes in an array as the definition does', () => {
    // eslint-disable-next-line no-sparse-arrays
    const sparse = [1, , 3];
    expect(canonicalJson(sparse)).toBe(plainCanonicalJson(sparse));
  });

  it('names the same path in its errors', () => {
    const cyclic: Record<string, unknown> = { a: [{ b: 1 }] };
    (cyclic.a as Record<string, unknown>[])[0]!.c = cyclic;
    for (const bad of [{ a: [1, { b: Infinity }] }, { x: { y: [0, () => 1] } }, cyclic, Symbol('s')]) {
      let want = '';
      try { plainCanonicalJson(bad); } catch (e) { want = (e as Error).message; }
      expect(want).not.toBe('');
      expect(() => canonicalJson(bad)).toThrow(want);
    }
  });
});

describe('FNV-1a 64 of any text', () => {
  /** The definition: FNV-1a over the UTF-8 bytes, in BigInt arithmetic. */
  const plain = (text: string): string => {
    let h = 0xcbf29ce484222325n;
    for (const b of new TextEncoder().encode(text)) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
    return h.toString(16).padStart(16, '0');
  };
  it('is the definition over the UTF-8 bytes, for ASCII and for any other text', () => {
    fc.assert(fc.property(fc.oneof(fc.string({ unit: 'binary-ascii' }), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' })), (t) => {
      expect(fnv1a64(t)).toBe(plain(t));
    }), { numRuns: 500 });
  });
});

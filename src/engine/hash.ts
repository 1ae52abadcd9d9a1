/**
 * A deterministic fingerprint of any JSON value: canonical JSON (object keys sorted by UTF-16
 * code units, no whitespace, `undefined` fields dropped, numbers as JavaScript prints them)
 * hashed with FNV-1a 64 over its UTF-8 bytes. The same value gives the same hash in every
 * process and browser; it is a checksum against corruption and divergence, not a signature.
 */

/** Canonical JSON. Throws on values JSON cannot carry faithfully (NaN, Infinity, functions, cycles). */
export function canonicalJson(value: unknown): string {
  // PERF: built by appending to one string, with the path to the current value kept as a stack
  // and written out only for an error (it was a string built at every value), and object keys
  // quoted once per name. Every command is hashed into the dice chain, and a batch hashes each
  // final state. The output is the same to the byte (tests/engine/hash.test.ts checks it against
  // the plain definition).
  const seen = new Set<object>();
  const at: (string | number)[] = [];
  const where = (): string => `$${at.map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`)).join('')}`;
  const walk = (v: unknown): string => {
    if (v === null) return 'null';
    switch (typeof v) {
      case 'boolean':
        return v ? 'true' : 'false';
      case 'number':
        if (!Number.isFinite(v)) throw new TypeError(`${where()} is ${v}, which JSON cannot hold`);
        return JSON.stringify(v);
      case 'string':
        return JSON.stringify(v);
      case 'object': {
        if (seen.has(v)) throw new TypeError(`${where()} refers back to itself`);
        seen.add(v);
        let out: string;
        if (Array.isArray(v)) {
          out = '[';
          for (let i = 0; i < v.length; i++) {
            if (i > 0) out += ',';
            const x: unknown = v[i];
            // A hole is written as nothing, an undefined item as null (as the plain definition's map and join do).
            if (x === undefined) out += i in v ? 'null' : '';
            else {
              at.push(i);
              out += walk(x);
              at.pop();
            }
          }
          out += ']';
        } else {
          const rec = v as Record<string, unknown>;
          const keys = Object.keys(rec).filter((k) => rec[k] !== undefined).sort();
          out = '{';
          for (let i = 0; i < keys.length; i++) {
            const k = keys[i]!;
            if (i > 0) out += ',';
            out += quotedKey(k);
            at.push(k);
            out += walk(rec[k]);
            at.pop();
          }
          out += '}';
        }
        seen.delete(v);
        return out;
      }
      default:
        throw new TypeError(`${where()} is a ${typeof v}, which JSON cannot hold`);
    }
  };
  return walk(value);
}

/** `"key":` for an object key, kept for names seen before (a state repeats a few hundred names). */
const KEYS = new Map<string, string>();
function quotedKey(k: string): string {
  let q = KEYS.get(k);
  if (q === undefined) {
    q = `${JSON.stringify(k)}:`;
    if (KEYS.size < 4096) KEYS.set(k, q);
  }
  return q;
}

const encoder = new TextEncoder();
// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

/** FNV-1a 64-bit of a string's UTF-8 bytes, as 16 hex digits. Computed in four 16-bit limbs. */
export function fnv1a64(text: string): string {
  // PERF: ASCII text (commands, states, nearly always) is its own UTF-8: read its code units
  // and skip encoding it into a new byte array.
  const ascii = ASCII.test(text);
  const bytes = ascii ? undefined : encoder.encode(text);
  const n = bytes ? bytes.length : text.length;
  // offset basis 0xcbf29ce484222325 as 16-bit limbs, least significant first
  let h0 = 0x2325, h1 = 0x8422, h2 = 0x9ce4, h3 = 0xcbf2;
  for (let i = 0; i < n; i++) {
    h0 ^= bytes ? bytes[i]! : text.charCodeAt(i);
    // multiply by the prime 0x100000001b3 = 2^40 + 0x1b3
    const t0 = h0 * 0x1b3;
    const t1 = h1 * 0x1b3;
    const t2 = h2 * 0x1b3 + (h0 << 8);
    const t3 = h3 * 0x1b3 + (h1 << 8);
    let c = t0 >>> 16;
    h0 = t0 & 0xffff;
    const s1 = t1 + c;
    c = s1 >>> 16;
    h1 = s1 & 0xffff;
    const s2 = t2 + c;
    c = Math.floor(s2 / 65536);
    h2 = s2 & 0xffff;
    h3 = (t3 + c) & 0xffff;
  }
  const hex = (n: number) => n.toString(16).padStart(4, '0');
  return hex(h3) + hex(h2) + hex(h1) + hex(h0);
}

/** `fnv1a64:` + the hash of the canonical JSON of `value`. */
export function stateHash(value: unknown): string {
  return `fnv1a64:${fnv1a64(canonicalJson(value))}`;
}

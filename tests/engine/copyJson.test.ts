import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { idRecord } from '../../src/engine/ids';
import { copyJson, copyJsonSharing } from '../../src/engine/workingState';

/** What the copy must equal: the JSON round trip it stands for. */
const roundTrip = (x: unknown): unknown => JSON.parse(JSON.stringify(x)) as unknown;

// Any value a ruleset state may hold, plus what JSON drops or changes (undefined fields and
// items, -0, NaN, Infinity), so the copy is held to the round trip's exact output.
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, true, false, 0, -0, 1.5, NaN, Infinity, -Infinity, undefined, 1e21, 0.1 + 0.2),
    fc.double(),
    fc.string(),
    fc.array(tie('value')),
    fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('__proto__', '0', '10', '2', 'constructor')), tie('value')),
  ),
}));

/**
 * Plain objects and arrays of strings, booleans, null and finite numbers other than -0: what the
 * round trip gives. An object may also have no prototype where its original had none: records
 * keyed by id keep their null prototype through a copy (engine ids.ts), and JSON is the same.
 */
function onlyJson(v: unknown, original?: unknown): boolean {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0);
  const o = original as Record<string, unknown> | undefined;
  if (Array.isArray(v)) return Object.getPrototypeOf(v) === Array.prototype && v.every((x, i) => i in v && onlyJson(x, (o as unknown[] | undefined)?.[i]));
  if (typeof v !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && !(proto === null && typeof o === 'object' && o !== null && Object.getPrototypeOf(o) === null)) return false;
  return Object.keys(v).every((k) => onlyJson((v as Record<string, unknown>)[k], o !== undefined && Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined));
}

describe('The JSON copy of a ruleset state', () => {
  it('equals the JSON round trip, key order included, for any value', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), value), (x) => {
        const copy = copyJson(x);
        expect(JSON.stringify(copy)).toBe(JSON.stringify(roundTrip(x)));
        expect(onlyJson(copy, x)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('drops undefined fields, makes undefined items and numbers JSON cannot hold null, and -0 zero', () => {
    const copy = copyJson({ a: undefined, b: [undefined, NaN, Infinity, -0], c: -0, d: { e: () => 1 } } as unknown);
    expect(copy).toStrictEqual({ b: [null, null, null, 0], c: 0, d: {} });
    expect(Object.is((copy as { c: number }).c, 0)).toBe(true);
    expect(Object.keys(copy as object)).toEqual(['b', 'c', 'd']);
  });

  it('keeps a key named __proto__ as a field, never as the prototype', () => {
    const x = JSON.parse('{"__proto__": {"polluted": 1}, "k": 2}') as unknown;
    const copy = copyJson(x) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'k']);
    expect(copy).toStrictEqual(roundTrip(x));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('shares nothing with the original', () => {
    const x = { units: { a: { morale: 'steady', marks: [1, 2] } } };
    const copy = copyJson(x);
    copy.units.a.morale = 'routed';
    copy.units.a.marks.push(3);
    expect(x).toEqual({ units: { a: { morale: 'steady', marks: [1, 2] } } });
  });

  it('copies a value with toJSON as JSON does (a date becomes its string)', () => {
    const d = new Date(0);
    expect(copyJson({ d } as unknown)).toStrictEqual({ d: '1970-01-01T00:00:00.000Z' });
  });

  it('shares the objects under a named field and copies everything else (copyJsonSharing)', () => {
    const profile = { troop: 'foot', strengthPerStand: 4 };
    const x = { units: { a: { profile, morale: 'good', marks: [1] }, b: { profile: { troop: 'guns' }, morale: 'shaken' } }, scale: 1 };
    const copy = copyJsonSharing(x, 'profile');
    expect(copy).toStrictEqual(roundTrip(x));
    expect(copy.units.a.profile).toBe(profile);
    expect(copy.units.b.profile).toBe(x.units.b.profile);
    expect(copy.units.a).not.toBe(x.units.a);
    expect(copy.units.a.marks).not.toBe(x.units.a.marks);
    // Anything else under a field of that name is copied as JSON would (a field JSON drops is dropped).
    expect(copyJsonSharing({ profile: -0, other: { profile: undefined, k: NaN } }, 'profile')).toStrictEqual({ profile: 0, other: { k: null } });
  });

  it('shares the objects under any of several named fields (NW: unit profiles and the units waiting off the table)', () => {
    const profile = { troop: 'foot' }, unit = { id: 'u1', stands: [{ x: 1 }] };
    const x = { units: { u1: { profile, morale: 'good' } }, offTable: { u1: { kind: 'reserve', unit, at: { x: 0, y: 5 } } } };
    const copy = copyJsonSharing(x, ['profile', 'unit']);
    expect(copy).toStrictEqual(roundTrip(x));
    expect(copy.units.u1.profile).toBe(profile);
    expect(copy.offTable.u1.unit).toBe(unit);
    expect(copy.offTable.u1).not.toBe(x.offTable.u1);
    expect(copy.offTable.u1.at).not.toBe(x.offTable.u1.at);
  });

  it('a sharing copy is the JSON round trip, key order included, for any value', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), value), (x) => {
        expect(JSON.stringify(copyJsonSharing(x, 'a'))).toBe(JSON.stringify(roundTrip(x)));
      }),
      { numRuns: 200 },
    );
  });
});

describe('A record without prototype (engine ids.ts)', () => {
  it('copies as a record without prototype, and as the same JSON', () => {
    const units = idRecord({ constructor: { hits: 1 }, a: { hits: 2 } });
    const copy = copyJson({ units }) as { units: Record<string, { hits: number }> };
    expect(Object.getPrototypeOf(copy.units)).toBeNull();
    expect(copy.units['toString']).toBeUndefined();
    expect(JSON.stringify(copy)).toBe('{"units":{"constructor":{"hits":1},"a":{"hits":2}}}');
  });
});

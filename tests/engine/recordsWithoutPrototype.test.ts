/**
 * Records keyed by ids have no prototype (engine ids.ts, README "No id can collide with a
 * built-in"): `dropPrototypes` gives every plain object of a ruleset's state a null prototype,
 * and skips the records of a state it has already been through — a state is never changed in
 * place, so a new state shares its unchanged records and brings new ones for what changed.
 */
import { describe, expect, it } from 'vitest';
import { dropPrototypes, entriesWhere, idRecord } from '../../src/engine/ids';

const protoless = (x: object) => Object.getPrototypeOf(x) === null;

describe('dropPrototypes', () => {
  it('takes the prototype from every plain object at any depth, through arrays, and leaves arrays and class objects theirs', () => {
    const when = new Date(0);
    const rs = dropPrototypes({ units: { a: { morale: { level: 1 } } }, list: [{ x: 1 }, [{ y: 2 }]], when });
    expect(protoless(rs)).toBe(true);
    expect(protoless(rs.units)).toBe(true);
    expect(protoless(rs.units.a.morale)).toBe(true);
    expect(protoless(rs.list[0] as object)).toBe(true);
    expect(protoless((rs.list[1] as object[])[0]!)).toBe(true);
    expect(Array.isArray(rs.list)).toBe(true);
    expect(Object.getPrototypeOf(rs.list)).toBe(Array.prototype);
    expect(Object.getPrototypeOf(rs.when)).toBe(Date.prototype);
  });

  it('in a later state, walks the records that changed (a new record in place of one it has seen) and keeps the ones shared', () => {
    const first = dropPrototypes({ units: { a: { morale: 'good' } }, orders: { a: { order: 'advance' } } });
    // A handler's change: units replaced by a spread with a new plain entry, orders shared as they were.
    const next = dropPrototypes({ ...first, units: { ...first.units, b: { morale: 'good', hits: { count: 1 } } } });
    expect(protoless(next)).toBe(true);
    expect(protoless(next.units)).toBe(true);
    expect(protoless(next.units.b!)).toBe(true);
    expect(protoless((next.units.b as { hits: object }).hits)).toBe(true);
    expect(next.orders).toBe(first.orders);
    // A view built around the state's records: a new root and a filtered record, whose entries are the state's own.
    const view = dropPrototypes({ units: next.units, orders: { ...next.orders }, faceDown: [{ unitId: 'b' }] });
    expect(protoless(view)).toBe(true);
    expect(protoless(view.orders)).toBe(true);
    expect(protoless(view.faceDown[0]!)).toBe(true);
    // An id named like a built-in is an entry, never Object.prototype's.
    const named = dropPrototypes({ units: JSON.parse('{"constructor": {"morale": "good"}, "__proto__": {"morale": "shaken"}}') as Record<string, { morale: string }> });
    expect(named.units['constructor']?.morale).toBe('good');
    expect(named.units['__proto__']?.morale).toBe('shaken');
    expect(named.units['toString']).toBeUndefined();
  });
});

describe('entriesWhere', () => {
  it('is the record itself when every entry is kept, else a new record without prototype of those kept, in order', () => {
    const rec = idRecord<number>([['b', 2], ['a', 1], ['constructor', 3], ['c', 4]]);
    expect(entriesWhere(rec, () => true)).toBe(rec);
    const odd = entriesWhere(rec, (v) => v % 2 === 1);
    expect(odd).not.toBe(rec);
    expect(protoless(odd)).toBe(true);
    expect(Object.entries(odd)).toEqual([['a', 1], ['constructor', 3]]);
    expect(Object.keys(entriesWhere(rec, (_, id) => id !== 'b'))).toEqual(['a', 'constructor', 'c']);
    expect(Object.keys(entriesWhere(rec, (_, id) => id !== 'c'))).toEqual(['b', 'a', 'constructor']);
    expect(Object.keys(entriesWhere(rec, () => false))).toEqual([]);
  });
});

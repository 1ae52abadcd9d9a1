// Secret steps (engine): a command's change is carried into the giving side's copy only, path by path.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { carry } from '../../src/engine/withheld';

describe('carry: one change applied to a side\'s copy, and nothing else of the real state', () => {
  const unit = (id: string, x: number) => ({ id, x, stands: [{ id: `${id}-s1`, x }] });
  it.each([
    ['a changed field', { a: 1, b: 2 }, { a: 1, b: 2 }, { a: 1, b: 3 }, { a: 1, b: 3 }],
    ['a field the other side changed stays as the copy has it', { a: 1, b: 2 }, { a: 9, b: 2 }, { a: 9, b: 3 }, { a: 1, b: 3 }],
    ['a key added to a map the other side also added to', { o: { x: 1 } }, { o: { x: 1, y: 2 } }, { o: { x: 1, y: 2, z: 3 } }, { o: { x: 1, z: 3 } }],
    ['a removed key', { o: { x: 1, z: 3 } }, { o: { x: 1, z: 3 } }, { o: { x: 1 } }, { o: { x: 1 } }],
    ['units by id: only the moved one', { u: [unit('a', 0), unit('b', 0)] }, { u: [unit('a', 5), unit('b', 0)] }, { u: [unit('a', 5), unit('b', 7)] }, { u: [unit('a', 0), unit('b', 7)] }],
    ['a unit added', { u: [unit('a', 0)] }, { u: [unit('a', 5)] }, { u: [unit('a', 5), unit('c', 1)] }, { u: [unit('a', 0), unit('c', 1)] }],
    ['a unit removed', { u: [unit('a', 0), unit('b', 0)] }, { u: [unit('a', 5), unit('b', 0)] }, { u: [unit('a', 5)] }, { u: [unit('a', 0)] }],
    ['a plain array whole', { l: [1, 2] }, { l: [1, 2, 3] }, { l: [1, 2, 3, 4] }, { l: [1, 2, 3, 4] }],
    ['a value deep-equal but re-built is no change', { l: [1], o: { p: 1 } }, { l: [1], o: { p: 1 } }, { l: [1], o: { p: 1 } }, { l: [1], o: { p: 1 } }],
  ])('%s', (_name, target, before, after, expected) => {
    expect(carry(target, before, after)).toEqual(expected);
  });

  it('keeps the copy\'s identity when nothing changed, and never modifies its inputs', () => {
    const target = { a: { b: 1 } }, before = { a: { b: 1 } }, after = { a: { b: 1 } };
    expect(carry(target, before, after)).toBe(target);
    const t2 = { a: 1, m: { x: 1 } };
    const out = carry(t2, { a: 1, m: { x: 1 } }, { a: 2, m: { x: 1, y: 1 } });
    expect(t2).toEqual({ a: 1, m: { x: 1 } });
    expect(out).toEqual({ a: 2, m: { x: 1, y: 1 } });
  });

  const json = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.string({ maxLength: 3 }), fc.boolean(), tie('obj'), tie('units')),
    obj: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'id2'), tie('value'), { maxKeys: 3 }),
    units: fc.uniqueArray(fc.record({ id: fc.constantFrom('u1', 'u2', 'u3'), v: fc.integer() }), { selector: (u) => u.id, maxLength: 3 }),
  }));

  it('carrying into a copy that is still the state before gives the state after (property)', () => {
    fc.assert(
      fc.property(json.obj, json.obj, (before, after) => {
        expect(carry(before, before, after)).toEqual(JSON.parse(JSON.stringify(after)));
      }),
    );
  });
});

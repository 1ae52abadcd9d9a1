import { describe, expect, it } from 'vitest';
import { pairMemo } from '../../src/geometry/memo';
import { cos, sin } from '../../src/geometry/math';
import stdlibSin from '@stdlib/math-base-special-sin';
import stdlibCos from '@stdlib/math-base-special-cos';

describe('Answers remembered by the identity of their inputs', () => {
  it('asks the function once a pair, in order, and keeps pairs apart', () => {
    const calls: string[] = [];
    const a = { id: 'a' }, b = { id: 'b' }, c = { id: 'c' };
    const f = pairMemo((x: { id: string }, y: { id: string }) => {
      calls.push(`${x.id}${y.id}`);
      return x.id + y.id;
    });
    expect([f(a, b), f(a, b), f(b, a), f(a, c), f(b, a)]).toEqual(['ab', 'ab', 'ba', 'ac', 'ba']);
    expect(calls).toEqual(['ab', 'ba', 'ac']);
  });

  it('remembers falsy answers too', () => {
    let n = 0;
    const f = pairMemo((_x: object, _y: object) => (n++, false));
    const a = {}, b = {};
    expect(f(a, b)).toBe(false);
    expect(f(a, b)).toBe(false);
    expect(n).toBe(1);
  });
});

describe('Sine and cosine remember their last argument without changing a bit', () => {
  it('gives the library answer for repeated, alternating and signed-zero arguments', () => {
    const xs = [0.5, 0.5, -0, 0, -0, 1e-300, 3, 3, -3, Math.PI, Math.PI, 0, -0, NaN, NaN, 1e300];
    for (const x of xs) {
      expect(Object.is(sin(x), stdlibSin(x))).toBe(true);
      expect(Object.is(cos(x), stdlibCos(x))).toBe(true);
    }
  });
});

/**
 * Deterministic maths (src/geometry/math.ts): exact bits against values computed independently
 * (300-bit arithmetic, rounded to the nearest double), fdlibm's own one-ulp roundings pinned
 * where it differs from the nearest double, the edge cases of the C99/ES specifications, and
 * a digest of 10,000 results per function so that a package update that rounds differently
 * is noticed. The browser side of the same inputs is e2e/deterministicMath.e2e.ts.
 */
import { describe, expect, it } from 'vitest';
import * as M from '../../src/geometry/math';
import { ATAN2_CONSTANTS, ATAN_CONSTANTS } from '../../src/geometry/mathAtan';
import { MATH_CASES, fromHex, mathDigests, toHex } from '../support/mathInputs';

type Fn = (...a: number[]) => number;
const fn = (name: string): Fn => (M as unknown as Record<string, Fn>)[name]!;

// [function, arguments as IEEE 754 hex, the nearest double to the true value]
const EXACT: [string, string[], string][] = [
  ['sin', ['3fe0000000000000'], '3fdeaee8744b05f0'],
  ['sin', ['3ff0000000000000'], '3feaed548f090cee'],
  ['sin', ['4000000000000000'], '3fed18f6ead1b446'],
  ['sin', ['4008000000000000'], '3fc210386db6d55b'],
  ['sin', ['3ee4f8b588e368f1'], '3ee4f8b588e1e8a2'],
  ['sin', ['3fe921fb54442d18'], '3fe6a09e667f3bcc'],
  ['sin', ['3ff921fb54442d18'], '3ff0000000000000'],
  ['sin', ['400921fb54442d18'], '3ca1a62633145c07'],
  ['sin', ['4024000000000000'], 'bfe1689ef5f34f52'],
  ['sin', ['4059000000000000'], 'bfe03425b78c4db8'],
  ['sin', ['412e848000000000'], 'bfd6664b2568d867'],
  ['sin', ['4480f0cf064dd592'], 'bfeb453ab76bf397'],
  ['sin', ['7e37e43c8800759c'], 'bfea2c16b010e385'],
  ['sin', ['3fb999999999999a'], '3fb98eaecb8bcb2c'],
  ['sin', ['401c000000000000'], '3fe50608c26d0a08'],
  ['cos', ['3fe0000000000000'], '3fec1528065b7d50'],
  ['cos', ['3ff0000000000000'], '3fe14a280fb5068c'],
  ['cos', ['4000000000000000'], 'bfdaa22657537205'],
  ['cos', ['4008000000000000'], 'bfefae04be85e5d2'],
  ['cos', ['3ee4f8b588e368f1'], '3feffffffff920c8'],
  ['cos', ['3fe921fb54442d18'], '3fe6a09e667f3bcd'],
  ['cos', ['3ff921fb54442d18'], '3c91a62633145c07'],
  ['cos', ['400921fb54442d18'], 'bff0000000000000'],
  ['cos', ['4024000000000000'], 'bfead9ac890c6b1f'],
  ['cos', ['4059000000000000'], '3feb981dbf665fdf'],
  ['cos', ['412e848000000000'], '3fedf9df9906d32c'],
  ['cos', ['4480f0cf064dd592'], '3fe0be2cef01c8f4'],
  ['cos', ['7e37e43c8800759c'], 'bfe2699022adc4c1'],
  ['cos', ['c004000000000000'], 'bfe9a2f7ef858b7d'],
  ['cos', ['3fb999999999999a'], '3fefd712f9a817c1'],
  ['cos', ['401c000000000000'], '3fe81ff79ed92017'],
  ['tan', ['3fe0000000000000'], '3fe17b4f5bf3474a'],
  ['tan', ['3ff0000000000000'], '3ff8eb245cbee3a6'],
  ['tan', ['4000000000000000'], 'c0017af62e0950f8'],
  ['tan', ['4008000000000000'], 'bfc23ef71254b86f'],
  ['tan', ['3fe921fb54442d18'], '3fefffffffffffff'],
  ['tan', ['3ff921fb54442d18'], '434d02967c31cdb5'],
  ['tan', ['4024000000000000'], '3fe4bf5f34be3782'],
  ['tan', ['bfd3333333333333'], 'bfd3cc2a44e29998'],
  ['tan', ['3fb999999999999a'], '3fb9af8877430b80'],
  ['atan', ['3fb999999999999a'], '3fb983e282e2cc4d'],
  ['atan', ['3fe0000000000000'], '3fddac670561bb4f'],
  ['atan', ['3ff0000000000000'], '3fe921fb54442d18'],
  ['atan', ['3ff3333333333333'], '3fec08aae496efa6'],
  ['atan', ['4000000000000000'], '3ff1b6e192ebbe44'],
  ['atan', ['4008000000000000'], '3ff3fc176b7a8560'],
  ['atan', ['4024000000000000'], '3ff789bd2c160054'],
  ['atan', ['4202a05f20000000'], '3ff921fb543d4de0'],
  ['atan', ['bfe6666666666666'], 'bfe38b112d7bd4ad'],
  ['atan', ['3ddb7cdfd9d7bdbb'], '3ddb7cdfd9d7bdbb'],
  ['asin', ['3fb999999999999a'], '3fb9a49276037884'],
  ['asin', ['3fe0000000000000'], '3fe0c152382d7366'],
  ['asin', ['3feccccccccccccd'], '3ff1ea93705fa172'],
  ['asin', ['bfd3333333333333'], 'bfd380159e14f6ff'],
  ['asin', ['3e112e0be826d695'], '3e112e0be826d695'],
  ['acos', ['3fb999999999999a'], '3ff787b22ce3f590'],
  ['acos', ['3feccccccccccccd'], '3fdcdd9f8f922e98'],
  ['acos', ['bfd3333333333333'], '3ffe0200bbc96ad8'],
  ['acos', ['bfefae147ae147ae'], '4008001be1bc011b'],
  ['exp', ['3fe0000000000000'], '3ffa61298e1e069c'],
  ['exp', ['bff0000000000000'], '3fd78b56362cef38'],
  ['exp', ['4024000000000000'], '40d5829dcf950560'],
  ['exp', ['4059000000000000'], '48f3494a9b171bf5'],
  ['exp', ['4085e00000000000'], '7f0d945df4f8ec8e'],
  ['exp', ['c085e00000000000'], '00d14f2b0fb9307f'],
  ['exp', ['3ddb7cdfd9d7bdbb'], '3ff000000006df38'],
  ['exp', ['3fe62d0e56041893'], '3ffffecb5cda67f1'],
  ['log', ['3fe0000000000000'], 'bfe62e42fefa39ef'],
  ['log', ['4000000000000000'], '3fe62e42fefa39ef'],
  ['log', ['4024000000000000'], '40026bb1bbb55516'],
  ['log', ['01a56e1fc2f8f359'], 'c085963447f87fb5'],
  ['log', ['7e37e43c8800759c'], '4085963447f87fb5'],
  ['log', ['3ff000001ad7f29b'], '3e7ad7f2847b6492'],
  ['log', ['3fb999999999999a'], 'c0026bb1bbb55515'],
  ['cbrt', ['4000000000000000'], '3ff428a2f98d728b'],
  ['cbrt', ['4008000000000000'], '3ff7137449123ef6'],
  ['cbrt', ['403b800000000000'], '400825b1b6bac03b'],
  ['cbrt', ['01a56e1fc2f8f359'], '2b2bff2ee48e0530'],
  ['cbrt', ['7e37e43c8800759c'], '54b249ad2594c37d'],
  ['cbrt', ['c021000000000000'], 'c000539d6521256f'],
  ['cbrt', ['3f50624dd2f1a9fc'], '3fb999999999999a'],
  ['cbrt', ['4024000000000000'], '40013c484138704f'],
  ['atan2', ['3ff0000000000000', '4000000000000000'], '3fddac670561bb4f'],
  ['atan2', ['bff0000000000000', '4000000000000000'], 'bfddac670561bb4f'],
  ['atan2', ['3ff0000000000000', 'c000000000000000'], '40056c6e7397f5ae'],
  ['atan2', ['bff0000000000000', 'c000000000000000'], 'c0056c6e7397f5ae'],
  ['atan2', ['4008000000000000', '4010000000000000'], '3fe4978fa3269ee1'],
  ['atan2', ['3f50624dd2f1a9fc', 'bff0000000000000'], '40091fef0a9542eb'],
  ['atan2', ['4014000000000000', '3ee4f8b588e368f1'], '3ff921f93b653902'],
  ['atan2', ['3fb999999999999a', '3fd3333333333333'], '3fd4978fa3269ee2'],
  ['atan2', ['c01c000000000000', 'bfe0000000000000'], 'bffa460ea0179791'],
  ['atan2', ['3ff0000000000000', '4415af1d78b58c40'], '3bc79ca10c924223'],
  ['pow', ['4000000000000000', '3fe0000000000000'], '3ff6a09e667f3bcd'],
  ['pow', ['4024000000000000', '3fd3333333333333'], '3fffec982d5bb8af'],
  ['pow', ['3ff8000000000000', '4004000000000000'], '40060b9fd68a4554'],
  ['pow', ['3fe6666666666666', 'c00a666666666666'], '4009f52cca854582'],
  ['pow', ['4008000000000000', '3fd5555555555555'], '3ff7137449123ef6'],
  ['pow', ['3ff00068db8bac71', '40c3880000000000'], '4005bec34aabbfd3'],
  ['pow', ['4023666666666666', '3ffb333333333333'], '4047cb77a1a0c7d8'],
];

// fdlibm is accurate to < 1 ulp, not correctly rounded: here it lands one ulp from the nearest
// double. [function, arguments, nearest double, fdlibm's result]. exp(1) = 2.7182818284590455
// is fdlibm's well-known answer (Math.E is 2.718281828459045).
const NEAR: [string, string[], string, string][] = [
  ['sin', ['c004000000000000'], 'bfe326af0dcfcab1', 'bfe326af0dcfcab0'], // sin(-2.5)
  ['tan', ['4480f0cf064dd592'], 'bffa0f79c1b6b257', 'bffa0f79c1b6b258'], // tan(1e+22)
  ['asin', ['3fefae147ae147ae'], '3ff6de3c6f33d51d', '3ff6de3c6f33d51e'], // asin(0.99)
  ['acos', ['3fe0000000000000'], '3ff0c152382d7366', '3ff0c152382d7365'], // acos(0.5)
  ['acos', ['3fefae147ae147ae'], '3fc21df72882bfd8', '3fc21df72882bfd7'], // acos(0.99)
  ['exp', ['3ff0000000000000'], '4005bf0a8b145769', '4005bf0a8b14576a'], // exp(1)
  ['exp', ['c024000000000000'], '3f07cd79b5647c9b', '3f07cd79b5647c9a'], // exp(-10)
  ['log', ['4008000000000000'], '3ff193ea7aad030b', '3ff193ea7aad030a'], // log(3)
  ['pow', ['4000000000000000', 'c090ca0000000000'], '0000000000000001', '0000000000000000'], // pow(2, -1074.5)
];

describe('Deterministic maths: exact bits', () => {
  it.each(EXACT)('%s(%s) is the nearest double %s', (name, args, want) => {
    expect(toHex(fn(name)(...args.map(fromHex)))).toBe(want);
  });
  it.each(NEAR)('%s(%s) is fdlibm\'s rounding, one ulp from %s', (name, args, nearest, want) => {
    const got = toHex(fn(name)(...args.map(fromHex)));
    expect(got).toBe(want);
    expect(Math.abs(Number(BigInt(`0x${got}`) - BigInt(`0x${nearest}`)))).toBe(1);
  });
});

describe('Deterministic maths: fdlibm constants read back against its hex words', () => {
  const word = (hi: number, lo: number) => fromHex(hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0'));
  it('atan', () => {
    expect(ATAN_CONSTANTS.ATAN_HI).toEqual([word(0x3fddac67, 0x0561bb4f), word(0x3fe921fb, 0x54442d18), word(0x3fef730b, 0xd281f69b), word(0x3ff921fb, 0x54442d18)]);
    expect(ATAN_CONSTANTS.ATAN_LO).toEqual([word(0x3c7a2b7f, 0x222f65e2), word(0x3c81a626, 0x33145c07), word(0x3c700788, 0x7af0cbbd), word(0x3c91a626, 0x33145c07)]);
    expect(ATAN_CONSTANTS.AT).toEqual([
      word(0x3fd55555, 0x5555550d), word(0xbfc99999, 0x9998ebc4), word(0x3fc24924, 0x920083ff), word(0xbfbc71c6, 0xfe231671),
      word(0x3fb745cd, 0xc54c206e), word(0xbfb3b0f2, 0xaf749a6d), word(0x3fb10d66, 0xa0d03d51), word(0xbfadde2d, 0x52defd9a),
      word(0x3fa97b4b, 0x24760deb), word(0xbfa2b444, 0x2c6a6c2f), word(0x3f90ad3a, 0xe322da11),
    ]);
  });
  it('atan2', () => {
    expect(ATAN2_CONSTANTS).toEqual({ PI_O_4: word(0x3fe921fb, 0x54442d18), PI_O_2: word(0x3ff921fb, 0x54442d18), PI: word(0x400921fb, 0x54442d18), PI_LO: word(0x3ca1a626, 0x33145c07) });
  });
});

describe('Deterministic maths: edge cases', () => {
  const same = (got: number, want: number) => expect(Object.is(got, want), `${got} vs ${want}`).toBe(true);
  it('signed zeros are kept where C99 keeps them', () => {
    for (const name of ['sin', 'tan', 'atan', 'asin', 'cbrt']) {
      same(fn(name)(0), 0);
      same(fn(name)(-0), -0);
    }
    same(M.cos(-0), 1);
    same(M.exp(-0), 1);
    same(M.log(0), -Infinity);
    same(M.log(-0), -Infinity);
    same(M.acos(1), 0);
  });
  it('NaN in, NaN out; infinities where the functions have limits', () => {
    for (const name of ['sin', 'cos', 'tan', 'atan', 'asin', 'acos', 'exp', 'log', 'cbrt']) same(fn(name)(NaN), NaN);
    for (const name of ['sin', 'cos', 'tan']) {
      same(fn(name)(Infinity), NaN);
      same(fn(name)(-Infinity), NaN);
    }
    same(M.asin(1.0000000000000002), NaN);
    same(M.acos(-1.0000000000000002), NaN);
    same(M.log(-1), NaN);
    same(M.atan(Infinity), Math.PI / 2);
    same(M.atan(-Infinity), -Math.PI / 2);
    same(M.exp(Infinity), Infinity);
    same(M.exp(-Infinity), 0);
    same(M.exp(710), Infinity);
    same(M.exp(-746), 0);
    same(M.log(Infinity), Infinity);
    same(M.cbrt(-Infinity), -Infinity);
    same(M.pow(NaN, 0), 1);
    same(M.pow(0, -1), Infinity);
    same(M.pow(-0, -1), -Infinity);
    same(M.pow(-8, 1 / 3), NaN);
    same(M.pow(-2, 3), -8);
    same(M.pow(1, Infinity), NaN); // as ES says (C99 says 1)
    same(M.pow(-1, -Infinity), NaN);
    same(M.pow(0.5, Infinity), 0);
    same(M.pow(0.5, -Infinity), Infinity);
    same(M.pow(NaN, -0), 1);
    same(M.pow(-0, 0.5), 0);
    same(M.pow(-0, 3), -0);
    same(M.pow(-0, -3), -Infinity);
    same(M.pow(-0, -0.5), Infinity);
    same(M.pow(-0, 1 / 3), 0);
    same(M.pow(-1, 1e308), 1);
    same(M.pow(-Infinity, 0.5), Infinity);
    same(M.pow(-Infinity, 3), -Infinity);
    same(M.pow(-Infinity, -3), -0);
    same(M.pow(Infinity, -1), 0);
    same(M.pow(-2, 0.5), NaN);
  });
  it('atan2 on zeros and infinities, as ES and C99 say', () => {
    const PI = Math.PI, H = Math.PI / 2, Q = Math.PI / 4;
    const cases: [number, number, number][] = [
      [0, 0, 0], [-0, 0, -0], [0, -0, PI], [-0, -0, -PI], [0, -1, PI], [-0, -1, -PI], [0, 1, 0], [-0, 1, -0],
      [1, 0, H], [-1, 0, -H], [1, -0, H], [Infinity, 1, H], [-Infinity, -1, -H],
      [1, Infinity, 0], [-1, Infinity, -0], [1, -Infinity, PI], [-1, -Infinity, -PI],
      [Infinity, Infinity, Q], [-Infinity, Infinity, -Q], [Infinity, -Infinity, 3 * Q], [-Infinity, -Infinity, -3 * Q],
      [NaN, 1, NaN], [1, NaN, NaN], [1e300, -1e-300, H], [-1e300, -1, -H], [1e-300, -1e300, PI], [-1e-300, 1e300, -1e-600],
    ];
    for (const [y, x, want] of cases) same(M.atan2(y, x), want);
  });
  it('huge arguments of sin and cos are reduced exactly, not wrapped', () => {
    // The largest double: the classic test of an exact argument reduction (1e22 and 1e300 are above).
    expect(toHex(M.sin(Number.MAX_VALUE))).toBe('3f7452fc98b34e97');
    expect(toHex(M.cos(Number.MAX_VALUE))).toBe('bfefffe62ecfab75');
    same(M.sin(-1e22), -M.sin(1e22));
    same(M.cos(-1e22), M.cos(1e22));
  });
  it('sin² + cos² stays within 2 ulps of 1 over many turns', () => {
    for (let i = -2000; i <= 2000; i++) {
      const x = i * 0.7853981633974483 + i * 1e-3;
      const s = M.sin(x), c = M.cos(x);
      expect(Math.abs(s * s + c * c - 1)).toBeLessThanOrEqual(4.5e-16);
    }
  });
});

describe('Deterministic maths: 10,000 results per function', () => {
  it('give the digests the browser must give too', () => {
    expect(MATH_CASES.length).toBe(10_000);
    expect(mathDigests(M)).toEqual(PINNED_DIGESTS);
  });
});

// FNV-1a over the bits of each function's 10,000 results (tests/support/mathInputs.ts). A change
// here means the functions now round differently: every golden save must then be checked.
const PINNED_DIGESTS = {
  sin: 'e55b3310',
  cos: '136620fb',
  tan: 'a09aa639',
  atan: '76e49631',
  asin: '97c1a9c6',
  acos: '4eb236ef',
  exp: 'b4d3c37a',
  log: 'e092529e',
  cbrt: 'fe4bca25',
  atan2: 'c6da310d',
  pow: 'f512ae84',
};

/**
 * Deterministic transcendental functions: the same bits in Node, in every browser and on every
 * machine, so that a save replays to the same state wherever it is opened.
 *
 * Why: `Math.sin`, `cos`, `tan`, `atan2`, `exp`, `pow`, `cbrt` and the rest are not required by
 * the language to be correctly rounded, and engines differ in the last bit (measured: Node 20's
 * V8 and Chromium's V8 disagree on 68 of 2,000 sines and 347 of 2,000 atan2s). Exact contact
 * geometry turns one last bit into a different stop, so a battle recorded in the CLI could fail
 * its hash check in the browser. `Math.sqrt` (IEEE 754 requires it correctly rounded), `abs`,
 * `min`, `max`, `floor`, `ceil`, `round`, `sign`, `trunc` and `fround` are exact and stay
 * allowed; everything else goes through here, `hypot` included: V8's Math.hypot is the same in
 * Node and Chromium, but the language leaves its algorithm open and other engines use other
 * ones. The lint rule in eslint.config.js bans the others in geometry, engine, rules, scenario
 * and ai.
 *
 * How: sin, cos, tan, asin, acos, exp, log, pow and cbrt are the `@stdlib/math-base-special-*`
 * packages, ports of FreeBSD msun (Sun's fdlibm) in plain double arithmetic that read and write
 * the words of a double through typed arrays. Their sources were checked to call no inexact
 * `Math` function (only abs, ceil, floor, round, sqrt, fround), so their results depend only on
 * IEEE 754 double arithmetic, which every engine performs identically. atan and atan2 are ported
 * here from fdlibm (`s_atan.c`, `e_atan2.c`): stdlib's atan is Cephes and its atan2 is
 * atan(y/x) ± π, which loses a bit or two for x < 0, and atan2 decides every facing. A package
 * update may round differently: `tests/geometry/math.test.ts` holds exact bits to notice it.
 *
 * The exponent operator `**` goes through the engine's own pow, so it is banned too in those
 * layers: write `x * x`, or `pow(x, y)` from here.
 */
import stdlibSin from '@stdlib/math-base-special-sin';
import stdlibCos from '@stdlib/math-base-special-cos';
import stdlibTan from '@stdlib/math-base-special-tan';
import stdlibAsin from '@stdlib/math-base-special-asin';
import stdlibAcos from '@stdlib/math-base-special-acos';
import stdlibExp from '@stdlib/math-base-special-exp';
import stdlibLn from '@stdlib/math-base-special-ln';
import stdlibPow from '@stdlib/math-base-special-pow';
import stdlibCbrt from '@stdlib/math-base-special-cbrt';

// PERF: the stands of a unit share one facing, and footprints take the cosine and sine of it for
// every stand, so each function remembers its last argument and answer (the same bits: a pure
// function of the argument). Zero is never remembered, since 0 === -0 and sin(-0) is -0.
let sinAt = NaN, sinIs = NaN, cosAt = NaN, cosIs = NaN;

/** Sine of an angle in radians (fdlibm `sin`, with its exact reduction of huge arguments). */
export function sin(x: number): number {
  if (x === sinAt) return sinIs;
  const v = stdlibSin(x);
  if (x !== 0) {
    sinAt = x;
    sinIs = v;
  }
  return v;
}
/** Cosine of an angle in radians (fdlibm `cos`). */
export function cos(x: number): number {
  if (x === cosAt) return cosIs;
  const v = stdlibCos(x);
  if (x !== 0) {
    cosAt = x;
    cosIs = v;
  }
  return v;
}
/** Tangent of an angle in radians (fdlibm `tan`). */
export const tan: (x: number) => number = stdlibTan;
export { atan, atan2 } from './mathAtan';
/** Arcsine, in [−π/2, π/2]; NaN outside [−1, 1] (fdlibm `asin`). */
export const asin: (x: number) => number = stdlibAsin;
/** Arccosine, in [0, π]; NaN outside [−1, 1] (fdlibm `acos`). */
export const acos: (x: number) => number = stdlibAcos;
/** e to the power x (fdlibm `exp`). */
export const exp: (x: number) => number = stdlibExp;
/** Natural logarithm (fdlibm `log`). */
export const log: (x: number) => number = stdlibLn;
/** True for an odd integer (every double of magnitude 2^53 or more is even). */
const isOddInteger = (y: number): boolean => Number.isInteger(y) && y % 2 !== 0;

/**
 * x to the power y, with the special cases of ES `Number::exponentiate` (so pow(±1, ±Infinity)
 * is NaN, and pow(NaN, 0) is 1) written out here, and the power of a finite positive base to a
 * finite exponent from stdlib's fdlibm port (< 1 ulp). stdlib's own handling of signed zeros,
 * infinite bases and negative bases is not used: it answers pow(-0, 1/3) = 1e-108 and
 * pow(-1, 1e308) = -1.
 */
export function pow(x: number, y: number): number {
  if (Number.isNaN(y)) return NaN;
  if (y === 0) return 1;
  if (Number.isNaN(x)) return NaN;
  if (y === Infinity || y === -Infinity) {
    const ax = Math.abs(x);
    if (ax === 1) return NaN;
    return ax > 1 === (y > 0) ? Infinity : 0;
  }
  const odd = isOddInteger(y);
  if (x === 0) {
    const negative = odd && 1 / x < 0; // −0 to an odd power keeps its sign
    if (y > 0) return negative ? -0 : 0;
    return negative ? -Infinity : Infinity;
  }
  if (x === Infinity) return y > 0 ? Infinity : 0;
  if (x === -Infinity) {
    if (y > 0) return odd ? -Infinity : Infinity;
    return odd ? -0 : 0;
  }
  if (x < 0) {
    if (!Number.isInteger(y)) return NaN;
    const r = stdlibPow(-x, y);
    return odd ? -r : r;
  }
  return stdlibPow(x, y);
}
/** Cube root (fdlibm `cbrt`). */
export const cbrt: (x: number) => number = stdlibCbrt;

/**
 * The length of (x, y): V8's Math.hypot algorithm written out (scale both by the larger, sum the
 * squares, sqrt, scale back), so it gives V8's bits (checked on 3,000,000 pairs) in every engine,
 * and the saves recorded before it replay unchanged. Infinity wins over NaN, as ES says.
 */
export function hypot(x: number, y: number): number {
  const ax = Math.abs(x), ay = Math.abs(y);
  if (ax === Infinity || ay === Infinity) return Infinity;
  if (Number.isNaN(ax) || Number.isNaN(ay)) return NaN;
  const max = ax > ay ? ax : ay;
  if (max === 0) return 0;
  const nx = ax / max, ny = ay / max;
  return Math.sqrt(nx * nx + ny * ny) * max;
}

/**
 * fdlibm's arctangents, ported line for line from Sun's `s_atan.c` and `e_atan2.c` (FreeBSD msun
 * revision, error < 1 ulp), in plain double arithmetic so that they give the same bits in every
 * engine. Comparisons on the high word of a double (`ix < 0x3fdc0000`) are written as
 * comparisons of |x| with the double whose high word that is and whose low word is 0: the same
 * test. Only `atan2`'s exponent difference reads the words themselves.
 *
 * Use them through `./math`.
 */

// atan(0.5), atan(1), atan(1.5), atan(inf), each as a high and a low part.
const ATAN_HI = [
  4.63647609000806093515e-1, // 0x3FDDAC67 0x0561BB4F
  7.85398163397448278999e-1, // 0x3FE921FB 0x54442D18
  9.82793723247329054082e-1, // 0x3FEF730B 0xD281F69B
  1.5707963267948965580e0, //   0x3FF921FB 0x54442D18
] as const;
const ATAN_LO = [
  2.26987774529616870924e-17, // 0x3C7A2B7F 0x222F65E2
  3.06161699786838301793e-17, // 0x3C81A626 0x33145C07
  1.39033110312309984516e-17, // 0x3C700788 0x7AF0CBBD
  6.12323399573676603587e-17, // 0x3C91A626 0x33145C07
] as const;
const AT0 = 3.33333333333329318027e-1; //   0x3FD55555 0x5555550D
const AT1 = -1.99999999998764832476e-1; //  0xBFC99999 0x9998EBC4
const AT2 = 1.42857142725034663711e-1; //   0x3FC24924 0x920083FF
const AT3 = -1.1111110405462355788e-1; //   0xBFBC71C6 0xFE231671
const AT4 = 9.09088713343650656196e-2; //   0x3FB745CD 0xC54C206E
const AT5 = -7.69187620504482999495e-2; //  0xBFB3B0F2 0xAF749A6D
const AT6 = 6.66107313738753120669e-2; //   0x3FB10D66 0xA0D03D51
const AT7 = -5.83357013379057348645e-2; //  0xBFADDE2D 0x52DEFD9A
const AT8 = 4.97687799461593236017e-2; //   0x3FA97B4B 0x24760DEB
const AT9 = -3.6531572744216915527e-2; //   0xBFA2B444 0x2C6A6C2F
const AT10 = 1.62858201153657823623e-2; //  0x3F90AD3A 0xE322DA11

/** The constants above, for the test that reads them back against fdlibm's hex words. */
export const ATAN_CONSTANTS = { ATAN_HI, ATAN_LO, AT: [AT0, AT1, AT2, AT3, AT4, AT5, AT6, AT7, AT8, AT9, AT10] } as const;

const TWO_POW_66 = 7.378697629483820646e19; // high word 0x44100000
const TWO_POW_M27 = 7.450580596923828125e-9; // high word 0x3E400000

/** Arctangent, in [−π/2, π/2] (fdlibm `atan`, < 1 ulp). */
export function atan(x: number): number {
  if (Number.isNaN(x)) return x;
  const ax = x < 0 ? -x : x;
  if (ax >= TWO_POW_66) return x > 0 ? ATAN_HI[3] + ATAN_LO[3] : -ATAN_HI[3] - ATAN_LO[3];
  let id: number;
  let t: number;
  if (ax < 0.4375) {
    if (ax < TWO_POW_M27) return x; // atan(x) = x to the last bit, ±0 kept
    id = -1;
    t = x;
  } else if (ax < 1.1875) {
    if (ax < 0.6875) {
      id = 0; // 7/16 <= |x| < 11/16
      t = (2 * ax - 1) / (2 + ax);
    } else {
      id = 1; // 11/16 <= |x| < 19/16
      t = (ax - 1) / (ax + 1);
    }
  } else if (ax < 2.4375) {
    id = 2; // 19/16 <= |x| < 39/16
    t = (ax - 1.5) / (1 + 1.5 * ax);
  } else {
    id = 3; // 39/16 <= |x| < 2^66
    t = -1 / ax;
  }
  const z = t * t;
  const w = z * z;
  // The sum of AT[i]·z^(i+1), split into odd and even polynomials.
  const s1 = z * (AT0 + w * (AT2 + w * (AT4 + w * (AT6 + w * (AT8 + w * AT10)))));
  const s2 = w * (AT1 + w * (AT3 + w * (AT5 + w * (AT7 + w * AT9))));
  if (id < 0) return t - t * (s1 + s2);
  const r = ATAN_HI[id]! - (t * (s1 + s2) - ATAN_LO[id]! - t);
  return x < 0 ? -r : r;
}

const PI_O_4 = 7.8539816339744827900e-1; // 0x3FE921FB 0x54442D18
const PI_O_2 = 1.570796326794896558e0; //   0x3FF921FB 0x54442D18
const PI = 3.141592653589793; //            0x400921FB 0x54442D18
const PI_LO = 1.2246467991473532e-16; //    0x3CA1A626 0x33145C07

export const ATAN2_CONSTANTS = { PI_O_4, PI_O_2, PI, PI_LO } as const;

const words = new Float64Array(1);
const halves = new Uint32Array(words.buffer);
// Which 32-bit half holds the sign and exponent: 1 on little-endian machines.
const HIGH = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;

/** The high word of |x|: sign cleared, exponent and top 20 bits of the significand. */
function highWordAbs(x: number): number {
  words[0] = x;
  return halves[HIGH]! & 0x7fffffff;
}

/** True for −0 and every negative number. */
const signBit = (x: number): boolean => x < 0 || (x === 0 && 1 / x < 0);

/**
 * The angle of the point (x, y) from +x, in [−π, π]; argument order as `Math.atan2(y, x)`
 * (fdlibm `atan2`, < 1 ulp; the signs of zeros and infinities as ES and C99 say).
 */
export function atan2(y: number, x: number): number {
  if (Number.isNaN(x) || Number.isNaN(y)) return x + y;
  if (x === 1) return atan(y);
  // m = 2·sign(x) + sign(y)
  let m = (signBit(y) ? 1 : 0) | (signBit(x) ? 2 : 0);
  if (y === 0) {
    if (m === 0 || m === 1) return y; // atan2(±0, +anything) = ±0
    return m === 2 ? PI : -PI; // atan2(±0, −anything) = ±π
  }
  if (x === 0) return y < 0 ? -PI_O_2 : PI_O_2;
  if (x === Infinity || x === -Infinity) {
    if (y === Infinity || y === -Infinity) {
      return m === 0 ? PI_O_4 : m === 1 ? -PI_O_4 : m === 2 ? 3 * PI_O_4 : -3 * PI_O_4;
    }
    return m === 0 ? 0 : m === 1 ? -0 : m === 2 ? PI : -PI;
  }
  if (y === Infinity || y === -Infinity) return y < 0 ? -PI_O_2 : PI_O_2;
  // k: the difference of the exponents, as fdlibm reads it from the high words.
  const k = (highWordAbs(y) - highWordAbs(x)) >> 20;
  let z: number;
  if (k > 60) {
    z = PI_O_2 + 0.5 * PI_LO; // |y/x| > 2^60: ±π/2 whatever the sign of x (msun's m &= 1)
    m &= 1;
  } else if (x < 0 && k < -60) z = 0; // |y|/x < −2^60
  else z = atan(Math.abs(y / x));
  switch (m) {
    case 0:
      return z; // atan(+, +)
    case 1:
      return -z; // atan(−, +)
    case 2:
      return PI - (z - PI_LO); // atan(+, −)
    default:
      return z - PI_LO - PI; // atan(−, −)
  }
}

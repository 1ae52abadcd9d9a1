/**
 * The inputs on which the deterministic maths is compared between Node and the browser
 * (tests/geometry/deterministicMath.test.ts, e2e/deterministicMath.e2e.ts): 10,000 pairs drawn
 * by an integer generator (the same everywhere), spread over what the game feeds the functions
 * (angles of a few turns, table coordinates in millimetres, tiny and huge values, multiples of
 * π/4 and near them) and a few raw bit patterns. Plain code only: it is also bundled for the page.
 */

/** A double from its IEEE 754 big-endian hex. */
export function fromHex(hex: string): number {
  const d = new DataView(new ArrayBuffer(8));
  d.setUint32(0, parseInt(hex.slice(0, 8), 16));
  d.setUint32(4, parseInt(hex.slice(8, 16), 16));
  return d.getFloat64(0);
}

/** A double's IEEE 754 big-endian hex. */
export function toHex(x: number): string {
  const d = new DataView(new ArrayBuffer(8));
  d.setFloat64(0, x);
  return d.getUint32(0).toString(16).padStart(8, '0') + d.getUint32(4).toString(16).padStart(8, '0');
}

/** xorshift32: integer operations only. */
function generator(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s;
  };
}

function makeCases(): [number, number][] {
  const next = generator(0x5eed);
  const unit = () => next() / 4294967296; // [0, 1), exactly
  const word = (hi: number, lo: number) => {
    const d = new DataView(new ArrayBuffer(8));
    d.setUint32(0, hi);
    d.setUint32(4, lo);
    return d.getFloat64(0);
  };
  const out: [number, number][] = [];
  for (let i = 0; i < 10_000; i++) {
    const kind = i % 8;
    let a: number, b: number;
    if (kind === 0) [a, b] = [(unit() - 0.5) * 4 * Math.PI, (unit() - 0.5) * 4 * Math.PI]; // angles, two turns
    else if (kind === 1) [a, b] = [(unit() - 0.5) * 3600, (unit() - 0.5) * 3600]; // table offsets, mm
    else if (kind === 2) [a, b] = [((next() % 64) - 32) * (Math.PI / 4) + (unit() - 0.5) * 1e-9, unit() * 8]; // near π/4 multiples
    else if (kind === 3) [a, b] = [(unit() - 0.5) * 2, (unit() - 0.5) * 2]; // asin/acos domain
    else if (kind === 4) [a, b] = [(unit() - 0.5) * 1400, unit() * 20 - 10]; // exp range; pow exponents
    else if (kind === 5) [a, b] = [unit() * 1e-6, (unit() - 0.5) * 1e-6]; // tiny
    else if (kind === 6) [a, b] = [(unit() - 0.5) * 1e18, (unit() - 0.5) * 1e300]; // huge
    else [a, b] = [word(next(), next()), word(next(), next())]; // any bit pattern: NaNs, infinities, subnormals
    out.push([a, b]);
  }
  return out;
}

/** 10,000 (a, b) pairs: unary functions take a, atan2 takes (a, b), pow takes (|a| or a, b). */
export const MATH_CASES: readonly [number, number][] = makeCases();

export const UNARY = ['sin', 'cos', 'tan', 'atan', 'asin', 'acos', 'exp', 'log', 'cbrt'] as const;
export const BINARY = ['atan2', 'pow'] as const;

type MathModule = Record<(typeof UNARY)[number] | (typeof BINARY)[number], (...a: number[]) => number>;

/** Every function's 10,000 results, as hex, in case order. */
export function mathResults(m: MathModule): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of UNARY) out[f] = MATH_CASES.map(([a]) => toHex(m[f](a)));
  out.atan2 = MATH_CASES.map(([a, b]) => toHex(m.atan2(a, b)));
  // Half the pow cases on a positive base (most of pow's work), half on a signed one.
  out.pow = MATH_CASES.map(([a, b], i) => toHex(m.pow(i % 2 ? Math.abs(a) : a, b)));
  return out;
}

/** FNV-1a (32-bit, integer arithmetic) over every function's results. */
export function mathDigests(m: MathModule): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [f, hexes] of Object.entries(mathResults(m))) {
    let h = 0x811c9dc5;
    for (const s of hexes) {
      for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
    }
    out[f] = h.toString(16).padStart(8, '0');
  }
  return out;
}

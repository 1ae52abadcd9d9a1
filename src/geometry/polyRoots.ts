/**
 * Real roots of small polynomials on an interval, for the exact queries (a sight boundary that is
 * a curve along a path). A polynomial is its coefficients, lowest power first.
 *
 * Roots are isolated by the roots of the derivative (found the same way, down to a quadratic in
 * closed form): between two neighbouring critical points the polynomial is monotone, so a sign
 * change there holds exactly one root, found by bisection to the last bit. No sampling, so no
 * root is missed however close two of them lie (a double root is found as a critical point whose
 * value is zero).
 */

export type Poly = readonly number[];

/** Lowest power first; trailing zero coefficients dropped. */
export function polyTrim(p: Poly): number[] {
  let n = p.length;
  while (n > 0 && p[n - 1] === 0) n--;
  return p.slice(0, n);
}

export function polyAdd(p: Poly, q: Poly): number[] {
  const out = new Array<number>(Math.max(p.length, q.length)).fill(0);
  for (let i = 0; i < p.length; i++) out[i]! += p[i]!;
  for (let i = 0; i < q.length; i++) out[i]! += q[i]!;
  return out;
}

export function polyScale(p: Poly, k: number): number[] {
  return p.map((c) => c * k);
}

export function polyMul(p: Poly, q: Poly): number[] {
  if (p.length === 0 || q.length === 0) return [];
  const out = new Array<number>(p.length + q.length - 1).fill(0);
  for (let i = 0; i < p.length; i++) for (let j = 0; j < q.length; j++) out[i + j]! += p[i]! * q[j]!;
  return out;
}

export function polyEval(p: Poly, t: number): number {
  let v = 0;
  for (let i = p.length - 1; i >= 0; i--) v = v * t + p[i]!;
  return v;
}

export function polyDeriv(p: Poly): number[] {
  const out: number[] = [];
  for (let i = 1; i < p.length; i++) out.push(p[i]! * i);
  return out;
}

/** Bisection on [lo, hi] where p(lo) and p(hi) differ in sign (or one is zero), to the last bit. */
function bisect(p: Poly, lo: number, hi: number, flo: number): number {
  for (let k = 0; k < 200; k++) {
    const mid = (lo + hi) / 2;
    if (mid <= lo || mid >= hi) break;
    const fm = polyEval(p, mid);
    if (fm === 0) return mid;
    if ((fm < 0) === (flo < 0)) { lo = mid; flo = fm; } else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The real roots of `p` in [lo, hi], ascending, each once. A polynomial that is zero everywhere
 * has no isolated roots: the answer is empty.
 */
export function polyRootsIn(p: Poly, lo: number, hi: number): number[] {
  const q = polyTrim(p);
  if (q.length <= 1 || !(hi >= lo)) return [];
  if (q.length === 2) {
    const t = -q[0]! / q[1]!;
    return t >= lo && t <= hi ? [t] : [];
  }
  if (q.length === 3) return quadraticRootsIn(q[0]!, q[1]!, q[2]!, lo, hi);
  // Monotone pieces between the derivative's roots.
  const cuts = [lo, ...polyRootsIn(polyDeriv(q), lo, hi).filter((t) => t > lo && t < hi), hi];
  const out: number[] = [];
  let f0 = polyEval(q, cuts[0]!);
  if (f0 === 0) out.push(cuts[0]!);
  for (let i = 0; i + 1 < cuts.length; i++) {
    const a = cuts[i]!, b = cuts[i + 1]!;
    const f1 = polyEval(q, b);
    if (f1 === 0) out.push(b);
    else if (f0 !== 0 && (f0 < 0) !== (f1 < 0)) out.push(bisect(q, a, b, f0));
    f0 = f1;
  }
  return dedupe(out);
}

/** Roots of c + b t + a t² in [lo, hi] (the stable form: no cancellation between −b and the root). */
export function quadraticRootsIn(c: number, b: number, a: number, lo: number, hi: number): number[] {
  if (a === 0) return b === 0 ? [] : inRange([-c / b], lo, hi);
  const disc = b * b - 4 * a * c;
  if (disc < 0) return [];
  if (disc === 0) return inRange([-b / (2 * a)], lo, hi);
  const s = Math.sqrt(disc);
  const qq = -0.5 * (b + (b >= 0 ? s : -s));
  const r1 = qq / a, r2 = qq !== 0 ? c / qq : r1;
  return inRange(r1 <= r2 ? [r1, r2] : [r2, r1], lo, hi);
}

const inRange = (ts: number[], lo: number, hi: number) => dedupe(ts.filter((t) => t >= lo && t <= hi));

function dedupe(ts: number[]): number[] {
  const out: number[] = [];
  for (const t of ts) if (out.length === 0 || t !== out[out.length - 1]) out.push(t);
  return out;
}

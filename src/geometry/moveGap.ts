/**
 * How near a move comes to other units: the first charged distance along a plan of legs at
 * which the mover's stands come within a gap of a body (nearest points, as `unitDistance`
 * measures). Rules that act the moment troops approach within a distance ("troops who have
 * approached their position to within 5cms", "avoiding any enemy by 5cms", "halts 1 inch
 * short") ask this instead of stepping along the path.
 *
 * Exactness: on a straight leg the answer is solved, not searched. The distance between two
 * rectangles that do not overlap is the least distance from a corner of one to an edge of the
 * other, so the first moment the gap closes to `gapMm` is the first moment some corner enters
 * the capsule of points within `gapMm` of an edge of the other (the moving corners of the
 * mover against the body's edges, and the body's corners against the mover's moving edges).
 * A capsule is a rectangle and two discs, so each entry is a quadratic root or a slab clip.
 * Turning legs are sampled every `stepMm` of corner travel (default 1 mm) and each change is
 * bisected to 1e-9 of the leg, as the movement core's trace does.
 */
import type { StandFootprint, TablePoint } from './types';
import { standBounds, standCorners } from './footprint';
import type { Leg } from './movement';
import { legsDistance, poseInLeg, standsAtDistance } from './movement';
import { standDistance, unitDistance } from './measure';
import { hypot } from './math';
import { turnTravel } from './moveCore';

/** A body the mover may approach: its id and stands. */
export interface GapBody {
  readonly id: string;
  readonly stands: readonly StandFootprint[];
}

export interface GapHit {
  /** Charged distance along the plan where the gap first closes to `gapMm` (0 if it is that close at the start). */
  readonly atMm: number;
  /** The body it comes within the gap of (the first in the list given, of those reached at that distance). */
  readonly bodyId: string;
  /** The index of the mover's stand that comes within the gap (the first, of those reached at that distance). */
  readonly stand: number;
}

/**
 * First t in [0, 1] at which p + t·w is within g of segment cd (Infinity if never). The
 * capsule round cd is the union of its rectangle and its two end discs; the first entry into
 * a union is the least of the first entries into its parts.
 */
export function capsuleEntry(px: number, py: number, wx: number, wy: number, cx: number, cy: number, dx: number, dy: number, g: number): number {
  let best = Infinity;
  const disc = (ox: number, oy: number) => {
    const rx = px - ox, ry = py - oy;
    const a = wx * wx + wy * wy, b = 2 * (wx * rx + wy * ry), c = rx * rx + ry * ry - g * g;
    if (c <= 0) { best = 0; return; }
    if (a === 0) return;
    const det = b * b - 4 * a * c;
    if (det < 0) return;
    const s = Math.sqrt(det);
    const t0 = (-b - s) / (2 * a), t1 = (-b + s) / (2 * a);
    if (t1 < 0 || t0 > 1) return;
    const t = Math.max(0, t0);
    if (t < best) best = t;
  };
  disc(cx, cy);
  disc(dx, dy);
  const ex = dx - cx, ey = dy - cy;
  const len = hypot(ex, ey);
  if (len > 0) {
    const ux = ex / len, uy = ey / len;
    // Along the edge u in [0, len], across it |n| ≤ g: four half-planes, each linear in t.
    let lo = 0, hi = 1;
    const clip = (v0: number, dv: number, min: number, max: number): boolean => {
      if (dv === 0) return v0 >= min && v0 <= max;
      let a = (min - v0) / dv, b = (max - v0) / dv;
      if (a > b) { const x = a; a = b; b = x; }
      if (a > lo) lo = a;
      if (b < hi) hi = b;
      return lo <= hi;
    };
    const rx = px - cx, ry = py - cy;
    if (clip(rx * ux + ry * uy, wx * ux + wy * uy, 0, len) && clip(-rx * uy + ry * ux, -wx * uy + wy * ux, -g, g) && lo < best) best = lo;
  }
  return best;
}

/** First t in [0, 1] at which stand corners `a` moved by t·(wx, wy) come within g of the fixed corners `b` (Infinity if never). */
function translationGapEntry(a: readonly TablePoint[], wx: number, wy: number, b: readonly TablePoint[], g: number): number {
  let best = Infinity;
  for (let i = 0; i < 4; i++) {
    const p = a[i]!, q = b[i]!;
    for (let j = 0; j < 4; j++) {
      const c = b[j]!, d = b[(j + 1) % 4]!;
      const t1 = capsuleEntry(p.x, p.y, wx, wy, c.x, c.y, d.x, d.y, g);
      if (t1 < best) best = t1;
      // The body's corner against the mover's edge: the corner moves by −t·w relative to it.
      const e = a[j]!, f = a[(j + 1) % 4]!;
      const t2 = capsuleEntry(q.x, q.y, -wx, -wy, e.x, e.y, f.x, f.y, g);
      if (t2 < best) best = t2;
    }
    if (best === 0) return 0;
  }
  return best;
}


interface Near { readonly body: number; readonly corners: readonly TablePoint[]; readonly stand: StandFootprint }

/**
 * The first charged distance along the plan at which the stands come within `gapMm` of one of
 * the bodies, with which body and which of the mover's stands, or undefined if they never do.
 * Exact on straight legs (see the file comment); legs with no charged distance (a free face
 * change) are judged at their end, where the plan puts them.
 */
export function firstWithinGap(stands: readonly StandFootprint[], legs: readonly Leg[], bodies: readonly GapBody[], gapMm: number, opts: { readonly stepMm?: number } = {}): GapHit | undefined {
  const stepMm = opts.stepMm ?? 1;
  const near: Near[] = [];
  bodies.forEach((b, k) => { for (const s of b.stands) near.push({ body: k, corners: standCorners(s), stand: s }); });
  if (near.length === 0 || stands.length === 0) return undefined;
  const within = (s: StandFootprint, n: Near) => standDistance(s, n.stand) <= gapMm;
  // At the start.
  for (let k = 0; k < bodies.length; k++) for (let i = 0; i < stands.length; i++) for (const n of near) if (n.body === k && within(stands[i]!, n)) return { atMm: 0, bodyId: bodies[k]!.id, stand: i };
  let best: { atMm: number; body: number; stand: number } | undefined;
  const offer = (atMm: number, body: number, stand: number) => {
    if (!best || atMm < best.atMm - 1e-12 || (Math.abs(atMm - best.atMm) <= 1e-12 && (body < best.body || (body === best.body && stand < best.stand)))) best = { atMm, body, stand };
  };
  const total = legsDistance(legs);
  for (let i = 0; i < stands.length; i++) {
    let cur = stands[i]!;
    let offset = 0;
    for (const leg of legs) {
      if (best && offset > best.atMm) break;
      const D = leg.distanceMm;
      const box = legBox(cur, leg, i, gapMm);
      const cands = near.filter((n) => boxMeetsCorners(box, n.corners));
      if (cands.length > 0) {
        if (leg.kind === 'translate') {
          const a = standCorners(cur);
          for (const n of cands) {
            const t = translationGapEntry(a, leg.dx, leg.dy, n.corners, gapMm);
            if (t <= 1) offer(offset + t * D, n.body, i);
          }
        } else {
          const at = (t: number) => poseInLeg(cur, leg, i, t);
          const steps = Math.max(1, Math.ceil(turnTravel(cur, leg, i) / stepMm));
          for (const n of cands) {
            let prev = 0;
            for (let k = 1; k <= steps; k++) {
              const t = k / steps;
              if (within(at(t), n)) {
                let lo = prev, hi = t;
                for (let b = 0; b < 50; b++) { const mid = (lo + hi) / 2; if (within(at(mid), n)) hi = mid; else lo = mid; }
                offer(offset + (D > 0 ? hi * D : 0), n.body, i);
                break;
              }
              prev = t;
            }
          }
        }
      }
      offset += D;
      cur = poseInLeg(cur, leg, i, 1);
    }
  }
  if (!best) return undefined;
  const hit = best as { atMm: number; body: number; stand: number };
  return { atMm: Math.min(hit.atMm, total), bodyId: bodies[hit.body]!.id, stand: hit.stand };
}

/** The box of every pose one stand takes during a leg, grown by `g`. */
function legBox(s: StandFootprint, leg: Leg, i: number, g: number): { minX: number; minY: number; maxX: number; maxY: number } {
  const a = standBounds(s), b = standBounds(poseInLeg(s, leg, i, 1));
  const box = { minX: Math.min(a.minX, b.minX) - g, minY: Math.min(a.minY, b.minY) - g, maxX: Math.max(a.maxX, b.maxX) + g, maxY: Math.max(a.maxY, b.maxY) + g };
  if (leg.kind === 'rotate') {
    let r = 0;
    for (const c of standCorners(s)) r = Math.max(r, hypot(c.x - leg.pivot.x, c.y - leg.pivot.y));
    box.minX = Math.min(box.minX, leg.pivot.x - r - g); box.minY = Math.min(box.minY, leg.pivot.y - r - g);
    box.maxX = Math.max(box.maxX, leg.pivot.x + r + g); box.maxY = Math.max(box.maxY, leg.pivot.y + r + g);
  } else if (leg.kind === 'restand') {
    const r = hypot(s.widthMm, s.depthMm) / 2;
    for (const c of [s.centre, (leg.to[i] ?? s).centre]) {
      box.minX = Math.min(box.minX, c.x - r - g); box.minY = Math.min(box.minY, c.y - r - g);
      box.maxX = Math.max(box.maxX, c.x + r + g); box.maxY = Math.max(box.maxY, c.y + r + g);
    }
  }
  return box;
}

function boxMeetsCorners(box: { minX: number; minY: number; maxX: number; maxY: number }, cs: readonly TablePoint[]): boolean {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const c of cs) { if (c.x < minX) minX = c.x; if (c.x > maxX) maxX = c.x; if (c.y < minY) minY = c.y; if (c.y > maxY) maxY = c.y; }
  return box.minX <= maxX && minX <= box.maxX && box.minY <= maxY && minY <= box.maxY;
}

/** The t (any real) during which p + t·w is within g of segment cd, as [from, to], or undefined: the capsule is convex, so one interval. */
function capsuleSpan(px: number, py: number, wx: number, wy: number, cx: number, cy: number, dx: number, dy: number, g: number): [number, number] | undefined {
  let lo = Infinity, hi = -Infinity;
  const a = wx * wx + wy * wy;
  if (a === 0) return undefined;
  for (const [ox, oy] of [[cx, cy], [dx, dy]] as const) {
    const rx = px - ox, ry = py - oy;
    const b = 2 * (wx * rx + wy * ry), c = rx * rx + ry * ry - g * g;
    const det = b * b - 4 * a * c;
    if (det < 0) continue;
    const s = Math.sqrt(det);
    lo = Math.min(lo, (-b - s) / (2 * a)); hi = Math.max(hi, (-b + s) / (2 * a));
  }
  const ex = dx - cx, ey = dy - cy, len = hypot(ex, ey);
  if (len > 0) {
    const ux = ex / len, uy = ey / len, rx = px - cx, ry = py - cy;
    let l = -Infinity, h = Infinity;
    for (const [v0, dv, min, max] of [[rx * ux + ry * uy, wx * ux + wy * uy, 0, len], [-rx * uy + ry * ux, -wx * uy + wy * ux, -g, g]] as const) {
      if (dv === 0) { if (v0 < min || v0 > max) { l = Infinity; h = -Infinity; break; } continue; }
      let t0 = (min - v0) / dv, t1 = (max - v0) / dv;
      if (t0 > t1) { const x = t0; t0 = t1; t1 = x; }
      l = Math.max(l, t0); h = Math.min(h, t1);
    }
    if (l <= h) { lo = Math.min(lo, l); hi = Math.max(hi, h); }
  }
  return lo <= hi ? [lo, hi] : undefined;
}

/** The t during which rectangle `a` moved by t·(wx, wy) overlaps rectangle `b` (separating axes, each linear in t), or undefined. */
function overlapSpan(a: readonly TablePoint[], wx: number, wy: number, b: readonly TablePoint[]): [number, number] | undefined {
  let lo = -Infinity, hi = Infinity;
  for (const poly of [a, b]) for (let i = 0; i < 2; i++) {
    const ex = poly[i + 1]!.x - poly[i]!.x, ey = poly[i + 1]!.y - poly[i]!.y;
    const nx = -ey, ny = ex;
    let a0 = Infinity, a1 = -Infinity, b0 = Infinity, b1 = -Infinity;
    for (const v of a) { const d = v.x * nx + v.y * ny; a0 = Math.min(a0, d); a1 = Math.max(a1, d); }
    for (const v of b) { const d = v.x * nx + v.y * ny; b0 = Math.min(b0, d); b1 = Math.max(b1, d); }
    const vel = wx * nx + wy * ny;
    if (vel === 0) { if (!(a1 > b0 && b1 > a0)) return undefined; continue; }
    const t1 = (b0 - a1) / vel, t2 = (b1 - a0) / vel;
    lo = Math.max(lo, Math.min(t1, t2)); hi = Math.min(hi, Math.max(t1, t2));
    if (lo >= hi) return undefined;
  }
  return [lo, hi];
}

/**
 * The first charged distance along a straight move (one translate leg) at which the stands are
 * at least `gapMm` from every stand of the bodies (nearest points), or undefined if they never
 * are within the leg: where a unit sliding away from others is clear of them by a set distance.
 * Exact: the stretches nearer than the gap are the union of the corner-to-edge capsule
 * stretches and the overlap stretch, each solved in closed form.
 */
export function firstClearOfGap(stands: readonly StandFootprint[], leg: Extract<Leg, { kind: 'translate' }>, bodies: readonly GapBody[], gapMm: number): number | undefined {
  const spans: [number, number][] = [];
  for (const s of stands) {
    const a = standCorners(s);
    for (const body of bodies) for (const t of body.stands) {
      const b = standCorners(t);
      const o = overlapSpan(a, leg.dx, leg.dy, b);
      if (o) spans.push(o);
      for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) {
        const c = b[j]!, d = b[(j + 1) % 4]!, e = a[j]!, f = a[(j + 1) % 4]!;
        const s1 = capsuleSpan(a[i]!.x, a[i]!.y, leg.dx, leg.dy, c.x, c.y, d.x, d.y, gapMm);
        if (s1) spans.push(s1);
        const s2 = capsuleSpan(b[i]!.x, b[i]!.y, -leg.dx, -leg.dy, e.x, e.y, f.x, f.y, gapMm);
        if (s2) spans.push(s2);
      }
    }
  }
  // Nearer than the gap inside a stretch; at its ends exactly the gap, which is clear.
  let x = 0;
  for (let moved = true; moved && x <= 1;) {
    moved = false;
    for (const [lo, hi] of spans) if (lo < x - 1e-12 && x < hi - 1e-12) { x = hi; moved = true; }
  }
  return x <= 1 ? x * leg.distanceMm : undefined;
}

/**
 * The first charged distance along the plan at which the stands come within `gapMm` of the
 * body (nearest points, `unitDistance`), or undefined if they never do: `firstWithinGap` with
 * one body (exact on straight legs; turning legs judged every `stepMm` of corner travel). Rules
 * that halt a set distance short of a target ("halts 1 inch short").
 */
export function distanceToGap(stands: readonly StandFootprint[], legs: readonly Leg[], body: readonly StandFootprint[], gapMm: number, stepMm = 1): number | undefined {
  const hit = firstWithinGap(stands, legs, [{ id: '', stands: body }], gapMm, { stepMm });
  if (!hit) return undefined;
  // The solved distance is the true one to rounding, but a glancing approach (the gap closing
  // slowly) turns 1e-14 mm of rounding in the gap into 1e-10 mm along the move. The answer is
  // the first distance at which the stands, put there by the plan, measure within the gap,
  // bracketed about the solved one and bisected to the last bit: a rule judging "within" after
  // the move agrees with the move, and no earlier distance measures within.
  const total = legsDistance(legs);
  const within = (x: number) => unitDistance(standsAtDistance(stands, legs, x), body) <= gapMm;
  const ulp = Math.max(Math.abs(hit.atMm), 1) * Number.EPSILON;
  let lo: number, hi: number;
  if (within(hit.atMm)) {
    hi = hit.atMm;
    let d = ulp;
    lo = Math.max(0, hi - d);
    while (lo > 0 && within(lo) && d < 1) { hi = lo; d *= 2; lo = Math.max(0, hi - d); }
    if (within(lo)) return lo;
  } else {
    lo = hit.atMm;
    let d = ulp;
    hi = Math.min(total, lo + d);
    while (hi < total && !within(hi) && d < 1) { lo = hi; d *= 2; hi = Math.min(total, lo + d); }
    if (!within(hi)) return hit.atMm;
  }
  for (let k = 0; k < 80; k++) {
    const mid = (lo + hi) / 2;
    if (mid <= lo || mid >= hi) break;
    if (within(mid)) hi = mid; else lo = mid;
  }
  return hi;
}

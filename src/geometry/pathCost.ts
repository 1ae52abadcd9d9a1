/**
 * Path cost through terrain. The geometry traces, for each stand and each feature, the
 * stretches of the move during which the stand touches it and during which it is wholly
 * inside it; the rules' cost function turns those into a cost. `ratedCost` builds the usual
 * cost functions (multipliers, delays, impassable, whole unit slowed) from a policy.
 *
 * Distances along a move are the plan's charged millimetres (wheels count their outer arc).
 * Straight legs are traced exactly (events where a corner crosses an edge or a vertex crosses
 * the stand); turning legs are sampled every `stepMm` of corner travel.
 */
import type { StandFootprint } from './types';
import { standCorners, standCornersInto } from './footprint';
import type { Leg } from './movement';
import { legSamples, poseInLeg } from './movement';
import type { TerrainIndex, TerrainShape } from './terrain';
import { flatPolygon, quadPolygonRelation } from './terrain';
import type { MutableInterval } from './quadTrace';
import { polygonBoxFlat, record, traceTranslationBoxed } from './quadTrace';
import type { Box } from './vec';

export interface Interval {
  readonly fromMm: number;
  readonly toMm: number;
}

export interface StandTrace {
  readonly stand: number;
  /** Stretches during which the stand touches or overlaps the feature. */
  readonly touching: readonly Interval[];
  /** Stretches during which the stand is wholly inside the feature. */
  readonly inside: readonly Interval[];
}

export interface TerrainContact {
  readonly feature: TerrainShape;
  /** First and last distance at which any stand touches it. */
  readonly firstMm: number;
  readonly lastMm: number;
  /** Some stand touched it at the start / at the end of the move. */
  readonly atStart: boolean;
  readonly atEnd: boolean;
  /** Some stand that was clear of it came to touch it. */
  readonly entered: boolean;
  /** Some stand went into it and came out clear on the far side during the move. */
  readonly crossed: boolean;
  readonly stands: readonly StandTrace[];
}

export interface PathInput {
  readonly distanceMm: number;
  readonly legs: readonly Leg[];
  readonly contacts: readonly TerrainContact[];
  readonly standCount: number;
}

export interface CostVerdict {
  readonly costMm: number;
  /** Impassable terrain met, and where. */
  readonly blockedBy?: { readonly featureId: string; readonly atMm: number; readonly reason: string };
  /** How far along the move the budget (or an impassable feature) lets the unit get. */
  readonly affordableMm?: number;
}

/** The rules' cost function; `budgetMm` lets it say how far the unit can get. */
export type CostFunction = (input: PathInput, budgetMm: number) => CostVerdict;

export interface PathCost extends CostVerdict {
  readonly distanceMm: number;
  readonly budgetMm: number;
  readonly remainingMm: number;
  readonly withinBudget: boolean;
  readonly contacts: readonly TerrainContact[];
}

/** Trace one stand's contact with one polygon along the legs. */
export function traceStand(stand: StandFootprint, legs: readonly Leg[], standIndex: number, poly: TerrainShape['polygon'], stepMm = 2): StandTrace {
  const flat = flatPolygon(poly);
  const bb = polygonBoxFlat(flat);
  return traceStandFlat(stand, legs, standIndex, poly, flat, bb[0]!, bb[1]!, bb[2]!, bb[3]!, stepMm);
}

/** `traceStand` with the polygon flat and its box at hand. */
function traceStandFlat(stand: StandFootprint, legs: readonly Leg[], standIndex: number, poly: TerrainShape['polygon'], flat: Float64Array, bx0: number, by0: number, bx1: number, by1: number, stepMm: number): StandTrace {
  const touching: MutableInterval[] = [];
  const inside: MutableInterval[] = [];
  let cur = stand;
  let offset = 0;
  for (const leg of legs) {
    const D = leg.distanceMm;
    if (leg.kind === 'translate') {
      traceTranslationBoxed(cur, leg.dx, leg.dy, D, offset, flat, bx0, by0, bx1, by1, touching, inside);
      cur = poseInLeg(cur, leg, standIndex, 1);
    } else {
      const poses = legSamples(cur, [leg], standIndex, stepMm)[0]!;
      const n = poses.length - 1;
      let prev = quadPolygonRelation(standCorners(poses[0]!), poly);
      record(touching, inside, prev, offset, offset);
      for (let k = 1; k <= n; k++) {
        const rel = quadPolygonRelation(standCorners(poses[k]!), poly);
        // PERF: sampled, not traced: a stretch touches when either end does, is inside when both are.
        record(touching, inside, prev === 2 && rel === 2 ? 2 : prev > 0 || rel > 0 ? 1 : 0, offset + ((k - 1) / n) * D, offset + (k / n) * D);
        prev = rel;
      }
      cur = poses[n]!;
    }
    offset += D;
  }
  return { stand: standIndex, touching, inside };
}

function growBox(b: Box, x: number, y: number): void {
  if (x < b.minX) b.minX = x;
  if (x > b.maxX) b.maxX = x;
  if (y < b.minY) b.minY = y;
  if (y > b.maxY) b.maxY = y;
}

const PB = new Float64Array(8);

function pathBox(stand: StandFootprint, legs: readonly Leg[], standIndex: number): Box {
  const box: Box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  let cur = stand;
  for (const leg of legs) {
    standCornersInto(cur, PB);
    for (let k = 0; k < 8; k += 2) growBox(box, PB[k]!, PB[k + 1]!);
    if (leg.kind === 'rotate') {
      // Conservative: the circle the furthest corner sweeps.
      let r = 0;
      for (let k = 0; k < 8; k += 2) r = Math.max(r, Math.hypot(PB[k]! - leg.pivot.x, PB[k + 1]! - leg.pivot.y));
      growBox(box, leg.pivot.x - r, leg.pivot.y - r);
      growBox(box, leg.pivot.x + r, leg.pivot.y + r);
    } else if (leg.kind === 'restand') {
      const r = Math.hypot(cur.widthMm, cur.depthMm) / 2;
      const to = leg.to[standIndex] ?? cur;
      growBox(box, cur.centre.x - r, cur.centre.y - r);
      growBox(box, cur.centre.x + r, cur.centre.y + r);
      growBox(box, to.centre.x - r, to.centre.y - r);
      growBox(box, to.centre.x + r, to.centre.y + r);
    }
    cur = poseInLeg(cur, leg, standIndex, 1);
  }
  standCornersInto(cur, PB);
  for (let k = 0; k < 8; k += 2) growBox(box, PB[k]!, PB[k + 1]!);
  return box;
}

const CB = new Float64Array(8);

/** Is the polygon wholly beside, behind or beyond the band a stand (corners in `CB`) sweeps moving by (dx, dy)? */
function clearOfBand(dx: number, dy: number, p: Float64Array): boolean {
  const len = Math.hypot(dx, dy);
  if (len === 0) return false;
  const ux = dx / len, uy = dy / len, nx = -uy, ny = ux;
  let a0 = Infinity, a1 = -Infinity, n0 = Infinity, n1 = -Infinity;
  for (let k = 0; k < 8; k += 2) {
    const x = CB[k]!, y = CB[k + 1]!;
    const a = x * ux + y * uy, n = x * nx + y * ny;
    if (a < a0) a0 = a;
    if (a > a1) a1 = a;
    if (n < n0) n0 = n;
    if (n > n1) n1 = n;
  }
  a1 += len;
  let p0 = Infinity, p1 = -Infinity, q0 = Infinity, q1 = -Infinity;
  for (let k = 0; k < p.length; k += 2) {
    const x = p[k]!, y = p[k + 1]!;
    const a = x * ux + y * uy, n = x * nx + y * ny;
    if (a < p0) p0 = a;
    if (a > p1) p1 = a;
    if (n < q0) q0 = n;
    if (n > q1) q1 = n;
  }
  return p1 < a0 || p0 > a1 || q1 < n0 || q0 > n1;
}

/** The order of `terrainContacts`: where the move first touches the feature, then its id. */
const byFirstThenId = (p: TerrainContact, q: TerrainContact): number =>
  p.firstMm - q.firstMm || (p.feature.id < q.feature.id ? -1 : p.feature.id > q.feature.id ? 1 : 0);

/**
 * Every feature any stand touches during the move, with the stretches traced, ordered by
 * where the move first touches it (`firstMm`), then by feature id (code-unit order); each
 * contact's traces are in stand order. PERF: one index search for the whole move (the union
 * of the stands' path boxes), then each stand keeps the candidates whose boxes meet its own
 * path box (rbush's inclusive test: what a search of that box returns); each candidate's
 * flat polygon and box are looked up once per call, not once per stand.
 */
export function terrainContacts(stands: readonly StandFootprint[], legs: readonly Leg[], terrain: TerrainIndex, stepMm = 2): TerrainContact[] {
  let total = 0;
  for (const l of legs) total += l.distanceMm;
  const only = legs.length === 1 ? legs[0]! : undefined;
  const band = only?.kind === 'translate' ? only : undefined;
  const boxes: Box[] = [];
  const all: Box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (let i = 0; i < stands.length; i++) {
    const b = pathBox(stands[i]!, legs, i);
    boxes.push(b);
    growBox(all, b.minX, b.minY);
    growBox(all, b.maxX, b.maxY);
  }
  const found = stands.length > 0 ? terrain.search(all) : [];
  const nf = found.length;
  const flats: Float64Array[] = [];
  const fboxes: Float64Array[] = [];
  for (let k = 0; k < nf; k++) {
    const f = flatPolygon(found[k]!.value.polygon);
    flats.push(f);
    fboxes.push(polygonBoxFlat(f));
  }
  const traces: (StandTrace[] | undefined)[] = new Array<StandTrace[] | undefined>(nf);
  for (let i = 0; i < stands.length; i++) {
    const s = stands[i]!;
    const b = boxes[i]!;
    if (band) standCornersInto(s, CB);
    for (let k = 0; k < nf; k++) {
      const e = found[k]!;
      if (e.minX > b.maxX || e.minY > b.maxY || e.maxX < b.minX || e.maxY < b.minY) continue;
      const flat = flats[k]!;
      // PERF: a straight move sweeps a convex band; a polygon wholly to one side of it is skipped.
      if (band && clearOfBand(band.dx, band.dy, flat)) continue;
      const fb = fboxes[k]!;
      const tr = traceStandFlat(s, legs, i, e.value.polygon, flat, fb[0]!, fb[1]!, fb[2]!, fb[3]!, stepMm);
      if (tr.touching.length === 0) continue;
      const list = traces[k];
      if (list) list.push(tr);
      else traces[k] = [tr];
    }
  }
  const eps = 1e-9;
  const out: TerrainContact[] = [];
  for (let k = 0; k < nf; k++) {
    const list = traces[k];
    if (!list) continue;
    let first = Infinity, last = -Infinity, atStart = false, atEnd = false, entered = false, crossed = false;
    for (const t of list) {
      for (const iv of t.touching) {
        first = Math.min(first, iv.fromMm);
        last = Math.max(last, iv.toMm);
        if (iv.fromMm <= eps) atStart = true; else entered = true;
        if (iv.toMm >= total - eps) atEnd = true;
        if (iv.fromMm > eps && iv.toMm < total - eps) crossed = true;
      }
    }
    out.push({ feature: found[k]!.value, firstMm: first, lastMm: last, atStart, atEnd, entered, crossed, stands: list });
  }
  if (out.length > 1) out.sort(byFirstThenId);
  return out;
}

/** Trace the move, then let the rules price it. */
export function pathCost(stands: readonly StandFootprint[], legs: readonly Leg[], terrain: TerrainIndex, cost: CostFunction, budgetMm: number): PathCost {
  const contacts = terrainContacts(stands, legs, terrain);
  const distanceMm = legs.reduce((a, l) => a + l.distanceMm, 0);
  const v = cost({ distanceMm, legs, contacts, standCount: stands.length }, budgetMm);
  const remainingMm = budgetMm - v.costMm;
  // PERF: `{ ...v, distanceMm, … }` written as Object.assign then properties: the same object
  // (same keys, same order), without V8's slow path for a spread that adds keys (~7 µs here).
  const out = Object.assign({}, v) as { -readonly [K in keyof PathCost]: PathCost[K] };
  out.distanceMm = distanceMm;
  out.budgetMm = budgetMm;
  out.remainingMm = remainingMm;
  out.withinBudget = remainingMm >= -1e-9 && !v.blockedBy;
  out.contacts = contacts;
  return out;
}

/** A policy for the usual kinds of terrain cost; every number comes from the rules. */
export interface RatePolicy {
  /** Cost of each millimetre moved while touching the feature: 1 clear, 2 half speed, Infinity impassable. */
  readonly rate: (f: TerrainShape) => number;
  /** A flat cost charged once when the unit first enters the feature (crossing a hedge, a ford). */
  readonly delayMm?: (f: TerrainShape) => number;
  /**
   * `slowest-stand`: each stand pays for its own ground and the unit pays the dearest stand's
   * bill; `whole-unit`: while any stand touches, the whole unit pays the rate; `once-touched`:
   * from the moment any stand touches, the rest of the move pays it.
   */
  readonly aggregation: 'slowest-stand' | 'whole-unit' | 'once-touched';
  /** Does a stand merely touching count, or only a stand wholly inside? Default touching. */
  readonly counts?: 'touching' | 'inside';
}

/** Growable Float64Array scratch. */
function room(a: Float64Array, n: number): Float64Array {
  if (n <= a.length) return a;
  const b = new Float64Array(Math.max(n, a.length * 2));
  b.set(a);
  return b;
}

/**
 * Scratch for the rated cost: the intervals in play (from, to, rate), the cuts, and the
 * pieces (a, b, rate) of the current and the dearest stand. PERF: a cost function runs on
 * every drag step; it allocates only its answer.
 */
class RateScratch {
  ivFrom: Float64Array = new Float64Array(64);
  ivTo: Float64Array = new Float64Array(64);
  ivRate: Float64Array = new Float64Array(64);
  nIv = 0;
  /** Indices of the intervals whose rate is above 1, in order. */
  dear: Int32Array = new Int32Array(64);
  cuts: Float64Array = new Float64Array(128);
  pa: Float64Array = new Float64Array(128);
  pb: Float64Array = new Float64Array(128);
  pr: Float64Array = new Float64Array(128);
  nP = 0;
  wa: Float64Array = new Float64Array(128);
  wb: Float64Array = new Float64Array(128);
  wr: Float64Array = new Float64Array(128);
  nW = 0;

  addIv(from: number, to: number, rate: number): void {
    const n = this.nIv + 1;
    this.ivFrom = room(this.ivFrom, n); this.ivTo = room(this.ivTo, n); this.ivRate = room(this.ivRate, n);
    this.ivFrom[this.nIv] = from; this.ivTo[this.nIv] = to; this.ivRate[this.nIv] = rate;
    this.nIv = n;
  }

  /** Piecewise-constant rate over [0, D] from the intervals (the dearest interval covering each piece's midpoint). */
  stretches(D: number): void {
    const nc = this.nIv * 2 + 2;
    this.cuts = room(this.cuts, nc);
    const cuts = this.cuts;
    let m = 0;
    cuts[m++] = 0;
    cuts[m++] = D;
    for (let k = 0; k < this.nIv; k++) { cuts[m++] = Math.max(0, this.ivFrom[k]!); cuts[m++] = Math.min(D, this.ivTo[k]!); }
    const xs = cuts.subarray(0, m).sort();
    if (this.dear.length < this.nIv) this.dear = new Int32Array(Math.max(this.nIv, this.dear.length * 2));
    const dear = this.dear;
    let nDear = 0;
    for (let k = 0; k < this.nIv; k++) if (this.ivRate[k]! > 1) dear[nDear++] = k;
    this.pa = room(this.pa, m); this.pb = room(this.pb, m); this.pr = room(this.pr, m);
    let np = 0, prev = NaN;
    for (let k = 0; k < m; k++) {
      const b = xs[k]!;
      if (b < 0 || b > D || b === prev) continue;
      const a = prev;
      prev = b;
      if (Number.isNaN(a) || b <= a) continue;
      const mid = (a + b) / 2;
      let rate = 1;
      // Only intervals dearer than 1 can raise the rate (their ends still cut the pieces above).
      for (let j = 0; j < nDear; j++) {
        const d = dear[j]!;
        if (this.ivFrom[d]! <= mid && mid <= this.ivTo[d]! && this.ivRate[d]! > rate) rate = this.ivRate[d]!;
      }
      this.pa[np] = a; this.pb[np] = b; this.pr[np] = rate; np++;
    }
    this.nP = np;
  }

  piecesCost(): number {
    let acc = 0;
    for (let k = 0; k < this.nP; k++) acc += (this.pb[k]! - this.pa[k]!) * this.pr[k]!;
    return acc;
  }

  keepAsWorst(): void {
    this.wa = room(this.wa, this.nP); this.wb = room(this.wb, this.nP); this.wr = room(this.wr, this.nP);
    this.wa.set(this.pa.subarray(0, this.nP)); this.wb.set(this.pb.subarray(0, this.nP)); this.wr.set(this.pr.subarray(0, this.nP));
    this.nW = this.nP;
  }
}

const finiteRate = (r: number): number => (r === Infinity ? 1 : r);

/**
 * Build a cost function from a policy. Rates are piecewise constant along the move: each
 * stretch between interval ends pays the dearest rate touching it (impassable counts as 1
 * there; it stops the move instead). Delays are charged when first met, in order.
 */
export function ratedCost(policy: RatePolicy): CostFunction {
  const sc = new RateScratch();
  const inside = policy.counts === 'inside';
  return (input, budgetMm) => {
    const D = input.distanceMm;
    const contacts = input.contacts;
    // Impassable: the earliest touch of any infinite-rate feature.
    let blockedBy: CostVerdict['blockedBy'];
    const rates = new Float64Array(contacts.length);
    for (let ci = 0; ci < contacts.length; ci++) {
      const c = contacts[ci]!;
      const r = policy.rate(c.feature);
      rates[ci] = finiteRate(r);
      if (r !== Infinity) continue;
      for (const t of c.stands) for (const iv of inside ? t.inside : t.touching) {
        if (!blockedBy || iv.fromMm < blockedBy.atMm) blockedBy = { featureId: c.feature.id, atMm: iv.fromMm, reason: 'impassable terrain' };
      }
    }
    // Piecewise-constant rate per stand (or for the unit).
    let pa: Float64Array, pb: Float64Array, pr: Float64Array, np: number;
    if (policy.aggregation === 'slowest-stand') {
      let worstCost = D, haveWorst = false;
      for (let s = 0; s < input.standCount; s++) {
        sc.nIv = 0;
        for (let ci = 0; ci < contacts.length; ci++) {
          for (const t of contacts[ci]!.stands) {
            if (t.stand !== s) continue;
            for (const iv of inside ? t.inside : t.touching) sc.addIv(iv.fromMm, iv.toMm, rates[ci]!);
          }
        }
        sc.stretches(D);
        const cost = sc.piecesCost();
        if (cost > worstCost) { worstCost = cost; sc.keepAsWorst(); haveWorst = true; }
      }
      if (haveWorst) { pa = sc.wa; pb = sc.wb; pr = sc.wr; np = sc.nW; } else { pa = Float64Array.of(0); pb = Float64Array.of(D); pr = Float64Array.of(1); np = 1; }
    } else {
      sc.nIv = 0;
      const once = policy.aggregation === 'once-touched';
      for (let ci = 0; ci < contacts.length; ci++) {
        for (const t of contacts[ci]!.stands) for (const iv of inside ? t.inside : t.touching) sc.addIv(iv.fromMm, once ? D : iv.toMm, rates[ci]!);
      }
      sc.stretches(D);
      pa = sc.pa; pb = sc.pb; pr = sc.pr; np = sc.nP;
    }
    // Delays, charged at the first touch of each entered feature (stable order by place).
    const delays: { at: number; step: number }[] = [];
    for (const c of contacts) {
      if (!(c.entered || c.atStart)) continue;
      const cost = policy.delayMm?.(c.feature) ?? 0;
      if (cost > 0) delays.push({ at: c.entered && !c.atStart ? c.firstMm : 0, step: cost });
    }
    if (delays.length > 1) delays.sort(byAt);
    let costMm = 0;
    for (let k = 0; k < np; k++) costMm += (pb[k]! - pa[k]!) * pr[k]!;
    let delaySum = 0;
    for (const e of delays) delaySum += e.step;
    costMm += delaySum;
    // How far the budget goes: walk the stretches, paying delays as they come.
    let spent = 0, affordableMm = 0;
    const limit = blockedBy ? blockedBy.atMm : D;
    let ei = 0;
    walk: for (let k = 0; k < np; k++) {
      const a = pa[k]!, rate = pr[k]!;
      while (ei < delays.length && delays[ei]!.at <= a + 1e-9) {
        spent += delays[ei]!.step;
        if (spent > budgetMm + 1e-9) break walk;
        ei++;
      }
      const b = Math.min(pb[k]!, limit);
      if (b <= a) break;
      const can = (budgetMm - spent) / rate;
      if (can < b - a) { affordableMm = a + Math.max(0, can); break; }
      spent += (b - a) * rate;
      affordableMm = b;
      if (b >= limit) break;
    }
    if (blockedBy) costMm = Infinity;
    return blockedBy ? { costMm, blockedBy, affordableMm } : { costMm, affordableMm };
  };
}

const byAt = (p: { at: number }, q: { at: number }): number => p.at - q.at;

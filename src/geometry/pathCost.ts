/**
 * Terrain along a move. The geometry traces, for each stand and each feature, the stretches
 * of the move during which the stand touches it and during which it is wholly inside it; the
 * rules turn those into delays, costs and stops (the movement core hands them the trace).
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
import { hypot } from './math';

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
      for (let k = 0; k < 8; k += 2) r = Math.max(r, hypot(PB[k]! - leg.pivot.x, PB[k + 1]! - leg.pivot.y));
      growBox(box, leg.pivot.x - r, leg.pivot.y - r);
      growBox(box, leg.pivot.x + r, leg.pivot.y + r);
    } else if (leg.kind === 'restand') {
      const r = hypot(cur.widthMm, cur.depthMm) / 2;
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
  const len = hypot(dx, dy);
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

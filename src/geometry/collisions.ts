/**
 * Collisions: an rbush index with a Map beside it (tldraw's RBushIndex pattern) so that an
 * update removes exactly the box that was inserted and never leaves a stale one; which stands
 * a move sweeps through, which it ends overlapping, and whether it leaves the table.
 * Touching is legal everywhere (stands are placed base to base): only overlap deeper than
 * EPS_MM counts.
 */
import RBush from 'rbush';
import type { StandFootprint, TablePoint } from './types';
import { standCorners, standCornersInto, translateStand } from './footprint';
import type { Box } from './vec';
import { boundsOf, EPS_MM, convexHull } from './vec';
import type { Leg } from './movement';
import { legSamples } from './movement';

// PERF: bound once (under tsx every read of an imported binding goes through a getter).
const EPS_MM_L = EPS_MM;

export interface IndexEntry<T> extends Box {
  readonly id: string;
  readonly value: T;
}

/** Moved entries kept beside the tree, in a plain list, before they are put back in it. */
const HOT_MAX = 64;

const boxesMeet = (a: Box, b: Box): boolean => b.minX <= a.maxX && b.minY <= a.maxY && b.maxX >= a.minX && b.maxY >= a.minY;

/**
 * rbush plus Map<id, entry>: `set` replaces by id, `delete` removes the very entry inserted.
 * PERF: an entry `set` again (a stand being dragged) leaves the tree for a short list of
 * moved entries, where later moves replace it without touching the tree; searches scan that
 * list after the tree (with rbush's own inclusive box test), and it goes back into the tree
 * when it grows past HOT_MAX. Every entry lives in exactly one place, so a search never
 * sees a stale box. The order of search results is unspecified (rbush's own order changes
 * with every insert and remove too).
 */
export class SpatialIndex<T> {
  private readonly tree = new RBush<IndexEntry<T>>();
  private readonly byId = new Map<string, IndexEntry<T>>();
  /** Moved entries, and each one's position in `hot`. */
  private readonly hot: IndexEntry<T>[] = [];
  private readonly hotAt = new Map<string, number>();

  get size(): number {
    return this.byId.size;
  }

  get(id: string): IndexEntry<T> | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  set(id: string, box: Box, value: T): void {
    const entry: IndexEntry<T> = { id, minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY, value };
    const old = this.byId.get(id);
    this.byId.set(id, entry);
    if (!old) { this.tree.insert(entry); return; }
    const at = this.hotAt.get(id);
    if (at !== undefined) { this.hot[at] = entry; return; }
    this.tree.remove(old);
    if (this.hot.length >= HOT_MAX) this.flushHot();
    this.hotAt.set(id, this.hot.length);
    this.hot.push(entry);
  }

  delete(id: string): boolean {
    const old = this.byId.get(id);
    if (!old) return false;
    const at = this.hotAt.get(id);
    if (at === undefined) this.tree.remove(old);
    else {
      const last = this.hot.pop()!;
      if (last !== old) { this.hot[at] = last; this.hotAt.set(last.id, at); }
      this.hotAt.delete(id);
    }
    this.byId.delete(id);
    return true;
  }

  /** Bulk load (replaces everything). */
  reset(items: readonly { id: string; box: Box; value: T }[]): void {
    this.tree.clear();
    this.byId.clear();
    this.hot.length = 0;
    this.hotAt.clear();
    const entries = items.map(({ id, box, value }) => ({ id, minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY, value }));
    for (const e of entries) this.byId.set(e.id, e);
    this.tree.load(entries);
  }

  search(box: Box): IndexEntry<T>[] {
    const found = this.tree.search(box);
    const hot = this.hot;
    for (let k = 0; k < hot.length; k++) if (boxesMeet(box, hot[k]!)) found.push(hot[k]!);
    return found;
  }

  collides(box: Box): boolean {
    const hot = this.hot;
    for (let k = 0; k < hot.length; k++) if (boxesMeet(box, hot[k]!)) return true;
    return this.tree.collides(box);
  }

  all(): IndexEntry<T>[] {
    return [...this.byId.values()];
  }

  private flushHot(): void {
    for (const e of this.hot) this.tree.insert(e);
    this.hot.length = 0;
    this.hotAt.clear();
  }
}

/** A stand as the collision index holds it. */
export interface PlacedStand {
  readonly id: string;
  readonly unitId: string;
  readonly footprint: StandFootprint;
}

export interface StandRecord extends PlacedStand {
  readonly corners: readonly [TablePoint, TablePoint, TablePoint, TablePoint];
}

export type StandIndex = SpatialIndex<StandRecord>;


/**
 * `{ ...s, corners }`, built as Object.assign then one property: the same object (same keys in
 * the same order). PERF: V8 (Node 20) takes a slow runtime path for a spread that adds keys
 * (about 1.4 µs here, against 0.1 µs), and this runs for every stand on every drag step.
 */
export function withCorners(s: PlacedStand, corners: StandRecord['corners']): StandRecord {
  const rec = Object.assign({}, s) as { -readonly [K in keyof StandRecord]: StandRecord[K] };
  rec.corners = corners;
  return rec;
}

export function buildStandIndex(stands: readonly PlacedStand[]): StandIndex {
  const idx = new SpatialIndex<StandRecord>();
  idx.reset(stands.map((s) => {
    const corners = standCorners(s.footprint);
    return { id: s.id, box: boundsOf(corners), value: withCorners(s, corners) };
  }));
  return idx;
}

/** Put (or move) one stand in the index. */
export function indexStand(index: StandIndex, s: PlacedStand): void {
  const corners = standCorners(s.footprint);
  index.set(s.id, boundsOf(corners), withCorners(s, corners));
}

/** Separating-axis overlap of two convex polygons, deeper than `epsMm` (touching is not overlap). */
export function convexPolygonsOverlap(a: readonly TablePoint[], b: readonly TablePoint[], epsMm = EPS_MM): boolean {
  for (let k = 0; k < 2; k++) {
    const poly = k === 0 ? a : b;
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i]!, q = poly[(i + 1) % poly.length]!;
      const ax = -(q.y - p.y), ay = q.x - p.x;
      const len = Math.hypot(ax, ay);
      if (len === 0) continue;
      let minA = Infinity, maxA = -Infinity, minB = Infinity, maxB = -Infinity;
      for (const v of a) { const d = v.x * ax + v.y * ay; if (d < minA) minA = d; if (d > maxA) maxA = d; }
      for (const v of b) { const d = v.x * ax + v.y * ay; if (d < minB) minB = d; if (d > maxB) maxB = d; }
      if (maxA <= minB + epsMm * len || maxB <= minA + epsMm * len) return false;
    }
  }
  return true;
}

export interface CollisionFilter {
  /** Stands to ignore, e.g. the moving unit's own stands, or a charge target. */
  readonly ignore?: (rec: StandRecord) => boolean;
}

export interface SweepHit {
  /** Index of the moving stand. */
  readonly moving: number;
  readonly standId: string;
  readonly unitId: string;
}

/**
 * Convex pieces swept by one stand along the legs: the hull of consecutive poses. A straight
 * leg is one exact piece; a turning leg is cut so no corner moves more than `stepMm` per piece.
 */
export function sweptPieces(stand: StandFootprint, legs: readonly Leg[], index: number, stepMm = 5): TablePoint[][] {
  const pieces: TablePoint[][] = [];
  for (const poses of legSamples(stand, legs, index, stepMm)) {
    for (let i = 1; i < poses.length; i++) {
      pieces.push(convexHull([...standCorners(poses[i - 1]!), ...standCorners(poses[i]!)]));
    }
  }
  return pieces;
}

// PERF: scratch for the sweep: two poses' corners (16 numbers), their hull (≤ 8 points).
const SW = new Float64Array(16);
const HULL = new Float64Array(16);
const ORDER = new Int32Array(8);

/**
 * `convexHull` of the 8 corners in `SW`, written to `HULL`; returns the vertex count. The same
 * monotone chain (sorted by x then y, popping turns ≤ 0), so the same vertices in the same order.
 */
function hullOfTwoPoses(): number {
  for (let i = 0; i < 8; i++) ORDER[i] = i;
  for (let i = 1; i < 8; i++) {
    const v = ORDER[i]!, vx = SW[v * 2]!, vy = SW[v * 2 + 1]!;
    let j = i - 1;
    while (j >= 0) {
      const w = ORDER[j]!, wx = SW[w * 2]!, wy = SW[w * 2 + 1]!;
      if (wx - vx > 0 || (wx - vx === 0 && wy - vy > 0)) { ORDER[j + 1] = w; j--; } else break;
    }
    ORDER[j + 1] = v;
  }
  // Lower chain into HULL from 0; upper chain after it; then drop each chain's last point.
  let h = 0;
  for (let k = 0; k < 8; k++) {
    const o = ORDER[k]!, x = SW[o * 2]!, y = SW[o * 2 + 1]!;
    while (h >= 2 && turnXY(HULL[(h - 2) * 2]!, HULL[(h - 2) * 2 + 1]!, HULL[(h - 1) * 2]!, HULL[(h - 1) * 2 + 1]!, x, y) <= 0) h--;
    HULL[h * 2] = x; HULL[h * 2 + 1] = y; h++;
  }
  const lower = h - 1;
  let u = lower;
  for (let k = 7; k >= 0; k--) {
    const o = ORDER[k]!, x = SW[o * 2]!, y = SW[o * 2 + 1]!;
    while (u - lower >= 2 && turnXY(HULL[(u - 2) * 2]!, HULL[(u - 2) * 2 + 1]!, HULL[(u - 1) * 2]!, HULL[(u - 1) * 2 + 1]!, x, y) <= 0) u--;
    // The upper chain starts at HULL[lower] (overwriting the lower chain's dropped last point).
    HULL[u * 2] = x; HULL[u * 2 + 1] = y; u++;
  }
  return u - 1;
}

const turnXY = (ox: number, oy: number, ax: number, ay: number, bx: number, by: number): number => (ax - ox) * (by - oy) - (ay - oy) * (bx - ox);

// PERF: the hull's own side of its separating axes (axis, length, the hull's projection on
// it), the same for every candidate of a piece, so worked out once per piece (`hullAxes`).
const HA = new Float64Array(8 * 5);

/** Fill `HA` for the hull in `HULL`: per hull edge, the axis, its length and the hull's projection (as convexPolygonsOverlap computes them). */
function hullAxes(h: number): void {
  for (let i = 0; i < h; i++) {
    const j = i + 1 === h ? 0 : i + 1;
    const ax = -(HULL[j * 2 + 1]! - HULL[i * 2 + 1]!), ay = HULL[j * 2]! - HULL[i * 2]!;
    let minA = Infinity, maxA = -Infinity;
    for (let k = 0; k < h; k++) { const d = HULL[k * 2]! * ax + HULL[k * 2 + 1]! * ay; if (d < minA) minA = d; if (d > maxA) maxA = d; }
    HA[i * 5] = ax; HA[i * 5 + 1] = ay; HA[i * 5 + 2] = Math.hypot(ax, ay); HA[i * 5 + 3] = minA; HA[i * 5 + 4] = maxA;
  }
}

/**
 * `convexPolygonsOverlap(hull, quad, epsMm)` with the hull flat in `HULL` and its axes in `HA`,
 * the quad being candidate `c` (its axes cached in `CAND_AX` on first use): the same axes in
 * the same order, the same arithmetic, no allocation.
 */
function hullOverlapsQuad(h: number, b: readonly TablePoint[], c: number, epsMm: number): boolean {
  for (let i = 0; i < h; i++) {
    const ax = HA[i * 5]!, ay = HA[i * 5 + 1]!, len = HA[i * 5 + 2]!;
    if (len === 0) continue;
    let minB = Infinity, maxB = -Infinity;
    for (let k = 0; k < 4; k++) { const v = b[k]!; const d = v.x * ax + v.y * ay; if (d < minB) minB = d; if (d > maxB) maxB = d; }
    const minA = HA[i * 5 + 3]!, maxA = HA[i * 5 + 4]!;
    if (maxA <= minB + epsMm * len || maxB <= minA + epsMm * len) return false;
  }
  const o = c * 20;
  if (CAND_AX_OK[c] !== 1) {
    // The quad's own side of its four axes: ax, ay, length, its projection's min and max.
    for (let i = 0; i < 4; i++) {
      const p = b[i]!, q = b[(i + 1) & 3]!;
      const ax = -(q.y - p.y), ay = q.x - p.x;
      let minB = Infinity, maxB = -Infinity;
      for (let k = 0; k < 4; k++) { const v = b[k]!; const d = v.x * ax + v.y * ay; if (d < minB) minB = d; if (d > maxB) maxB = d; }
      CAND_AX[o + i * 5] = ax; CAND_AX[o + i * 5 + 1] = ay; CAND_AX[o + i * 5 + 2] = Math.hypot(ax, ay); CAND_AX[o + i * 5 + 3] = minB; CAND_AX[o + i * 5 + 4] = maxB;
    }
    CAND_AX_OK[c] = 1;
  }
  for (let i = 0; i < 4; i++) {
    const ax = CAND_AX[o + i * 5]!, ay = CAND_AX[o + i * 5 + 1]!, len = CAND_AX[o + i * 5 + 2]!;
    if (len === 0) continue;
    let minA = Infinity, maxA = -Infinity;
    for (let k = 0; k < h; k++) { const d = HULL[k * 2]! * ax + HULL[k * 2 + 1]! * ay; if (d < minA) minA = d; if (d > maxA) maxA = d; }
    const minB = CAND_AX[o + i * 5 + 3]!, maxB = CAND_AX[o + i * 5 + 4]!;
    if (maxA <= minB + epsMm * len || maxB <= minA + epsMm * len) return false;
  }
  return true;
}

const HN = new Float64Array(24);
/** How far inside the hull a stand's centre must be for the quick accept: far above rounding. */
const DEEP_MM = 1e-3;

/**
 * PERF: a quick accept before the separating-axis test. A stand whose centre lies inside the
 * swept hull by more than DEEP_MM overlaps it deeper than EPS_MM on every axis (on the hull's
 * edge normals by that depth, on the stand's own axes by half its width or depth), so the
 * test would say "overlap" anyway; on a crowded table most candidates are such hits, and
 * they would otherwise need every axis checked.
 */
function centreDeepInHull(h: number, s: StandFootprint): boolean {
  if (Math.min(s.widthMm, s.depthMm) / 2 <= DEEP_MM) return false;
  return pointDeepInHull(h, s.centre.x, s.centre.y);
}

function pointDeepInHull(h: number, x: number, y: number): boolean {
  for (let k = 0; k < h; k++) if (HN[k * 3]! * x + HN[k * 3 + 1]! * y - HN[k * 3 + 2]! < DEEP_MM) return false;
  return true;
}

/**
 * PERF: the same quick accept for a corner of the stand. A disc of radius DEEP_MM about the
 * corner lies in the hull, so on any axis the hull's projection covers the corner's ± DEEP_MM,
 * and the stand's projection runs from the corner for at least its lesser side (a rectangle's
 * projection is never shorter): the two overlap by min(DEEP_MM, side) ≫ EPS_MM on every axis.
 */
function cornerDeepInHull(h: number, s: StandFootprint, c: readonly TablePoint[]): boolean {
  if (Math.min(s.widthMm, s.depthMm) <= DEEP_MM) return false;
  for (let k = 0; k < 4; k++) if (pointDeepInHull(h, c[k]!.x, c[k]!.y)) return true;
  return false;
}

// PERF: the candidates of one sweep (one index search for the whole move), flat: their boxes,
// whether the filter ignores them, and which moving stand last hit them.
let CAND_BOX: Float64Array = new Float64Array(4 * 256);
let CAND_IGNORED: Uint8Array = new Uint8Array(256);
let CAND_HIT_BY: Int32Array = new Int32Array(256);
/** Per candidate: its four separating axes (5 numbers each, see hullOverlapsQuad), once worked out. */
let CAND_AX: Float64Array = new Float64Array(20 * 256);
let CAND_AX_OK: Uint8Array = new Uint8Array(256);

/**
 * Test one swept piece (hull of the poses in `SW`) against the candidates whose boxes meet
 * its box (rbush's inclusive test: the very candidates a search of that box returns), adding
 * the ones not yet hit by moving stand `i`.
 */
function sweepPiece(found: readonly IndexEntry<StandRecord>[], i: number, hits: SweepHit[]): void {
  const h = hullOfTwoPoses();
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let k = 0; k < h; k++) {
    const x = HULL[k * 2]!, y = HULL[k * 2 + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  // Inward unit normals and offsets of the hull's edges, for the quick accept below.
  let area2 = 0;
  for (let k = 0; k < h; k++) {
    const j = k + 1 === h ? 0 : k + 1;
    area2 += HULL[k * 2]! * HULL[j * 2 + 1]! - HULL[j * 2]! * HULL[k * 2 + 1]!;
  }
  const turn = area2 > 0 ? 1 : -1;
  for (let k = 0; k < h; k++) {
    const j = k + 1 === h ? 0 : k + 1;
    const ex = HULL[j * 2]! - HULL[k * 2]!, ey = HULL[j * 2 + 1]! - HULL[k * 2 + 1]!;
    const len = Math.sqrt(ex * ex + ey * ey) || 1;
    const nx = (-ey / len) * turn, ny = (ex / len) * turn;
    HN[k * 3] = nx; HN[k * 3 + 1] = ny; HN[k * 3 + 2] = nx * HULL[k * 2]! + ny * HULL[k * 2 + 1]!;
  }
  hullAxes(h);
  const cb = CAND_BOX;
  for (let k = 0; k < found.length; k++) {
    if (CAND_HIT_BY[k] === i || CAND_IGNORED[k] === 1) continue;
    if (cb[k * 4]! > maxX || cb[k * 4 + 1]! > maxY || cb[k * 4 + 2]! < minX || cb[k * 4 + 3]! < minY) continue;
    const e = found[k]!;
    // hullOfTwoPoses() is not called again before this test, so HULL still holds the piece.
    const rec = e.value;
    if (centreDeepInHull(h, rec.footprint) || cornerDeepInHull(h, rec.footprint, rec.corners) || hullOverlapsQuad(h, rec.corners, k, EPS_MM_L)) {
      CAND_HIT_BY[k] = i;
      hits.push({ moving: i, standId: e.id, unitId: rec.unitId });
    }
  }
}

function growBoxBy(box: Box, xy: Float64Array, n: number): void {
  for (let k = 0; k < n; k += 2) {
    const x = xy[k]!, y = xy[k + 1]!;
    if (x < box.minX) box.minX = x;
    if (x > box.maxX) box.maxX = x;
    if (y < box.minY) box.minY = y;
    if (y > box.maxY) box.maxY = y;
  }
}

const byStandId = (p: SweepHit, q: SweepHit): number => (p.standId < q.standId ? -1 : p.standId > q.standId ? 1 : 0);

/**
 * Which indexed stands the moving stands pass through on the way (interpenetration): the same
 * pieces as `sweptPieces` (one per straight leg, one per `stepMm` of corner travel on a turn),
 * each tested exactly against the indexed stands whose boxes meet its box. Each (moving
 * stand, indexed stand) pair is reported once, ordered by moving stand, then by `standId`
 * (code-unit order). PERF: one index search for the whole move (the box of every piece) and
 * the filter asked once per candidate, then each piece scans the candidates with the same
 * inclusive box test the index would apply; pieces are built in scratch arrays, a straight
 * leg needs no pose sampling, and nothing is allocated per candidate.
 */
export function sweepHits(index: StandIndex, moving: readonly StandFootprint[], legs: readonly Leg[], filter: CollisionFilter = {}, stepMm = 5): SweepHit[] {
  const hits: SweepHit[] = [];
  if (moving.length === 0 || legs.length === 0) return hits;
  // Poses of every piece: a straight leg's two ends, a turn's samples (kept for the second pass).
  const turnPoses: StandFootprint[][] = [];
  const all: Box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (let i = 0; i < moving.length; i++) {
    let cur = moving[i]!;
    standCornersInto(cur, SW, 0);
    growBoxBy(all, SW, 8);
    for (const leg of legs) {
      if (leg.kind === 'translate') {
        cur = translateStand(cur, leg.dx, leg.dy);
        standCornersInto(cur, SW, 0);
        growBoxBy(all, SW, 8);
      } else {
        const poses = legSamples(cur, [leg], i, stepMm)[0]!;
        turnPoses.push(poses);
        for (let k = 1; k < poses.length; k++) { standCornersInto(poses[k]!, SW, 0); growBoxBy(all, SW, 8); }
        cur = poses[poses.length - 1]!;
      }
    }
  }
  const found = index.search(all);
  const n = found.length;
  if (n > CAND_IGNORED.length) {
    const size = Math.max(n, CAND_IGNORED.length * 2);
    CAND_BOX = new Float64Array(size * 4); CAND_IGNORED = new Uint8Array(size); CAND_HIT_BY = new Int32Array(size);
    CAND_AX = new Float64Array(size * 20); CAND_AX_OK = new Uint8Array(size);
  }
  const ignore = filter.ignore;
  for (let k = 0; k < n; k++) {
    const e = found[k]!;
    CAND_BOX[k * 4] = e.minX; CAND_BOX[k * 4 + 1] = e.minY; CAND_BOX[k * 4 + 2] = e.maxX; CAND_BOX[k * 4 + 3] = e.maxY;
    CAND_IGNORED[k] = ignore?.(e.value) ? 1 : 0;
    CAND_HIT_BY[k] = -1;
    CAND_AX_OK[k] = 0;
  }
  let turnAt = 0;
  for (let i = 0; i < moving.length; i++) {
    const from = hits.length;
    let cur = moving[i]!;
    for (const leg of legs) {
      if (leg.kind === 'translate') {
        const end = translateStand(cur, leg.dx, leg.dy);
        standCornersInto(cur, SW, 0);
        standCornersInto(end, SW, 8);
        if (n > 0) sweepPiece(found, i, hits);
        cur = end;
      } else {
        const poses = turnPoses[turnAt++]!;
        for (let k = 1; k < poses.length && n > 0; k++) {
          standCornersInto(poses[k - 1]!, SW, 0);
          standCornersInto(poses[k]!, SW, 8);
          sweepPiece(found, i, hits);
        }
        cur = poses[poses.length - 1]!;
      }
    }
    // This stand's hits by standId: insertion sort (a handful as a rule).
    for (let a = from + 1; a < hits.length; a++) {
      const v = hits[a]!;
      let b = a - 1;
      while (b >= from && byStandId(hits[b]!, v) > 0) { hits[b + 1] = hits[b]!; b--; }
      hits[b + 1] = v;
    }
  }
  return hits;
}

/** Which indexed stands the footprints end up overlapping. */
export function overlapsAt(index: StandIndex, stands: readonly StandFootprint[], filter: CollisionFilter = {}): SweepHit[] {
  const hits: SweepHit[] = [];
  stands.forEach((s, i) => {
    const c = standCorners(s);
    for (const e of index.search(boundsOf(c))) {
      if (filter.ignore?.(e.value)) continue;
      if (convexPolygonsOverlap(c, e.value.corners)) hits.push({ moving: i, standId: e.id, unitId: e.value.unitId });
    }
  });
  return hits;
}

export interface TableSize {
  readonly widthMm: number;
  readonly depthMm: number;
}

/** Indices of the stands with any corner off the table (touching the edge is on). */
export function offTable(stands: readonly StandFootprint[], table: TableSize): number[] {
  const out: number[] = [];
  stands.forEach((s, i) => {
    if (standCorners(s).some((c) => c.x < -EPS_MM || c.y < -EPS_MM || c.x > table.widthMm + EPS_MM || c.y > table.depthMm + EPS_MM)) out.push(i);
  });
  return out;
}

const LT = new Float64Array(8);

function poseOffTable(s: StandFootprint, table: TableSize): boolean {
  standCornersInto(s, LT);
  for (let k = 0; k < 8; k += 2) {
    const x = LT[k]!, y = LT[k + 1]!;
    if (x < -EPS_MM_L || y < -EPS_MM_L || x > table.widthMm + EPS_MM_L || y > table.depthMm + EPS_MM_L) return true;
  }
  return false;
}

/**
 * Does any stand leave the table at any point of the move (the table is convex, so poses
 * decide)? The poses are `legSamples`' (a straight leg's two ends; a turn every `stepMm`).
 */
export function leavesTable(stands: readonly StandFootprint[], legs: readonly Leg[], table: TableSize, stepMm = 5): number[] {
  const out: number[] = [];
  for (let i = 0; i < stands.length; i++) {
    let cur = stands[i]!, off = false;
    for (const leg of legs) {
      if (leg.kind === 'translate') {
        const end = translateStand(cur, leg.dx, leg.dy);
        off = poseOffTable(cur, table) || poseOffTable(end, table);
        cur = end;
      } else {
        const poses = legSamples(cur, [leg], i, stepMm)[0]!;
        for (let k = 0; k < poses.length && !off; k++) off = poseOffTable(poses[k]!, table);
        cur = poses[poses.length - 1]!;
      }
      if (off) break;
    }
    if (off) out.push(i);
  }
  return out;
}

export interface MoveCollisions {
  readonly sweptThrough: SweepHit[];
  readonly endOverlaps: SweepHit[];
  readonly offTable: number[];
}

/** Everything the collision layer says about a planned move, in one call. */
export function checkMove(index: StandIndex, start: readonly StandFootprint[], legs: readonly Leg[], end: readonly StandFootprint[], table: TableSize, filter: CollisionFilter = {}): MoveCollisions {
  return {
    sweptThrough: sweepHits(index, start, legs, filter),
    endOverlaps: overlapsAt(index, end, filter),
    offTable: leavesTable(start, legs, table),
  };
}

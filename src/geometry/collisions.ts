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
import { EPS_MM, convexHull } from './vec';
import type { Leg } from './movement';
import { legSamples } from './movement';

// PERF: bound once (under tsx every read of an imported binding goes through a getter).
const EPS_MM_L = EPS_MM;

export interface IndexEntry<T> extends Box {
  readonly id: string;
  readonly value: T;
}

/** rbush plus Map<id, entry>: `set` replaces by id, `delete` removes the very entry inserted. */
export class SpatialIndex<T> {
  private readonly tree = new RBush<IndexEntry<T>>();
  private readonly byId = new Map<string, IndexEntry<T>>();

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
    const old = this.byId.get(id);
    if (old) this.tree.remove(old);
    const entry: IndexEntry<T> = { id, minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY, value };
    this.tree.insert(entry);
    this.byId.set(id, entry);
  }

  delete(id: string): boolean {
    const old = this.byId.get(id);
    if (!old) return false;
    this.tree.remove(old);
    this.byId.delete(id);
    return true;
  }

  /** Bulk load (replaces everything). */
  reset(items: readonly { id: string; box: Box; value: T }[]): void {
    this.tree.clear();
    this.byId.clear();
    const entries = items.map(({ id, box, value }) => ({ id, minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY, value }));
    for (const e of entries) this.byId.set(e.id, e);
    this.tree.load(entries);
  }

  search(box: Box): IndexEntry<T>[] {
    return this.tree.search(box);
  }

  collides(box: Box): boolean {
    return this.tree.collides(box);
  }

  all(): IndexEntry<T>[] {
    return [...this.byId.values()];
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

const cornersBox = (c: readonly TablePoint[]): Box => {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const p of c) {
    if (p.x < minX) minX = p.x;
    if (p.x > maxX) maxX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.y > maxY) maxY = p.y;
  }
  return { minX, minY, maxX, maxY };
};

export function buildStandIndex(stands: readonly PlacedStand[]): StandIndex {
  const idx = new SpatialIndex<StandRecord>();
  idx.reset(stands.map((s) => {
    const corners = standCorners(s.footprint);
    return { id: s.id, box: cornersBox(corners), value: { ...s, corners } };
  }));
  return idx;
}

/** Put (or move) one stand in the index. */
export function indexStand(index: StandIndex, s: PlacedStand): void {
  const corners = standCorners(s.footprint);
  index.set(s.id, cornersBox(corners), { ...s, corners });
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

/** `convexPolygonsOverlap(hull, quad, epsMm)` with the hull flat in `HULL`: same arithmetic, no allocation. */
function hullOverlapsQuad(h: number, b: readonly TablePoint[], epsMm: number): boolean {
  for (let i = 0; i < h; i++) {
    const j = i + 1 === h ? 0 : i + 1;
    const ax = -(HULL[j * 2 + 1]! - HULL[i * 2 + 1]!), ay = HULL[j * 2]! - HULL[i * 2]!;
    if (separatedOn(ax, ay, h, b, epsMm)) return false;
  }
  for (let i = 0; i < 4; i++) {
    const p = b[i]!, q = b[(i + 1) % 4]!;
    if (separatedOn(-(q.y - p.y), q.x - p.x, h, b, epsMm)) return false;
  }
  return true;
}

function separatedOn(ax: number, ay: number, h: number, b: readonly TablePoint[], epsMm: number): boolean {
  const len = Math.hypot(ax, ay);
  if (len === 0) return false;
  let minA = Infinity, maxA = -Infinity, minB = Infinity, maxB = -Infinity;
  for (let k = 0; k < h; k++) { const d = HULL[k * 2]! * ax + HULL[k * 2 + 1]! * ay; if (d < minA) minA = d; if (d > maxA) maxA = d; }
  for (let k = 0; k < b.length; k++) { const v = b[k]!; const d = v.x * ax + v.y * ay; if (d < minB) minB = d; if (d > maxB) maxB = d; }
  return maxA <= minB + epsMm * len || maxB <= minA + epsMm * len;
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
  const x = s.centre.x, y = s.centre.y;
  for (let k = 0; k < h; k++) if (HN[k * 3]! * x + HN[k * 3 + 1]! * y - HN[k * 3 + 2]! < DEEP_MM) return false;
  return true;
}

/** Test one swept piece (hull of the poses in `SW`) against the index, adding new hits. */
function sweepPiece(index: StandIndex, i: number, filter: CollisionFilter, seen: string[], hits: SweepHit[]): void {
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
  const found = index.search({ minX, minY, maxX, maxY });
  for (let k = 0; k < found.length; k++) {
    const e = found[k]!;
    if (seen.includes(e.id) || filter.ignore?.(e.value)) continue;
    // hullOfTwoPoses() is not called again before this test, so HULL still holds the piece.
    if (centreDeepInHull(h, e.value.footprint) || hullOverlapsQuad(h, e.value.corners, EPS_MM_L)) {
      seen.push(e.id);
      hits.push({ moving: i, standId: e.id, unitId: e.value.unitId });
    }
  }
}

/**
 * Which indexed stands the moving stands pass through on the way (interpenetration): the same
 * pieces as `sweptPieces` (one per straight leg, one per `stepMm` of corner travel on a turn),
 * each searched in the index and tested exactly. PERF: pieces are built in scratch arrays and
 * a straight leg needs no pose sampling; nothing is allocated per candidate.
 */
export function sweepHits(index: StandIndex, moving: readonly StandFootprint[], legs: readonly Leg[], filter: CollisionFilter = {}, stepMm = 5): SweepHit[] {
  const hits: SweepHit[] = [];
  for (let i = 0; i < moving.length; i++) {
    const seen: string[] = [];
    let cur = moving[i]!;
    for (const leg of legs) {
      if (leg.kind === 'translate') {
        const end = translateStand(cur, leg.dx, leg.dy);
        standCornersInto(cur, SW, 0);
        standCornersInto(end, SW, 8);
        sweepPiece(index, i, filter, seen, hits);
        cur = end;
      } else {
        const poses = legSamples(cur, [leg], i, stepMm)[0]!;
        for (let k = 1; k < poses.length; k++) {
          standCornersInto(poses[k - 1]!, SW, 0);
          standCornersInto(poses[k]!, SW, 8);
          sweepPiece(index, i, filter, seen, hits);
        }
        cur = poses[poses.length - 1]!;
      }
    }
  }
  return hits;
}

/** Which indexed stands the footprints end up overlapping. */
export function overlapsAt(index: StandIndex, stands: readonly StandFootprint[], filter: CollisionFilter = {}): SweepHit[] {
  const hits: SweepHit[] = [];
  stands.forEach((s, i) => {
    const c = standCorners(s);
    for (const e of index.search(cornersBox(c))) {
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

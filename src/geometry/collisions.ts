/**
 * Collisions: an rbush index with a Map beside it (tldraw's RBushIndex pattern) so that an
 * update removes exactly the box that was inserted and never leaves a stale one; which stands
 * a move sweeps through, which it ends overlapping, and whether it leaves the table.
 * Touching is legal everywhere (stands are placed base to base): only overlap deeper than
 * EPS_MM counts.
 */
import RBush from 'rbush';
import type { StandFootprint, TablePoint } from './types';
import { standCorners } from './footprint';
import type { Box } from './vec';
import { EPS_MM, convexHull } from './vec';
import type { Leg } from './movement';
import { legSamples } from './movement';

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

/** Which indexed stands the moving stands pass through on the way (interpenetration). */
export function sweepHits(index: StandIndex, moving: readonly StandFootprint[], legs: readonly Leg[], filter: CollisionFilter = {}, stepMm = 5): SweepHit[] {
  const hits: SweepHit[] = [];
  const seen = new Set<string>();
  moving.forEach((s, i) => {
    for (const piece of sweptPieces(s, legs, i, stepMm)) {
      for (const e of index.search(cornersBox(piece))) {
        const key = `${i}:${e.id}`;
        if (seen.has(key) || filter.ignore?.(e.value)) continue;
        if (convexPolygonsOverlap(piece, e.value.corners)) {
          seen.add(key);
          hits.push({ moving: i, standId: e.id, unitId: e.value.unitId });
        }
      }
    }
  });
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

/** Does any stand leave the table at any point of the move (the table is convex, so poses decide)? */
export function leavesTable(stands: readonly StandFootprint[], legs: readonly Leg[], table: TableSize, stepMm = 5): number[] {
  const out: number[] = [];
  stands.forEach((s, i) => {
    for (const poses of legSamples(s, legs, i, stepMm)) {
      if (offTable(poses, table).length > 0) { out.push(i); return; }
    }
  });
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

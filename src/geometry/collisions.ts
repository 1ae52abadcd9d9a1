/**
 * Collisions: an rbush index with a Map beside it (tldraw's RBushIndex pattern) so that an
 * update removes exactly the box that was inserted and never leaves a stale one; the stand
 * index the movement core searches (moveCore.ts); the overlap test of two convex polygons.
 * Touching is legal everywhere (stands are placed base to base): only overlap deeper than
 * EPS_MM counts.
 */
import RBush from 'rbush';
import type { StandFootprint, TablePoint } from './types';
import { standCorners } from './footprint';
import type { Box } from './vec';
import { boundsOf, EPS_MM } from './vec';
import { hypot } from './math';

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
    this.load(items.map(({ id, box, value }) => ({ id, minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY, value })));
  }

  /**
   * Bulk load of entries made already (replaces everything), in the order given. The entries are
   * held as they are, never changed, so one entry may sit in several indexes.
   */
  load(entries: readonly IndexEntry<T>[]): void {
    this.tree.clear();
    this.byId.clear();
    this.hot.length = 0;
    this.hotAt.clear();
    for (const e of entries) this.byId.set(e.id, e);
    this.tree.load(entries as IndexEntry<T>[]);
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

/** The index entry of a stand (its box round its corners, and the record with its corners). */
export function standEntry(s: PlacedStand): IndexEntry<StandRecord> {
  const corners = standCorners(s.footprint);
  const box = boundsOf(corners);
  return { id: s.id, minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY, value: withCorners(s, corners) };
}

export function buildStandIndex(stands: readonly PlacedStand[]): StandIndex {
  const idx = new SpatialIndex<StandRecord>();
  idx.load(stands.map(standEntry));
  return idx;
}

/** Separating-axis overlap of two convex polygons, deeper than `epsMm` (touching is not overlap). */
export function convexPolygonsOverlap(a: readonly TablePoint[], b: readonly TablePoint[], epsMm = EPS_MM): boolean {
  for (let k = 0; k < 2; k++) {
    const poly = k === 0 ? a : b;
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i]!, q = poly[(i + 1) % poly.length]!;
      const ax = -(q.y - p.y), ay = q.x - p.x;
      const len = hypot(ax, ay);
      if (len === 0) continue;
      let minA = Infinity, maxA = -Infinity, minB = Infinity, maxB = -Infinity;
      for (const v of a) { const d = v.x * ax + v.y * ay; if (d < minA) minA = d; if (d > maxA) maxA = d; }
      for (const v of b) { const d = v.x * ax + v.y * ay; if (d < minB) minB = d; if (d > maxB) maxB = d; }
      if (maxA <= minB + epsMm * len || maxB <= minA + epsMm * len) return false;
    }
  }
  return true;
}

export interface TableSize {
  readonly widthMm: number;
  readonly depthMm: number;
}

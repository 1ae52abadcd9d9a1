/**
 * Table-wide queries over units: an index of unit boxes (rbush + Map, as for stands) and
 * "which units are inside this zone" answered with a box search first, exact tests after.
 */
import type { StandFootprint } from './types';
import { standCorners } from './footprint';
import { SpatialIndex } from './collisions';
import type { Frame } from './frame';
import { faceEdge } from './frame';
import type { ArcZone, ZoneMode } from './zones';
import { zoneTester } from './zones';
import type { Box } from './vec';

export interface PlacedUnit {
  readonly id: string;
  readonly side: string;
  readonly stands: readonly StandFootprint[];
}

export type UnitIndex = SpatialIndex<PlacedUnit>;

export function unitBox(stands: readonly StandFootprint[]): Box {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const s of stands) for (const c of standCorners(s)) {
    if (c.x < minX) minX = c.x;
    if (c.x > maxX) maxX = c.x;
    if (c.y < minY) minY = c.y;
    if (c.y > maxY) maxY = c.y;
  }
  return { minX, minY, maxX, maxY };
}

export function buildUnitIndex(units: readonly PlacedUnit[]): UnitIndex {
  const idx = new SpatialIndex<PlacedUnit>();
  idx.reset(units.map((u) => ({ id: u.id, box: unitBox(u.stands), value: u })));
  return idx;
}

/** Put (or move) one unit in the index. */
export function indexUnit(index: UnitIndex, u: PlacedUnit): void {
  index.set(u.id, unitBox(u.stands), u);
}

/** Units (optionally filtered, e.g. by side) with any part — or as `mode` says — inside the zone. */
export function unitsInZone(index: UnitIndex, frame: Frame, zone: ArcZone, opts: { mode?: ZoneMode; filter?: (u: PlacedUnit) => boolean } = {}): PlacedUnit[] {
  const e = faceEdge(frame, zone.face);
  const r = zone.rangeMm;
  const box = { minX: Math.min(e.a.x, e.b.x) - r, minY: Math.min(e.a.y, e.b.y) - r, maxX: Math.max(e.a.x, e.b.x) + r, maxY: Math.max(e.a.y, e.b.y) + r };
  const out: PlacedUnit[] = [];
  const test = zoneTester(frame, zone, opts.mode ?? 'any');
  for (const entry of index.search(box)) {
    const u = entry.value;
    if (opts.filter && !opts.filter(u)) continue;
    if (test(u.stands)) out.push(u);
  }
  return out;
}

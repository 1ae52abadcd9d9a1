/**
 * Points and the table's edges: which edge is nearest, whether a point lies on an edge (an
 * arrival marker, a flank march's entry), whether it is on the table at all (a general's move),
 * how far it is from the nearest edge, and the facing straight into the table from an edge.
 * Every ruleset that asks these of a point asks them here; whole units use `unitOffTable` and
 * `nudgeOntoTable` (units.ts).
 */
import type { TableSize } from './collisions';
import { pt, type TablePoint } from './types';

export type TableEdge = 'top' | 'bottom' | 'left' | 'right';

interface XY { readonly x: number; readonly y: number }

/** The facing (into the table) of something coming on over `edge` (y runs down the screen). */
export const INWARD_FACING: Readonly<Record<TableEdge, number>> = { top: Math.PI / 2, bottom: -Math.PI / 2, left: 0, right: Math.PI };

/** The table edge nearest a point (ties: top, bottom, left, right, in that order). */
export function nearestEdge(table: TableSize, p: XY): TableEdge {
  const d: [TableEdge, number][] = [['top', p.y], ['bottom', table.depthMm - p.y], ['left', p.x], ['right', table.widthMm - p.x]];
  let best = d[0]!;
  for (const e of d) if (e[1] < best[1]) best = e;
  return best[0];
}

/** Distance from a point on the table to the nearest edge (negative when it is off the table). */
export function edgeClearanceMm(table: TableSize, p: XY): number {
  return Math.min(p.x, p.y, table.widthMm - p.x, table.depthMm - p.y);
}

/**
 * Does a point lie on a table edge, within `toleranceMm` either side of it (a marker set by hand
 * on the edge, or read from a file, is rarely exactly on it)? A point beyond the table by more
 * than the tolerance, or inside it by more, is not.
 */
export function onTableEdge(table: TableSize, p: XY, toleranceMm = 1): boolean {
  return edgeClearanceMm(table, p) <= toleranceMm
    && p.x >= -toleranceMm && p.y >= -toleranceMm && p.x <= table.widthMm + toleranceMm && p.y <= table.depthMm + toleranceMm;
}

/** Is a point on the table (edges included)? */
export function pointOnTable(table: TableSize, p: XY): boolean {
  return p.x >= 0 && p.y >= 0 && p.x <= table.widthMm && p.y <= table.depthMm;
}

/** The nearest point on the table to `p` (itself when it is on the table). */
export function clampToTable(table: TableSize, p: XY): TablePoint {
  return pt(Math.min(Math.max(p.x, 0), table.widthMm), Math.min(Math.max(p.y, 0), table.depthMm));
}

/**
 * How far `p` may go along the unit vector (dx, dy) before it comes within `marginMm` of the
 * table's edge (Infinity for a direction that meets no edge). A stand's centre with its
 * half-diagonal as the margin: how far the stand may go that way and stay on the table.
 */
export function roomToEdgeMm(table: TableSize, p: XY, dx: number, dy: number, marginMm = 0): number {
  let room = Infinity;
  if (dx > 1e-9) room = Math.min(room, (table.widthMm - marginMm - p.x) / dx);
  if (dx < -1e-9) room = Math.min(room, (p.x - marginMm) / -dx);
  if (dy > 1e-9) room = Math.min(room, (table.depthMm - marginMm - p.y) / dy);
  if (dy < -1e-9) room = Math.min(room, (p.y - marginMm) / -dy);
  return room;
}

/**
 * Sector dice: where a generated piece of terrain goes. Tables are cut into a grid of sectors
 * (NW §9: three across each player's half; SYW 9 p.22: six sectors of six sub-sectors), a die
 * chooses the cell, further dice place the piece inside it. Pure; the dice come from the
 * ruleset's `roll` callback, so its own generator (and log) stays the only source of chance.
 */
import type { TablePoint } from '../types';
import { pt } from '../types';

/** One die asked for by a building block: the face, 1..faces. `purpose` goes to the ruleset's log. */
export type DieRoll = (faces: number, purpose: string) => number;

/** A rectangle of the table, in table millimetres. */
export interface Area {
  readonly x0: number;
  readonly y0: number;
  readonly w: number;
  readonly h: number;
}

export interface TableSize {
  readonly widthMm: number;
  readonly depthMm: number;
}

/** The whole table as one area. */
export const tableArea = (t: TableSize): Area => ({ x0: 0, y0: 0, w: t.widthMm, h: t.depthMm });

/**
 * The areas diced separately: a table wider than `splitAboveWidthMm` is cut into two halves
 * side by side (SYW 9 p.22 large tables); otherwise the whole table.
 */
export function tableAreas(t: TableSize, splitAboveWidthMm: number): Area[] {
  if (t.widthMm > splitAboveWidthMm) {
    const w = t.widthMm / 2;
    return [{ x0: 0, y0: 0, w, h: t.depthMm }, { x0: w, y0: 0, w, h: t.depthMm }];
  }
  return [tableArea(t)];
}

/** The cell in `column` (0 left) and `row` (0 top) of an area cut into `cols` × `rows`. */
export function gridCell(a: Area, cols: number, rows: number, column: number, row: number): Area {
  const w = a.w / cols, h = a.h / rows;
  return { x0: a.x0 + column * w, y0: a.y0 + row * h, w, h };
}

/** The same cell by its edges (each edge from the area's origin, so neighbouring cells share edges exactly). */
export function gridRect(a: Area, cols: number, rows: number, column: number, row: number): Rect {
  const w = a.w / cols, h = a.h / rows;
  return { x0: a.x0 + column * w, x1: a.x0 + (column + 1) * w, y0: a.y0 + row * h, y1: a.y0 + (row + 1) * h };
}

/** The cell numbered `n` (1-based, along the top row first) of an area cut into `cols` × `rows`. */
export function numberedCell(a: Area, cols: number, rows: number, n: number): Area {
  return gridCell(a, cols, rows, (n - 1) % cols, Math.floor((n - 1) / cols));
}

export const cellCentre = (c: Area): TablePoint => pt(c.x0 + c.w / 2, c.y0 + c.h / 2);

/**
 * The centre of sub-cell `sub` of cell `sector`, both numbered along the top row first, each
 * level cut into `cols` × `rows` (SYW 9 p.22: 3 × 2 sectors, each 3 × 2 sub-sectors).
 */
export function subCellCentre(a: Area, cols: number, rows: number, sector: number, sub: number): TablePoint {
  const sw = a.w / cols, sh = a.h / rows;
  const sx = a.x0 + ((sector - 1) % cols) * sw, sy = a.y0 + Math.floor((sector - 1) / cols) * sh;
  const uw = sw / cols, uh = sh / rows;
  return pt(sx + ((sub - 1) % cols) * uw + uw / 2, sy + Math.floor((sub - 1) / cols) * uh + uh / 2);
}

/** A die face as a fraction of its range: 1 → 0, `faces` → 1 (faces outside are clamped). */
export function faceFraction(face: number, faces: number): number {
  return (Math.min(faces, Math.max(1, face)) - 1) / (faces - 1);
}

/**
 * A point at fractions (fx, fy) of a rectangle, placed within the middle `span` of each side
 * starting `from` its low edge (NW §9: from 0.15, span 0.7 keeps pieces off the sector's edges).
 */
export function pointInRect(r: Rect, fx: number, fy: number, from = 0, span = 1): TablePoint {
  return pt(r.x0 + (r.x1 - r.x0) * (from + span * fx), r.y0 + (r.y1 - r.y0) * (from + span * fy));
}

/** A rectangle by its edges. */
export interface Rect {
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly y1: number;
}

/** Two dice place a point in a rectangle: one across, one up/down (NW §9: a d10 each). */
export function dicePointInRect(roll: DieRoll, faces: number, r: Rect, purposes: readonly [string, string], from = 0, span = 1): TablePoint {
  const fx = faceFraction(roll(faces, purposes[0]), faces);
  const fy = faceFraction(roll(faces, purposes[1]), faces);
  return pointInRect(r, fx, fy, from, span);
}

/**
 * Dice a cell and a sub-cell (SYW 9 p.22: a D6 for the sector, unless the player chose it, and
 * a D6 for the sub-sector). Returns the numbers rolled.
 */
export function diceSubSector(roll: DieRoll, faces: number, what: string, sector?: number): { sector: number; sub: number } {
  const sec = sector ?? roll(faces, `Sector for a ${what}`);
  const sub = roll(faces, `Sub-sector for a ${what}`);
  return { sector: sec, sub };
}

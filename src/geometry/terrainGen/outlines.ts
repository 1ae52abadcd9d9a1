/**
 * Piece outlines: the polygons of generated terrain (hills, woods, marshes, towns, ponds) of a
 * size, at a place, turned by a rotation. Ovals are regular polygons stretched to the piece's
 * two radii; towns are boxes. Pure geometry; which shape a ruleset's piece takes is its own.
 */
import type { TablePoint } from '../types';
import { pt } from '../types';
import { rotateAbout } from '../vec';
import type { TableSize } from './sectors';
import { cos, sin } from '../math';

/**
 * An oval of `n` points about `c` with radii `rx` (x) and `ry` (y); point k at angle
 * 2πk/n + `phaseRad` (an octagon with flat sides square to the axes: n 8, phase π/8).
 */
export function ovalOutline(c: TablePoint, rx: number, ry: number, n: number, phaseRad = 0): TablePoint[] {
  return Array.from({ length: n }, (_, k) => pt(c.x + cos((k * 2 * Math.PI) / n + phaseRad) * rx, c.y + sin((k * 2 * Math.PI) / n + phaseRad) * ry));
}

/** A box of half-width `hw` and half-depth `hd` about `c`, square to the table. */
export function boxOutline(c: TablePoint, hw: number, hd: number): TablePoint[] {
  return [pt(c.x - hw, c.y - hd), pt(c.x + hw, c.y - hd), pt(c.x + hw, c.y + hd), pt(c.x - hw, c.y + hd)];
}

/** An outline turned about `c` by `angleRad` (clockwise on screen when positive). */
export function rotateOutline(points: readonly TablePoint[], c: TablePoint, angleRad: number): TablePoint[] {
  return points.map((q) => rotateAbout(q, c, angleRad));
}

/** The centre moved the least so that a piece of half-sizes (hw, hd) lies on the table (before it is turned). */
export function keepOnTable(c: TablePoint, hw: number, hd: number, t: TableSize): TablePoint {
  return pt(Math.min(Math.max(c.x, hw), t.widthMm - hw), Math.min(Math.max(c.y, hd), t.depthMm - hd));
}

export interface PieceShape {
  readonly shape: 'oval' | 'box';
  readonly centre: TablePoint;
  readonly widthMm: number;
  readonly depthMm: number;
  readonly rotationDeg: number;
  /** Points of an oval (default 12). */
  readonly points?: number;
}

/**
 * The outline of a piece of `widthMm` × `depthMm` at `centre`, kept on the table, then turned by
 * `rotationDeg` about its (kept) centre: an oval (hills, woods, marshes) or a box (towns).
 */
export function pieceOutline(p: PieceShape, t: TableSize): TablePoint[] {
  const hw = p.widthMm / 2, hd = p.depthMm / 2;
  const c = keepOnTable(p.centre, hw, hd, t);
  const pts = p.shape === 'box' ? boxOutline(c, hw, hd) : ovalOutline(c, hw, hd, p.points ?? 12);
  return rotateOutline(pts, c, (p.rotationDeg * Math.PI) / 180);
}

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
 * `rotationDeg` about its (kept) centre: an oval (hills, woods, marshes) or a box (towns). A
 * turned piece that then reaches past an edge is slid back onto the table by the least move, so
 * every point lies on it (a piece larger than the table excepted).
 */
export function pieceOutline(p: PieceShape, t: TableSize): TablePoint[] {
  const hw = p.widthMm / 2, hd = p.depthMm / 2;
  const c = keepOnTable(p.centre, hw, hd, t);
  const pts = p.shape === 'box' ? boxOutline(c, hw, hd) : ovalOutline(c, hw, hd, p.points ?? 12);
  const turned = rotateOutline(pts, c, (p.rotationDeg * Math.PI) / 180);
  const { dx, dy } = shiftOntoTable(turned, t);
  return dx === 0 && dy === 0 ? turned : turned.map((q) => pt(q.x + dx, q.y + dy));
}

/**
 * The least move (dx, dy) that brings every point onto the table: a piece no larger than the
 * table keeps its size and shape and is slid in from the edge it ran over. (0, 0) when it lies on
 * the table already.
 */
export function shiftOntoTable(points: readonly TablePoint[], t: TableSize): { readonly dx: number; readonly dy: number } {
  if (points.length === 0) return { dx: 0, dy: 0 };
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const p of points) {
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x);
    y1 = Math.max(y1, p.y);
  }
  const along = (lo: number, hi: number, size: number) => (lo < 0 ? -lo : hi > size ? size - hi : 0);
  return { dx: along(x0, x1, t.widthMm), dy: along(y0, y1, t.depthMm) };
}

/**
 * A polygon cut at the table's edges (Sutherland–Hodgman against the table's four sides): what
 * of a road, a river or a bridge that runs to the edge lies on the table. Empty when none does.
 */
export function clipToTable(polygon: readonly TablePoint[], t: TableSize): TablePoint[] {
  type Edge = { inside: (p: TablePoint) => boolean; cut: (a: TablePoint, b: TablePoint) => TablePoint };
  const at = (a: TablePoint, b: TablePoint, s: number) => pt(a.x + (b.x - a.x) * s, a.y + (b.y - a.y) * s);
  const edges: Edge[] = [
    { inside: (p) => p.x >= 0, cut: (a, b) => at(a, b, a.x / (a.x - b.x)) },
    { inside: (p) => p.x <= t.widthMm, cut: (a, b) => at(a, b, (t.widthMm - a.x) / (b.x - a.x)) },
    { inside: (p) => p.y >= 0, cut: (a, b) => at(a, b, a.y / (a.y - b.y)) },
    { inside: (p) => p.y <= t.depthMm, cut: (a, b) => at(a, b, (t.depthMm - a.y) / (b.y - a.y)) },
  ];
  let out: TablePoint[] = [...polygon];
  for (const e of edges) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const cur = input[i]!;
      const prev = input[(i + input.length - 1) % input.length]!;
      if (e.inside(cur)) {
        if (!e.inside(prev)) out.push(e.cut(prev, cur));
        out.push(cur);
      } else if (e.inside(prev)) out.push(e.cut(prev, cur));
    }
    if (out.length === 0) return [];
  }
  return out;
}

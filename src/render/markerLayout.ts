/**
 * Where each piece's row of marker chips goes: beside the piece, never over another piece or
 * another row. Pure (table millimetres in, table millimetres out), so it is tested in node.
 *
 * A row is tried at places around its own piece's box (above, below, right, left, each at the
 * box's near corners), then the same places one row-height further out, and so on; the first
 * place that touches no piece and no row already placed wins. When every place is taken (a
 * crowded melee), the place with the least overlap wins, so a row is always shown.
 */
import RBush from 'rbush';
import { boundsOf, type Box } from '../geometry/vec';

export type { Box };

export interface RowToPlace {
  readonly pieceId: string;
  /** The piece's box on the table (mm). */
  readonly box: Box;
  /** The row's size (mm at the current zoom). */
  readonly widthMm: number;
  readonly heightMm: number;
}

interface Entry extends Box {
  readonly id: string;
}

/** How far out (in rows' heights) a row may be pushed before the least-bad place is taken. */
const RINGS = 4;

/** The box around a set of screen points (the geometry layer's one bounds function). */
export const boxOfCorners = boundsOf;

const overlapArea = (a: Box, b: Box): number =>
  Math.max(0, Math.min(a.maxX, b.maxX) - Math.max(a.minX, b.minX)) * Math.max(0, Math.min(a.maxY, b.maxY) - Math.max(a.minY, b.minY));

/** Candidate top-left corners for a row of w × h beside box b, `gap` apart, ring `k` out. */
function candidates(b: Box, w: number, h: number, gap: number, k: number): { x: number; y: number }[] {
  const out = gap + k * (h + gap);
  const midY = (b.minY + b.maxY) / 2 - h / 2;
  return [
    { x: b.minX, y: b.minY - out - h }, // above, left-aligned
    { x: b.maxX - w, y: b.minY - out - h }, // above, right-aligned
    { x: b.maxX + out, y: midY }, // right
    { x: b.minX, y: b.maxY + out }, // below, left-aligned
    { x: b.maxX - w, y: b.maxY + out }, // below, right-aligned
    { x: b.minX - out - w, y: midY }, // left
  ];
}

/**
 * Places every row. `pieces` are all boxes a row must keep off (every piece on the table,
 * markers or not); rows are placed in the order given and keep off the rows before them.
 */
export function layoutMarkerRows(rows: readonly RowToPlace[], pieces: readonly { id: string; box: Box }[], gapMm: number): Map<string, { x: number; y: number }> {
  const tree = new RBush<Entry>();
  tree.load(pieces.map((p) => ({ ...p.box, id: p.id })));
  const placed = new Map<string, { x: number; y: number }>();
  for (const r of rows) {
    let best: { x: number; y: number } | null = null;
    let bestCost = Infinity;
    for (let k = 0; k < RINGS && bestCost > 0; k++) {
      for (const c of candidates(r.box, r.widthMm, r.heightMm, gapMm, k)) {
        const me: Box = { minX: c.x, minY: c.y, maxX: c.x + r.widthMm, maxY: c.y + r.heightMm };
        // Clearance: a row touching a piece's edge still reads as on it.
        const probe: Box = { minX: me.minX - gapMm / 2, minY: me.minY - gapMm / 2, maxX: me.maxX + gapMm / 2, maxY: me.maxY + gapMm / 2 };
        let cost = 0;
        for (const e of tree.search(probe)) cost += overlapArea(probe, e) + 1;
        // Prefer nearer rings a little when all overlap, so a row stays by its piece.
        const total = cost === 0 ? 0 : cost + k * r.widthMm * r.heightMm * 0.25;
        if (total < bestCost) {
          bestCost = total;
          best = c;
          if (total === 0) break;
        }
      }
    }
    const at = best!;
    placed.set(r.pieceId, at);
    tree.insert({ minX: at.x, minY: at.y, maxX: at.x + r.widthMm, maxY: at.y + r.heightMm, id: `row:${r.pieceId}` });
  }
  return placed;
}

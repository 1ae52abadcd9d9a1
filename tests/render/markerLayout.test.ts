import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { layoutMarkerRows, type Box } from '../../src/render/markerLayout';

const box = (x: number, y: number, w: number, h: number): Box => ({ minX: x, minY: y, maxX: x + w, maxY: y + h });
const overlaps = (a: Box, b: Box) => a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY;

describe('Marker rows beside their pieces', () => {
  it('puts a lone piece’s row just above it, left-aligned', () => {
    const at = layoutMarkerRows([{ pieceId: 'a', box: box(100, 100, 80, 30), widthMm: 40, heightMm: 10 }], [{ id: 'a', box: box(100, 100, 80, 30) }], 4);
    expect(at.get('a')).toEqual({ x: 100, y: 86 });
  });

  it('moves a row off a piece standing just above, to another side', () => {
    const a = box(100, 100, 80, 30);
    const above = box(90, 70, 100, 26);
    const at = layoutMarkerRows([{ pieceId: 'a', box: a, widthMm: 40, heightMm: 10 }], [{ id: 'a', box: a }, { id: 'b', box: above }], 4);
    const p = at.get('a')!;
    const row = box(p.x, p.y, 40, 10);
    expect(overlaps(row, above)).toBe(false);
    expect(overlaps(row, a)).toBe(false);
  });

  it('keeps two neighbours’ rows apart', () => {
    const a = box(100, 100, 40, 20), b = box(150, 100, 40, 20);
    const rows = [a, b].map((bx, i) => ({ pieceId: `p${i}`, box: bx, widthMm: 60, heightMm: 10 }));
    const at = layoutMarkerRows(rows, rows.map((r) => ({ id: r.pieceId, box: r.box })), 3);
    const r0 = box(at.get('p0')!.x, at.get('p0')!.y, 60, 10), r1 = box(at.get('p1')!.x, at.get('p1')!.y, 60, 10);
    expect(overlaps(r0, r1)).toBe(false);
  });

  it('never covers a piece or another row where there is room around each piece (property)', () => {
    // Pieces on a coarse lattice, each cell 200 × 120 mm with a piece of at most 90 × 40 in it:
    // every piece has room for its row, so no row may touch a piece or another row.
    fc.assert(
      fc.property(fc.array(fc.record({ cx: fc.integer({ min: 0, max: 5 }), cy: fc.integer({ min: 0, max: 5 }), w: fc.integer({ min: 20, max: 90 }), h: fc.integer({ min: 10, max: 40 }), rw: fc.integer({ min: 10, max: 80 }) }), { maxLength: 20 }), (cells) => {
        const used = new Set<string>();
        const ps = cells.filter((c) => !used.has(`${c.cx},${c.cy}`) && used.add(`${c.cx},${c.cy}`)).map((c, i) => ({ id: `p${i}`, box: box(c.cx * 200 + 50, c.cy * 120 + 40, c.w, c.h), rw: c.rw }));
        const rows = ps.map((p) => ({ pieceId: p.id, box: p.box, widthMm: p.rw, heightMm: 10 }));
        const at = layoutMarkerRows(rows, ps, 3);
        const placed = rows.map((r) => box(at.get(r.pieceId)!.x, at.get(r.pieceId)!.y, r.widthMm, r.heightMm));
        for (const [i, r] of placed.entries()) {
          for (const p of ps) expect(overlaps(r, p.box)).toBe(false);
          for (const [j, q] of placed.entries()) if (i !== j) expect(overlaps(r, q)).toBe(false);
        }
      }),
    );
  });
});

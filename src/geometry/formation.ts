import type { Millimetres, Radians, StandFootprint, TablePoint } from './types';
import { pt } from './types';
import { forward, rightOf } from './footprint';

/** The size of one stand's base. */
export interface BaseSize {
  readonly widthMm: Millimetres;
  readonly depthMm: Millimetres;
}

/**
 * Lay out `bases` in line: side by side from left to right, `ranks` deep, with the unit's
 * anchor at the centre of the front edge of the first rank. Stands fill the first rank first.
 */
export function layoutLine(anchor: TablePoint, facing: Radians, bases: readonly BaseSize[], ranks = 1): StandFootprint[] {
  const n = bases.length;
  if (n === 0) return [];
  const perRank = Math.ceil(n / Math.max(1, ranks));
  const f = forward(facing);
  const r = rightOf(facing);
  const out: StandFootprint[] = [];
  let depthOffset = 0;
  for (let start = 0; start < n; start += perRank) {
    const row = bases.slice(start, start + perRank);
    const rowWidth = row.reduce((a, b) => a + b.widthMm, 0);
    const rowDepth = Math.max(...row.map((b) => b.depthMm));
    let across = -rowWidth / 2;
    for (const b of row) {
      const a = across + b.widthMm / 2;
      const back = depthOffset + b.depthMm / 2;
      out.push({
        centre: pt(anchor.x + r.x * a - f.x * back, anchor.y + r.y * a - f.y * back),
        facing,
        widthMm: b.widthMm,
        depthMm: b.depthMm,
      });
      across += b.widthMm;
    }
    depthOffset += rowDepth;
  }
  return out;
}

/** A column `width` stands wide: a line `ceil(n / width)` ranks deep. */
export function layoutColumn(anchor: TablePoint, facing: Radians, bases: readonly BaseSize[], width = 2): StandFootprint[] {
  return layoutLine(anchor, facing, bases, Math.ceil(bases.length / Math.max(1, width)));
}

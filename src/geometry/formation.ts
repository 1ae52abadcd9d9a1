import type { Millimetres, Radians, StandFootprint, TablePoint } from './types';
import { pt } from './types';
import { forward, rightOf } from './footprint';
import { cos, hypot, sin } from './math';
import { facingGroups, toLocal } from './frame';

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

/** A road column: one stand wide. */
export function layoutRoadColumn(anchor: TablePoint, facing: Radians, bases: readonly BaseSize[]): StandFootprint[] {
  return layoutColumn(anchor, facing, bases, 1);
}

/**
 * Open or skirmish order: a line with `gapMm` between neighbouring stands (and between ranks
 * when `ranks` > 1), anchored like `layoutLine`.
 */
export function layoutOpenOrder(anchor: TablePoint, facing: Radians, bases: readonly BaseSize[], gapMm: number, ranks = 1): StandFootprint[] {
  const n = bases.length;
  if (n === 0) return [];
  const perRank = Math.ceil(n / Math.max(1, ranks));
  const out: StandFootprint[] = [];
  let depthOffset = 0;
  for (let start = 0; start < n; start += perRank) {
    const row = bases.slice(start, start + perRank);
    const rowWidth = row.reduce((a, b) => a + b.widthMm, 0) + gapMm * (row.length - 1);
    let across = -rowWidth / 2;
    for (const b of row) {
      out.push(place(anchor, facing, across + b.widthMm / 2, depthOffset + b.depthMm / 2, facing, b));
      across += b.widthMm + gapMm;
    }
    depthOffset += Math.max(...row.map((b) => b.depthMm)) + gapMm;
  }
  return out;
}

/**
 * A wedge: one stand at the point, then ranks one stand wider each (1, 2, 3, …), each rank
 * centred behind the one before. The anchor is the centre of the point stand's front edge.
 */
export function layoutWedge(anchor: TablePoint, facing: Radians, bases: readonly BaseSize[]): StandFootprint[] {
  const out: StandFootprint[] = [];
  let i = 0, rank = 1, depthOffset = 0;
  while (i < bases.length) {
    const row = bases.slice(i, i + rank);
    const rowWidth = row.reduce((a, b) => a + b.widthMm, 0);
    let across = -rowWidth / 2;
    for (const b of row) {
      out.push(place(anchor, facing, across + b.widthMm / 2, depthOffset + b.depthMm / 2, facing, b));
      across += b.widthMm;
    }
    depthOffset += Math.max(...row.map((b) => b.depthMm));
    i += rank;
    rank++;
  }
  return out;
}

/**
 * Stands facing out on the faces of a hollow box: four faces for a square, three (front and
 * both flanks, rear open) for a rally or hasty square or an Austrian mass. Stands are dealt
 * round the faces front, right, left, rear in turn so the faces stay balanced; the front row
 * keeps the unit's facing and the anchor is the centre of its front edge. Flank stands stand
 * behind the ends of the front row with their outer edges flush with it (or back to back when
 * the front is too narrow), and the rear row closes the box behind them.
 */
export function layoutFaces(anchor: TablePoint, facing: Radians, bases: readonly BaseSize[], faces: 3 | 4): StandFootprint[] {
  const order: ('front' | 'right' | 'left' | 'rear')[] = faces === 4 ? ['front', 'right', 'left', 'rear'] : ['front', 'right', 'left'];
  const groups: Record<'front' | 'right' | 'left' | 'rear', number[]> = { front: [], right: [], left: [], rear: [] };
  bases.forEach((_, i) => groups[order[i % order.length]!].push(i));
  const size = (i: number) => bases[i]!;
  const rowWidth = (ids: number[]) => ids.reduce((a, i) => a + size(i).widthMm, 0);
  const frontDepth = Math.max(0, ...groups.front.map((i) => size(i).depthMm));
  const frontWidth = rowWidth(groups.front);
  const out: StandFootprint[] = new Array<StandFootprint>(bases.length);
  // Front row.
  let across = -frontWidth / 2;
  for (const i of groups.front) {
    const b = size(i);
    out[i] = place(anchor, facing, across + b.widthMm / 2, b.depthMm / 2, facing, b);
    across += b.widthMm;
  }
  // Flanks: a stand turned to face out occupies its width front-to-back and its depth across.
  let sideLen = 0;
  for (const side of ['right', 'left'] as const) {
    const sign = side === 'right' ? 1 : -1;
    let back = frontDepth;
    for (const i of groups[side]) {
      const b = size(i);
      const x = Math.max(frontWidth / 2 - b.depthMm / 2, b.depthMm / 2);
      out[i] = place(anchor, facing, sign * x, back + b.widthMm / 2, (facing + (sign * Math.PI) / 2) as Radians, b);
      back += b.widthMm;
    }
    sideLen = Math.max(sideLen, back);
  }
  // Rear row, facing back.
  const rearWidth = rowWidth(groups.rear);
  across = -rearWidth / 2;
  for (const i of groups.rear) {
    const b = size(i);
    out[i] = place(anchor, facing, across + b.widthMm / 2, sideLen + b.depthMm / 2, (facing + Math.PI) as Radians, b);
    across += b.widthMm;
  }
  return out;
}

export const layoutSquare = (anchor: TablePoint, facing: Radians, bases: readonly BaseSize[]) => layoutFaces(anchor, facing, bases, 4);
/** Rally/hasty square or Austrian mass: front and both flanks face out. */
export const layoutThreeFaced = (anchor: TablePoint, facing: Radians, bases: readonly BaseSize[]) => layoutFaces(anchor, facing, bases, 3);

/** A layout function: stands for `bases` about an anchor (centre of the front edge). */
export type Layout = (anchor: TablePoint, facing: Radians, bases: readonly BaseSize[]) => StandFootprint[];

/**
 * Change formation pivoting on an anchor stand that does not move: lay the stands out afresh
 * with `layout`, then move the whole new layout rigidly so that the stand at `anchorIndex`
 * keeps exactly its old centre and facing. Stands keep their order (index i is still stand i).
 * Returns the new footprints and the furthest any stand's centre travelled (rules that charge
 * a formation change by distance read it).
 */
export function changeFormation(
  stands: readonly StandFootprint[],
  anchorIndex: number,
  layout: Layout,
): { stands: StandFootprint[]; maxCentreMoveMm: number } {
  const anchor = stands[anchorIndex];
  if (!anchor) throw new Error(`changeFormation: no stand ${anchorIndex}`);
  const trial = layout(pt(0, 0), anchor.facing, stands.map((s) => ({ widthMm: s.widthMm, depthMm: s.depthMm })));
  const t = trial[anchorIndex]!;
  const turn = anchor.facing - t.facing;
  const cs = cos(turn), sn = sin(turn);
  const out = trial.map((s) => {
    const dx = s.centre.x - t.centre.x, dy = s.centre.y - t.centre.y;
    return {
      ...s,
      centre: pt(anchor.centre.x + dx * cs - dy * sn, anchor.centre.y + dx * sn + dy * cs),
      facing: (s.facing + turn) as Radians,
    };
  });
  let maxCentreMoveMm = 0;
  out.forEach((s, i) => {
    const o = stands[i]!;
    maxCentreMoveMm = Math.max(maxCentreMoveMm, hypot(s.centre.x - o.centre.x, s.centre.y - o.centre.y));
  });
  return { stands: out, maxCentreMoveMm };
}

function place(anchor: TablePoint, unitFacing: Radians, across: number, back: number, facing: Radians, b: BaseSize): StandFootprint {
  const f = forward(unitFacing), r = rightOf(unitFacing);
  return {
    centre: pt(anchor.x + r.x * across - f.x * back, anchor.y + r.y * across - f.y * back),
    facing,
    widthMm: b.widthMm,
    depthMm: b.depthMm,
  };
}

/**
 * A line with one flank refused: the whole line laid out as `layoutLine` (one rank) about
 * `anchor`, then its last `count` stands (by index) placed at the `flank` end and swung back by
 * `angleRad` as one block, pivoting on the block's inner rear corner so that it never overlaps
 * the rest of the line (the two blocks touch at that corner; a wedge opens between their
 * fronts). The refused stands face out at the angle they were swung to; stand 0 always stays
 * in the main body, so a rule that reads a unit's facing from its first stand still reads the
 * line's. `count` is clamped to 0..n-1.
 */
export function layoutRefusedLine(anchor: TablePoint, facing: Radians, bases: readonly BaseSize[], flank: 'left' | 'right', count: number, angleRad: number): StandFootprint[] {
  const n = bases.length;
  const k = Math.max(0, Math.min(n - 1, Math.floor(count)));
  const main = bases.map((_, i) => i).slice(0, n - k);
  const refused = bases.map((_, i) => i).slice(n - k);
  // Positions left to right: a left refusal puts the refused block first.
  const order = flank === 'left' ? [...refused, ...main] : [...main, ...refused];
  const laid = layoutLine(anchor, facing, order.map((i) => bases[i]!), 1);
  const out: StandFootprint[] = new Array<StandFootprint>(n);
  order.forEach((i, p) => { out[i] = laid[p]!; });
  if (k === 0) return out;
  // The pivot: the rear corner of the block next to the main body.
  const f = forward(facing), r = rightOf(facing);
  const joint = flank === 'right' ? out[main[main.length - 1]!]! : out[main[0]!]!;
  const sign = flank === 'right' ? 1 : -1;
  const px = joint.centre.x + r.x * sign * joint.widthMm / 2 - f.x * joint.depthMm / 2;
  const py = joint.centre.y + r.y * sign * joint.widthMm / 2 - f.y * joint.depthMm / 2;
  // Swinging back: the right flank turns clockwise on screen (toward the rear), the left anticlockwise.
  const turn = sign * Math.abs(angleRad);
  const cs = cos(turn), sn = sin(turn);
  for (const i of refused) {
    const s = out[i]!;
    const dx = s.centre.x - px, dy = s.centre.y - py;
    out[i] = { ...s, centre: pt(px + dx * cs - dy * sn, py + dx * sn + dy * cs), facing: (facing + turn) as Radians };
  }
  return out;
}

/**
 * Where the front-edge centre of a one-rank line would be if every stand stood in line with
 * the stands that face as stand 0 does: the inverse of `layoutRefusedLine` (a line straightened
 * from a refused flank keeps its main body where it stands). Stands facing another way are
 * counted on the side of that main body where their centres lie.
 */
export function straightLineAnchor(stands: readonly StandFootprint[]): TablePoint {
  const groups = facingGroups(stands);
  const main = groups[0]!;
  const fr = main.frame;
  const f = forward(fr.facing), r = rightOf(fr.facing);
  let right = 0, left = 0;
  for (const g of groups.slice(1)) for (const i of g.stands) {
    const s = stands[i]!;
    if (toLocal(fr, s.centre).across >= 0) right += s.widthMm; else left += s.widthMm;
  }
  const shift = (right - left) / 2;
  return pt(fr.centre.x + f.x * fr.halfDepthMm + r.x * shift, fr.centre.y + f.y * fr.halfDepthMm + r.y * shift);
}

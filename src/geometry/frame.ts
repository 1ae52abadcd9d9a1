/**
 * Frames: the oriented rectangle that stands for a stand or a whole unit when rules speak of
 * its front, flanks and rear. A unit's frame is the bounding rectangle of its stands in the
 * unit's own facing, so a line's front edge runs from the left corner of its left stand to the
 * right corner of its right stand.
 */
import type { Radians, StandFootprint, TablePoint } from './types';
import { pt } from './types';
import { forward, rightOf, standCorners } from './footprint';
import { hypot } from './math';

export type Face = 'front' | 'right' | 'rear' | 'left';
export const FACES: readonly Face[] = ['front', 'right', 'rear', 'left'];

export interface Frame {
  readonly centre: TablePoint;
  readonly facing: Radians;
  /** Half the frontage (across) and half the depth (front to back). */
  readonly halfWidthMm: number;
  readonly halfDepthMm: number;
  /** front-left, front-right, rear-right, rear-left (clockwise on screen). */
  readonly corners: readonly [TablePoint, TablePoint, TablePoint, TablePoint];
}

export interface FaceEdge {
  readonly face: Face;
  /** The face's corners; a→b runs clockwise round the frame (the front runs left corner to right corner). */
  readonly a: TablePoint;
  readonly b: TablePoint;
  /** Unit outward normal. */
  readonly nx: number;
  readonly ny: number;
  readonly lengthMm: number;
}

export function frameOf(centre: TablePoint, facing: Radians, widthMm: number, depthMm: number): Frame {
  const corners = standCorners({ centre, facing, widthMm: widthMm as never, depthMm: depthMm as never });
  return { centre, facing, halfWidthMm: widthMm / 2, halfDepthMm: depthMm / 2, corners };
}

export function standFrame(s: StandFootprint): Frame {
  return { centre: s.centre, facing: s.facing, halfWidthMm: s.widthMm / 2, halfDepthMm: s.depthMm / 2, corners: standCorners(s) };
}

/**
 * The frame of a group of stands in the given facing (default: the first stand's facing,
 * which is the command stand's when units list it first).
 */
export function unitFrame(stands: readonly StandFootprint[], facing?: Radians): Frame {
  const s0 = stands[0];
  if (!s0) throw new Error('unitFrame: a unit needs at least one stand');
  const th = facing ?? s0.facing;
  const f = forward(th), r = rightOf(th);
  let minF = Infinity, maxF = -Infinity, minR = Infinity, maxR = -Infinity;
  for (const s of stands) {
    for (const c of standCorners(s)) {
      const a = c.x * f.x + c.y * f.y, b = c.x * r.x + c.y * r.y;
      if (a < minF) minF = a;
      if (a > maxF) maxF = a;
      if (b < minR) minR = b;
      if (b > maxR) maxR = b;
    }
  }
  const cf = (minF + maxF) / 2, cr = (minR + maxR) / 2;
  const centre = pt(f.x * cf + r.x * cr, f.y * cf + r.y * cr);
  return frameOf(centre, th, maxR - minR, maxF - minF);
}

/** One face of a frame as a segment with its outward normal. */
export function faceEdge(frame: Frame, face: Face): FaceEdge {
  const [fl, fr, rr, rl] = frame.corners;
  const [a, b] = face === 'front' ? [fl, fr] : face === 'right' ? [fr, rr] : face === 'rear' ? [rr, rl] : [rl, fl];
  const ex = b.x - a.x, ey = b.y - a.y;
  const len = hypot(ex, ey);
  if (len === 0) {
    // A degenerate face (zero-width frame): fall back to the frame's own axes.
    const f = forward(frame.facing), r = rightOf(frame.facing);
    const n = face === 'front' ? f : face === 'rear' ? pt(-f.x, -f.y) : face === 'right' ? r : pt(-r.x, -r.y);
    return { face, a, b, nx: n.x, ny: n.y, lengthMm: 0 };
  }
  return { face, a, b, nx: ey / len, ny: -ex / len, lengthMm: len };
}

/** Local coordinates of p in a frame: `along` ahead of the centre, `across` to the right. */
export function toLocal(frame: Frame, p: TablePoint): { along: number; across: number } {
  const f = forward(frame.facing), r = rightOf(frame.facing);
  const dx = p.x - frame.centre.x, dy = p.y - frame.centre.y;
  return { along: dx * f.x + dy * f.y, across: dx * r.x + dy * r.y };
}

export function fromLocal(frame: Frame, along: number, across: number): TablePoint {
  const f = forward(frame.facing), r = rightOf(frame.facing);
  return pt(frame.centre.x + f.x * along + r.x * across, frame.centre.y + f.y * along + r.y * across);
}

export const frontageMm = (frame: Frame): number => frame.halfWidthMm * 2;
export const depthOfMm = (frame: Frame): number => frame.halfDepthMm * 2;

/** Stands of one unit that face the same way (within `tolRad`), with their frame in that facing. */
export interface FacingGroup {
  readonly facing: Radians;
  /** Indices into the unit's stands, in stand order. */
  readonly stands: readonly number[];
  readonly frame: Frame;
}

/**
 * The faces a body of stands presents: its stands grouped by facing (within `tolRad`, default
 * 1°), the group of stand 0 first and the rest in the order of their first stand. A line or
 * column is one group; a square four; a line with a refused flank two. Each group's frame is
 * the bounding rectangle of its stands in its own facing, so its front edge is that face's
 * frontage (what a rule's arc is hung on).
 */
export function facingGroups(stands: readonly StandFootprint[], tolRad = Math.PI / 180): FacingGroup[] {
  const groups: { facing: Radians; stands: number[] }[] = [];
  stands.forEach((s, i) => {
    const g = groups.find((x) => {
      let d = (s.facing - x.facing) % (2 * Math.PI);
      if (d > Math.PI) d -= 2 * Math.PI;
      if (d < -Math.PI) d += 2 * Math.PI;
      return Math.abs(d) <= tolRad;
    });
    if (g) g.stands.push(i);
    else groups.push({ facing: s.facing, stands: [i] });
  });
  return groups.map((g) => ({ facing: g.facing, stands: g.stands, frame: unitFrame(g.stands.map((i) => stands[i]!), g.facing) }));
}

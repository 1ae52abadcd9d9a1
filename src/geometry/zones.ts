/**
 * Zones round a stand or unit frame: which side of it something is on, arcs from a face's
 * corners, the "in front or one base width either side" strip, lines of a face extended,
 * support zones and the face a contact touches. Boundaries are inclusive (a target exactly on
 * a 45° line is inside a 45° arc), with EPS_MM of tolerance for floating point.
 */
import type { StandFootprint, TablePoint } from './types';
import { pt } from './types';
import { standCorners } from './footprint';
import type { Face, FaceEdge, Frame } from './frame';
import { FACES, faceEdge, toLocal } from './frame';
import { EPS_MM, clipHalfPlane, pointSegDist2XY } from './vec';
import { atan2, cos, hypot, sin } from './math';

/**
 * A zone hung on one face of a frame: everything ahead of that face, inside lines drawn from
 * its two corners at `spreadRad` outwards from straight ahead (0 = straight ahead, π/4 = the
 * usual 45° arc, π/2 = the whole half-plane), out to `rangeMm` from the face's nearest point.
 */
export interface ArcZone {
  readonly face: Face;
  readonly spreadRad: number;
  readonly rangeMm: number;
}

/** How much of a target must be in a zone: any part, its centre, or all of it. */
export type ZoneMode = 'any' | 'centre' | 'all';

/** A target for zone tests: a point, a stand, or a unit (list of stands). */
export type ZoneTarget = TablePoint | StandFootprint | readonly StandFootprint[];

interface ZoneGeometry {
  ax: number; ay: number; tx: number; ty: number; nx: number; ny: number; len: number;
  cs: number; sn: number; edge: FaceEdge;
}

function zoneGeometry(frame: Frame, zone: ArcZone): ZoneGeometry {
  const edge = faceEdge(frame, zone.face);
  const len = edge.lengthMm;
  // t runs along the face from a to b: the outward normal turned a quarter clockwise.
  const tx = len > 0 ? (edge.b.x - edge.a.x) / len : -edge.ny;
  const ty = len > 0 ? (edge.b.y - edge.a.y) / len : edge.nx;
  return { ax: edge.a.x, ay: edge.a.y, tx, ty, nx: edge.nx, ny: edge.ny, len, cs: cos(zone.spreadRad), sn: sin(zone.spreadRad), edge };
}

function pointInZoneG(g: ZoneGeometry, rangeMm: number, x: number, y: number): boolean {
  const u = (x - g.ax) * g.tx + (y - g.ay) * g.ty;
  const v = (x - g.ax) * g.nx + (y - g.ay) * g.ny;
  if (v < -EPS_MM) return false;
  if (u * g.cs + v * g.sn < -EPS_MM) return false;
  if ((g.len - u) * g.cs + v * g.sn < -EPS_MM) return false;
  const d2 = pointSegDist2XY(x, y, g.edge.a.x, g.edge.a.y, g.edge.b.x, g.edge.b.y);
  return d2 <= (rangeMm + EPS_MM) * (rangeMm + EPS_MM);
}

/** Does any part of a convex polygon lie inside the zone? Exact: clip by the three lines, then measure. */
function convexTouchesZone(g: ZoneGeometry, rangeMm: number, poly: readonly TablePoint[]): boolean {
  const e = EPS_MM;
  let c = clipHalfPlane(poly, g.ax - g.nx * e, g.ay - g.ny * e, g.nx, g.ny);
  if (c.length === 0) return false;
  // Left line through a: inside where u·cos + v·sin ≥ 0, i.e. normal (t·cos + n·sin).
  const lx = g.tx * g.cs + g.nx * g.sn, ly = g.ty * g.cs + g.ny * g.sn;
  c = clipHalfPlane(c, g.ax - lx * e, g.ay - ly * e, lx, ly);
  if (c.length === 0) return false;
  const bx = g.ax + g.tx * g.len, by = g.ay + g.ty * g.len;
  const rx = -g.tx * g.cs + g.nx * g.sn, ry = -g.ty * g.cs + g.ny * g.sn;
  c = clipHalfPlane(c, bx - rx * e, by - ry * e, rx, ry);
  if (c.length === 0) return false;
  // Nearest distance from the clipped piece to the face segment.
  const r2 = (rangeMm + EPS_MM) * (rangeMm + EPS_MM);
  for (const p of c) if (pointSegDist2XY(p.x, p.y, g.ax, g.ay, bx, by) <= r2) return true;
  for (let i = 0; i < c.length; i++) {
    const p = c[i]!, q = c[(i + 1) % c.length]!;
    if (pointSegDist2XY(g.ax, g.ay, p.x, p.y, q.x, q.y) <= r2) return true;
    if (pointSegDist2XY(bx, by, p.x, p.y, q.x, q.y) <= r2) return true;
  }
  return false;
}

const isPoint = (t: ZoneTarget): t is TablePoint => 'x' in t;
const isStand = (t: ZoneTarget): t is StandFootprint => 'centre' in t;

/** Does any part of the stand lie in the zone? */
function standAnyInZone(g: ZoneGeometry, rangeMm: number, s: StandFootprint): boolean {
  // PERF: a circle round the stand decides most cases without building its corners.
  const rho = hypot(s.widthMm, s.depthMm) / 2;
  const x = s.centre.x, y = s.centre.y;
  const u = (x - g.ax) * g.tx + (y - g.ay) * g.ty;
  const v = (x - g.ax) * g.nx + (y - g.ay) * g.ny;
  const l = u * g.cs + v * g.sn, r = (g.len - u) * g.cs + v * g.sn;
  if (v < -rho - EPS_MM || l < -rho - EPS_MM || r < -rho - EPS_MM) return false;
  const d = Math.sqrt(pointSegDist2XY(x, y, g.ax, g.ay, g.ax + g.tx * g.len, g.ay + g.ty * g.len));
  if (d > rangeMm + rho + EPS_MM) return false;
  if (v >= 0 && l >= 0 && r >= 0 && d <= rangeMm) return true;
  return convexTouchesZone(g, rangeMm, standCorners(s));
}

/**
 * A tester for one zone, built once and applied to many targets (arc queries over many units).
 * `any`: some part of the target; `centre`: its centre (a unit's mean stand centre); `all`:
 * every corner (zones are convex, so corners decide).
 */
export function zoneTester(frame: Frame, zone: ArcZone, mode: ZoneMode = 'any'): (target: ZoneTarget) => boolean {
  const g = zoneGeometry(frame, zone);
  const R = zone.rangeMm;
  return (target) => {
    if (isPoint(target)) return pointInZoneG(g, R, target.x, target.y);
    const stands = isStand(target) ? [target] : target;
    if (mode === 'centre') {
      let sx = 0, sy = 0;
      for (const s of stands) { sx += s.centre.x; sy += s.centre.y; }
      return pointInZoneG(g, R, sx / stands.length, sy / stands.length);
    }
    if (mode === 'all') return stands.every((s) => standCorners(s).every((c) => pointInZoneG(g, R, c.x, c.y)));
    for (const s of stands) if (standAnyInZone(g, R, s)) return true;
    return false;
  };
}

/** Is the target inside the zone (see `zoneTester` for the modes)? */
export function inZone(frame: Frame, zone: ArcZone, target: ZoneTarget, mode: ZoneMode = 'any'): boolean {
  return zoneTester(frame, zone, mode)(target);
}

/** NW-style firing arc: inside `spreadRad` from the front corners, within range. */
export const inFrontArc = (frame: Frame, spreadRad: number, rangeMm: number, target: ZoneTarget, mode: ZoneMode = 'any') =>
  inZone(frame, { face: 'front', spreadRad, rangeMm }, target, mode);

/**
 * "In front of the stand, or of an area one base width either side of it": the strip ahead
 * of the front edge widened by `extraEachSideMm` on each side, out to `rangeMm`.
 */
export function inFrontStrip(frame: Frame, extraEachSideMm: number, rangeMm: number, target: ZoneTarget, mode: ZoneMode = 'any'): boolean {
  const wide: Frame = widen(frame, extraEachSideMm);
  return inZone(wide, { face: 'front', spreadRad: 0, rangeMm }, target, mode);
}

function widen(frame: Frame, extra: number): Frame {
  const [fl, fr, rr, rl] = frame.corners;
  const len = hypot(fr.x - fl.x, fr.y - fl.y) || 1;
  const tx = ((fr.x - fl.x) / len) * extra, ty = ((fr.y - fl.y) / len) * extra;
  return {
    ...frame,
    halfWidthMm: frame.halfWidthMm + extra,
    corners: [pt(fl.x - tx, fl.y - ty), pt(fr.x + tx, fr.y + ty), pt(rr.x + tx, rr.y + ty), pt(rl.x - tx, rl.y - ty)],
  };
}

/** Where a point lies against the line of a face extended both ways. */
export type LineSide = 'beyond' | 'on' | 'behind';

/**
 * Which side of the line of `face` (extended) the point is: `beyond` is outside the frame
 * (ahead of a front edge), `behind` is on the frame's side. "Behind the line of the
 * target's front edge" (a flank charge) is `faceLineSide(t, 'front', p) === 'behind'`;
 * "beyond the line of the target's flank" (enfilade) is `faceLineSide(t, 'left', p) === 'beyond'`.
 */
export function faceLineSide(frame: Frame, face: Face, p: TablePoint): LineSide {
  const e = faceEdge(frame, face);
  const v = (p.x - e.a.x) * e.nx + (p.y - e.a.y) * e.ny;
  return v > EPS_MM ? 'beyond' : v < -EPS_MM ? 'behind' : 'on';
}

/** Is every corner of the stands wholly beyond (or behind) the line of a face? */
export function wholly(frame: Frame, face: Face, side: 'beyond' | 'behind', stands: readonly StandFootprint[]): boolean {
  return stands.every((s) => standCorners(s).every((c) => faceLineSide(frame, face, c) === side));
}

/**
 * Which quarter of a frame a point is in, cutting along the diagonals through its corners
 * (the usual "draw the X through the base" test). Points exactly on a diagonal go to the
 * front or rear quarter.
 */
export function quarterOf(frame: Frame, p: TablePoint): Face {
  const { along, across } = toLocal(frame, p);
  const hw = frame.halfWidthMm || EPS_MM, hd = frame.halfDepthMm || EPS_MM;
  if (Math.abs(along) / hd >= Math.abs(across) / hw) return along >= 0 ? 'front' : 'rear';
  return across >= 0 ? 'right' : 'left';
}

/**
 * Which face of the target a contacting footprint touches: the face nearest to the
 * contacting stand's outline; a corner-to-corner tie goes to the quarter its centre is in.
 */
export function contactFace(target: Frame, contact: StandFootprint): { face: Face; distanceMm: number } {
  const corners = standCorners(contact);
  let best: Face = 'front', bestD = Infinity;
  const dists = new Map<Face, number>();
  for (const face of FACES) {
    const e = faceEdge(target, face);
    let d = Infinity;
    for (const c of corners) d = Math.min(d, pointSegDist2XY(c.x, c.y, e.a.x, e.a.y, e.b.x, e.b.y));
    const cs: readonly TablePoint[] = corners;
    for (let i = 0; i < 4; i++) {
      const p = cs[i]!, q = cs[(i + 1) & 3]!;
      d = Math.min(d, pointSegDist2XY(e.a.x, e.a.y, p.x, p.y, q.x, q.y), pointSegDist2XY(e.b.x, e.b.y, p.x, p.y, q.x, q.y));
    }
    d = Math.sqrt(d);
    dists.set(face, d);
    if (d < bestD - EPS_MM) { bestD = d; best = face; }
  }
  const tied = FACES.filter((f) => Math.abs(dists.get(f)! - bestD) <= EPS_MM);
  if (tied.length > 1) {
    const q = quarterOf(target, contact.centre);
    if (tied.includes(q)) best = q;
  }
  return { face: best, distanceMm: bestD };
}

/** Support as the rules describe it: a friend within `rearMm` behind, and within `flankMm` inside `flankSpreadRad` of each flank. */
export interface SupportSpec {
  readonly rearMm: number;
  /** Spread of the rear zone; 0 = directly behind the rear edge. */
  readonly rearSpreadRad?: number;
  readonly flankMm: number;
  /** Spread of the flank zones from the flank corners (default 45°). */
  readonly flankSpreadRad?: number;
  readonly mode?: ZoneMode;
}

function supportZones(spec: SupportSpec): Record<'rear' | 'left' | 'right', ArcZone> {
  const flank = spec.flankSpreadRad ?? Math.PI / 4;
  return {
    rear: { face: 'rear', spreadRad: spec.rearSpreadRad ?? 0, rangeMm: spec.rearMm },
    left: { face: 'left', spreadRad: flank, rangeMm: spec.flankMm },
    right: { face: 'right', spreadRad: flank, rangeMm: spec.flankMm },
  };
}

/** Which of the friends (by index) support the frame in the rear and on each flank. */
export function supportOf(frame: Frame, friends: readonly (readonly StandFootprint[])[], spec: SupportSpec): { rear: number[]; left: number[]; right: number[] } {
  const z = supportZones(spec);
  const mode = spec.mode ?? 'any';
  const pick = (zone: ArcZone) => friends.flatMap((f, i) => (inZone(frame, zone, f, mode) ? [i] : []));
  return { rear: pick(z.rear), left: pick(z.left), right: pick(z.right) };
}

/**
 * An outline of a zone for drawing (range arcs sampled every `stepRad`). Never used for
 * decisions: `inZone` is exact.
 */
export function zoneOutline(frame: Frame, zone: ArcZone, stepRad = Math.PI / 36): TablePoint[] {
  const g = zoneGeometry(frame, zone);
  const a = g.edge.a, b = g.edge.b;
  const r = zone.rangeMm;
  const base = atan2(g.ny, g.nx);
  const out: TablePoint[] = [b];
  // t (a→b) is the normal turned a quarter clockwise, so b's ray leans to base + spread and a's to base − spread.
  const arc = (c: TablePoint, from: number, to: number) => {
    const n = Math.max(1, Math.ceil(Math.abs(to - from) / stepRad));
    for (let i = 0; i <= n; i++) {
      const th = from + ((to - from) * i) / n;
      out.push(pt(c.x + cos(th) * r, c.y + sin(th) * r));
    }
  };
  arc(b, base + zone.spreadRad, base);
  arc(a, base, base - zone.spreadRad);
  out.push(a);
  return out;
}


/**
 * Whole units as the rules handle them: a group of stand footprints moved, turned, measured
 * and checked against the table edge together. Every ruleset uses these (one centre, one
 * translate, one rotate, one off-table check, one contact tolerance); they are generic over
 * the ruleset's own stand and unit records, which keep every other field untouched.
 */
import type { Radians, StandFootprint, TablePoint } from './types';
import { normaliseAngle, pt } from './types';
import { forward } from './footprint';
import { standCornersInto } from './footprint';
import type { Face, Frame } from './frame';
import { unitFrame } from './frame';
import type { Leg } from './movement';
import { poseInLeg, wheel } from './movement';
import { footprintGroupsOverlap } from './overlap';
import { EPS_MM } from './vec';
import { standDistance, unitDistance } from './measure';
import type { TableSize } from './collisions';
import { cos, sin } from './math';

/**
 * The contact tolerance of every ruleset: two units whose nearest stands are at most this far
 * apart are in contact (base to base on a real table, where bases are set by hand). It judges
 * contact that already exists; moves made by the core stop exactly touching (gap 0, overlap
 * tested at EPS_MM), so a move never ends short of contact by this margin.
 */
export const CONTACT_MM = 1.5;

/** Anything with stands: a ruleset's unit record, or a bare list wrapped as `{ stands }`. */
export interface HasStands<S extends StandFootprint = StandFootprint> {
  readonly stands: readonly S[];
}

/** The centre of a unit: its frame's centre (the bounding rectangle in its facing, default the first stand's). */
export function unitCentre(stands: readonly StandFootprint[], facing?: Radians): TablePoint {
  return unitFrame(stands, facing).centre;
}

/** Stands moved by (dx, dy); every other field of each stand kept. */
export function translateStands<S extends StandFootprint>(stands: readonly S[], dx: number, dy: number): S[] {
  return stands.map((s) => {
    const out = Object.assign({}, s) as { -readonly [K in keyof S]: S[K] };
    (out as { centre: TablePoint }).centre = { x: (s.centre.x + dx), y: (s.centre.y + dy) } as TablePoint;
    return out as S;
  });
}

/** Stands turned rigidly about `pivot` by `angle` (clockwise on screen when positive), facings normalised to (−π, π]. */
export function rotateStands<S extends StandFootprint>(stands: readonly S[], pivot: TablePoint, angle: number): S[] {
  const cs = cos(angle), sn = sin(angle);
  return stands.map((s) => {
    const dx = s.centre.x - pivot.x, dy = s.centre.y - pivot.y;
    const out = Object.assign({}, s) as { -readonly [K in keyof S]: S[K] };
    (out as { centre: TablePoint }).centre = { x: pivot.x + dx * cs - dy * sn, y: pivot.y + dx * sn + dy * cs } as TablePoint;
    (out as { facing: Radians }).facing = normaliseAngle(s.facing + angle);
    return out as S;
  });
}

/** A unit record moved by (dx, dy). */
export function translateUnit<U extends HasStands<S>, S extends StandFootprint>(u: U, dx: number, dy: number): U {
  return { ...u, stands: translateStands(u.stands, dx, dy) };
}

/** A unit record turned rigidly about `pivot` (wheels, about-faces, lining up). */
export function rotateUnit<U extends HasStands<S>, S extends StandFootprint>(u: U, pivot: TablePoint, angle: number): U {
  return { ...u, stands: rotateStands(u.stands, pivot, angle) };
}

/** A unit record moved straight along `facing` by `distMm` (negative: backwards). */
export function advanceUnit<U extends HasStands<S>, S extends StandFootprint>(u: U, distMm: number, facing: Radians): U {
  return translateUnit(u, cos(facing) * distMm, sin(facing) * distMm);
}

/**
 * A unit's stands after whole legs of a plan (movement.ts), keeping every other field of each
 * stand: translate legs by `translateStands`, rotate legs by `rotateStands` (facings normalised),
 * restand legs placing each stand where the leg's `to` says.
 */
export function standsAfterLegs<S extends StandFootprint>(stands: readonly S[], legs: readonly Leg[]): S[] {
  let cur = stands as S[];
  for (let k = 0; k < legs.length; k++) {
    const leg = legs[k]!;
    if (leg.kind === 'translate') {
      // PERF: a run of straight legs (a move planned in short steps) is added up per stand and the
      // stands copied once: the very sums, in the same order, as copying them at every leg.
      let end = k + 1;
      while (end < legs.length && legs[end]!.kind === 'translate') end++;
      if (end === k + 1) { cur = translateStands(cur, leg.dx, leg.dy); continue; }
      const run = legs.slice(k, end) as Extract<Leg, { kind: 'translate' }>[];
      cur = cur.map((s) => {
        let x: number = s.centre.x, y: number = s.centre.y;
        for (const l of run) { x = x + l.dx; y = y + l.dy; }
        const out = Object.assign({}, s) as { -readonly [K in keyof S]: S[K] };
        (out as { centre: TablePoint }).centre = { x, y } as TablePoint;
        return out as S;
      });
      k = end - 1;
    } else if (leg.kind === 'rotate') cur = rotateStands(cur, leg.pivot, leg.angle);
    else cur = cur.map((s, i) => { const p = leg.to[i] ?? poseInLeg(s, leg, i, 1); return Object.assign({}, s, { centre: p.centre, facing: normaliseAngle(p.facing) }); });
  }
  return cur === stands ? [...stands] : cur;
}

const OT = new Float64Array(8);

/** Is any corner of any stand off the table? Touching the edge is on (EPS_MM). */
export function unitOffTable(stands: readonly StandFootprint[], table: TableSize): boolean {
  for (const s of stands) {
    standCornersInto(s, OT);
    for (let k = 0; k < 8; k += 2) {
      const x = OT[k]!, y = OT[k + 1]!;
      if (x < -EPS_MM || y < -EPS_MM || x > table.widthMm + EPS_MM || y > table.depthMm + EPS_MM) return true;
    }
  }
  return false;
}

/**
 * Is a gap between two units contact: at most CONTACT_MM, give or take the core's arithmetic? A
 * move made by the core stops touching what it meets within EPS_MM (plus rounding), which can
 * lengthen a gap on its other side by as much: a unit pushed back against one unit, CONTACT_MM
 * from another, is still in contact with it.
 */
export const isContactGap = (gapMm: number): boolean => gapMm <= CONTACT_MM + 2 * EPS_MM;

/**
 * Are two stands in contact (`isContactGap` on their nearest-point distance)? PERF: stands whose
 * centres are further apart (in x plus y) than their half-diagonals and the tolerance allow, with a
 * millimetre to spare, are not, found without measuring the bases: melee rules ask it of every
 * friend beside a fight.
 */
export const standsInContact = (a: StandFootprint, b: StandFootprint): boolean =>
  Math.abs(a.centre.x - b.centre.x) + Math.abs(a.centre.y - b.centre.y) <= (a.widthMm + a.depthMm + b.widthMm + b.depthMm) * 0.75 + CONTACT_MM + 1 && isContactGap(standDistance(a, b));

/** Are two units in contact (nearest stands at most CONTACT_MM apart, `isContactGap`)? */
export function unitsInContact(a: readonly StandFootprint[], b: readonly StandFootprint[]): boolean {
  return isContactGap(unitDistance(a, b));
}

/**
 * Do two units overlap (any stand of one over any stand of the other by more than 0.01 mm)?
 * Touching is not overlap; the 0.01 mm is `footprintGroupsOverlap`'s own slack for bases laid
 * side by side by arithmetic that does not close exactly.
 */
export function unitsOverlap(a: readonly StandFootprint[], b: readonly StandFootprint[]): boolean {
  return footprintGroupsOverlap(a, b);
}

/**
 * Do two stands overlap (by more than `unitsOverlap`'s 0.01 mm)? Touching is not overlap: the
 * one test every ruleset uses for placing a stand or a unit where others stand.
 */
export function standsOverlap(a: StandFootprint, b: StandFootprint): boolean {
  return footprintGroupsOverlap([a], [b]);
}

/**
 * A unit record wheeled by `angle` (movement.ts `wheel`: about the front corner on the side
 * turned towards, in `frame`), with the distance the outer front corner travels. Facings are
 * normalised to (−π, π].
 */
export function wheelUnit<U extends HasStands<S>, S extends StandFootprint>(u: U, angle: number, frame?: Frame): { unit: U; outerArcMm: number } {
  if (Math.abs(angle) < 1e-9) return { unit: u, outerArcMm: 0 };
  const plan = wheel(u.stands, angle, frame ? { frame } : {});
  if (!plan.ok) return { unit: u, outerArcMm: 0 };
  const leg = plan.legs[0]!;
  return { unit: leg.kind === 'rotate' ? rotateUnit(u, leg.pivot, leg.angle) : u, outerArcMm: plan.distanceMm };
}

const FACE_TURN: Readonly<Record<Face, number>> = { front: 0, right: Math.PI / 2, rear: Math.PI, left: -Math.PI / 2 };

/** The outward direction of a face of a frame (front: its facing; right: a quarter turn clockwise; …), normalised to (−π, π]. */
export function faceDirectionOf(frame: Frame, face: Face): Radians {
  return normaliseAngle(frame.facing + FACE_TURN[face]);
}

/** The centre of a face of a frame. */
export function faceCentreOf(frame: Frame, face: Face): TablePoint {
  const f = forward(faceDirectionOf(frame, face));
  const half = face === 'front' || face === 'rear' ? frame.halfDepthMm : frame.halfWidthMm;
  return pt(frame.centre.x + f.x * half, frame.centre.y + f.y * half);
}

/**
 * A unit lined up base edge to base edge: turned about its frame's centre to face `facing`,
 * then moved so the centre of its front edge is on `goal` (rules that set an attacker square on
 * against the face it strikes). `frameOf` is the ruleset's frame of a unit (its facing and
 * the stands it is drawn round).
 */
export function lineUpFront<U extends HasStands<S>, S extends StandFootprint>(u: U, frameOf: (u: U) => Frame, facing: number, goal: TablePoint): U {
  const fr = frameOf(u);
  const turned = rotateUnit(u, fr.centre, normaliseAngle(facing - fr.facing));
  const front = faceCentreOf(frameOf(turned), 'front');
  return translateUnit(turned, goal.x - front.x, goal.y - front.y);
}

/**
 * The least move along each table axis that brings every corner of the stands onto the table
 * (touching the edge is on; 0 for an axis already on), or undefined when the stands are wider
 * or deeper than the table. Exact: from the corners' extremes.
 */
export function nudgeOntoTable(stands: readonly StandFootprint[], table: TableSize): { dx: number; dy: number } | undefined {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const s of stands) {
    standCornersInto(s, OT);
    for (let k = 0; k < 8; k += 2) {
      const x = OT[k]!, y = OT[k + 1]!;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (maxX - minX > table.widthMm + EPS_MM || maxY - minY > table.depthMm + EPS_MM) return undefined;
  const along = (lo: number, hi: number, size: number) => (lo < -EPS_MM ? -lo : hi > size + EPS_MM ? size - hi : 0);
  return { dx: along(minX, maxX, table.widthMm), dy: along(minY, maxY, table.depthMm) };
}

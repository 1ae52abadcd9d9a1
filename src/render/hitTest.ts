import type { Stand, Unit } from '../engine/model';
import { forward, rightOf } from '../geometry/footprint';
import type { TablePoint } from '../geometry/types';
import { pt } from '../geometry/types';

/** Is table point p on the stand's base (edges included)? */
export function pointInStand(s: Stand, p: TablePoint): boolean {
  const f = forward(s.facing), r = rightOf(s.facing);
  const dx = p.x - s.centre.x, dy = p.y - s.centre.y;
  return Math.abs(dx * f.x + dy * f.y) <= s.depthMm / 2 && Math.abs(dx * r.x + dy * r.y) <= s.widthMm / 2;
}

/** The topmost unit (last drawn) with a stand under p. */
export function unitAt(units: readonly Unit[], p: TablePoint): Unit | null {
  for (let i = units.length - 1; i >= 0; i--) {
    const u = units[i]!;
    if (u.stands.some((s) => pointInStand(s, p))) return u;
  }
  return null;
}

/** Facing of a unit: its command stand's. */
export function unitFacing(u: Unit): number {
  return (u.stands.find((s) => s.id === u.commandStandId) ?? u.stands[0]!).facing;
}

/** The middle of the unit's front edge, and how far in front of its centre that lies. */
export function unitFrontCentre(u: Unit, centre: TablePoint): TablePoint {
  const f = forward(unitFacing(u) as Stand['facing']);
  let front = -Infinity;
  for (const s of u.stands) {
    const proj = (s.centre.x - centre.x) * f.x + (s.centre.y - centre.y) * f.y + s.depthMm / 2;
    if (proj > front) front = proj;
  }
  return pt(centre.x + f.x * front, centre.y + f.y * front);
}

/**
 * Aiming: the turn that brings a facing round to look at a point, and the wheel a unit makes
 * towards one (limited to what a wheel may sweep). Angles as everywhere here: radians clockwise
 * on screen from +x, positive turns to the right; the wheels are in degrees because every
 * ruleset's move legs and orders count a wheel in degrees.
 */
import { atan2 } from './math';
import { meanCentre } from './standSets';
import type { StandFootprint } from './types';

interface Point { readonly x: number; readonly y: number }

/**
 * The signed turn (radians, in [−π, π]; positive to the right) that brings `facing`, seen from
 * `from`, round to look straight at `to`.
 */
export function turnTowards(from: Point, facing: number, to: Point): number {
  let a = atan2(to.y - from.y, to.x - from.x) - facing;
  while (a > Math.PI) a -= 2 * Math.PI;
  while (a < -Math.PI) a += 2 * Math.PI;
  return a;
}

/**
 * The wheel (degrees, positive to the right, unrounded) that turns `facing` at `from` towards
 * `to`, at most `limitDeg` either way (a wheel further than the limit goes as far as it may).
 */
export function wheelTowardsDeg(from: Point, facing: number, to: Point, limitDeg = 45): number {
  const deg = (turnTowards(from, facing, to) * 180) / Math.PI;
  return Math.max(-limitDeg, Math.min(limitDeg, deg));
}

/**
 * The wheel (degrees, as `wheelTowardsDeg`) that turns a unit's front towards `to`: from the mean
 * centre of its stands, facing as its first stand (the unit's facing, as `unitFrame` takes it).
 */
export function unitWheelTowards(stands: readonly StandFootprint[], to: Point, limitDeg = 45): number {
  const s0 = stands[0];
  if (!s0) throw new Error('unitWheelTowards: a unit needs at least one stand');
  return wheelTowardsDeg(meanCentre(stands), s0.facing, to, limitDeg);
}

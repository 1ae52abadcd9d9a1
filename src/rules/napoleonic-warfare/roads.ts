/**
 * NW §23 Roads: "Units that spend their entire Movement Phase moving along a road Advance, Charge,
 * Rout and Retreat one and a half times their normal distance, ignoring all effects of any terrain
 * that the road crosses. However, units may only move along a road in a Road Column (i.e., a
 * column that is one stand wide)." The Advance applies it in commands.ts (doMove); charges,
 * retreats and routs ask here. Pursuits and follow-ups are not in the list and get no bonus (RULINGS).
 */
import { rotateUnit } from '../../geometry/units';
import { terrainContacts } from '../../geometry/pathCost';
import { touchesAllAlong } from '../../geometry/moveCore';
import { terrainIndexOf } from '../../geometry/sightCache';
import { straight } from './moves';
import type { Unit } from '../../engine/model';
import type { Radians } from '../../geometry/types';
import type { Draft } from './types';
import { bearing, frameOfUnit, unitFacing, unitTerrain } from './geom';
import { normaliseAngle } from '../../geometry/types';
import { toIn } from './core';

export const ROAD_RULE = 'NW §23 Roads';
/** "one and a half times their normal distance". */
export const ROAD_FACTOR = 1.5;

/** Every stand of the unit touches a road. */
export function standsOnRoad(d: Draft, u: Unit): boolean {
  return u.stands.length > 0 && u.stands.every((s) => unitTerrain(d.battle, { ...u, stands: [s] }).some((t) => t.kind === 'road'));
}

/**
 * The unit keeps every stand on a road all the way along `dir` for `distMm`: the geometry core's
 * trace of the move through the terrain, every stand touching some road at every moment.
 */
export function staysOnRoad(d: Draft, u: Unit, dir: Radians, distMm: number): boolean {
  if (distMm <= 0) return standsOnRoad(d, u);
  const contacts = terrainContacts(u.stands, straight(dir, distMm), terrainIndexOf(d.battle.terrain));
  return touchesAllAlong(contacts, u.stands.length, distMm, (f) => f.kind === 'road');
}

/**
 * A fast move (charge, countercharge, retreat, rout) of `distMm` along `dir`: is it a road move?
 * Only a Road Column already on the road whose whole 1½-times path stays on it (RULINGS); then it
 * goes 1½ times as far, ignoring terrain. `limitMm` caps the probe where the move must stop anyway
 * (a charge's target).
 */
export function roadMove(d: Draft, u: Unit, dir: Radians, distMm: number, limitMm = Infinity): { road: boolean; distMm: number } {
  if (u.formation !== 'road-column' || distMm <= 0 || !standsOnRoad(d, u)) return { road: false, distMm };
  const far = distMm * ROAD_FACTOR;
  if (!staysOnRoad(d, u, dir, Math.min(far, limitMm))) return { road: false, distMm };
  return { road: true, distMm: far };
}

/** A move of exactly `distMm` (a distance the player chose within the 1½ allowance): is it all along the road in Road Column? */
export function isRoadPath(d: Draft, u: Unit, dir: Radians, distMm: number): boolean {
  return u.formation === 'road-column' && standsOnRoad(d, u) && staysOnRoad(d, u, dir, distMm);
}

/**
 * NW §23 Roads for a charge or countercharge: `mover` heads straight at `target` (NW Sequence §12);
 * a Road Column on the road whose path to the target (or its whole 1½ move, if shorter) stays on
 * the road charges 1½ times as far, ignoring terrain. Logged when it applies.
 */
export function chargeRoadMove(d: Draft, mover: Unit, target: Unit, distMm: number, gapMm: number): { road: boolean; distMm: number } {
  const dir = bearing(frameOfUnit(mover).centre, frameOfUnit(target).centre);
  const faced = rotateUnit(mover, frameOfUnit(mover).centre, normaliseAngle(dir - unitFacing(mover)));
  const r = roadMove(d, faced, dir, distMm, gapMm);
  if (r.road) d.ctx.emit({ type: 'RoadMove', unit: mover.id, move: 'charge', fromIn: toIn(distMm), toIn: toIn(r.distMm), rule: `${ROAD_RULE}: Road Column along the road, 1½ times, terrain ignored` });
  return r;
}

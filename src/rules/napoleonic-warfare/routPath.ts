/**
 * NW Close Combat/After Close Combat (§20 rout moves): "Routs are made directly away from the unit
 * causing the disaster. Routers may wheel 45 degrees or change formation to attempt to clear other
 * troops, terrain, etc. If collision is unavoidable, they interpenetrate friendly units, and are
 * destroyed by contact with enemy units."
 *
 * The module steers the routers (RULINGS): straight away first; then wheels of 15°, 30° and 45°
 * (right before left at each angle, the wheel's outer arc counting double against the rout
 * distance, §25); then narrower fronts (end stands dropped into the rear ranks, dropBack.ts),
 * straight and then wheeled. The first path that meets no troops and no terrain over the whole
 * rolled distance is taken. If none
 * is clear, the first that meets no enemy (and no ground it cannot enter) with the fewest friends
 * and terrain in it; if every path meets the enemy, straight away. A plan, not an effect.
 */
import type { Unit } from '../../engine/model';
import type { Radians } from '../../geometry/types';
import type { Draft } from './types';
import { activeUnits } from './core';
import { unitFacing, unitsOverlap, wheelUnit } from './geom';
import { hazardCount, probePath, type PathProbe } from './moves';
import { narrowerFronts, type NarrowedFront } from './dropBack';
import { roadMove } from './roads';
import { WHEEL } from './tables/movement';

export const ROUT_RULE = 'NW Close Combat/After Close Combat: routers may wheel 45 degrees or change formation to clear other troops, terrain';

/** Wheels tried, in order (degrees; positive is clockwise, to the right). */
export const ROUT_WHEELS_DEG: readonly number[] = [15, -15, 30, -30, 45, -45];

export interface RoutPath {
  unit: Unit;
  dir: Radians;
  distMm: number;
  /** A road column that routs along its road (NW §23 Roads: 1½ times, terrain ignored). */
  road: boolean;
  wheelDeg: number;
  narrowed?: NarrowedFront;
  probe: PathProbe;
  clear: boolean;
}

function evaluate(d: Draft, start: Unit, shape: Unit, wheelDeg: number, rolledMm: number, narrowed?: NarrowedFront): RoutPath | undefined {
  const { unit, outerArcMm } = wheelUnit(shape, (wheelDeg * Math.PI) / 180);
  if (wheelDeg !== 0 && outerArcMm === 0) return undefined;
  // The new pose may not land on a unit the routers were clear of.
  if (activeUnits(d).some((x) => x.id !== start.id && unitsOverlap(unit, x) && !unitsOverlap(start, x))) return undefined;
  const dir = unitFacing(unit);
  const base = Math.max(0, rolledMm - outerArcMm * WHEEL.distanceFactor);
  const rm = roadMove(d, unit, dir, base);
  // A path is clear only if it is clear for the whole rolled distance: a wheel that merely stops
  // the routers short of the trouble (its cost eats the move) does not clear it (RULINGS).
  const probe = probePath(d, unit, dir, Math.max(rm.distMm, rolledMm), { roadColumn: rm.road });
  const clear = probe.enemies.length === 0 && !probe.impassable && hazardCount(probe) === 0;
  return { unit, dir, distMm: rm.distMm, road: rm.road, wheelDeg, ...(narrowed ? { narrowed } : {}), probe, clear };
}

/** Choose the rout path for `u`, already turned directly away from the cause, over `rolledMm`. */
export function chooseRoutPath(d: Draft, u: Unit, rolledMm: number): RoutPath {
  const straight = evaluate(d, u, u, 0, rolledMm)!;
  if (straight.clear) return straight;
  const tried: RoutPath[] = [straight];
  const shapes: { unit: Unit; narrowed?: NarrowedFront }[] = [{ unit: u }];
  // PERF: narrower fronts are laid out only when no wheel of the present formation clears.
  for (let i = 0; ; i++) {
    const shape = shapes[i];
    if (!shape) break;
    const wheels = shape.narrowed ? [0, ...ROUT_WHEELS_DEG] : ROUT_WHEELS_DEG;
    for (const w of wheels) {
      const c = evaluate(d, u, shape.unit, w, rolledMm, shape.narrowed);
      if (!c) continue;
      if (c.clear) return c;
      tried.push(c);
    }
    if (i === 0) shapes.push(...narrowerFronts(u).map((n) => ({ unit: n.unit, narrowed: n })));
  }
  let best: RoutPath | undefined;
  for (const c of tried) {
    if (c.probe.enemies.length > 0 || c.probe.impassable) continue;
    if (!best || hazardCount(c.probe) < hazardCount(best.probe)) best = c;
  }
  return best ?? straight;
}

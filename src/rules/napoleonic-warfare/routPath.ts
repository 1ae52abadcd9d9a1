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
 *
 * PERF (`npm run bench -- --only routPath`): each path is probed only against the units in the
 * box it sweeps, and once a fallback is known later probes stop as soon as they meet as many
 * things as it does; neither changes which path is chosen.
 */
import { unitsOverlap, wheelUnit } from '../../geometry/units';
import type { Unit } from '../../engine/model';
import type { Radians } from '../../geometry/types';
import type { Draft } from './types';
import { activeUnits } from './core';
import { unitFacing, frameOfUnit } from './geom';
import { hazardCount, probePath, type PathProbe } from './moves';
import { unitBox as standsBox } from '../../geometry/queries';
import { narrowerFronts, type NarrowedFront } from './dropBack';
import { roadMove } from './roads';
import { WHEEL } from './tables/movement';
import { cos, sin } from '../../geometry/math';

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

type Box = ReturnType<typeof standsBox>;
const unitBox = (u: Unit): Box => standsBox(u.stands);

const boxesMeet = (a: Box, b: Box, slackMm: number): boolean =>
  a.minX - slackMm <= b.maxX && b.minX - slackMm <= a.maxX && a.minY - slackMm <= b.maxY && b.minY - slackMm <= a.maxY;

/** The other active units with their boxes, computed once per rout decision. */
interface Field { units: Unit[]; boxes: Box[] }

/**
 * PERF: a Draft whose battle holds only the units whose boxes meet the box swept by `unit`
 * moving `distMm` along `dir` (plus a millimetre: probePath counts enemies within 1 mm at the
 * start). No unit outside that corridor can be met or touched by the move, so probePath and the
 * landing check answer exactly as over the whole battle, at a fraction of the cost (the unit
 * itself is kept: probePath and the terrain rules look it up).
 */
function corridorDraft(d: Draft, self: Unit, field: Field, unit: Unit, dir: Radians, distMm: number): Draft {
  const a = unitBox(unit);
  const dx = cos(dir) * distMm, dy = sin(dir) * distMm;
  const swept: Box = { minX: a.minX + Math.min(0, dx), minY: a.minY + Math.min(0, dy), maxX: a.maxX + Math.max(0, dx), maxY: a.maxY + Math.max(0, dy) };
  const units = [self];
  for (let i = 0; i < field.units.length; i++) if (boxesMeet(swept, field.boxes[i]!, 2)) units.push(field.units[i]!);
  return { ...d, battle: { ...d.battle, units } };
}

function evaluate(d: Draft, start: Unit, field: Field, shape: Unit, wheelDeg: number, rolledMm: number, narrowed?: NarrowedFront, stopAtHazards?: number): RoutPath | undefined {
  const { unit, outerArcMm } = wheelUnit(shape, (wheelDeg * Math.PI) / 180, frameOfUnit(shape));
  if (wheelDeg !== 0 && outerArcMm === 0) return undefined;
  // The new pose may not land on a unit the routers were clear of.
  const ub = unitBox(unit);
  if (field.units.some((x, i) => boxesMeet(ub, field.boxes[i]!, 1) && unitsOverlap(unit.stands, x.stands) && !unitsOverlap(start.stands, x.stands))) return undefined;
  const dir = unitFacing(unit);
  const base = Math.max(0, rolledMm - outerArcMm * WHEEL.distanceFactor);
  const rm = roadMove(d, unit, dir, base);
  // A path is clear only if it is clear for the whole rolled distance: a wheel that merely stops
  // the routers short of the trouble (its cost eats the move) does not clear it (RULINGS).
  const distMm = Math.max(rm.distMm, rolledMm);
  const probe = probePath(corridorDraft(d, start, field, unit, dir, distMm), unit, dir, distMm, { roadColumn: rm.road, ...(stopAtHazards !== undefined ? { stopAtHazards } : {}) });
  const clear = probe.enemies.length === 0 && !probe.impassable && hazardCount(probe) === 0;
  return { unit, dir, distMm: rm.distMm, road: rm.road, wheelDeg, ...(narrowed ? { narrowed } : {}), probe, clear };
}

/** Choose the rout path for `u`, already turned directly away from the cause, over `rolledMm`. */
export function chooseRoutPath(d: Draft, u: Unit, rolledMm: number): RoutPath {
  const others = activeUnits(d).filter((x) => x.id !== u.id);
  const field: Field = { units: others, boxes: others.map(unitBox) };
  const straight = evaluate(d, u, field, u, 0, rolledMm)!;
  if (straight.clear) return straight;
  // The fallback (none clear): the first path, in the order tried, that meets no enemy and no
  // impassable ground with the fewest friends and terrain in it. Kept as we go so that later
  // probes can stop as soon as they run into as many things as it does (PERF: such a path can
  // neither be clear nor be preferred to it, so cutting its probe short changes no choice).
  let best: RoutPath | undefined;
  const consider = (c: RoutPath): void => {
    if (c.probe.enemies.length > 0 || c.probe.impassable) return;
    if (!best || hazardCount(c.probe) < hazardCount(best.probe)) best = c;
  };
  consider(straight);
  const shapes: { unit: Unit; narrowed?: NarrowedFront }[] = [{ unit: u }];
  // PERF: narrower fronts are laid out only when no wheel of the present formation clears.
  for (let i = 0; ; i++) {
    const shape = shapes[i];
    if (!shape) break;
    const wheels = shape.narrowed ? [0, ...ROUT_WHEELS_DEG] : ROUT_WHEELS_DEG;
    for (const w of wheels) {
      const c = evaluate(d, u, field, shape.unit, w, rolledMm, shape.narrowed, best ? hazardCount(best.probe) : undefined);
      if (!c) continue;
      if (c.clear) return c;
      consider(c);
    }
    if (i === 0) shapes.push(...narrowerFronts(u).map((n) => ({ unit: n.unit, narrowed: n })));
  }
  return best ?? straight;
}

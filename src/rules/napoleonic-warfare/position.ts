/**
 * NW Close Combat/Superior Position (and the Morale §19 footnote, Fire "Target Uphill"): height
 * is read stand by stand from the hill levels (a hill with no heightLevel is level 1, as for
 * sight; nested hills stack by their own levels, the highest under a stand's centre counts).
 */
import type { Stand, Unit } from '../../engine/model';
import type { TablePoint } from '../../geometry/types';
import { pointInPolygon } from '../../geometry/vec';
import type { Draft } from './types';

/** The hill level under a point: 0 off the hills. */
export function groundLevelAt(d: Draft, p: TablePoint): number {
  let level = 0;
  for (const t of d.battle.terrain) {
    if (t.kind !== 'hill' || t.polygon.length < 3) continue;
    if (pointInPolygon(p, t.polygon)) level = Math.max(level, t.heightLevel ?? 1);
  }
  return level;
}

export const standLevel = (d: Draft, s: Stand): number => groundLevelAt(d, s.centre);

/** The level most of a unit's stands stand on: the highest L with more than half its stands at L or above. */
export function unitLevel(d: Draft, u: Unit): number {
  const levels = u.stands.map((s) => standLevel(d, s)).sort((a, b) => b - a);
  return levels[Math.floor(levels.length / 2)] ?? 0;
}

/** The highest ground any stand of the unit stands on. */
export const unitTopLevel = (d: Draft, u: Unit): number => Math.max(0, ...u.stands.map((s) => standLevel(d, s)));

/**
 * NW Superior Position: "The majority of the stands are on higher ground than the enemy unit":
 * more than half of `u`'s stands stand higher than the highest stand of the enemy unit.
 */
export function onHigherGround(d: Draft, u: Unit, enemy: Unit): boolean {
  const top = unitTopLevel(d, enemy);
  return u.stands.filter((s) => standLevel(d, s) > top).length * 2 > u.stands.length;
}

/**
 * NW Superior Position: "or are charging downhill this turn": a unit that charged or countercharged
 * this turn from ground (its majority level when the charges were resolved) higher than the enemy.
 */
export function chargingDownhill(d: Draft, u: Unit, enemy: Unit): boolean {
  const nu = d.rs.units[u.id];
  if (!nu || !(nu.charging || nu.countercharging) || nu.chargeFromLevel === undefined) return false;
  return nu.chargeFromLevel > unitTopLevel(d, enemy);
}

/** Sequence §12: note where every charger and countercharger starts, before anything moves. */
export function noteChargeStartLevels(d: Draft, units: readonly Unit[]): void {
  for (const u of units) {
    const nu = d.rs.units[u.id];
    const o = d.rs.orders[u.id];
    const charges = o?.order === 'charge' && !!o.target;
    if (nu && (charges || o?.response === 'countercharge')) nu.chargeFromLevel = unitLevel(d, u);
  }
}

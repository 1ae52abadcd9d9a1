/**
 * NW Orders/Fire and Flee and Orders/Deploy "Spike captured artillery pieces": abandoned guns are
 * a piece on the table. Enemy contact captures them (the piece stays where it is, status
 * 'captured'); an enemy unit in contact with them may spend a Deploy action spiking them. While
 * captured, or once spiked, the crew cannot come back to them ("if they are not captured or
 * spiked"). Captured guns that no enemy touches any longer are retaken by a friendly unit in
 * contact with them, and the crew may then re-man them — unless they were spiked, which is for
 * good. Kept free of core.ts so that core's end-of-change sweep may call it.
 */
import { findUnit } from '../../engine/battle';
import type { Unit } from '../../engine/model';
import type { Draft, NwUnit } from './types';
import { unitDistanceMm } from './geom';
import { isContactGap } from '../../geometry/units';

export const GUNS_RULE = 'NW Orders/Fire and Flee; Orders/Deploy: "Spike captured artillery pieces"';
/** Is a unit in contact with the guns (NW §1: base to base)? The core's one contact tolerance (`isContactGap`). */
export const touchesGuns = (x: Unit, guns: Unit): boolean => isContactGap(unitDistanceMm(x, guns));

export type GunsState = 'manned' | 'abandoned' | 'captured' | 'spiked';

/** Where a battery stands between its crew and the enemy. */
export function gunsState(nu: Pick<NwUnit, 'abandoned' | 'status' | 'spiked'>): GunsState {
  if (nu.spiked) return 'spiked';
  if (nu.status === 'captured') return 'captured';
  return nu.abandoned ? 'abandoned' : 'manned';
}

/** Active units of the guns' own side (`own`) or of the enemy touching the piece. */
export function unitsTouching(d: Draft, guns: Unit, which: 'own' | 'enemy'): Unit[] {
  return d.battle.units.filter((x) => {
    if (x.id === guns.id || d.rs.units[x.id]?.status !== 'active') return false;
    if ((x.side === guns.side) !== (which === 'own')) return false;
    return touchesGuns(x, guns);
  });
}

/**
 * Enemy contact with abandoned guns captures them (NW Orders/Fire and Flee): the piece stays on
 * the table, out of play (it neither fires, moves nor blocks), and counts as captured for Loss
 * Points (×2) and the army's break point (NW §10) while it stays captured. Returns true if taken.
 */
export function captureGuns(d: Draft, gunsId: string, byId: string): boolean {
  const nu = d.rs.units[gunsId];
  const guns = findUnit(d.battle, gunsId);
  if (!nu || !guns || !nu.abandoned || nu.status !== 'active') return false;
  nu.status = 'captured';
  nu.capturedBy = byId;
  d.rs.combats = d.rs.combats.filter((c) => c.a !== gunsId && c.b !== gunsId);
  delete d.rs.orders[gunsId];
  // A general riding with the guns went with the crew.
  for (const g of Object.values(d.rs.generals)) if (g.withUnit === gunsId) g.withUnit = undefined;
  d.ctx.emit({ type: 'GunsCaptured', unit: gunsId, by: byId, rule: GUNS_RULE });
  return true;
}

/** Why `spikerId` may not spike `gunsId` now, or undefined (NW Orders/Deploy). */
export function spikeProblem(d: Draft, spikerId: string, gunsId: string): string | undefined {
  const guns = findUnit(d.battle, gunsId);
  const gn = d.rs.units[gunsId];
  const spiker = findUnit(d.battle, spikerId);
  if (!guns || !gn || !gn.profile.artillery) return 'there are no such guns on the table';
  if (!spiker || d.rs.units[spikerId]?.status !== 'active') return 'the spiking unit is not on the table';
  if (guns.side === spiker.side) return `${guns.name} are your own guns`;
  if (gn.spiked) return `${guns.name} are already spiked`;
  if (gn.status !== 'captured') return `${guns.name} have not been captured (abandoned guns are captured by contact first)`;
  if (!touchesGuns(spiker, guns)) return `${spiker.name} is not in contact with ${guns.name}`;
  return undefined;
}

/** Spike captured guns (NW Orders/Deploy): their crew can never re-man them. */
export function spikeGuns(d: Draft, spikerId: string, gunsId: string): void {
  const gn = d.rs.units[gunsId];
  if (!gn) return;
  gn.spiked = true;
  d.ctx.emit({ type: 'GunsSpiked', unit: gunsId, by: spikerId, rule: GUNS_RULE });
}

/**
 * At the end of every command and step (core.toChange): abandoned guns an enemy unit has come to
 * touch by any move are captured (a charge or advance captures them at contact already), and
 * captured guns the enemy left are retaken (retakeGuns).
 */
export function settleGuns(d: Draft): void {
  for (const nu of Object.values(d.rs.units)) {
    if (!nu.abandoned || nu.status !== 'active') continue;
    const guns = findUnit(d.battle, nu.id);
    const enemy = guns ? unitsTouching(d, guns, 'enemy')[0] : undefined;
    if (enemy) captureGuns(d, nu.id, enemy.id);
  }
  retakeGuns(d);
}

/**
 * After every change: captured, unspiked guns that no enemy touches any longer and that a
 * friendly unit is in contact with are retaken (RULINGS) — abandoned again, for the crew to
 * come back to with a Deploy action.
 */
export function retakeGuns(d: Draft): void {
  for (const nu of Object.values(d.rs.units)) {
    if (nu.status !== 'captured' || nu.spiked || nu.capturedBy === undefined || !nu.abandoned) continue;
    const guns = findUnit(d.battle, nu.id);
    if (!guns || unitsTouching(d, guns, 'enemy').length > 0) continue;
    const friend = unitsTouching(d, guns, 'own')[0];
    if (!friend) continue;
    nu.status = 'active';
    delete nu.capturedBy;
    d.ctx.emit({ type: 'GunsRetaken', unit: nu.id, by: friend.id, rule: GUNS_RULE });
  }
}

/**
 * NW Orders/Fire and Flee: artillery that expects a charge fires at its charger (at the range
 * measured before any movement), then the crew run behind the nearest friend within 1" (2");
 * the guns are left where they stand. Not charged, the guns are abandoned all the same. The
 * crew re-man them with a turn spent going back (a Deploy action, `recrew`), and fire again the
 * turn after. Enemy contact with abandoned guns captures them; the captors may spike them (guns.ts).
 */
import { findUnit, updateUnit } from '../../engine/battle';
import type { Unit } from '../../engine/model';
import type { Draft } from './types';
import { friendsOf, inMm, isActive, nwu, removeFromPlay, scaleOf } from './core';
import { faceStruck, frontRank, lineUpAgainst, unitDistanceMm } from './geom';
import { FIRING_ARC_DEG } from './tables/fire';
import { resolveVolley, applyFireResults, standBlockers, fireSight, type Shot } from './fire';
import { standDistanceToUnit, standInArc } from './geom';
import { captureGuns, touchesGuns } from './guns';

const RULE = 'NW Orders/Fire and Flee';

/** The friend the crew would run behind, or a sentence saying there is none (NW Orders/Fire and Flee). */
export function fleeRefuge(d: Draft, guns: Unit): Unit | string {
  const reach = inMm(scaleOf(d).fireAndFleeIn);
  const near = friendsOf(d, guns.side).filter((f) => f.id !== guns.id && !nwu(d, f.id).profile.artillery && unitDistanceMm(guns, f) <= reach + 1e-6).sort((a, b) => unitDistanceMm(guns, a) - unitDistanceMm(guns, b));
  return near[0] ?? `no friendly unit within ${scaleOf(d).fireAndFleeIn}" for the crew to run behind`;
}

/** The battery's shot at its charger: every front stand with the charger in arc and sight, at the range before movement. */
export function fireAndFleeShot(d: Draft, guns: Unit, charger: Unit): Shot | undefined {
  const blockers = standBlockers(d);
  const maxMm = inMm(d.tables.artilleryRangesIn[d.rs.scale].extreme);
  const stands = frontRank(guns).filter((s) => {
    if (standDistanceToUnit(s, charger) > maxMm + 1e-6) return false;
    const t = charger.stands.find((q) => standInArc(s, FIRING_ARC_DEG.artillery, maxMm, q));
    return !!t && fireSight(d, blockers, guns, s, charger, t).clear;
  });
  if (stands.length === 0) return undefined;
  return { firer: guns, target: charger, stands, distMm: Math.min(...stands.map((s) => standDistanceToUnit(s, charger))) };
}

/** Fire (if charged) and flee. Returns true when the crew got away and the guns stand abandoned. */
export function fireAndFlee(d: Draft, gunsId: string, chargerId?: string): boolean {
  const guns = findUnit(d.battle, gunsId);
  const nu = d.rs.units[gunsId];
  if (!guns || !nu || !isActive(d, gunsId) || nu.abandoned) return false;
  const charger = chargerId ? findUnit(d.battle, chargerId) : undefined;
  if (charger && !nu.limbered && nu.ammo !== 'out') {
    const shot = fireAndFleeShot(d, guns, charger);
    if (shot) {
      const r = resolveVolley(d, shot);
      applyFireResults(d, [{ shot, hits: r.hits, tens: r.tens }]);
    } else d.ctx.emit({ type: 'FireAndFleeNoShot', unit: gunsId, target: chargerId, rule: RULE });
  }
  const refuge = fleeRefuge(d, guns);
  if (typeof refuge === 'string') {
    // RULINGS: with nowhere to run the crew are cut down; the guns are lost with them.
    removeFromPlay(d, gunsId, 'destroyed', `crew caught in the open: ${refuge}`, RULE);
    return false;
  }
  nu.abandoned = true;
  d.ctx.emit({ type: 'GunsAbandoned', unit: gunsId, crewBehind: refuge.id, charged: !!charger, rule: RULE });
  return true;
}

/**
 * Enemy contact with abandoned guns captures them (NW Orders/Fire and Flee: "if they are not
 * captured or spiked"): the piece stays on the table for the captors to spike (guns.ts).
 */
export function captureIfAbandoned(d: Draft, gunsId: string, byId: string): boolean {
  const nu = d.rs.units[gunsId];
  const guns = findUnit(d.battle, gunsId), captor = findUnit(d.battle, byId);
  if (!nu?.abandoned || !guns || !captor || !isActive(d, gunsId)) return false;
  // A charge meets its target where the moves cross (NW Sequence §12): the captors end base to base with the guns they took.
  if (!touchesGuns(captor, guns)) d.battle = updateUnit(d.battle, byId, () => lineUpAgainst(captor, guns, faceStruck(captor, guns)));
  return captureGuns(d, gunsId, byId);
}

/**
 * NW Orders/Advance: "The unit must move at least half its maximum allowed movement unless
 * friendly Skirmishing Infantry will be interpenetrating the unit this turn, in which case the
 * unit can remain stationary to avoid being Disordered. If the unit cannot physically move at
 * least 1/2 of its movement because of enemy in the way, you must discard the Advance order."
 * RULINGS (last items): "must move" is an obligation, not a disorder: an Advance unit that has not
 * moved when its side's tactical movement ends is moved half its move straight ahead (no wheel).
 */
import { straight, traceStraight } from './moves';
import type { Unit } from '../../engine/model';
import type { Draft } from './types';
import { activeUnits, nwu } from './core';
import { unitFacing } from './geom';
import { normalMoveMm } from './morale';
import { doMove } from './commands';
import { isRejection } from '../../engine/ruleset';

const R = 'NW Orders/Advance';
/** Would half a move straight ahead run into an enemy ("enemy in the way")? The geometry core's trace of the move against the enemy. */
export function enemyInTheWay(d: Draft, u: Unit, distMm: number): boolean {
  const enemies = new Map(activeUnits(d).filter((e) => e.side !== u.side).map((e) => [e.id, e]));
  return traceStraight(d, u, straight(unitFacing(u), distMm), enemies).meetings.length > 0;
}

export function enforceAdvanceMinimum(d: Draft, u: Unit): void {
  const nu = nwu(d, u.id);
  if (nu.movedThisTurn) return;
  if (nu.passedBySkirmishers) {
    d.ctx.emit({ type: 'AdvanceStoodFast', unit: u.id, reason: 'friendly skirmish infantry passed through it', rule: R });
    return;
  }
  // Unlimbered guns cannot move without limbering; the Advance does not force them to (RULINGS).
  if (nu.profile.artillery && !nu.limbered) {
    d.ctx.emit({ type: 'OrderDiscarded', unit: u.id, order: 'advance', reason: 'unlimbered guns did not move', rule: R });
    return;
  }
  const half = normalMoveMm(d, u) / 2;
  if (enemyInTheWay(d, u, half)) {
    d.ctx.emit({ type: 'OrderDiscarded', unit: u.id, order: 'advance', reason: 'enemy in the way of half its move', rule: R });
    return;
  }
  d.ctx.emit({ type: 'AdvanceCompelled', unit: u.id, distanceIn: Math.round((half / 25.4) * 10) / 10, rule: R });
  const r = doMove(d, u, 0, half / 25.4, false);
  if (r && isRejection(r)) d.ctx.emit({ type: 'OrderDiscarded', unit: u.id, order: 'advance', reason: r.message, rule: R });
}

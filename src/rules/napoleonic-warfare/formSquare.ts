/**
 * NW Orders/Form Square: "If given this order, the foot automatically will form a normal square
 * before taking their morale test for being charged. If they are actually being charged the
 * charge will then take place." The square forms whether or not a charge comes, and whoever
 * charges: charged units at the start of the Charge Declaration Phase (before any test A),
 * the others when their side turns its markers over (NW §13 (1)). §27: not in dense terrain.
 */
import { findUnit, updateUnit } from '../../engine/battle';
import type { Draft, NwOrder } from './types';
import { isActive } from './core';
import { terrainClass, unitTerrain } from './geom';
import { recallScreen, relayout } from './formations';

export const FORM_SQUARE_RULE = 'NW Orders/Form Square; §27 Square';

/** Form the square of every Form Square order that `which` selects (and reveal the marker). */
export function formOrderedSquares(d: Draft, which: (o: NwOrder) => boolean): void {
  for (const o of Object.values(d.rs.orders)) {
    if (o.order !== 'form-square' || o.cancelled || !which(o) || !isActive(d, o.unitId)) continue;
    const u = findUnit(d.battle, o.unitId);
    if (!u) continue;
    if (!o.revealed) {
      o.revealed = true;
      d.ctx.emit({ type: 'OrderRevealed', unit: o.unitId, order: o.order, rule: FORM_SQUARE_RULE });
    }
    if (u.formation === 'square') continue;
    // NW §27: "Squares are not allowed in dense terrain."
    if (unitTerrain(d.battle, u).some((t) => terrainClass(t) === 'dense')) {
      d.ctx.emit({ type: 'SquareNotFormed', unit: o.unitId, reason: 'squares are not allowed in dense terrain', rule: 'NW §27 Special Formations' });
      continue;
    }
    const sq = relayout(recallScreen(u), 'square');
    d.battle = updateUnit(d.battle, o.unitId, () => sq);
    d.ctx.emit({ type: 'SquareFormed', unit: o.unitId, rule: FORM_SQUARE_RULE });
  }
}

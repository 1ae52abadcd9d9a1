// NW Orders/Retreat: "They must instantly turn their back to the enemy and make a Retreat move directly
// away from them ... They may make a 45 degree wheel to avoid terrain and other units".
import { describe, expect, it } from 'vitest';
import { isRejection } from '../../../src/engine/ruleset';
import { findUnit } from '../../../src/engine/battle';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import { unitFacing } from '../../../src/rules/napoleonic-warfare/geom';
import type { NwGameState } from '../../../src/rules/napoleonic-warfare/types';
import { battle, draftWith } from './harness';

// A French line facing down the table at an Austrian line 4" away; the French have a Retreat order.
const setUp = (): NwGameState => {
  const s = battle([
    { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
    { id: 'au1', side: 'au', x: 36, y: 24, facingDeg: -90 },
  ]);
  return { ...s, ruleset: { ...s.ruleset, orders: { fr1: { unitId: 'fr1', side: 'fr', order: 'retreat', generalId: 'g-fr', revealed: true } } } } as NwGameState;
};
const retreat = (wheelDeg?: number) => {
  const s = setUp();
  const { d } = draftWith(s, []);
  return napoleonicWarfare.commands['retreatUnit']!.handle(s, { type: 'retreatUnit', side: 'fr', unitId: 'fr1', distanceIn: 6, ...(wheelDeg !== undefined ? { wheelDeg } : {}) } as never, d.ctx);
};
const deg = (r: number) => Math.round(((r * 180) / Math.PI + 360) % 360);

describe('When a unit with a Retreat order retreats (NW Orders/Retreat)', () => {
  it('without a wheel it turns its back and goes straight away (facing up the table)', () => {
    const r = retreat();
    if (isRejection(r)) throw new Error(r.message);
    expect(deg(unitFacing(findUnit(r.battle!, 'fr1')!))).toBe(270);
  });
  it('it may wheel 45° after turning about, the wheel counting against the move, and ends facing away', () => {
    const r = retreat(45);
    if (isRejection(r)) throw new Error(r.message);
    const u = findUnit(r.battle!, 'fr1')!;
    expect(deg(unitFacing(u))).toBe(315);
    const straight = retreat();
    if (isRejection(straight)) throw new Error(straight.message);
    // Moved less far up the table than the straight retreat.
    expect(u.stands[0]!.centre.y).toBeGreaterThan(findUnit(straight.battle!, 'fr1')!.stands[0]!.centre.y);
  });
  it('a wheel of more than 45° is refused', () => {
    const r = retreat(60);
    expect(isRejection(r) && r.code).toBe('wheel-too-far');
  });
});

// NW §23 Roads: "Units that spend their entire Movement Phase moving along a road Advance ... one and
// a half times their normal distance ... units may only move along a road in a Road Column."
import { describe, expect, it } from 'vitest';
import { isRejection } from '../../../src/engine/ruleset';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import { normalMoveMm } from '../../../src/rules/napoleonic-warfare/morale';
import { findUnit } from '../../../src/engine/battle';
import type { NwGameState } from '../../../src/rules/napoleonic-warfare/types';
import { battle, draftWith, IN } from './harness';

// A road running down the table from y 2" to y `endY`; a French road column on it, facing down it.
const onRoad = (endY: number): NwGameState => {
  const s = battle([
    { id: 'fr1', side: 'fr', formation: 'road-column', x: 36, y: 12, facingDeg: 90, stands: 3 },
    { id: 'au1', side: 'au', x: 10, y: 46, facingDeg: -90 },
  ], { terrain: [{ id: 'road', kind: 'road', name: 'Road', line: [[36 * IN, 2 * IN], [36 * IN, endY * IN]], widthMm: IN, props: {} }] });
  return { ...s, ruleset: { ...s.ruleset, orders: { fr1: { unitId: 'fr1', side: 'fr', order: 'advance', generalId: 'g-fr', revealed: true } } } } as NwGameState;
};
const advance = (s: NwGameState, distanceIn: number) => {
  const { d } = draftWith(s, []);
  return napoleonicWarfare.commands['moveUnit']!.handle(s, { type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0, distanceIn } as never, d.ctx);
};

describe('When a road column advances along a road (NW §23 Roads)', () => {
  it('kept on the road the whole way it moves 1½ times its normal move', () => {
    const s = onRoad(40);
    expect(findUnit(s.battle, 'fr1')!.formation).toBe('road-column');
    const { d } = draftWith(s, []);
    const fullIn = normalMoveMm(d, findUnit(s.battle, 'fr1')!) / IN;
    expect(isRejection(advance(s, fullIn * 1.5))).toBe(false);
    expect(isRejection(advance(s, fullIn * 1.5 + 1))).toBe(true);
  });
  it('a move that runs off the end of the road gets no bonus: beyond the normal move it is refused (off-road), within it allowed', () => {
    const s = onRoad(16);
    const { d } = draftWith(s, []);
    const fullIn = normalMoveMm(d, findUnit(s.battle, 'fr1')!) / IN;
    const far = advance(s, fullIn + 1);
    expect(isRejection(far) && far.code).toBe('off-road');
    expect(isRejection(advance(s, fullIn))).toBe(false);
  });
});

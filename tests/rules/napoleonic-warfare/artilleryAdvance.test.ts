// NW Orders/Advance: "Horse Artillery may move 1/2, unlimber and still fire with penalties.
// Any Artillery may limber and move or unlimber and fire with penalties."
import { describe, expect, it } from 'vitest';
import { isRejection } from '../../../src/engine/ruleset';
import { findUnit } from '../../../src/engine/battle';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import { makeDraft } from '../../../src/rules/napoleonic-warfare/core';
import { planShots, resolveVolley } from '../../../src/rules/napoleonic-warfare/fire';
import type { NwGameState } from '../../../src/rules/napoleonic-warfare/types';
import { battle, draftWith } from './harness';

const guns = (troopType: string, formation: string) => {
  const s = battle([
    { id: 'fr-guns', side: 'fr', arm: 'artillery', troopType, formation, x: 36, y: 10, facingDeg: 90, stands: 2 },
    { id: 'au1', side: 'au', x: 36, y: 22, facingDeg: -90 },
  ]);
  return { ...s, ruleset: { ...s.ruleset, orders: { 'fr-guns': { unitId: 'fr-guns', side: 'fr', order: 'advance', generalId: 'g-fr', revealed: true } } } } as NwGameState;
};
const move = (s: NwGameState, c: Record<string, unknown>) => {
  const { d } = draftWith(s, []);
  const r = napoleonicWarfare.commands['moveUnit']!.handle(s, { type: 'moveUnit', side: 'fr', unitId: 'fr-guns', wheelDeg: 0, ...c } as never, d.ctx);
  return isRejection(r) ? r : ({ ...s, battle: r.battle ?? s.battle, ruleset: r.ruleset ?? s.ruleset } as NwGameState);
};
const y = (s: NwGameState) => findUnit(s.battle, 'fr-guns')!.stands[0]!.centre.y / 25.4;

describe('When limbered horse artillery with an Advance order moves half and unlimbers (NW Orders/Advance)', () => {
  it('it may move up to half its move, ends unlimbered, and fires with the "unlimbered this turn" penalty (+2)', () => {
    const s = guns('horse-artillery', 'limbered');
    const half = napoleonicWarfare.tables.defaults.movement.medium.rows['horse-artillery'].tacticalIn / 2;
    const after = move(s, { distanceIn: half, unlimber: true });
    if (isRejection(after)) throw new Error(after.message);
    expect(y(after) - y(s)).toBeCloseTo(half, 1);
    expect(after.ruleset.units['fr-guns']!.limbered).toBe(false);
    const { d, rolls } = draftWith(after, [10, 10]);
    const shot = planShots(d, (u) => u.id === 'fr-guns')[0]!;
    expect(shot.target.id).toBe('au1');
    resolveVolley(d, shot);
    expect(rolls[0]!.modifiers.some((m) => m.label.toLowerCase().includes('unlimber') && m.value === 2)).toBe(true);
  });
  it('more than half a move is refused', () => {
    const s = guns('horse-artillery', 'limbered');
    const half = napoleonicWarfare.tables.defaults.movement.medium.rows['horse-artillery'].tacticalIn / 2;
    const r = move(s, { distanceIn: half + 1, unlimber: true });
    expect(isRejection(r) && r.code).toBe('too-far');
  });
});

describe('When foot artillery with an Advance order unlimbers or limbers (NW Orders/Advance)', () => {
  it('limbered foot artillery unlimbers where it stands (no half-move minimum), but may not move and unlimber', () => {
    const s = guns('foot-artillery', 'limbered');
    const moved = move(s, { distanceIn: 2, unlimber: true });
    expect(isRejection(moved) && moved.code).toBe('unlimber-in-place');
    const after = move(s, { distanceIn: 0, unlimber: true });
    if (isRejection(after)) throw new Error(after.message);
    expect(after.ruleset.units['fr-guns']!.limbered).toBe(false);
    expect(y(after)).toBeCloseTo(y(s), 3);
  });
  it('unlimbered foot artillery limbers and moves at least half; limbered it cannot fire', () => {
    const s = guns('foot-artillery', 'line');
    expect(s.ruleset.units['fr-guns']!.limbered).toBe(false);
    const full = napoleonicWarfare.tables.defaults.movement.medium.rows['line-artillery'].tacticalIn;
    const after = move(s, { distanceIn: full / 2, limber: true });
    if (isRejection(after)) throw new Error(after.message);
    expect(after.ruleset.units['fr-guns']!.limbered).toBe(true);
    expect(planShots(makeDraft(after, { roll: () => { throw new Error('no roll'); }, emit: () => undefined }), (u) => u.id === 'fr-guns')).toEqual([]);
    const inf = battle([{ id: 'fr-guns', side: 'fr', x: 36, y: 10, facingDeg: 90 }]);
    const r = move({ ...inf, ruleset: { ...inf.ruleset, orders: s.ruleset.orders } } as NwGameState, { distanceIn: 3, limber: true });
    expect(isRejection(r) && r.code).toBe('not-artillery');
  });
});

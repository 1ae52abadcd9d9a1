// NW Orders/Retreat note: "Skirmishing Infantry may automatically Retreat if any unit attempts to Charge
// or Advance into contact with them. In the same circumstances, Skirmishing Cavalry may voluntarily opt
// to Retreat. If extra movement is required for this (i.e. the unit has already moved), the unit ends
// the turn disordered. No orders are required and any existing Orders are cancelled."
import { describe, expect, it } from 'vitest';
import { isRejection } from '../../../src/engine/ruleset';
import { findUnit } from '../../../src/engine/battle';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import { legalCommands } from './harness';
import type { NwGameState } from '../../../src/rules/napoleonic-warfare/types';
import { battle, draftWith } from './harness';

const setUp = (): NwGameState => {
  const s = battle([
    { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
    { id: 'au-cav', side: 'au', arm: 'cavalry', troopType: 'hussar', formation: 'skirmish', x: 36, y: 23, facingDeg: -90, stands: 2 },
  ]);
  return { ...s, ruleset: { ...s.ruleset, orders: { fr1: { unitId: 'fr1', side: 'fr', order: 'advance', generalId: 'g-fr', revealed: true } } } } as NwGameState;
};
const apply = (s: NwGameState, c: Record<string, unknown>, faces: number[] = []): NwGameState => {
  const { d } = draftWith(s, faces);
  const r = napoleonicWarfare.commands[c['type'] as string]!.handle(s, c as never, d.ctx);
  if (isRejection(r)) throw new Error(`${r.code}: ${r.message}`);
  return { ...s, battle: r.battle ?? s.battle, ruleset: r.ruleset ?? s.ruleset } as NwGameState;
};
const advanced = () => apply(setUp(), { type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0, distanceIn: 4 });

describe('When French infantry advance into Austrian skirmish cavalry (NW Orders/Retreat note)', () => {
  it('the contact starts a combat and the Austrian player is offered the retreat (legal commands)', () => {
    const s = advanced();
    expect(s.ruleset.combats.some((c) => c.a === 'fr1' && c.b === 'au-cav')).toBe(true);
    expect(s.ruleset.pendingEvasions).toEqual([{ unitId: 'au-cav', side: 'au', moverId: 'fr1' }]);
    const at = { ...s, position: { ...s.position, step: 'evasions-first' } } as NwGameState;
    const sampler = { pick: <X,>(xs: readonly X[]) => xs[0]!, chance: () => true, float: (a: number) => a, int: (a: number) => a } as never;
    expect(legalCommands(at, 'au', sampler)).toContainEqual({ type: 'evadeContact', side: 'au', unitId: 'au-cav', evade: true });
  });
  it('choosing to retreat ends the combat: the hussars move away, not disordered (they had not moved)', () => {
    const s = advanced();
    const y0 = findUnit(s.battle, 'au-cav')!.stands[0]!.centre.y;
    const after = apply(s, { type: 'evadeContact', side: 'au', unitId: 'au-cav', evade: true }, [6, 6]);
    expect(after.ruleset.combats).toEqual([]);
    expect(findUnit(after.battle, 'au-cav')!.stands[0]!.centre.y).toBeGreaterThan(y0 + 25);
    expect(after.ruleset.units['au-cav']!.morale).toBe('good');
    expect(after.ruleset.pendingEvasions).toEqual([]);
  });
  it('if they had already moved this turn the extra movement disorders them', () => {
    const s0 = advanced();
    const s = { ...s0, ruleset: { ...s0.ruleset, units: { ...s0.ruleset.units, 'au-cav': { ...s0.ruleset.units['au-cav']!, movedThisTurn: true } } } } as NwGameState;
    const after = apply(s, { type: 'evadeContact', side: 'au', unitId: 'au-cav', evade: true }, [6, 6]);
    expect(after.ruleset.units['au-cav']!.morale).toBe('disordered');
  });
  it('choosing to stay keeps the combat; only the owner may choose', () => {
    const s = advanced();
    const { d } = draftWith(s, []);
    const wrong = napoleonicWarfare.commands['evadeContact']!.handle(s, { type: 'evadeContact', side: 'fr', unitId: 'au-cav', evade: true } as never, d.ctx);
    expect(isRejection(wrong) && wrong.code).toBe('no-evasion');
    const after = apply(s, { type: 'evadeContact', side: 'au', unitId: 'au-cav', evade: false });
    expect(after.ruleset.combats.some((c) => c.b === 'au-cav')).toBe(true);
  });
});

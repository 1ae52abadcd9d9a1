/**
 * Napoleonic Warfare: §27 Squares — the Form Square order, special formations barred from dense terrain, a square's depth in close combat and the Austrian Mass (§18 F).
 */
import { describe, expect, it } from 'vitest';
import { isRejection, type Change, type GameEvent } from '../../../src/engine/ruleset';
import type { DiceRolled } from '../../../src/engine/dice';
import { findUnit, updateUnit } from '../../../src/engine/battle';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import type { NwGameState, NwState } from '../../../src/rules/napoleonic-warfare/types';
import { fireModifiers, resolveVolley } from '../../../src/rules/napoleonic-warfare/fire';
import { rankCount } from '../../../src/rules/napoleonic-warfare/geom';
import { battle, draftWith, IN, type UnitSpec, merge, playStep, withOrders } from './harness';
import { inDenseTerrain, relayout } from '../../../src/rules/napoleonic-warfare/formations';
import { orderProblem } from '../../../src/rules/napoleonic-warfare/commands';
import { startCombat } from '../../../src/rules/napoleonic-warfare/charges';
import { resolveCombat } from '../../../src/rules/napoleonic-warfare/combat';

function command(s: NwGameState, cmd: Record<string, unknown>): string | NwGameState {
  const { d } = draftWith(s, []);
  const r = napoleonicWarfare.commands[cmd['type'] as string]!.handle(s, cmd as never, d.ctx);
  return isRejection(r) ? r.code : merge(s, r as Change<NwState>);
}

const ofType = (events: GameEvent[], type: string) => events.filter((e) => e.type === type) as unknown as Record<string, unknown>[];

const rect = (id: string, kind: string, x0: number, y0: number, x1: number, y1: number, props: Record<string, unknown> = {}) => ({
  id, kind, name: id, ...(kind === 'hill' ? { heightLevel: 1 } : {}), polygon: [[x0 * IN, y0 * IN], [x1 * IN, y0 * IN], [x1 * IN, y1 * IN], [x0 * IN, y1 * IN]], props,
});

// A French line at the top facing down (front edge y 20"), an Austrian line facing up 4" below.
const FR_LINE: UnitSpec = { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 };

const AU_LINE: UnitSpec = { id: 'au1', side: 'au', x: 36, y: 24, facingDeg: -90 };

describe('When foot with a Form Square order are charged by foot (NW Orders/Form Square)', () => {
  const setUp = (terrain: unknown[] = []) => withOrders(battle([FR_LINE, AU_LINE], { terrain }), [
    { unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1' },
    { unitId: 'au1', side: 'au', order: 'form-square', revealed: false },
  ]);
  it('"the foot automatically will form a normal square before taking their morale test for being charged", whoever charges', () => {
    // Test A 10, then the G range die, the defenders' volley, the French volley and the charge 3"+1d6.
    const r = playStep(setUp(), 'resolve-charges', [10, 9, 3, 5, 6, 2, 10, 2]);
    const formed = r.events.findIndex((e) => e.type === 'SquareFormed');
    const testA = r.events.findIndex((e) => e.type === 'DiceRolled' && (e as unknown as DiceRolled).purpose.startsWith('Morale test (A) for au1'));
    expect(formed).toBeGreaterThanOrEqual(0);
    expect(testA).toBeGreaterThan(formed);
    expect(r.rolls[0]!.modifiers.map((m) => [m.label, m.value])).toContainEqual(['in square', 1]);
    expect(findUnit(r.s.battle, 'au1')!.formation).toBe('square');
  });
  it('§27 "Squares are not allowed in dense terrain": in a wood no square forms (SquareNotFormed)', () => {
    // In the wood no square forms: test A 10, the charge 3"+1d6 and the wood's delay d6.
    const r = playStep(setUp([rect('w', 'wood', 30, 22, 42, 30)]), 'resolve-charges', [10, 3, 5]);
    expect(ofType(r.events, 'SquareNotFormed')).toEqual([expect.objectContaining({ unit: 'au1', rule: 'NW §27 Special Formations' })]);
    expect(findUnit(r.s.battle, 'au1')!.formation).toBe('line');
  });
});

describe('When foot with a Form Square order are not charged (NW Orders/Form Square; Sequence §13 (1))', () => {
  it('the square still forms, when its side turns its markers over in the Tactical Movement Phase', () => {
    const s0 = withOrders(battle([{ ...FR_LINE, y: 10 }, AU_LINE]), [{ unitId: 'au1', side: 'au', order: 'form-square', revealed: false }], 'tactical');
    const s = { ...s0, ruleset: { ...s0.ruleset, initiative: 'au' } } as NwGameState;
    const r = playStep(s, 'initiative-side', []);
    expect(findUnit(r.s.battle, 'au1')!.formation).toBe('square');
    expect(ofType(r.events, 'SquareFormed')).toEqual([expect.objectContaining({ unit: 'au1', rule: 'NW Orders/Form Square; §27 Square' })]);
    expect(r.s.ruleset.orders['au1']!.revealed).toBe(true);
  });
  it('a Deploy order cannot change into rally square or Austrian mass outside a cavalry charge (§27 Rally/Hasty Square, §18 F)', () => {
    const s = withOrders(battle([FR_LINE, AU_LINE]), [{ unitId: 'au1', side: 'au', order: 'deploy' }], 'tactical');
    for (const formation of ['rally-square', 'austrian-mass', 'square']) {
      const r = command(s, { type: 'deployUnit', side: 'au', unitId: 'au1', action: 'change-formation', formation });
      expect(typeof r === 'string' ? r : 'accepted').toBe(formation === 'square' ? 'use-form-square' : 'use-hasty-square');
    }
  });
});

const patch = (id: string, kind: string, y0: number, y1: number, props: Record<string, unknown> = {}) => ({
  id, kind, name: id, polygon: [[20 * IN, y0 * IN], [52 * IN, y0 * IN], [52 * IN, y1 * IN], [20 * IN, y1 * IN]], props,
});

describe('Special formations are prohibited in all dense terrain (NW §27)', () => {
  const at = (terrain: unknown[]) => draftWith(battle([
    { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
    { id: 'au1', side: 'au', x: 10, y: 46, facingDeg: -90 },
  ], { terrain }), []).d;
  it('a dense swamp forbids the Form Square order, like a wood', () => {
    const swamp = at([patch('swamp', 'marsh', 15, 25, { class: 'dense' })]);
    expect(inDenseTerrain(swamp.battle, findUnit(swamp.battle, 'fr1')!)).toBe(true);
    expect(orderProblem(swamp, findUnit(swamp.battle, 'fr1')!, 'form-square')).toMatch(/dense terrain/);
  });
  it('light marsh and open ground do not', () => {
    for (const terrain of [[patch('marsh', 'marsh', 15, 25)], []]) {
      const d = at(terrain);
      expect(inDenseTerrain(d.battle, findUnit(d.battle, 'fr1')!)).toBe(false);
      expect(orderProblem(d, findUnit(d.battle, 'fr1')!, 'form-square')).toBeUndefined();
    }
  });
});

describe('A hasty square may not be attempted in dense terrain (NW §27: special formations prohibited in Dense Terrain)', () => {
  const refusal = (terrain: unknown[]) => {
    const s0 = battle([
      { id: 'fr1', side: 'fr', arm: 'cavalry', troopType: 'dragoons', x: 36, y: 20, facingDeg: 90, ranks: 2 },
      { id: 'au1', side: 'au', x: 36, y: 24, facingDeg: -90 },
    ], { terrain });
    const orders = {
      fr1: { unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1', generalId: 'g-fr', revealed: true },
      au1: { unitId: 'au1', side: 'au', order: 'defend', generalId: 'g-au', revealed: true },
    };
    const s = { ...s0, ruleset: { ...s0.ruleset, orders } } as typeof s0;
    const { d } = draftWith(s, []);
    const r = napoleonicWarfare.commands['respondToCharge']!.handle(s, { type: 'respondToCharge', side: 'au', unitId: 'au1', response: 'hasty-square' } as never, d.ctx);
    return isRejection(r) ? r.code : 'accepted';
  };
  it('in a dense swamp the response is refused; on open ground it is accepted', () => {
    expect(refusal([patch('swamp', 'marsh', 23, 30, { class: 'dense' })])).toBe('dense');
    expect(refusal([])).toBe('accepted');
  });
});

describe('When a column of three ranks fights a square (NW §27 Square: "counts as a one stand deep line for depth")', () => {
  it('the column gets +2 for its two more complete ranks', () => {
    const w = draftWith(battle([
      // 6 stands two wide: three complete ranks.
      { id: 'fr1', side: 'fr', formation: 'column', ranks: 2, stands: 6, x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 24, facingDeg: -90 },
    ]), [3, 3, 5, 5]);
    w.d.battle = updateUnit(w.d.battle, 'au1', (u) => relayout({ ...u, formation: 'square' }, 'square'));
    startCombat(w.d, 'fr1', 'au1', { charged: false, pursuing: false });
    resolveCombat(w.d, w.d.rs.combats[0]!, new Map());
    expect(rankCount(findUnit(w.d.battle, 'fr1')!)).toBe(3);
    expect(rankCount(findUnit(w.d.battle, 'au1')!)).toBe(4); // the square's own layout, which must not count
    // The French score's factors, logged with the result (fr1 is side a of the combat).
    const frScore = { modifiers: w.events.find((e) => e.type === 'CloseCombatResolved')!['aModifiers'] as { label: string; value: number }[] };
    expect(frScore.modifiers).toContainEqual(expect.objectContaining({ label: 'deeper formation (2 more complete ranks)', value: 2 }));
  });
});

describe('Austrian Mass counts as a (rally) square (NW §27; Combat Score −2d6; Artillery "Firing at a Square")', () => {
  it('horse fighting a mass take −2d6 rolled by the mass and no mounted charge die', () => {
    const w = draftWith(battle([
      { id: 'fr1', side: 'fr', arm: 'cavalry', troopType: 'dragoon', x: 36, y: 20, facingDeg: 90, stands: 3 },
      { id: 'au1', side: 'au', x: 36, y: 24, facingDeg: -90, stands: 6 },
    ]), [4, 4, 3, 3, 5, 5]);
    w.d.battle = updateUnit(w.d.battle, 'au1', (u) => relayout({ ...u, formation: 'austrian-mass' }, 'austrian-mass'));
    startCombat(w.d, 'fr1', 'au1', { charged: true, pursuing: false });
    resolveCombat(w.d, w.d.rs.combats[0]!, new Map());
    // The French score's factors, logged with the result (fr1 is side a of the combat).
    const frScore = { modifiers: w.events.find((e) => e.type === 'CloseCombatResolved')!['aModifiers'] as { label: string; value: number }[] };
    expect(frScore.modifiers.map((m) => m.label)).toContain('mounted against a square (−2d6, rolled by the square)');
    expect(frScore.modifiers.map((m) => m.label)).not.toContain('mounted charging or countercharging (+1d6)');
    expect(w.rolls.some((r) => /mounted charging/.test(r.purpose))).toBe(false);
  });
  it('guns firing at a mass use the square modifier and 2d10 a stand', () => {
    const { d, rolls } = draftWith(battle([
      { id: 'fr-guns', side: 'fr', arm: 'artillery', troopType: 'foot-artillery', x: 36, y: 10, facingDeg: 90, stands: 2 },
      { id: 'au1', side: 'au', x: 36, y: 24, facingDeg: -90, stands: 6 },
    ]), [9, 3]);
    d.battle = updateUnit(d.battle, 'au1', (u) => relayout({ ...u, formation: 'austrian-mass' }, 'austrian-mass'));
    const g = findUnit(d.battle, 'fr-guns')!;
    const au = findUnit(d.battle, 'au1')!;
    expect(fireModifiers(d, g, au, g.stands[0]!).map((m) => m.label)).toContain('firing at a square');
    resolveVolley(d, { firer: g, target: au, stands: [g.stands[0]!], distMm: 12 * IN });
    expect(rolls[0]!.faces).toHaveLength(2);
  });
});

/**
 * Napoleonic Warfare: Fire tables — recovering units firing with penalties, volleys of more dice than one roll, and enfilade judged at the start of the turn (§3).
 */
import { describe, expect, it } from 'vitest';
import { findUnit, updateUnit } from '../../../src/engine/battle';
import { startCombat } from '../../../src/rules/napoleonic-warfare/charges';
import { firePhase, resolveVolley, MAX_DICE_PER_ROLL } from '../../../src/rules/napoleonic-warfare/fire';
import { faceStruck } from '../../../src/rules/napoleonic-warfare/geom';
import { noteEnfilades } from '../../../src/rules/napoleonic-warfare/enfilade';
import type { Draft } from '../../../src/rules/napoleonic-warfare/types';
import { battle, draftWith, IN } from './harness';

const order = (d: Draft, unitId: string, o: 'recover' | 'charge' | 'deploy', extra: Record<string, unknown> = {}) => {
  const side = findUnit(d.battle, unitId)!.side;
  d.rs.orders[unitId] = { unitId, side, order: o, generalId: `g-${side}`, revealed: true, ...extra };
};

describe('When a Recovering, Disordered unit fires (NW Orders/Recover: "may fire … but with penalties")', () => {
  it('it fires with its disorder penalties (half dice, +1 To Hit) and loses the Recover marker', () => {
    const { d, events, rolls } = draftWith(battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 23, facingDeg: -90 },
    ]), [5, 5, 5, 5, 5, 5]);
    d.rs.units['fr1']!.morale = 'disordered';
    order(d, 'fr1', 'recover');
    firePhase(d);
    const frFire = rolls.find((r) => r.purpose.startsWith('fr1 fire'))!;
    expect(frFire.faces).toHaveLength(2); // 4 stands, 1 die each, halved
    expect(frFire.modifiers.some((m) => /disorder/i.test(m.label) && m.value === 1)).toBe(true);
    expect(events.some((e) => e.type === 'OrderCancelled' && e['unit'] === 'fr1')).toBe(true);
    expect(d.rs.orders['fr1']!.cancelled).toBe(true);
  });
});

describe('A volley of more dice than one roll takes (Fire tables; every roll explained)', () => {
  it('61 stands\' dice are all rolled, in two logged rolls, not capped at 60', () => {
    const { d, rolls } = draftWith(battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 23, facingDeg: -90 },
    ]), Array.from({ length: 61 }, (_, i) => (i % 10) + 1));
    const f = findUnit(d.battle, 'fr1')!;
    const stands = Array.from({ length: MAX_DICE_PER_ROLL + 1 }, () => f.stands[0]!);
    resolveVolley(d, { firer: f, target: findUnit(d.battle, 'au1')!, stands, distMm: 2 * IN });
    expect(rolls.map((r) => r.faces.length)).toEqual([60, 1]);
    expect(rolls[1]!.purpose).toMatch(/dice 61-61 of 61/);
  });
});

describe('Enfilade is judged "before any charges, movement or shooting" (NW §3 Enfilade; Fire tables "Enfilade Fire = Double dice")', () => {
  // The Austrian line faces up the table (its front at y ≈ 24"); the French line faces east at its left.
  // `faces`: one d10 for the single stand's die, two when it enfilades (double dice).
  const setup = (frY: number, faces: number[]) => {
    const w = draftWith(battle([
      { id: 'fr1', side: 'fr', x: 30, y: frY, facingDeg: 0 },
      { id: 'au1', side: 'au', x: 36, y: 24, facingDeg: -90 },
    ]), faces);
    noteEnfilades(w.d); // as at the start of the turn
    return w;
  };
  const shoot = (d: Draft) => {
    const f = findUnit(d.battle, 'fr1')!;
    return resolveVolley(d, { firer: f, target: findUnit(d.battle, 'au1')!, stands: [f.stands[0]!], distMm: 3 * IN });
  };
  it('a unit already behind the enemy front when the turn began fires double dice at its flank', () => {
    const { d, rolls } = setup(26, [9, 3]);
    expect(faceStruck(findUnit(d.battle, 'fr1')!, findUnit(d.battle, 'au1')!)).not.toBe('front');
    shoot(d);
    expect(rolls[0]!.faces).toHaveLength(2);
  });
  it('a unit that moved round to the flank this turn fires single dice and contacts the front', () => {
    const { d, rolls, events } = setup(18, [9]);
    d.battle = updateUnit(d.battle, 'fr1', (u) => ({ ...u, stands: u.stands.map((s) => ({ ...s, centre: { ...s.centre, y: (s.centre.y + 8 * IN) as typeof s.centre.y } })) }));
    expect(faceStruck(findUnit(d.battle, 'fr1')!, findUnit(d.battle, 'au1')!)).not.toBe('front');
    shoot(d);
    expect(rolls[0]!.faces).toHaveLength(1);
    startCombat(d, 'fr1', 'au1', { charged: true, pursuing: false });
    expect(events.find((e) => e.type === 'CloseCombatJoined')!['face']).toBe('front');
  });
  it('the unit that was behind the front contacts the flank', () => {
    const { d, events } = setup(26, []);
    startCombat(d, 'fr1', 'au1', { charged: true, pursuing: false });
    expect(events.find((e) => e.type === 'CloseCombatJoined')!['face']).not.toBe('front');
  });
});

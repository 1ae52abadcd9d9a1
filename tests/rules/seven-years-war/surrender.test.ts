/**
 * Seven Years War: 7 p.15 — surrendered troops removed after the enemy's combat phase while in contact.
 */
import { describe, expect, it } from 'vitest';
import { Work } from '../../../src/rules/seven-years-war/work';
import { closeCombat } from '../../../src/rules/seven-years-war/melee';
import { battle, setOrder, scriptedCtx, type U } from './build';

const blueInf: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15, ranks: 1 };

const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };

describe('Surrendered troops (7 p.15): removed after the enemy\'s combat phase while in contact, unless the enemy does "anything but Stand and shoot"', () => {
  // Red surrendered and routing, its front edge touching blue's.
  const captive = (blueOrder: 'stand' | 'advance') => {
    const s0 = setOrder(setOrder(battle([blueInf, { ...red, y: 300 }]), 'blue-1', blueOrder), 'red-1', 'rout');
    return { ...s0, ruleset: { ...s0.ruleset, units: { ...s0.ruleset.units, 'red-1': { ...s0.ruleset.units['red-1']!, surrendered: true } } } };
  };
  it('captors on Stand: the surrendered unit is removed as though killed at close combat', () => {
    const s = captive('stand');
    const { ctx } = scriptedCtx(s, []);
    const w = new Work(s, ctx);
    closeCombat(s, w);
    expect(w.battle.units.some((u) => u.id === 'red-1')).toBe(false);
  });
  it('captors on Advance: the surrendered unit rallies at Reserve instead', () => {
    const s = captive('advance');
    const { ctx, events } = scriptedCtx(s, []);
    const w = new Work(s, ctx);
    closeCombat(s, w);
    expect(w.unit('red-1')).toBeDefined();
    expect(w.rs.units['red-1']!.surrendered).toBe(false);
    expect(w.rs.groups['red-1']!.order).toBe('reserve');
    expect(events.some((e) => e.type === 'SurrenderedRallied')).toBe(true);
  });
});

/** Rules found unenforced in the section-by-section audit and enforced since (each cites its section). */
import { describe, expect, it } from 'vitest';
import { validateSetup } from '../../../src/rules/seven-years-war/setup';
import { Work } from '../../../src/rules/seven-years-war/work';
import { closeCombat } from '../../../src/rules/seven-years-war/melee';
import { battle, withDice, apply, rejection, advanceTo, setOrder, rolls, scriptedCtx, type U } from './build';

const inf: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15, ranks: 1 };
const cav: U = { ...inf, type: 'medium-cavalry', n: 3, depth: 30 };
const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };
const abatis = { id: 'ab', kind: 'obstacle', name: 'Abatis', polygon: [[700, 330], [1100, 330], [1100, 345], [700, 345]], props: { abatis: true } };

describe('Abatis (9 Points system p.20): "Impassable to any but Infantry (2D4cms movement)"', () => {
  it('cavalry may not cross an abatis', () => {
    const s = advanceTo(setOrder(battle([cav, red], { terrain: [abatis] }), 'blue-1', 'advance'), 'movement');
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 60 }] })).toBe('abatis');
  });
  it('infantry crossing it have 2D4cm of movement: 1+1 = 2cm does not reach 5cm; 4+4 = 8cm does', () => {
    const s = advanceTo(setOrder(battle([inf, red], { terrain: [abatis] }), 'blue-1', 'advance'), 'movement');
    const move = { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 50 }] };
    expect(rejection(withDice(s, [1, 1]), move)).toBe('too-far');
    const r = apply(withDice(s, [4, 4]), move);
    expect(rolls(r.events).find((x) => x.purpose.includes('abatis'))!.faces).toEqual([4, 4]);
  });
  it('a move that does not touch the abatis rolls nothing for it', () => {
    const s = advanceTo(setOrder(battle([inf, red], { terrain: [abatis] }), 'blue-1', 'advance'), 'movement');
    const r = apply(s, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 20 }] });
    expect(rolls(r.events).some((x) => x.purpose.includes('abatis'))).toBe(false);
  });
});

describe('Reserve (3) Order interpretation p.8: "may not voluntarily move closer to enemy within 20cms, unless ... there are intervening friends"', () => {
  const near: U = { ...red, y: 470 };
  it('with no friend between, closing on enemy inside 20cm is refused', () => {
    const s = advanceTo(setOrder(battle([inf, near]), 'blue-1', 'reserve'), 'movement');
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 20 }] })).toBe('reserve-approach');
  });
  it('with a friendly unit across the line to the enemy it is allowed', () => {
    const friend: U = { ...inf, id: 'blue-2', y: 400 };
    const s = advanceTo(setOrder(battle([inf, friend, near]), 'blue-1', 'reserve'), 'movement');
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 20 }] })).toBe('accepted');
  });
});

describe('Uncommanded units (1) p.4-5: change orders only "within 20cms of known enemy"', () => {
  const close: U = { ...red, y: 450 };
  it('an enemy still hidden from them is not known: no attempt', () => {
    const s0 = battle([inf, close], { fields: { uncommanded: ['blue-1'] } });
    const s = { ...s0, ruleset: { ...s0.ruleset, hidden: { 'red-1': 'red' } } };
    expect(rejection(s, { type: 'selfOrder', side: 'blue', group: 'blue-1', order: 'advance' })).toBe('no-enemy-near');
  });
  it('a seen enemy within 20cm lets them try on a D6 4+', () => {
    const s = battle([inf, close], { fields: { uncommanded: ['blue-1'] } });
    const r = apply(withDice(s, [4]), { type: 'selfOrder', side: 'blue', group: 'blue-1', order: 'advance' });
    expect(r.state.ruleset.groups['blue-1']!.order).toBe('advance');
  });
});

describe('(1) Introduction p.4 and Groups p.5: bases, unit sizes and group composition are checked at set-up', () => {
  it('a stand of the wrong depth for its troop type is refused with its path', () => {
    expect(() => battle([{ ...inf, depth: 20 }, red])).toThrow(/units\[0\]\.stands\[0\]\.depthMm.*15mm deep/);
  });
  it('battalions have 3-4 bases (6 if very large), batteries 1, lights 2-6; cavalry any number of squadrons', () => {
    expect(() => battle([{ ...inf, n: 2 }, red])).toThrow(/3-4 bases \(6 if very large\), not 2/);
    expect(() => battle([{ ...inf, n: 5 }, red])).toThrow(/not 5/);
    expect(() => battle([{ ...inf, n: 6 }, red])).not.toThrow();
    expect(() => battle([{ ...inf, type: 'medium-artillery', n: 2, depth: 40 }, red])).toThrow(/1 base, not 2/);
    expect(() => battle([{ ...inf, type: 'light-infantry', n: 2, depth: 20 }, red])).not.toThrow();
    expect(() => battle([{ ...cav, n: 1 }, red])).not.toThrow();
  });
  it('a group mixing infantry and cavalry is refused', () => {
    const horse: U = { ...cav, id: 'blue-2', x: 1100 };
    expect(() => battle([inf, horse, red], { groups: [{ id: 'mixed', units: ['blue-1', 'blue-2'] }] })).toThrow(/all infantry, all cavalry or all artillery/);
  });
  it('a general\'s base is 15-40mm deep', () => {
    const s = battle([inf, red]);
    const withDepth = (d: number) => validateSetup({ ...s.battle, generals: s.battle.generals.map((g) => ({ ...g, stand: { ...g.stand, depthMm: d } })) } as never);
    expect(withDepth(40)).toEqual([]);
    expect(withDepth(50).map((p) => p.path)).toEqual(['$.generals[0].base.depthMm', '$.generals[1].base.depthMm']);
  });
});

describe('Surrendered troops (7 p.15): removed after the enemy\'s combat phase while in contact, unless the enemy does "anything but Stand and shoot"', () => {
  // Red surrendered and routing, its front edge touching blue's.
  const captive = (blueOrder: 'stand' | 'advance') => {
    const s0 = setOrder(setOrder(battle([inf, { ...red, y: 300 }]), 'blue-1', blueOrder), 'red-1', 'rout');
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

describe('Groups going off table (8 p.18): "Troops within 10cms of a returning unit\'s arrival point are moved back freely to a position 10cms away"', () => {
  it('a unit standing 3cm from where a group comes back is slid straight away to 10cm, undisordered, and the group returns on its 5', () => {
    const near: U = { ...red, x: 100, y: 600, facingDeg: 180 };
    // A second blue unit stays on the table (a side with nothing on it has lost, house victory).
    const s0 = battle([inf, { ...inf, id: 'blue-2', x: 1500 }, near]);
    const s1 = { ...s0, ruleset: { ...s0.ruleset, groups: { ...s0.ruleset.groups, 'blue-1': { ...s0.ruleset.groups['blue-1']!, offTable: { x: 0, y: 600, pursued: false, routers: false, tested: false } } } } };
    const r = apply(withDice(s1, [5]), { type: 'endStep', side: 'blue' });
    expect(r.state.ruleset.groups['blue-1']!.offTable).toBeNull();
    const xs = (id: string) => r.state.battle.units.find((u) => u.id === id)!.stands.map((st) => st.centre.x);
    // Blue arrives facing inwards 6cm in (front edge at 6.75cm); red is pushed to 10cm beyond it.
    expect(Math.min(...xs('red-1')) - 7.5 - (Math.max(...xs('blue-1')) + 7.5)).toBeCloseTo(100, 0);
    expect(r.events.some((e) => e.type === 'MovedForReturn')).toBe(true);
    expect(r.state.ruleset.units['red-1']!.disordered).toBe(false);
  });
});

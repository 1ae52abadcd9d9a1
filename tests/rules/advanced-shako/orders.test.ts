/**
 * Orders and the movement phase's order: established divisional orders carried by ADCs (7.8: 24" a
 * turn), sealed to the other side; AS 7.3.1 compulsory movement and its suspension; AS 8.0 initiative
 * (modifiers, roll-offs) and coordinated movement; AS 12.2 a New Order division holds an Attack order.
 */
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../../src/engine/view';
import { battle, advanceTo, apply, ofType, rolls, rejection, unit, withDivision, AS, IN, type St, type U } from './build';
import { DEFAULT_TABLES } from '../../../src/rules/advanced-shako/tables';
import type { ShState } from '../../../src/rules/advanced-shako/state';

const toOrders = (s: St) => advanceTo(s, 'orders').state;

describe('Orders carried by ADCs (established; AS 7.8 ADC movement)', () => {
  const s0 = () => battle([
    { id: 'b1', side: 'blue', type: 'line-infantry', x: 300, y: 300 },
    { id: 'r1', side: 'red', type: 'line-infantry', x: 1500, y: 1000 },
  ], { setupDice: [5, 2], commanders: { 'blue-div': { x: 1700, y: 60 } } });
  it('the written orders are hidden from the other side: its view shows a sealed ADC, the event is its writer\'s alone', () => {
    const s = toOrders(s0());
    const r = apply(s, { type: 'sendOrders', side: 'blue', division: 'blue-div', orders: 'attack' });
    expect(ofType(r.events, 'AdcSent')[0]).toMatchObject({ visibleTo: ['blue'] });
    const done = apply(apply(r.state, { type: 'endStep', side: 'blue' }).state, { type: 'endStep', side: 'red' }, [4, 4]).state;
    const red = viewFor(AS, done, 'red').ruleset as ShState;
    const blue = viewFor(AS, done, 'blue').ruleset as ShState;
    expect(red.adcs.map((a) => a.orders)).toEqual(['sealed']);
    expect(blue.adcs.map((a) => a.orders)).toEqual(['attack']);
  });
  it('an ADC rides 24" a turn from the commander-in-chief and the orders take effect when it reaches the division commander', () => {
    let s = toOrders(s0());
    s = apply(s, { type: 'sendOrders', side: 'blue', division: 'blue-div', orders: 'attack' }).state;
    s = apply(apply(s, { type: 'endStep', side: 'blue' }).state, { type: 'endStep', side: 'red' }, [4, 4]).state;
    const a0 = s.ruleset.adcs[0]!;
    s = advanceTo(s, 'orders').state;
    const a1 = s.ruleset.adcs[0]!;
    expect(Math.hypot(a1.x - a0.x, a1.y - a0.y)).toBeCloseTo(24 * IN, 3);
    expect(s.ruleset.divisions['blue-div']!.orders).toBe('defend');
  });
  it('12.2: a division under a New Order receives an Attack order but does not enact it until it rallies', () => {
    let s = battle([
      { id: 'b1', side: 'blue', type: 'line-infantry', x: 300, y: 300 },
      { id: 'r1', side: 'red', type: 'line-infantry', x: 1500, y: 1000 },
    ], { setupDice: [5, 2] });
    s = toOrders(s);
    s = apply(s, { type: 'sendOrders', side: 'blue', division: 'blue-div', orders: 'attack' }).state;
    s = apply(apply(s, { type: 'endStep', side: 'blue' }).state, { type: 'endStep', side: 'red' }, [4, 4]).state;
    s = withDivision(s, 'blue-div', { newOrder: true, tested: 1, lastTable: 'at33' });
    // Turn 2's Command phase: the division tries to rally (a 2: not a Carry On), then the ADC arrives.
    const st = advanceTo(s, 'division2').state;
    const r = apply(st, { type: 'endStep', side: st.position.actors[0]! }, [2]);
    expect(ofType(r.events, 'OrdersReceived')[0]).toMatchObject({ orders: 'attack', enacted: false, visibleTo: ['blue'] });
    expect(r.state.ruleset.divisions['blue-div']).toMatchObject({ orders: 'defend', heldAttack: true });
    // The held order stays on paper: the other side does not see it.
    expect((viewFor(AS, r.state, 'red').ruleset as ShState).divisions['blue-div']!.heldAttack).toBe(false);
    expect((viewFor(AS, r.state, 'blue').ruleset as ShState).divisions['blue-div']!.heldAttack).toBe(true);
  });
});

describe('AS 7.3.1 Attacking Division compulsory movement', () => {
  it('a unit of an attacking division that has not gone forward is marched straight on when the division has moved', () => {
    const s = battle([
      { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 200 },
      { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 1000 },
    ], { setupDice: [2, 5], orders: { 'red-div': 'attack' } });
    const y0 = unit(s, 'r1')!.stands[0]!.centre.y;
    const s1 = advanceTo(s, 'division2').state;
    expect(s1.ruleset.moveOrder).toEqual([['red-div'], ['blue-div']]);
    const r = apply(advanceTo(s, 'division1').state, { type: 'endStep', side: 'red' });
    expect(ofType(r.events, 'ObligatoryAdvance')[0]).toMatchObject({ unit: 'r1' });
    expect(ofType(r.events, 'ObligatoryAdvance')[0]!['distanceIn']).toBeCloseTo(6, 6);
    expect(y0 - unit(r.state, 'r1')!.stands[0]!.centre.y).toBeCloseTo(6 * IN, 3);
  });
  it('suspended when a Formed infantry unit of the division is within 9" of visible enemy Formed infantry', () => {
    const s = battle([
      { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 500 },
      { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 700 },
    ], { setupDice: [2, 5], orders: { 'red-div': 'attack' } });
    const r = apply(s, { type: 'endStep', side: 'red' });
    expect(r.state.ruleset.divisions['red-div']!.suspended).toBe(true);
    expect(ofType(r.events, 'ObligatoryAdvance')).toHaveLength(0);
  });
  it('a side-step does not satisfy the forward movement requirement (8.2): not allowed until the attack is suspended', () => {
    const s = battle([
      { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 200 },
      { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 1000 },
    ], { setupDice: [2, 5], orders: { 'red-div': 'attack' } });
    expect(rejection(s, { type: 'moveUnit', side: 'red', unit: 'r1', legs: [{ kind: 'sidestep', mm: 50 }] })).toBe('must-advance');
    const near = battle([
      { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 500 },
      { id: 'r1', side: 'red', type: 'line-infantry', x: 1150, y: 650 },
    ], { setupDice: [2, 5], orders: { 'red-div': 'attack' } });
    const m = apply(near, { type: 'moveUnit', side: 'red', unit: 'r1', legs: [{ kind: 'sidestep', mm: -50 }] });
    expect(rejection(m.state, { type: 'moveUnit', side: 'red', unit: 'r1', legs: [{ kind: 'forward', mm: 50 }] })).toBe('side-stepped');
  });
});

describe('AS 8.0 Initiative and Divisional Movement', () => {
  it('a D6 per division, +1 Attack orders, +1 a cavalry division; highest moves first', () => {
    const s = battle([
      { id: 'b1', side: 'blue', type: 'line-infantry', x: 300, y: 300 },
      { id: 'bc', side: 'blue', type: 'light-cavalry', x: 900, y: 300, n: 3, division: 'blue-cav' },
      { id: 'r1', side: 'red', type: 'line-infantry', x: 1500, y: 1000 },
    ], { setupDice: [4, 3, 4], orders: { 'red-div': 'attack' } });
    // Dice in division order: blue-div 4; blue-cav 3 + 1 (cavalry); red-div 4 + 1 (Attack). Same-side ties keep that order.
    expect(s.ruleset.moveOrder).toEqual([['red-div'], ['blue-div'], ['blue-cav']]);
    expect(s.ruleset.divisions['blue-cav']!.initiative).toBe(4);
    expect(s.ruleset.divisions['red-div']!.initiative).toBe(5);
  });
  it('opposing divisions tied with units within 18" roll off (ties re-rolled)', () => {
    const s = battle([
      { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 500 },
      { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 800 },
    ], { setupDice: [3, 3, 2, 2, 1, 5] });
    expect(s.ruleset.moveOrder).toEqual([['red-div'], ['blue-div']]);
  });
  it('coordinated movement: two attacking divisions with commanders within 18" roll one die at -1 and move together', () => {
    const s0 = battle([
      { id: 'b1', side: 'blue', type: 'line-infantry', x: 300, y: 300 },
      { id: 'r1', side: 'red', type: 'line-infantry', x: 1200, y: 1000 },
      { id: 'r2', side: 'red', type: 'line-infantry', x: 1500, y: 1000, division: 'red-2' },
    ], { orders: { 'red-div': 'attack', 'red-2': 'attack' }, commanders: { 'red-div': { x: 1200, y: 1100 }, 'red-2': { x: 1400, y: 1100 } } });
    expect(s0.position.step).toBe('coordinate');
    expect(s0.position.actors).toEqual(['red']);
    const c = apply(s0, { type: 'coordinate', side: 'red', divisions: ['red-div', 'red-2'] });
    const r = apply(c.state, { type: 'endStep', side: 'red' }, [6, 2]);
    const roll = rolls(r.events)[0]!;
    expect(roll.modifiers.map((m) => [m.label, m.value])).toEqual([['Attack orders', 1], ['coordinated movement', -1]]);
    expect(r.state.ruleset.moveOrder).toEqual([['red-div', 'red-2'], ['blue-div']]);
    expect(rejection(r.state, { type: 'moveUnit', side: 'red', unit: 'r2', legs: [{ kind: 'forward', mm: 20 }] })).toBe('accepted');
  });
});

describe('AS 12.2: the divisional commander carries the division\'s state on the table', () => {
  it('a Staggered marker on the commander of a division under a New Order, and its orders', async () => {
    const { shTable } = await import('../../../src/rules/advanced-shako/table/table');
    const s = withDivision(battle([{ id: 'b1', side: 'blue', type: 'line-infantry', x: 300, y: 300 }, { id: 'r1', side: 'red', type: 'line-infantry', x: 1500, y: 1000 }], { setupDice: [5, 2] }), 'blue-div', { newOrder: true });
    const g = { ...viewFor(AS, s, 'red'), rulesetId: 'advanced-shako' } as never;
    expect(shTable.markers!(g, 'blue-div-cdr').map((m) => m.text)).toEqual(['St', 'Def']);
  });
});

describe('Defend orders: the base book\'s restrictions as house values (tables.defendOrders), AS 7.3.1 activation', () => {
  const far = (extra: U[] = []) => battle([
    { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 300 },
    { id: 'bc', side: 'blue', type: 'light-cavalry', x: 1300, y: 300, n: 3 },
    { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 900 },
    ...extra,
  ], { setupDice: [5, 2], defendRestrictions: true });
  it('a Defending division with no enemy within 12" in sight does not advance; it may side-step and change formation', () => {
    const s = far();
    expect(s.position.step).toBe('division1');
    expect(s.ruleset.divisions['blue-div']!.activated).toBeUndefined();
    expect(rejection(s, { type: 'moveUnit', side: 'blue', unit: 'b1', legs: [{ kind: 'forward', mm: 50 }] })).toBe('defend');
    expect(rejection(s, { type: 'moveUnit', side: 'blue', unit: 'b1', legs: [{ kind: 'sidestep', mm: 50 }] })).toBe('accepted');
    expect(rejection(s, { type: 'changeFormation', side: 'blue', unit: 'b1', formation: 'column' })).toBe('accepted');
  });
  it('enemy skirmishers within 12" alert it into activation ("skirmishers can now only alert a Defending division"): it may then advance', () => {
    const s = far([{ id: 'rs', side: 'red', type: 'light-infantry', x: 900, y: 560, formation: 'skirmish' }]);
    expect(s.ruleset.divisions['blue-div']!.activated).toBe(true);
    expect(rejection(s, { type: 'moveUnit', side: 'blue', unit: 'b1', legs: [{ kind: 'forward', mm: 50 }] })).toBe('accepted');
  });
  it('the activation distance is the house table\'s: a house-rules file may change it', () => {
    const s = battle([
      { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 300 },
      { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 900 },
    ], { setupDice: [5, 2], defendRestrictions: true, tables: { ...DEFAULT_TABLES, defendOrders: { ...DEFAULT_TABLES.defendOrders, source: 'published', activationIn: 30 } } });
    expect(s.ruleset.divisions['blue-div']!.activated).toBe(true);
    expect(rejection(s, { type: 'charge', side: 'blue', unit: 'b1', target: 'r1' })).toBe('out-of-reach');
  });
  it('unalerted, a charge in reach is refused', () => {
    const s = far([{ id: 'r2', side: 'red', type: 'line-infantry', x: 1300, y: 700 }]);
    // r2 is 16" from bc: out of 12", so bc's 18" charge is refused by the orders, not the reach.
    expect(rejection(s, { type: 'charge', side: 'blue', unit: 'bc', target: 'r2' })).toBe('defend');
  });
});

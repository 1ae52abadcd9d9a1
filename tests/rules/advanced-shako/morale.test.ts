/**
 * The Command phase: AS 12.1 Rallying from Fallback (this turn and next only; town sectors),
 * AS 11.4 reforming from Blown, AS 12.2 Divisional Morale (the 50% table, the Fallback modifier,
 * New Order), AS 12.4 divisional rallying.
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, apply, ofType, rolls, unit, ust, withUnitState, withDivision, type St, type U } from './build';

/** From the start to the Command phase: the last endStep before it takes `faces`. */
function toCommand(s: St, faces: number[]) {
  const st = advanceTo(s, 'division2').state;
  return apply(st, { type: 'endStep', side: st.position.actors[0]! }, faces);
}
const far = (extra: U[] = [], blue: Partial<U> = {}) => battle([
  { id: 'b1', side: 'blue', type: 'line-infantry', x: 300, y: 300, ...blue },
  { id: 'r1', side: 'red', type: 'line-infantry', x: 1500, y: 1000 },
  ...extra,
], { setupDice: [5, 2] });

describe('AS 12.1 Rallying from Fallback', () => {
  it('a rally roll passes under MR, with -1 when no enemy is within 18"', () => {
    const r = toCommand(withUnitState(far(), 'b1', { fallback: 1 }), [4]);
    const roll = rolls(r.events).find((x) => /rally/.test(x.purpose))!;
    expect(roll.modifiers).toContainEqual(expect.objectContaining({ value: -1, label: 'no enemy within 18"' }));
    expect(ofType(r.events, 'Rallied')[0]).toMatchObject({ unit: 'b1' });
  });
  it('a 6 always fails; failing in the next turn\'s Command phase too, the unit is Broken', () => {
    const r = toCommand(withUnitState(far(), 'b1', { fallback: 0 }), [6]);
    expect(rolls(r.events)[0]!.outcome).toBe('fail (a 6 always fails)');
    expect(ofType(r.events, 'UnitBroken')[0]).toMatchObject({ unit: 'b1' });
  });
  it('a Formed enemy within 6" prohibits it — and a unit so prohibited in its last chance is Broken', () => {
    const s = battle([
      { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 500 },
      { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 610 },
    ], { setupDice: [5, 2] });
    const r = toCommand(withUnitState(s, 'b1', { fallback: 0 }), []);
    expect(ofType(r.events, 'RallyProhibited')[0]).toMatchObject({ unit: 'b1', by: 'r1' });
    expect(ofType(r.events, 'UnitBroken')[0]).toMatchObject({ unit: 'b1' });
  });
  it('12.1 Rallying Units in Town Sectors: enemy proximity does not prohibit a unit occupying a sector', () => {
    const s = battle([
      { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 500 },
      { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 610 },
    ], { setupDice: [5, 2], terrain: [{ id: 'v', kind: 'village', name: 'Sector', polygon: [[800, 440], [1000, 440], [1000, 520], [800, 520]], props: {} }] });
    const r = toCommand(withUnitState(s, 'b1', { fallback: 1 }), [2]);
    expect(ofType(r.events, 'RallyProhibited')).toHaveLength(0);
    expect(ofType(r.events, 'Rallied')[0]).toMatchObject({ unit: 'b1' });
  });
});

describe('AS 11.4 Cavalry reforming from Blown status', () => {
  it('Blown markers come off in the Rally and Reform segment after a whole turn stationary and unengaged', () => {
    const s = far([{ id: 'bc', side: 'blue', type: 'light-cavalry', x: 600, y: 300, n: 3 }]);
    const r = toCommand(withUnitState(s, 'bc', { blown: 0 }), []);
    expect(ofType(r.events, 'Reformed')[0]).toMatchObject({ unit: 'bc' });
    const r2 = toCommand(withUnitState(s, 'bc', { blown: 1 }), []);
    expect(ofType(r2.events, 'Reformed')).toHaveLength(0);
  });
  it('cavalry that rallied from Fallback this turn do not reform until a later turn', () => {
    const s = withUnitState(far([{ id: 'bc', side: 'blue', type: 'light-cavalry', x: 600, y: 300, n: 3 }]), 'bc', { blown: 0, fallback: 1 });
    const r = toCommand(s, [1]);
    expect(ofType(r.events, 'Rallied')[0]).toMatchObject({ unit: 'bc' });
    expect(ofType(r.events, 'Reformed')).toHaveLength(0);
  });
  it('"Cavalry must Reform after they ... have Rallied": cavalry rallying from Fallback are Blown from that turn', () => {
    const s = withUnitState(far([{ id: 'bc', side: 'blue', type: 'light-cavalry', x: 600, y: 300, n: 3 }]), 'bc', { fallback: 1 });
    const r = toCommand(s, [1]);
    expect(ofType(r.events, 'Rallied')[0]).toMatchObject({ unit: 'bc' });
    expect(r.state.ruleset.units['bc']).toMatchObject({ blown: 1, ralliedTurn: 1 });
  });
});

/** Blue's division of two has lost one: 50%. */
const halfGone = (extra: U[] = []) => {
  const s = far([{ id: 'b2', side: 'blue', type: 'line-infantry', x: 600, y: 300 }, ...extra]);
  return { ...s, battle: { ...s.battle, units: s.battle.units.filter((u) => u.id !== 'b2') } };
};

describe('AS 12.2 Divisional Morale', () => {
  it('at 50% losses the amended chart: 6 Carry on, 4-5 New Order, 2-3 Retreat, 1 Break', () => {
    const results = [6, 5, 4, 3, 2, 1].map((f) => String(ofType(toCommand(halfGone(), [f]).events, 'DivisionalMorale')[0]!['result']));
    expect(results).toEqual(['carryOn', 'newOrder', 'newOrder', 'retreat', 'retreat', 'break']);
  });
  it('a Break removes the division\'s units; a Retreat puts it on Defend orders, and it does not roll for initiative', () => {
    const b = toCommand(halfGone(), [1]);
    expect(unit(b.state, 'b1')).toBeUndefined();
    expect(b.state.result?.winner).toBe('red');
    const r = toCommand(halfGone(), [2]);
    expect(r.state.ruleset.divisions['blue-div']).toMatchObject({ retreating: true, orders: 'defend', tested: 2 });
  });
  it('-1 when half or more of its surviving units are in Fallback', () => {
    const s = battle([
      { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 500 },
      { id: 'b2', side: 'blue', type: 'line-infantry', x: 300, y: 300 },
      { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 610 },
    ], { setupDice: [5, 2] });
    const gone = withUnitState({ ...s, battle: { ...s.battle, units: s.battle.units.filter((u) => u.id !== 'b2') } }, 'b1', { fallback: 1 });
    const r = toCommand(gone, [6]);
    const roll = rolls(r.events).find((x) => /divisional morale/.test(x.purpose))!;
    expect(roll.modifiers).toEqual([expect.objectContaining({ value: -1, label: 'half or more of its units in Fallback' })]);
    expect(ofType(r.events, 'DivisionalMorale')[0]!['result']).toBe('newOrder');
  });
  it('New Order: -1 to the units\' MR for their rolls, a Staggered marker on the commander, and an Attack order received but not enacted', () => {
    const r = toCommand(halfGone(), [5]);
    expect(r.state.ruleset.divisions['blue-div']!.newOrder).toBe(true);
    // The next turn's rally roll for a unit of the division: under MR 4 - 1.
    const s = withUnitState(r.state, 'b1', { fallback: 2 });
    const n = apply(advanceTo(apply(s, { type: 'endStep', side: 'blue' }).state, 'division1', [3, 3]).state, { type: 'endStep', side: 'blue' });
    const next = apply(n.state, { type: 'endStep', side: n.state.position.actors[0]! }, [3, 1]);
    const rally = rolls(next.events).find((x) => /rally from Fallback/.test(x.purpose))!;
    expect(rally.purpose).toMatch(/under MR 3/);
    expect(ofType(next.events, 'UnitBroken')).toHaveLength(0);
  });
});

describe('AS 12.4 Divisional Morale: Rallying', () => {
  it('a retreating division rolling New Order is rallied, on Defend orders and under the New Order rules', () => {
    const s = withDivision(halfGone(), 'blue-div', { retreating: true, tested: 2, lastTable: 'at50', orders: 'defend' });
    const r = toCommand(s, [4]);
    expect(ofType(r.events, 'DivisionRallied')[0]).toMatchObject({ newOrder: true });
    expect(r.state.ruleset.divisions['blue-div']).toMatchObject({ retreating: false, newOrder: true, orders: 'defend' });
  });
  it('a retreat or break result while rallying is ignored', () => {
    const s = withDivision(halfGone(), 'blue-div', { retreating: true, tested: 2, lastTable: 'at50', orders: 'defend' });
    const r = toCommand(s, [1]);
    expect(ofType(r.events, 'DivisionNotRallied')).toHaveLength(1);
    expect(unit(r.state, 'b1')).toBeDefined();
    expect(ust(r.state, 'b1').fallback).toBeUndefined();
  });
});

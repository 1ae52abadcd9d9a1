/** BT Start of the Game and Turn Sequence: initiative, the initiative's choice, the sides alternating. */
import { describe, expect, it } from 'vitest';
import { battle, apply, rejection, advanceTo, rolls, ofType, withUnitState, withDice, type U } from './build';

const blue: U = { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 300, n: 6 };
const red: U = { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 900, n: 6 };

describe('BT Turn Sequence 2: initiative', () => {
  it('the higher d6 has the initiative and chooses first or second', () => {
    const s = battle([blue, red], { initiative: [2, 5] });
    expect(s.ruleset.initiative).toBe('red');
    expect(s.position.step).toBe('chooseFirst');
    expect(s.position.actors).toEqual(['red']);
    expect(rejection(s, { type: 'chooseFirst', side: 'blue', first: 'first' })).not.toBe('accepted');
  });
  it('choosing to go second makes the other side move, shoot and assault first', () => {
    let s = apply(battle([blue, red], { initiative: [6, 1] }), { type: 'chooseFirst', side: 'blue', first: 'second' }).state;
    // The choice ends the step.
    expect(s.position.step).toBe('moveFirst');
    expect(s.position.actors).toEqual(['red']);
    s = advanceTo(s, 'moveSecond');
    expect(s.position.actors).toEqual(['blue']);
    s = advanceTo(s, 'shootFirst');
    expect(s.position.actors).toEqual(['red']);
    s = advanceTo(s, 'assaultSecond');
    expect(s.position.actors).toEqual(['blue']);
  });
  it('on a draw the General with the higher skill rating gains +1 and wins', () => {
    const s = battle([blue, red], { initiative: [3, 3], generals: [{ id: 'blue-gen', side: 'blue', x: 20, y: 20 }, { id: 'red-gen', side: 'red', x: 1780, y: 1180, extra: { skill: 2 } }] });
    expect(s.ruleset.initiative).toBe('red');
  });
  it('on a draw between equal Generals the dice are rolled again', () => {
    const s = battle([blue, red], { initiative: [4, 4, 2, 6] });
    expect(s.ruleset.initiative).toBe('red');
  });
  it('each turn rolls the initiative afresh', () => {
    let s = battle([blue, red], { initiative: [6, 1] });
    s = advanceTo(s, 'assaultSecond');
    const { state, events } = apply(withDice(s, [1, 6]), { type: 'endStep', side: 'red' });
    expect(state.position.turn).toBe(2);
    expect(state.ruleset.initiative).toBe('red');
    expect(rolls(events).map((r) => r.purpose)).toEqual(['Blue: initiative', 'Red: initiative']);
  });
});

describe('BT Movement Phase 1: disorientated troops roll first', () => {
  it('a disorientated battalion that passes its motivation test recovers before anyone moves', () => {
    const s = withUnitState(battle([blue, red]), 'b1', { disorientated: true });
    // Motivation: d6 + full strength +1, disorientated -1 against 4+ (house): a 4 passes.
    const { state, events } = apply(withDice(s, [4]), { type: 'endStep', side: 'blue' });
    expect(state.position.step).toBe('moveFirst');
    expect(state.ruleset.units['b1']!.disorientated).toBe(false);
    expect(ofType(events, 'Recovered')).toHaveLength(1);
    expect(rolls(events)[0]!.modifiers.map((m) => m.label)).toEqual(['Disorientated', 'At Full Strength']);
  });
  it('failing, it stays disorientated and cannot move', () => {
    const s = withUnitState(battle([blue, red]), 'b1', { disorientated: true });
    const { state } = apply(withDice(s, [3]), { type: 'endStep', side: 'blue' });
    expect(state.ruleset.units['b1']!.disorientated).toBe(true);
    expect(rejection(state, { type: 'moveUnit', side: 'blue', unit: 'b1', legs: [{ kind: 'forward', mm: 20 }] })).toBe('disorientated');
  });
});

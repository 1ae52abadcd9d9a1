/** BT Motivation: the table's modifiers, the special rules, the brigade check and victory, commanders. */
import { describe, expect, it } from 'vitest';
import { battle, apply, advanceTo, withDice, withUnitState, unit, rolls, ofType, IN, type U, type St } from './build';

const blue: U = { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 300, n: 6 };
const red: U = { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 300 + 10 * IN, n: 6 };
const shot = (s: St) => apply(withDice(s, [6, 1, 1, 1, 1, 1, 1]), { type: 'shoot', side: 'blue', unit: 'b1', target: 'r1' }).state;
/** Blue shoots red once for one hit; red puts it on its first stand. The dice after: the save, then what follows. */
function oneHit(units: U[], after: number[], opts: Parameters<typeof battle>[1] = {}, prep: (s: St) => St = (s) => s) {
  const s = shot(prep(advanceTo(battle(units, opts), 'shootFirst')));
  return apply(withDice(s, after), { type: 'assignHit', side: 'red', stand: 'r1.s1' });
}

describe('BT Motivation table: the modifiers that apply are each listed', () => {
  it('a battalion at full strength before the loss is not at full strength after it; its brigade commander within 16" gives +1', () => {
    const { events } = oneHit([blue, red], [1, 4], { generals: [{ id: 'blue-gen', side: 'blue', x: 20, y: 20 }, { id: 'red-gen', side: 'red', x: 1780, y: 1180 }, { id: 'red-bg', side: 'red', x: 900, y: 800, commands: 'red-bde' }] });
    expect(rolls(events)[1]!.modifiers.map((m) => [m.label, m.value])).toEqual([['Brigade Commander within 16’', 1]]);
  });
  it('below 50%, disorientated, officer dead, larger enemy within 6"', () => {
    const near: U = { ...red, y: 300 + 5 * IN };
    // The save 1; the check 6 - 4 fails and, under 50%, it quits; its brigade (one battalion, gone) checks: 6.
    const { events } = oneHit([blue, near], [1, 6, 6], {}, (s) => withUnitState(withUnitState(s, 'r1', { disorientated: true, officerDead: true, start: 14 }), 'b1', {}));
    expect(rolls(events)[1]!.modifiers.map((m) => m.label)).toEqual(['Below 50%', 'Disorientated', 'Brigade/ Battalion Commander Dead', 'Larger enemy battalions within 6” (cumulative)']);
  });
  it('a larger friend of the same arm within 6" +1, a defensive position +1', () => {
    const village = { id: 'v', kind: 'village', name: 'Village', polygon: [[700, 550], [1100, 550], [1100, 700], [700, 700]], props: {} };
    const friend: U = { id: 'r2', side: 'red', type: 'line-infantry', x: 900, y: 300 + 15 * IN, n: 8 };
    const { events } = oneHit([blue, red, friend], [1, 1, 4], { terrain: [village] });
    const mods = rolls(events).find((r) => /motivation/.test(r.purpose))!.modifiers.map((m) => m.label);
    expect(mods).toEqual(['Larger Friendly unit within 6”(same type i.e. Cavalry )', 'For being in a Defensive Position']);
  });
});

describe('BT Motivation Special Rules', () => {
  it('under 50% of its starting size and failing, a battalion leaves the field', () => {
    const { state, events } = oneHit([blue, red], [1, 1, 6], {}, (s) => withUnitState(s, 'r1', { start: 13 }));
    expect(unit(state, 'r1')).toBeUndefined();
    expect(ofType(events, 'UnitLeftField')[0]!['how']).toBe('quit');
  });
  it('in square it does not flee even under 50%: it is disorientated', () => {
    const { state, events } = oneHit([blue, { ...red, formation: 'square' }], [1, 1], {}, (s) => withUnitState(s, 'r1', { start: 13 }));
    expect(unit(state, 'r1')).toBeDefined();
    expect(state.ruleset.units['r1']!.disorientated).toBe(true);
    expect(ofType(events, 'FellBack')).toHaveLength(0);
  });
  it('BT Fallbacks: forced further than its greatest move (heavy guns: 2") it is driven from the battlefield', () => {
    // Save 1 (artillery 5+) fails; the check 1 fails; D3 reads 5 as 3: 3" > 2"; the brigade then checks (6).
    const { state, events } = oneHit([blue, { ...red, type: 'heavy-artillery', n: 2 }], [1, 1, 5, 6]);
    expect(unit(state, 'r1')).toBeUndefined();
    expect(ofType(events, 'UnitLeftField')[0]!['how']).toBe('driven off');
  });
  it('BT Army Commanders: the General within 8" lets a battalion re-roll a failed motivation check', () => {
    const { events, state } = oneHit([blue, red], [1, 2, 5], { generals: [{ id: 'blue-gen', side: 'blue', x: 20, y: 20 }, { id: 'red-gen', side: 'red', x: 900, y: 300 + 12 * IN }] });
    const checks = rolls(events).filter((r) => /motivation/.test(r.purpose));
    expect(checks.map((r) => r.passed)).toEqual([false, true]);
    expect(checks[1]!.purpose).toMatch(/re-roll: red-gen within 8"/);
    expect(ofType(events, 'FellBack')).toHaveLength(0);
    expect(unit(state, 'r1')!.stands).toHaveLength(5);
  });
});

describe('BT Motivation: the brigade check — "your opponent automatically wins"', () => {
  it('half the brigade gone, a failed brigade check ends the battle', () => {
    const r2: U = { id: 'r2', side: 'red', type: 'line-infantry', x: 300, y: 900, n: 6 };
    // r1 under 50% fails and quits; one of two battalions gone: the brigade checks and fails (1).
    const { state, events } = oneHit([blue, red, r2], [1, 1, 1], {}, (s) => withUnitState(s, 'r1', { start: 13 }));
    expect(ofType(events, 'BrigadeQuit')).toHaveLength(1);
    expect(state.result).toMatchObject({ winner: 'blue', level: 'decisive' });
    expect(unit(state, 'r2')).toBeUndefined();
  });
  it('passing it, the battle goes on', () => {
    const r2: U = { id: 'r2', side: 'red', type: 'line-infantry', x: 300, y: 900, n: 6 };
    const { state } = oneHit([blue, red, r2], [1, 1, 4], {}, (s) => withUnitState(s, 'r1', { start: 13 }));
    expect(state.result).toBeUndefined();
    expect(unit(state, 'r2')).toBeDefined();
  });
});

describe('BT Army Commanders and Officers Falling: commanders hit', () => {
  it('a commander attached to a battalion may take a hit; failing his save (as cavalry, 4+) he is killed', () => {
    let s = advanceTo(battle([blue, red], { generals: [{ id: 'blue-gen', side: 'blue', x: 20, y: 20 }, { id: 'red-gen', side: 'red', x: 1780, y: 1180 }, { id: 'red-bg', side: 'red', x: 900, y: 300 + 11 * IN, commands: 'red-bde' }] }), 'moveFirst');
    s = advanceTo(s, 'moveSecond');
    s = apply(s, { type: 'moveCommander', side: 'red', general: 'red-bg', x: 0, y: 0, attach: 'r1' }).state;
    s = shot(advanceTo(s, 'shootFirst'));
    const { state, events } = apply(withDice(s, [3, 6]), { type: 'assignHit', side: 'red', stand: 'red-bg' });
    expect(rolls(events)[0]!.target!.value).toBe(4);
    expect(ofType(events, 'CommanderKilled')).toHaveLength(1);
    // "If the Brigade Commander has died within 16”": his battalion checks (6, passes).
    expect(rolls(events)[1]!.purpose).toMatch(/brigade commander has died within 16/);
    expect(state.battle.generals.find((g) => g.id === 'red-bg')).toBeUndefined();
    expect(state.ruleset.commanders['red-bg']!.dead).toBeDefined();
  });
  it('the adjutant sent to a battalion replaces its fallen officer', () => {
    let s = withUnitState(advanceTo(battle([blue, red]), 'moveFirst'), 'b1', { officerDead: true });
    s = apply(s, { type: 'sendAdjutant', side: 'blue', unit: 'b1' }).state;
    expect(s.ruleset.units['b1']!.officerDead).toBe(false);
    expect(s.ruleset.commanders['blue-adjutant']!.attachedTo).toBe('b1');
  });
});

describe('HOUSE victory at the turn limit', () => {
  it('the side that lost the smaller share of its stands wins', () => {
    const s0 = battle([blue, red]);
    const s = { ...withUnitState(s0, 'r1', { start: 12 }), battle: { ...s0.battle, turnLimit: 1 } };
    let st = advanceTo(s, 'assaultSecond');
    st = apply(st, { type: 'endStep', side: 'red' }).state;
    expect(st.result).toMatchObject({ winner: 'blue', level: 'marginal' });
  });
});
void IN;

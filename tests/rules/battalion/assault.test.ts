/** BT Assault Phase Summery, step by step, with scripted dice. */
import { describe, expect, it } from 'vitest';
import { battle, apply, rejection, advanceTo, withDice, withUnitState, unit, rolls, ofType, IN, type U, type St } from './build';
import { unitDistance } from '../../../src/geometry/measure';

const blue: U = { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 300, n: 6 };
const red: U = { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 300 + 3 * IN, n: 6 };
const assaultStep = (units: U[]): St => advanceTo(battle(units), 'assaultFirst');
const assault = (unit = 'b1', target = 'r1') => ({ type: 'assault', side: 'blue', unit, target });
const gapIn = (s: St, a: string, b: string) => unitDistance(unit(s, a)!.stands, unit(s, b)!.stands) / IN;

describe('BT Assault Phase Summery: the whole procedure', () => {
  // Defensive fire: red's 7 dice all miss. Combat: blue's 6 stands in contact, 6 attacks at trained 4+: two wound.
  const charged = () => apply(withDice(assaultStep([blue, red]), [1, 1, 1, 1, 1, 1, 1, 4, 4, 1, 1, 1, 1]), assault());
  it('moves into contact, takes defensive fire, rolls its attacks as skill checks; the defender assigns the wounds', () => {
    const { state, events } = charged();
    expect(gapIn(state, 'b1', 'r1')).toBeLessThan(0.07);
    const [fire, attack] = rolls(events);
    expect(fire!.purpose).toMatch(/r1 gives defensive fire at b1/);
    expect(fire!.faces).toHaveLength(7);
    expect(attack!.purpose).toMatch(/6 stands in contact, 6 attacks/);
    expect(attack!.target!.value).toBe(4);
    expect(state.ruleset.pending).toMatchObject({ kind: 'hits', owner: 'red', target: 'r1', hits: 2, save: 'armour' });
    expect(state.position.actors).toEqual(['red']);
  });
  it('infantry have no armour save: the assigned stands come off; the defender checks, passes, and chooses', () => {
    let s = charged().state;
    s = apply(s, { type: 'assignHit', side: 'red', stand: 'r1.s1' }).state;
    const { state, events } = apply(withDice(s, [6]), { type: 'assignHit', side: 'red', stand: 'r1.s6' });
    expect(ofType(events, 'NoSave')).toHaveLength(2);
    expect(unit(state, 'r1')!.stands).toHaveLength(4);
    const check = rolls(events)[0]!;
    expect(check.modifiers.map((m) => m.label)).toContain('Larger enemy battalions within 6” (cumulative)');
    expect(state.ruleset.pending).toMatchObject({ kind: 'reaction', owner: 'red', defender: 'r1' });
  });
  it('counter attack ("Repeat 5 for Defender"), the charger checks, then both battalions retreat', () => {
    let s = charged().state;
    s = apply(s, { type: 'assignHit', side: 'red', stand: 'r1.s1' }).state;
    s = apply(withDice(s, [6]), { type: 'assignHit', side: 'red', stand: 'r1.s6' }).state;
    const counter = apply(withDice(s, [6, 6, 1, 1]), { type: 'react', side: 'red', choice: 'counter' });
    expect(rolls(counter.events)[0]!.purpose).toMatch(/r1 counter attacks b1: 4 stands in contact/);
    expect(counter.state.ruleset.pending).toMatchObject({ kind: 'hits', owner: 'blue', target: 'b1', hits: 2 });
    s = apply(counter.state, { type: 'assignHit', side: 'blue', stand: 'b1.s1' }).state;
    const { state, events } = apply(withDice(s, [6]), { type: 'assignHit', side: 'blue', stand: 'b1.s2' });
    expect(ofType(events, 'BothRetreat')).toHaveLength(1);
    expect(gapIn(state, 'b1', 'r1')).toBeCloseTo(4, 1);
    expect(state.ruleset.assault).toBeUndefined();
  });
  it('retreat in order: the defender falls back its full move and the charger consolidates', () => {
    let s = charged().state;
    s = apply(s, { type: 'assignHit', side: 'red', stand: 'r1.s1' }).state;
    s = apply(withDice(s, [6]), { type: 'assignHit', side: 'red', stand: 'r1.s6' }).state;
    const { state, events } = apply(s, { type: 'react', side: 'red', choice: 'retreat' });
    expect(gapIn(state, 'b1', 'r1')).toBeCloseTo(4, 1);
    expect(ofType(events, 'Consolidated')).toHaveLength(1);
  });
  it('a defender failing its check falls back its full move (BT Motivation Special Rules)', () => {
    let s = charged().state;
    s = apply(s, { type: 'assignHit', side: 'red', stand: 'r1.s1' }).state;
    const { state } = apply(withDice(s, [1]), { type: 'assignHit', side: 'red', stand: 'r1.s6' });
    expect(state.ruleset.pending).toBeUndefined();
    expect(gapIn(state, 'b1', 'r1')).toBeCloseTo(4, 1);
  });
});

describe('BT Assault: who may assault what', () => {
  it('BT Line: "Battalions must be in Line to Assault"', () => {
    expect(rejection(assaultStep([{ ...blue, formation: 'column', ranks: 2 }, red]), assault())).toBe('not-line');
  });
  it('BT Light Cavalry: not permitted to charge squares unless armed with lances', () => {
    const s = assaultStep([{ id: 'lc', side: 'blue', type: 'light-cavalry', x: 900, y: 300, n: 4 }, { ...red, formation: 'square' }]);
    expect(rejection(s, assault('lc'))).toBe('light-cavalry');
  });
  it('out of reach, it is spent and stays where it stood ("fall back to their pre-charge position")', () => {
    const s = assaultStep([blue, { ...red, y: 300 + 5 * IN }]);
    const { state, events } = apply(s, assault());
    expect(ofType(events, 'AssaultFellShort')).toHaveLength(1);
    expect(unit(state, 'b1')!.stands).toEqual(unit(s, 'b1')!.stands);
    expect(rejection(state, assault())).toBe('assaulted');
  });
  it('BT Officers Falling: without its officer it must pass a motivation check to assault', () => {
    const s = withUnitState(assaultStep([blue, red]), 'b1', { officerDead: true });
    const { state, events } = apply(withDice(s, [1]), assault());
    expect(rolls(events)[0]!.purpose).toMatch(/its officer has fallen/);
    expect(ofType(events, 'AssaultRefused')).toHaveLength(1);
    expect(unit(state, 'b1')!.stands).toEqual(unit(s, 'b1')!.stands);
  });
});

describe('BT Square: cavalry against infantry', () => {
  const cav: U = { id: 'hc', side: 'blue', type: 'heavy-cavalry', x: 900, y: 300, n: 4 };
  const foot: U = { ...red, y: 300 + 4 * IN };
  it('the infantry roll a skill test to form square; the cavalry then need a motivation check, and failing remain 2” off', () => {
    const s = assaultStep([cav, foot]);
    // Skill 4 (trained): square. Cavalry motivation 1: fails.
    const { state, events } = apply(withDice(s, [4, 1]), assault('hc'));
    expect(unit(state, 'r1')!.formation).toBe('square');
    expect(rolls(events)[1]!.purpose).toMatch(/cavalry attacking a square/);
    expect(gapIn(state, 'hc', 'r1')).toBeCloseTo(2, 1);
  });
  it('disorientated infantry make no skill test for the square', () => {
    const s = withUnitState(assaultStep([cav, foot]), 'r1', { disorientated: true });
    // No skill test; defensive fire 7 dice (ROF halved: 3); heavy cavalry 4 attacks × 4 stands at 4+.
    const { state, events } = apply(withDice(s, [1, 1, 1, ...Array(16).fill(1)]), assault('hc'));
    expect(ofType(events, 'NoSquare')).toHaveLength(1);
    expect(unit(state, 'r1')!.formation).toBe('line');
    expect(rolls(events)[1]!.purpose).toMatch(/4 stands in contact, 16 attacks/);
  });
  it('BT Lances: lancers charging a square allow no save; charging other cavalry +1 to hit', () => {
    const s = assaultStep([{ id: 'lc', side: 'blue', type: 'light-cavalry', x: 900, y: 300, n: 4, extra: { lances: true } }, { id: 'rc', side: 'red', type: 'medium-cavalry', x: 900, y: 300 + 4 * IN, n: 4 }]);
    // Cavalry v cavalry: no check; red cavalry's defensive fire 4 dice at 6+ (no modifiers); 8 attacks at 4+ +1 lances.
    const { events } = apply(withDice(s, [1, 1, 1, 1, ...Array(8).fill(1)]), assault('lc', 'rc'));
    expect(rolls(events)[1]!.modifiers.map((m) => m.label)).toEqual(['Lancers charging cavalry']);
  });
});

describe('BT Lances: charged lancers have their armour reduced by 1', () => {
  it('light cavalry save 5+; charged lancers need 6+', () => {
    const s = assaultStep([{ id: 'hc', side: 'blue', type: 'heavy-cavalry', x: 900, y: 300, n: 4 }, { id: 'rl', side: 'red', type: 'light-cavalry', x: 900, y: 300 + 4 * IN, n: 4, extra: { lances: true } }]);
    // The lancers' defensive fire: 4 dice at 6+; the cuirassiers' 16 attacks at 4+: one wound.
    const st = apply(withDice(s, [1, 1, 1, 1, 4, ...Array(15).fill(1)]), assault('hc', 'rl')).state;
    expect(st.ruleset.pending).toMatchObject({ kind: 'hits', owner: 'red', hits: 1, lances: 'armourReduced' });
    const { events } = apply(withDice(st, [6]), { type: 'assignHit', side: 'red', stand: 'rl.s1' });
    const save = rolls(events)[0]!;
    expect(save.target!.value).toBe(6);
    expect(save.target!.label).toMatch(/lancers charged: armour reduced by 1/);
  });
});

describe('BT Battalion Light Artillery: ½ ROF defensive fire within 4” of an assaulted battalion', () => {
  it('adds its dice, once, if it has not moved or fired grape last turn', () => {
    // Blue's 8-stand line overlaps red's flank, in front of the guns beside it.
    const guns: U = { id: 'rg', side: 'red', type: 'light-artillery', x: 1080, y: 300 + 3 * IN, n: 2 };
    const s = assaultStep([{ ...blue, n: 8 }, red, guns]);
    // Red's 7 dice, then the guns: grape ROF 6 halved = 3; then blue's 8 attacks.
    const { state, events } = apply(withDice(s, [...Array(7).fill(1), 1, 1, 1, ...Array(8).fill(1)]), assault());
    const r = rolls(events);
    expect(r[1]!.purpose).toMatch(/rg adds defensive fire \(½ ROF\).*ROF 3/);
    expect(state.ruleset.units['rg']!.defensiveFireUsed).toBe(true);
  });
});

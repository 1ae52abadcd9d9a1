/**
 * DoG CHARGE PHASE and MELÉE procedures not pinned elsewhere: light cavalry faced with a standing
 * foe, a charge that fails to make contact, what
 * consecutive rounds of melee do (unformed, disordered, tired), and retreating troops rallying.
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, withDice, apply, rolls, ofType, withUnitState } from './build';

describe('DoG Charge Reaction Test: "Charging Light cavalry finding themselves faced with a standing foe must test morale"', () => {
  it('Prussian hussars charging a French line that stands test (+20% charging cavalry) before they close', () => {
    let s = advanceTo(battle([
      { id: 'hus', side: 'blue', arm: 'cavalry', type: 'hussar', x: 1200, y: 600, n: 4 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 750 },
      { id: 'far', side: 'red', type: 'fusilier', x: 2000, y: 1400 },
    ]), 'declare');
    s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'hus', target: 'fr' }).state;
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    s = apply(s, { type: 'reactToCharge', side: 'red', unit: 'fr', reaction: 'stand' }).state;
    s = apply(s, { type: 'endStep', side: 'red' }).state;
    // Reaction 1 (stands), the volley 1 (20 men: not a tenth of 240), the hussars' test 9 against 70% + 20%: shaken — they halt.
    const r = apply(withDice(s, [1, 1, 9]), { type: 'endStep', side: 'blue' });
    const test = rolls(r.events).find((x) => x.purpose === 'hus: morale test, light cavalry faced with a standing foe')!;
    expect(test.modifiers.map((m) => [m.label, Math.round(m.value * 10)])).toContainEqual(['charging cavalry', 20]);
    expect(ofType(r.events, 'ChargeHalted')).toEqual([expect.objectContaining({ unit: 'hus' })]);
    expect(r.state.ruleset.melees).toEqual([]);
  });
});

describe('DoG CHARGE PHASE, Notes: "All units which fail to make contact become unformed"', () => {
  it('Prussian musketeers whose target evades out of reach end unformed and take a control test', () => {
    let s = advanceTo(battle([
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 600 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 700 },
    ]), 'declare');
    s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'pr', target: 'fr' }).state;
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    s = apply(s, { type: 'reactToCharge', side: 'red', unit: 'fr', reaction: 'stand' }).state;
    s = apply(s, { type: 'endStep', side: 'red' }).state;
    // Reaction 8 (fails by 20%: evades 75 m); the musketeers' control test 5.
    const r = apply(withDice(s, [8, 5]), { type: 'endStep', side: 'blue' });
    expect(ofType(r.events, 'ChargeFellShort')).toEqual([expect.objectContaining({ unit: 'pr', target: 'fr' })]);
    expect(r.state.ruleset.units['pr']!.order).toBe('unformed');
    expect(rolls(r.events).map((x) => x.purpose)).toContain('pr: control test, a charge which failed to make contact');
  });
});

describe('DoG MELÉE: "All troops are unformed after one round of melee. Disordered after 2 or more rounds." "tired after 2 consecutive rounds"', () => {
  it('a second consecutive round leaves both sides disordered and tired (-2 in the next round)', () => {
    let s = battle([
      { id: 'a', side: 'blue', type: 'musketeer', x: 1200, y: 700 },
      { id: 'b', side: 'red', type: 'fusilier', x: 1200, y: 700, facingDeg: -90 },
      { id: 'res-b', side: 'blue', type: 'musketeer', x: 300, y: 150, n: 8 },
      { id: 'res-r', side: 'red', type: 'fusilier', x: 2100, y: 1450, n: 8, facingDeg: -90 },
    ]);
    s = { ...s, ruleset: { ...s.ruleset, melees: [{ a: 'a', b: 'b', rounds: 1 }] } };
    s = withUnitState(withUnitState(s, 'a', { meleeRounds: 1, order: 'unformed' }), 'b', { meleeRounds: 1, order: 'unformed' });
    s = advanceTo(s, 'fireSecond');
    // Round 2: both throw 1; the loser tests 1 and holds, the winner 1 and holds: the melee goes on; turn 3's initiative 9, 2.
    const r = apply(withDice(s, [1, 1, 1, 1, 9, 2]), { type: 'endStep', side: 'red' });
    expect(r.state.ruleset.melees).toEqual([{ a: 'a', b: 'b', rounds: 2 }]);
    expect(r.state.ruleset.units['a']).toMatchObject({ order: 'disordered', fatigue: 1, meleeRounds: 2 });
    expect(r.state.ruleset.units['b']).toMatchObject({ order: 'disordered', fatigue: 1, meleeRounds: 2 });
  });
});

describe('DoG Retreating Troops: "Retreating troops automatically rally. They are treated unformed."', () => {
  it('a unit that evaded is steady and unformed after the next command phase', () => {
    let s = advanceTo(battle([
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 300 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 1300 },
    ]), 'fireSecond');
    // It evaded this turn (it moved: no full turn of inaction to reform in).
    s = withUnitState(s, 'fr', { morale: 'retreating', order: 'unformed', moved: true });
    s = apply(withDice(s, [9, 2]), { type: 'endStep', side: 'red' }).state;
    s = advanceTo(s, 'moveFirst');
    expect(s.ruleset.units['fr']).toMatchObject({ morale: 'steady', order: 'unformed' });
  });
});

describe('DoG Charge Reaction Test: "If a unit in square fails, it is shaken. It does not retire nor retreat – but there is a negative modifier for subsequent melee combat"', () => {
  it('a French square failing its test against dragoons stays where it is, shaken, and fights the melee at −1', () => {
    let s = advanceTo(battle([
      { id: 'drag', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1200, y: 600, n: 2 },
      { id: 'sq', side: 'red', type: 'fusilier', formation: 'square', x: 1200, y: 750 },
      { id: 'far', side: 'red', type: 'fusilier', x: 2000, y: 1400 },
    ]), 'declare');
    const at = s.battle.units.find((u) => u.id === 'sq')!.stands.map((x) => x.centre);
    s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'drag', target: 'sq' }).state;
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    s = apply(s, { type: 'reactToCharge', side: 'red', unit: 'sq', reaction: 'stand' }).state;
    s = apply(s, { type: 'endStep', side: 'red' }).state;
    // Reaction 7 against 60%: fails; no volley.
    const r = apply(withDice(s, [7]), { type: 'endStep', side: 'blue' });
    expect(ofType(r.events, 'UnitShaken')).toEqual([expect.objectContaining({ unit: 'sq' })]);
    expect(r.state.battle.units.find((u) => u.id === 'sq')!.stands.map((x) => x.centre)).toEqual(at);
    expect(r.state.ruleset.melees).toEqual([{ a: 'drag', b: 'sq', rounds: 0 }]);
    s = apply(r.state, { type: 'endStep', side: 'blue' }).state;
    // Melee: dragoons 1, square 1; tests 1, 1; turn 2's initiative 9, 2.
    const m = apply(withDice(s, [1, 1, 1, 1, 9, 2]), { type: 'endStep', side: 'red' });
    const sq = rolls(m.events).find((x) => x.purpose === 'sq in melee with drag (round 1)')!;
    expect(sq.modifiers.map((x) => [x.label, x.value])).toContainEqual(['unformed', -1]);
  });
});

describe('DoG EFFECTS OF FATIGUE/EXHAUSTION: "Tired troops may recover after resting (no activity) for 1 turn"', () => {
  it('a tired battalion that rests a full turn is fresh after the next command phase; one that moved is not', () => {
    const start = () => advanceTo(battle([
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 300 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 1300 },
    ]), 'fireSecond');
    const rest = withUnitState(start(), 'fr', { fatigue: 1 });
    const a = advanceTo(apply(withDice(rest, [9, 2]), { type: 'endStep', side: 'red' }).state, 'moveFirst');
    expect(a.ruleset.units['fr']!.fatigue).toBe(0);
    const busy = withUnitState(start(), 'fr', { fatigue: 1, moved: true });
    const b = advanceTo(apply(withDice(busy, [9, 2]), { type: 'endStep', side: 'red' }).state, 'moveFirst');
    expect(b.ruleset.units['fr']!.fatigue).toBe(1);
  });
});

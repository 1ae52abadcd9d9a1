/**
 * DoG MELÉE and EFFECTS OF FATIGUE/EXHAUSTION: "exhausted after 4 rounds" of melee (4 and 8 rounds
 * in hard cover), and "Exhausted troops may recover after resting (no activity) for 2 turns.
 * Utterly exhausted troops may recover after resting (no activity) for 3 turns."
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, withDice, apply, withUnitState, rolls, ofType, type St } from './build';

const box = (x0: number, y0: number, x1: number, y1: number) => [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];

/** Prussian and French battalions locked in a melee that has already gone `rounds` rounds, brought to the melee step. */
function meleeAfter(rounds: number, terrain: unknown[] = [], fatigue: 0 | 1 | 2 = rounds >= 2 ? 1 : 0): St {
  let s = battle([
    { id: 'a', side: 'blue', type: 'musketeer', x: 1200, y: 700 },
    { id: 'b', side: 'red', type: 'fusilier', x: 1200, y: 700, facingDeg: -90 },
    { id: 'res-b', side: 'blue', type: 'musketeer', x: 300, y: 150, n: 8 },
    { id: 'res-r', side: 'red', type: 'fusilier', x: 2100, y: 1450, n: 8, facingDeg: -90 },
  ], { terrain });
  s = { ...s, ruleset: { ...s.ruleset, melees: [{ a: 'a', b: 'b', rounds }] } };
  s = withUnitState(withUnitState(s, 'a', { meleeRounds: rounds, order: 'disordered', fatigue, idleTurns: 0 }), 'b', { meleeRounds: rounds, order: 'disordered', fatigue, idleTurns: 0 });
  return advanceTo(s, 'fireSecond');
}
/** The next round: both throw 1, the tests 1; then turn 3's initiative 9, 2. */
const nextRound = (s: St) => apply(withDice(s, [1, 1, 1, 1, 9, 2]), { type: 'endStep', side: 'red' }).state;

describe('DoG MELÉE: "tired after 2 consecutive rounds, exhausted after 4"', () => {
  it('the fourth consecutive round leaves both battalions in the open exhausted', () => {
    const s = nextRound(meleeAfter(3));
    expect(s.ruleset.units['a']).toMatchObject({ meleeRounds: 4, fatigue: 2 });
    expect(s.ruleset.units['b']).toMatchObject({ meleeRounds: 4, fatigue: 2 });
  });
});

describe('DoG MELÉE: troops in hard cover are "tired after 4 rounds, exhausted after 8"', () => {
  const village = { id: 'v', kind: 'village', name: 'Plancenoit', polygon: box(1000, 600, 1400, 800) };
  it('inside a village the fourth round leaves them tired, not exhausted; after the first three they were fresh', () => {
    const s = nextRound(meleeAfter(3, [village], 0));
    expect(s.ruleset.units['a']).toMatchObject({ meleeRounds: 4, fatigue: 1 });
    expect(s.ruleset.units['b']).toMatchObject({ meleeRounds: 4, fatigue: 1 });
  });
  it('inside a village the eighth round leaves them exhausted', () => {
    const s = nextRound(meleeAfter(7, [village], 1));
    expect(s.ruleset.units['a']).toMatchObject({ meleeRounds: 8, fatigue: 2 });
  });
});

describe('DoG EFFECTS OF FATIGUE/EXHAUSTION: recovery after 2 turns (exhausted) and 3 turns (utterly exhausted) of rest', () => {
  const start = () => advanceTo(battle([
    { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 300 },
    { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 1300 },
  ]), 'fireSecond');
  const restOneTurn = (s: St) => advanceTo(apply(withDice(s, [9, 2]), { type: 'endStep', side: 'red' }).state, 'moveFirst');
  it('an exhausted battalion is still exhausted after one turn of rest, and fresh after a second', () => {
    const one = restOneTurn(withUnitState(start(), 'fr', { fatigue: 2, idleTurns: 0 }));
    expect(one.ruleset.units['fr']!.fatigue).toBe(2);
    const two = restOneTurn(advanceTo(one, 'fireSecond'));
    expect(two.ruleset.units['fr']!.fatigue).toBe(0);
  });
  it('an utterly exhausted battalion is still utterly exhausted after two turns of rest, and fresh after a third', () => {
    const two = restOneTurn(advanceTo(restOneTurn(withUnitState(start(), 'fr', { fatigue: 3, idleTurns: 0 })), 'fireSecond'));
    expect(two.ruleset.units['fr']!.fatigue).toBe(3);
    const three = restOneTurn(advanceTo(two, 'fireSecond'));
    expect(three.ruleset.units['fr']!.fatigue).toBe(0);
  });
});

describe('DoG MELÉE: "Troops with backs to enemy … take casualties without fighting back"', () => {
  it('a retreating French battalion still in the melee rolls nothing and causes no casualties; the Prussians roll and strike', () => {
    const s = withUnitState(meleeAfter(1, [], 0), 'b', { morale: 'retreating' });
    // The Prussians' melee die 5 (the French roll none); the tests after the round 1, 1; turn 3's initiative 9, 2.
    const r = apply(withDice(s, [5, 1, 1, 9, 2]), { type: 'endStep', side: 'red' });
    const meleeRolls = rolls(r.events).filter((x) => x.purpose.includes('in melee with'));
    expect(meleeRolls.map((x) => x.purpose)).toEqual(['a in melee with b (round 2)']);
    expect(ofType(r.events, 'NoFightBack')).toEqual([expect.objectContaining({ unit: 'b' })]);
    expect(ofType(r.events, 'FiguresLost').map((e) => e['unit'])).toEqual(['b']);
  });
});

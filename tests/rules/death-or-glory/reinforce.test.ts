/**
 * DoG Charge Restrictions / MELÉE: "units may reinforce troops locked in melee by moving into contact
 * with meleeing troops - but will not be eligible for impact factors" — a move through reachTarget and
 * the movement core in the movement phase; the reinforced melee fought as one (scripted dice).
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, withDice, apply, rolls, ofType, rejection, type St, type U } from './build';

const reserves: U[] = [
  { id: 'res-b', side: 'blue', type: 'musketeer', x: 300, y: 150, n: 8 },
  { id: 'res-r', side: 'red', type: 'fusilier', x: 2100, y: 1450, n: 8, facingDeg: -90 },
];

/** Prussians (a) locked in melee with French (b) since last turn; more Prussians (c) 64 m off the French right flank. */
function locked(cx = 1330): St {
  let s = battle([
    { id: 'a', side: 'blue', type: 'musketeer', x: 1200, y: 700 },
    { id: 'b', side: 'red', type: 'fusilier', x: 1200, y: 700, facingDeg: -90 },
    { id: 'c', side: 'blue', type: 'musketeer', x: cx, y: 710, facingDeg: 180 },
    { id: 'd', side: 'red', type: 'fusilier', x: 1200, y: 1200, facingDeg: -90 },
    ...reserves,
  ]);
  s = { ...s, ruleset: { ...s.ruleset, melees: [{ a: 'a', b: 'b', rounds: 1 }] } };
  return advanceTo(s, 'moveFirst');
}

describe('DoG Charge Restrictions: reinforcing a melee in progress', () => {
  it('a unit 64 m off may move into contact with the enemy locked in melee: on its flank, no charge, no impact', () => {
    const r = apply(locked(), { type: 'reinforceMelee', side: 'blue', unit: 'c', target: 'b' });
    expect(ofType(r.events, 'MeleeReinforced')[0]).toMatchObject({ unit: 'c', target: 'b', face: 'right' });
    expect(r.state.ruleset.melees).toEqual([{ a: 'a', b: 'b', rounds: 1 }, { a: 'c', b: 'b', rounds: 1, struck: { b: 'right' } }]);
    expect(r.state.ruleset.units['c']!.charged).toBeUndefined();
  });
  it('not an enemy out of the melee, nor one beyond what is left of its move (100 m in line)', () => {
    expect(rejection(locked(), { type: 'reinforceMelee', side: 'blue', unit: 'c', target: 'd' })).toBe('cannot-reinforce');
    expect(rejection(locked(1450), { type: 'reinforceMelee', side: 'blue', unit: 'c', target: 'b' })).toBe('cannot-reinforce');
  });
  it('"All units may not charge into an existing melee": the charge is still refused', () => {
    const s = advanceTo(locked(), 'declare');
    expect(rejection(s, { type: 'declareCharge', side: 'blue', unit: 'c', target: 'b' })).toBe('cannot-charge');
  });
  it('the reinforced melee is fought as one: each Prussian battalion throws against the French, who throw once; "outnumber" counts both sides whole (48 to 24: +2)', () => {
    let s = apply(locked(), { type: 'reinforceMelee', side: 'blue', unit: 'c', target: 'b' }).state;
    s = advanceTo(s, 'fireSecond');
    // a 7, b 1, c 7; the French test 9 (break); the Prussians' control tests 2, 2 (stand: the French,
    // fleeing 100 m at their line rate, are not pursued); turn 3's initiative 9, 2.
    const r = apply(withDice(s, [7, 1, 7, 9, 2, 2, 9, 2]), { type: 'endStep', side: 'red' });
    const melee = rolls(r.events).filter((x) => x.purpose.includes('in melee'));
    expect(melee.map((x) => x.purpose)).toEqual(['a in melee with b (round 2)', 'b in melee with a (round 2)', 'c in melee with b (round 2)']);
    expect(melee[0]!.modifiers.map((m) => m.label)).toContain('outnumber enemy by 2:1');
    expect(melee[2]!.modifiers.map((m) => m.label)).toContain('outnumber enemy by 2:1');
    expect(melee[2]!.modifiers.map((m) => m.label).some((l) => l.startsWith('impact'))).toBe(false);
    expect(ofType(r.events, 'MeleeWon')[0]).toMatchObject({ winners: ['a', 'c'], losers: ['b'], round: 2 });
    expect(r.state.ruleset.units['b']!.morale).toBe('routing');
    expect(rolls(r.events).filter((x) => x.purpose.includes('control test')).map((x) => x.purpose.split(':')[0])).toEqual(['a', 'c']);
    expect(r.state.ruleset.melees).toEqual([]);
  });
});

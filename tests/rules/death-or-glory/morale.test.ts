/** DoG MORALE How? (one d10 in tens: below holds, equal shaken, above breaks), Charge Reaction Test, rally, CONTROL — scripted dice through the engine. */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, withDice, apply, rolls, ofType, withUnitState } from './build';

const pair = () => battle([
  { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 700 },
  { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 750 },
]);

describe('DoG MORALE How?: French fusiliers (60%) after 10% casualties in one move (-5%, -5%): 50%', () => {
  const s0 = advanceTo(pair(), 'fireFirst');
  it('a 5 equals the factor: shaken — a defending unit retires 50 m', () => {
    const r = apply(withDice(s0, [7, 5]), { type: 'fire', side: 'blue', unit: 'pr', target: 'fr' });
    expect(rolls(r.events)[1]!.outcome).toContain('shaken');
    expect(ofType(r.events, 'Retired')[0]).toMatchObject({ unit: 'fr', distanceM: 50 });
    expect(r.state.ruleset.units['fr']!.morale).toBe('shaken');
  });
  it('a 6 exceeds it: the unit breaks and routs', () => {
    const r = apply(withDice(s0, [7, 6]), { type: 'fire', side: 'blue', unit: 'pr', target: 'fr' });
    expect(rolls(r.events)[1]!.outcome).toContain('breaks');
    expect(r.state.ruleset.units['fr']!.morale).toBe('routing');
  });
  it('a veteran adds +10% (and disorder takes 20%)', () => {
    const s = withUnitState({ ...s0, battle: { ...s0.battle, units: s0.battle.units.map((u) => (u.id === 'fr' ? { ...u, quality: 'veteran' } : u)) } }, 'fr', { order: 'disordered' });
    const r = apply(withDice(s, [7, 3]), { type: 'fire', side: 'blue', unit: 'pr', target: 'fr' });
    const m = rolls(r.events)[1]!;
    expect(m.modifiers.map((x) => [x.label, x.value * 10])).toEqual([
      ['for every 10% casualties (10%)', -5],
      ['for each 10% casualties lost this move (10%)', -5],
      ['disordered', -20],
      ['veteran', 10],
    ]);
    expect(m.target?.modifiedValue).toBeCloseTo(4);
  });
});

describe('DoG MORALE When?: friends routing within 150 m test in the compulsory moves', () => {
  it('a neighbour of a unit that broke takes a test; one 400 m off does not; the router flees a full move', () => {
    let s = battle([
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 700 },
      // In column: a router flees a full move at the rate of its own formation (150 m in column; RULINGS.md).
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 750, formation: 'column' },
      { id: 'fr2', side: 'red', type: 'fusilier', x: 1350, y: 750 },
      { id: 'fr3', side: 'red', type: 'fusilier', x: 1800, y: 750 },
    ]);
    s = advanceTo(s, 'fireFirst');
    s = apply(withDice(s, [7, 6]), { type: 'fire', side: 'blue', unit: 'pr', target: 'fr' }).state;
    expect(s.ruleset.units['fr']!.morale).toBe('routing');
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    expect(s.position.step).toBe('fireSecond');
    const midY = (st: typeof s) => { const ss = st.battle.units.find((u) => u.id === 'fr')!.stands; return ss.reduce((a, x) => a + x.centre.y, 0) / ss.length; };
    const y0 = midY(s);
    const r = apply(s, { type: 'endStep', side: 'red' });
    const tests = rolls(r.events).filter((x) => x.purpose.includes('friends routing'));
    expect(tests.map((x) => x.purpose.split(':')[0])).toEqual(['fr2']);
    const routed = ofType(r.events, 'Routed')[0]!;
    expect(routed).toMatchObject({ unit: 'fr', distanceM: 150 });
    expect(midY(r.state) - y0).toBeCloseTo(150, 0);
  });
});

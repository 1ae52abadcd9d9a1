/**
 * How far a unit flees (DoG Charge Procedure "may evade"; DoG Skirmishers "If charged by cavalry,
 * skirmishers must about face and attempt to evade"; DoG MORALE How? "breaks and routs"): the text
 * gives no rate of flight, so a unit flees a full move at the rate of its own formation (RULINGS.md).
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, withDice, apply, ofType } from './build';

describe('DoG Skirmishers: voltigeurs in skirmish order evade a charge', () => {
  const evade = (charger: { arm?: 'cavalry'; type: string; n?: number }, dice: number[]) => {
    let s = advanceTo(battle([
      { id: 'ch', side: 'blue', ...charger, x: 1200, y: charger.arm === 'cavalry' ? 560 : 600 },
      { id: 'sk', side: 'red', type: 'voltigeur', formation: 'skirmish', x: 1200, y: 700 },
    ]), 'declare');
    s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'ch', target: 'sk' }).state;
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    s = apply(s, { type: 'endStep', side: 'red' }).state;
    return apply(withDice(s, dice), { type: 'endStep', side: 'blue' });
  };
  it('charged by infantry they "automatically evade": a full skirmishers\' move, 150 m', () => {
    // Their volley (1), then the evasion; the musketeers fall short (control 4).
    const r = evade({ type: 'musketeer' }, [1, 4]);
    expect(ofType(r.events, 'Evaded')).toEqual([expect.objectContaining({ unit: 'sk', distanceM: 150 })]);
  });
  it('charged by cavalry they "must about face and attempt to evade": the about face takes a quarter of the move, so 113 m', () => {
    // Their volley (1) costs the dragoons a tenth: a morale test (1, holds).
    const r = evade({ arm: 'cavalry', type: 'dragoon', n: 2 }, [1, 1]);
    expect(ofType(r.events, 'Evaded')).toEqual([expect.objectContaining({ unit: 'sk', distanceM: 113, rule: expect.stringContaining('about face') })]);
  });
});

describe('DoG MORALE How?: a unit that breaks routs a full move at its own formation\'s rate', () => {
  it('French fusiliers in line rout 100 m (the line rate), not the column\'s 150 m', () => {
    let s = battle([
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 700 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 750 },
    ]);
    s = advanceTo(s, 'fireFirst');
    s = apply(withDice(s, [7, 6]), { type: 'fire', side: 'blue', unit: 'pr', target: 'fr' }).state;
    expect(s.ruleset.units['fr']!.morale).toBe('routing');
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    const r = apply(s, { type: 'endStep', side: 'red' });
    expect(ofType(r.events, 'Routed')).toEqual([expect.objectContaining({ unit: 'fr', distanceM: 100 })]);
  });
  it('tired fusiliers in line rout three quarters of that (DoG EFFECTS OF FATIGUE/EXHAUSTION "movement penalties"), 75 m', () => {
    let s = battle([
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 700 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 750 },
    ]);
    s = advanceTo(s, 'fireFirst');
    s = { ...s, ruleset: { ...s.ruleset, units: { ...s.ruleset.units, fr: { ...s.ruleset.units['fr']!, fatigue: 1 } } } };
    s = apply(withDice(s, [7, 6]), { type: 'fire', side: 'blue', unit: 'pr', target: 'fr' }).state;
    expect(s.ruleset.units['fr']!.morale).toBe('routing');
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    const r = apply(s, { type: 'endStep', side: 'red' });
    expect(ofType(r.events, 'Routed')).toEqual([expect.objectContaining({ unit: 'fr', distanceM: 75 })]);
  });
});

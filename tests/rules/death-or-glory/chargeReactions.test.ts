/**
 * DoG Charge Procedure and Charge Reaction Test: who reacts to a charge, who may countercharge,
 * what a countercharge does to the unit it meets, and what a line that fails to form square does.
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, apply, rolls, rejection } from './build';

describe('DoG Charge Procedure: the initiative countercharges a charge declared by the other side', () => {
  // Blue has the initiative and declares nothing; red's fusiliers charge blue's musketeers 100 m off;
  // blue countercharges "against charging troops only". The charger is neither standing nor
  // manoeuvring ("Troops opting to stand or manoeuver in the face of a charge … test"), so it takes
  // no reaction test: the two meet head on, both charging.
  const start = () => advanceTo(battle([
    { id: 'bi', side: 'blue', type: 'musketeer', x: 1200, y: 600 },
    { id: 'ri', side: 'red', type: 'fusilier', x: 1200, y: 700 },
  ]), 'declare');

  it('the red charger takes no charge reaction test; the two meet front to front, each charging', () => {
    let s = start();
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    expect(s.position.step).toBe('respond');
    s = apply(s, { type: 'declareCharge', side: 'red', unit: 'ri', target: 'bi' }).state;
    s = apply(s, { type: 'endStep', side: 'red' }).state;
    expect(s.position.step).toBe('counter');
    s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'bi', target: 'ri' }).state;
    // No die is rolled in the resolution: no reaction test, no volley (the fire phase comes later).
    const r = apply(s, { type: 'endStep', side: 'blue' });
    expect(rolls(r.events).filter((x) => x.purpose.includes('charge reaction test'))).toEqual([]);
    expect(r.state.ruleset.melees).toHaveLength(1);
    expect(r.state.ruleset.melees[0]!.struck).toBeUndefined();
    expect(r.state.ruleset.units['ri']!.charged).toBeDefined();
    expect(r.state.ruleset.units['bi']!.charged).toBeDefined();
    expect(r.state.ruleset.units['ri']!.morale).toBe('steady');
  });
});

describe('DoG Charge Procedure: which troops may countercharge', () => {
  // "Infantry being charged by infantry may counter-charge"; "Cavalry being charged may
  // counter-charge"; "Skirmishers must evade a charge by formed troops"; artillery is given none.
  it('a battery charged by infantry may not countercharge', () => {
    let s = advanceTo(battle([
      { id: 'bi', side: 'blue', type: 'musketeer', x: 1200, y: 600 },
      { id: 'bat', side: 'red', arm: 'artillery', type: 'line-foot', x: 1200, y: 700 },
    ]), 'declare');
    s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'bi', target: 'bat' }).state;
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    expect(rejection(s, { type: 'declareCharge', side: 'red', unit: 'bat', target: 'bi' })).toBe('no-counter');
  });

  it('skirmishers charged by formed infantry may not countercharge (they must evade)', () => {
    let s = advanceTo(battle([
      { id: 'bi', side: 'blue', type: 'musketeer', x: 1200, y: 600 },
      { id: 'sk', side: 'red', type: 'voltigeur', formation: 'skirmish', x: 1200, y: 700 },
    ]), 'declare');
    s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'bi', target: 'sk' }).state;
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    expect(rejection(s, { type: 'declareCharge', side: 'red', unit: 'sk', target: 'bi' })).toBe('no-counter');
  });

  it('infantry charged by cavalry may not countercharge; cavalry charged by infantry may', () => {
    let s = advanceTo(battle([
      { id: 'drag', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1000, y: 600, n: 2 },
      { id: 'bi', side: 'blue', type: 'musketeer', x: 1400, y: 600 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1000, y: 750 },
      { id: 'hus', side: 'red', arm: 'cavalry', type: 'hussar', x: 1400, y: 700, n: 2 },
    ]), 'declare');
    s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'drag', target: 'fr' }).state;
    s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'bi', target: 'hus' }).state;
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    expect(rejection(s, { type: 'declareCharge', side: 'red', unit: 'fr', target: 'drag' })).toBe('no-counter');
    expect(rejection(s, { type: 'declareCharge', side: 'red', unit: 'hus', target: 'bi' })).toBe('accepted');
  });
});

/**
 * DoG Charge Procedure and Charge Reaction Test: who reacts to a charge, who may countercharge,
 * what a countercharge does to the unit it meets, and what a line that fails to form square does.
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, withDice, apply, rolls, ofType, rejection, unit } from './build';

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

describe('DoG Charge Procedure: a unit that has declared a countercharge makes no other reaction', () => {
  // "Cavalry being charged may counter-charge" is one of the reactions the charged player states:
  // having declared it, the hussars charge, and may not also stand, evade or wheel to face.
  it('French hussars countercharging Prussian dragoons may not then state a stand or an evade', () => {
    let s = advanceTo(battle([
      { id: 'drag', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1200, y: 600, n: 2 },
      { id: 'hus', side: 'red', arm: 'cavalry', type: 'hussar', x: 1200, y: 750, n: 2 },
    ]), 'declare');
    s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'drag', target: 'hus' }).state;
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    expect(rejection(s, { type: 'reactToCharge', side: 'red', unit: 'hus', reaction: 'evade' })).toBe('accepted');
    s = apply(s, { type: 'declareCharge', side: 'red', unit: 'hus', target: 'drag' }).state;
    expect(s.ruleset.reactions['hus']).toBe('countercharge');
    expect(rejection(s, { type: 'reactToCharge', side: 'red', unit: 'hus', reaction: 'stand' })).toBe('countercharging');
    expect(rejection(s, { type: 'reactToCharge', side: 'red', unit: 'hus', reaction: 'evade' })).toBe('countercharging');
    expect(s.ruleset.reactions['hus']).toBe('countercharge');
  });
});

describe('DoG Charge Reaction Test: French fusiliers in line try to form square against Prussian dragoons', () => {
  // "Troops opting to stand or manoeuver in the face of a charge/assault test to see if they
  // stand/complete their manoeuver." Morale 60%, −10% "infantry in line charged by cavalry", −10%
  // "infantry attempting to change formation while being charged by cavalry": 40%. Failing, the
  // line does not form square and fares as any unit failing: "If a unit fails by 10%, it fires a
  // ragged volley (1/4 firepower) and must retire 50m (in good order and facing the enemy). If a
  // unit fails by 20%, it must about turn (1/4 move) and evade (being disordered as it does so)."
  // "If a unit in square fails, it is shaken" is for a unit already in square.
  const toResolve = () => {
    let s = advanceTo(battle([
      { id: 'drag', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1200, y: 600, n: 2 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 750 },
    ]), 'declare');
    s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'drag', target: 'fr' }).state;
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    s = apply(s, { type: 'reactToCharge', side: 'red', unit: 'fr', reaction: 'square' }).state;
    s = apply(s, { type: 'endStep', side: 'red' }).state;
    expect(s.position.step).toBe('counter');
    return s;
  };
  const frY = (s: ReturnType<typeof toResolve>) => unit(s, 'fr')!.stands[0]!.centre.y;

  it('on a 4 (40%) it stands and forms square, and does not fire', () => {
    const s = toResolve();
    const r = apply(withDice(s, [4]), { type: 'endStep', side: 'blue' });
    const [react] = rolls(r.events);
    expect(react!.modifiers.map((m) => [m.label, Math.round(m.value * 10)])).toEqual([['infantry in line charged by cavalry', -10], ['infantry attempting to change formation while being charged by cavalry', -10]]);
    expect(react!.outcome).toContain('stands');
    expect(rolls(r.events)).toHaveLength(1);
    expect(unit(r.state, 'fr')!.formation).toBe('square');
  });

  it('on a 5 (fails by 10%) it stays in line, fires a ragged volley and retires 50 m facing the enemy, not evading', () => {
    const s = toResolve();
    const before = frY(s);
    const r = apply(withDice(s, [5, 1]), { type: 'endStep', side: 'blue' });
    const [react, volley] = rolls(r.events);
    expect(react!.outcome).toContain('fails by 10%');
    expect(volley!.purpose).toContain('fr');
    expect(volley!.table?.column).toMatch(/^3 figures firing/); // a quarter of its 12 front figures
    expect(unit(r.state, 'fr')!.formation).toBe('line');
    expect(ofType(r.events, 'Evaded')).toEqual([]);
    expect(r.state.ruleset.units['fr']!.morale).not.toBe('retreating');
    expect(frY(r.state) - before).toBeGreaterThanOrEqual(49);
  });

  it('on a 6 (fails by 20%) it stays in line, about turns (a quarter of its move) and evades the other three quarters, disordered (a retreat, not a rout); the dragoons catch it from behind', () => {
    const s = toResolve();
    const r = apply(withDice(s, [6]), { type: 'endStep', side: 'blue' });
    const [react] = rolls(r.events);
    expect(react!.outcome).toContain('fails by 20%');
    expect(rolls(r.events)).toHaveLength(1);
    expect(unit(r.state, 'fr')!.formation).toBe('line');
    // Its full move is 100 m (the rate of its own formation, line, as routs and evasions go: RULINGS.md); the about turn takes 1/4 of it.
    expect(ofType(r.events, 'Evaded')).toEqual([expect.objectContaining({ unit: 'fr', distanceM: 75 })]);
    expect(r.state.ruleset.units['fr']).toMatchObject({ morale: 'retreating', order: 'disordered' });
    // "If caught, evading troops take casualties without fighting back": the 280 m charge reaches it, at its back.
    expect(ofType(r.events, 'ChargeContact')).toEqual([expect.objectContaining({ unit: 'drag', target: 'fr', face: 'rear' })]);
  });
});

describe('DoG CHARGE PHASE, Notes: French voltigeurs in skirmish order charged by Prussian musketeers 100 m off', () => {
  // "Skirmishers must evade a charge by formed troops. They may fire one volley before turning tail."
  it('they fire one volley at the chargers, then evade', () => {
    let s = advanceTo(battle([
      { id: 'bi', side: 'blue', type: 'musketeer', x: 1200, y: 600 },
      { id: 'sk', side: 'red', type: 'voltigeur', formation: 'skirmish', x: 1200, y: 700 },
    ]), 'declare');
    s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'bi', target: 'sk' }).state;
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    s = apply(s, { type: 'endStep', side: 'red' }).state;
    // The volley (die 2), at the strength a standing unit would have: the charge needs 77% of its
    // 130 m reach, so 18 of its 24 figures fire. It evades and the musketeers fall short (control die 4).
    const r = apply(withDice(s, [2, 4]), { type: 'endStep', side: 'blue' });
    const [volley, control] = rolls(r.events);
    expect(volley!.purpose).toBe('sk fires at bi (one volley before turning tail)');
    expect(volley!.table?.column).toMatch(/^18 figures firing/);
    expect(control!.purpose).toContain('bi: control test');
    const types = r.events.map((e) => e.type);
    expect(types.indexOf('FiguresLost')).toBeLessThan(types.indexOf('Evaded'));
    expect(r.state.ruleset.units['sk']!.morale).toBe('retreating');
  });
});

describe('DoG Charge Reaction Test: "Range is averaged out and appropriate modifier applied"', () => {
  // "Charging units are moved to within firing range of defending troops"; "infantry muskets may only
  // fire at max 200m range … Range is averaged out": the volley is read at half the range the
  // charger comes in from, that range at most the musket's 200 m.
  const volleyAt = (y: number, dice: number[]) => {
    let s = advanceTo(battle([
      { id: 'drag', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1200, y: 600, n: 2 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y },
    ]), 'declare');
    s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'drag', target: 'fr' }).state;
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    s = apply(s, { type: 'reactToCharge', side: 'red', unit: 'fr', reaction: 'stand' }).state;
    s = apply(s, { type: 'endStep', side: 'red' }).state;
    const r = apply(withDice(s, dice), { type: 'endStep', side: 'blue' });
    return rolls(r.events).find((x) => x.purpose.startsWith('fr fires at drag'));
  };
  it('dragoons charging from 150 m are fired on at 75 m (the musket\'s 60–90 m band, not its 125–150 m one)', () => {
    // Reaction 3 (stands), the volley 1, the dragoons' test for a tenth lost 1.
    const v = volleyAt(750, [3, 1, 1])!;
    expect(v.modifiers.map((m) => [m.label, m.value])).toContainEqual(['musket at 75 m', 0]);
  });
  it('dragoons charging from 235 m, beyond the musket\'s 200 m, are still fired on as they come in, at 100 m and half strength', () => {
    const v = volleyAt(860, [3, 1, 1])!;
    expect(v.modifiers.map((m) => m.label)).toContain('musket at 100 m');
    expect(v.table?.column).toMatch(/^6 figures firing/);
  });
});

describe('DoG CHARGE PHASE, Notes: "Skirmishers may not screen charging friends"', () => {
  it('Prussian musketeers charging through their own fusiliers\' skirmish screen are fired on by the French line they charge', () => {
    let s = advanceTo(battle([
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 600 },
      { id: 'sk', side: 'blue', type: 'fusilier', formation: 'skirmish', x: 1200, y: 650, n: 2 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 700 },
    ]), 'declare');
    s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'pr', target: 'fr' }).state;
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    s = apply(s, { type: 'reactToCharge', side: 'red', unit: 'fr', reaction: 'stand' }).state;
    s = apply(s, { type: 'endStep', side: 'red' }).state;
    // Reaction 1 (stands); the volley 1 (the skirmishers between do not screen the chargers).
    const r = apply(withDice(s, [1, 1]), { type: 'endStep', side: 'blue' });
    expect(rolls(r.events).map((x) => x.purpose)).toContain('fr fires at pr (standing to receive the charge)');
  });
});

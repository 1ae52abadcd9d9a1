/** DoG CHARGE PHASE and MELÉE: a charge declared, the reaction test, contact through the movement core, impact and confused factors, head counts, the chart, winners and losers. */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, withDice, apply, rolls, ofType, rejection, withUnitState } from './build';

describe('DoG Charge Procedure: Prussian dragoons charge French infantry in line 150 m off', () => {
  const start = () => advanceTo(battle([
    { id: 'drag', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1200, y: 600, n: 2 },
    { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 750 },
  ]), 'declare');

  it('the charge is declared; the French may stand, form square or (not) evade', () => {
    const s = start();
    expect(rejection(s, { type: 'declareCharge', side: 'blue', unit: 'drag', target: 'fr' })).toBe('accepted');
  });

  it('standing in line the French test at 60% -10% in line charged by cavalry; on a 3 they stand and fire at half strength; the dragoons make contact and the melee is fought', () => {
    let s = start();
    s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'drag', target: 'fr' }).state;
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    expect(s.position.step).toBe('respond');
    s = apply(s, { type: 'reactToCharge', side: 'red', unit: 'fr', reaction: 'stand' }).state;
    // Reaction test 3 (30% ≤ 50%): stands. Fire at 6 figures (half of 12), at 75 m (the 150 m averaged out): die 1 reads 1;
    // the dragoons lose a tenth and test (1: hold).
    s = apply(s, { type: 'endStep', side: 'red' }).state;
    expect(s.position.step).toBe('counter');
    const r = apply(withDice(s, [3, 1, 1]), { type: 'endStep', side: 'blue' });
    const [react, volley] = rolls(r.events);
    expect(react!.modifiers.map((m) => [m.label, m.value * 10])).toEqual([['infantry in line charged by cavalry', -10]]);
    expect(react!.outcome).toContain('stands');
    expect(volley!.table?.column).toMatch(/^6 figures firing/);
    expect(ofType(r.events, 'ChargeContact')[0]).toMatchObject({ unit: 'drag', target: 'fr', impact: true });
    expect(r.state.ruleset.melees).toEqual([{ a: 'drag', b: 'fr', rounds: 0 }]);
  });
});

describe('DoG MELÉE: the first round of dragoons against a line', () => {
  it('against a disordered line the dragoons add impact 3 + confused 4, heavy cavalry +2, cavalry vs disordered foot +5, vs infantry in single rank +2; their figures count 2 against foot', () => {
    let s = advanceTo(battle([
      { id: 'drag', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1200, y: 600, n: 2 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 750, n: 2 },
      { id: 'fr2', side: 'red', type: 'fusilier', x: 1800, y: 1200 },
    ]), 'declare');
    s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'drag', target: 'fr' }).state;
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    s = apply(s, { type: 'reactToCharge', side: 'red', unit: 'fr', reaction: 'stand' }).state;
    s = apply(s, { type: 'endStep', side: 'red' }).state;
    s = apply(withDice(s, [3, 1]), { type: 'endStep', side: 'blue' }).state;
    expect(s.position.step).toBe('fireFirst');
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    // The French line is disordered (as if by earlier fighting): cavalry +5 against disordered foot, the French -2.
    s = withUnitState(s, 'fr', { order: 'disordered' });
    // Melee: dragoons die 7 (3), French die 1 (1); the French (losers) test: 9 breaks; the dragoons' control test: 5; then turn 2's initiative (9, 2).
    const r = apply(withDice(s, [7, 1, 9, 5, 9, 2]), { type: 'endStep', side: 'red' });
    const [cav, inf] = rolls(r.events);
    expect(cav!.modifiers.map((m) => [m.label, m.value])).toEqual([
      ['confused melee factor (Dragoon)', 4],
      ['impact factor (Dragoon, an eligible charge)', 3],
      ['heavy cavalry', 2],
      ['cavalry vs disordered foot', 5],
      ['cavalry vs infantry in single rank (includes squares)', 2],
    ]);
    expect(cav!.table?.column).toMatch(/^head count 8 \(.*cavalry figures count 2 against foot/);
    expect(cav!.outcome).toContain('score 19 (read as 10): 135 men');
    // The French half-battalion's first two rows: 12 figures against 8, 3:2.
    expect(inf!.table?.column).toBe('head count 12');
    expect(inf!.modifiers.map((m) => [m.label, m.value])).toEqual([['confused melee factor (Fusilier)', 1], ['outnumber enemy by 3:2', 1], ['disordered', -2]]);
    expect(ofType(r.events, 'MeleeWon')[0]).toMatchObject({ winner: 'drag', loser: 'fr', round: 1 });
    expect(r.state.ruleset.units['fr']!.morale).toBe('routing');
    // DoG CONTROL: d10 5 + control 1 (Prussian Dragoon) + 3 enemy routing + 1 a round of melee won = 10: follows orders.
    const control = rolls(r.events).find((x) => x.purpose.includes('control test'))!;
    expect(control.outcome).toBe('10: follows orders');
    // DoG MELÉE: "All troops are unformed after one round of melée".
    expect(r.state.ruleset.units['drag']!.order).toBe('unformed');
  });
});

describe('DoG MELÉE "Only the first 2 rows of infantry figures … count during the first melée round": a square', () => {
  it('a French square charged by dragoons fights the first round with the face the dragoons strike, not all four', () => {
    let s = advanceTo(battle([
      { id: 'drag', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1200, y: 600, n: 2 },
      { id: 'sq', side: 'red', type: 'fusilier', formation: 'square', x: 1200, y: 750 },
      { id: 'far', side: 'red', type: 'fusilier', x: 2000, y: 1400 },
    ]), 'declare');
    s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'drag', target: 'sq' }).state;
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    s = apply(s, { type: 'reactToCharge', side: 'red', unit: 'sq', reaction: 'stand' }).state;
    s = apply(s, { type: 'endStep', side: 'red' }).state;
    // The square's reaction test 1 (stands) and its volley 1.
    s = apply(withDice(s, [1, 1]), { type: 'endStep', side: 'blue' }).state;
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    // Melee: dragoons 1, square 1; the square (losing) tests 1 and holds, the dragoons 1; turn 2's initiative 9, 2.
    const r = apply(withDice(s, [1, 1, 1, 1, 9, 2]), { type: 'endStep', side: 'red' });
    const sq = rolls(r.events).find((x) => x.purpose === 'sq in melee with drag (round 1)')!;
    // One stand of six figures faces the dragoons; the other three faces do not fight the first round.
    expect(sq.table?.column).toBe('head count 6');
  });
});

/**
 * DoG MORALE MODIFIERS that belong to a charge: "+10% British receiving charge", "+20% charging
 * cavalry" (in the tests a charge's fire and melee call for), and DoG EFFECTS OF FATIGUE/EXHAUSTION's
 * utterly exhausted troops, who "may no longer conduct any activity whatsoever" (scripted dice).
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, withDice, apply, rolls, ofType, withUnitState, type St } from './build';

/** Prussian dragoons (blue) charge `target` 150 m off; it stands; reaction, volley (and the dragoons' casualty test, if any) dice `react`. */
function charged(s0: St, react: number[]): St {
  let s = advanceTo(s0, 'declare');
  s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'drag', target: 'inf' }).state;
  s = apply(s, { type: 'endStep', side: 'blue' }).state;
  s = apply(s, { type: 'reactToCharge', side: 'red', unit: 'inf', reaction: 'stand' }).state;
  s = apply(s, { type: 'endStep', side: 'red' }).state;
  return apply(withDice(s, react), { type: 'endStep', side: 'blue' }).state;
}
const pct = (r: { modifiers: { label: string; value: number }[] }) => r.modifiers.map((m) => [m.label, Math.round(m.value * 10)]);

describe('DoG MORALE MODIFIERS "+10% British receiving charge"', () => {
  const start = (nation: string, type: string) => battle([
    { id: 'drag', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1200, y: 600, n: 2 },
    { id: 'inf', side: 'red', nation, type, x: 1200, y: 750, n: 2 },
    { id: 'far', side: 'red', type: 'fusilier', x: 2000, y: 1400 },
  ]);
  it('a British line charged by dragoons, losing the first round, tests with +10% (and −20% infantry charged by cavalry)', () => {
    // Reaction 1 (stands), volley 1 (the dragoons test 1 for their losses); fire phase passes; melee: dragoons 7, British 1; the British test 1 (holds), the dragoons 1 (hold); turn 2's initiative 9, 2.
    let s = charged(start('britain', 'line'), [1, 1, 1]);
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    const r = apply(withDice(s, [7, 1, 1, 1, 9, 2]), { type: 'endStep', side: 'red' });
    const test = rolls(r.events).find((x) => x.purpose === 'inf: morale test, lost a round of melee')!;
    expect(pct(test)).toContainEqual(['British receiving charge', 10]);
    expect(pct(test)).toContainEqual(['infantry not in square charged by cavalry', -20]);
  });
  it('French fusiliers in the same place have no such modifier', () => {
    let s = charged(start('france', 'fusilier'), [1, 1]); // their volley costs the dragoons less than a tenth: no test
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    const r = apply(withDice(s, [7, 1, 1, 1, 9, 2]), { type: 'endStep', side: 'red' });
    const test = rolls(r.events).find((x) => x.purpose === 'inf: morale test, lost a round of melee')!;
    expect(pct(test).map(([l]) => l)).not.toContain('British receiving charge');
  });
});

describe('DoG MORALE MODIFIERS "+20% charging cavalry" in the test the defenders\' fire calls for', () => {
  it('dragoons losing a tenth to the volley of the French line they charge test with +20%', () => {
    const s = advanceTo(battle([
      { id: 'drag', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1200, y: 600, n: 2 },
      { id: 'inf', side: 'red', type: 'fusilier', x: 1200, y: 750 },
    ]), 'declare');
    let t = apply(s, { type: 'declareCharge', side: 'blue', unit: 'drag', target: 'inf' }).state;
    t = apply(t, { type: 'endStep', side: 'blue' }).state;
    t = apply(t, { type: 'reactToCharge', side: 'red', unit: 'inf', reaction: 'stand' }).state;
    t = apply(t, { type: 'endStep', side: 'red' }).state;
    // Reaction 1 (stands); the volley's die 9 hits; the dragoons test (1).
    const r = apply(withDice(t, [1, 9, 1]), { type: 'endStep', side: 'blue' });
    const test = rolls(r.events).find((x) => x.purpose.startsWith('drag: morale test'))!;
    expect(pct(test)).toContainEqual(['charging cavalry', 20]);
  });
});

describe('DoG EFFECTS OF FATIGUE/EXHAUSTION: utterly exhausted troops "may no longer conduct any activity whatsoever"', () => {
  it('an utterly exhausted line in melee throws no die and takes its casualties without fighting back', () => {
    let s = charged(battle([
      { id: 'drag', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1200, y: 600, n: 2 },
      { id: 'inf', side: 'red', type: 'fusilier', x: 1200, y: 750, n: 2 },
      { id: 'far', side: 'red', type: 'fusilier', x: 2000, y: 1400 },
    ]), [1, 1]);
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    s = withUnitState(s, 'inf', { fatigue: 3 });
    // The dragoons' die 7; the line throws none; its test 9 (breaks); the dragoons' control test 5; turn 2's initiative 9, 2.
    const r = apply(withDice(s, [7, 9, 5, 9, 2]), { type: 'endStep', side: 'red' });
    expect(rolls(r.events).filter((x) => x.purpose.includes('in melee')).map((x) => x.purpose)).toEqual(['drag in melee with inf (round 1)']);
    expect(ofType(r.events, 'NoFightBack')).toEqual([expect.objectContaining({ unit: 'inf', why: 'utterly exhausted' })]);
  });
});

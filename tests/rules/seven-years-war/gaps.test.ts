/** Second audit: rules found unenforced or partly enforced and enforced since (each cites its section). */
import { describe, expect, it } from 'vitest';
import { battle, withDice, apply, rejection, advanceTo, rolls, type U, type St } from './build';

const blueInf: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15, ranks: 1 };
const redInf: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };
const gens = (redGenY: number) => [{ id: 'blue-cinc', side: 'blue' as const, x: 20, y: 20 }, { id: 'red-cinc', side: 'red' as const, x: 900, y: redGenY }];
const killed = (ev: { type: string }[]) => ev.some((e) => e.type === 'GeneralKilled');

describe('(3) Notes on Generals (d) p.6: "Generals may be Killed if (1) He is shot at directly"', () => {
  // Red's CinC stands 4cm in front of Blue's line (its 40mm stand centred 6cm off): musket short range.
  const s = () => advanceTo(battle([blueInf, redInf], { generals: gens(360) }), 'shootingPhasing');
  it('a unit may shoot at an enemy general: a 6 and then his side\'s 1 kills him', () => {
    const r = apply(withDice(s(), [6, 1]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-cinc' });
    expect(rolls(r.events).slice(0, 2).map((x) => x.faces[0])).toEqual([6, 1]);
    expect(killed(r.events)).toBe(true);
  });
  it('a 6 then a 2 does not; a 5 rolls no second die', () => {
    expect(killed(apply(withDice(s(), [6, 2]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-cinc' }).events)).toBe(false);
    const r = apply(withDice(s(), [5]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-cinc' });
    expect(rolls(r.events)).toHaveLength(1);
  });
  it('the shot needs range like any other: a general 20cm away is out of musket range', () => {
    const far = advanceTo(battle([blueInf, redInf], { generals: gens(520) }), 'shootingPhasing');
    expect(rejection(far, { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-cinc' })).toBe('out-of-range');
  });
  it('the unit has then shot this step', () => {
    const r = apply(withDice(s(), [3]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-cinc' });
    expect(rejection(r.state, { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-cinc' })).toBe('already-shot');
  });
});

describe('(3) Notes on Generals (d) p.6: "(2) He is within 1cm of a unit under fire ... And: The enemy throws a 6 and you a 1"', () => {
  // Red infantry 5cm in front of Blue (short range); red's general behind it at a gap of 0.5cm or 2cm.
  const close: U = { ...redInf, y: 350 };
  const at = (gapMm: number): St => advanceTo(battle([blueInf, close], { generals: gens(350 + 15 + gapMm + 20) }), 'shootingPhasing');
  it('within 1cm: a natural 6 at the unit, then his side\'s 1, kills the general', () => {
    const r = apply(withDice(at(5), [6, 1]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-1' });
    expect(killed(r.events)).toBe(true);
  });
  it('2cm away he is not at risk: no second die is rolled for him', () => {
    const r = apply(withDice(at(20), [6, 1]), { type: 'shoot', side: 'blue', unit: 'blue-1', target: 'red-1' });
    expect(killed(r.events)).toBe(false);
    expect(rolls(r.events).some((x) => x.purpose.includes('hit?'))).toBe(false);
  });
});

describe('(5) Shooting rules (j) p.12: "Troops shooting in support ... measure distance from their relative positions"', () => {
  // Blue cavalry 20cm in front of red-1 charge it; red-2 stands beside red-1 (edge to edge) and shoots in support.
  const cav: U = { id: 'blue-1', side: 'blue', type: 'medium-cavalry', x: 900, y: 800, facingDeg: 90, n: 3, depth: 30, ranks: 1 };
  const r1: U = { ...redInf, n: 3 };
  const r2 = (y: number): U => ({ ...redInf, id: 'red-2', x: 1020, y, n: 3 });
  const charged = (y: number, charge = true): St => {
    const s = advanceTo(battle([cav, r1, r2(y)]), 'shootingNonPhasing');
    return charge ? { ...s, ruleset: { ...s.ruleset, charges: [{ group: 'blue-1', chargers: ['blue-1'], target: 'red-1', face: 'front' }] } } : s;
  };
  const shot = { type: 'shoot', side: 'red', unit: 'red-2', target: 'blue-1' };
  it('without a charge the cavalry 20cm off are out of musket range', () => {
    expect(rejection(charged(1000, false), shot)).toBe('out-of-range');
  });
  it('a supporter level with the charged unit shoots at the chargers 5cm from it: short range', () => {
    const r = apply(withDice(charged(1000), [1]), shot);
    const p = rolls(r.events)[0]!;
    expect(p.purpose).toContain('in support');
    expect(p.purpose).toContain('short');
  });
  it('a supporter 3cm behind measures from its own position: long range, not the charged unit\'s 5cm', () => {
    const r = apply(withDice(charged(1030), [1]), shot);
    expect(rolls(r.events)[0]!.purpose).toContain('long');
  });
  it('a supporter 6cm behind is 11cm from them: out of range', () => {
    expect(rejection(charged(1060), shot)).toBe('out-of-range');
  });
});

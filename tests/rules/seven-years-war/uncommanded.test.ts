/**
 * Seven Years War: (1) pp.4–5 and (3) Orders p.6 — uncommanded units change their own orders only near known enemy, and only the CinC may rally them.
 */
import { describe, expect, it } from 'vitest';
import { battle, withDice, apply, rejection, setOrder, type U, type St } from './build';

const blueInf: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15, ranks: 1 };

const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };

describe('Uncommanded units (1) p.4-5: change orders only "within 20cms of known enemy"', () => {
  const close: U = { ...red, y: 450 };
  it('an enemy still hidden from them is not known: no attempt', () => {
    const s0 = battle([blueInf, close], { fields: { uncommanded: ['blue-1'] } });
    const s = { ...s0, ruleset: { ...s0.ruleset, hidden: { 'red-1': 'red' } } };
    expect(rejection(s, { type: 'selfOrder', side: 'blue', group: 'blue-1', order: 'advance' })).toBe('no-enemy-near');
  });
  it('a seen enemy within 20cm lets them try on a D6 4+', () => {
    const s = battle([blueInf, close], { fields: { uncommanded: ['blue-1'] } });
    const r = apply(withDice(s, [4]), { type: 'selfOrder', side: 'blue', group: 'blue-1', order: 'advance' });
    expect(r.state.ruleset.groups['blue-1']!.order).toBe('advance');
  });
});

const inf = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number, extra: Partial<U> = {}): U => ({ id, side, type: 'medium-infantry', x, y, facingDeg, n: 4, depth: 15, ranks: 1, ...extra });

describe('(3) Orders p.6 "Some troops may change their own orders ... (Uncommanded troops), but may not be commanded by any General except the CinC, and then only to rally from Retreat"', () => {
  const setUp = () => {
    const s = setOrder(battle([inf('blue-1', 'blue', 900, 300, 90), inf('red-1', 'red', 900, 1000, -90)], {
      fields: { uncommanded: ['blue-1'] },
      generals: [{ id: 'blue-cinc', side: 'blue', x: 900, y: 240 }, { id: 'red-cinc', side: 'red', x: 1780, y: 1180 }],
    }), 'blue-1', 'retreat');
    return { ...s, ruleset: { ...s.ruleset, generals: { ...s.ruleset.generals, 'blue-cinc': { ...s.ruleset.generals['blue-cinc']!, attemptsLeft: 2 } } } } as St;
  };
  it('the CinC may not take a retreating uncommanded unit into his command (transfer)', () => {
    expect(rejection(withDice(setUp(), []), { type: 'prompt', side: 'blue', general: 'blue-cinc', group: 'blue-1', action: 'transfer' })).toBe('uncommanded');
  });
  it('the CinC may rally it from Retreat (D6 6 always succeeds)', () => {
    const r = apply(withDice(setUp(), [6]), { type: 'prompt', side: 'blue', general: 'blue-cinc', group: 'blue-1', action: 'stand' });
    expect(r.state.ruleset.groups['blue-1']!.order).toBe('stand');
    expect(r.state.ruleset.groups['blue-1']!.uncommanded).toBe(true);
  });
});

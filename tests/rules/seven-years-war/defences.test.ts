/**
 * Seven Years War: 9 Points system p.20 — abatis, impassable to all but infantry.
 */
import { describe, expect, it } from 'vitest';
import { battle, withDice, apply, rejection, advanceTo, setOrder, rolls, type U } from './build';

const blueInf: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15, ranks: 1 };

const blueCav: U = { ...blueInf, type: 'medium-cavalry', n: 3, depth: 30 };

const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };

const abatis = { id: 'ab', kind: 'obstacle', name: 'Abatis', polygon: [[700, 330], [1100, 330], [1100, 345], [700, 345]], props: { abatis: true } };

describe('Abatis (9 Points system p.20): "Impassable to any but Infantry (2D4cms movement)"', () => {
  it('cavalry may not cross an abatis', () => {
    const s = advanceTo(setOrder(battle([blueCav, red], { terrain: [abatis] }), 'blue-1', 'advance'), 'movement');
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 60 }] })).toBe('abatis');
  });
  it('infantry crossing it have 2D4cm of movement: 1+1 = 2cm does not reach 5cm; 4+4 = 8cm does', () => {
    const s = advanceTo(setOrder(battle([blueInf, red], { terrain: [abatis] }), 'blue-1', 'advance'), 'movement');
    const move = { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 50 }] };
    expect(rejection(withDice(s, [1, 1]), move)).toBe('too-far');
    const r = apply(withDice(s, [4, 4]), move);
    expect(rolls(r.events).find((x) => x.purpose.includes('abatis'))!.faces).toEqual([4, 4]);
  });
  it('a move that does not touch the abatis rolls nothing for it', () => {
    const s = advanceTo(setOrder(battle([blueInf, red], { terrain: [abatis] }), 'blue-1', 'advance'), 'movement');
    const r = apply(s, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 20 }] });
    expect(rolls(r.events).some((x) => x.purpose.includes('abatis'))).toBe(false);
  });
});

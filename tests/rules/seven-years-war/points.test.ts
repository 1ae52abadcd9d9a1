/**
 * Seven Years War: 9 Points system p.20 — the cost of generals, abatis and barricades.
 */
import { describe, expect, it } from 'vitest';
import { armyCost, fortificationPoints } from '../../../src/rules/seven-years-war/armyCost';
import { battle, type U } from './build';

const inf = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number, extra: Partial<U> = {}): U => ({ id, side, type: 'medium-infantry', x, y, facingDeg, n: 4, depth: 15, ranks: 1, ...extra });

describe('9 Points system p.20: "Commander in Chief: Free Sub General: 25 pts each ... Abatis: 1pt per 4cms ... Barricades: 1pt per 4cms"', () => {
  it('an army of one 4-stand medium battalion (12), a CinC and a sub-general (25) and 40cm of abatis (10) costs 47', () => {
    const abatis = { id: 'ab', kind: 'obstacle', name: 'Abatis', polygon: [[700, 330], [1100, 330], [1100, 345], [700, 345]], props: { abatis: true, side: 'blue' } };
    const s = battle([inf('blue-1', 'blue', 900, 300, 90), inf('red-1', 'red', 900, 1000, -90)], {
      terrain: [abatis],
      generals: [{ id: 'blue-cinc', side: 'blue', x: 20, y: 20 }, { id: 'blue-sub', side: 'blue', x: 60, y: 20, commands: 'blue-bde' }, { id: 'red-cinc', side: 'red', x: 1780, y: 1180 }],
    });
    expect(s.ruleset.startPoints.blue).toBe(12);
    const cinc = new Set(Object.entries(s.ruleset.generals).filter(([, g]) => g.cinc).map(([id]) => id));
    expect(armyCost(s.battle, 'blue', 12, cinc, 0)).toEqual({ troops: 12, generals: 25, fortifications: 10, terrain: 0, total: 47 });
    expect(armyCost(s.battle, 'red', 12, cinc, 0).total).toBe(12);
  });
  it('a barricade of 41cm costs 11 (a part of 4cm counts whole)', () => {
    expect(fortificationPoints({ id: 'b', kind: 'obstacle', name: 'b', polygon: [{ x: 0, y: 0 }, { x: 410, y: 0 }, { x: 410, y: 10 }, { x: 0, y: 10 }] as never, props: { barricade: true } })).toBe(11);
  });
});

/**
 * Seven Years War: (1) Introduction p.4 and Groups p.5 — bases, unit sizes and group composition checked at set-up.
 */
import { describe, expect, it } from 'vitest';
import { validateSetup } from '../../../src/rules/seven-years-war/setup';
import { battle, type U } from './build';

const blueInf: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15, ranks: 1 };

const blueCav: U = { ...blueInf, type: 'medium-cavalry', n: 3, depth: 30 };

const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };

describe('(1) Introduction p.4 and Groups p.5: bases, unit sizes and group composition are checked at set-up', () => {
  it('a stand of the wrong depth for its troop type is refused with its path', () => {
    expect(() => battle([{ ...blueInf, depth: 20 }, red])).toThrow(/units\[0\]\.stands\[0\]\.depthMm.*15mm deep/);
  });
  it('battalions have 3-4 bases (6 if very large), batteries 1, lights 2-6; cavalry any number of squadrons', () => {
    expect(() => battle([{ ...blueInf, n: 2 }, red])).toThrow(/3-4 bases \(6 if very large\), not 2/);
    expect(() => battle([{ ...blueInf, n: 5 }, red])).toThrow(/not 5/);
    expect(() => battle([{ ...blueInf, n: 6 }, red])).not.toThrow();
    expect(() => battle([{ ...blueInf, type: 'medium-artillery', n: 2, depth: 40 }, red])).toThrow(/1 base, not 2/);
    expect(() => battle([{ ...blueInf, type: 'light-infantry', n: 2, depth: 20 }, red])).not.toThrow();
    expect(() => battle([{ ...blueCav, n: 1 }, red])).not.toThrow();
  });
  it('a group mixing infantry and cavalry is refused', () => {
    const horse: U = { ...blueCav, id: 'blue-2', x: 1100 };
    expect(() => battle([blueInf, horse, red], { groups: [{ id: 'mixed', units: ['blue-1', 'blue-2'] }] })).toThrow(/all infantry, all cavalry or all artillery/);
  });
  it('a general\'s base is 15-40mm deep', () => {
    const s = battle([blueInf, red]);
    const withDepth = (d: number) => validateSetup({ ...s.battle, generals: s.battle.generals.map((g) => ({ ...g, stand: { ...g.stand, depthMm: d } })) } as never);
    expect(withDepth(40)).toEqual([]);
    expect(withDepth(50).map((p) => p.path)).toEqual(['$.generals[0].base.depthMm', '$.generals[1].base.depthMm']);
  });
});

/**
 * Seven Years War: the odds a player program reads for a charge come from the rules' own melee
 * modifiers ((6) Melee chart p.14) and results (p.14, read on the shooting results), enumerated
 * over both D6 (src/rules/seven-years-war/ai/odds.ts).
 */
import { describe, expect, it } from 'vitest';
import { chargeOdds } from '../../src/rules/seven-years-war/ai/odds';
import { Work } from '../../src/rules/seven-years-war/work';
import type { S } from '../../src/rules/seven-years-war/state';
import { battle, setOrder, type St, type U } from '../rules/seven-years-war/build';

const noCtx = { roll: () => { throw new Error('odds do not roll'); }, emit: () => undefined };
const unit = (id: string, side: 'blue' | 'red', type: string, x: number, y: number, n: number, depth: number): U => ({ id, side, type, x, y, facingDeg: side === 'blue' ? 90 : -90, n, depth });
const odds = (s: St, a: string, b: string) => {
  const w = new Work(s as S, noCtx);
  return chargeOdds(w, [w.unit(a)!], w.unit(b)!);
};
const groupOf = (s: St, id: string) => Object.values(s.ruleset.groups).find((g) => g.units.includes(id))!.id;

describe('Seven Years War charge odds (6 Melee chart p.14; 7 p.15)', () => {
  const s = battle([
    unit('blue-cav', 'blue', 'heavy-cavalry', 600, 600, 3, 30), unit('blue-inf', 'blue', 'medium-infantry', 1100, 600, 4, 15),
    unit('red-cav', 'red', 'heavy-cavalry', 600, 700, 3, 30), unit('red-gun', 'red', 'medium-artillery', 1100, 700, 1, 40),
  ]);

  it('equal horse charging equal horse on Advance is an even fight, and the odds add up with the ties', () => {
    const t = setOrder(setOrder(s, groupOf(s, 'red-cav'), 'advance'), groupOf(s, 'blue-cav'), 'advance');
    const o = odds(t, 'blue-cav', 'red-cav');
    expect(o.win).toBeCloseTo(o.lose, 9);
    expect(o.win + o.lose).toBeLessThan(1);
    expect(o.points).toBeCloseTo(0, 9);
  });

  it('horse charged while on Stand fights at -1 ("Cavalry charged and on Stand orders"): the charger is favoured', () => {
    const t = setOrder(s, groupOf(s, 'red-cav'), 'stand');
    const o = odds(t, 'blue-cav', 'red-cav');
    expect(o.win).toBeGreaterThan(o.lose + 0.3);
  });

  it('foot charging a battery wins most melees, and a won melee kills the guns (7 p.15)', () => {
    const o = odds(s, 'blue-inf', 'red-gun');
    expect(o.win).toBeGreaterThan(0.75);
    // Medium artillery is 10 points a stand (9 p.20): most of it is expected to go.
    expect(o.points).toBeGreaterThan(0.75 * 10 - 3);
  });
});

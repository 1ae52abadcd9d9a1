/**
 * Melee: each side a D6 + MR + modifiers; AS 11.2.5 ties re-rolled (the tie-breakers replaced);
 * the loser takes a kill and Falls back (AS 11.2.5 Direction of Fallback), or breaks when beaten
 * badly (house margin); AS 11.2.5 Fallback through friends; AS 8.9 infantry driving off Blown cavalry.
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, apply, ofType, rolls, unit, ust, withUnitState, IN, type U } from './build';

/** Red foot charges the blue line (red first: 2 v 5), nobody fires; the musketry step ends into the melee. */
function melee(extra: U[] = []) {
  const s0 = battle([
    { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 500 },
    { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 700 },
    ...extra,
  ], { setupDice: [2, 5] });
  const c = apply(s0, { type: 'charge', side: 'red', unit: 'r1', target: 'b1' });
  const s = advanceTo(c.state, 'volleys').state;
  return apply(s, { type: 'endStep', side: 'blue' }).state;
}

describe('AS 11.2.5 Ties and Tie-Breakers: ties are re-rolled', () => {
  it('3 + MR 4 against 3 + MR 4 is re-rolled; 5 + 4 against 2 + 4 wins by 3: the loser takes a kill and falls back 8" (house), straight back from a victor at its front', () => {
    const s = melee();
    const y0 = unit(s, 'b1')!.stands[0]!.centre.y;
    const r = apply(s, { type: 'endStep', side: 'red' }, [3, 3, 5, 2, 1]);
    const rs = rolls(r.events);
    expect(rs.slice(0, 4).map((x) => x.modified)).toEqual([7, 7, 9, 6]);
    expect(rs[2]!.purpose).toMatch(/tie re-rolled/);
    expect(ofType(r.events, 'MeleeWon')[0]).toMatchObject({ winner: 'r1', loser: 'b1', margin: 3 });
    expect(ust(r.state, 'b1').kills).toBe(1);
    expect(ofType(r.events, 'FellBack')[0]!['distanceIn']).toBeCloseTo(8, 5);
    expect(y0 - unit(r.state, 'b1')!.stands[0]!.centre.y).toBeCloseTo(8 * IN, 3);
    // 12.1: the Command phase of the same turn, the victor beyond 6": it rallies on the 1.
    expect(ofType(r.events, 'Rallied')[0]).toMatchObject({ unit: 'b1' });
  });
  it('beaten by 4 or more (house severity) the loser is Broken', () => {
    const r = apply(melee(), { type: 'endStep', side: 'red' }, [6, 2]);
    expect(ofType(r.events, 'UnitBroken')[0]).toMatchObject({ unit: 'b1' });
  });
});

describe('AS 11.2.5 Effect of Fallback on intervening friendly units', () => {
  it('a Formed friend contacted in the first 3" of the Fallback is Staggered', () => {
    const s = melee([{ id: 'b2', side: 'blue', type: 'line-infantry', x: 900, y: 440 }]);
    const r = apply(s, { type: 'endStep', side: 'red' }, [5, 2, 1, 1]);
    expect(ofType(r.events, 'Staggered')[0]).toMatchObject({ unit: 'b2', rule: 'AS 11.2.5 Effect of Fallback on intervening friendly units' });
  });
  it('an already staggered friend suffers a kill instead', () => {
    const s = withUnitState(melee([{ id: 'b2', side: 'blue', type: 'line-infantry', x: 900, y: 440 }]), 'b2', { staggered: true });
    const r = apply(s, { type: 'endStep', side: 'red' }, [5, 2, 1, 1]);
    expect(ofType(r.events, 'Killed')).toEqual(expect.arrayContaining([expect.objectContaining({ unit: 'b2' })]));
  });
});

describe('AS 8.9 Infantry Charging Cavalry', () => {
  const blown = () => withUnitState(battle([
    { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 500 },
    { id: 'rc', side: 'red', type: 'light-cavalry', x: 900, y: 700, n: 3 },
  ], { setupDice: [5, 2] }), 'rc', { blown: 0 });
  it('infantry may never charge cavalry', () => {
    const s = withUnitState(blown(), 'rc', { blown: undefined });
    expect(() => apply(s, { type: 'charge', side: 'blue', unit: 'b1', target: 'rc' })).toThrow(/infantry-v-cavalry/);
  });
  it('Blown cavalry contacted roll at once: under MR they Recall', () => {
    const r = apply(blown(), { type: 'driveOff', side: 'blue', unit: 'b1', target: 'rc' }, [3]);
    expect(ofType(r.events, 'Recalled')[0]).toMatchObject({ unit: 'rc' });
    expect(ust(r.state, 'rc').fallback).toBeUndefined();
  });
  it('equal or greater than MR: they Fall back', () => {
    const r = apply(blown(), { type: 'driveOff', side: 'blue', unit: 'b1', target: 'rc' }, [4]);
    expect(ust(r.state, 'rc').fallback).toBe(1);
  });
});

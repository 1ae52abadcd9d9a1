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

describe('AS 11.2.5 Direction of Fallback: forming column at the end of the Fallback', () => {
  // Friends at the end of the 8" Fallback leave a 60 mm gap: too narrow for the 160 mm line, wide enough for a 40 mm column.
  const friends: U[] = [
    { id: 'b2', side: 'blue', type: 'line-infantry', x: 790, y: 300 },
    { id: 'b3', side: 'blue', type: 'line-infantry', x: 1010, y: 300 },
  ];
  it('a line that would not fit between friends at the end of its Fallback forms column there on its front-centre stand', () => {
    const r = apply(melee(friends), { type: 'endStep', side: 'red' }, [5, 2, 1]);
    expect(ofType(r.events, 'FellBack')[0]).toMatchObject({ unit: 'b1', formedColumn: true, rule: 'AS 11.2.5 Direction of Fallback' });
    expect(ofType(r.events, 'FellBack')[0]!['distanceIn']).toBeCloseTo(8, 5);
    const b1 = unit(r.state, 'b1')!;
    expect(b1.formation).toBe('column');
    const xs = b1.stands.map((s) => Math.round(s.centre.x));
    expect(new Set(xs)).toEqual(new Set([900]));
    // The anchor (front) stand's front edge is where the line's front edge ended: 8" back from y 500.
    expect(Math.max(...b1.stands.map((s) => s.centre.y)) + 10).toBeCloseTo(500 - 8 * IN, 3);
  });
  it('with room for the line, it stays in line', () => {
    const r = apply(melee(), { type: 'endStep', side: 'red' }, [5, 2, 1]);
    expect(ofType(r.events, 'FellBack')[0]!['formedColumn']).toBeUndefined();
    expect(unit(r.state, 'b1')!.formation).toBe('line');
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

/** Red cavalry charge the blue foot; with nothing to fire, the melee follows the charge's step. */
function cavalryMelee(opts: { lancers?: boolean; squareSupport?: boolean }, blue: Partial<U> = {}, extra: U[] = [], moveFirst?: (s: ReturnType<typeof battle>) => ReturnType<typeof battle>) {
  let s = battle([
    { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 500, extra: { masse: true }, ...blue },
    { id: 'rc', side: 'red', type: 'light-cavalry', x: 900, y: 700, n: 3, extra: { lancers: true } },
    ...extra,
  ], { setupDice: [5, 2], options: opts });
  if (moveFirst) s = moveFirst(s);
  s = advanceTo(s, 'division2').state;
  return apply(s, { type: 'charge', side: 'red', unit: 'rc', target: 'b1' }).state;
}
/** End red's step; foot not in square may still volley, so the melee then follows blue's musketry step. */
function meleeRolls(s: ReturnType<typeof battle>, faces: number[]) {
  if (s.battle.units.find((u) => u.id === 'b1')!.formation === 'square') return rolls(apply(s, { type: 'endStep', side: 'red' }, faces).events);
  const v = apply(s, { type: 'endStep', side: 'red' }).state;
  expect(v.position.step).toBe('volleys');
  return rolls(apply(v, { type: 'endStep', side: 'blue' }, faces).events);
}

describe('AS 11.2.4 Lancers (optional)', () => {
  it('switched on, lancers gain +1 against infantry in the open', () => {
    const [ra] = meleeRolls(cavalryMelee({ lancers: true }), [4, 1]);
    expect(ra!.modifiers.map((m) => m.label)).toEqual(['MR', 'cavalry against infantry not in square', 'lancers against infantry in the open']);
  });
  it('off unless the players agree to it', () => {
    const [ra] = meleeRolls(cavalryMelee({}), [4, 1]);
    expect(ra!.modifiers.map((m) => m.label)).toEqual(['MR', 'cavalry against infantry not in square']);
  });
});

describe('AS 11.2.4 Infantry Squares in Melee (optional) and AS 8.2 moving squares', () => {
  it('a square supported by another square within 3" gains +1 against cavalry', () => {
    const s = cavalryMelee({ squareSupport: true }, { formation: 'square' }, [{ id: 'b2', side: 'blue', type: 'line-infantry', x: 900, y: 400, formation: 'square' }]);
    const [, rd] = meleeRolls(s, [1, 3]);
    expect(rd!.modifiers.map((m) => [m.label, m.value])).toEqual([['MR', 4], ['square against cavalry', 2], ['square supported by a square within 3"', 1]]);
  });
  it('a square charged after moving in its division\'s last movement opportunity takes -1', () => {
    const s = cavalryMelee({}, { formation: 'square', quality: 'guard' }, [], (x) => apply(x, { type: 'moveUnit', side: 'blue', unit: 'b1', legs: [{ kind: 'forward', mm: 40 }] }).state);
    const [, rd] = meleeRolls(s, [1, 3]);
    expect(rd!.modifiers.map((m) => [m.label, m.value])).toEqual([['MR', 6], ['square against cavalry', 2], ['moving square (moved in its last movement opportunity)', -1]]);
  });
});

describe('AS 11.4 British cavalry control', () => {
  it('after a victorious melee British cavalry failing an MR-or-more roll are carried into a Breakthrough charge at the nearest Formed enemy', () => {
    let s = battle([
      { id: 'bc', side: 'blue', type: 'heavy-cavalry', x: 900, y: 500, n: 3 },
      { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 700, extra: { masse: true } },
      { id: 'r2', side: 'red', type: 'line-infantry', x: 1000, y: 950, extra: { masse: true } },
    ], { setupDice: [5, 2] });
    s = apply(s, { type: 'charge', side: 'blue', unit: 'bc', target: 'r1' }).state;
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    s = apply(s, { type: 'endStep', side: 'red' }).state;
    expect(s.position.step).toBe('volleys');
    // Melee 6 + 4 + 1 against 1 + 4: r1 broken; control 1 (under MR 4): a Breakthrough at r2, fought at once: 6 against 1.
    const r = apply(s, { type: 'endStep', side: 'red' }, [6, 1, 1, 6, 1]);
    expect(rolls(r.events)[2]!.purpose).toMatch(/British cavalry control \(4 or more\)/);
    expect(ofType(r.events, 'Breakthrough')[0]).toMatchObject({ unit: 'bc', target: 'r2', forced: true });
    expect(ofType(r.events, 'UnitBroken').map((e) => e['unit'])).toEqual(['r1', 'r2']);
  });
});

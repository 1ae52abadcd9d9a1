/**
 * DoG Sequence of Play: "Movement is simultaneous. At the beginning of the turn, each player
 * rolls a die for initiative. The player with the initiative moves and fires first." Read with
 * DoG MOVEMENT PHASE ("Moving player may move all, some or none of his troops") and DoG FIRE
 * PHASE ("The phasing player may fire all, some or none of his troops"): both sides move in the
 * one movement phase of a shared turn, the initiative's side first and then the other, who
 * sees where the first went; firing likewise (RULINGS.md, Sequence of play).
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, withDice, apply, rolls, rejection, unit } from './build';

const units = [
  { id: 'pr', side: 'blue' as const, type: 'musketeer', x: 1200, y: 700 },
  { id: 'fr', side: 'red' as const, type: 'fusilier', x: 1200, y: 760 },
  { id: 'pr2', side: 'blue' as const, type: 'musketeer', x: 500, y: 300 },
  { id: 'fr2', side: 'red' as const, type: 'fusilier', x: 500, y: 1300 },
];

describe('DoG Sequence of Play: the initiative die', () => {
  it('blue rolls 9 and red 2: blue has the initiative and moves first', () => {
    const s = battle(units, { initiative: [9, 2] });
    expect(s.ruleset.initiative).toBe('blue');
    const m = advanceTo(s, 'moveFirst');
    expect(m.position.actors).toEqual(['blue']);
  });
  it('blue rolls 2 and red 9: red moves first', () => {
    const m = advanceTo(battle(units, { initiative: [2, 9] }), 'moveFirst');
    expect(m.position.actors).toEqual(['red']);
  });
  it('a tie is rolled again (5, 5, then 3, 8): red', () => {
    expect(battle(units, { initiative: [5, 5, 3, 8] }).ruleset.initiative).toBe('red');
  });
});

describe('DoG Sequence of Play: "The player with the initiative moves … first"', () => {
  const s = advanceTo(battle(units), 'moveFirst');

  it('while the initiative moves, the other side may not move', () => {
    expect(rejection(s, { type: 'moveUnit', side: 'red', unit: 'fr2', legs: [{ kind: 'forward', mm: 50 }] })).toBe('not-your-turn');
    expect(rejection(s, { type: 'moveUnit', side: 'blue', unit: 'pr2', legs: [{ kind: 'forward', mm: 50 }] })).toBe('accepted');
  });

  it('then the other side moves, seeing where the first went, and the initiative may move no more', () => {
    const a = apply(s, { type: 'moveUnit', side: 'blue', unit: 'pr2', legs: [{ kind: 'forward', mm: 50 }] }).state;
    const b = advanceTo(a, 'moveSecond');
    expect(b.position.actors).toEqual(['red']);
    expect(unit(b, 'pr2')!.stands[0]!.centre.y).toBeCloseTo(unit(s, 'pr2')!.stands[0]!.centre.y + 50, 6);
    expect(rejection(b, { type: 'moveUnit', side: 'blue', unit: 'pr2', legs: [{ kind: 'forward', mm: 20 }] })).toBe('not-your-turn');
    expect(rejection(b, { type: 'moveUnit', side: 'red', unit: 'fr2', legs: [{ kind: 'forward', mm: 50 }] })).toBe('accepted');
  });
});

describe('DoG Sequence of Play: "The player with the initiative … fires first"', () => {
  it('blue fires first and red, 60 m off, answers with the figures it has left after blue\'s casualties', () => {
    const f = advanceTo(battle(units), 'fireFirst');
    expect(rejection(f, { type: 'fire', side: 'red', unit: 'fr', target: 'pr' })).toBe('not-your-turn');
    // Blue: die 0 reads 4, +1 fire factor, +2 initial volley, +1 musket at 60 m: score 8 on 12 figures.
    // Then fr tests morale for its losses (a 1 holds).
    const a = apply(withDice(f, [10, 1]), { type: 'fire', side: 'blue', unit: 'pr', target: 'fr' });
    const lost = a.state.ruleset.units['fr']!.menLost;
    expect(lost).toBeGreaterThan(0);
    const b = advanceTo(a.state, 'fireSecond');
    const r = apply(withDice(b, [1]), { type: 'fire', side: 'red', unit: 'fr', target: 'pr' });
    const shot = rolls(r.events).find((x) => x.purpose.startsWith('fr fires'))!;
    // Fr fires with the front rank it has left: 3 a stand, fewer on a stand that lost figures.
    const front = unit(b, 'fr')!.stands.reduce((n, st) => n + Math.min(st.figures ?? 0, 3), 0);
    expect(front).toBeLessThan(12);
    expect(shot.table!.column).toBe(`${front} figures firing`);
    expect(shot.modifiers.some((m) => m.label.startsWith('firing unit is itself under fire'))).toBe(true);
  });
});

/**
 * Re-forming a group (dressGroup, (3) Orders p.6-7) is bound by the order rules that depend on the
 * direction of a move ((3) Order interpretation p.8): Advance "may not end further from nearest
 * massed enemy", Reserve "may not voluntarily move closer to enemy within 20cms". The table offers
 * "Dress the group on <unit>" for a group out of shape.
 */
import { describe, it, expect } from 'vitest';
import { viewFor } from '../../../src/engine/view';
import { sevenYearsWar } from '../../../src/rules/seven-years-war';
import type { SeenGame } from '../../../src/engine/ruleset';
import type { SywState, Options } from '../../../src/rules/seven-years-war/state';
import type { Tables } from '../../../src/rules/seven-years-war/tablesSchema';
import { battle, setOrder, advanceTo, apply, rejection, SYW, type U, type St } from './build';

const T = sevenYearsWar.table!;
const seen = (s: St, side: string) => viewFor(SYW, s, side) as unknown as SeenGame<SywState, Options, Tables>;
// Blue battalions face down the table (+y); blue-b stands 1cm behind blue-a (a column of units).
// dressGroup puts blue-b on blue-a's right as the troops see it (−x): x 650-810.
const a: U = { id: 'blue-a', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15 };
const b: U = { ...a, id: 'blue-b', y: 275 };
const redFar: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1100, facingDeg: -90, n: 4, depth: 15 };

function group(order: 'advance' | 'reserve', enemy: U): St {
  const s = battle([a, b, enemy], { groups: [{ id: 'g', units: ['blue-a', 'blue-b'], order: 'reserve' }] });
  return advanceTo(setOrder(s, 'g', order), 'movement');
}

describe('(3) Order interpretation p.8, Advance: re-forming may not take a stand further from the nearest massed enemy', () => {
  // Massed enemy off to the left (+x), level with the group: blue-b re-forms away from it (to −x).
  const east: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 1500, y: 290, facingDeg: 180, n: 4, depth: 15 };
  it('a dressGroup that moves blue-b away from red-1 is refused (advance-away)', () => {
    expect(rejection(group('advance', east), { type: 'dressGroup', side: 'blue', group: 'g' })).toBe('advance-away');
  });
  it('with the enemy ahead the same re-forming brings every stand nearer and is accepted', () => {
    expect(rejection(group('advance', redFar), { type: 'dressGroup', side: 'blue', group: 'g' })).toBe('accepted');
  });
});

describe('(3) Order interpretation p.8, Reserve: re-forming may not approach enemy within 20cm', () => {
  // Enemy 21cm to the right (−x) of the column: re-forming to x 650-810 would bring blue-b within 4cm.
  const west: U = { id: 'red-1', side: 'red', type: 'light-infantry', x: 530, y: 290, facingDeg: 0, n: 4, depth: 20 };
  it('a dressGroup that brings blue-b closer than 20cm to red-1 is refused (reserve-approach)', () => {
    const s = group('reserve', west);
    expect(rejection(s, { type: 'dressGroup', side: 'blue', group: 'g' })).toBe('reserve-approach');
  });
  it('with the enemy far away the same dressGroup is accepted and moves blue-b beside blue-a', () => {
    const r = apply(group('reserve', redFar), { type: 'dressGroup', side: 'blue', group: 'g' });
    const xs = r.state.battle.units.find((u) => u.id === 'blue-b')!.stands.map((st) => st.centre.x);
    expect(Math.max(...xs) + 20).toBeCloseTo(810, 6);
  });
});

describe('(3) Orders p.6-7 on the table: "Dress the group on <unit>"', () => {
  it('a group out of shape (column of units on Advance) offers the button, naming the anchor', () => {
    const acts = T.actions!(seen(group('advance', redFar), 'blue'), 'blue', 'blue-b');
    const dress = acts.filter((x) => x.command.type === 'dressGroup');
    expect(dress.map((x) => x.label)).toEqual(['Dress the group on blue-a']);
    expect(dress[0]!.command).toEqual({ type: 'dressGroup', side: 'blue', group: 'g' });
    expect(dress[0]!.rule).toMatch(/Orders/);
  });
  it('a group in shape (column of units on Reserve) does not', () => {
    const acts = T.actions!(seen(group('reserve', redFar), 'blue'), 'blue', 'blue-a');
    expect(acts.some((x) => x.command.type === 'dressGroup')).toBe(false);
  });
  it('a unit split around a friend (§4 p.10 NB) offers it too', () => {
    const li: U = { id: 'blue-li', side: 'blue', type: 'light-infantry', x: 900, y: 200, facingDeg: 90, n: 2, depth: 20 };
    const line: U = { id: 'blue-2', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15 };
    const s0 = advanceTo(setOrder(setOrder(battle([li, line, redFar]), 'blue-li', 'reserve'), 'blue-2', 'reserve'), 'movement');
    const s = apply(s0, { type: 'moveGroup', side: 'blue', group: 'blue-li', legs: [{ kind: 'forward', mm: 100 }] }).state;
    expect(s.battle.units.find((u) => u.id === 'blue-li')!.extra.sywSplitThrough).toBe('blue-2');
    const acts = T.actions!(seen(s, 'blue'), 'blue', 'blue-li').filter((x) => x.command.type === 'dressGroup');
    expect(acts.map((x) => x.label)).toEqual(['Dress the group on blue-li']);
  });
  it('nor one whose re-forming the order rules refuse', () => {
    const east: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 1500, y: 290, facingDeg: 180, n: 4, depth: 15 };
    const acts = T.actions!(seen(group('advance', east), 'blue'), 'blue', 'blue-a');
    expect(acts.some((x) => x.command.type === 'dressGroup')).toBe(false);
  });
});

/**
 * Seven Years War: §4 p.10 Movement through friendly units — routers, massed through massed, light and massed.
 */
import { describe, expect, it } from 'vitest';
import { Work } from '../../../src/rules/seven-years-war/work';
import { battle, apply, advanceTo, setOrder, scriptedCtx, type U, type St } from './build';
import { interpenetrated } from '../../../src/rules/seven-years-war/forcedMoves';

const inf = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number, extra: Partial<U> = {}): U => ({ id, side, type: 'medium-infantry', x, y, facingDeg, n: 4, depth: 15, ranks: 1, ...extra });

describe('§4 p.10 "Light and Massed interpenetrating: Both parties go to Stand, or Reserve orders immediately after passing through each other"', () => {
  // Blue line on Reserve passes through blue light infantry 8cm ahead of it.
  const li: U = { id: 'blue-2', side: 'blue', type: 'light-infantry', x: 900, y: 380, facingDeg: 90, n: 2, depth: 20 };
  const start = () => advanceTo(setOrder(setOrder(battle([inf('blue-1', 'blue', 900, 300, 90), li, inf('red-1', 'red', 900, 1100, -90)]), 'blue-1', 'reserve'), 'blue-2', 'advance'), 'movement');
  const move = { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 150 }] };
  it('by default both go to Reserve', () => {
    const r = apply(start(), move);
    expect(r.state.ruleset.groups['blue-1']!.order).toBe('reserve');
    expect(r.state.ruleset.groups['blue-2']!.order).toBe('reserve');
  });
  it('the moving player may choose Stand for both (afterPassThrough)', () => {
    const r = apply(start(), { ...move, afterPassThrough: 'stand' });
    expect(r.state.ruleset.groups['blue-1']!.order).toBe('stand');
    expect(r.state.ruleset.groups['blue-2']!.order).toBe('stand');
  });
});

const cav = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number): U => ({ id, side, type: 'heavy-cavalry', x, y, facingDeg, n: 3, depth: 30 });

const gun = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number): U => ({ id, side, type: 'medium-artillery', x, y, facingDeg, n: 1, depth: 40 });

const work = (s: St, faces: number[] = []) => new Work(s, scriptedCtx(s, faces).ctx);

describe('§4 p.10 Movement through friendly units: "Routing through any: No penalty for Routers, interpenetrated unit goes to Stand orders and is disordered"', () => {
  const s0 = () => battle([inf('blue-1', 'blue', 900, 400, 90), inf('blue-2', 'blue', 900, 300, 90), inf('red-1', 'red', 900, 1000, -90)]);
  it('a friend on Reserve that routers pass through goes to Stand and is disordered', () => {
    const s = setOrder(setOrder(s0(), 'blue-1', 'rout'), 'blue-2', 'reserve');
    const w = work(s);
    interpenetrated(w, 'blue-1', 'blue-2', 'rout', 'test');
    expect(w.rs.groups['blue-2']!.order).toBe('stand');
    expect(w.unitState('blue-2')!.disordered).toBe(true);
  });
  it('a friend that is itself routing stays routing (going to Stand would rally it without a rally test, 7 p.16)', () => {
    const s = setOrder(setOrder(s0(), 'blue-1', 'rout'), 'blue-2', 'rout');
    const w = work(s);
    interpenetrated(w, 'blue-1', 'blue-2', 'rout', 'test');
    expect(w.rs.groups['blue-2']!.order).toBe('rout');
    expect(w.unitState('blue-2')!.disordered).toBe(true);
  });
});

describe('§4 p.10 "Massed through Massed: Only allowed if Routing or Breaking through, or to pass through Artillery at Stand, in which case both parties go to Reserve Orders. All these interpenetrations disorder both parties"', () => {
  it('cavalry breaking through a friendly battalion on Stand: both disordered, neither changes orders', () => {
    const s = setOrder(battle([cav('blue-1', 'blue', 900, 400, 90), inf('blue-2', 'blue', 900, 500, 90), inf('red-1', 'red', 900, 1000, -90)]), 'blue-2', 'stand');
    const w = work(setOrder(s, 'blue-1', 'advance'));
    interpenetrated(w, 'blue-1', 'blue-2', 'move', 'test');
    expect(w.rs.groups['blue-1']!.order).toBe('advance');
    expect(w.rs.groups['blue-2']!.order).toBe('stand');
    expect(w.unitState('blue-1')!.disordered).toBe(true);
    expect(w.unitState('blue-2')!.disordered).toBe(true);
  });
  it('passing through artillery at Stand sends both to Reserve, both disordered', () => {
    const s = setOrder(battle([inf('blue-1', 'blue', 900, 400, 90), gun('blue-2', 'blue', 900, 500, 90), inf('red-1', 'red', 900, 1000, -90)]), 'blue-2', 'stand');
    const w = work(setOrder(s, 'blue-1', 'advance'));
    interpenetrated(w, 'blue-1', 'blue-2', 'move', 'test');
    expect(w.rs.groups['blue-1']!.order).toBe('reserve');
    expect(w.rs.groups['blue-2']!.order).toBe('reserve');
    expect(w.unitState('blue-1')!.disordered).toBe(true);
    expect(w.unitState('blue-2')!.disordered).toBe(true);
  });
});

/**
 * DoG MOVEMENT PHASE: the allowances of shared/rules/README.md (infantry 100 m in line, 150 m in
 * column), Movement Costs (woods halve the rate inside them; a wall costs metres on crossing; rivers
 * impassable), "All units (except skirmishers) may not move through other units", and FORMATION
 * CHANGES paid in move — each through the geometry's movement core, on the engine's commands.
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, apply, ofType, rejection, type U } from './build';

const box = (x0: number, y0: number, x1: number, y1: number) => [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
/** Prussian musketeers (blue, facing down the table) at y 300, the French far off; blue moves first. */
const at = (units: U[] = [], terrain: unknown[] = []) => advanceTo(battle([
  { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 300 },
  { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 1400 },
  ...units,
], { terrain }), 'moveFirst');
const fwd = (mm: number, unit = 'pr') => ({ type: 'moveUnit', side: 'blue', unit, legs: [{ kind: 'forward', mm }] });

describe('DoG MOVEMENT PHASE: allowances (shared/rules/README.md: infantry 100 line / 150 column)', () => {
  it('a line moves 100 m, not 110 m', () => {
    expect(rejection(at(), fwd(100))).toBe('accepted');
    expect(rejection(at(), fwd(110))).toBe('illegal-move');
  });
  it('a column moves 150 m, not 160 m', () => {
    const s = advanceTo(battle([
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 300, formation: 'column' },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 1400 },
    ]), 'moveFirst');
    expect(rejection(s, fwd(150))).toBe('accepted');
    expect(rejection(s, fwd(160))).toBe('illegal-move');
  });
});

describe('DoG Movement Costs', () => {
  it('woods halve the rate for the distance inside them: a 70 m advance whose last 30 m are inside the wood costs 100 m of move; 80 m is too far', () => {
    // The line's stands are centred on y 300 (20 m deep); the wood begins at 340: their middles go 30 m into it.
    const wood = { id: 'w', kind: 'wood', name: 'Eichholz', polygon: box(1000, 340, 1400, 700) };
    const r = apply(at([], [wood]), fwd(70));
    expect(ofType(r.events, 'UnitMoved')[0]).toMatchObject({ unit: 'pr', distanceM: 100 });
    expect(rejection(at([], [wood]), fwd(80))).toBe('illegal-move');
  });
  it('a low wall costs 25 m on crossing: 70 m and the wall is 95 m of move', () => {
    const wall = { id: 'wl', kind: 'obstacle', name: 'Kirchhofmauer', polygon: box(1000, 340, 1400, 342) };
    const r = apply(at([], [wall]), fwd(70));
    expect(ofType(r.events, 'UnitMoved')[0]).toMatchObject({ unit: 'pr', distanceM: 95 });
    expect(rejection(at([], [wall]), fwd(80))).toBe('illegal-move');
  });
  it('a river is impassable (away from a bridge or ford)', () => {
    const river = { id: 'rv', kind: 'river', name: 'Lauter', polygon: box(0, 350, 2400, 380) };
    expect(rejection(at([], [river]), fwd(90))).toBe('illegal-move');
  });
});

describe('DoG MOVEMENT PHASE: "All units (except skirmishers) may not move through other units"', () => {
  it('a line may not march through a friendly battalion 50 m ahead; skirmishers may pass through it', () => {
    const friend: U = { id: 'fd', side: 'blue', type: 'musketeer', x: 1200, y: 360 };
    expect(rejection(at([friend]), fwd(90))).toBe('illegal-move');
    const s = at([friend, { id: 'sk', side: 'blue', type: 'fusilier', formation: 'skirmish', x: 1200, y: 330, n: 2 }]);
    expect(rejection(s, fwd(80, 'sk'))).toBe('accepted');
  });
});

describe('DoG FORMATION CHANGES: the time is paid in move', () => {
  it('Prussian line to column takes 1 1/2 turns (Pr/Au): it ends this move and the next', () => {
    const r = apply(at(), { type: 'changeFormation', side: 'blue', unit: 'pr', formation: 'column' });
    expect(ofType(r.events, 'FormationChanged')[0]).toMatchObject({ unit: 'pr', formation: 'column', turns: 1.5, busyUntil: 2 });
    expect(rejection(r.state, fwd(10))).not.toBe('accepted');
  });
});

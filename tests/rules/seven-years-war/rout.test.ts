/**
 * Seven Years War: 7 Rout and Pursuit p.15 — routers take the most rapid route avoiding enemy by 5cm, or surrender without one.
 */
import { describe, expect, it } from 'vitest';
import { unitDistance } from '../../../src/geometry/measure';
import { battle, advanceTo, setOrder, type U, type St } from './build';

const blueInf: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15, ranks: 1 };

const redInf: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };

describe('7 Rout and Pursuit p.15: routers take "the most rapid route ... avoiding any enemy not in Retreat by 5cms"; without "a route free of enemies at least 10cms wide to their half of the table" they surrender', () => {
  // Red routers in blue's half (red's half is below the centreline, y >= 600) move at the start of blue's movement.
  const router: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 420, facingDeg: -90, n: 3, depth: 15, ranks: 1 };
  const wallUnit = (i: number): U => ({ ...blueInf, id: `blue-${i}`, x: 85 + 163 * i, y: 500 });
  // A second red unit far off keeps red in the game (house victory).
  const routed = (units: U[]) => advanceTo(setOrder(battle([...units, router, { ...redInf, id: 'red-2', x: 1500, y: 1100 }]), 'red-1', 'rout'), 'movement');
  const redStands = (s: St) => s.battle.units.find((u) => u.id === 'red-1')!.stands;
  it('an enemy straight in the way is gone round at 5cm or more, and the routers still gain ground home', () => {
    const blocker: U = { ...blueInf, id: 'blue-1', x: 900, y: 560 };
    const s = routed([blocker]);
    const st = redStands(s);
    expect(unitDistance(st, s.battle.units.find((u) => u.id === 'blue-1')!.stands)).toBeGreaterThanOrEqual(49.5);
    expect(st.reduce((a, x) => a + x.centre.y, 0) / st.length).toBeGreaterThan(450);
    expect(s.ruleset.units['red-1']!.surrendered).toBe(false);
  });
  it('a line of enemy across the table with no gap of 10cm: they surrender instead of routing', () => {
    const s = routed(Array.from({ length: 11 }, (_, i) => wallUnit(i)));
    expect(s.ruleset.units['red-1']!.surrendered).toBe(true);
    expect(redStands(s)[0]!.centre.y).toBeCloseTo(427.5, 1);
  });
  it('the same line with a 16cm gap ahead leaves them a lane: no surrender', () => {
    const s = routed(Array.from({ length: 11 }, (_, i) => wallUnit(i)).filter((u) => u.id !== 'blue-5'));
    expect(s.ruleset.units['red-1']!.surrendered).toBe(false);
  });
});

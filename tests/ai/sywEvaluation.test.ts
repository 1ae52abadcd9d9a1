/**
 * Seven Years War: the AI's evaluation of a position reads what decides the battle, the house
 * victory's share of points lost (RULINGS.md, Victory; 9 Points system p.20), with routing and
 * retreating groups' points at risk and disordered units' points weighted lower.
 */
import { describe, expect, it } from 'vitest';
import { evaluateFor } from '../../src/engine/lookahead';
import { pt } from '../../src/geometry/types';
import { SYW, battle, setOrder, type St, type U } from '../rules/seven-years-war/build';
import { ROUT_AT_RISK } from '../../src/rules/seven-years-war/ai/evaluate';

const unit = (id: string, side: 'blue' | 'red', type: string, x: number, y: number, n: number, depth: number): U => ({ id, side, type, x, y, facingDeg: side === 'blue' ? 90 : -90, n, depth });
const fresh = (): St => battle([
  unit('blue-inf', 'blue', 'medium-infantry', 700, 250, 4, 15), unit('blue-art', 'blue', 'medium-artillery', 1000, 250, 1, 40),
  unit('red-inf', 'red', 'medium-infantry', 700, 950, 4, 15), unit('red-art', 'red', 'medium-artillery', 1000, 950, 1, 40),
]);
const ev = (s: St, side: string) => evaluateFor(SYW, s, side);
/** `id` lost whole, as the rules count it (losses.ts destroyUnit): its stands' points added to its side's loss. */
function lose(s: St, id: string, points: number): St {
  const u = s.battle.units.find((x) => x.id === id)!;
  return { ...s, battle: { ...s.battle, units: s.battle.units.filter((x) => x.id !== id) }, ruleset: { ...s.ruleset, pointsLost: { ...s.ruleset.pointsLost, [u.side]: (s.ruleset.pointsLost[u.side] ?? 0) + points } } };
}

describe('Seven Years War evaluation: the share of points lost decides (house victory, RULINGS.md; 9 p.20)', () => {
  it('an even position scores nothing, and one side\'s gain is the other\'s loss', () => {
    const s = fresh();
    expect(ev(s, 'blue')).toBe(0);
    const t = lose(s, 'red-inf', 12);
    expect(ev(t, 'blue')).toBeGreaterThan(0);
    expect(ev(t, 'red')).toBeCloseTo(-ev(t, 'blue'), 9);
  });

  it('a gun lost whole costs its 10 points of 22, more than a battalion\'s stand of 3', () => {
    const s = fresh();
    expect(s.ruleset.startPoints.blue).toBe(22);
    const gun = ev(lose(s, 'blue-art', 10), 'blue');
    expect(gun).toBeLessThan(0);
    const stand = ev({ ...s, ruleset: { ...s.ruleset, pointsLost: { ...s.ruleset.pointsLost, blue: 3 } } }, 'blue');
    expect(gun).toBeCloseTo((10 / 3) * stand, 9);
  });

  it('ground decides nothing: the same troops further forward score the same', () => {
    const s = fresh();
    const forward = { ...s, battle: { ...s.battle, units: s.battle.units.map((u) => (u.side === 'blue' ? { ...u, stands: u.stands.map((st) => ({ ...st, centre: pt(st.centre.x, st.centre.y + 400) })) } : u)) } };
    expect(ev(forward, 'blue')).toBe(ev(s, 'blue'));
  });

  it('a routing group counts half its points as lost already, a retreating one a tenth', () => {
    const s = fresh();
    const group = Object.values(s.ruleset.groups).find((g) => g.units.includes('blue-inf'))!;
    expect(group.units).toEqual(['blue-inf']);
    const lost = ev(lose(s, 'blue-inf', 12), 'blue');
    const routing = ev(setOrder(s, group.id, 'rout'), 'blue');
    const retreating = ev(setOrder(s, group.id, 'retreat'), 'blue');
    expect(routing).toBeCloseTo(ROUT_AT_RISK * lost, 9);
    expect(retreating).toBeCloseTo(0.1 * lost, 9);
  });

  it('a disordered battalion weighs less than its loss but more than the scripted player lets a move cost at once (0.1)', () => {
    const s = fresh();
    const d = { ...s, ruleset: { ...s.ruleset, units: { ...s.ruleset.units, 'blue-inf': { ...s.ruleset.units['blue-inf']!, disordered: true } } } };
    const v = ev(d, 'blue');
    expect(v).toBeLessThan(-0.1);
    expect(v).toBeGreaterThan(ev(lose(s, 'blue-inf', 12), 'blue'));
  });
});

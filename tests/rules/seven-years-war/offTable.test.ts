/**
 * Seven Years War: 8 p.18 Groups going off table — halting at the edge, returning on the dice, and troops near the arrival point moved back.
 */
import { describe, expect, it } from 'vitest';
import { battle, withDice, apply, advanceTo, setOrder, rolls, type U, type St } from './build';

const blueInf: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15, ranks: 1 };

const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };

describe('Groups going off table (8 p.18): "Troops within 10cms of a returning unit\'s arrival point are moved back freely to a position 10cms away"', () => {
  it('a unit standing 3cm from where a group comes back is slid straight away to 10cm, undisordered, and the group returns on its 5', () => {
    const near: U = { ...red, x: 100, y: 600, facingDeg: 180 };
    // A second blue unit stays on the table (a side with nothing on it has lost, house victory).
    const s0 = battle([blueInf, { ...blueInf, id: 'blue-2', x: 1500 }, near]);
    const s1 = { ...s0, ruleset: { ...s0.ruleset, groups: { ...s0.ruleset.groups, 'blue-1': { ...s0.ruleset.groups['blue-1']!, offTable: { x: 0, y: 600, pursued: false, routers: false, tested: false } } } } };
    const r = apply(withDice(s1, [5]), { type: 'endStep', side: 'blue' });
    expect(r.state.ruleset.groups['blue-1']!.offTable).toBeNull();
    const xs = (id: string) => r.state.battle.units.find((u) => u.id === id)!.stands.map((st) => st.centre.x);
    // Blue arrives facing inwards 6cm in (front edge at 6.75cm); red is pushed to 10cm beyond it.
    expect(Math.min(...xs('red-1')) - 7.5 - (Math.max(...xs('blue-1')) + 7.5)).toBeCloseTo(100, 0);
    expect(r.events.some((e) => e.type === 'MovedForReturn')).toBe(true);
    expect(r.state.ruleset.units['red-1']!.disordered).toBe(false);
  });
});

const inf = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number, extra: Partial<U> = {}): U => ({ id, side, type: 'medium-infantry', x, y, facingDeg, n: 4, depth: 15, ranks: 1, ...extra });

const unit = (s: St, id: string) => s.battle.units.find((u) => u.id === id)!;

const ys = (s: St, id: string) => unit(s, id).stands.map((st) => st.centre.y);

const withGroup = (s: St, id: string, patch: Record<string, unknown>): St => ({ ...s, ruleset: { ...s.ruleset, groups: { ...s.ruleset.groups, [id]: { ...s.ruleset.groups[id]!, ...patch } } } });

describe('8 p.18 Groups going off table: "Any Group except those which are Retreating ... may halt at the point where any of its units begins leaving the table, they are then on Reserve orders"', () => {
  // Red has only lights (no massed enemy to advance away from), well away from the path.
  const redLights: U = { id: 'red-1', side: 'red', type: 'light-infantry', x: 300, y: 300, facingDeg: -90, n: 2, depth: 20 };
  const keeper = inf('blue-9', 'blue', 1500, 300, 90);
  const nearBottom = () => advanceTo(setOrder(battle([inf('blue-1', 'blue', 900, 1100, 90), keeper, redLights]), 'blue-1', 'advance'), 'movement');
  const forward = { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 150 }] };

  it('an Advance group whose move reaches the edge halts there (by default) and goes to Reserve', () => {
    const r = apply(nearBottom(), forward);
    const front = Math.max(...ys(r.state, 'blue-1')) + 7.5;
    expect(front).toBeLessThanOrEqual(1200.5);
    expect(front).toBeGreaterThan(1189);
    expect(r.state.ruleset.groups['blue-1']!.order).toBe('reserve');
    expect(r.state.ruleset.groups['blue-1']!.offTable).toBeNull();
    expect(r.events.some((e) => e.type === 'HaltedAtTableEdge')).toBe(true);
  });
  it('"If they decide not to halt ... they are removed from the table when any stand begins to leave it" (atEdge: leave), unpursued', () => {
    const r = apply(nearBottom(), { ...forward, atEdge: 'leave' });
    expect(r.state.ruleset.groups['blue-1']!.offTable).toMatchObject({ pursued: false, routers: false });
    expect(r.state.ruleset.groups['blue-1']!.order).toBe('reserve'); // "Units off table count as on Reserve orders"
    expect(r.events.some((e) => e.type === 'GroupLeftTable')).toBe(true);
  });
  it('a move that stays on the table is not cut', () => {
    const r = apply(nearBottom(), { ...forward, legs: [{ kind: 'forward', mm: 50 }] });
    expect(r.state.ruleset.groups['blue-1']!.order).toBe('advance');
    expect(Math.max(...ys(r.state, 'blue-1')) + 7.5).toBeCloseTo(1150, 0);
  });

  // Blue retreats towards its own (top) edge, 8cm behind it.
  const retreating = () => advanceTo(setOrder(battle([inf('blue-1', 'blue', 900, 80, 90), keeper, inf('red-1', 'red', 900, 1000, -90)]), 'blue-1', 'retreat'), 'movement');
  it('"or are Retreating ... they are removed from the table": a Retreat group\'s move over the edge takes it off (it cannot halt)', () => {
    const r = apply(retreating(), { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'turn', deg: 180 }, { kind: 'forward', mm: 150 }], atEdge: 'halt' });
    expect(r.state.ruleset.groups['blue-1']!.offTable).not.toBeNull();
    expect(r.state.ruleset.groups['blue-1']!.order).toBe('reserve');
  });
  it('the forced Retreat half move (p.8 "Move at least half maximum speed") at the edge also takes the group off', () => {
    const r = apply(retreating(), { type: 'endStep', side: 'blue' });
    expect(r.state.ruleset.groups['blue-1']!.offTable).not.toBeNull();
  });
});

describe('8 p.18: "5+ If left the table unpursued ... 6 If left the table followed by pursuers, or if Routers. They return on table on a 5+ in subsequent turns except Routers, who only test once"', () => {
  const keeper = inf('blue-9', 'blue', 1500, 300, 90);
  const off = (o: Record<string, unknown>) => withGroup(battle([inf('blue-1', 'blue', 900, 300, 90), keeper, inf('red-1', 'red', 900, 1000, -90)]), 'blue-1', { offTable: { x: 900, y: 0, pursued: false, routers: false, tested: false, ...o } });
  it('pursued, first test: a 5 is not enough', () => {
    const r = apply(withDice(off({ pursued: true }), [5]), { type: 'endStep', side: 'blue' });
    expect(r.state.ruleset.groups['blue-1']!.offTable).toMatchObject({ tested: true });
  });
  it('pursued, a later turn: a 5 brings it back (on Stand)', () => {
    const r = apply(withDice(off({ pursued: true, tested: true }), [5]), { type: 'endStep', side: 'blue' });
    expect(r.state.ruleset.groups['blue-1']!.offTable).toBeNull();
    expect(r.state.ruleset.groups['blue-1']!.order).toBe('stand');
    expect(rolls(r.events).find((x) => x.purpose.includes('return'))!.faces).toEqual([5]);
  });
  it('routers who failed their one test do not test again', () => {
    const r = apply(withDice(off({ routers: true, tested: true }), []), { type: 'endStep', side: 'blue' });
    expect(rolls(r.events).some((x) => x.purpose.includes('return'))).toBe(false);
    expect(r.state.ruleset.groups['blue-1']!.offTable).not.toBeNull();
  });
});

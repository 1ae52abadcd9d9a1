/** Third audit (/tmp/audit/syw.md findings 1, 2, 4, 5, 9, 12): each case cites the section it enforces, with scripted dice. */
import { describe, expect, it } from 'vitest';
import { Work } from '../../../src/rules/seven-years-war/work';
import { chargeMoves } from '../../../src/rules/seven-years-war/chargeMoves';
import { inContact } from '../../../src/rules/seven-years-war/geo';
import { battle, withDice, apply, rejection, advanceTo, setOrder, rolls, scriptedCtx, type U, type St } from './build';
import { casualtyTest } from '../../../src/rules/seven-years-war/moraleTests';

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

describe('6 f) p.12 "Chargers whose target Retreats or Routs out of charge reach move a full Advance move instead"; h) p.13 evaders "Rout if contacted"', () => {
  const cav: U = { id: 'blue-1', side: 'blue', type: 'medium-cavalry', x: 900, y: 600, facingDeg: 90, n: 3, depth: 30 };
  const charge = { type: 'declareCharge', side: 'blue', group: 'blue-1', target: 'red-1' };
  it('a router still inside the charge reach is contacted (and fights at combat value 0, §3 p.8)', () => {
    // Red infantry routing away (facing its own edge) 13.5cm in front of the cavalry (30cm move).
    let s = advanceTo(setOrder(battle([cav, inf('red-1', 'red', 900, 750, 90)]), 'blue-1', 'advance'), 'movement');
    s = setOrder(s, 'red-1', 'rout');
    // General D4, charging 2D6 (the routers take no being-charged test).
    const r = apply(withDice(s, [1, 6, 6]), charge);
    const { ctx, events } = scriptedCtx(r.state, []);
    const w = new Work(r.state, ctx);
    chargeMoves(r.state, w);
    expect(events.some((e) => e.type === 'ChargeContact')).toBe(true);
    expect(inContact(w.unit('blue-1')!, w.unit('red-1')!)).toBe(true);
  });
  it('light infantry that evade 10cm + D6 but are still in reach are contacted and rout', () => {
    const li: U = { id: 'red-1', side: 'red', type: 'light-infantry', x: 900, y: 700, facingDeg: -90, n: 2, depth: 20 };
    const s = advanceTo(setOrder(battle([cav, li]), 'blue-1', 'advance'), 'movement');
    // General D4, charging 2D6, target general D4, being charged 2D6 (OK), evade D6 = 1: 11cm, the gap is then 21cm of 30.
    const r = apply(withDice(s, [1, 6, 6, 1, 6, 6, 1]), charge);
    expect(r.state.ruleset.groups['red-1']!.order).toBe('reserve');
    const { ctx, events } = scriptedCtx(r.state, []);
    const w = new Work(r.state, ctx);
    chargeMoves(r.state, w);
    expect(events.some((e) => e.type === 'EvadersCaught')).toBe(true);
    expect(w.rs.groups['red-1']!.order).toBe('rout');
    expect(inContact(w.unit('blue-1')!, w.unit('red-1')!)).toBe(true);
  });
});

describe('§4 p.10 lights falling back: "If the enemy would catch them they must make an additional Evade move, being destroyed if they are contacted"', () => {
  // Blue line advances 6cm into contact with red light infantry, whose retreat is blocked by blue-2 right behind them.
  const li: U = { id: 'red-1', side: 'red', type: 'light-infantry', x: 900, y: 700, facingDeg: -90, n: 2, depth: 20 };
  const blocker: U = { id: 'blue-2', side: 'blue', type: 'light-infantry', x: 900, y: 721, facingDeg: -90, n: 2, depth: 20 };
  it('lights that cannot fall back roll the evade move and, still in contact, are destroyed', () => {
    const s = advanceTo(setOrder(battle([inf('blue-1', 'blue', 900, 640, 90), blocker, li]), 'blue-1', 'advance'), 'movement');
    const r = apply(withDice(s, [3]), { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 59.5 }] });
    expect(rolls(r.events).find((x) => x.purpose.includes('caught falling back'))!.faces).toEqual([3]);
    expect(r.state.battle.units.some((u) => u.id === 'red-1')).toBe(false);
  });
});

describe('8 p.18 Results: "Testing for casualties, or being Charged 6+ OK; Stay at current orders, or go to Advance"', () => {
  const base = () => battle([inf('blue-1', 'blue', 900, 300, 90), inf('red-1', 'red', 900, 1000, -90)]);
  const test = (s: St) => {
    // General D4, 2D6 of 6+6.
    const { ctx } = scriptedCtx(s, [1, 6, 6]);
    const w = new Work(s, ctx);
    casualtyTest(w, 'blue-1', 'casualties', [], null);
    return w.rs.groups['blue-1']!.order;
  };
  it('by default the group stays at its orders', () => {
    expect(test(base())).toBe('stand');
  });
  it('a group whose owner chose Advance (setAdvanceOnOk) goes to Advance', () => {
    const s = apply(base(), { type: 'setAdvanceOnOk', side: 'blue', group: 'blue-1', advance: true }).state;
    expect(s.ruleset.groups['blue-1']!.advanceOnOk).toBe(true);
    expect(test(s)).toBe('advance');
  });
  it('a player chooses only for his own groups', () => {
    expect(rejection(base(), { type: 'setAdvanceOnOk', side: 'blue', group: 'red-1', advance: true })).toBe('bad-group');
  });
});

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

describe('(3) Order interpretation p.8 Retreat: "End facing in the same or opposite direction"', () => {
  const start = () => advanceTo(setOrder(battle([inf('blue-1', 'blue', 900, 300, 90), inf('red-1', 'red', 900, 1000, -90)]), 'blue-1', 'retreat'), 'movement');
  it('a wheel that leaves a normally drilled retreater 45 degrees off is refused', () => {
    expect(rejection(start(), { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'turn', deg: 180 }, { kind: 'forward', mm: 50 }, { kind: 'wheel', dir: 'left', deg: 45 }] })).toBe('retreat-facing');
  });
  it('about face and away is accepted', () => {
    expect(rejection(start(), { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'turn', deg: 180 }, { kind: 'forward', mm: 100 }] })).toBe('accepted');
  });
});

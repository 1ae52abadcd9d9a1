/**
 * Seven Years War: 7 Rout and Pursuit pp.15–16 — pursuers meeting fresh enemy, winners who need not pursue, pursuers moving as groups and through friendly lights.
 */
import { describe, expect, it } from 'vitest';
import { Work } from '../../../src/rules/seven-years-war/work';
import { closeCombat } from '../../../src/rules/seven-years-war/melee';
import { pursueTowards } from '../../../src/rules/seven-years-war/pursuit';
import { battle, apply, rejection, setOrder, rolls, scriptedCtx, type St, type U } from './build';
import { blockedBy, interpenetrated } from '../../../src/rules/seven-years-war/forcedMoves';
import { groupShapeProblem } from '../../../src/rules/seven-years-war/groupShape';
import { centroid } from '../../../src/rules/seven-years-war/geo';

const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };

describe('Fresh enemy met in pursuit (7 (b) p.16)', () => {
  const cav: U = { id: 'blue-cav', side: 'blue', type: 'heavy-cavalry', x: 900, y: 300, facingDeg: 90, n: 2, depth: 30 };
  it('artillery in the way is passed through: it tests as being charged, goes to Reserve, and the pursuit carries on beyond it', () => {
    const gun: U = { id: 'red-gun', side: 'red', type: 'medium-artillery', x: 900, y: 420, facingDeg: -90, n: 1, depth: 40 };
    const s = battle([cav, gun, { ...red, y: 800 }]);
    const { ctx, events } = scriptedCtx(s, [1, 6, 6]);
    const w = new Work(s, ctx);
    pursueTowards(w, 'blue-cav', { x: 900, y: 900 }, 300);
    expect(events.find((e) => e.type === 'FreshEnemyMet')).toMatchObject({ enemy: 'red-gun' });
    expect(w.rs.groups['red-gun']!.order).toBe('reserve');
    expect(Math.min(...w.unit('blue-cav')!.stands.map((x) => x.centre.y))).toBeGreaterThan(460);
    expect(blockedBy(w, 'blue-cav', w.unit('blue-cav')!.stands)).toHaveLength(0);
  });
  it('fresh infantry met stops the pursuers in contact and tests as being charged', () => {
    const s = battle([cav, { ...red, y: 450 }]);
    const { ctx, events } = scriptedCtx(s, [1, 6, 6]);
    const w = new Work(s, ctx);
    pursueTowards(w, 'blue-cav', { x: 900, y: 900 }, 300);
    expect(events.some((e) => e.type === 'DiceRolled' && String(e.purpose).startsWith('Being charged: red-1'))).toBe(true);
    const gap = Math.min(...w.unit('red-1')!.stands.map((r) => Math.min(...w.unit('blue-cav')!.stands.map((b) => Math.abs(r.centre.y - b.centre.y) - 22.5))));
    expect(gap).toBeLessThanOrEqual(1.5);
  });
});

const inf = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number, extra: Partial<U> = {}): U => ({ id, side, type: 'medium-infantry', x, y, facingDeg, n: 4, depth: 15, ranks: 1, ...extra });

const unit = (s: St, id: string) => s.battle.units.find((u) => u.id === id)!;

describe('7 (b) p.16 Pursuers meeting fresh enemy: "Any Retreat or Rout moves resulting from this melee are made in the following movement phase. Artillery contacted in Pursuit may be fought, or passed through"', () => {
  const cav: U = { id: 'blue-cav', side: 'blue', type: 'heavy-cavalry', x: 900, y: 300, facingDeg: 90, n: 2, depth: 30 };
  const gun: U = { id: 'red-gun', side: 'red', type: 'medium-artillery', x: 900, y: 420, facingDeg: -90, n: 1, depth: 40 };
  const far = inf('red-9', 'red', 300, 1100, -90);
  it('a pursuer whose owner chose to fight artillery (setPursuitArtillery) stops in contact with it', () => {
    let s = battle([cav, gun, far]);
    s = apply(s, { type: 'setPursuitArtillery', side: 'blue', group: 'blue-cav', fight: true }).state;
    expect(s.ruleset.groups['blue-cav']!.fightArtilleryInPursuit).toBe(true);
    const { ctx, events } = scriptedCtx(s, [1, 6, 6]);
    const w = new Work(s, ctx);
    pursueTowards(w, 'blue-cav', { x: 900, y: 900 }, 300);
    expect(events.find((e) => e.type === 'FreshEnemyMet')).toMatchObject({ enemy: 'red-gun' });
    expect(w.rs.groups['red-gun']!.order).toBe('stand'); // not sent to Reserve by a pass-through
    expect(Math.max(...w.unit('blue-cav')!.stands.map((x) => x.centre.y)) + 15).toBeLessThanOrEqual(421); // stopped at the guns' front edge (y 420)
  });
  it('fresh infantry that fail their being-charged test owe the move: it is made at the start of the next movement step', () => {
    const s = battle([cav, inf('red-1', 'red', 900, 450, -90), far]);
    // General D4, being charged 2D6 of 1+1: a massed Retreat (fall back 20cm) or a Rout, deferred.
    const { ctx, events } = scriptedCtx(s, [1, 1, 1]);
    const w = new Work(s, ctx);
    pursueTowards(w, 'blue-cav', { x: 900, y: 900 }, 300);
    const before = unit(s, 'red-1').stands.map((x) => x.centre.y);
    expect(w.unit('red-1')!.stands.map((x) => x.centre.y)).toEqual(before);
    expect(['retreat', 'rout']).toContain(w.rs.groups['red-1']!.order);
    expect(events.some((e) => e.type === 'MoveDeferred')).toBe(true);
    expect(w.rs.deferredMoves).toHaveLength(1);
  });
  it('the owed fall back is made when the following movement step begins', () => {
    const s0 = setOrder(battle([cav, inf('red-1', 'red', 900, 450, -90), far]), 'red-1', 'retreat');
    const s = { ...s0, ruleset: { ...s0.ruleset, deferredMoves: [{ group: 'red-1', kind: 'fallback' as const, mm: 200, from: { x: 900, y: 300 }, phase: -1 }] } };
    const r = apply(s, { type: 'endStep', side: 'blue' });
    expect(Math.min(...unit(r.state, 'red-1').stands.map((x) => x.centre.y))).toBeCloseTo(457.5 + 200, 0);
    expect(r.state.ruleset.deferredMoves).toHaveLength(0);
  });
});

const blueInf: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15, ranks: 1 };

const redInf: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };

const withGroup = (s: St, id: string, patch: Record<string, unknown>): St => ({ ...s, ruleset: { ...s.ruleset, groups: { ...s.ruleset.groups, [id]: { ...s.ruleset.groups[id]!, ...patch } } } });

describe('6 h) p.15 / 7 p.15: winners "need not pursue unless Cavalry, but may move into the space vacated"; "Pursuers are Cavalry (or Infantry if desired)"', () => {
  // Blue and red infantry in contact; blue's 6 against red's 1 kills 2 stands and red routs on its 2D6 of 1,1.
  const red: U = { ...redInf, y: 300 };
  // The melee dice, the morale dice and the routers' moves; pursuers add their first pursuit D6.
  const fight = (choice?: string, extra: number[] = []) => {
    let s = setOrder(battle([blueInf, red]), 'blue-1', 'advance');
    if (choice) s = withGroup(s, 'blue-1', { afterRout: choice });
    const { ctx, events } = scriptedCtx(s, [6, 1, 1, 6, 6, 1, 1, 1, 3, ...extra]);
    const w = new Work(s, ctx);
    closeCombat(s, w);
    return { w, events };
  };
  const frontY = (w: Work) => w.unit('blue-1')!.stands[0]!.centre.y;
  it('by default infantry hold where they are', () => {
    const { w, events } = fight();
    expect(w.rs.groups['red-1']!.order).toBe('rout');
    expect(frontY(w)).toBeCloseTo(292.5, 1);
    expect(events.some((e) => e.type === 'MovedIntoVacatedSpace')).toBe(false);
  });
  it('"occupy": they step into the space the routers left (their 15mm depth), orders unchanged', () => {
    const { w, events } = fight('occupy');
    expect(frontY(w)).toBeCloseTo(307.5, 1);
    expect(events.some((e) => e.type === 'MovedIntoVacatedSpace')).toBe(true);
    expect(w.rs.groups['blue-1']!.pursuing).toBe(false);
  });
  it('"pursue": they pursue on Advance with the infantry first pursuit move, 14 + D6cm', () => {
    const { w, events } = fight('pursue', [3]);
    expect(rolls(events).find((x) => x.purpose.startsWith('First pursuit'))!.modified).toBe(17);
    expect(w.rs.groups['blue-1']!.pursuing).toBe(true);
    expect(frontY(w)).toBeGreaterThan(307.5);
  });
  it('the choice is a command of the owner; cavalry may not decline to pursue', () => {
    const s = battle([blueInf, { ...redInf }]);
    expect(apply(s, { type: 'setAfterRout', side: 'blue', group: 'blue-1', choice: 'occupy' }).state.ruleset.groups['blue-1']!.afterRout).toBe('occupy');
    const c = battle([{ ...blueInf, type: 'medium-cavalry', n: 3, depth: 30 }, redInf]);
    expect(rejection(c, { type: 'setAfterRout', side: 'blue', group: 'blue-1', choice: 'hold' })).toBe('cavalry-pursue');
  });
});

describe('7 p.16 "NB: Routers and Pursuers always act in groups": a pursuing group moves together', () => {
  // Two cavalry regiments side by side, 1cm apart, pursuing towards a point off to one side.
  const c1: U = { id: 'blue-c1', side: 'blue', type: 'heavy-cavalry', x: 900, y: 300, facingDeg: 90, n: 2, depth: 30 };
  const c2: U = { ...c1, id: 'blue-c2', x: 990 };
  const two = (extra: U[] = []) => battle([c1, c2, ...extra, inf('red-9', 'red', 300, 1100, -90)], { groups: [{ id: 'blue-cav', units: ['blue-c1', 'blue-c2'] }] });

  it('the group turns as one body towards the routers and both units move the same way: still side by side, 1cm apart', () => {
    const s = two();
    const { ctx } = scriptedCtx(s, []);
    const w = new Work(s, ctx);
    const before = ['blue-c1', 'blue-c2'].map((id) => centroid(w.unit(id)!.stands));
    pursueTowards(w, 'blue-cav', { x: 1300, y: 900 }, 200);
    const after = ['blue-c1', 'blue-c2'].map((id) => centroid(w.unit(id)!.stands));
    // Same distance between the units' centres as before; both facing the same way.
    expect(Math.hypot(after[1]!.x - after[0]!.x, after[1]!.y - after[0]!.y)).toBeCloseTo(Math.hypot(before[1]!.x - before[0]!.x, before[1]!.y - before[0]!.y), 6);
    expect(w.unit('blue-c1')!.stands[0]!.facing).toBeCloseTo(w.unit('blue-c2')!.stands[0]!.facing, 9);
    expect(groupShapeProblem(['blue-c1', 'blue-c2'].map((id) => w.unit(id)!), 'advance')).toBeNull();
    // The group's centre moved 20cm towards the point.
    const c0 = { x: (before[0]!.x + before[1]!.x) / 2, y: (before[0]!.y + before[1]!.y) / 2 }, c = { x: (after[0]!.x + after[1]!.x) / 2, y: (after[0]!.y + after[1]!.y) / 2 };
    expect(Math.hypot(c.x - c0.x, c.y - c0.y)).toBeCloseTo(200, 0);
  });
  it('fresh enemy met by one unit stops the whole group in contact; that unit\'s enemy tests as being charged', () => {
    // Red infantry ahead of blue-c2 only.
    const s = two([inf('red-1', 'red', 1060, 450, -90)]);
    const { ctx, events } = scriptedCtx(s, [1, 6, 6]);
    const w = new Work(s, ctx);
    pursueTowards(w, 'blue-cav', { x: 945, y: 900 }, 300);
    expect(events.find((e) => e.type === 'FreshEnemyMet')).toMatchObject({ unit: 'blue-c2', enemy: 'red-1' });
    const front = (id: string) => Math.max(...w.unit(id)!.stands.map((x) => x.centre.y));
    expect(front('blue-c1')).toBeCloseTo(front('blue-c2'), 6);
    expect(front('blue-c1')).toBeLessThan(450);
  });
});

const workLogged = (s: St, faces: number[] = []) => { const c = scriptedCtx(s, faces); return { w: new Work(s, c.ctx), events: c.events }; };

describe('§4 p.10 "Light and Massed interpenetrating: Both parties go to Stand, or Reserve" with 7 (a) p.16 pursuers move "on Advance orders"', () => {
  const cav: U = { id: 'blue-cav', side: 'blue', type: 'heavy-cavalry', x: 900, y: 300, facingDeg: 90, n: 2, depth: 30 };
  const lights: U = { id: 'blue-li', side: 'blue', type: 'light-infantry', x: 900, y: 420, facingDeg: 90, n: 2, depth: 20 };
  const routers: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: 90, n: 4, depth: 15, ranks: 1 };
  it('pursuing cavalry passing through friendly lights keep pursuing on Advance; the lights go to Reserve in good order', () => {
    let s = setOrder(setOrder(battle([cav, lights, routers]), 'blue-cav', 'advance'), 'blue-li', 'stand');
    s = setOrder(s, 'red-1', 'rout');
    const { w, events } = workLogged(s, []);
    w.setGroup('blue-cav', { pursuing: true });
    pursueTowards(w, 'blue-cav', { x: 900, y: 1000 }, 300);
    expect(events.some((e) => e.type === 'UnitsInterpenetrated' && e.other === 'blue-li' && e.kind === 'lightAndMassed')).toBe(true);
    // 7 (c) p.16: passing through friends is not among the ways a pursuit ends.
    expect(w.rs.groups['blue-cav']!.order).toBe('advance');
    expect(w.rs.groups['blue-cav']!.pursuing).toBe(true);
    // §4 p.10: the lights take the table's result ("Stand, or Reserve" - Reserve by default for engine moves), "in good order".
    expect(w.rs.groups['blue-li']!.order).toBe('reserve');
    expect(w.unitState('blue-li')!.disordered).toBe(false);
    expect(w.unitState('blue-cav')!.disordered).toBe(false);
    expect(Math.min(...w.unit('blue-cav')!.stands.map((x) => x.centre.y))).toBeGreaterThan(450);
  });
  it('a voluntary move through the same lights still sends the mover to Reserve (§4 p.10 unchanged outside pursuit)', () => {
    const s = setOrder(setOrder(battle([cav, lights, routers]), 'blue-cav', 'advance'), 'blue-li', 'stand');
    const { w } = workLogged(s);
    interpenetrated(w, 'blue-cav', 'blue-li', 'move', 'test');
    expect(w.rs.groups['blue-cav']!.order).toBe('reserve');
    expect(w.rs.groups['blue-li']!.order).toBe('reserve');
  });
});

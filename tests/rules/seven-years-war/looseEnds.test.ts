/**
 * Loose ends of the audit's item 18, and pursuers as groups, each citing the section it enforces,
 * with scripted dice: (3) Changing Orders p.7 (prompts to a group/unit), (1) Groups p.5 and (3)
 * Orders NB p.6 (transfers adding units to a group), §4 Movement when in melee p.10 (square when
 * charged in flank or rear, the owner's option), 7 p.16 "Routers and Pursuers always act in groups".
 */
import { describe, expect, it } from 'vitest';
import { Work } from '../../../src/rules/seven-years-war/work';
import { pursueTowards } from '../../../src/rules/seven-years-war/pursuit';
import { turnToFace } from '../../../src/rules/seven-years-war/charge';
import { groupShapeProblem } from '../../../src/rules/seven-years-war/groupShape';
import { centroid } from '../../../src/rules/seven-years-war/geo';
import { battle, withDice, apply, rejection, advanceTo, setOrder, scriptedCtx, type U, type St } from './build';

const inf = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number, extra: Partial<U> = {}): U => ({ id, side, type: 'medium-infantry', x, y, facingDeg, n: 4, depth: 15, ranks: 1, ...extra });
const unitOf = (s: St, id: string) => s.battle.units.find((u) => u.id === id)!;
const patchGroup = (s: St, id: string, patch: Record<string, unknown>): St => ({ ...s, ruleset: { ...s.ruleset, groups: { ...s.ruleset.groups, [id]: { ...s.ruleset.groups[id]!, ...patch } } } });
const patchUnit = (s: St, id: string, patch: Record<string, unknown>): St => ({ ...s, ruleset: { ...s.ruleset, units: { ...s.ruleset.units, [id]: { ...s.ruleset.units[id]!, ...patch } } } });
const attempts = (s: St, gen: string, n: number): St => ({ ...s, ruleset: { ...s.ruleset, generals: { ...s.ruleset.generals, [gen]: { ...s.ruleset.generals[gen]!, attemptsLeft: n } } } });

describe('(3) Changing Orders p.7 "may not attempt to prompt any group/unit more than twice this phase. (Note: Curing disorder counts as an order to a unit)"', () => {
  // One group of two disordered units; its sub-general blue-g1 stands just behind them.
  const setUp = () => {
    let s = battle([inf('blue-1', 'blue', 900, 300, 90), inf('blue-2', 'blue', 1070, 300, 90), inf('red-1', 'red', 900, 1000, -90)], {
      groups: [{ id: 'blue-g', units: ['blue-1', 'blue-2'] }],
      generals: [{ id: 'blue-cinc', side: 'blue', x: 20, y: 20 }, { id: 'blue-g1', side: 'blue', x: 985, y: 240, commands: 'blue-bde' }, { id: 'red-cinc', side: 'red', x: 1780, y: 1180 }],
    });
    s = patchUnit(patchUnit(s, 'blue-1', { disordered: true }), 'blue-2', { disordered: true });
    return attempts(s, 'blue-g1', 4);
  };
  const cure = (unit: string) => ({ type: 'prompt', side: 'blue', general: 'blue-g1', group: 'blue-g', action: 'cureDisorder', unit });

  it('curing two units of a group (one prompt each) leaves the group its own two prompts: an order change follows', () => {
    let s = apply(withDice(setUp(), [6]), cure('blue-1')).state;
    s = apply(withDice(s, [6]), cure('blue-2')).state;
    expect(s.ruleset.units['blue-1']!.disordered || s.ruleset.units['blue-2']!.disordered).toBe(false);
    const r = apply(withDice(s, [6]), { type: 'prompt', side: 'blue', general: 'blue-g1', group: 'blue-g', action: 'advance' });
    expect(r.state.ruleset.groups['blue-g']!.order).toBe('advance');
  });
  it('one unit prompted twice (two failed cures) may not be prompted a third time; the other unit still may', () => {
    let s = apply(withDice(setUp(), [1]), cure('blue-1')).state;
    s = apply(withDice(s, [1]), cure('blue-1')).state;
    expect(rejection(s, cure('blue-1'))).toBe('prompted-twice');
    expect(rejection(withDice(s, [6]), cure('blue-2'))).toBe('accepted');
  });
  it('the group prompted twice is refused a third order, whatever its units received', () => {
    let s = patchUnit(patchUnit(setUp(), 'blue-1', { disordered: false }), 'blue-2', { disordered: false });
    s = apply(withDice(s, [1]), { type: 'prompt', side: 'blue', general: 'blue-g1', group: 'blue-g', action: 'advance' }).state;
    s = apply(withDice(s, [1]), { type: 'prompt', side: 'blue', general: 'blue-g1', group: 'blue-g', action: 'advance' }).state;
    expect(rejection(s, { type: 'prompt', side: 'blue', general: 'blue-g1', group: 'blue-g', action: 'advance' })).toBe('prompted-twice');
  });
});

describe('(1) Groups p.5 "Group composition is permanent ... unless a general adds units from another"; (3) Orders NB p.6 transfers', () => {
  // blue-a (blue-2, blue-1) is blue-g2's; blue-b (blue-3) is blue-g1's, 1cm to the right of blue-1; blue-g1 stands 2.5cm from blue-1.
  const setUp = (over: { x3?: number; type3?: string } = {}) => {
    const s = battle([
      inf('blue-2', 'blue', 730, 300, 90, { brigade: 'blue-bde2' }), inf('blue-1', 'blue', 900, 300, 90, { brigade: 'blue-bde2' }),
      { ...inf('blue-3', 'blue', over.x3 ?? 1070, 300, 90), ...(over.type3 ? { type: over.type3, n: 2, depth: 30 } : {}) },
      inf('red-1', 'red', 900, 1000, -90),
    ], {
      groups: [{ id: 'blue-a', units: ['blue-2', 'blue-1'] }, { id: 'blue-b', units: ['blue-3'] }],
      generals: [{ id: 'blue-cinc', side: 'blue', x: 20, y: 20 }, { id: 'blue-g1', side: 'blue', x: 900, y: 240, commands: 'blue-bde' }, { id: 'blue-g2', side: 'blue', x: 100, y: 100, commands: 'blue-bde2' }, { id: 'red-cinc', side: 'red', x: 1780, y: 1180 }],
    });
    return attempts(setOrder(s, 'blue-b', 'reserve'), 'blue-g1', 3);
  };
  const join = { type: 'prompt', side: 'blue', general: 'blue-g1', group: 'blue-a', action: 'transfer', unit: 'blue-1', join: 'blue-b' };

  it('a successful Reserve order adds the unit to the receiving general\'s group beside it; its old group keeps the rest', () => {
    const s = setUp();
    expect(s.ruleset.groups['blue-a']!.general).toBe('blue-g2');
    const r = apply(withDice(s, [6]), join);
    expect(r.state.ruleset.groups['blue-b']!.units).toEqual(['blue-3', 'blue-1']);
    expect(r.state.ruleset.groups['blue-b']).toMatchObject({ general: 'blue-g1', order: 'reserve', startStands: 8 });
    expect(r.state.ruleset.groups['blue-a']).toMatchObject({ units: ['blue-2'], general: 'blue-g2', startStands: 4 });
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'UnitsTransferred', units: ['blue-1'], from: 'blue-a', to: 'blue-b' }));
  });
  it('without `join` the unit "then counts as a separate Group" of the new general, on Reserve', () => {
    const r = apply(withDice(setUp(), [6]), { ...join, join: undefined });
    expect(r.state.ruleset.groups['blue-a-blue-1']).toMatchObject({ units: ['blue-1'], general: 'blue-g1', order: 'reserve' });
    expect(r.state.ruleset.groups['blue-a']!.units).toEqual(['blue-2']);
  });
  it('a failed D6 (a 1) changes nothing', () => {
    const r = apply(withDice(setUp(), [1]), join);
    expect(r.state.ruleset.groups['blue-b']!.units).toEqual(['blue-3']);
    expect(r.state.ruleset.groups['blue-a']!.units).toEqual(['blue-2', 'blue-1']);
  });
  it('refused: a group more than 1cm away (out of shape with it), not on Reserve, of another class, or not the general\'s own', () => {
    expect(rejection(setUp({ x3: 1300 }), join)).toBe('join-shape');
    expect(rejection(setOrder(setUp(), 'blue-b', 'stand'), join)).toBe('join-order');
    expect(rejection(setUp({ type3: 'heavy-cavalry' }), join)).toBe('join-class');
    expect(rejection(patchGroup(setUp(), 'blue-b', { general: 'blue-g2' }), join)).toBe('bad-join');
  });
});

describe('§4 Movement when in melee p.10 "Units charged from flank or rear may form square (if on Stand orders)": the owner\'s option', () => {
  const line = inf('red-1', 'red', 900, 700, -90);
  const cav: U = { id: 'blue-cav', side: 'blue', type: 'heavy-cavalry', x: 1050, y: 690, facingDeg: 180, n: 2, depth: 30 };
  // Charger: D4, 2D6 3+3; target: D4, 2D6 6+6 (-2 flank = 10), then the turn D6 4 (as additions.test.ts).
  const charge = (s: St) => apply(withDice(s, [1, 3, 3, 1, 6, 6, 4]), { type: 'declareCharge', side: 'blue', group: 'blue-cav', target: 'red-1' });
  const start = () => advanceTo(setOrder(battle([cav, line]), 'blue-cav', 'advance'), 'movement');

  it('by default (square against cavalry) it forms square', () => {
    expect(unitOf(charge(start()).state, 'red-1').formation).toBe('square');
  });
  it('chosen "never", it turns its stands to face in a 1-wide column instead', () => {
    const r = charge(patchGroup(start(), 'red-1', { flankSquare: 'never' }));
    expect(unitOf(r.state, 'red-1').formation).toBe('column');
    expect(r.events.some((e) => e.type === 'UnitFormedSquare')).toBe(false);
  });
  it('the choice is set by its owner with setFlankSquare (in his own step) and refused for troops that cannot form square', () => {
    const s = advanceTo(start(), 'shootingNonPhasing');
    expect(apply(s, { type: 'setFlankSquare', side: 'red', group: 'red-1', square: 'never' }).state.ruleset.groups['red-1']!.flankSquare).toBe('never');
    expect(rejection(s, { type: 'setFlankSquare', side: 'red', group: 'blue-cav', square: 'never' })).toBe('bad-group');
    expect(rejection(battle([cav, line]), { type: 'setFlankSquare', side: 'blue', group: 'blue-cav', square: 'always' })).toBe('no-square');
  });
  it('chosen "always", it forms square against infantry charging its flank too', () => {
    const s = patchGroup(setOrder(battle([inf('blue-1', 'blue', 1300, 690, 180), line]), 'red-1', 'stand'), 'red-1', { flankSquare: 'always' });
    const { ctx } = scriptedCtx(s, []);
    const w = new Work(s, ctx);
    turnToFace(w, 'red-1', 'right', [w.unit('blue-1')!]);
    expect(w.unit('red-1')!.formation).toBe('square');
    const d = new Work(setOrder(battle([inf('blue-1', 'blue', 1300, 690, 180), line]), 'red-1', 'stand'), ctx);
    turnToFace(d, 'red-1', 'right', [d.unit('blue-1')!]);
    expect(d.unit('red-1')!.formation).not.toBe('square');
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

/**
 * Seven Years War: (3) Order interpretation p.8 and drill — what each order allows: artillery on Advance and Stand, Reserve near the enemy, Advance in line, changes of formation, retreat facing.
 */
import { describe, expect, it } from 'vitest';
import { Work } from '../../../src/rules/seven-years-war/work';
import { battle, apply, rejection, advanceTo, setOrder, scriptedCtx, type St, type U } from './build';
import { blockedBy } from '../../../src/rules/seven-years-war/forcedMoves';
import { changeOrder } from '../../../src/rules/seven-years-war/orderChanges';

const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };

describe('SYW (3) Order interpretation (p.8): artillery on Advance may opt to go to Stand', () => {
  const gun: U = { id: 'blue-gun', side: 'blue', type: 'medium-artillery', x: 900, y: 300, facingDeg: 90, n: 1, depth: 40 };
  it('within range of enemy, not having started the turn at Stand: it goes to Stand', () => {
    const s = advanceTo(setOrder(battle([gun, { ...red, y: 700 }]), 'blue-gun', 'advance'), 'movement');
    expect(apply(s, { type: 'artilleryToStand', side: 'blue', group: 'blue-gun' }).state.ruleset.groups['blue-gun']!.order).toBe('stand');
  });
  it('out of range (60cm) it may not; nor if it started the turn at Stand', () => {
    const far = advanceTo(setOrder(battle([gun, { ...red, y: 1150 }]), 'blue-gun', 'advance'), 'movement');
    expect(rejection(far, { type: 'artilleryToStand', side: 'blue', group: 'blue-gun' })).toBe('out-of-range');
    const s0 = advanceTo(battle([gun, { ...red, y: 700 }]), 'movement');
    const g = s0.ruleset.groups['blue-gun']!;
    const s = { ...s0, ruleset: { ...s0.ruleset, groups: { ...s0.ruleset.groups, 'blue-gun': { ...g, order: 'advance' as const, orderAtPhaseStart: 'stand' as const } } } };
    expect(rejection(s, { type: 'artilleryToStand', side: 'blue', group: 'blue-gun' })).toBe('started-at-stand');
  });
});

const blueInf: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15, ranks: 1 };

describe('Reserve (3) Order interpretation p.8: "may not voluntarily move closer to enemy within 20cms, unless ... there are intervening friends"', () => {
  const near: U = { ...red, y: 470 };
  it('with no friend between, closing on enemy inside 20cm is refused', () => {
    const s = advanceTo(setOrder(battle([blueInf, near]), 'blue-1', 'reserve'), 'movement');
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 20 }] })).toBe('reserve-approach');
  });
  it('with a friendly unit across the line to the enemy it is allowed', () => {
    const friend: U = { ...blueInf, id: 'blue-2', y: 400 };
    const s = advanceTo(setOrder(battle([blueInf, friend, near]), 'blue-1', 'reserve'), 'movement');
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 20 }] })).toBe('accepted');
  });
});

const inf = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number, extra: Partial<U> = {}): U => ({ id, side, type: 'medium-infantry', x, y, facingDeg, n: 4, depth: 15, ranks: 1, ...extra });

describe('(3) Order interpretation p.8 Retreat: "End facing in the same or opposite direction"', () => {
  const start = () => advanceTo(setOrder(battle([inf('blue-1', 'blue', 900, 300, 90), inf('red-1', 'red', 900, 1000, -90)]), 'blue-1', 'retreat'), 'movement');
  it('a wheel that leaves a normally drilled retreater 45 degrees off is refused', () => {
    expect(rejection(start(), { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'turn', deg: 180 }, { kind: 'forward', mm: 50 }, { kind: 'wheel', dir: 'left', deg: 45 }] })).toBe('retreat-facing');
  });
  it('about face and away is accepted', () => {
    expect(rejection(start(), { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'turn', deg: 180 }, { kind: 'forward', mm: 100 }] })).toBe('accepted');
  });
});

describe('(3) p.8 "Advance: All units in the Group must be in Line formation"; §4 p.9 "Column is only allowed on Reserve orders"', () => {
  it('a Reserve column sent to Retreat (as by a morale result) re-forms into line, as a formation change of this phase', () => {
    const s = setOrder(battle([inf('blue-1', 'blue', 900, 300, 90, { formation: 'column' }), inf('red-1', 'red', 900, 1000, -90)]), 'blue-1', 'reserve');
    const { ctx, events } = scriptedCtx(s, []);
    const w = new Work(s, ctx);
    changeOrder(w, 'blue-1', 'retreat', 'test', 'SYW 8 Morale results (p.18)');
    const u = w.unit('blue-1')!;
    expect(u.formation).toBe('line');
    expect((u.extra as Record<string, unknown>).sywFormationChangedPhase).toBe(w.rs.phaseCounter);
    expect(events.some((e) => e.type === 'FormationChanged')).toBe(true);
    // Two ranks of two stands abreast (massed infantry line up to 2 deep), facing as before.
    expect(new Set(u.stands.map((x) => Math.round(x.centre.x))).size).toBe(2);
    expect(u.stands.every((x) => Math.abs(x.facing - Math.PI / 2) < 1e-6)).toBe(true);
    expect(blockedBy(w, 'blue-1', u.stands)).toHaveLength(0);
  });
});

describe('(3) p.8 drill: "Normal troops: May change into a 1 or 2 wide column to flank, from line, or the reverse and still move or Make any kind of formation change but not move"', () => {
  it('a normally drilled square put on Advance in its own movement step re-forms into line, may not also move, and is not forced to', () => {
    const s0 = advanceTo(setOrder(battle([inf('blue-1', 'blue', 900, 300, 90, { formation: 'square' }), inf('red-1', 'red', 900, 1000, -90)]), 'blue-1', 'reserve'), 'movement');
    const w = new Work(s0, scriptedCtx(s0, []).ctx);
    changeOrder(w, 'blue-1', 'advance', 'test', 'SYW (3) Changing Orders (p.7)');
    const s: St = { ...s0, battle: w.battle, ruleset: w.rs };
    expect(s.battle.units.find((u) => u.id === 'blue-1')!.formation).toBe('line');
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'forward', mm: 100 }] })).toBe('changed-formation');
    const r = apply(s, { type: 'endStep', side: 'blue' });
    expect(r.state.ruleset.groups['blue-1']!.order).toBe('advance');
    expect(r.events.some((e) => e.type === 'ForcedMove')).toBe(false);
  });
});

describe('(3) p.8 Stand: "No move other than move 5cms, in any direction, about face and form square" (artillery pivots only on Reserve)', () => {
  const gun: U = { id: 'blue-1', side: 'blue', type: 'medium-artillery', x: 900, y: 300, facingDeg: 90, n: 1, depth: 40 };
  const start = () => advanceTo(battle([gun, inf('red-1', 'red', 900, 1000, -90)]), 'movement');
  it('artillery on Stand may not pivot 90 degrees', () => {
    expect(rejection(start(), { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'turn', deg: 90 }] })).toBe('stand-order');
  });
  it('artillery on Stand may about face', () => {
    expect(rejection(start(), { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'turn', deg: 180 }] })).toBe('accepted');
  });
  it('artillery on Reserve may pivot', () => {
    expect(rejection(setOrder(start(), 'blue-1', 'reserve'), { type: 'moveGroup', side: 'blue', group: 'blue-1', legs: [{ kind: 'turn', deg: 90 }] })).toBe('accepted');
  });
});

describe('p.8 orders and §4 p.9 movement: artillery on Advance pivots, but the pivot is paid out of its move', () => {
  // One medium gun (20cm move, one 40mm stand): a 90 degree pivot about its centre sweeps the flank's arc, 20mm x pi/2 = 31.4mm.
  const gun: U = { id: 'blue-gun', side: 'blue', type: 'medium-artillery', x: 500, y: 300, facingDeg: 0, n: 1, depth: 40 };
  const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 500, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 2 };
  const at = (order: 'advance' | 'reserve') => advanceTo(setOrder(battle([gun, red]), 'blue-gun', order), 'movement');
  const pivotThen = (mm: number) => ({ type: 'moveGroup', side: 'blue', group: 'blue-gun', legs: [{ kind: 'turn', deg: 90 }, { kind: 'forward', mm }] });
  it('on Advance a pivot and a full 20cm move is too far (p.8 Advance grants no free turn)', () => {
    expect(rejection(at('advance'), pivotThen(200))).toBe('too-far');
  });
  it('on Advance a pivot and the rest of the move (20cm less the 3.1cm arc) is allowed', () => {
    expect(rejection(at('advance'), pivotThen(160))).toBe('accepted');
  });
  it('on Reserve the pivot stays free and is the only move ("Artillery may only pivot to a new facing", p.8)', () => {
    expect(rejection(at('reserve'), { type: 'moveGroup', side: 'blue', group: 'blue-gun', legs: [{ kind: 'turn', deg: 180 }] })).toBe('accepted');
    expect(rejection(at('reserve'), pivotThen(50))).toBe('reserve-artillery');
  });
});

/**
 * Seven Years War: §4 Movement when in melee p.10 — turning to face a flank charge, unengaged stands forming rear ranks or overlaps, and the owner's choice of square.
 */
import { describe, expect, it } from 'vitest';
import { Work } from '../../../src/rules/seven-years-war/work';
import { battle, withDice, apply, rejection, advanceTo, setOrder, scriptedCtx, type St, type U } from './build';
import { turnToFace } from '../../../src/rules/seven-years-war/charge';

const unitOf = (s: St, id: string) => s.battle.units.find((u) => u.id === id)!;

const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };

describe('Turning to face a flank charge as a 1-wide column (§4 Movement when in melee p.10)', () => {
  const line: U = { ...red, x: 900, y: 700 };
  const cav: U = { id: 'blue-cav', side: 'blue', type: 'heavy-cavalry', x: 1050, y: 690, facingDeg: 180, n: 2, depth: 30 };
  it('When a Reserve line charged in its right flank passes and rolls a 4 (normal drill) its stands turn to face in a 1-wide column', () => {
    let s = advanceTo(setOrder(setOrder(battle([cav, line]), 'blue-cav', 'advance'), 'red-1', 'reserve'), 'movement');
    // Charger: D4, 2D6 3+3; target: D4, 2D6 6+6 (-2 flank = 10), then the turn D6 4.
    const r = apply(withDice(s, [1, 3, 3, 1, 6, 6, 4]), { type: 'declareCharge', side: 'blue', group: 'blue-cav', target: 'red-1' });
    s = r.state;
    const st = unitOf(s, 'red-1').stands;
    expect(st.every((x) => Math.abs(x.facing) < 1e-9)).toBe(true);
    expect(st.map((x) => x.centre.x).sort((a, b) => b - a)).toEqual([960, 945, 930, 915]);
    expect(new Set(st.map((x) => x.centre.y)).size).toBe(1);
    expect(unitOf(s, 'red-1').formation).toBe('column');
    expect(s.ruleset.units['red-1']!.turnedFrom).toHaveLength(4);
  });
  it('When massed infantry on Stand is charged in flank by cavalry and passes, it forms square instead', () => {
    const s = advanceTo(setOrder(battle([cav, line]), 'blue-cav', 'advance'), 'movement');
    const r = apply(withDice(s, [1, 3, 3, 1, 6, 6, 4]), { type: 'declareCharge', side: 'blue', group: 'blue-cav', target: 'red-1' });
    expect(unitOf(r.state, 'red-1').formation).toBe('square');
    expect(r.events.some((e) => e.type === 'UnitFormedSquare')).toBe(true);
  });
  it('a failed turning roll routs the unit', () => {
    const s = advanceTo(setOrder(setOrder(battle([cav, line]), 'blue-cav', 'advance'), 'red-1', 'reserve'), 'movement');
    const r = apply(withDice(s, [1, 3, 3, 1, 6, 6, 3, 1]), { type: 'declareCharge', side: 'blue', group: 'blue-cav', target: 'red-1' });
    expect(r.state.ruleset.groups['red-1']!.order).toBe('rout');
  });
});

const blueInf: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15, ranks: 1 };

const redInf: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };

describe('§4 Movement when in melee p.10 (b): cavalry and light infantry in melee "may move unengaged stands ... to form a rear rank behind a front rank stand in melee, or to form an overlap"', () => {
  // Blue cavalry, 4 squadrons 820-980 facing down, front at y=300; red light infantry 840-920 touching the first three.
  const cav: U = { id: 'blue-1', side: 'blue', type: 'medium-cavalry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 30 };
  const li: U = { id: 'red-1', side: 'red', type: 'light-infantry', x: 880, y: 300, facingDeg: -90, n: 2, depth: 20 };
  const start = (units: U[] = [cav, li]) => advanceTo(battle([...units, { ...redInf, id: 'red-9', x: 1500, y: 1100 }]), 'movement');
  const ids = (s: St) => s.battle.units.find((u) => u.id === 'blue-1')!.stands.map((x) => x.id);
  const at = (s: St, id: string) => s.battle.units.find((u) => u.id === 'blue-1')!.stands.find((x) => x.id === id)!.centre;
  it('the free squadron (940-980) forms a rear rank behind an engaged one', () => {
    const s = start();
    const byX = [...s.battle.units.find((u) => u.id === 'blue-1')!.stands].sort((a, b) => a.centre.x - b.centre.x);
    const free = byX[3]!.id, beside = byX[1]!.id;
    const r = apply(s, { type: 'moveMeleeStand', side: 'blue', unit: 'blue-1', stand: free, to: 'rear', beside });
    expect(at(r.state, free).x).toBeCloseTo(at(s, beside).x, 3);
    expect(at(r.state, free).y).toBeCloseTo(255, 3);
  });
  it('or an overlap beside the left-hand engaged squadron (780-820, 2cm from the enemy)', () => {
    const s = start();
    const byX = [...s.battle.units.find((u) => u.id === 'blue-1')!.stands].sort((a, b) => a.centre.x - b.centre.x);
    const free = byX[3]!.id, beside = byX[0]!.id;
    // "left"/"right" are the stand's own: facing down the table, its left is +x... so the outside here is its right.
    const r = apply(s, { type: 'moveMeleeStand', side: 'blue', unit: 'blue-1', stand: free, to: 'right', beside });
    expect(at(r.state, free)).toEqual({ x: 800, y: 285 });
  });
  it('engaged stands may not be moved, and massed infantry may not do it at all', () => {
    const s = start();
    const byX = [...s.battle.units.find((u) => u.id === 'blue-1')!.stands].sort((a, b) => a.centre.x - b.centre.x);
    expect(rejection(s, { type: 'moveMeleeStand', side: 'blue', unit: 'blue-1', stand: byX[0]!.id, to: 'rear', beside: byX[1]!.id })).toBe('engaged');
    const inf = start([{ ...blueInf, x: 900 }, li]);
    const st = ids(inf);
    expect(rejection(inf, { type: 'moveMeleeStand', side: 'blue', unit: 'blue-1', stand: st[3]!, to: 'rear', beside: st[1]! })).toBe('not-free-to-move');
  });
  it('a place touching the enemy is not an overlap', () => {
    const s = start();
    const byX = [...s.battle.units.find((u) => u.id === 'blue-1')!.stands].sort((a, b) => a.centre.x - b.centre.x);
    // The first squadron's inner side (its own left, 860-900) faces the enemy's front: touching it is melee, not overlap.
    expect(rejection(s, { type: 'moveMeleeStand', side: 'blue', unit: 'blue-1', stand: byX[3]!.id, to: 'left', beside: byX[0]!.id })).toBe('would-engage');
  });
});

const inf = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number, extra: Partial<U> = {}): U => ({ id, side, type: 'medium-infantry', x, y, facingDeg, n: 4, depth: 15, ranks: 1, ...extra });

const patchGroup = (s: St, id: string, patch: Record<string, unknown>): St => ({ ...s, ruleset: { ...s.ruleset, groups: { ...s.ruleset.groups, [id]: { ...s.ruleset.groups[id]!, ...patch } } } });

describe('§4 Movement when in melee p.10 "Units charged from flank or rear may form square (if on Stand orders)": the owner\'s option', () => {
  const line = inf('red-1', 'red', 900, 700, -90);
  const cav: U = { id: 'blue-cav', side: 'blue', type: 'heavy-cavalry', x: 1050, y: 690, facingDeg: 180, n: 2, depth: 30 };
  // Charger: D4, 2D6 3+3; target: D4, 2D6 6+6 (-2 flank = 10), then the turn D6 4 (as in the turning-to-face test above).
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

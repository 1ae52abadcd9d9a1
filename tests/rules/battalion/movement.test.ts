/** BT Movement Phase: moves in formation through the movement core — rates, the double, wheels, terrain, re-forming. */
import { describe, expect, it } from 'vitest';
import { battle, apply, rejection, advanceTo, withDice, withUnitState, unit, rolls, IN, type U } from './build';

const line: U = { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 300, n: 6 };
const red: U = { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 1000, n: 6 };
const at = (units: U[], opts: Parameters<typeof battle>[1] = {}) => advanceTo(battle(units, opts), 'moveFirst');
const fwd = (id: string, mm: number) => ({ type: 'moveUnit', side: 'blue', unit: id, legs: [{ kind: 'forward', mm }] });

describe('BT Movement table rates', () => {
  it('Inf/Gren in Line move 4": 4" is allowed, a little more is not', () => {
    const s = at([line, red]);
    expect(rejection(s, fwd('b1', 4 * IN))).toBe('accepted');
    expect(rejection(s, fwd('b1', 4 * IN + 2))).toBe('illegal-move');
  });
  it('the allowance may be used in several moves, not more in total', () => {
    let s = at([line, red]);
    s = apply(s, fwd('b1', 2 * IN)).state;
    expect(rejection(s, fwd('b1', 2 * IN))).toBe('accepted');
    expect(rejection(s, fwd('b1', 2.2 * IN))).toBe('illegal-move');
  });
  it('Light cavalry in Line move 10", in Loose 12", in Wedge 8"', () => {
    for (const [formation, inches] of [['line', 10], ['loose', 12], ['wedge', 8]] as const) {
      const s = at([{ id: 'c', side: 'blue', type: 'light-cavalry', x: 900, y: 200, n: 4, formation }, red]);
      expect(rejection(s, fwd('c', inches * IN))).toBe('accepted');
      expect(rejection(s, fwd('c', inches * IN + 3))).toBe('illegal-move');
    }
  });
  it('Column moves 6”, or 12” at the double; moved at the double it may not shoot (house)', () => {
    let s = at([{ ...line, formation: 'column', ranks: 2 }, { ...red, y: 900 }]);
    expect(rejection(s, fwd('b1', 12 * IN))).toBe('accepted');
    expect(rejection(s, fwd('b1', 12 * IN + 3))).toBe('illegal-move');
    s = apply(s, fwd('b1', 8 * IN)).state;
    s = advanceTo(s, 'shootFirst');
    expect(rejection(s, { type: 'shoot', side: 'blue', unit: 'b1', target: 'r1' })).toBe('double');
  });
  it('Heavy artillery moves 2"; a square is immobile', () => {
    const s = at([{ id: 'g', side: 'blue', type: 'heavy-artillery', x: 500, y: 300, n: 2 }, { ...line, formation: 'square' }, red]);
    expect(rejection(s, fwd('g', 2 * IN))).toBe('accepted');
    expect(rejection(s, fwd('g', 2 * IN + 2))).toBe('illegal-move');
    expect(rejection(s, fwd('b1', 10))).toBe('immobile');
  });
});

describe('Wheels (RULINGS.md: the outer corner\'s arc) and contact', () => {
  it('a 6-stand line (240mm) cannot wheel 45° on a 4" move; a 2-stand light battalion can', () => {
    const s = at([line, { id: 'l', side: 'blue', type: 'light-infantry', x: 300, y: 300, n: 2 }, red]);
    expect(rejection(s, { type: 'moveUnit', side: 'blue', unit: 'b1', legs: [{ kind: 'wheel', deg: 45 }] })).toBe('illegal-move');
    const { state } = apply(s, { type: 'moveUnit', side: 'blue', unit: 'l', legs: [{ kind: 'wheel', deg: 45 }, { kind: 'forward', mm: 80 }] });
    // 80mm × π/4 = 62.8mm of wheel plus 80mm: 5.6" of the light infantry's 6".
    expect(state.ruleset.units['l']!.movedMm).toBeCloseTo(80 * Math.PI / 4 + 80, 3);
  });
  it('a move may not touch the enemy (that is an assault) nor pass through a friend', () => {
    const s = at([line, { ...red, y: 380 }, { id: 'b2', side: 'blue', type: 'line-infantry', x: 900, y: 200, n: 6 }]);
    expect(rejection(s, fwd('b1', 100))).toBe('illegal-move');
    expect(rejection(s, fwd('b2', 100))).toBe('illegal-move');
  });
});

describe('HOUSE terrain (RULINGS.md): difficult ground costs double', () => {
  it('a move into a wood costs double for the part inside it', () => {
    const wood = { id: 'w', kind: 'wood', name: 'Copse', polygon: [[700, 330], [1100, 330], [1100, 600], [700, 600]], props: {} };
    const s = at([line, red], { terrain: [wood] });
    // 30mm to the edge, then 50mm in it at double: 130mm of the 101.6mm allowance.
    expect(rejection(s, fwd('b1', 80))).toBe('illegal-move');
    const { state } = apply(s, fwd('b1', 60));
    expect(state.ruleset.units['b1']!.movedMm).toBeCloseTo(30 + 2 * 30, 1);
  });
  it('cavalry may not enter a wood', () => {
    const wood = { id: 'w', kind: 'wood', name: 'Copse', polygon: [[700, 330], [1100, 330], [1100, 600], [700, 600]], props: {} };
    const s = at([{ id: 'c', side: 'blue', type: 'heavy-cavalry', x: 900, y: 300, n: 4 }, red], { terrain: [wood] });
    expect(rejection(s, fwd('c', 60))).toBe('illegal-move');
  });
});

describe('BT Movement Phase 3: re-forming at the start or end of the move', () => {
  it('formed into column at the start, it may then move as a column', () => {
    let s = at([line, red]);
    s = apply(s, { type: 'changeFormation', side: 'blue', unit: 'b1', formation: 'column' }).state;
    expect(unit(s, 'b1')!.formation).toBe('column');
    expect(rejection(s, fwd('b1', 6 * IN))).toBe('accepted');
  });
  it('re-formed at the end of its move, it moves no more and re-forms no more', () => {
    let s = at([line, red]);
    s = apply(s, fwd('b1', 20)).state;
    s = apply(s, { type: 'changeFormation', side: 'blue', unit: 'b1', formation: 'column' }).state;
    expect(rejection(s, fwd('b1', 10))).toBe('reformed');
    expect(rejection(s, { type: 'changeFormation', side: 'blue', unit: 'b1', formation: 'line' })).toBe('reformed');
  });
  it('BT Square: formed only at the beginning of the movement phase', () => {
    let s = at([line, red]);
    s = apply(s, fwd('b1', 20)).state;
    expect(rejection(s, { type: 'changeFormation', side: 'blue', unit: 'b1', formation: 'square' })).toBe('square-at-start');
  });
  it('BT Square: no change of formation with a cavalry stand within 2”', () => {
    const s = at([{ ...line, formation: 'square' }, { id: 'rc', side: 'red', type: 'heavy-cavalry', x: 900, y: 340, n: 4 }]);
    expect(rejection(s, { type: 'changeFormation', side: 'blue', unit: 'b1', formation: 'line' })).toBe('cavalry-near');
  });
  it('formations the table leaves blank are refused (Inf/Gren have no Loose)', () => {
    expect(rejection(at([line, red]), { type: 'changeFormation', side: 'blue', unit: 'b1', formation: 'loose' })).toBe('not-open');
  });
  it('BT Officers Falling: without its officer a battalion re-forms only on a skill check', () => {
    const s = withUnitState(at([line, red]), 'b1', { officerDead: true });
    const failed = apply(withDice(s, [3]), { type: 'changeFormation', side: 'blue', unit: 'b1', formation: 'column' });
    expect(unit(failed.state, 'b1')!.formation).toBe('line');
    expect(rolls(failed.events)[0]!.target!.value).toBe(4);
    const passed = apply(withDice(s, [4]), { type: 'changeFormation', side: 'blue', unit: 'b1', formation: 'column' });
    expect(unit(passed.state, 'b1')!.formation).toBe('column');
  });
  it('BT Army Commanders: with the General attached, a failed skill check is re-rolled', () => {
    const s0 = battle([line, red], { generals: [{ id: 'blue-gen', side: 'blue', x: 900, y: 200 }, { id: 'red-gen', side: 'red', x: 1780, y: 1180 }] });
    let s = advanceTo(s0, 'moveFirst');
    s = apply(s, { type: 'moveCommander', side: 'blue', general: 'blue-gen', x: 0, y: 0, attach: 'b1' }).state;
    s = withUnitState(s, 'b1', { officerDead: true });
    const { state, events } = apply(withDice(s, [2, 5]), { type: 'changeFormation', side: 'blue', unit: 'b1', formation: 'column' });
    expect(rolls(events)).toHaveLength(2);
    expect(unit(state, 'b1')!.formation).toBe('column');
  });
});

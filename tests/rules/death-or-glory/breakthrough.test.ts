/**
 * DoG MELÉE: cavalry or a column winning the first round against a line or square attacks its rear in
 * the second; a line holding firm against a column flows round its flanks; cavalry inflicting 25%
 * more casualties on cavalry breaks through into an uncontrolled charge — and DoG CONTROL's "pursues
 * or charges nearest enemy", played out through the geometry's reachTarget and movement core.
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, withDice, apply, rolls, ofType, unit, withUnitState, type St, type U } from './build';
import { meanCentre } from '../../../src/geometry/standSets';
import { unitDistance } from '../../../src/geometry/measure';

/** Reserves far off, so that neither army breaks when the fight below goes badly (HOUSE victory). */
const reserves: U[] = [
  { id: 'res-b', side: 'blue', type: 'musketeer', x: 300, y: 150, n: 8 },
  { id: 'res-r', side: 'red', type: 'fusilier', x: 2100, y: 1450, n: 8, facingDeg: -90 },
];

/** Declare `unit`'s charge on `target`, `reaction`, and play to the melee step's start (reaction test die `react`). */
function charged(s0: St, reaction: string, react: number[]): St {
  let s = advanceTo(s0, 'declare');
  s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'a', target: 'b' }).state;
  s = apply(s, { type: 'endStep', side: 'blue' }).state;
  s = apply(s, { type: 'reactToCharge', side: 'red', unit: 'b', reaction }).state;
  s = apply(s, { type: 'endStep', side: 'red' }).state;
  s = apply(withDice(s, react), { type: 'endStep', side: 'blue' }).state;
  expect(s.ruleset.melees.map((m) => [m.a, m.b])).toEqual([['a', 'b']]);
  s = apply(s, { type: 'endStep', side: 'blue' }).state;
  return s;
}

describe('DoG MELÉE: "A cavalry unit which inflicts 25% more casualties on an opposing cavalry unit … will break through … and go into an uncontrolled charge"', () => {
  const start = () => battle([
    { id: 'a', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1200, y: 600, n: 2 },
    { id: 'b', side: 'red', arm: 'cavalry', type: 'hussar', x: 1200, y: 750, n: 2, facingDeg: -90 },
    ...reserves,
  ]);
  it('Prussian dragoons beat French hussars by far: the hussars break, the dragoons ride through them for what is left of their 280 m (130 m) — no control test', () => {
    // The hussars stand (3) and fire their carbines (1).
    const s = charged(start(), 'stand', [3, 1]);
    const y0 = meanCentre(unit(s, 'a')!.stands).y;
    // Melee: dragoons 0 (4), hussars 1; the hussars' test 9 breaks; turn 2's initiative 9, 2.
    const r = apply(withDice(s, [10, 1, 9, 9, 2]), { type: 'endStep', side: 'red' });
    const [cav, hus] = rolls(r.events);
    expect(cav!.purpose).toBe('a in melee with b (round 1)');
    expect(hus!.purpose).toBe('b in melee with a (round 1)');
    expect(ofType(r.events, 'UncontrolledCharge')[0]).toMatchObject({ unit: 'a', through: 'b', distanceM: 130 });
    expect(meanCentre(unit(r.state, 'a')!.stands).y - y0).toBeCloseTo(130, 3);
    expect(rolls(r.events).some((x) => x.purpose.includes('control test'))).toBe(false);
    expect(r.state.ruleset.melees).toEqual([]);
  });
});

describe('DoG MELÉE: the uncontrolled charge is a charge — its contact is fought at once, with impact', () => {
  const start = (cY: number, terrain: unknown[] = []) => battle([
    { id: 'a', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1200, y: 600, n: 4 },
    { id: 'b', side: 'red', arm: 'cavalry', type: 'hussar', x: 1200, y: 750, n: 2, facingDeg: -90 },
    { id: 'c', side: 'red', type: 'fusilier', x: 1200, y: cY, n: 2, facingDeg: -90 },
    ...reserves,
  ], { terrain });
  it('dragoons riding through beaten hussars run into a French line 100 m on: that melee is fought in the same melee phase, a first round with the dragoons\' impact factor', () => {
    const s = charged(start(860), 'stand', [3, 1]);
    // Melee 1: dragoons 0 (4), hussars 1; the hussars' test 9 breaks. They ride on into c.
    // Melee 2: dragoons 7 (135 men), line 1 (70); the line, charged by cavalry, tests 1 and breaks; the dragoons' control test 1. Turn 2: 9, 2.
    const r = apply(withDice(s, [10, 1, 9, 7, 1, 1, 1, 9, 2]), { type: 'endStep', side: 'red' });
    expect(ofType(r.events, 'UncontrolledContact')[0]).toMatchObject({ unit: 'a', target: 'c', impact: true, now: true });
    const second = rolls(r.events).find((x) => x.purpose === 'a in melee with c (round 1)')!;
    expect(second.modifiers.map((m) => m.label)).toContain('impact factor (Dragoon, an eligible charge)');
    expect(ofType(r.events, 'MeleeWon').map((e) => [e['winner'], e['loser']])).toEqual([['a', 'b'], ['a', 'c']]);
    expect(ofType(r.events, 'UnitBroke').map((e) => e['unit'])).toEqual(['b', 'c']);
    expect(rolls(r.events).map((x) => x.purpose)).toContain('a: control test, after winning melee');
    expect(r.state.ruleset.melees).toEqual([]);
  });
  it('the dragoons follow up their victory: the melee their ride-through starts counts "+1 following up victory" (DoG Melee Modifiers)', () => {
    const s = charged(start(860), 'stand', [3, 1]);
    const r = apply(withDice(s, [10, 1, 9, 7, 1, 1, 1, 9, 2]), { type: 'endStep', side: 'red' });
    const first = rolls(r.events).find((x) => x.purpose === 'a in melee with b (round 1)')!;
    const second = rolls(r.events).find((x) => x.purpose === 'a in melee with c (round 1)')!;
    expect(first.modifiers.map((m) => m.label)).not.toContain('following up victory');
    expect(second.modifiers.map((m) => [m.label, m.value])).toContainEqual(['following up victory', 1]);
  });
  it('into a village: the contact is fought at once but earns no impact (DoG Charge Restrictions: cavalry may not charge into villages)', () => {
    const village = { id: 'v', kind: 'village', name: 'Hof', polygon: [[1000, 860], [1400, 860], [1400, 1000], [1000, 1000]] };
    const s = charged(start(860, [village]), 'stand', [3, 1]);
    // As above, and the line (which won) then tests for the routing hussars within 150 m (1: holds):
    // they flee 240 m, a light cavalry line's rate (RULINGS.md).
    const r = apply(withDice(s, [10, 1, 9, 7, 1, 1, 1, 1, 9, 2]), { type: 'endStep', side: 'red' });
    expect(ofType(r.events, 'UncontrolledContact')[0]).toMatchObject({ unit: 'a', target: 'c', impact: false, now: true });
    const second = rolls(r.events).find((x) => x.purpose === 'a in melee with c (round 1)')!;
    expect(second.modifiers.map((m) => m.label)).not.toContain('impact factor (Dragoon, an eligible charge)');
  });
});

describe('DoG MELÉE: "A cavalry unit … that wins the first round of melee against a line … attacks the defenders in the rear during the second round"', () => {
  it('dragoons beat a half-battalion of the Old Guard that holds, and hold themselves: the Guard is attacked in the rear next round (-20% to its tests)', () => {
    const s = charged(battle([
      { id: 'a', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1200, y: 600, n: 4 },
      { id: 'b', side: 'red', type: 'old-guard', x: 1200, y: 750, facingDeg: -90, n: 2 },
      ...reserves,
    ]), 'stand', [3, 1]);
    // Melee: dragoons 7 (135 men), Guard 1 (120); the Guard test 1 (holds); the dragoons test 1 (hold); turn 2's initiative 9, 2.
    const r = apply(withDice(s, [7, 1, 1, 1, 9, 2]), { type: 'endStep', side: 'red' });
    expect(ofType(r.events, 'MeleeWon')[0]).toMatchObject({ winner: 'a', caused: 135, suffered: 120 });
    expect(ofType(r.events, 'BrokeThrough')[0]).toMatchObject({ unit: 'a', into: 'b' });
    expect(r.state.ruleset.melees).toEqual([{ a: 'a', b: 'b', rounds: 1, struck: { b: 'rear' } }]);
    // The second round: the Guard loses again (dragoons 7, Guard 1) and tests attacked from the rear.
    const r2 = apply(withDice(advanceTo(r.state, 'fireSecond'), [7, 1, 1, 1, 9, 2]), { type: 'endStep', side: 'red' });
    const test = rolls(r2.events).find((x) => x.purpose === 'b: morale test, lost a round of melee')!;
    expect(test.modifiers.map((x) => [x.label, Math.round(x.value * 10)])).toContainEqual(['attacked from rear (a)', -20]);
  });
});

describe('DoG MELÉE: "An infantry line which holds firm against an infantry column advances to flow round the column\'s flanks"', () => {
  it('a Prussian column charges a French line and loses the first round (100 men to 115); both hold: the column is taken in both flanks (-10% each)', () => {
    const s = charged(battle([
      { id: 'a', side: 'blue', type: 'musketeer', x: 1200, y: 650, formation: 'column' },
      { id: 'b', side: 'red', type: 'fusilier', x: 1200, y: 750, facingDeg: -90 },
      ...reserves,
    ]), 'stand', [3, 1]);
    // Melee: column 1, line 0 (4); the column tests 1 (holds), the line 1 (holds); turn 2's initiative 9, 2.
    const r = apply(withDice(s, [1, 10, 1, 1, 9, 2]), { type: 'endStep', side: 'red' });
    expect(ofType(r.events, 'MeleeWon')[0]).toMatchObject({ winner: 'b', caused: 115, suffered: 100 });
    expect(ofType(r.events, 'FlowedRound')[0]).toMatchObject({ unit: 'b', column: 'a' });
    expect(r.state.ruleset.melees[0]).toMatchObject({ rounds: 1, struck: { a: 'flanks' } });
    const r2 = apply(withDice(advanceTo(r.state, 'fireSecond'), [1, 10, 1, 1, 9, 2]), { type: 'endStep', side: 'red' });
    const test = rolls(r2.events).find((x) => x.purpose === 'a: morale test, lost a round of melee')!;
    expect(test.modifiers.filter((x) => x.label.startsWith('for each flank threatened')).map((x) => Math.round(x.value * 10))).toEqual([-10, -10]);
  });
});

describe('DoG CONTROL Result "pursues or charges nearest enemy", through reachTarget', () => {
  const pursuit = (gap: number) => {
    let s = battle([
      { id: 'a', side: 'blue', arm: 'cavalry', type: 'hussar', x: 1200, y: 600, n: 2 },
      { id: 'b', side: 'red', type: 'fusilier', x: 1200, y: 600 + gap, facingDeg: -90 },
      ...reserves,
    ]);
    s = advanceTo(s, 'fireSecond');
    s = withUnitState(s, 'a', { control: { kind: 'pursue', moves: 1 } });
    return apply(withDice(s, [9, 2]), { type: 'endStep', side: 'red' });
  };
  it('an enemy within its charge reach (240 + 80 m) is charged home, straight, with impact for the next melee', () => {
    const r = pursuit(300);
    expect(ofType(r.events, 'ControlCharge')[0]).toMatchObject({ unit: 'a', target: 'b', distanceM: 300, impact: true });
    expect(r.state.ruleset.melees).toEqual([{ a: 'a', b: 'b', rounds: 0, impact: ['a'] }]);
    expect(r.state.ruleset.units['a']!.control).toBeUndefined();
  });
  it('skirmishers pursuing formed troops stop 40 m short of them (DoG Skirmishers)', () => {
    let s = battle([
      { id: 'a', side: 'blue', type: 'jager', x: 1200, y: 600, formation: 'skirmish' },
      { id: 'b', side: 'red', type: 'fusilier', x: 1200, y: 770, facingDeg: -90 },
      ...reserves,
    ]);
    s = advanceTo(s, 'fireSecond');
    const gap0 = unitDistance(unit(s, 'a')!.stands, unit(s, 'b')!.stands);
    s = withUnitState(s, 'a', { control: { kind: 'pursue', moves: 1 } });
    const r = apply(withDice(s, [9, 2]), { type: 'endStep', side: 'red' });
    expect(ofType(r.events, 'ControlCharge')).toEqual([]);
    expect(ofType(r.events, 'Pursued')[0]).toMatchObject({ unit: 'a', toward: 'b', distanceM: Math.round(gap0 - 40) });
    expect(unitDistance(unit(r.state, 'a')!.stands, unit(r.state, 'b')!.stands)).toBeCloseTo(40, 3);
  });
  it('one beyond it is pursued a full move (240 m) toward it', () => {
    const r = pursuit(500);
    expect(ofType(r.events, 'ControlCharge')).toEqual([]);
    expect(ofType(r.events, 'Pursued')[0]).toMatchObject({ unit: 'a', toward: 'b', distanceM: 240 });
    expect(r.state.ruleset.melees).toEqual([]);
  });
});

/** Units locked in the first round of one melee (as if they had all charged home this turn): `pairs` of [blue, red]. */
function lockedGroup(units: U[], pairs: [string, string][]): St {
  let s = battle([...units, ...reserves]);
  s = { ...s, ruleset: { ...s.ruleset, melees: pairs.map(([a, b]) => ({ a, b, rounds: 0 })) } };
  return advanceTo(s, 'fireSecond');
}

describe('DoG MELÉE second-round rules in a melee of more than two units (RULINGS.md: read pair by pair)', () => {
  it('two squadrons of dragoons beat a French line in the first round and both sides hold: the line is attacked in the rear by each pair in the second round', () => {
    const s = lockedGroup([
      { id: 'a', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 935, y: 675, n: 8 },
      { id: 'c', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1332, y: 675, n: 4 },
      { id: 'b', side: 'red', type: 'old-guard', x: 1200, y: 700, n: 4, facingDeg: -90 },
    ], [['a', 'b'], ['c', 'b']]);
    // a 1 (170 men), b 1 (200), c 1 (170); the Guard tests 1 (holds); the dragoons test 1, 1 (hold); turn 2's initiative 9, 2.
    const r = apply(withDice(s, [1, 1, 1, 1, 1, 1, 9, 2]), { type: 'endStep', side: 'red' });
    expect(ofType(r.events, 'MeleeWon')[0]).toMatchObject({ winners: ['a', 'c'], losers: ['b'], round: 1 });
    expect(ofType(r.events, 'BrokeThrough').map((e) => [e['unit'], e['into']])).toEqual([['a', 'b'], ['c', 'b']]);
    expect(r.state.ruleset.melees).toEqual([{ a: 'a', b: 'b', rounds: 1, struck: { b: 'rear' } }, { a: 'c', b: 'b', rounds: 1, struck: { b: 'rear' } }]);
    expect(r.state.ruleset.units['b']!.morale).toBe('steady');
  });
  it('two French lines beat a Prussian column in the first round and both sides hold: the lines hold firm, and the column is taken in both flanks (one record for each pair)', () => {
    const s = lockedGroup([
      { id: 'a', side: 'blue', type: 'musketeer', x: 1200, y: 640, formation: 'column', n: 8, quality: 'veteran' },
      { id: 'b', side: 'red', type: 'fusilier', x: 1200, y: 720, facingDeg: -90 },
      { id: 'd', side: 'red', type: 'fusilier', x: 1330, y: 640, facingDeg: 180 },
    ], [['a', 'b'], ['a', 'd']]);
    // a 1 (100 men), b 4 (115), d 4 (115); the column tests 1 (holds); the lines test 1, 1 (hold); turn 2's initiative 9, 2.
    const r = apply(withDice(s, [1, 4, 4, 1, 1, 1, 9, 2]), { type: 'endStep', side: 'red' });
    expect(ofType(r.events, 'MeleeWon')[0]).toMatchObject({ winners: ['b', 'd'], losers: ['a'], round: 1 });
    expect(ofType(r.events, 'FlowedRound').map((e) => [e['unit'], e['column']])).toEqual([['b', 'a'], ['d', 'a']]);
    expect(r.state.ruleset.melees).toEqual([{ a: 'a', b: 'b', rounds: 1, struck: { a: 'flanks' } }, { a: 'a', b: 'd', rounds: 1, struck: { a: 'flanks' } }]);
  });
  it('hussars beside the dragoons, untouched by the French hussars (who fight the dragoons), ride through them: an uncontrolled charge, no test for them; the dragoons stay locked', () => {
    const s = lockedGroup([
      { id: 'a', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1134, y: 670, n: 2 },
      { id: 'c', side: 'blue', arm: 'cavalry', type: 'hussar', x: 1266, y: 670, n: 2 },
      { id: 'b', side: 'red', arm: 'cavalry', type: 'hussar', x: 1200, y: 700, n: 4, facingDeg: -90 },
    ], [['a', 'b'], ['c', 'b']]);
    // a 1, b 4, c 0; the French test 1 (hold); the dragoons test 1 (hold); turn 2's initiative 9, 2.
    const r = apply(withDice(s, [1, 4, 10, 1, 1, 9, 2]), { type: 'endStep', side: 'red' });
    expect(ofType(r.events, 'MeleeWon')[0]).toMatchObject({ winners: ['a', 'c'], losers: ['b'] });
    expect(ofType(r.events, 'UncontrolledCharge').map((e) => [e['unit'], e['through']])).toEqual([['c', 'b']]);
    expect(rolls(r.events).filter((x) => x.purpose.startsWith('c:'))).toEqual([]);
    expect(r.state.ruleset.melees.map((m) => [m.a, m.b])).toEqual([['a', 'b']]);
    expect(meanCentre(unit(r.state, 'c')!.stands).y).toBeGreaterThan(720);
  });
});

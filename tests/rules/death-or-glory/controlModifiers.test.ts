/**
 * DoG CONTROL Modifiers for the state of other troops: "+1 enemy retiring within 100m", "+2 enemy
 * retreating", "+3 enemy routing", "-1 enemy standing", "-2 enemy advancing", "-3 enemy advancing to
 * flank or rear", "-1 friends retiring within 100m", "-2 friends retreating", "-3 friends routing",
 * "+1 friends standing", "+2 friends advancing", "-1 unit under fire from flank/rear" — read from
 * the turn's record of what each unit did in the move (morale/conduct.ts; RULINGS.md).
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, withDice, apply, rolls, withUnitState, unit, type St, type U } from './build';
import { meanCentre } from '../../../src/geometry/standSets';
import { pt } from '../../../src/geometry/types';

/** Reserves far off, so that neither army breaks (HOUSE victory). */
const reserves: U[] = [
  { id: 'res-b', side: 'blue', type: 'musketeer', x: 300, y: 150, n: 8 },
  { id: 'res-r', side: 'red', type: 'fusilier', x: 2100, y: 1450, n: 8, facingDeg: -90 },
];

/** Prussian dragoons (a) charge a French half-battalion (b) that stands; `others` stand round about. */
const start = (others: U[], terrain: unknown[] = []) => battle([
  { id: 'a', side: 'blue', arm: 'cavalry', type: 'dragoon', x: 1200, y: 600, n: 4 },
  { id: 'b', side: 'red', type: 'fusilier', x: 1200, y: 750, n: 2, facingDeg: -90 },
  ...others,
  ...reserves,
], { terrain });

/** Play the charge to the fire phase: b stands (reaction 3) and fires (1). */
function toMelee(s0: St, patch: (s: St) => St = (s) => s): St {
  let s = advanceTo(s0, 'declare');
  s = apply(s, { type: 'declareCharge', side: 'blue', unit: 'a', target: 'b' }).state;
  s = apply(s, { type: 'endStep', side: 'blue' }).state;
  s = apply(s, { type: 'reactToCharge', side: 'red', unit: 'b', reaction: 'stand' }).state;
  s = apply(s, { type: 'endStep', side: 'red' }).state;
  s = apply(withDice(s, [3, 1]), { type: 'endStep', side: 'blue' }).state;
  s = apply(s, { type: 'endStep', side: 'blue' }).state;
  return patch(s);
}

/** The melee: dragoons 0, French 1; the French test 9 and break; the dragoons' control test `die`; turn 2's initiative 9, 2. */
function controlRoll(s: St, die = 5, more: number[] = []) {
  const r = apply(withDice(s, [10, 1, 9, die, ...more, 9, 2]), { type: 'endStep', side: 'red' });
  const roll = rolls(r.events).find((x) => x.purpose === 'a: control test, after winning melee');
  if (!roll) throw new Error('no control test');
  return { roll, mods: roll.modifiers.map((m) => [m.label, m.value] as const), state: r.state };
}
const has = (mods: readonly (readonly [string, number])[], label: string) => mods.find(([l]) => l.startsWith(label));

describe('DoG CONTROL Modifiers: the beaten enemy and nothing else about', () => {
  it('dragoons that broke the French half-battalion read "+3 enemy routing" and no other line of other troops', () => {
    const { mods } = controlRoll(toMelee(start([])));
    expect(has(mods, 'enemy routing')).toEqual(['enemy routing (b)', 3]);
    expect(mods.filter(([l]) => /^(enemy|friends|unit under fire)/.test(l)).map(([l]) => l)).toEqual(['enemy routing (b)']);
  });
});

describe('DoG CONTROL Modifiers: friends', () => {
  const friend: U = { id: 'f', side: 'blue', type: 'musketeer', x: 1450, y: 640 };
  it('a battalion 50 m off that did not move this turn: "+1 friends standing"', () => {
    const { mods } = controlRoll(toMelee(start([friend])));
    expect(has(mods, 'friends standing')).toEqual(['friends standing (f)', 1]);
  });
  it('one that came 150 m nearer the enemy this turn: "+2 friends advancing"', () => {
    const { mods } = controlRoll(toMelee(start([friend]), (s) => withUnitState(s, 'f', { startAt: pt(1450, 490) })));
    expect(has(mods, 'friends advancing')).toEqual(['friends advancing (f)', 2]);
    expect(has(mods, 'friends standing')).toBeUndefined();
  });
  it('one that retired within 100 m: "-1 friends retiring within 100m"; beyond 100 m (but within 150 m) it does not count', () => {
    const near = controlRoll(toMelee(start([friend]), (s) => withUnitState(s, 'f', { retired: true }))).mods;
    expect(has(near, 'friends retiring')).toEqual(['friends retiring within 100m (f)', -1]);
    const far = controlRoll(toMelee(start([{ ...friend, x: 1520 }]), (s) => withUnitState(s, 'f', { retired: true }))).mods;
    expect(has(far, 'friends retiring')).toBeUndefined();
  });
  it('one evading, disordered: "-2 friends retreating"', () => {
    // The dragoons, within 150 m of the retreating friend, test in the compulsory moves (DoG MORALE When? "friends retreating within 150 m"): 1, holds.
    const { mods } = controlRoll(toMelee(start([friend]), (s) => withUnitState(s, 'f', { morale: 'retreating', order: 'disordered' })), 5, [1]);
    expect(has(mods, 'friends retreating')).toEqual(['friends retreating (f)', -2]);
  });
  it('one in flight from last turn: "-3 friends routing" (within 150 m)', () => {
    const { mods } = controlRoll(toMelee(start([friend]), (s) => withUnitState(s, 'f', { morale: 'routing', order: 'disordered', routTurns: 1 })));
    expect(has(mods, 'friends routing')).toEqual(['friends routing (f)', -3]);
  });
  it('a friend 200 m off counts for nothing (DoG MORALE\'s 150 m for friends)', () => {
    const { mods } = controlRoll(toMelee(start([{ ...friend, x: 1600 }])));
    expect(mods.filter(([l]) => l.startsWith('friends'))).toEqual([]);
  });
});

describe('DoG CONTROL Modifiers: other enemies (in sight, within the HOUSE 300 m)', () => {
  const enemy: U = { id: 'e', side: 'red', type: 'fusilier', x: 1550, y: 700, facingDeg: -90 };
  it('a French battalion 200 m to the side that held its ground: "-1 enemy standing"', () => {
    const { mods } = controlRoll(toMelee(start([enemy])));
    expect(has(mods, 'enemy standing')).toEqual(['enemy standing (e)', -1]);
  });
  it('one that came 150 m nearer the dragoons, ahead of them: "-2 enemy advancing"', () => {
    const { mods } = controlRoll(toMelee(start([{ ...enemy, y: 850 }]), (s) => withUnitState(s, 'e', { startAt: pt(1700, 1000) })));
    expect(has(mods, 'enemy advancing (e)')).toEqual(['enemy advancing (e)', -2]);
  });
  it('one that came up behind them: "-3 enemy advancing to flank or rear" (the quarter of their base it stands in, geometry quarterOf)', () => {
    const { mods } = controlRoll(toMelee(start([{ ...enemy, x: 1200, y: 450, facingDeg: 90 }]), (s) => withUnitState(s, 'e', { startAt: pt(1200, 250) })));
    expect(has(mods, 'enemy advancing to flank or rear')).toEqual(['enemy advancing to flank or rear (e)', -3]);
    expect(has(mods, 'enemy advancing (e)')).toBeUndefined();
  });
  it('one retiring 80 m off: "+1 enemy retiring within 100m"', () => {
    const { mods } = controlRoll(toMelee(start([{ ...enemy, x: 1420 }]), (s) => withUnitState(s, 'e', { retired: true })));
    expect(has(mods, 'enemy retiring')).toEqual(['enemy retiring within 100m (e)', 1]);
  });
  it('one evading: "+2 enemy retreating"', () => {
    const { mods } = controlRoll(toMelee(start([enemy]), (s) => withUnitState(s, 'e', { morale: 'retreating', order: 'disordered' })));
    expect(has(mods, 'enemy retreating')).toEqual(['enemy retreating (e)', 2]);
  });
  it('one 400 m off, or out of sight behind a village, counts for nothing', () => {
    const far = controlRoll(toMelee(start([{ ...enemy, x: 1750 }]))).mods;
    expect(far.filter(([l]) => l.startsWith('enemy') && l !== 'enemy routing (b)')).toEqual([]);
    const village = { id: 'v', kind: 'village', name: 'Hof', polygon: [[1380, 450], [1420, 450], [1420, 950], [1380, 950]] };
    const hidden = controlRoll(toMelee(start([enemy], [village]))).mods;
    expect(hidden.filter(([l]) => l.startsWith('enemy') && l !== 'enemy routing (b)')).toEqual([]);
  });
});

describe('DoG CONTROL Modifiers: "-1 unit under fire from flank/rear"', () => {
  it('dragoons fired on from their flank last turn take -1; fired on from the front they do not', () => {
    const flank = controlRoll(toMelee(start([]), (s) => withUnitState(s, 'a', { flankFire: { turn: s.position.turn - 1, faces: ['left'] } }))).mods;
    expect(has(flank, 'unit under fire from flank/rear')).toEqual(['unit under fire from flank/rear (left)', -1]);
    const old = controlRoll(toMelee(start([]), (s) => withUnitState(s, 'a', { flankFire: { turn: s.position.turn - 2, faces: ['left'] } }))).mods;
    expect(has(old, 'unit under fire')).toBeUndefined();
  });
});

describe('The turn\'s record of what each unit did (state.ts, morale/conduct.ts)', () => {
  it('a battalion moved 90 m toward the enemy in the movement phase reads as advancing for its friends\' control tests; its start point is where it stood at the turn\'s start', () => {
    let s = start([{ id: 'f', side: 'blue', type: 'musketeer', x: 1450, y: 560 }]);
    s = advanceTo(s, 'moveFirst');
    expect(s.ruleset.units['f']!.startAt).toEqual(meanCentre(unit(s, 'f')!.stands));
    s = apply(s, { type: 'moveUnit', side: 'blue', unit: 'f', legs: [{ kind: 'forward', mm: 90 }] }).state;
    const { mods, state } = controlRoll(toMelee(s));
    expect(has(mods, 'friends advancing')).toEqual(['friends advancing (f)', 2]);
    // The next turn starts a new record.
    expect(state.ruleset.units['f']!.startAt).toEqual(meanCentre(unit(state, 'f')!.stands));
    expect(JSON.parse(JSON.stringify(state.ruleset.units['f']))).toEqual(state.ruleset.units['f']);
  });
  it('fire from a flank is recorded with the face it came from (geometry quarterOf); from the front it is not', () => {
    let s = battle([
      { id: 'p', side: 'blue', type: 'musketeer', x: 1200, y: 600 },
      { id: 'q', side: 'red', type: 'fusilier', x: 1400, y: 600, facingDeg: 180 },
      { id: 'r', side: 'red', type: 'fusilier', x: 1200, y: 720, facingDeg: -90 },
      ...reserves,
    ]);
    s = advanceTo(s, 'fireSecond');
    const a = apply(withDice(s, [5]), { type: 'fire', side: 'red', unit: 'q', target: 'p' }).state;
    expect(a.ruleset.units['p']!.flankFire).toEqual({ turn: a.position.turn, faces: [expect.stringMatching(/^(left|right)$/)] });
    const b = apply(withDice(s, [5]), { type: 'fire', side: 'red', unit: 'r', target: 'p' }).state;
    expect(b.ruleset.units['p']!.flankFire).toBeUndefined();
  });
});

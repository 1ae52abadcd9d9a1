/**
 * DoG Infantry Fire: "the firing battalion can only make one fire die roll … Exception: Firing
 * units in square or with refused flank. In such cases, each side of the square or the refused
 * flank may make a separate die roll if firing at a different target unit." And DoG MOVEMENT
 * PHASE / FIRE PHASE: troops that move do not fire (skirmishers "may move and fire to full
 * effect each turn").
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, withDice, apply, rolls, rejection, unit, withUnitState, type St } from './build';
import { facingGroups } from '../../../src/geometry/frame';
import { refusedLayout } from '../../../src/rules/death-or-glory/movement/commands';

const fresh = (s: St, id: string) => withUnitState(s, id, { moved: false, changedFormation: false, movedMm: 0 });

describe('DoG Infantry Fire: a Prussian square with one French battalion before its front face and another behind its rear face', () => {
  // Blue faces down the table (+y); the square's front face looks at fr-a, its rear face at fr-b.
  const s0 = advanceTo(battle([
    { id: 'sq', side: 'blue', type: 'musketeer', x: 1200, y: 700, formation: 'square' },
    { id: 'fr-a', side: 'red', type: 'fusilier', x: 1200, y: 840 },
    { id: 'fr-b', side: 'red', type: 'fusilier', x: 1200, y: 560, facingDeg: 90 },
  ]), 'fireFirst');

  it('the square presents four faces of one stand each', () => {
    expect(facingGroups(unit(s0, 'sq')!.stands).map((g) => g.stands.length)).toEqual([1, 1, 1, 1]);
  });

  it('the front face fires at fr-a with its own front rank (3 figures), then the rear face at fr-b with its own roll; neither may fire again', () => {
    const a = apply(withDice(s0, [7]), { type: 'fire', side: 'blue', unit: 'sq', target: 'fr-a' });
    const shotA = rolls(a.events)[0]!;
    expect(shotA.table?.column).toBe('3 figures firing');
    expect(a.state.ruleset.units['sq']!.facesFired).toEqual([{ face: 0, target: 'fr-a' }]);
    // The rear face has not fired: a second die roll at a different target.
    const b = apply(withDice(a.state, [4]), { type: 'fire', side: 'blue', unit: 'sq', target: 'fr-b' });
    const shotB = rolls(b.events)[0]!;
    expect(shotB.purpose).toContain('sq fires at fr-b');
    expect(shotB.table?.column).toBe('3 figures firing');
    // Only the first volley of the game is the initial volley (+2, once per game).
    expect(shotA.modifiers.some((m) => m.label.startsWith('initial volley'))).toBe(true);
    expect(shotB.modifiers.some((m) => m.label.startsWith('initial volley'))).toBe(false);
    expect(b.state.ruleset.units['sq']!.facesFired).toEqual([{ face: 0, target: 'fr-a' }, { face: 3, target: 'fr-b' }]);
    expect(rejection(b.state, { type: 'fire', side: 'blue', unit: 'sq', target: 'fr-a' })).toBe('cannot-fire');
    expect(rejection(b.state, { type: 'fire', side: 'blue', unit: 'sq', target: 'fr-b' })).toBe('cannot-fire');
  });

  it('a face may not fire at a target outside its own 10° arc (the flank faces see neither battalion)', () => {
    expect(rejection(s0, { type: 'fire', side: 'blue', unit: 'sq', target: 'fr-a', faces: [1] })).toBe('cannot-fire');
    expect(rejection(s0, { type: 'fire', side: 'blue', unit: 'sq', target: 'fr-a', faces: [0] })).toBe('accepted');
  });
});

describe('DoG Infantry Fire: a Prussian line of 4 stands with its right flank refused 90°', () => {
  // Blue faces +y; its right is -x. The refused end stand turns to face -x (west).
  const s1 = advanceTo(battle([
    { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 700 },
    { id: 'fr-front', side: 'red', type: 'fusilier', x: 1230, y: 840 },
    { id: 'fr-flank', side: 'red', type: 'fusilier', x: 1000, y: 720, facingDeg: 0 },
  ]), 'moveFirst');

  it('refusing the flank takes a quarter of the move and leaves two faces; the unit that moved may not fire this turn', () => {
    const r = apply(s1, { type: 'refuseFlank', side: 'blue', unit: 'pr', flank: 'right', stands: 1, deg: 90 });
    const g = facingGroups(unit(r.state, 'pr')!.stands);
    expect(g.map((x) => x.stands)).toEqual([[0, 1, 2], [3]]);
    expect(Math.round((g[1]!.facing * 180) / Math.PI)).toBe(180);
    expect(r.state.ruleset.units['pr']!.movedMm).toBe(25);
    expect(r.events.some((e) => e.type === 'FlankRefused')).toBe(true);
    const f = advanceTo(r.state, 'fireFirst');
    expect(rejection(f, { type: 'fire', side: 'blue', unit: 'pr', target: 'fr-front' })).toBe('cannot-fire');
  });

  it('next turn the main body (9 figures) and the refused flank (3 figures) each roll at their own target', () => {
    const r = apply(s1, { type: 'refuseFlank', side: 'blue', unit: 'pr', flank: 'right', stands: 1, deg: 90 });
    const f = fresh(advanceTo(r.state, 'fireFirst'), 'pr');
    const a = apply(withDice(f, [5]), { type: 'fire', side: 'blue', unit: 'pr', target: 'fr-front' });
    expect(rolls(a.events)[0]!.table?.column).toBe('9 figures firing');
    const b = apply(withDice(a.state, [5]), { type: 'fire', side: 'blue', unit: 'pr', target: 'fr-flank' });
    expect(rolls(b.events)[0]!.table?.column).toBe('3 figures firing');
    expect(rejection(b.state, { type: 'fire', side: 'blue', unit: 'pr', target: 'fr-flank' })).toBe('cannot-fire');
  });

  it('a straight line may not fire at the battalion off its flank (outside the 10° arc)', () => {
    const f = advanceTo(s1, 'fireFirst');
    expect(rejection(f, { type: 'fire', side: 'blue', unit: 'pr', target: 'fr-flank' })).toBe('cannot-fire');
  });

  it('straightening the line puts the stands back where the straight line stood', () => {
    const before = unit(s1, 'pr')!;
    const r = apply(s1, { type: 'refuseFlank', side: 'blue', unit: 'pr', flank: 'right', stands: 2, deg: 45 });
    const back = refusedLayout(unit(r.state, 'pr')!, 'none', 0, 0);
    back.forEach((s, i) => {
      expect(s.centre.x).toBeCloseTo(before.stands[i]!.centre.x, 6);
      expect(s.centre.y).toBeCloseTo(before.stands[i]!.centre.y, 6);
    });
  });

  it('only infantry in line refuses a flank; at most all stands but one', () => {
    expect(rejection(s1, { type: 'refuseFlank', side: 'blue', unit: 'pr', flank: 'left', stands: 4 })).toBe('count');
    expect(rejection(s1, { type: 'refuseFlank', side: 'blue', unit: 'pr', flank: 'none' })).toBe('straight');
    const col = advanceTo(battle([{ id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 700, formation: 'column' }, { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 1100 }]), 'moveFirst');
    expect(rejection(col, { type: 'refuseFlank', side: 'blue', unit: 'pr', flank: 'left' })).toBe('not-line');
  });
});

describe('DoG MOVEMENT PHASE / FIRE PHASE: troops that moved do not fire, except skirmishers', () => {
  const s2 = advanceTo(battle([
    { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 700 },
    { id: 'jg', side: 'blue', type: 'musketeer', x: 1500, y: 700, formation: 'skirmish' },
    { id: 'fr', side: 'red', type: 'fusilier', x: 1300, y: 830, n: 8 },
  ]), 'moveFirst');

  it('a line that advanced 20 m may not fire; skirmishers that advanced still fire', () => {
    const a = apply(s2, { type: 'moveUnit', side: 'blue', unit: 'pr', legs: [{ kind: 'forward', mm: 20 }] }).state;
    const b = apply(a, { type: 'moveUnit', side: 'blue', unit: 'jg', legs: [{ kind: 'forward', mm: 20 }] }).state;
    const f = advanceTo(b, 'fireFirst');
    expect(rejection(f, { type: 'fire', side: 'blue', unit: 'pr', target: 'fr' })).toBe('cannot-fire');
    expect(rejection(f, { type: 'fire', side: 'blue', unit: 'jg', target: 'fr' })).toBe('accepted');
  });

  it('a line that stood still fires', () => {
    expect(rejection(advanceTo(s2, 'fireFirst'), { type: 'fire', side: 'blue', unit: 'pr', target: 'fr' })).toBe('accepted');
  });
});

describe('DoG Infantry Fire: "any one target or combination of targets within a 10 degree arc … Casualties are taken equally by each target unit"', () => {
  // Two French battalions of 8 stands meet in front of a Prussian line of 4: both lie within its 10° arc.
  const s = advanceTo(battle([
    { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 700 },
    { id: 'fr-a', side: 'red', type: 'fusilier', x: 1068, y: 770, n: 8 },
    { id: 'fr-b', side: 'red', type: 'fusilier', x: 1334, y: 770, n: 8 },
    { id: 'fr-c', side: 'red', type: 'fusilier', x: 2000, y: 770 },
  ]), 'fireFirst');

  it('one roll at both; the men are shared equally, the odd ones to the first named', () => {
    const r = apply(withDice(s, [1]), { type: 'fire', side: 'blue', unit: 'pr', target: 'fr-a', alsoAt: ['fr-b'] });
    const shots = rolls(r.events);
    expect(shots.length).toBe(1);
    expect(shots[0]!.purpose).toContain('pr fires at fr-a and fr-b');
    const men = Number(/: (\d+) men/.exec(shots[0]!.outcome)![1]);
    const a = r.state.ruleset.units['fr-a']!.menLost, b = r.state.ruleset.units['fr-b']!.menLost;
    expect(a + b).toBe(men);
    expect(b).toBe(Math.floor(men / 2));
    expect(rejection(r.state, { type: 'fire', side: 'blue', unit: 'pr', target: 'fr-b' })).toBe('cannot-fire');
  });

  it('a target outside the arc cannot be added', () => {
    expect(rejection(s, { type: 'fire', side: 'blue', unit: 'pr', target: 'fr-a', alsoAt: ['fr-c'] })).toBe('cannot-fire');
  });
});

/**
 * SYW (3) Orders p.6-7: "Groups must be composed solely from units side by side, or slightly
 * echeloned (or in column of units if on Reserve orders only)" — "Both groups of units are all ok if
 * gaps are up to 1cm". Checked at set-up (a problem with its path) and at the end of every move.
 */
import { legalFor } from '../../../src/engine/lookahead';
import { describe, it, expect } from 'vitest';
import { battle, setOrder, advanceTo, apply, rejection, SYW, type U, type St } from './build';
import { makeSampler } from '../../../src/ai/sampler';
import { groupShapeProblem } from '../../../src/rules/seven-years-war/groupShape';
import { pt } from '../../../src/geometry/types';

// Blue battalions face down the table (+y); the front edge is at `y`, the stands lie behind it (smaller y).
const a: U = { id: 'blue-a', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15 };
const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1100, facingDeg: -90, n: 4, depth: 15 };

/** The set-up problems (as thrown by the builder), or [] when the battle is created. */
function problems(b: U, order?: string): { path: string; message: string }[] {
  try {
    battle([a, b, red], { groups: [{ id: 'g', units: ['blue-a', 'blue-b'], ...(order ? { order } : {}) }] });
    return [];
  } catch (e) {
    return JSON.parse((e as Error).message) as { path: string; message: string }[];
  }
}

describe('(3) Orders p.6-7: group shapes at set-up', () => {
  // blue-a spans x 820-980, front at y 300 (depth 15: y 285-300).
  it('two battalions side by side with a 1cm gap are a group', () => {
    expect(problems({ ...a, id: 'blue-b', x: 1070 })).toEqual([]);
  });
  it('a 2cm gap is not ("all ok if gaps are up to 1cm") and the problem names the group', () => {
    const p = problems({ ...a, id: 'blue-b', x: 1080 });
    expect(p).toHaveLength(1);
    expect(p[0]!.path).toBe('$.rulesetFields["seven-years-war"].groups[0]');
    expect(p[0]!.message).toMatch(/side by side/);
  });
  it('slightly echeloned (front set back by no more than the other unit\'s depth, 15mm) is a group', () => {
    expect(problems({ ...a, id: 'blue-b', x: 1070, y: 285 })).toEqual([]);
  });
  it('set back 4cm is more than "slightly": the flanks no longer face each other', () => {
    expect(problems({ ...a, id: 'blue-b', x: 1070, y: 260 })).toHaveLength(1);
  });
  it('a column of units (one 1cm behind the other) is a group on Reserve only', () => {
    const behind: U = { ...a, id: 'blue-b', y: 275 };
    expect(problems(behind, 'reserve')).toEqual([]);
    const p = problems(behind);
    expect(p).toHaveLength(1);
    expect(p[0]!.message).toMatch(/column of units only on Reserve/);
  });
  it('a unit facing 30 degrees off the others is not side by side (more than the 15 degree tolerance)', () => {
    expect(problems({ ...a, id: 'blue-b', x: 1070, facingDeg: 120 })[0]!.message).toMatch(/does not face the same way/);
  });
  it('groupShapeProblem reads single units and routers as always fine', () => {
    const s = battle([a, red]);
    const u = s.battle.units.find((x) => x.id === 'blue-a')!;
    expect(groupShapeProblem([u], 'advance')).toBeNull();
    const far = { ...u, id: 'far', name: 'far', stands: u.stands.map((st) => ({ ...st, centre: pt(st.centre.x + 500, st.centre.y) })) };
    expect(groupShapeProblem([u, far], 'rout')).toBeNull();
    expect(groupShapeProblem([u, far], 'advance')).toMatch(/within 1cm/);
  });
});

describe('(3) Orders p.6-7: the shape at the end of a move', () => {
  // A column of units on Reserve (blue-b 1cm behind blue-a), then ordered to Advance.
  const column = (): St => {
    const s = battle([a, { ...a, id: 'blue-b', y: 275 }, red], { groups: [{ id: 'g', units: ['blue-a', 'blue-b'], order: 'reserve' }] });
    return advanceTo(setOrder(s, 'g', 'advance'), 'movement');
  };
  const xs = (s: St, id: string) => s.battle.units.find((u) => u.id === id)!.stands.map((st) => st.centre.x);
  const front = (s: St, id: string) => Math.max(...s.battle.units.find((u) => u.id === id)!.stands.map((st) => st.centre.y + st.depthMm / 2));

  it('on Reserve the column of units moves', () => {
    const s = advanceTo(battle([a, { ...a, id: 'blue-b', y: 275 }, red], { groups: [{ id: 'g', units: ['blue-a', 'blue-b'], order: 'reserve' }] }), 'movement');
    expect(rejection(s, { type: 'moveGroup', side: 'blue', group: 'g', legs: [{ kind: 'forward', mm: 50 }] })).toBe('accepted');
  });
  it('on Advance a move that leaves it in column of units is refused', () => {
    expect(rejection(column(), { type: 'moveGroup', side: 'blue', group: 'g', legs: [{ kind: 'forward', mm: 50 }] })).toBe('group-shape');
  });
  it('dressGroup re-forms it side by side on the anchor, fronts level and 1cm apart, paying the farthest stand move', () => {
    const r = apply(column(), { type: 'dressGroup', side: 'blue', group: 'g' });
    // blue-b (behind) goes to blue-a's right as seen by the troops (facing +y, right is -x): 650-810.
    expect(Math.min(...xs(r.state, 'blue-b')) - 20).toBeCloseTo(650, 6);
    expect(Math.max(...xs(r.state, 'blue-b')) + 20).toBeCloseTo(810, 6);
    expect(front(r.state, 'blue-b')).toBeCloseTo(300, 6);
    expect(r.state.ruleset.groups.g!.movedMm).toBeGreaterThan(170);
    expect(r.events.some((e) => e.type === 'GroupDressed')).toBe(true);
    expect(rejection(r.state, { type: 'moveGroup', side: 'blue', group: 'g', legs: [{ kind: 'forward', mm: 20 }] })).toBe('accepted');
  });
  it('the built-in players are offered dressGroup, not moves, for a group out of shape', () => {
    const cmds = legalFor(SYW, column(), 'blue', makeSampler(1));
    expect(cmds.filter((c) => c.group === 'g').map((c) => c.type)).toEqual(['dressGroup']);
  });
  it('re-forming farther than the move left is refused', () => {
    const s = column();
    const g = s.ruleset.groups.g!;
    const spent = { ...s, ruleset: { ...s.ruleset, groups: { ...s.ruleset.groups, g: { ...g, movedMm: 100 } } } };
    expect(rejection(spent, { type: 'dressGroup', side: 'blue', group: 'g' })).toBe('too-far');
  });
});

/**
 * Seven Years War: (1) Groups p.5 and (3) Orders NB p.6 — a general adds units from another group.
 */
import { describe, expect, it } from 'vitest';
import { battle, withDice, apply, rejection, setOrder, type U, type St } from './build';

const inf = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number, extra: Partial<U> = {}): U => ({ id, side, type: 'medium-infantry', x, y, facingDeg, n: 4, depth: 15, ranks: 1, ...extra });

const patchGroup = (s: St, id: string, patch: Record<string, unknown>): St => ({ ...s, ruleset: { ...s.ruleset, groups: { ...s.ruleset.groups, [id]: { ...s.ruleset.groups[id]!, ...patch } } } });

const attempts = (s: St, gen: string, n: number): St => ({ ...s, ruleset: { ...s.ruleset, generals: { ...s.ruleset.generals, [gen]: { ...s.ruleset.generals[gen]!, attemptsLeft: n } } } });

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

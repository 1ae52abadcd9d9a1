/**
 * Napoleonic Warfare: §29 Line of Sight — firing past friends, and guns on higher ground firing over their own infantry.
 */
import { describe, expect, it } from 'vitest';
import { battle, draftWith, IN } from './harness';
import { planShots } from '../../../src/rules/napoleonic-warfare/fire';

const hill = (x0: number, y0: number, x1: number, y1: number) => ({ id: 'hill', kind: 'hill', name: 'Hill', heightLevel: 1, polygon: [[x0 * IN, y0 * IN], [x1 * IN, y0 * IN], [x1 * IN, y1 * IN], [x0 * IN, y1 * IN]], props: {} });

describe('When a friendly unit stands between a firing line and its target (NW Fire §29 Line of Sight)', () => {
  const lines = (blocker: boolean) =>
    battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      ...(blocker ? [{ id: 'fr2', side: 'fr' as const, x: 34.4, y: 23, facingDeg: 90, stands: 1 }] : []),
      { id: 'au1', side: 'au', x: 36, y: 26, facingDeg: -90 },
    ]);
  it('with a clear field all four stands fire', () => {
    const { d } = draftWith(lines(false), []);
    expect(planShots(d, (u) => u.id === 'fr1')[0]!.stands).toHaveLength(4);
  });
  it('the stand whose line passes closer than half a stand width to the friend cannot fire through it; the others can', () => {
    const { d } = draftWith(lines(true), []);
    const shots = planShots(d, (u) => u.id === 'fr1');
    expect(shots).toHaveLength(1);
    expect(shots[0]!.stands).toHaveLength(3);
  });
});

describe('When guns on higher ground fire over their own infantry (NW Fire §29: artillery only)', () => {
  const guns = (onHill: boolean) =>
    battle([
      { id: 'au-guns', side: 'au', arm: 'artillery', troopType: 'foot-artillery', x: 36, y: 30, facingDeg: -90, stands: 2 },
      { id: 'au-inf', side: 'au', x: 36, y: 26, facingDeg: -90 },
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
    ], onHill ? { terrain: [hill(30, 28, 42, 33)] } : {});
  it('from the hill they fire over the infantry', () => {
    const { d } = draftWith(guns(true), []);
    expect(planShots(d, (u) => u.id === 'au-guns').map((s) => s.target.id)).toEqual(['fr1']);
  });
  it('on the flat the infantry blocks them', () => {
    const { d } = draftWith(guns(false), []);
    expect(planShots(d, (u) => u.id === 'au-guns')).toEqual([]);
  });
});

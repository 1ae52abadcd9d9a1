// NW Orders/Retreat note and Close Combat §1 note: skirmish infantry advanced into by formed
// troops retreat rather than be caught; extra movement after moving disorders them (§17).
import { describe, expect, it } from 'vitest';
import { battle, draftWith, IN } from './harness';
import { skirmishersEvade } from '../../../src/rules/napoleonic-warfare/commands';
import { walk } from '../../../src/rules/napoleonic-warfare/moves';
import { findUnit } from '../../../src/engine/battle';
import { moraleModifiers } from '../../../src/rules/napoleonic-warfare/morale';

const screen = (moverFormation = 'line') => battle([
  { id: 'fr1', side: 'fr', formation: moverFormation, x: 36, y: 20, facingDeg: 90 },
  { id: 'au-sk', side: 'au', troopType: 'light-infantry', formation: 'skirmish', x: 36, y: 21.05, facingDeg: -90, stands: 2 },
]);

describe('When a formed unit advances into skirmish infantry (NW Orders/Retreat note)', () => {
  it('the skirmishers retreat their Retreat move (3"+1d6 medium foot) directly away instead of being caught', () => {
    const { d, rolls, events } = draftWith(screen(), [4]);
    const y0 = findUnit(d.battle, 'au-sk')!.stands[0]!.centre.y;
    expect(skirmishersEvade(d, 'au-sk', findUnit(d.battle, 'fr1')!)).toBe(true);
    expect(rolls[0]!.faces).toEqual([4]);
    const y1 = findUnit(d.battle, 'au-sk')!.stands[0]!.centre.y;
    expect((y1 - y0) / IN).toBeCloseTo(7, 0);
    expect(d.rs.units['au-sk']!.status).toBe('active');
    expect(d.rs.units['au-sk']!.morale).toBe('good'); // skirmishers are not disordered by retreating
    expect(events.some((e) => e.type === 'SkirmishersEvaded')).toBe(true);
  });
  it('having already moved this turn, the extra movement disorders them (NW §17)', () => {
    const { d } = draftWith(screen(), [4]);
    d.rs.units['au-sk']!.movedThisTurn = true;
    skirmishersEvade(d, 'au-sk', findUnit(d.battle, 'fr1')!);
    expect(d.rs.units['au-sk']!.morale).toBe('disordered');
  });
  it('skirmishers meeting skirmishers stand and fight', () => {
    const { d } = draftWith(screen('skirmish'), []);
    expect(skirmishersEvade(d, 'au-sk', findUnit(d.battle, 'fr1')!)).toBe(false);
  });
});

describe('When a line battalion has brigaded away its grenadier company (NW §5 Basing 4)', () => {
  it('it tests morale as if it had lost a stand (−1)', () => {
    const mk = (detached: boolean) => battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90, ...(detached ? { extra: { detachedCompany: true } } : {}) },
      { id: 'au1', side: 'au', x: 36, y: 40, facingDeg: -90 },
    ]);
    const standLost = (detached: boolean) => {
      const { d } = draftWith(mk(detached), []);
      return moraleModifiers(d, findUnit(d.battle, 'fr1')!, {}).find((m) => /stand lost/i.test(m.label))?.value ?? 0;
    };
    expect(standLost(true)).toBe(-1);
    expect(standLost(false)).toBe(0);
  });
});

describe('When a line reaches a hedge with too little move left to cross it (NW §23 Obstacles)', () => {
  const hedge = { id: 'hedge', kind: 'obstacle', name: 'Hedge', polygon: [[28 * IN, 22 * IN], [44 * IN, 22 * IN], [44 * IN, 22.5 * IN], [28 * IN, 22.5 * IN]], props: { obstacle: 'hedge' } };
  const mk = () => battle([
    { id: 'fr1', side: 'fr', x: 36, y: 21, facingDeg: 90 },
    { id: 'au1', side: 'au', x: 36, y: 44, facingDeg: -90 },
  ], { terrain: [hedge] });
  it('a delay of 6" leaves nothing: it halts on the near side and is not disordered', () => {
    const { d, events } = draftWith(mk(), [6]);
    const u = findUnit(d.battle, 'fr1')!;
    const r = walk(d, u, u.stands[0]!.facing, 6 * IN, 'advance');
    expect(events.some((e) => e.type === 'ObstacleNotCrossed')).toBe(true);
    expect(Math.max(...r.unit.stands.map((s) => s.centre.y + s.depthMm / 2))).toBeLessThanOrEqual(22 * IN + 1e-6);
    expect(d.rs.units['fr1']!.morale).toBe('good');
  });
  it('a delay of 1" leaves enough: it crosses and is disordered', () => {
    const { d } = draftWith(mk(), [1]);
    const u = findUnit(d.battle, 'fr1')!;
    const r = walk(d, u, u.stands[0]!.facing, 6 * IN, 'advance');
    expect(Math.min(...r.unit.stands.map((s) => s.centre.y - s.depthMm / 2))).toBeGreaterThan(22.5 * IN);
    expect(d.rs.units['fr1']!.morale).toBe('disordered');
  });
});

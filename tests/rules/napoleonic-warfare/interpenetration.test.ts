/**
 * Napoleonic Warfare: §24 Interpenetration — lines passing stationary skirmishers, and skirmishers regrouping behind the friends they pass through.
 */
import { describe, expect, it } from 'vitest';
import { findUnit } from '../../../src/engine/battle';
import { nwu } from '../../../src/rules/napoleonic-warfare/core';
import { walk } from '../../../src/rules/napoleonic-warfare/moves';
import { rad } from '../../../src/geometry/types';
import { battle, draftWith, IN, type UnitSpec } from './harness';
import { unitDistanceMm } from '../../../src/rules/napoleonic-warfare/geom';

describe('NW §24 Interpenetration "Charging or Moving completely through stationary skirmishing Infantry or skirmishing cavalry"', () => {
  const setUp = () => battle([
    { id: 'fr1', side: 'fr', x: 36, y: 10, facingDeg: 90 },
    { id: 'fr-sk', side: 'fr', formation: 'skirmish', x: 36, y: 13, facingDeg: 90, stands: 2 },
    { id: 'au1', side: 'au', x: 36, y: 40, facingDeg: -90 },
  ]);
  const through = (skirmishersMoved: boolean) => {
    const { d } = draftWith(setUp(), []);
    if (skirmishersMoved) nwu(d, 'fr-sk').movedThisTurn = true;
    const r = walk(d, findUnit(d.battle, 'fr1')!, rad(Math.PI / 2), 8 * IN, 'advance');
    return { r, fr1: nwu(d, 'fr1').morale, sk: nwu(d, 'fr-sk').morale };
  };
  it('through stationary skirmishers the line goes its whole move and no one is disordered', () => {
    const { r, fr1, sk } = through(false);
    expect(r.usedMm).toBeCloseTo(8 * IN, 0);
    expect([fr1, sk]).toEqual(['good', 'good']);
  });
  it('through skirmishers that have moved this turn the line halts on their far side and the skirmishers are disordered', () => {
    const { r, fr1, sk } = through(true);
    expect(r.usedMm).toBeLessThan(8 * IN - 1);
    expect(r.interpenetrated).toContain('fr-sk');
    expect([fr1, sk]).toEqual(['good', 'disordered']);
  });
});

describe('"Skirmishers interpenetrating a friendly unit will Retreat to the rear of the friendly unit to regroup, taking extra movement if necessary, but becoming Disordered by the extra movement" (NW Close Combat §1 note; §17)', () => {
  // A French line at (36", 20") facing down the table (+y); its rear is towards the top (smaller y).
  const setup = (sk: Partial<UnitSpec>) => battle([
    { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
    { id: 'fr-sk', side: 'fr', formation: 'skirmish', x: 36, y: 23, facingDeg: -90, stands: 2, ranks: 1, ...sk },
    { id: 'au1', side: 'au', x: 10, y: 44, facingDeg: -90 },
  ]);
  const cy = (u: { stands: readonly { centre: { y: number } }[] }) => u.stands.reduce((a, x) => a + x.centre.y, 0) / u.stands.length;
  const move = (sk: Partial<UnitSpec>, dirDeg: number, budgetIn: number) => {
    const { d, events, rolls } = draftWith(setup(sk), []);
    const u = findUnit(d.battle, 'fr-sk')!;
    const r = walk(d, u, rad((dirDeg * Math.PI) / 180), budgetIn * IN, 'retreat');
    return { d, r, events, rolls, line: findUnit(d.battle, 'fr1')!, start: u };
  };

  it('skirmishers falling back through their line with move to spare halt just behind it to regroup, not further, and are not Disordered', () => {
    const { d, r, events, rolls, line, start } = move({}, -90, 12);
    expect(rolls).toHaveLength(0);
    expect(r.interpenetrated).toContain('fr1');
    expect(events.find((e) => e.type === 'SkirmishersRegrouped')).toMatchObject({ unit: 'fr-sk', behind: 'fr1', extraIn: 0 });
    expect(cy(r.unit)).toBeLessThan(cy(line)); // behind the line (its rear is up the table)
    expect(unitDistanceMm(r.unit, line)).toBeLessThan(5); // just clear of it
    expect(cy(start) - cy(r.unit)).toBeLessThan(12 * IN - 20); // stopped short of the full 12"
    expect(d.rs.units['fr-sk']?.morale).toBe('good');
  });

  it('skirmishers whose move runs out inside the line take the extra movement to its rear and become Disordered', () => {
    const { d, r, events, line } = move({}, -90, 3.5);
    expect(cy(r.unit)).toBeLessThan(cy(line));
    expect(unitDistanceMm(r.unit, line)).toBeLessThan(5);
    expect((events.find((e) => e.type === 'SkirmishersRegrouped') as unknown as { extraIn: number }).extraIn).toBeGreaterThan(0);
    expect(d.rs.units['fr-sk']?.morale).toBe('disordered');
  });

  it('skirmishers going forward through the line (towards its front) pass on their full move; with the move to clear it they are not Disordered (§24)', () => {
    const { d, r, events, line } = move({ y: 16, facingDeg: 90 }, 90, 10);
    expect(events.some((e) => e.type === 'SkirmishersRegrouped')).toBe(false);
    expect(cy(r.unit)).toBeGreaterThan(cy(line));
    expect(r.usedMm).toBeCloseTo(10 * IN, 0);
    expect(d.rs.units['fr-sk']?.morale).toBe('good');
  });

  it('skirmishers going forward whose move ends inside the line clear it with extra movement and are Disordered (§17 "cannot fully move through … without exceeding their normal movement")', () => {
    const { d, r, line } = move({ y: 16, facingDeg: 90 }, 90, 4.2);
    expect(unitDistanceMm(r.unit, line)).toBeLessThan(5);
    expect(cy(r.unit)).toBeGreaterThan(cy(line));
    expect(d.rs.units['fr-sk']?.morale).toBe('disordered');
  });
});

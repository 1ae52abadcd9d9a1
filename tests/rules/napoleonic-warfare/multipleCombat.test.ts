// NW After Close Combat (cavalry in column expand on a push-back) and §30 Multiple Unit Combats:
// one die against every enemy, pushed back once a phase (never split), pursuit only when every
// opponent broke and not in two directions. Orders/Deploy: expand or contract one stand per flank.
import { describe, expect, it } from 'vitest';
import { battle, draftWith } from './harness';
import { startCombat } from '../../../src/rules/napoleonic-warfare/charges';
import { closeCombatPhase, pursueIfAllFled, resolveCombat } from '../../../src/rules/napoleonic-warfare/combat';
import { frontRank } from '../../../src/rules/napoleonic-warfare/geom';
import { reshapeFront } from '../../../src/rules/napoleonic-warfare/formations';
import { applyDeploy } from '../../../src/rules/napoleonic-warfare/commands';
import { findUnit } from '../../../src/engine/battle';

describe('When cavalry in column push back their opponent (NW After Close Combat)', () => {
  const cavAgainstLine = () =>
    battle([
      { id: 'fr-cav', side: 'fr', arm: 'cavalry', troopType: 'dragoon', quality: 'veteran', formation: 'column', ranks: 2, x: 36, y: 22.5, facingDeg: 90, stands: 4 },
      { id: 'au1', side: 'au', quality: 'line-1st', x: 36, y: 24, facingDeg: -90 },
    ]);
  it('they expand out one stand per flank: a 2×2 column becomes a four-stand line', () => {
    // Dice: French die 6, Austrian die 1; the fractions 9 and 9 add nothing. 1 casualty to 0.
    const { d, events } = draftWith(cavAgainstLine(), [6, 1, 9, 9]);
    startCombat(d, 'fr-cav', 'au1', { charged: false, pursuing: false });
    expect(frontRank(findUnit(d.battle, 'fr-cav')!)).toHaveLength(2);
    resolveCombat(d, d.rs.combats[0]!, new Map());
    expect(events.some((e) => e.type === 'UnitPushedBack' && e['unit'] === 'au1')).toBe(true);
    const cav = findUnit(d.battle, 'fr-cav')!;
    expect(frontRank(cav)).toHaveLength(4);
    expect(cav.formation).toBe('line');
    expect(events.some((e) => e.type === 'UnitExpanded')).toBe(true);
  });
  it('when they lose instead they stay in column (the test can fail)', () => {
    const { d } = draftWith(cavAgainstLine(), [1, 6, 9]);
    startCombat(d, 'fr-cav', 'au1', { charged: false, pursuing: false });
    resolveCombat(d, d.rs.combats[0]!, new Map());
    expect(frontRank(findUnit(d.battle, 'fr-cav')!)).toHaveLength(2);
  });
});

describe('When a line fights two enemy units and loses to both in one phase (NW §30 Multiple Unit Combats)', () => {
  const twoOnOne = () =>
    battle([
      { id: 'fr1', side: 'fr', x: 35, y: 22.9, facingDeg: 90, stands: 2 },
      { id: 'fr2', side: 'fr', x: 37, y: 22.9, facingDeg: 90, stands: 2 },
      { id: 'au1', side: 'au', x: 36, y: 24, facingDeg: -90, stands: 4 },
    ]);
  it('it rolls one die against both, and is pushed back and disordered once, not twice', () => {
    // fr1 6, au1 1 (used again against fr2), fraction 9; fr2 6, fractions 9, 9.
    const { d, rolls, events } = draftWith(twoOnOne(), [6, 1, 9, 6, 9, 9]);
    startCombat(d, 'fr1', 'au1', { charged: false, pursuing: false });
    startCombat(d, 'fr2', 'au1', { charged: false, pursuing: false });
    expect(d.rs.combats).toHaveLength(2);
    closeCombatPhase(d);
    expect(rolls.filter((r) => r.purpose === 'au1: combat die')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'UnitPushedBack' && e['unit'] === 'au1')).toHaveLength(1);
    expect(events.some((e) => e.type === 'PushBackAbsorbed' && e['unit'] === 'au1')).toBe(true);
    expect(d.rs.units['au1']!.morale).toBe('disordered');
  });
});

describe('When a unit beats several opponents who flee (NW §30)', () => {
  const threeUnits = (secondAt: { x: number; y: number }) =>
    battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90, stands: 4 },
      { id: 'au1', side: 'au', x: 36, y: 28, facingDeg: 90, stands: 2 },
      { id: 'au2', side: 'au', x: secondAt.x, y: secondAt.y, facingDeg: 90, stands: 2 },
    ]);
  const memo = (d: ReturnType<typeof draftWith>['d'], fled: string[]) => {
    d.cc = { opponents: new Map([['fr1', new Set(['au1', 'au2'])]]), fled: new Map([['fr1', fled]]), pushedBack: new Set() };
  };
  it('fugitives gone different ways are not pursued: pursuing would split the unit', () => {
    const { d, events } = draftWith(threeUnits({ x: 50, y: 20 }), []);
    memo(d, ['au1', 'au2']);
    const before = findUnit(d.battle, 'fr1')!.stands[0]!.centre;
    pursueIfAllFled(d, 'fr1');
    expect(events.find((e) => e.type === 'PursuitForgone')?.['reason']).toMatch(/split/);
    expect(findUnit(d.battle, 'fr1')!.stands[0]!.centre).toEqual(before);
  });
  it('fugitives gone the same way are pursued (the nearest)', () => {
    const { d, events } = draftWith(threeUnits({ x: 37, y: 34 }), [3]);
    memo(d, ['au1', 'au2']);
    pursueIfAllFled(d, 'fr1');
    expect(events.find((e) => e.type === 'UnitPursued')?.['after']).toBe('au1');
  });
  it('while one opponent still stands its ground there is no pursuit', () => {
    const { d, events } = draftWith(threeUnits({ x: 37, y: 34 }), []);
    memo(d, ['au1']);
    pursueIfAllFled(d, 'fr1');
    expect(events.find((e) => e.type === 'PursuitForgone')?.['reason']).toMatch(/not all/);
    expect(events.some((e) => e.type === 'UnitPursued')).toBe(false);
  });
});

describe('When a Deploy-ordered column expands or contracts (NW Orders/Deploy)', () => {
  it('expand brings one stand up on each flank; contract sends them back', () => {
    const s = battle([
      { id: 'fr1', side: 'fr', formation: 'column', ranks: 3, x: 36, y: 20, facingDeg: 90, stands: 6 },
      { id: 'au1', side: 'au', x: 36, y: 40, facingDeg: -90 },
    ]);
    const { d } = draftWith(s, []);
    d.rs.orders['fr1'] = { unitId: 'fr1', side: 'fr', order: 'deploy', generalId: 'g-fr', revealed: true };
    const n0 = frontRank(findUnit(d.battle, 'fr1')!).length;
    expect(n0).toBeLessThan(5);
    expect(applyDeploy(d, findUnit(d.battle, 'fr1')!, { action: 'expand' }, false)).toBeUndefined();
    const wide = findUnit(d.battle, 'fr1')!;
    expect(frontRank(wide)).toHaveLength(n0 + 2);
    expect(wide.stands.find((x) => x.id === wide.commandStandId)!.centre.x).toBeCloseTo(findUnit(s.battle, 'fr1')!.stands.find((x) => x.id === wide.commandStandId)!.centre.x, 0);
    const narrow = reshapeFront(wide, -1)!;
    expect(frontRank(narrow)).toHaveLength(n0);
    expect(narrow.formation).toBe('column');
  });
});

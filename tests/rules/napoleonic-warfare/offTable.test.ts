// NW Setting up Armies (Off-Table Reserves, ambush), §13 Tactical Movement Phase (2)-(3)
// (flank marchers, units returning, reserves arriving), §9 Leaving and Returning to the Table,
// §3 Known Enemy (ambushers), §23 Obstacles (charging out of a gully). Scripted dice throughout.
import { describe, expect, it } from 'vitest';
import { battle, draftWith, IN, scenarioObject, type UnitSpec } from './harness';
import { arrivals } from '../../../src/rules/napoleonic-warfare/offTable';
import { walk, commitMove } from '../../../src/rules/napoleonic-warfare/moves';
import { withinER } from '../../../src/rules/napoleonic-warfare/core';
import { planShots } from '../../../src/rules/napoleonic-warfare/fire';
import { revealCharges, resolveCharges } from '../../../src/rules/napoleonic-warfare/charges';
import { lossPoints } from '../../../src/rules/napoleonic-warfare/victory';
import { findUnit } from '../../../src/engine/battle';
import { applyCommand } from '../../../src/engine/game';
import { viewFor } from '../../../src/engine/view';
import { isRejection, registerable } from '../../../src/engine/ruleset';
import { loadScenario } from '../../../src/scenario/load';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import { rad } from '../../../src/geometry/types';
import type { NwGameState } from '../../../src/rules/napoleonic-warfare/types';

const M = registerable(napoleonicWarfare);
const armies: UnitSpec[] = [
  { id: 'fr1', side: 'fr', x: 30, y: 8, facingDeg: 90 },
  { id: 'fr2', side: 'fr', x: 42, y: 8, facingDeg: 90 },
  { id: 'fr3', side: 'fr', x: 54, y: 8, facingDeg: 90 },
  { id: 'fr-flank', side: 'fr', x: 18, y: 8, facingDeg: 90 },
  { id: 'au1', side: 'au', x: 30, y: 40, facingDeg: -90 },
  { id: 'au2', side: 'au', x: 42, y: 40, facingDeg: -90 },
  { id: 'au3', side: 'au', x: 54, y: 40, facingDeg: -90 },
  { id: 'au-res', side: 'au', x: 18, y: 40, facingDeg: -90 },
];
const withOffTable = (extra: Record<string, unknown> = {}) =>
  battle(armies, {
    fields: {
      reserves: [{ unit: 'au-res', at: { x: 20 * IN, y: 48 * IN } }],
      flankMarchers: [{ unit: 'fr-flank', at: { x: 0, y: 24 * IN }, fromTurn: 1 }],
      ...extra,
    },
  });

describe('When an army keeps a reserve and a flank march off the table (NW Setting up Armies; §13)', () => {
  it('neither is placed at set-up', () => {
    const s = withOffTable();
    expect(findUnit(s.battle, 'au-res')).toBeUndefined();
    expect(findUnit(s.battle, 'fr-flank')).toBeUndefined();
    expect(s.ruleset.units['au-res']!.status).toBe('off-table');
    expect(s.ruleset.offTable?.['fr-flank']?.kind).toBe('flank-march');
  });
  it('the reserve comes on at its marker, facing into the table, only when the player has called it', () => {
    const s = withOffTable();
    const idle = draftWith(s, []);
    arrivals(idle.d, 'au');
    expect(findUnit(idle.d.battle, 'au-res')).toBeUndefined();
    const called = applyCommand(M, s, { type: 'releaseReserve', side: 'au', unitId: 'au-res' });
    if (isRejection(called)) throw new Error(called.message);
    expect(isRejection(applyCommand(M, called.state, { type: 'releaseReserve', side: 'au', unitId: 'au-res' }))).toBe(true);
    const { d, rolls, events } = draftWith(called.state as NwGameState, []);
    arrivals(d, 'au');
    const u = findUnit(d.battle, 'au-res')!;
    expect(u).toBeDefined();
    expect(rolls).toHaveLength(0); // reserves arrive automatically
    expect(Math.abs(u.stands[0]!.facing - rad(-Math.PI / 2))).toBeLessThan(1e-6);
    const maxY = Math.max(...u.stands.map((x) => x.centre.y + x.depthMm / 2));
    expect(maxY).toBeLessThanOrEqual(48 * IN + 1e-6);
    expect(maxY).toBeGreaterThan(48 * IN - 3);
    expect(d.rs.units['au-res']!.status).toBe('active');
    expect(events.some((e) => e.type === 'UnitArrived')).toBe(true);
  });
  it('flank marchers roll openly each turn: foot arrive on 5 or 6 (a 4 keeps them off)', () => {
    const s = withOffTable();
    const miss = draftWith(s, [4]);
    arrivals(miss.d, 'fr');
    expect(miss.rolls[0]!.purpose).toMatch(/flank march arrives/);
    expect(findUnit(miss.d.battle, 'fr-flank')).toBeUndefined();
    const hit = draftWith(s, [5]);
    arrivals(hit.d, 'fr');
    const u = findUnit(hit.d.battle, 'fr-flank')!;
    expect(u.stands[0]!.facing).toBeCloseTo(0); // in from the left edge, facing right
    expect(Math.min(...u.stands.map((x) => x.centre.x - x.depthMm / 2))).toBeGreaterThanOrEqual(-1e-6);
  });
  it('flank marchers that never arrive cost half their points (NW §10)', () => {
    const s = withOffTable();
    expect(lossPoints(s.ruleset, 'fr')).toBe(4 * s.ruleset.units['fr-flank']!.pointsPerStand * 0.5);
    expect(lossPoints(s.ruleset, 'au')).toBe(0); // an uncalled reserve costs nothing
  });
  it('the other side does not see where the reserves are', () => {
    const s = withOffTable();
    const v = viewFor(M, s, 'fr') as unknown as NwGameState;
    expect(v.ruleset.offTable?.['au-res']).toBeUndefined();
    expect(v.ruleset.offTable?.['fr-flank']).toBeDefined();
  });
});

describe('When a unit leaves the table (NW §9 Leaving and Returning to the Table)', () => {
  const nearEdge = () => battle([
    { id: 'fr1', side: 'fr', x: 36, y: 3, facingDeg: -90 },
    { id: 'au1', side: 'au', x: 36, y: 40, facingDeg: -90 },
  ]);
  it('in good order it is removed and, on a later turn, returns on a 5-6 (foot) within 4" of where it left', () => {
    const w = draftWith(nearEdge(), []);
    const u = findUnit(w.d.battle, 'fr1')!;
    commitMove(w.d, walk(w.d, u, rad(-Math.PI / 2), 6 * IN, 'advance'), 'advance');
    expect(findUnit(w.d.battle, 'fr1')).toBeUndefined();
    expect(w.d.rs.units['fr1']!.status).toBe('left-table');
    const entry = w.d.rs.offTable?.['fr1'];
    expect(entry?.kind).toBe('returning');
    // Not in the turn it left; on the next one a 6 brings it back.
    arrivals(w.d, 'fr');
    expect(findUnit(w.d.battle, 'fr1')).toBeUndefined();
    w.d.rs.offTable!['fr1'] = { ...entry!, leftTurn: 0 };
    const back = draftWith({ ...nearEdge(), battle: w.d.battle, ruleset: w.d.rs } as NwGameState, [6]);
    arrivals(back.d, 'fr');
    const r = findUnit(back.d.battle, 'fr1')!;
    expect(back.rolls[0]!.rule).toMatch(/NW §9/);
    expect(Math.abs(r.stands[0]!.centre.x - 36 * IN)).toBeLessThan(4 * IN + 1);
    expect(back.d.rs.units['fr1']!.status).toBe('active');
  });
  it('routers that run off never come back', () => {
    const w = draftWith(nearEdge(), []);
    w.d.rs.units['fr1']!.morale = 'routed';
    commitMove(w.d, walk(w.d, findUnit(w.d.battle, 'fr1')!, rad(-Math.PI / 2), 6 * IN, 'rout'), 'rout');
    expect(w.d.rs.units['fr1']!.status).toBe('routed-off');
    expect(w.d.rs.offTable?.['fr1']).toBeUndefined();
  });
});

describe('When a unit lies in ambush in a gully (NW §3 Known Enemy; §23 Obstacles)', () => {
  const gully = { id: 'gully', kind: 'obstacle', name: 'Gully', polygon: [[28 * IN, 20 * IN], [44 * IN, 20 * IN], [44 * IN, 23 * IN], [28 * IN, 23 * IN]], props: { obstacle: 'gully' } };
  const ambush = () => battle([
    { id: 'fr1', side: 'fr', x: 36, y: 14, facingDeg: 90 },
    { id: 'au-amb', side: 'au', arm: 'cavalry', troopType: 'hussar', quality: 'veteran', x: 36, y: 21, facingDeg: -90, stands: 3 },
    { id: 'au1', side: 'au', x: 60, y: 44, facingDeg: -90 },
  ], { terrain: [gully], fields: { ambush: ['au-amb'] } });
  it('it is not known enemy: no Engagement Range, no fire, and the other side does not see it', () => {
    const s = ambush();
    const { d } = draftWith(s, []);
    expect(withinER(d, findUnit(d.battle, 'fr1')!)).toBe(false);
    expect(planShots(d, (u) => u.id === 'fr1')).toEqual([]);
    const v = viewFor(M, s, 'fr');
    expect(v.battle.units.map((u) => u.id)).not.toContain('au-amb');
    expect(viewFor(M, s, 'au').battle.units.map((u) => u.id)).toContain('au-amb');
  });
  it('charging out it is revealed, disordered and loses a d6 of its charge move', () => {
    const s = ambush();
    const { d, rolls, events } = draftWith(s, [4, 4, 3, 2, 5, 5, 5, 5]);
    d.rs.orders['au-amb'] = { unitId: 'au-amb', side: 'au', order: 'charge', generalId: 'g-au', revealed: false, target: 'fr1' };
    revealCharges(d);
    expect(d.rs.units['au-amb']!.ambush).toBe(false);
    expect(events.some((e) => e.type === 'AmbushRevealed')).toBe(true);
    resolveCharges(d);
    expect(rolls.some((r) => /charges out of ambush/.test(r.purpose))).toBe(true);
    expect(d.rs.units['au-amb']!.morale).not.toBe('good');
  });
});

describe('When a scenario sets reserves, flank marchers, ambushers and army lists (NW Setting up Armies; Army Selection)', () => {
  const problems = (units: UnitSpec[], fields: Record<string, unknown>, terrain: unknown[] = []) => {
    const l = loadScenario(scenarioObject(units, { fields, terrain }));
    if (!l.ok) throw new Error(JSON.stringify(l.problems));
    return napoleonicWarfare.validateSetup!(l.value, { baseScale: 'medium', d10Via2d6: false }).map((p) => p.message);
  };
  it('more than a quarter of an army in reserve is refused', () => {
    const two = [{ unit: 'au-res', at: { x: 20 * IN, y: 48 * IN } }, { unit: 'au3', at: { x: 50 * IN, y: 48 * IN } }];
    expect(problems(armies, { reserves: two }).join(' ')).toMatch(/at most a quarter/);
    expect(problems(armies, { reserves: two.slice(0, 1) })).toEqual([]);
  });
  it('a reserve marker off its own baseline, or an ambusher outside a gully, is refused', () => {
    expect(problems(armies, { reserves: [{ unit: 'au-res', at: { x: 20 * IN, y: 0 } }] }).join(' ')).toMatch(/own baseline/);
    expect(problems(armies, { ambush: ['au1'] }).join(' ')).toMatch(/gully or ravine/);
  });
  it('units are checked against the chosen nation and year of the morale lists', () => {
    const units: UnitSpec[] = [
      { id: 'fr1', side: 'fr', troopType: 'line-infantry', quality: 'line-1st', x: 30, y: 8, facingDeg: 90 },
      { id: 'au1', side: 'au', troopType: 'line-infantry', quality: 'line-1st', x: 30, y: 40, facingDeg: -90 },
    ];
    // France 1809: Line Infantry 1st Rate — fits. Austria 1806: Line Infantry 2nd Rate — does not.
    const msgs = problems(units, { armyLists: { fr: { nation: 'france', year: 1809 }, au: { nation: 'austria', year: 1806 } } });
    expect(msgs).toHaveLength(1);
    expect(msgs[0]).toMatch(/does not match the Austria list for 1806/);
    expect(problems(units, { armyLists: { fr: { nation: 'france', year: 1809 }, au: { nation: 'austria', year: 1809 } } })).toEqual([]);
  });
});

// Loose ends of the NW module: the occupy-buildings Deploy action in the table menu and the random
// player (Orders/Deploy; §23 Buildings), one wheel test for charge and countercharge eligibility and
// movement (Orders/Charge, Orders/Advance), "If Charging" on the §19 failure table only while the
// charges are made (§19/§20), terrain sizes by table size and one river / water feature per table
// (§9), the charge race on the narrowed front (Orders/Charge drop back; Sequence §12), and the
// Terrain Effects disorder row (§23). Scripted dice throughout.
import { describe, expect, it } from 'vitest';
import { findUnit } from '../../../src/engine/battle';
import { viewFor } from '../../../src/engine/view';
import { isRejection, registerable, type SeenGame } from '../../../src/engine/ruleset';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import type { NwGameState, NwOptions, NwState } from '../../../src/rules/napoleonic-warfare/types';
import type { NwTables } from '../../../src/rules/napoleonic-warfare/nwTables';
import { legalCommands } from './harness';
import { OCCUPY_RULE } from '../../../src/rules/napoleonic-warfare/occupy';
import { canWheelToFace, raceCharges } from '../../../src/rules/napoleonic-warfare/chargeMovement';
import { chargeTargetProblem } from '../../../src/rules/napoleonic-warfare/commands';
import { resolveCharges, planChargeDropBack } from '../../../src/rules/napoleonic-warfare/charges';
import { runPendingTests } from '../../../src/rules/napoleonic-warfare/morale';
import { failureOutcome } from '../../../src/rules/napoleonic-warfare/tables/morale';
import { TERRAIN_EFFECTS } from '../../../src/rules/napoleonic-warfare/tables/movement';
import { walk } from '../../../src/rules/napoleonic-warfare/moves';
import { frontRank } from '../../../src/rules/napoleonic-warfare/geom';
import { generateTerrain, isSmallTable, terrainSizesFor, TERRAIN_SIZES, type TerrainGenInput, type TerrainPickType, type TerrainRoller } from '../../../src/rules/napoleonic-warfare/terrainGen';
import { battle, draftWith, IN, type UnitSpec } from './harness';

const M = registerable(napoleonicWarfare);
const T = napoleonicWarfare.table!;
type G = SeenGame<NwState, NwOptions, NwTables>;
const seen = (s: NwGameState, viewer: string): G => viewFor(M, s, viewer) as unknown as G;
const sampler = { int: (lo: number) => lo, float: (lo: number, hi: number) => (lo + hi) / 2, pick: <X,>(xs: readonly X[]) => xs[0]!, chance: () => false };
const at = (s: NwGameState, phase: string, step: string, orders: NwState['orders']): NwGameState =>
  ({ ...s, ruleset: { ...s.ruleset, orders }, position: { ...s.position, phase, step, actors: ['fr'], done: [] } }) as NwGameState;

describe('Item 1 — Deploy "Enter buildings and take up positions in them" is offered by the table menu and the random player (NW Orders/Deploy; §23 Buildings)', () => {
  // The farm's near edge cuts the French line's front rank (y 20"), as in terrainAudit.test.ts.
  const farm = (y0: number) => ({ id: 'farm', kind: 'building', name: 'Farm', polygon: [[34 * IN, y0 * IN], [38 * IN, y0 * IN], [38 * IN, 26 * IN], [34 * IN, 26 * IN]], props: { buildings: 2 } });
  const deploying = (y0: number, spec: Partial<UnitSpec> = {}) =>
    at(battle([{ id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90, ...spec }, { id: 'au1', side: 'au', x: 10, y: 46, facingDeg: -90 }], { terrain: [farm(y0)] }),
      'tactical', 'initiative-side', { fr1: { unitId: 'fr1', side: 'fr', order: 'deploy', generalId: 'g-fr', revealed: true } });
  const occupyAction = (s: NwGameState) => T.actions!(seen(s, 'fr'), 'fr', 'fr1').find((a) => a.command['action'] === 'occupy-buildings');

  it('a Deploy-ordered line touching a two-building farm is offered "Occupy", and that command is accepted and puts stands inside', () => {
    const s = deploying(19.8);
    const a = occupyAction(s);
    expect(a).toMatchObject({ rule: OCCUPY_RULE, command: { type: 'deployUnit', side: 'fr', unitId: 'fr1', action: 'occupy-buildings' } });
    const { d } = draftWith(s, []);
    const r = napoleonicWarfare.commands['deployUnit']!.handle(s, a!.command as never, d.ctx);
    expect(isRejection(r)).toBe(false);
  });

  it('it is not offered where the command would be refused: away from any building, or to cavalry', () => {
    expect(occupyAction(deploying(30))).toBeUndefined();
    expect(occupyAction(deploying(19.8, { arm: 'cavalry', troopType: 'hussar' }))).toBeUndefined();
  });

  it('the random player offers occupy-buildings to a Deploy-ordered unit at the farm, and not to one away from it', () => {
    expect(legalCommands(deploying(19.8), 'fr', sampler)).toContainEqual({ type: 'deployUnit', side: 'fr', unitId: 'fr1', action: 'occupy-buildings' });
    expect(legalCommands(deploying(30), 'fr', sampler).some((c) => c['action'] === 'occupy-buildings')).toBe(false);
  });
});

describe('Item 2 — "be able to wheel to face their attackers" is the 45° wheel the countercharge makes (NW Orders/Advance; Orders/Charge)', () => {
  // Austrian hussars (2 stands) at (36", 30") facing up the table; a one-stand French unit 8" away at `offDeg` off their front.
  const pair = (offDeg: number) => {
    const r = 8, th = (offDeg * Math.PI) / 180;
    return battle([
      { id: 'au-cav', side: 'au', arm: 'cavalry', troopType: 'hussar', x: 36, y: 30, facingDeg: -90, stands: 2, ranks: 1 },
      { id: 'fr-cav', side: 'fr', arm: 'cavalry', troopType: 'hussar', x: 36 + r * Math.sin(th), y: 30 - 1 - r * Math.cos(th), facingDeg: 90 + offDeg, stands: 1 },
    ]);
  };
  const respond = (offDeg: number) => {
    const s0 = pair(offDeg);
    const s = { ...at(s0, 'charges', 'charge-responses', {
      'fr-cav': { unitId: 'fr-cav', side: 'fr', order: 'charge', generalId: 'g-fr', revealed: true, target: 'au-cav' },
      'au-cav': { unitId: 'au-cav', side: 'au', order: 'advance', generalId: 'g-au', revealed: true },
    }), position: { ...s0.position, phase: 'charges', step: 'charge-responses', actors: ['au'], done: [] } } as NwGameState;
    const { d } = draftWith(s, []);
    return napoleonicWarfare.commands['respondToCharge']!.handle(s, { type: 'respondToCharge', side: 'au', unitId: 'au-cav', response: 'countercharge' } as never, d.ctx);
  };

  it('an attacker 30° off the front can be faced by a wheel: the countercharge is accepted', () => {
    expect(isRejection(respond(30))).toBe(false);
  });

  it('an attacker 70° off the front (which the old 75° test let through) cannot be met by any wheel of 45° or less: refused', () => {
    const { d } = draftWith(pair(70), []);
    expect(canWheelToFace(findUnit(d.battle, 'au-cav')!, findUnit(d.battle, 'fr-cav')!)).toBe(false);
    expect(respond(70)).toMatchObject({ code: 'cannot-countercharge' });
  });

  it('charge eligibility uses the same test: the hussars may charge the unit 30° off their front, not the one 70° off', () => {
    for (const [off, ok] of [[30, true], [70, false]] as const) {
      const { d } = draftWith(pair(off), []);
      const problem = chargeTargetProblem(d, findUnit(d.battle, 'au-cav')!, findUnit(d.battle, 'fr-cav')!);
      if (ok) expect(problem).toBeUndefined();
      else expect(problem).toMatch(/45 degree wheel/);
    }
  });
});

describe('Item 3 — §19 "If Charging" applies only while the charges are made (NW Morale §19 Morale Failure; §20)', () => {
  // A French line flagged as having charged this turn loses a stand (test C); d10 = 1 fails it.
  // `faces`: the test C die, and the retreat 3"+1d6 where the failure sends the line back.
  const testIn = (phase: string, faces: number[]) => {
    const s0 = battle([{ id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 }, { id: 'au1', side: 'au', x: 10, y: 46, facingDeg: -90 }]);
    const s = { ...s0, position: { ...s0.position, phase } } as NwGameState;
    const { d, events } = draftWith(s, faces);
    d.rs.units['fr1']!.charging = true;
    d.pendingTests.push({ unitId: 'fr1', trigger: 'C', detail: 'stand lost' });
    runPendingTests(d);
    return events.find((e) => e.type === 'MoraleFailed')!;
  };

  it('in the Charge Declaration Phase a charger fails on the charging column', () => {
    const e = testIn('charges', [1]);
    expect(e['charging']).toBe(true);
    expect(e['result']).toEqual(failureOutcome(true, e['failedBy'] as number));
  });

  it('later in the turn (the Fire Phase) the same unit fails on the "Otherwise" column', () => {
    const e = testIn('fire', [1, 3]);
    expect(e['charging']).toBe(false);
    expect(e['result']).toEqual(failureOutcome(false, e['failedBy'] as number));
  });
});

describe('Item 4 — terrain sizes by base scale and table size; one river and one water feature per table (NW §9)', () => {
  const scripted = (faces: number[]): TerrainRoller => ((dice: 'd6' | 'd10') => (faces.length > 0 ? faces.shift()! : dice === 'd10' ? 10 : 3)) as unknown as TerrainRoller;
  const input = (wIn: number, hIn: number, fr: TerrainPickType[], au: TerrainPickType[], scale: 'medium' | 'large' = 'medium'): TerrainGenInput => ({
    widthMm: wIn * IN, depthMm: hIn * IN, scale,
    sides: [{ id: 'fr', baseline: 'top', picks: fr, placementShift: 0 }, { id: 'au', baseline: 'bottom', picks: au, placementShift: 0 }],
  });
  const widthIn = (poly: readonly { x: number }[]) => (Math.max(...poly.map((p) => p.x)) - Math.min(...poly.map((p) => p.x))) / IN;

  it('a small table is 6\' x 4\' or less, either way round (RULINGS)', () => {
    expect([isSmallTable(72 * IN, 48 * IN), isSmallTable(48 * IN, 72 * IN), isSmallTable(60 * IN, 40 * IN)]).toEqual([true, true, true]);
    expect([isSmallTable(96 * IN, 48 * IN), isSmallTable(72 * IN, 60 * IN)]).toEqual([false, false]);
  });

  it('"medium-sized stands on a small table, use the unparenthesized figures. Otherwise, the parenthesized"', () => {
    expect(terrainSizesFor('medium', 72 * IN, 48 * IN)).toBe(TERRAIN_SIZES.medium);
    expect(terrainSizesFor('medium', 96 * IN, 60 * IN)).toBe(TERRAIN_SIZES.large);
    expect(terrainSizesFor('large', 72 * IN, 48 * IN)).toBe(TERRAIN_SIZES.large);
  });

  it('a forest rolled at its largest (d10 10) is 12" across on a small table with medium stands, 16" on a big one', () => {
    // d6 4 v 1: the French pick first; then every d10 is 10 (enemy right, the top of the size range).
    const small = generateTerrain(input(72, 48, ['dense'], []), scripted([4, 1]));
    const big = generateTerrain(input(96, 60, ['dense'], []), scripted([4, 1]));
    const oct = Math.cos(Math.PI / 8); // the octagon's width across its flats
    expect(widthIn(small.features[0]!.polygon)).toBeCloseTo(12 * oct, 5);
    expect(widthIn(big.features[0]!.polygon)).toBeCloseTo(16 * oct, 5);
  });

  it('"No more than 1 of each per table": the second player\'s river, or pond, is discarded', () => {
    // Rivers: French first (4 v 1), placed friendly left (3) with three d10 5s; the Austrian's at its friendly left (3).
    const rivers = generateTerrain(input(72, 48, ['river'], ['river']), scripted([4, 1, 3, 5, 5, 5, 3, 5, 5, 5]));
    expect(rivers.features.filter((f) => f.kind === 'river')).toHaveLength(1);
    expect(rivers.steps[1]).toMatchObject({ side: 'au', pick: 'river', discarded: expect.stringMatching(/per table/) });
    const ponds = generateTerrain(input(72, 48, ['pond'], ['pond']), scripted([4, 1, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]));
    expect(ponds.features.filter((f) => f.kind === 'lake')).toHaveLength(1);
    expect(ponds.steps[1]).toMatchObject({ side: 'au', pick: 'pond', discarded: expect.stringMatching(/per table/) });
  });
});

describe('Item 5 — the charge race judges a charger that drops back on its narrowed front (NW Orders/Charge; Sequence §12)', () => {
  // French hussars, 4 stands in line (x 34"-38", front edge y 20"), charge Austrian hussars 6" ahead.
  // A French stand (y 21"-22") and then an Austrian stand (y 23.5"-24.5") stand in the lane of the
  // chargers' right-hand end stand only (x 37.1"-38.1"). Dice: the target's test A 10, move 6+6+6.
  const units: UnitSpec[] = [
    { id: 'fr-cav', side: 'fr', arm: 'cavalry', troopType: 'hussar', x: 36, y: 20, facingDeg: 90, stands: 4, ranks: 1 },
    { id: 'fr2', side: 'fr', x: 37.6, y: 22, facingDeg: 90, stands: 1 },
    { id: 'au-by', side: 'au', x: 37.6, y: 23.5, facingDeg: -90, stands: 1 },
    { id: 'au-cav', side: 'au', arm: 'cavalry', troopType: 'hussar', x: 36, y: 26, facingDeg: -90, stands: 4, ranks: 1 },
  ];
  const leg = { unitId: 'fr-cav', targetId: 'au-cav', kind: 'charge' as const, distMm: 18 * IN, road: false };

  it('racing its full width it would run into the bystander first; on the narrowed front it reaches its target', () => {
    const { d } = draftWith(battle(units), []);
    expect(raceCharges(d, [leg])[0]!.hit).toBe('au-by');
    const narrowed = raceCharges(d, [leg], (s) => {
      const p = planChargeDropBack(d, s.wheeled, s.heading, s.straightMm);
      return p && typeof p !== 'string' ? p.unit : undefined;
    })[0]!;
    expect(narrowed.narrowed).toBeDefined();
    expect(narrowed.hit).toBe('au-cav');
  });

  it('with dropBack declared the whole charge goes by the narrowed front: 3 wide, into the target, not the bystander', () => {
    const { d, events } = draftWith(battle(units), [10, 6, 6]);
    d.rs.orders['fr-cav'] = { unitId: 'fr-cav', side: 'fr', order: 'charge', generalId: 'g-fr', revealed: true, target: 'au-cav', dropBack: true };
    resolveCharges(d);
    expect(events.some((e) => e.type === 'StandsDroppedBack' && e['unit'] === 'fr-cav')).toBe(true);
    expect(frontRank(findUnit(d.battle, 'fr-cav')!)).toHaveLength(3);
    expect(d.rs.combats.some((c) => c.a === 'fr-cav' && c.b === 'au-cav')).toBe(true);
    expect(d.rs.combats.some((c) => c.a === 'au-by' || c.b === 'au-by')).toBe(false);
  });
});

describe('Item 6 — Terrain Effects: light terrain disorders all but units in skirmish formation, foot or horse (NW §23 Light Terrain; RULINGS)', () => {
  it('the light row disorders, and skirmish cavalry entering scrub are not disordered while a formed line is', () => {
    expect(TERRAIN_EFFECTS.light.disorders).toBe(true);
    const scrub = [{ id: 'rough', kind: 'rough', name: 'rough', polygon: [[20 * IN, 21.5 * IN], [52 * IN, 21.5 * IN], [52 * IN, 30 * IN], [20 * IN, 30 * IN]], props: {} }];
    const enter = (spec: Partial<UnitSpec>) => {
      const { d } = draftWith(battle([{ id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90, ...spec }, { id: 'au1', side: 'au', x: 10, y: 46, facingDeg: -90 }], { terrain: scrub }), [1]);
      const u = findUnit(d.battle, 'fr1')!;
      walk(d, u, u.stands[0]!.facing, 4 * IN, 'advance');
      return d.rs.units['fr1']!.morale;
    };
    expect(enter({ arm: 'cavalry', troopType: 'cossack', formation: 'skirmish' })).toBe('good');
    expect(enter({})).toBe('disordered');
  });
});

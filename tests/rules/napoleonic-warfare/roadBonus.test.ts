// NW §23 Roads: "Units that spend their entire Movement Phase moving along a road Advance, Charge,
// Rout and Retreat one and a half times their normal distance, ignoring all effects of any terrain
// that the road crosses. However, units may only move along a road in a Road Column (i.e., a
// column that is one stand wide)." (The Advance is covered by roads.test.ts.)
import { describe, expect, it } from 'vitest';
import { isRejection, type GameEvent } from '../../../src/engine/ruleset';
import { findUnit } from '../../../src/engine/battle';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import { retreatMove, routMove } from '../../../src/rules/napoleonic-warfare/morale';
import { resolveCharges } from '../../../src/rules/napoleonic-warfare/charges';
import type { NwGameState } from '../../../src/rules/napoleonic-warfare/types';
import { battle, draftWith, IN, type UnitSpec } from './harness';

const road = (y0: number, y1: number) => ({ id: 'road', kind: 'road', name: 'Road', line: [[36 * IN, y0 * IN], [36 * IN, y1 * IN]], widthMm: IN, props: {} });
const hedge = (y: number) => ({ id: 'hedge', kind: 'obstacle', name: 'Hedge', polygon: [[30 * IN, y * IN], [42 * IN, y * IN], [42 * IN, (y + 0.5) * IN], [30 * IN, (y + 0.5) * IN]], props: { obstacle: 'hedge' } });

// fr1: a 3-stand French road column on the road (stands y 21"-24"), facing down the table at
// au1 4" away; away from au1 is straight up the road.
const COLUMN: UnitSpec = { id: 'fr1', side: 'fr', formation: 'road-column', ranks: 3, x: 36, y: 24, facingDeg: 90, stands: 3 };
const AU1: UnitSpec = { id: 'au1', side: 'au', x: 36, y: 28, facingDeg: -90 };
const setUp = (terrain: unknown[], fr1: UnitSpec = COLUMN): NwGameState => battle([fr1, AU1], { terrain });
const withRetreatOrder = (s: NwGameState): NwGameState => ({ ...s, ruleset: { ...s.ruleset, orders: { fr1: { unitId: 'fr1', side: 'fr', order: 'retreat', generalId: 'g-fr', revealed: true } } } }) as NwGameState;
const frontY = (s: { battle: NwGameState['battle'] }) => Math.min(...findUnit(s.battle, 'fr1')!.stands.map((st) => st.centre.y / IN - 0.5));
const of = <T extends GameEvent>(events: GameEvent[], type: string) => events.find((e) => e.type === type) as T | undefined;

describe('When a Road Column with a Retreat order retreats along its road (NW §23 Roads; Orders/Retreat)', () => {
  const retreat = (s: NwGameState, distanceIn: number, faces: number[] = []) => {
    const { d, rolls } = draftWith(s, faces);
    return { r: napoleonicWarfare.commands['retreatUnit']!.handle(s, { type: 'retreatUnit', side: 'fr', unitId: 'fr1', distanceIn } as never, d.ctx), rolls };
  };
  it('it may go 1½ times its normal 8" (column foot): 12" allowed, 12.6" refused', () => {
    const s = withRetreatOrder(setUp([road(2, 46)]));
    const ok = retreat(s, 12).r;
    if (isRejection(ok)) throw new Error(ok.message);
    expect(frontY(ok as never)).toBeCloseTo(21 - 12, 3);
    const far = retreat(s, 12.6).r;
    expect(isRejection(far) && far.code).toBe('too-far');
  });
  it('it ignores a hedge across the road (no delay rolled, no halt); off the road the same hedge is rolled for', () => {
    const onRoad = retreat(withRetreatOrder(setUp([road(2, 46), hedge(14)])), 12);
    if (isRejection(onRoad.r)) throw new Error(onRoad.r.message);
    expect(onRoad.rolls).toHaveLength(0);
    expect(frontY(onRoad.r as never)).toBeCloseTo(9, 3);
    const offRoad = retreat(withRetreatOrder(setUp([hedge(14)])), 8, [1]);
    if (isRejection(offRoad.r)) throw new Error(offRoad.r.message);
    expect(offRoad.rolls[0]!.purpose).toMatch(/terrain delay \(Hedge\)/);
  });
  it('a retreat that would run off the end of the road has only the normal 8"', () => {
    const s = withRetreatOrder(setUp([road(16, 46)]));
    expect(isRejection(retreat(s, 8).r)).toBe(false);
    const far = retreat(s, 12).r;
    expect(isRejection(far) && far.code).toBe('too-far');
  });
});

describe('When a Road Column on a road is forced to retreat or routs (NW §23 Roads; §20)', () => {
  it('a forced retreat of 3"+d6 (d6 = 4: 7") goes 10.5" along the road', () => {
    const { d, events } = draftWith(setUp([road(2, 46)]), [4]);
    retreatMove(d, 'fr1', 'au1', true);
    expect(of<{ distanceIn: number; road?: boolean } & GameEvent>(events, 'UnitRetreated')).toMatchObject({ distanceIn: 10.5, road: true });
    expect(frontY(d)).toBeCloseTo(21 - 10.5, 3);
  });
  it('a two-wide column on the same road gets no bonus: 7"', () => {
    const { d, events } = draftWith(setUp([road(2, 46)], { ...COLUMN, formation: 'column', ranks: 2, stands: 4 }), [4]);
    retreatMove(d, 'fr1', 'au1', true);
    expect(of<{ distanceIn: number } & GameEvent>(events, 'UnitRetreated')!.distanceIn).toBe(7);
  });
  it('a rout of 3"+d6 (d6 = 4: 7") goes 10.5" up the road, straight, terrain ignored', () => {
    const { d, events, rolls } = draftWith(setUp([road(2, 46), hedge(14)]), [4]);
    routMove(d, 'fr1', 'au1');
    expect(of<{ distanceIn: number; road?: boolean } & GameEvent>(events, 'UnitRouted')).toMatchObject({ distanceIn: 10.5, road: true });
    expect(of(events, 'RoutersSwerved')).toBeUndefined();
    expect(rolls).toHaveLength(1); // the rout distance only: no hedge delay
  });
  it('a rout whose 1½-times path would leave the road is an ordinary rout: 7"', () => {
    const { d, events } = draftWith(setUp([road(16, 46)]), [4]);
    routMove(d, 'fr1', 'au1');
    expect(of<{ distanceIn: number; road?: boolean } & GameEvent>(events, 'UnitRouted')).toMatchObject({ distanceIn: 7 });
    expect(of<{ road?: boolean } & GameEvent>(events, 'UnitRouted')!.road).toBeUndefined();
  });
});

describe('When a cavalry Road Column charges down its road (NW §23 Roads; Sequence §12)', () => {
  // fr1: dragoons in road column, stands y 11"-14", facing down the road at au1 10" away.
  const charge = (terrain: unknown[]) => {
    const s = battle([
      { id: 'fr1', side: 'fr', arm: 'cavalry', troopType: 'dragoons', formation: 'road-column', ranks: 3, x: 36, y: 14, facingDeg: 90, stands: 3 },
      { id: 'au1', side: 'au', arm: 'cavalry', troopType: 'dragoons', x: 36, y: 24, facingDeg: -90, stands: 3 },
    ], { terrain });
    const withOrder = { ...s, ruleset: { ...s.ruleset, orders: { fr1: { unitId: 'fr1', side: 'fr', order: 'charge', generalId: 'g-fr', revealed: true, target: 'au1' } } } } as NwGameState;
    // au1's morale test A: d10 = 10 (passes); the charge move 3"+2d6 (medium cavalry) = 3+2+2 = 7".
    const { d, events } = draftWith(withOrder, [10, 2, 2]);
    resolveCharges(d);
    return { d, events };
  };
  it('along the road its 7" charge becomes 10.5" and reaches the target 10" away', () => {
    const { d, events } = charge([road(2, 46)]);
    expect(of(events, 'RoadMove')).toMatchObject({ unit: 'fr1', move: 'charge', fromIn: 7, toIn: 10.5 });
    expect(d.rs.combats.some((c) => c.a === 'fr1' && c.b === 'au1')).toBe(true);
  });
  it('without the road the same 7" falls short: no contact, and the charger is Disordered', () => {
    const { d, events } = charge([]);
    expect(of(events, 'RoadMove')).toBeUndefined();
    expect(d.rs.combats).toHaveLength(0);
    expect(d.rs.units['fr1']!.morale).toBe('disordered');
  });
});

/**
 * Napoleonic Warfare: Orders/Charge and Sequence §12 — a charger caught in the flank by another before it reaches its own target, and the wheel of at most 45° at the start of a charge (§25).
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../src/engine/ruleset';
import { findUnit } from '../../../src/engine/battle';
import { unitFacing } from '../../../src/rules/napoleonic-warfare/geom';
import { battle, IN, type UnitSpec, playStep, withOrders, type OrderSpec } from './harness';

const joined = (events: GameEvent[]) => events.filter((e) => e.type === 'CloseCombatJoined') as unknown as { attacker: string; defender: string; face: string }[];

const ofType = (events: GameEvent[], type: string) => events.filter((e) => e.type === type) as unknown as Record<string, unknown>[];

// Simultaneous charges: French dragoons charge an Austrian unit 7" below them; Austrian hussars
// 2" off the French left flank charge the dragoons.
const DRAGOONS: UnitSpec = { id: 'fr1', side: 'fr', arm: 'cavalry', troopType: 'dragoons', x: 36, y: 20, facingDeg: 90 };

const AU_HORSE: UnitSpec = { id: 'au1', side: 'au', arm: 'cavalry', troopType: 'dragoons', x: 36, y: 27, facingDeg: -90 };

// Their line spans y 17.5"-21.5": the command stand starts behind the dragoons' front (y 20"), as §3
// Enfilade requires "before any charges" for a flank attack.
const HUSSARS: UnitSpec = { id: 'au2', side: 'au', arm: 'cavalry', troopType: 'hussar', x: 40, y: 19.5, facingDeg: 180 };

describe('When a charger is itself charged in the flank before it reaches its own target (NW Orders/Charge; Sequence §12 Note on Simultaneous Movement)', () => {
  const frFirst: OrderSpec[] = [{ unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1' }, { unitId: 'au2', side: 'au', order: 'charge', target: 'fr1' }];
  // Dice: au1's test A 10 (pass); the dragoons 3"+[1,1] = 5"; the hussars 6"+[1,1] = 8".
  const run = (orders: OrderSpec[], faces: number[], au1y = 27, hussarsX = 40) => playStep(withOrders(battle([DRAGOONS, { ...AU_HORSE, y: au1y }, { ...HUSSARS, x: hussarsX }]), orders), 'resolve-charges', faces);
  it('the hussars catch the dragoons first: the dragoons are halted there and fight the hussars, struck in flank or rear', () => {
    const r = run(frFirst, [10, 1, 1, 1, 1]);
    const cc = joined(r.events);
    expect(cc).toHaveLength(1);
    expect(cc[0]).toMatchObject({ attacker: 'au2', defender: 'fr1' });
    expect(cc[0]!.face).not.toBe('front');
    expect(ofType(r.events, 'ChargerCaught')).toEqual([expect.objectContaining({ unit: 'fr1', by: 'au2', ownTarget: 'au1' })]);
    // Caught after about a quarter of its move, not at the end of its 5".
    const frontY = Math.max(...findUnit(r.s.battle, 'fr1')!.stands.map((st) => st.centre.y + st.depthMm / 2)) / IN;
    expect(frontY).toBeLessThan(22);
    expect(r.events).not.toContainEqual(expect.objectContaining({ type: 'MoraleStateChanged', unit: 'fr1', cause: 'charge failed to make contact' }));
  });
  it('the outcome does not depend on the order the charge orders were placed in', () => {
    const a = run(frFirst, [10, 1, 1, 1, 1]);
    const b = run([...frFirst].reverse(), [1, 1, 10, 1, 1]);
    expect(joined(b.events)).toEqual(joined(a.events));
    expect(findUnit(b.s.battle, 'fr1')!.stands.map((st) => st.centre)).toEqual(findUnit(a.s.battle, 'fr1')!.stands.map((st) => st.centre));
  });
  it('a charger that hits its own target first fights it, and is then hit in the flank or rear itself', () => {
    // The target 1.5" away: the dragoons reach it at 1.5/5 = 0.3 of their move; the hussars, 3" off
    // the flank, need 3/8 = 0.375 of theirs, and then strike the halted dragoons' flank.
    const r = run(frFirst, [10, 1, 1, 1, 1], 21.5, 41);
    const cc = joined(r.events);
    expect(cc).toContainEqual(expect.objectContaining({ attacker: 'fr1', defender: 'au1', face: 'front' }));
    const flank = cc.find((c) => c.attacker === 'au2');
    expect(flank).toMatchObject({ defender: 'fr1' });
    expect(flank!.face).not.toBe('front');
    expect(ofType(r.events, 'ChargerCaught')).toEqual([]);
  });
});

describe('When a charger must turn toward its target (NW Orders/Charge "a 45 degree wheel at the start of the Charge"; §25)', () => {
  // Dragoons facing down the table; their target lies 60° to their left-front, 6" away.
  const setUp = () => withOrders(battle([
    { ...DRAGOONS, x: 30, y: 20 },
    { ...AU_HORSE, x: 30 + 6 * Math.cos(Math.PI / 6), y: 20 + 6 * Math.sin(Math.PI / 6) + 0.5, facingDeg: 180 },
  ]), [{ unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1' }]);
  it('it wheels at most 45°, pivoting on a front corner, and the outer arc counts double against its charge move', () => {
    const start = battle([{ ...DRAGOONS, x: 30, y: 20 }]);
    const facing0 = unitFacing(findUnit(start.battle, 'fr1')!);
    const r = playStep(setUp(), 'resolve-charges', [10, 1, 1]);
    const w = ofType(r.events, 'ChargeWheeled')[0]!;
    expect(Math.abs(w['degrees'] as number)).toBeLessThanOrEqual(45);
    expect(Math.abs(w['degrees'] as number)).toBeGreaterThan(0);
    // A 4" front: the outer corner travels 4" × angle (radians); double that is deducted.
    const rad = (Math.abs(w['degrees'] as number) * Math.PI) / 180;
    expect(w['costIn']).toBeCloseTo(Math.round(8 * rad * 10) / 10, 5);
    // 5" less the wheel does not reach: the charger ends with its wheeled facing, never more than 45°
    // from where it started (the old code turned it the full 60° about its centre), and is disordered.
    expect(joined(r.events)).toEqual([]);
    const turned = Math.abs(((unitFacing(findUnit(r.s.battle, 'fr1')!) - facing0 + 3 * Math.PI) % (2 * Math.PI)) - Math.PI);
    expect((turned * 180) / Math.PI).toBeCloseTo(Math.abs(w['degrees'] as number), 5);
    expect(r.s.ruleset.units['fr1']!.morale).toBe('disordered');
  });
});

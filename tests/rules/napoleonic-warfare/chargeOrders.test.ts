/**
 * Napoleonic Warfare: Orders/Charge — who must charge whom, the 45° wheel a countercharge makes to face, and the charge race on a narrowed front (Sequence §12 Note on Simultaneous Movement).
 */
import { describe, expect, it } from 'vitest';
import { isRejection, type Change, type GameEvent } from '../../../src/engine/ruleset';
import { findUnit } from '../../../src/engine/battle';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import type { NwGameState, NwState } from '../../../src/rules/napoleonic-warfare/types';
import { resolveCharges, planChargeDropBack } from '../../../src/rules/napoleonic-warfare/charges';
import { chargeTargetProblem } from '../../../src/rules/napoleonic-warfare/commands';
import { battle, draftWith, IN, type UnitSpec } from './harness';
import { canWheelToFace, chargeWheel, raceCharges } from '../../../src/rules/napoleonic-warfare/chargeMovement';
import { traceMove } from '../../../src/geometry/moveCore';
import { frontRank } from '../../../src/rules/napoleonic-warfare/geom';

interface OrderSpec { unitId: string; side: 'fr' | 'au'; order: string; target?: string; revealed?: boolean }

function withOrders(s: NwGameState, orders: OrderSpec[], phase = 'charges'): NwGameState {
  const placed = Object.fromEntries(orders.map((o) => [o.unitId, { generalId: `g-${o.side}`, revealed: true, ...o }]));
  return { ...s, position: { ...s.position, phase }, ruleset: { ...s.ruleset, orders: placed } } as NwGameState;
}

const merge = (s: NwGameState, ch: Change<NwState>): NwGameState => ({ ...s, battle: ch.battle ?? s.battle, ruleset: ch.ruleset ?? s.ruleset }) as NwGameState;

function command(s: NwGameState, cmd: Record<string, unknown>, faces: number[] = []): string | { s: NwGameState; events: GameEvent[] } {
  const { d, events } = draftWith(s, faces);
  const r = napoleonicWarfare.commands[cmd['type'] as string]!.handle(s, cmd as never, d.ctx);
  return isRejection(r) ? r.code : { s: merge(s, r as Change<NwState>), events: [...events, ...((r as { events?: GameEvent[] }).events ?? [])] };
}

describe('NW Orders/Charge "if possible, he must Charge an enemy that is itself ordered to Charge his unit"', () => {
  const FR: UnitSpec = { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 };
  const AU_INF: UnitSpec = { id: 'au2', side: 'au', x: 36, y: 23, facingDeg: -90 };
  it('an infantry charger charged by cavalry may still charge the infantry in front of it (it may not charge cavalry, so the rule cannot bind it)', () => {
    const AU_CAV: UnitSpec = { id: 'au-cav', side: 'au', arm: 'cavalry', troopType: 'hussars', x: 41, y: 23, facingDeg: -90, stands: 2 };
    const s = withOrders(battle([FR, AU_INF, AU_CAV]), [
      { unitId: 'fr1', side: 'fr', order: 'charge' },
      { unitId: 'au-cav', side: 'au', order: 'charge', target: 'fr1' },
    ]);
    const r = command(s, { type: 'declareCharge', side: 'fr', unitId: 'fr1', targetId: 'au2' });
    expect(typeof r).not.toBe('string');
  });
  it('an infantry charger charged by infantry it could charge must charge that unit, not another', () => {
    const AU_CHARGER: UnitSpec = { id: 'au3', side: 'au', x: 40, y: 23, facingDeg: -90, stands: 2 };
    const s = withOrders(battle([FR, { ...AU_INF, x: 32, stands: 2 }, AU_CHARGER]), [
      { unitId: 'fr1', side: 'fr', order: 'charge' },
      { unitId: 'au3', side: 'au', order: 'charge', target: 'fr1' },
    ]);
    expect(command(s, { type: 'declareCharge', side: 'fr', unitId: 'fr1', targetId: 'au2' })).toBe('bad-target');
    expect(typeof command(s, { type: 'declareCharge', side: 'fr', unitId: 'fr1', targetId: 'au3' })).not.toBe('string');
  });
});

const at = (s: NwGameState, phase: string, step: string, orders: NwState['orders']): NwGameState =>
  ({ ...s, ruleset: { ...s.ruleset, orders }, position: { ...s.position, phase, step, actors: ['fr'], done: [] } }) as NwGameState;

describe('"be able to wheel to face their attackers" is the 45° wheel the countercharge makes (NW Orders/Advance; Orders/Charge)', () => {
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

describe('the charge race judges a charger that drops back on its narrowed front (NW Orders/Charge; Sequence §12)', () => {
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

describe('NW Orders/Charge "a 45 degree wheel at the start of the Charge": the least wheel, solved', () => {
  // French line facing down the table (+y); Austrians 8" ahead and 5" to the French right (−x), out of the straight path.
  const units: UnitSpec[] = [
    { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
    { id: 'au1', side: 'au', x: 29, y: 28, facingDeg: -90 },
  ];
  it('wheels by the least angle at which its front overlaps the target by the contact tolerance, not the next 5 degree step', () => {
    const { d } = draftWith(battle(units), []);
    const t = findUnit(d.battle, 'au1')!;
    const w = chargeWheel(findUnit(d.battle, 'fr1')!, t, 14 * IN);
    expect(Math.abs(w.wheelDeg)).toBeGreaterThan(0);
    expect(Math.abs(w.wheelDeg)).toBeLessThan(45);
    // Not on a 5 degree step.
    expect(Math.abs(w.wheelDeg / 5 - Math.round(w.wheelDeg / 5))).toBeGreaterThan(1e-3);
    // After the wheel the straight path meets the target; its outer flank passes the target's corner 1.5 mm inside (the contact tolerance).
    const h = w.unit.stands[0]!.facing;
    const run = 14 * IN - w.costMm;
    const meets = (stands: typeof w.unit.stands) => traceMove(stands, [{ kind: 'translate', dx: Math.cos(h) * run, dy: Math.sin(h) * run, distanceMm: run }], { others: [{ id: t.id, stands: t.stands }] }).meetings.length > 0;
    expect(meets(w.unit.stands)).toBe(true);
    // Narrowed by a little more than the tolerance on each flank, the same path misses: the wheel is the least.
    const slimmer = w.unit.stands.map((s) => ({ ...s, widthMm: (s.widthMm - 2 * 1.6) as typeof s.widthMm }));
    expect(meets(slimmer)).toBe(false);
  });
});


// Second audit pass (/tmp/audit/nw2.md): rules still unenforced or enforced wrongly after the first
// audit. Each block cites its section; dice are scripted where any are rolled.
import { describe, expect, it } from 'vitest';
import { isRejection, type Change, type GameEvent } from '../../../src/engine/ruleset';
import { findUnit, updateUnit } from '../../../src/engine/battle';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import type { NwGameState, NwState } from '../../../src/rules/napoleonic-warfare/types';
import { nwu } from '../../../src/rules/napoleonic-warfare/core';
import { normalMoveMm } from '../../../src/rules/napoleonic-warfare/morale';
import { closeCombatPhase, pursue, settleFollowUp } from '../../../src/rules/napoleonic-warfare/combat';
import { startCombat } from '../../../src/rules/napoleonic-warfare/charges';
import { relayout } from '../../../src/rules/napoleonic-warfare/formations';
import { orderProblem } from '../../../src/rules/napoleonic-warfare/commands';
import { walk } from '../../../src/rules/napoleonic-warfare/moves';
import { rad } from '../../../src/geometry/types';
import { battle, draftWith, IN, type UnitSpec } from './harness';

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

describe('NW §17 Causes of Disorder "The unit Retreats and moves more than 1/2 of its movement allowance (unless skirmishers or light cavalry)"', () => {
  const retreatOf = (troopType: string) => {
    const s = withOrders(battle([
      { id: 'fr-cav', side: 'fr', arm: 'cavalry', troopType, x: 36, y: 20, facingDeg: 90, stands: 2 },
      { id: 'au1', side: 'au', x: 36, y: 26, facingDeg: -90 },
    ]), [{ unitId: 'fr-cav', side: 'fr', order: 'retreat' }], 'tactical');
    const { d } = draftWith(s, []);
    const u = findUnit(s.battle, 'fr-cav')!;
    const inches = Math.round((0.75 * normalMoveMm(d, u)) / IN);
    const r = command(s, { type: 'retreatUnit', side: 'fr', unitId: 'fr-cav', distanceIn: inches });
    if (typeof r === 'string') throw new Error(r);
    return r.s.ruleset.units['fr-cav']!.morale;
  };
  it('light cavalry (hussars) retreating three quarters of a move stay in good order', () => {
    expect(retreatOf('hussars')).toBe('good');
  });
  it('line cavalry (dragoons) retreating the same are disordered', () => {
    expect(retreatOf('dragoons')).toBe('disordered');
  });
});

describe('NW After Close Combat "their opponent must pursue unless it has Deploy Orders, in which case pursuit is optional"', () => {
  const setUp = (order: string) => withOrders(battle([
    { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
    { id: 'au1', side: 'au', x: 36, y: 30, facingDeg: 90 },
  ]), [{ unitId: 'fr1', side: 'fr', order }], 'close-combat');
  it('an Advance-ordered victor pursues at once', () => {
    const { d, events } = draftWith(setUp('advance'), [1]);
    pursue(d, 'fr1', 'au1');
    expect(events.some((e) => e.type === 'UnitPursued')).toBe(true);
    expect(d.rs.pendingFollowUps ?? []).toHaveLength(0);
  });
  it('a Deploy-ordered victor is offered the pursuit; declining it leaves the unit where it is', () => {
    const s = setUp('deploy');
    const { d, events } = draftWith(s, []);
    pursue(d, 'fr1', 'au1');
    expect(events.some((e) => e.type === 'UnitPursued')).toBe(false);
    expect(d.rs.pendingFollowUps).toEqual([expect.objectContaining({ unitId: 'fr1', loserId: 'au1', pursuit: true })]);
    const before = findUnit(d.battle, 'fr1')!.stands[0]!.centre;
    settleFollowUp(d, 'fr1', false);
    expect(events.some((e) => e.type === 'PursuitForgone')).toBe(true);
    expect(findUnit(d.battle, 'fr1')!.stands[0]!.centre).toEqual(before);
    expect(d.rs.pendingFollowUps).toEqual([]);
  });
  it('a Deploy-ordered victor whose owner chooses to pursue makes the pursuit move', () => {
    const { d, events } = draftWith(setUp('deploy'), [1]);
    pursue(d, 'fr1', 'au1');
    settleFollowUp(d, 'fr1', true);
    expect(events.some((e) => e.type === 'UnitPursued')).toBe(true);
    expect(findUnit(d.battle, 'fr1')!.stands[0]!.centre.y).toBeGreaterThan(20 * IN);
  });
});

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

describe('NW After Close Combat "A square is broken when it is pushed back and then reverts to a column, facing the enemy"', () => {
  it('a square that loses the fight is pushed back, laid out as a column and faces the victor', () => {
    const s0 = battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90, formation: 'column', ranks: 2, quality: 'guard' },
      { id: 'au1', side: 'au', x: 36, y: 21.5, facingDeg: -90, quality: 'militia' },
    ]);
    const s = { ...s0, battle: updateUnit(s0.battle, 'au1', (u) => relayout(u, 'square')) } as NwGameState;
    const faces = (id: string, b = s.battle) => new Set(findUnit(b, id)!.stands.map((x) => Math.round((x.facing * 180) / Math.PI)));
    expect(faces('au1').size).toBe(4); // a true square: stands face outward four ways
    // Combat dice: French 6, Austrians 1; both fractions of a casualty scored (d10 1s).
    const { d, events } = draftWith(s, [6, 1, 1, 1]);
    startCombat(d, 'fr1', 'au1', { charged: false, pursuing: false });
    closeCombatPhase(d, 'left');
    const res = events.find((e) => e.type === 'CloseCombatResolved') as unknown as { aLost: number; bLost: number };
    expect(res.bLost).toBeGreaterThan(res.aLost);
    expect(events.some((e) => e.type === 'UnitPushedBack')).toBe(true);
    const au = findUnit(d.battle, 'au1')!;
    expect(au.formation).toBe('column');
    expect([...faces('au1', d.battle)]).toEqual([-90]); // every stand faces up the table, at the French
  });
});

describe('NW Orders/Deploy note "Skirmishers with Deploy orders who are charged, automatically go to Retreat orders"', () => {
  const play = (skirmishOrder: string, faces: number[]) => {
    const s = withOrders(battle([
      { id: 'fr-drag', side: 'fr', arm: 'cavalry', troopType: 'dragoons', x: 36, y: 20, facingDeg: 90, stands: 2 },
      { id: 'au-sk', side: 'au', arm: 'cavalry', troopType: 'hussars', formation: 'skirmish', x: 36, y: 24, facingDeg: -90, stands: 2 },
    ]), [
      { unitId: 'fr-drag', side: 'fr', order: 'charge', target: 'au-sk' },
      { unitId: 'au-sk', side: 'au', order: skirmishOrder },
    ]);
    const step = napoleonicWarfare.sequence.phases.flatMap((p) => p.steps).find((x) => x.id === 'resolve-charges')!;
    // Every die a 5: the dice each case rolls (charge and retreat d6s, the d10 of the test).
    const { d, events } = draftWith(s, faces);
    const ch = (step as { onEnter: (s: unknown, c: unknown) => Change<NwState> | undefined }).onEnter(s, d.ctx);
    return { s: ch ? merge(s, ch) : s, events };
  };
  it('skirmishing hussars with a Deploy order take a Retreat order and fall back from the dragoons', () => {
    const r = play('deploy', [5, 5, 5, 5, 5]);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'SkirmishersOrderedToRetreat', unit: 'au-sk', from: 'fr-drag' }));
    expect(r.s.ruleset.orders['au-sk']!.order).toBe('retreat');
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'UnitRetreated', unit: 'au-sk' }));
  });
  it('the same hussars with an Advance order (no response chosen) keep their order: the note is for Deploy orders', () => {
    const r = play('advance', [5, 5, 5]);
    expect(r.events.some((e) => e.type === 'SkirmishersOrderedToRetreat')).toBe(false);
    expect(r.s.ruleset.orders['au-sk']!.order).toBe('advance');
  });
});

describe('NW Orders/Defend "Only troops on foot may be given Defend Orders" (foot artillery yes, horse artillery no)', () => {
  const problem = (troopType: string) => {
    const s = battle([
      { id: 'fr-guns', side: 'fr', arm: 'artillery', troopType, x: 36, y: 20, facingDeg: 90, stands: 2 },
      { id: 'au1', side: 'au', x: 36, y: 30, facingDeg: -90 },
    ]);
    const { d } = draftWith(s, []);
    return orderProblem(d, findUnit(d.battle, 'fr-guns')!, 'defend');
  };
  it('a foot battery may be given Defend', () => {
    expect(problem('foot-artillery')).toBeUndefined();
  });
  it('a horse battery may not', () => {
    expect(problem('horse-artillery')).toMatch(/horse artillery may not/);
  });
});

describe('NW Orders/Retreat "If they are contacted by an enemy unit ... they count as being hit in the flank or rear, and are destroyed if they are Skirmishing Infantry"', () => {
  const contact = (auOrder: string) => {
    const s = withOrders(battle([
      { id: 'fr-sk', side: 'fr', formation: 'skirmish', x: 36, y: 20, facingDeg: 90, stands: 2 },
      { id: 'au-sk', side: 'au', formation: 'skirmish', x: 36, y: 21, facingDeg: -90, stands: 2 },
    ]), [{ unitId: 'au-sk', side: 'au', order: auOrder }], 'tactical');
    const { d } = draftWith(s, []);
    startCombat(d, 'fr-sk', 'au-sk', { charged: false, pursuing: false });
    return { status: d.rs.units['au-sk']!.status, combats: d.rs.combats.length };
  };
  it('skirmish infantry with a Retreat order contacted by enemy skirmish infantry are destroyed', () => {
    expect(contact('retreat')).toEqual({ status: 'destroyed', combats: 0 });
  });
  it('skirmish infantry with a Defend order fight the enemy skirmishers instead', () => {
    expect(contact('defend')).toEqual({ status: 'active', combats: 1 });
  });
});

// NW procedures finished later: fire past units (§29), skirmish screens (§26), Fire and Flee,
// Deploy follow-up as a choice (After Close Combat), concession (§10). Scripted dice throughout.
import { describe, expect, it } from 'vitest';
import { battle, draftWith, IN } from './harness';
import { planShots, resolveVolley } from '../../../src/rules/napoleonic-warfare/fire';
import { resolveCharges, startCombat } from '../../../src/rules/napoleonic-warfare/charges';
import { resolveCombat, settleFollowUp } from '../../../src/rules/napoleonic-warfare/combat';
import { throwOutScreen } from '../../../src/rules/napoleonic-warfare/formations';
import { orderProblem } from '../../../src/rules/napoleonic-warfare/commands';
import { commandStand, frontRank } from '../../../src/rules/napoleonic-warfare/geom';
import { findUnit, updateUnit } from '../../../src/engine/battle';
import { applyCommand } from '../../../src/engine/game';
import { registerable, isRejection } from '../../../src/engine/ruleset';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import type { NwGameState } from '../../../src/rules/napoleonic-warfare/types';

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

describe('When a battalion throws out a skirmish screen (NW §26 Skirmish Formation; Orders/Deploy)', () => {
  it('one stand goes one base depth ahead, becomes the nearest target and is shot at as skirmish foot (+2)', () => {
    const s = battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 27, facingDeg: -90 },
    ]);
    const { d, rolls } = draftWith(s, [9, 9, 9, 9]);
    const u = findUnit(d.battle, 'fr1')!;
    const screened = throwOutScreen(u, 1);
    d.battle = updateUnit(d.battle, 'fr1', () => screened);
    const screen = screened.stands.filter((x) => x.role === 'skirmisher');
    expect(screen).toHaveLength(1);
    expect(commandStand(screened).centre).toEqual(commandStand(u).centre);
    // Body front edge at y = 20" (the unit's anchor); the screen's rear edge one base depth beyond it: centre at 21.5".
    expect(screen[0]!.centre.y).toBeCloseTo(21.5 * IN, 3);
    expect(frontRank(screened).map((x) => x.id)).toEqual([screen[0]!.id]);
    const shot = planShots(d, (x) => x.id === 'au1')[0]!;
    expect(shot.atScreen).toBe(true);
    resolveVolley(d, shot);
    expect(rolls[0]!.modifiers.map((m) => [m.label, m.value])).toContainEqual(['target skirmish foot or unlimbered artillery', 2]);
  });
});

describe('When guns with Fire and Flee orders are charged (NW Orders/Fire and Flee)', () => {
  const setup = (friendNear: boolean) =>
    battle([
      { id: 'au-guns', side: 'au', arm: 'artillery', troopType: 'foot-artillery', x: 36, y: 24, facingDeg: -90, stands: 2 },
      { id: 'au-inf', side: 'au', x: friendNear ? 40.4 : 50, y: 24, facingDeg: -90 },
      { id: 'fr-cav', side: 'fr', arm: 'cavalry', troopType: 'hussar', x: 36, y: 20, facingDeg: 90, stands: 3 },
    ]);
  it('they fire canister at the charger, the crew run behind the friend 1" away, and the charger captures the guns', () => {
    const { d, rolls, events } = draftWith(setup(true), [9, 9, 1, 1, 6, 6]);
    d.rs.orders['fr-cav'] = { unitId: 'fr-cav', side: 'fr', order: 'charge', generalId: 'g-fr', revealed: true, target: 'au-guns' };
    d.rs.orders['au-guns'] = { unitId: 'au-guns', side: 'au', order: 'fire-and-flee', generalId: 'g-au', revealed: false };
    resolveCharges(d);
    // 3" away: killing range, canister 2d10 per gun; light guns 4+, −1 the target is charging.
    expect(rolls[0]!.purpose).toMatch(/au-guns fire at fr-cav \(killing/);
    expect(rolls[0]!.faces).toHaveLength(4);
    expect(rolls[0]!.successes).toBe(2);
    expect(events.find((e) => e.type === 'GunsAbandoned')).toMatchObject({ crewBehind: 'au-inf', charged: true });
    expect(d.rs.units['au-guns']!.status).toBe('captured');
    expect(d.rs.units['fr-cav']!.casualties).toBe(2);
  });
  it('the order cannot be given with no friend within 1" for the crew', () => {
    const { d } = draftWith(setup(false), []);
    expect(orderProblem(d, findUnit(d.battle, 'au-guns')!, 'fire-and-flee')).toMatch(/no friendly unit within 1"/);
  });
});

describe('When a Deploy-ordered victor pushes its enemy back (NW After Close Combat; Orders/Deploy)', () => {
  const fight = () => {
    const s = battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', quality: 'line-2nd', x: 36, y: 24, facingDeg: -90 },
    ]);
    // Combat dice 6 v 1; the Austrian fraction roll 9 (no extra casualty).
    const w = draftWith(s, [6, 1, 9]);
    w.d.rs.orders['fr1'] = { unitId: 'fr1', side: 'fr', order: 'deploy', generalId: 'g-fr', revealed: true };
    startCombat(w.d, 'fr1', 'au1', { charged: false, pursuing: false });
    resolveCombat(w.d, w.d.rs.combats[0]!, new Map());
    return w;
  };
  it('following up is offered, not taken; declining ends the combat with the victor in place', () => {
    const { d, events } = fight();
    expect(events.some((e) => e.type === 'UnitPushedBack' && e['unit'] === 'au1')).toBe(true);
    expect(d.rs.pendingFollowUps).toEqual([expect.objectContaining({ unitId: 'fr1', loserId: 'au1' })]);
    const before = commandStand(findUnit(d.battle, 'fr1')!).centre;
    settleFollowUp(d, 'fr1', false);
    expect(commandStand(findUnit(d.battle, 'fr1')!).centre).toEqual(before);
    expect(d.rs.combats).toHaveLength(0);
  });
  it('accepting it moves the victor up into contact and the combat goes on', () => {
    const { d } = fight();
    const before = commandStand(findUnit(d.battle, 'fr1')!).centre;
    settleFollowUp(d, 'fr1', true);
    expect(commandStand(findUnit(d.battle, 'fr1')!).centre.y - before.y).toBeCloseTo(IN, 0);
    expect(d.rs.combats).toHaveLength(1);
  });
});

describe('When a side concedes (NW §10 Victory Conditions)', () => {
  it('the current turn is played to completion and then the battle ends with Loss Points counted', () => {
    const M = registerable(napoleonicWarfare);
    let s: NwGameState = battle([
      { id: 'fr1', side: 'fr', x: 36, y: 10, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 40, facingDeg: -90 },
    ]);
    const step = (c: object) => {
      const r = applyCommand(M, s, c);
      if (isRejection(r)) throw new Error(`${r.code}: ${r.message}`);
      s = r.state as NwGameState;
      return r;
    };
    const r = step({ type: 'concede', side: 'au' });
    expect(s.result).toBeUndefined();
    expect(r.events.map((e) => e.type)).toEqual(['Conceded']);
    expect(isRejection(applyCommand(M, s, { type: 'concede', side: 'au' }))).toBe(true);
    const turn = s.position.turn;
    for (let i = 0; i < 40 && !s.result; i++) {
      const actor = s.position.actors.find((a) => !s.position.done.includes(a))!;
      step(s.position.step === 'choose-initiative' ? { type: 'chooseInitiative', side: actor, moveFirst: 'fr' } : { type: 'endStep', side: actor });
    }
    expect(s.position.turn).toBe(turn);
    expect(s.result).toMatchObject({ winner: 'fr', rule: 'NW §10 Victory Conditions and Victory Points' });
    expect(s.result!.reason).toMatch(/Austrians conceded; the turn was played out\..*won the battle/);
  });
});

// The last four items of the second NW audit: the Deploy "face" charge response as a §25 change of
// face or 45° wheel counted against the Deploy limit (Orders/Deploy; §25 Changing Face), the
// Advance "must move at least half" (Orders/Advance), skirmishers regrouping behind the friends
// they pass through (Close Combat §1 note; §17), and fire at units that Advance into contact
// (Fire §5; Close Combat §1). Scripted dice throughout.
import { describe, expect, it } from 'vitest';
import { findUnit } from '../../../src/engine/battle';
import { isRejection } from '../../../src/engine/ruleset';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import type { NwGameState, NwState } from '../../../src/rules/napoleonic-warfare/types';
import { planFace, faceAttacker } from '../../../src/rules/napoleonic-warfare/faceResponse';
import { unitDistanceMm, unitFacing } from '../../../src/rules/napoleonic-warfare/geom';
import { walk } from '../../../src/rules/napoleonic-warfare/moves';
import { doMove } from '../../../src/rules/napoleonic-warfare/commands';
import { inCombat } from '../../../src/rules/napoleonic-warfare/combat';
import { rad } from '../../../src/geometry/types';
import { applyCommand } from '../../../src/engine/game';
import { registerable } from '../../../src/engine/ruleset';
import type { AnyEvent } from '../../../src/engine/command';
import { battle, draftWith, IN, type UnitSpec } from './harness';

const M = registerable(napoleonicWarfare);

const deg = (r: number) => Math.round((r * 180) / Math.PI);
const at = (s: NwGameState, phase: string, step: string, actor: string, orders: NwState['orders']): NwGameState =>
  ({ ...s, ruleset: { ...s.ruleset, orders }, position: { ...s.position, phase, step, actors: [actor], done: [] } }) as NwGameState;

describe('Item 1 — a Deploy unit charged "turns to face" by a 90°/180° change of face or wheels up to 45°, not any angle (NW Orders/Deploy; §25 Changing Face)', () => {
  // Austrian line at (36", 30") facing up the table (-90°); a French hussar unit 8" away at `offDeg` off its front.
  const pair = (offDeg: number) => {
    const r = 8, th = (offDeg * Math.PI) / 180;
    return battle([
      { id: 'au1', side: 'au', x: 36, y: 30, facingDeg: -90, stands: 2 },
      { id: 'fr-cav', side: 'fr', arm: 'cavalry', troopType: 'hussar', x: 36 + r * Math.sin(th), y: 30 - r * Math.cos(th), facingDeg: 90 + offDeg, stands: 1 },
    ]);
  };
  const units = (offDeg: number) => {
    const { d } = draftWith(pair(offDeg), []);
    return { u: findUnit(d.battle, 'au1')!, c: findUnit(d.battle, 'fr-cav')! };
  };

  it('an attacker about 30° off the front is met by a wheel (§25: at most 45°), not a change of face', () => {
    const { u, c } = units(30);
    const p = planFace(u, c);
    expect(p.kind).toBe('wheel');
    expect(Math.abs(deg(p.angleRad))).toBeLessThanOrEqual(45);
  });

  it('an attacker about 80° to the right is met by a 90° change of face — the stands end facing exactly 90° round, not 80°', () => {
    const { u, c } = units(80);
    const p = planFace(u, c);
    expect(p).toMatchObject({ kind: 'change-face' });
    expect(deg(p.angleRad)).toBe(90);
    const turned = faceAttacker(u, c).unit;
    expect(deg(unitFacing(turned))).toBe(0); // -90° + 90°
  });

  it('an attacker behind (about 160° off) is met by turning about through 180°', () => {
    const { u, c } = units(160);
    expect(deg(planFace(u, c).angleRad)).toBe(180);
  });

  const respond = (used: number) => {
    const s = at(pair(80), 'charges', 'charge-responses', 'au', {
      'fr-cav': { unitId: 'fr-cav', side: 'fr', order: 'charge', generalId: 'g-fr', revealed: true, target: 'au1' },
      au1: { unitId: 'au1', side: 'au', order: 'deploy', generalId: 'g-au', revealed: true, deployActionsUsed: used },
    });
    const { d } = draftWith(s, []);
    return napoleonicWarfare.commands['respondToCharge']!.handle(s, { type: 'respondToCharge', side: 'au', unitId: 'au1', response: 'face' } as never, d.ctx);
  };

  it('facing is one of the Deploy actions: it uses the one action a charged unit has (Orders/Deploy)', () => {
    const r = respond(0);
    expect(isRejection(r)).toBe(false);
    if (isRejection(r)) return;
    expect((r.ruleset as NwState).orders['au1']?.deployActionsUsed).toBe(1);
  });

  it('a charged Deploy unit that has already used its action may not also face', () => {
    expect(respond(1)).toMatchObject({ code: 'deploy-spent' });
  });
});

describe('Item 2 — an Advance unit "must move at least half its maximum allowed movement" (NW Orders/Advance)', () => {
  // French at the top facing down the table (+y); the French have the initiative and are moving.
  // Played through the sequence from the Orders Phase (as moveOrder.test.ts): the seeded initiative
  // roll decides only who chooses; the moves and the compulsory step roll no dice in the open.
  const send = (s: NwGameState, c: object): { s: NwGameState; events: AnyEvent[] } => {
    const r = applyCommand(M, s, c);
    if (isRejection(r)) throw new Error(`${JSON.stringify(c)}: ${r.message}`);
    return { s: r.state as NwGameState, events: [...r.events] };
  };
  const endFrenchMoves = (units: UnitSpec[], orders: string[], before: (s: NwGameState) => NwGameState = (s) => s) => {
    let s = battle([...units, { id: 'au1', side: 'au', x: 10, y: 44, facingDeg: -90 }], { generals: [{ id: 'g-fr', side: 'fr', x: 43, y: 15 }, { id: 'g-au', side: 'au', x: 10, y: 46 }] });
    for (const unitId of orders) s = send(s, { type: 'placeOrder', side: 'fr', unitId, order: 'advance', generalId: 'g-fr' }).s;
    s = send(send(s, { type: 'endStep', side: 'fr' }).s, { type: 'endStep', side: 'au' }).s;
    if (s.position.step === 'strategic-move') s = send(send(s, { type: 'endStep', side: 'fr' }).s, { type: 'endStep', side: 'au' }).s;
    expect(s.position.step).toBe('choose-initiative');
    s = send(s, { type: 'chooseInitiative', side: s.ruleset.initiativeWinner!, moveFirst: 'fr' }).s;
    expect(s.position.step).toBe('initiative-side');
    const y0 = yOf(s, 'fr1');
    s = before(s);
    return { ...send(s, { type: 'endStep', side: 'fr' }), y0 };
  };
  const adv = (id: string): string[] => [id];
  const yOf = (s: NwGameState, id: string) => {
    const u = findUnit(s.battle, id)!;
    return u.stands.reduce((a, x) => a + x.centre.y, 0) / u.stands.length / IN;
  };

  it('a line that has not moved when its side ends its moves is marched half its move straight ahead — not merely stripped of its order', () => {
    const { s, events, y0 } = endFrenchMoves([{ id: 'fr1', side: 'fr', x: 36, y: 10, facingDeg: 90 }], adv('fr1'));
    const compelled = events.find((e) => e.type === 'AdvanceCompelled');
    expect(compelled).toMatchObject({ unit: 'fr1', rule: 'NW Orders/Advance' });
    const halfIn = (compelled as unknown as { distanceIn: number }).distanceIn;
    expect(halfIn).toBeGreaterThan(0);
    expect(yOf(s, 'fr1') - y0).toBeCloseTo(halfIn, 1);
    expect(s.ruleset.units['fr1']?.morale).toBe('good');
  });

  it('"If the unit cannot physically move at least 1/2 of its movement because of enemy in the way, you must discard the Advance order": an enemy 2" ahead', () => {
    const s0units: UnitSpec[] = [{ id: 'fr1', side: 'fr', x: 36, y: 10, facingDeg: 90 }, { id: 'au2', side: 'au', x: 36, y: 12, facingDeg: -90 }];
    const { s, events, y0 } = endFrenchMoves(s0units, adv('fr1'));
    expect(events.find((e) => e.type === 'OrderDiscarded')).toMatchObject({ unit: 'fr1', reason: expect.stringMatching(/enemy in the way/) });
    expect(yOf(s, 'fr1')).toBeCloseTo(y0, 1);
  });

  it('"unless friendly Skirmishing Infantry will be interpenetrating the unit this turn": a line the skirmishers passed through stands, undisordered', () => {
    const units: UnitSpec[] = [
      { id: 'fr1', side: 'fr', x: 36, y: 14, facingDeg: 90 },
      { id: 'fr-sk', side: 'fr', formation: 'skirmish', x: 36, y: 18, facingDeg: -90, stands: 2, ranks: 1 },
    ];
    const orders = ['fr1', 'fr-sk'];
    const { s, events, y0 } = endFrenchMoves(units, orders, (s1) => {
      // The skirmishers fall back through the line (scripted dice: none are rolled in the open).
      const r = applyCommand(M, s1, { type: 'moveUnit', side: 'fr', unitId: 'fr-sk', wheelDeg: 0, distanceIn: 6 });
      if (isRejection(r)) throw new Error(r.message);
      return r.state as NwGameState;
    });
    expect(events.find((e) => e.type === 'AdvanceStoodFast')).toMatchObject({ unit: 'fr1' });
    expect(events.some((e) => e.type === 'AdvanceCompelled' && (e as unknown as { unit: string }).unit === 'fr1')).toBe(false);
    expect(yOf(s, 'fr1')).toBeCloseTo(y0, 1);
    expect(s.ruleset.units['fr1']?.morale).toBe('good');
  });
});

describe('Item 3 — "Skirmishers interpenetrating a friendly unit will Retreat to the rear of the friendly unit to regroup, taking extra movement if necessary, but becoming Disordered by the extra movement" (NW Close Combat §1 note; §17)', () => {
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

describe('Item 4 — a unit that Advances into contact is fired at, at a range the d10 decides (NW Fire §5 "Charging or moving into contact with it"; Close Combat §1)', () => {
  // French line at (36", 20") facing down the table advances 6" into an Austrian line 4" away facing it.
  const advanceInto = (faces: number[], au: Partial<UnitSpec> = {}) => {
    const s = battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 24, facingDeg: -90, ...au },
    ]);
    const { d, events, rolls } = draftWith(s, faces);
    const r = doMove(d, findUnit(d.battle, 'fr1')!, 0, 6, false);
    expect(r).toBeUndefined();
    return { d, events, rolls };
  };
  const rangeRoll = (rolls: { rule?: string }[]) => rolls.find((r) => r.rule === 'NW Fire §5; Close Combat §1');

  it('a d10 at or above the shooter\'s unmodified To Pass: it fires at close range, the advancer loses figures, and the close combat still begins', () => {
    const { d, events, rolls } = advanceInto([10, 10, 10, 10, 10, 10]);
    expect(rangeRoll(rolls)).toBeDefined();
    expect(events.find((e) => e.type === 'FiredAtAdvancer')).toMatchObject({ unit: 'au1', at: 'fr1', band: 'close' });
    expect(events.find((e) => e.type === 'CasualtiesInflicted')).toMatchObject({ unit: 'fr1', rule: expect.stringMatching(/Fire/) });
    expect(inCombat(d, 'fr1')).toBe(true);
  });

  it('a d10 below it: effective range', () => {
    const { events } = advanceInto([1, 10, 10, 10, 10, 10]);
    expect(events.find((e) => e.type === 'FiredAtAdvancer')).toMatchObject({ band: 'effective' });
  });

  it('mounted troops advanced into do not fire (they have no fire at chargers either)', () => {
    const { events, rolls } = advanceInto([], { arm: 'cavalry', troopType: 'hussar' });
    expect(events.some((e) => e.type === 'FiredAtAdvancer')).toBe(false);
    expect(rangeRoll(rolls)).toBeUndefined();
  });
});

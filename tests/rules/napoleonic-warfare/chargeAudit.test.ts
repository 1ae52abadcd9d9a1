// Audit findings 1, 2, 3, 4, 7 and 14 (/tmp/audit/nw.md): Form Square, "Charging a Superior
// Tactical Position", countercharger fire, simultaneous charges and chargers caught in the flank,
// the 45° charge wheel, and how long "Target is charging" lasts. Scripted dice throughout.
import { describe, expect, it } from 'vitest';
import { isRejection, type Change, type GameEvent } from '../../../src/engine/ruleset';
import type { DiceRolled } from '../../../src/engine/dice';
import { findUnit } from '../../../src/engine/battle';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import type { NwGameState, NwState } from '../../../src/rules/napoleonic-warfare/types';
import { runPendingTests } from '../../../src/rules/napoleonic-warfare/morale';
import { fireModifiers } from '../../../src/rules/napoleonic-warfare/fire';
import { nwu } from '../../../src/rules/napoleonic-warfare/core';
import { unitFacing } from '../../../src/rules/napoleonic-warfare/geom';
import { describeNwEvent } from '../../../src/rules/napoleonic-warfare/logText';
import { battle, draftWith, IN, type UnitSpec } from './harness';

interface OrderSpec { unitId: string; side: 'fr' | 'au'; order: string; target?: string; response?: string; revealed?: boolean }
type Played = { s: NwGameState; rolls: DiceRolled[]; events: GameEvent[] };

function withOrders(s: NwGameState, orders: OrderSpec[], phase = 'charges'): NwGameState {
  const placed = Object.fromEntries(orders.map((o) => [o.unitId, { generalId: `g-${o.side}`, revealed: true, ...o }]));
  return { ...s, position: { ...s.position, phase }, ruleset: { ...s.ruleset, orders: placed } } as NwGameState;
}

const merge = (s: NwGameState, ch: Change<NwState>): NwGameState => ({ ...s, battle: ch.battle ?? s.battle, ruleset: ch.ruleset ?? s.ruleset }) as NwGameState;

/** Run an engine step of the NW sequence (its onEnter hook) with scripted dice. */
function playStep(s: NwGameState, stepId: string, faces: number[]): Played {
  const step = napoleonicWarfare.sequence.phases.flatMap((p) => p.steps).find((x) => x.id === stepId);
  if (!step || !('onEnter' in step) || !step.onEnter) throw new Error(`no engine step ${stepId}`);
  const { d, rolls, events } = draftWith(s, faces);
  const ch = step.onEnter(s as never, d.ctx) as Change<NwState> | undefined;
  return { s: ch ? merge(s, ch) : s, rolls, events };
}

function command(s: NwGameState, cmd: Record<string, unknown>): string | NwGameState {
  const { d } = draftWith(s, []);
  const r = napoleonicWarfare.commands[cmd['type'] as string]!.handle(s, cmd as never, d.ctx);
  return isRejection(r) ? r.code : merge(s, r as Change<NwState>);
}

const joined = (events: GameEvent[]) => events.filter((e) => e.type === 'CloseCombatJoined') as unknown as { attacker: string; defender: string; face: string }[];
const purposes = (rolls: DiceRolled[]) => rolls.map((r) => r.purpose);
const ofType = (events: GameEvent[], type: string) => events.filter((e) => e.type === type) as unknown as Record<string, unknown>[];
const rect = (id: string, kind: string, x0: number, y0: number, x1: number, y1: number, props: Record<string, unknown> = {}) => ({
  id, kind, name: id, ...(kind === 'hill' ? { heightLevel: 1 } : {}), polygon: [[x0 * IN, y0 * IN], [x1 * IN, y0 * IN], [x1 * IN, y1 * IN], [x0 * IN, y1 * IN]], props,
});

// A French line at the top facing down (front edge y 20"), an Austrian line facing up 4" below.
const FR_LINE: UnitSpec = { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 };
const AU_LINE: UnitSpec = { id: 'au1', side: 'au', x: 36, y: 24, facingDeg: -90 };

describe('When foot with a Form Square order are charged by foot (NW Orders/Form Square; audit 1)', () => {
  const setUp = (terrain: unknown[] = []) => withOrders(battle([FR_LINE, AU_LINE], { terrain }), [
    { unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1' },
    { unitId: 'au1', side: 'au', order: 'form-square', revealed: false },
  ]);
  it('"the foot automatically will form a normal square before taking their morale test for being charged", whoever charges', () => {
    // Test A 10, then the G range die, the defenders' volley, the French volley and the charge 3"+1d6.
    const r = playStep(setUp(), 'resolve-charges', [10, 9, 3, 5, 6, 2, 10, 2]);
    const formed = r.events.findIndex((e) => e.type === 'SquareFormed');
    const testA = r.events.findIndex((e) => e.type === 'DiceRolled' && (e as unknown as DiceRolled).purpose.startsWith('Morale test (A) for au1'));
    expect(formed).toBeGreaterThanOrEqual(0);
    expect(testA).toBeGreaterThan(formed);
    expect(r.rolls[0]!.modifiers.map((m) => [m.label, m.value])).toContainEqual(['in square', 1]);
    expect(findUnit(r.s.battle, 'au1')!.formation).toBe('square');
  });
  it('§27 "Squares are not allowed in dense terrain": in a wood no square forms (SquareNotFormed)', () => {
    // In the wood no square forms: test A 10, the charge 3"+1d6 and the wood's delay d6.
    const r = playStep(setUp([rect('w', 'wood', 30, 22, 42, 30)]), 'resolve-charges', [10, 3, 5]);
    expect(ofType(r.events, 'SquareNotFormed')).toEqual([expect.objectContaining({ unit: 'au1', rule: 'NW §27 Special Formations' })]);
    expect(findUnit(r.s.battle, 'au1')!.formation).toBe('line');
  });
});

describe('When foot with a Form Square order are not charged (NW Orders/Form Square; Sequence §13 (1); audit 1)', () => {
  it('the square still forms, when its side turns its markers over in the Tactical Movement Phase', () => {
    const s0 = withOrders(battle([{ ...FR_LINE, y: 10 }, AU_LINE]), [{ unitId: 'au1', side: 'au', order: 'form-square', revealed: false }], 'tactical');
    const s = { ...s0, ruleset: { ...s0.ruleset, initiative: 'au' } } as NwGameState;
    const r = playStep(s, 'initiative-side', []);
    expect(findUnit(r.s.battle, 'au1')!.formation).toBe('square');
    expect(ofType(r.events, 'SquareFormed')).toEqual([expect.objectContaining({ unit: 'au1', rule: 'NW Orders/Form Square; §27 Square' })]);
    expect(r.s.ruleset.orders['au1']!.revealed).toBe(true);
  });
  it('a Deploy order cannot change into rally square or Austrian mass outside a cavalry charge (§27 Rally/Hasty Square, §18 F)', () => {
    const s = withOrders(battle([FR_LINE, AU_LINE]), [{ unitId: 'au1', side: 'au', order: 'deploy' }], 'tactical');
    for (const formation of ['rally-square', 'austrian-mass', 'square']) {
      const r = command(s, { type: 'deployUnit', side: 'au', unitId: 'au1', action: 'change-formation', formation });
      expect(typeof r === 'string' ? r : 'accepted').toBe(formation === 'square' ? 'use-form-square' : 'use-hasty-square');
    }
  });
});

describe('When a charger loses a stand while charging a unit on a hill (NW Morale §19 "Charging a Superior Tactical Position"; audit 2)', () => {
  // The Austrians stand on a hill (level 1) the French charge up to.
  const hill = rect('h', 'hill', 30, 23, 42, 30);
  const test = (terrain: unknown[], phase: string) => {
    const s = withOrders(battle([FR_LINE, AU_LINE], { terrain }), [{ unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1' }], phase);
    const { d, rolls } = draftWith(s, [10]);
    nwu(d, 'fr1').charging = true;
    d.pendingTests.push({ unitId: 'fr1', trigger: 'C', detail: 'stand lost' });
    runPendingTests(d);
    return rolls[0]!.modifiers.map((m) => [m.label, m.value]);
  };
  it('its stand-loss test (C) in the Charge Declaration Phase counts −1', () => {
    expect(test([hill], 'charges')).toContainEqual(['charging a superior tactical position', -1]);
  });
  it('not when the target stands on level ground', () => {
    expect(test([], 'charges')).not.toContainEqual(['charging a superior tactical position', -1]);
  });
  it('not once the charges are over (a test in the Fire Phase)', () => {
    expect(test([hill], 'fire')).not.toContainEqual(['charging a superior tactical position', -1]);
  });
});

describe('When foot countercharge foot, or two foot units charge each other (NW Fire §5, Close Combat §1 "Fire Charger and countercharger fire"; audit 3)', () => {
  it('the countercharger fires at the range it starts from: no close/effective roll and no test A', () => {
    const s = withOrders(battle([FR_LINE, AU_LINE]), [
      { unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1' },
      { unitId: 'au1', side: 'au', order: 'advance', response: 'countercharge' },
    ]);
    const r = playStep(s, 'resolve-charges', [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const p = purposes(r.rolls);
    expect(p.filter((x) => / fire at /.test(x))).toEqual([expect.stringMatching(/^fr1 fire at au1 \(effective range, 4"\)/), expect.stringMatching(/^au1 fire at fr1 \(effective range, 4"\)/)]);
    expect(p.some((x) => x.includes('at what range'))).toBe(false);
    expect(p.some((x) => x.startsWith('Morale test (A)'))).toBe(false);
  });
  it('in a mutual charge both chargers fire', () => {
    const s = withOrders(battle([FR_LINE, AU_LINE]), [
      { unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1' },
      { unitId: 'au1', side: 'au', order: 'charge', target: 'fr1' },
    ]);
    const r = playStep(s, 'resolve-charges', [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(purposes(r.rolls).filter((x) => / fire at /.test(x)).map((x) => x.split(' (')[0])).toEqual(['fr1 fire at au1', 'au1 fire at fr1']);
  });
  it('a defender charged by two units takes one test A and fires once (each stand at the nearer charger)', () => {
    const s = withOrders(battle([{ ...FR_LINE, x: 33 }, { ...FR_LINE, id: 'fr2', x: 40 }, AU_LINE]), [
      { unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1' },
      { unitId: 'fr2', side: 'fr', order: 'charge', target: 'au1' },
    ]);
    const r = playStep(s, 'resolve-charges', [10, 9, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const p = purposes(r.rolls);
    expect(p.filter((x) => x.startsWith('Morale test (A) for au1'))).toEqual(['Morale test (A) for au1: charged by fr1 and fr2']);
    expect(p.filter((x) => x.includes('at what range'))).toHaveLength(1);
  });
});

// Simultaneous charges: French dragoons charge an Austrian unit 7" below them; Austrian hussars
// 2" off the French left flank charge the dragoons.
const DRAGOONS: UnitSpec = { id: 'fr1', side: 'fr', arm: 'cavalry', troopType: 'dragoons', x: 36, y: 20, facingDeg: 90 };
const AU_HORSE: UnitSpec = { id: 'au1', side: 'au', arm: 'cavalry', troopType: 'dragoons', x: 36, y: 27, facingDeg: -90 };
// Their line spans y 17.5"-21.5": the command stand starts behind the dragoons' front (y 20"), as §3
// Enfilade requires "before any charges" for a flank attack.
const HUSSARS: UnitSpec = { id: 'au2', side: 'au', arm: 'cavalry', troopType: 'hussar', x: 40, y: 19.5, facingDeg: 180 };

describe('When a charger is itself charged in the flank before it reaches its own target (NW Orders/Charge; Sequence §12 Note on Simultaneous Movement; audit 4)', () => {
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

describe('When a charger must turn toward its target (NW Orders/Charge "a 45 degree wheel at the start of the Charge"; §25; audit 7)', () => {
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

describe('When a charger that fell short is shot at in the Fire Phase (NW Fire tables "Target is charging"; audit 14)', () => {
  const mods = (phase: string) => {
    const s = withOrders(battle([FR_LINE, AU_LINE]), [{ unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1' }], phase);
    const { d } = draftWith(s, []);
    nwu(d, 'fr1').charging = true;
    const au1 = findUnit(d.battle, 'au1')!;
    return fireModifiers(d, au1, findUnit(d.battle, 'fr1')!, au1.stands[0]!).map((m) => m.label);
  };
  it('fire at the charger while it charges (Fire §5) counts "target is charging"', () => {
    expect(mods('charges')).toContain('target is charging');
  });
  it('in the Fire Phase the charge is over: no "target is charging"', () => {
    expect(mods('fire')).not.toContain('target is charging');
  });
});

describe('The event log explains the new charge events (issue 5: "every roll explained")', () => {
  const names = { piece: (id: string) => id, side: (id: string) => id };
  const ev = (type: string, f: Record<string, unknown>) => ({ type, ...f }) as unknown as GameEvent;
  it.each([
    [ev('ChargeWheeled', { unit: 'fr1', degrees: -30, costIn: 4.2 }), 'fr1 wheels 30° to the left as its charge starts (4.2" of its move).'],
    [ev('ChargerCaught', { unit: 'fr1', by: 'au2', ownTarget: 'au1' }), 'fr1 is caught by au2 before it reaches au1, and is halted.'],
    [ev('SquareNotFormed', { unit: 'au1', reason: 'squares are not allowed in dense terrain' }), 'au1 cannot form square: squares are not allowed in dense terrain.'],
  ])('%o', (e, want) => {
    expect(describeNwEvent(e as never, names)).toBe(want);
  });
});

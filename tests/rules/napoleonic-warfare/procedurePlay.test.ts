// NW procedures played through the engine with scripted dice (audit finding 11): the charge
// responses of Sequence §12 (countercharge, face, fall back, hasty square, evade), fire at
// chargers (§18 G), the Recovery Phase (§16, §17 Routed), ford search (§23 Rivers) and the light
// and dense terrain delays (§23). Each situation is built with the harness, the step or command
// is run as the engine runs it, and the outcome and the logged rolls are both checked.
import { describe, expect, it } from 'vitest';
import { isRejection, type Change, type GameEvent } from '../../../src/engine/ruleset';
import type { DiceRolled } from '../../../src/engine/dice';
import { findUnit } from '../../../src/engine/battle';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import type { NwGameState, NwState } from '../../../src/rules/napoleonic-warfare/types';
import { battle, draftWith, IN, type UnitSpec } from './harness';

interface OrderSpec { unitId: string; side: 'fr' | 'au'; order: string; target?: string }

/** Orders as they stand after the Orders Phase and charge declaration (markers turned over). */
function withOrders(s: NwGameState, orders: OrderSpec[]): NwGameState {
  const placed = Object.fromEntries(orders.map((o) => [o.unitId, { generalId: `g-${o.side}`, revealed: true, ...o }]));
  return { ...s, ruleset: { ...s.ruleset, orders: placed } } as NwGameState;
}

type Played = { s: NwGameState; rolls: DiceRolled[]; events: GameEvent[] };

function merge(s: NwGameState, ch: Change<NwState>): NwGameState {
  return { ...s, battle: ch.battle ?? s.battle, ruleset: ch.ruleset ?? s.ruleset } as NwGameState;
}

/** Run the engine step `stepId` of the NW sequence of play (its onEnter hook) with scripted dice. */
function playStep(s: NwGameState, stepId: string, faces: number[]): Played {
  const step = napoleonicWarfare.sequence.phases.flatMap((p) => p.steps).find((x) => x.id === stepId);
  if (!step || !('onEnter' in step) || !step.onEnter) throw new Error(`no engine step ${stepId}`);
  const { d, rolls, events } = draftWith(s, faces);
  const ch = step.onEnter(s as never, d.ctx) as Change<NwState> | undefined;
  return { s: ch ? merge(s, ch) : s, rolls, events };
}

/** Apply one NW command handler with scripted dice; throws on a rejection. */
function play(s: NwGameState, cmd: Record<string, unknown>, faces: number[] = []): Played {
  const { d, rolls, events } = draftWith(s, faces);
  const r = napoleonicWarfare.commands[cmd['type'] as string]!.handle(s, cmd as never, d.ctx);
  if (isRejection(r)) throw new Error(r.message);
  return { s: merge(s, r as Change<NwState>), rolls, events };
}

function refusal(s: NwGameState, cmd: Record<string, unknown>): string {
  const { d } = draftWith(s, []);
  const r = napoleonicWarfare.commands[cmd['type'] as string]!.handle(s, cmd as never, d.ctx);
  return isRejection(r) ? r.code : 'accepted';
}

const respond = (unitId: string, response: string) => ({ type: 'respondToCharge', side: 'au', unitId, response });
/** Front edge (inches) of a unit facing up (−y) or down (+y) the table. */
const frontY = (s: NwGameState, id: string) => {
  const u = findUnit(s.battle, id)!;
  const down = Math.sin(u.stands[0]!.facing) > 0;
  const ys = u.stands.map((st) => st.centre.y + (down ? st.depthMm / 2 : -st.depthMm / 2));
  return (down ? Math.max(...ys) : Math.min(...ys)) / IN;
};
const joined = (events: GameEvent[]) => events.filter((e) => e.type === 'CloseCombatJoined') as unknown as { attacker: string; defender: string; face: string }[];
const purposes = (rolls: DiceRolled[]) => rolls.map((r) => r.purpose);

// French dragoons (medium scale: charge 3"+2d6) at the top, front edge at y 20", charging down.
const DRAGOONS: UnitSpec = { id: 'fr1', side: 'fr', arm: 'cavalry', troopType: 'dragoons', x: 36, y: 20, facingDeg: 90, ranks: 2 };
// A 1st-rate Austrian line (To Pass 4) facing up the table, front edge at y 24".
const AU_LINE: UnitSpec = { id: 'au1', side: 'au', x: 36, y: 24, facingDeg: -90 };

describe('When charged dragoons are countercharged by dragoons on Advance orders (NW Orders/Advance; Sequence §12 Note on Simultaneous Movement)', () => {
  // Fronts 8" apart. The charger rolls 3"+[1,1] = 5", the countercharger 3"+[2,1] = 6":
  // they meet 5/11 of the way from the charger, so the Austrians cover 8 × 6/11 = 4.36".
  const setUp = () => withOrders(battle([DRAGOONS, { ...DRAGOONS, id: 'au1', side: 'au', y: 28, facingDeg: -90 }]), [
    { unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1' },
    { unitId: 'au1', side: 'au', order: 'advance' },
  ]);
  it('the response is accepted and logged, with the rule', () => {
    const r = play(setUp(), respond('au1', 'countercharge'));
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'ChargeResponseChosen', unit: 'au1', response: 'countercharge' }));
    expect(r.s.ruleset.orders['au1']!.response).toBe('countercharge');
  });
  it('both roll their charge distances, no morale test is taken, and they meet where the proportional moves cross', () => {
    const s = play(setUp(), respond('au1', 'countercharge')).s;
    const r = playStep(s, 'resolve-charges', [1, 1, 2, 1]);
    expect(r.rolls.map((x) => [x.purpose, x.dice, x.faces, x.outcome])).toEqual([
      ['fr1: charge distance 3"+2d6', '2d6', [1, 1], '5"'],
      ['au1: countercharge distance 3"+2d6', '2d6', [2, 1], '6"'],
    ]);
    expect(r.rolls.every((x) => x.rule === 'NW Movement §3 Movement Distances')).toBe(true);
    expect(purposes(r.rolls).some((p) => p.startsWith('Morale test'))).toBe(false);
    expect(frontY(r.s, 'au1')).toBeCloseTo(28 - (8 * 6) / 11, 1);
    expect(frontY(r.s, 'fr1')).toBeCloseTo(28 - (8 * 6) / 11, 1);
    // One front-to-front combat between the two (which is recorded as attacker is the engine's business).
    expect(joined(r.events).map((e) => [[e.attacker, e.defender].sort(), e.face])).toEqual([[['au1', 'fr1'], 'front']]);
    expect(r.s.ruleset.combats.map((c) => [c.a, c.b].sort())).toEqual([['au1', 'fr1']]);
  });
  it('only units with Advance orders countercharge', () => {
    const s = withOrders(setUp(), [{ unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1' }, { unitId: 'au1', side: 'au', order: 'defend' }]);
    expect(refusal(s, respond('au1', 'countercharge'))).toBe('cannot-countercharge');
  });
});

describe('When a line on Deploy orders is charged in its flank and chooses to face (NW Orders/Deploy; Close Combat §1)', () => {
  // An Austrian line facing right along the table (front edge x 34", stands y 20"-24"); a French line
  // 4" straight above it, its command stand (x 33.5") level with the Austrian stands: the left flank.
  const setUp = () => withOrders(battle([{ id: 'fr1', side: 'fr', x: 33, y: 16, facingDeg: 90 }, { id: 'au1', side: 'au', x: 34, y: 20, facingDeg: 0 }]), [
    { unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1' },
    { unitId: 'au1', side: 'au', order: 'deploy' },
  ]);
  // Dice: A test 9 (pass), G 9 (close), the Austrian volley, the French volley, charge 3"+d6 = 6 (9").
  const faces = [9, 9, 1, 1, 1, 1, 1, 1, 1, 1, 6];
  it('facing turns it to meet the charge: it is contacted in front and not disordered', () => {
    const s = play(setUp(), respond('au1', 'face')).s;
    const r = playStep(s, 'resolve-charges', faces);
    expect(purposes(r.rolls)[0]).toBe('Morale test (A) for au1: charged by fr1');
    expect(r.rolls[0]!.rule).toBe('NW Morale §18 A; §19');
    expect(joined(r.events)).toEqual([expect.objectContaining({ attacker: 'fr1', defender: 'au1', face: 'front' })]);
    expect(r.s.ruleset.units['au1']!.morale).toBe('good');
  });
  it('standing instead, it is struck in the (left) flank and disordered', () => {
    const s = play(setUp(), respond('au1', 'stand')).s;
    // Struck in the flank it does not fire at the charger: A test 9, the French volley, charge 3"+d6 = 6.
    const r = playStep(s, 'resolve-charges', [9, 1, 1, 1, 1, 1, 1, 1, 1, 6]);
    expect(joined(r.events)).toEqual([expect.objectContaining({ face: 'left' })]);
    expect(r.s.ruleset.units['au1']!.morale).toBe('disordered');
  });
});

describe('When foot on Deploy orders fall back half a move from charging dragoons (NW Orders/Deploy; Orders/Charge)', () => {
  const setUp = () => withOrders(battle([DRAGOONS, AU_LINE]), [
    { unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1' },
    { unitId: 'au1', side: 'au', order: 'deploy' },
  ]);
  it('the foot step back 3" (half of 6"), so a 5" charge falls short and the dragoons are disordered', () => {
    const s = play(setUp(), respond('au1', 'fall-back')).s;
    // A test 9 (pass), G 9 (close range), 4 musket dice of 1, charge 3"+[1,1] = 5".
    const r = playStep(s, 'resolve-charges', [9, 9, 1, 1, 1, 1, 1, 1]);
    expect(frontY(r.s, 'au1')).toBeCloseTo(27, 1);
    expect(r.rolls.at(-1)).toMatchObject({ purpose: 'fr1: charge distance 3"+2d6', faces: [1, 1], outcome: '5"' });
    expect(frontY(r.s, 'fr1')).toBeCloseTo(25, 1);
    expect(joined(r.events)).toEqual([]);
    expect(r.s.ruleset.units['fr1']!.morale).toBe('disordered');
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'MoraleStateChanged', unit: 'fr1', cause: 'charge failed to make contact', rule: 'NW Orders/Charge' }));
  });
  it('militia may not fall back', () => {
    const s = withOrders(battle([DRAGOONS, { ...AU_LINE, quality: 'militia' }]), [{ unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1' }, { unitId: 'au1', side: 'au', order: 'deploy' }]);
    expect(refusal(s, respond('au1', 'fall-back'))).toBe('not-foot');
  });
});

describe('When foot form a hasty square against charging dragoons (NW Morale §18 F; §27 Rally/Hasty Square)', () => {
  const setUp = () => play(withOrders(battle([DRAGOONS, AU_LINE]), [
    { unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1' },
    { unitId: 'au1', side: 'au', order: 'defend' },
  ]), respond('au1', 'hasty-square')).s;
  it('an F test of 9 against To Pass 4 forms the square (Austrians: Austrian mass, §27) before the A test', () => {
    const r = playStep(setUp(), 'resolve-charges', [9, 9, 9, 1, 1, 1, 1]);
    expect(r.rolls[0]).toMatchObject({ purpose: 'Morale test (F) for au1: forming hasty square against fr1', faces: [9], rule: 'NW Morale §18 F; §27', outcome: 'square formed' });
    expect(r.rolls[0]!.target).toMatchObject({ value: 4 });
    expect(purposes(r.rolls)[1]).toMatch(/^Morale test \(A\) for au1/);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'SquareFormed', unit: 'au1', hasty: true }));
    expect(findUnit(r.s.battle, 'au1')!.formation).toBe('austrian-mass');
  });
  it('an F test of 1 fails: no square, and no other effect (the unit stays in line, in good order)', () => {
    const r = playStep(setUp(), 'resolve-charges', [1, 9, 9, 1, 1, 1, 1, 1, 1]);
    expect(r.rolls[0]).toMatchObject({ purpose: 'Morale test (F) for au1: forming hasty square against fr1', faces: [1], outcome: 'no square (no other effect)' });
    expect(r.events.some((e) => e.type === 'SquareFormed' || e.type === 'MoraleFailed')).toBe(false);
    expect(findUnit(r.s.battle, 'au1')!.formation).toBe('line');
    expect(r.s.ruleset.units['au1']!.morale).toBe('good');
  });
  it('hasty squares are formed only against mounted chargers', () => {
    const s = withOrders(battle([{ ...AU_LINE, id: 'fr1', side: 'fr', y: 20, facingDeg: 90 }, AU_LINE]), [{ unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1' }, { unitId: 'au1', side: 'au', order: 'defend' }]);
    expect(refusal(s, respond('au1', 'hasty-square'))).toBe('no-square');
  });
});

describe('When skirmishers evade charging dragoons (NW Orders/Retreat note)', () => {
  const SKIRM: UnitSpec = { id: 'au1', side: 'au', troopType: 'light-infantry', formation: 'skirmish', x: 36, y: 24, facingDeg: -90, stands: 2 };
  it('they run 3"+d6 = 9" without a morale test, the 5" charge falls short and the dragoons are disordered', () => {
    const s = play(withOrders(battle([DRAGOONS, SKIRM]), [
      { unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1' },
      { unitId: 'au1', side: 'au', order: 'defend' },
    ]), respond('au1', 'evade')).s;
    const r = playStep(s, 'resolve-charges', [6, 1, 1]);
    expect(r.rolls.map((x) => [x.purpose, x.faces, x.outcome])).toEqual([
      ['au1: retreat distance 3"+1d6', [6], '9"'],
      ['fr1: charge distance 3"+2d6', [1, 1], '5"'],
    ]);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'UnitRetreated', unit: 'au1', distanceIn: 9 }));
    expect(joined(r.events)).toEqual([]);
    expect(r.s.ruleset.units['au1']!.status).toBe('active');
    expect(r.s.ruleset.units['fr1']!.morale).toBe('disordered');
  });
  it('formed troops may not evade', () => {
    const s = withOrders(battle([DRAGOONS, AU_LINE]), [{ unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1' }, { unitId: 'au1', side: 'au', order: 'defend' }]);
    expect(refusal(s, respond('au1', 'evade'))).toBe('no-evade');
  });
});

describe('When charged foot fire at the chargers (NW Fire §5; Morale §18 G)', () => {
  // The hasty-square F test fails (1) so the line stays in line; A passes (9); then the G roll.
  const setUp = () => play(withOrders(battle([DRAGOONS, AU_LINE]), [
    { unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1' },
    { unitId: 'au1', side: 'au', order: 'defend' },
  ]), respond('au1', 'hasty-square')).s;
  const gAndVolley = (g: number) => {
    const r = playStep(setUp(), 'resolve-charges', [1, 9, g, 1, 1, 1, 1, 1, 1]);
    const gi = r.rolls.findIndex((x) => x.rule === 'NW Fire §5; Morale §18 G');
    return { g: r.rolls[gi]!, volley: r.rolls[gi + 1]! };
  };
  it('a d10 equal to the unmodified To Pass (4) fires at close range: To Hit 7', () => {
    const { g, volley } = gAndVolley(4);
    expect(g).toMatchObject({ purpose: 'au1: at what range does it fire at the charging fr1?', faces: [4], outcome: 'close range' });
    expect(g.target).toMatchObject({ value: 4, label: 'unmodified To Pass 4' });
    expect(volley.purpose).toMatch(/^au1 fire at fr1 \(close range/);
    expect(volley.target).toMatchObject({ value: 7 });
  });
  it('a d10 of 3 fires at effective range: To Hit 8', () => {
    const { g, volley } = gAndVolley(3);
    expect(g).toMatchObject({ faces: [3], outcome: 'effective range' });
    expect(volley.purpose).toMatch(/^au1 fire at fr1 \(effective range/);
    expect(volley.target).toMatchObject({ value: 8 });
  });
});

describe('When the Recovery Phase comes (NW Sequence §16; Orders/Recover; §17 Routed)', () => {
  // fr1 routed and fr2 fragmented with low ammunition, both under Recover orders, far from the enemy.
  const setUp = () => {
    const s = withOrders(battle([
      { id: 'fr1', side: 'fr', x: 36, y: 10, facingDeg: -90 },
      { id: 'fr2', side: 'fr', x: 20, y: 10, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 30, facingDeg: -90 },
    ]), [{ unitId: 'fr1', side: 'fr', order: 'recover' }, { unitId: 'fr2', side: 'fr', order: 'recover' }]);
    const units = { ...s.ruleset.units, fr1: { ...s.ruleset.units['fr1']!, morale: 'routed' as const }, fr2: { ...s.ruleset.units['fr2']!, morale: 'fragmented' as const, ammo: 'low' as const } };
    return { ...s, ruleset: { ...s.ruleset, units } } as NwGameState;
  };
  it('a recovering fragmented unit improves one state and restocks its ammunition, without a roll', () => {
    const r = playStep(setUp(), 'recovery', [9]);
    expect(r.s.ruleset.units['fr2']).toMatchObject({ morale: 'disordered', ammo: 'stocked' });
    expect(r.rolls.filter((x) => x.subjects?.includes('fr2'))).toEqual([]);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'AmmunitionChanged', unit: 'fr2', from: 'low', to: 'stocked' }));
  });
  it('a routed unit that rolls 9 on its E test (To Pass 4) rallies to Fragmented and has used its one chance', () => {
    const r = playStep(setUp(), 'recovery', [9]);
    expect(r.rolls[0]!.purpose).toMatch(/^Morale test \(E\) for fr1: rallying from rout/);
    expect(r.rolls[0]!.rule).toMatch(/NW Morale §18 E/);
    expect(r.rolls[0]!.target).toMatchObject({ value: 4 });
    expect(r.s.ruleset.units['fr1']).toMatchObject({ morale: 'fragmented', status: 'active', rallyChanceUsed: true });
  });
  it('a routed unit that fails its E test by 4 makes exactly one more rout move and is dispersed (the failure table is not applied)', () => {
    // d10 = 2: +2 outside Engagement Range, −3 for a routed unit's three disorder markers, −1 unsupported
    // = 0 against To Pass 4: failed by 4, which on the failure table would be "Rout - Lose 1 Stand".
    const r = playStep(setUp(), 'recovery', [2, 3]);
    expect(r.rolls[0]).toMatchObject({ faces: [2], modified: 0, passed: false });
    expect(r.rolls[0]!.modifiers.map((m) => [m.label, m.value])).toEqual([
      ['outside Engagement Range of any enemy', 2], ['each disorder marker ×3', -3], ['unsupported (a square always counts as supported)', -1],
    ]);
    // Then the one rout move, 3"+d6 = 6", and nothing else.
    expect(r.rolls.slice(1).map((x) => [x.purpose, x.faces, x.outcome])).toEqual([['fr1: rout distance 3"+1d6', [3], '6"']]);
    expect(r.events.filter((e) => e.type === 'UnitRouted')).toEqual([expect.objectContaining({ unit: 'fr1', distanceIn: 6 })]);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'UnitRemoved', unit: 'fr1', status: 'dispersed', standsRemaining: 4 }));
    expect(r.s.ruleset.units['fr1']!.status).toBe('dispersed');
  });
});

describe('When foot on Deploy orders search a river for a ford (NW §23 Rivers; Orders/Deploy)', () => {
  const river = { id: 'rv', kind: 'river', name: 'Brook', polygon: [[0, 19.9], [72, 19.9], [72, 21], [0, 21]].map(([x, y]) => [x! * IN, y! * IN]), props: {} };
  const setUp = () => withOrders(battle([{ id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 }, { id: 'au1', side: 'au', x: 10, y: 46, facingDeg: -90 }], { terrain: [river] }), [{ unitId: 'fr1', side: 'fr', order: 'deploy' }]);
  const search = { type: 'deployUnit', side: 'fr', unitId: 'fr1', action: 'search-ford' };
  it('a 6 finds a ford, which is placed on the table', () => {
    const r = play(setUp(), search, [6]);
    expect(r.rolls.map((x) => [x.purpose, x.dice, x.faces, x.outcome])).toEqual([['fr1 searches Brook for a ford', 'd6', [6], 'ford found']]);
    expect(r.rolls[0]!.rule).toMatch(/§23/);
    expect(r.rolls[0]!.target).toMatchObject({ value: 6 });
    expect(r.s.battle.terrain.filter((t) => t.kind === 'ford')).toHaveLength(1);
  });
  it('a 5 finds none', () => {
    const r = play(setUp(), search, [5]);
    expect(r.rolls[0]).toMatchObject({ faces: [5], outcome: 'no ford' });
    expect(r.s.battle.terrain.filter((t) => t.kind === 'ford')).toHaveLength(0);
  });
});

describe('When an advancing line enters light terrain (NW §23 Light Terrain; Movement §3 medium delay d6)', () => {
  // An orchard 1" ahead. Advance 6": 1" to the edge, then the d6 (4) is deducted, leaving 1" more.
  const orchard = { id: 'lw', kind: 'wood', name: 'Orchard', polygon: [[30, 21], [42, 21], [42, 30], [30, 30]].map(([x, y]) => [x! * IN, y! * IN]), props: { class: 'light' } };
  const setUp = () => withOrders(battle([{ id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90, ranks: 1 }, { id: 'au1', side: 'au', x: 10, y: 46, facingDeg: -90 }], { terrain: [orchard] }), [{ unitId: 'fr1', side: 'fr', order: 'advance' }]);
  it('the delay roll is logged and deducted (6" − 4" = 2"), and the line is disordered', () => {
    const r = play(setUp(), { type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0, distanceIn: 6 }, [4]);
    expect(r.rolls.map((x) => [x.purpose, x.dice, x.faces, x.outcome, x.rule])).toEqual([['fr1: light terrain delay (Orchard)', '1d6', [4], '4" delay', 'NW §23 Light Terrain']]);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'TerrainDelay', unit: 'fr1', terrain: 'lw', delayIn: 4 }));
    expect(frontY(r.s, 'fr1')).toBeCloseTo(22, 1);
    expect(r.s.ruleset.units['fr1']!.morale).toBe('disordered');
  });
});

describe('When light cavalry ride into a dense wood (NW §23 Dense Terrain; Movement §3: light cavalry deduct 3d6)', () => {
  // Hussars (12" move) with a wood 2" ahead: 3d6 = 2+2+1 = 5" deducted leaves 7".
  const wood = { id: 'dw', kind: 'wood', name: 'Forest', polygon: [[30, 22], [42, 22], [42, 40], [30, 40]].map(([x, y]) => [x! * IN, y! * IN]), props: {} };
  it('the 3d6 delay is rolled and deducted, and the hussars are disordered', () => {
    const s = withOrders(battle([{ id: 'fr1', side: 'fr', arm: 'cavalry', troopType: 'hussar', x: 36, y: 20, facingDeg: 90, ranks: 1 }, { id: 'au1', side: 'au', x: 10, y: 46, facingDeg: -90 }], { terrain: [wood] }), [{ unitId: 'fr1', side: 'fr', order: 'advance' }]);
    const r = play(s, { type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0, distanceIn: 12 }, [2, 2, 1]);
    expect(r.rolls.map((x) => [x.purpose, x.dice, x.faces, x.outcome])).toEqual([['fr1: dense terrain delay (Forest)', '3d6', [2, 2, 1], '5" delay']]);
    expect(frontY(r.s, 'fr1')).toBeCloseTo(27, 1);
    expect(r.s.ruleset.units['fr1']!.morale).toBe('disordered');
  });
});

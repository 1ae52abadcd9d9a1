// NW Sequence §2 / §21 Strategic Movement is simultaneous: both sides plan in secret, the plans are
// carried out together pro rata (A Note on Simultaneous Movement), each unit halting as soon as it
// comes within Engagement Range (12" medium) of a visible enemy.
import { describe, expect, it } from 'vitest';
import { applyCommand } from '../../../src/engine/game';
import { commandFor, eventsFor, viewFor } from '../../../src/engine/view';
import { play, startHistory } from '../../../src/engine/history';
import { registerable, isRejection, type GameEvent } from '../../../src/engine/ruleset';
import type { AnyEvent } from '../../../src/engine/command';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import type { NwGameState } from '../../../src/rules/napoleonic-warfare/types';
import { legalCommands } from './harness';
import { NW_TABLE } from '../../../src/rules/napoleonic-warfare/table';
import { STRATEGIC_SLICES } from '../../../src/rules/napoleonic-warfare/strategic';
import { battle, runCommands, IN, type UnitSpec, type BattleOpts } from './harness';

const M = registerable(napoleonicWarfare);

const run = runCommands;

/** A battle brought to the strategic step (no orders placed: both sides end the Orders Phase). */
function atStrategic(units: UnitSpec[], opts?: BattleOpts): NwGameState {
  const { s } = run(battle(units, opts), [{ type: 'endStep', side: 'fr' }, { type: 'endStep', side: 'au' }]);
  expect(s.position.step).toBe('strategic-move');
  return s;
}

/** The front edge's y (in inches) of a unit in line facing straight up or down the table. */
const frontY = (s: NwGameState, id: string): number => {
  const u = s.battle.units.find((x) => x.id === id)!;
  const st = u.stands[0]!;
  return (st.centre.y + (Math.sin(st.facing) * st.depthMm) / 2) / IN;
};

const byType = (events: readonly AnyEvent[], type: string) => events.filter((e) => e.type === type) as (GameEvent & Record<string, unknown>)[];

// French front at y=11 facing down the table, Austrian front at y=37 facing up: 26" apart.
const facingOff = (frArm?: Partial<UnitSpec>): UnitSpec[] => [
  { id: 'fr1', side: 'fr', x: 36, y: 11, facingDeg: 90, ...frArm },
  { id: 'au1', side: 'au', x: 36, y: 37, facingDeg: -90 },
];
const endBoth = [{ type: 'endStep', side: 'fr' }, { type: 'endStep', side: 'au' }];

describe('When both sides march at each other in the Strategic Movement Phase (NW §2, §21)', () => {
  it('a planned move does not move the unit until the step ends: the plan is recorded, the table unchanged', () => {
    const s = atStrategic(facingOff());
    const { s: planned } = run(s, [{ type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0, distanceIn: 8 }]);
    expect(frontY(planned, 'fr1')).toBeCloseTo(11, 6);
    expect(planned.ruleset.strategicPlans?.['fr1']?.command).toMatchObject({ type: 'moveUnit', distanceIn: 8 });
    expect(planned.position.step).toBe('strategic-move');
  });

  it('both 8" moves are carried out together and both halt at 12", each having gone 7" (not 8" then 6" as if one moved first)', () => {
    const s = atStrategic(facingOff());
    const { s: end, events } = run(s, [
      { type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0, distanceIn: 8 },
      { type: 'moveUnit', side: 'au', unitId: 'au1', wheelDeg: 0, distanceIn: 8 },
      ...endBoth,
    ]);
    expect(frontY(end, 'fr1')).toBeCloseTo(18, 1);
    expect(frontY(end, 'au1')).toBeCloseTo(30, 1);
    const resolved = byType(events, 'StrategicMoveResolved');
    expect(resolved.map((e) => [e['unit'], e['halted'], e['haltedBy']])).toEqual([['au1', 'engagement-range', 'fr1'], ['fr1', 'engagement-range', 'au1']]);
    // Both halted at the same moment: 14" of the 16" closing speed, 7/8 of each move.
    for (const e of resolved) {
      expect(e['atFraction']).toBeCloseTo(0.875, 2);
      expect(e['plannedIn']).toBeCloseTo(8, 2);
      expect(e['allowedIn']).toBeCloseTo(7, 1);
      expect(Array.isArray(e['at'])).toBe(true);
    }
    expect(end.ruleset.units['fr1']!.movedStrategic).toBe(true);
  });

  it('pro rata: cavalry (12") and infantry (8") each cover the same fraction of their own move before halting', () => {
    const s = atStrategic(facingOff({ arm: 'cavalry', troopType: 'dragoons', stands: 3 }));
    const { s: end, events } = run(s, [
      { type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0, distanceIn: 12 },
      { type: 'moveUnit', side: 'au', unitId: 'au1', wheelDeg: 0, distanceIn: 8 },
      ...endBoth,
    ]);
    // 14" to close at 20" per whole move: 0.7 of each, 8.4" and 5.6".
    expect(frontY(end, 'fr1') - 11).toBeCloseTo(8.4, 1);
    expect(37 - frontY(end, 'au1')).toBeCloseTo(5.6, 1);
    for (const e of byType(events, 'StrategicMoveResolved')) expect(e['atFraction']).toBeCloseTo(0.7, 2);
  });

  it('a unit marching at a stationary enemy halts on reaching Engagement Range; one that stays out of range completes its move', () => {
    // au1's front 19" from fr1's: fr1 may go 7" of its 8".
    const s = atStrategic([{ id: 'fr1', side: 'fr', x: 36, y: 11, facingDeg: 90 }, { id: 'au1', side: 'au', x: 36, y: 30, facingDeg: -90 }, { id: 'fr2', side: 'fr', x: 4, y: 2, facingDeg: 90 }]);
    const { s: end, events } = run(s, [
      { type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0, distanceIn: 8 },
      { type: 'moveUnit', side: 'fr', unitId: 'fr2', wheelDeg: 0, distanceIn: 5 },
      ...endBoth,
    ]);
    expect(frontY(end, 'fr1')).toBeCloseTo(18, 1);
    expect(frontY(end, 'fr2')).toBeCloseTo(7, 1);
    const r = Object.fromEntries(byType(events, 'StrategicMoveResolved').map((e) => [e['unit'], e]));
    expect(r['fr1']).toMatchObject({ halted: 'engagement-range', haltedBy: 'au1', haltedByName: 'au1' });
    expect(r['fr2']).toMatchObject({ halted: 'completed', plannedIn: 5, allowedIn: 5 });
  });

  it(`each slice (1/${STRATEGIC_SLICES} of every move) judges the enemy where it is at that moment: marching after an enemy that marches away, no halt`, () => {
    // fr1 faces up the table, its rear 18" from au1's front; fr1 marches 4" away, au1 8" after it.
    const s = atStrategic([
      { id: 'fr1', side: 'fr', x: 36, y: 18, facingDeg: -90 },
      { id: 'au1', side: 'au', x: 36, y: 37, facingDeg: -90 },
    ]);
    const { s: end, events } = run(s, [
      { type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0, distanceIn: 4 },
      { type: 'moveUnit', side: 'au', unitId: 'au1', wheelDeg: 0, distanceIn: 8 },
      ...endBoth,
    ]);
    // Judged against where fr1 started, au1 would halt after 6"; the gap never falls below 14".
    expect(frontY(end, 'au1')).toBeCloseTo(29, 1);
    expect(frontY(end, 'fr1')).toBeCloseTo(14, 1);
    expect(byType(events, 'StrategicMoveResolved').every((e) => e['halted'] === 'completed')).toBe(true);
  });

  it('an enemy hidden behind a wood does not halt the march (NW §2: "any visible enemy unit")', () => {
    // au1's front 18" from fr1's, a wood between them: in the open fr1 would halt after 6" (above); here it goes 8".
    const wood = { id: 'w1', kind: 'wood', name: 'Big Wood', polygon: [[20, 21], [52, 21], [52, 27], [20, 27]].map(([x, y]) => [x! * IN, y! * IN]), props: {} };
    const units: UnitSpec[] = [{ id: 'fr1', side: 'fr', x: 36, y: 11, facingDeg: 90 }, { id: 'au1', side: 'au', x: 36, y: 29, facingDeg: -90 }];
    const plan = [{ type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0, distanceIn: 8 }, ...endBoth];
    expect(frontY(run(atStrategic(units, { terrain: [wood] }), plan).s, 'fr1')).toBeCloseTo(19, 1);
    expect(frontY(run(atStrategic(units), plan).s, 'fr1')).toBeCloseTo(17, 1);
  });
});

describe('When a side plans its strategic moves (NW §2: simultaneous, so secret until carried out)', () => {
  it('the other side sees neither the plan nor its event; the planning side sees both; the history masks the command', () => {
    const s = atStrategic(facingOff());
    const r = applyCommand(M, s, { type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0, distanceIn: 6 });
    if (isRejection(r)) throw new Error(r.message);
    const st = r.state as NwGameState;
    const au = viewFor(M, st, 'au') as unknown as { ruleset: NwGameState['ruleset'] };
    const fr = viewFor(M, st, 'fr') as unknown as { ruleset: NwGameState['ruleset'] };
    expect(au.ruleset.strategicPlans?.['fr1']).toBeUndefined();
    expect(fr.ruleset.strategicPlans?.['fr1']).toBeDefined();
    expect(eventsFor(r.events, 'au').some((e) => e.type === 'StrategicMovePlanned')).toBe(false);
    expect(eventsFor(r.events, 'fr').some((e) => e.type === 'StrategicMovePlanned')).toBe(true);
    const h = play(M, startHistory(s, []), { type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0, distanceIn: 6 });
    if (isRejection(h)) throw new Error(h.message);
    const entry = h.history.entries[0]!;
    expect(commandFor(entry.command, entry.secret, 'au')).toEqual({ type: 'hidden', side: 'fr' });
    expect(commandFor(entry.command, entry.secret, 'fr').type).toBe('moveUnit');
    // The table shows the French player his plan (a marker and the planned end pose), the Austrian nothing.
    const frGame = viewFor(M, st, 'fr') as never, auGame = viewFor(M, st, 'au') as never;
    expect(NW_TABLE.markers!(frGame, 'fr1').some((m) => m.text === 'Plan')).toBe(true);
    expect(NW_TABLE.markers!(auGame, 'fr1').some((m) => m.text === 'Plan')).toBe(false);
    const ov = NW_TABLE.overlays!(frGame, 'fr1').find((o) => o.kind === 'move');
    expect(ov?.label).toMatch(/Planned strategic move: advance 6\.0"/);
    expect(Math.max(...ov!.polygon.map((p) => p.y)) / IN).toBeCloseTo(17, 0);
  });

  it('the plans are revealed when the step ends, to both sides', () => {
    const s = atStrategic(facingOff());
    const { events } = run(s, [{ type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0, distanceIn: 6 }, ...endBoth]);
    const revealed = eventsFor(events, 'au').filter((e) => e.type === 'StrategicMoveRevealed');
    expect(revealed).toEqual([expect.objectContaining({ unit: 'fr1', side: 'fr', plan: 'advance 6.0"' })]);
  });

  it('a plan may be replaced and cancelled; a cancelled plan leaves the unit where it stands', () => {
    const s = atStrategic(facingOff());
    const { s: twice, events } = run(s, [
      { type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0, distanceIn: 3 },
      { type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0, distanceIn: 5 },
    ]);
    expect(twice.ruleset.strategicPlans?.['fr1']?.command['distanceIn']).toBe(5);
    expect(byType(events, 'StrategicMovePlanned').map((e) => e['replaces'])).toEqual([false, true]);
    const { s: end } = run(twice, [{ type: 'cancelStrategicMove', side: 'fr', unitId: 'fr1' }, ...endBoth]);
    expect(frontY(end, 'fr1')).toBeCloseTo(11, 6);
    expect(end.ruleset.units['fr1']!.movedStrategic).toBe(false);
    const none = applyCommand(M, s, { type: 'cancelStrategicMove', side: 'au', unitId: 'fr1' });
    expect(isRejection(none) && none.code).toBe('no-plan');
  });

  it('plans are validated as moves when given: too far, a wheel over 45°, a retreat under half a move are refused at once (NW §21, §25, Orders/Retreat)', () => {
    const s = atStrategic([...facingOff(), { id: 'fr2', side: 'fr', x: 10, y: 2, facingDeg: 90 }]);
    const far = applyCommand(M, s, { type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 0, distanceIn: 9 });
    expect(isRejection(far) && far.code).toBe('too-far');
    const wheel = applyCommand(M, s, { type: 'moveUnit', side: 'fr', unitId: 'fr1', wheelDeg: 60, distanceIn: 2 });
    expect(isRejection(wheel) && wheel.code).toBe('wheel-too-far');
    const short = applyCommand(M, s, { type: 'retreatUnit', side: 'fr', unitId: 'fr1', distanceIn: 1 });
    expect(isRejection(short) && short.code).toBe('too-short');
  });

  it('a strategic Deploy is carried out when the step ends, not when planned', () => {
    const s = atStrategic(facingOff());
    const { s: planned } = run(s, [{ type: 'deployUnit', side: 'fr', unitId: 'fr1', action: 'change-formation', formation: 'column' }]);
    expect(planned.battle.units.find((u) => u.id === 'fr1')!.formation).toBe('line');
    const { s: end, events } = run(planned, endBoth);
    expect(end.battle.units.find((u) => u.id === 'fr1')!.formation).toBe('column');
    expect(byType(events, 'UnitDeployed').length).toBe(1);
  });

  it('a Retreat plan turns its back on the enemy and moves away when carried out', () => {
    const s = atStrategic(facingOff());
    const { s: end, events } = run(s, [{ type: 'retreatUnit', side: 'au', unitId: 'au1', distanceIn: 4 }, ...endBoth]);
    const st = end.battle.units.find((u) => u.id === 'au1')!.stands[0]!;
    expect(st.centre.y / IN).toBeGreaterThan(41);
    expect(byType(events, 'StrategicMoveResolved')[0]).toMatchObject({ unit: 'au1', move: 'retreat', halted: 'completed' });
  });

  it('the random player plans each unit once and its plans are accepted (legal.ts)', () => {
    const s = atStrategic(facingOff());
    const sampler = { int: (lo: number) => lo, float: (lo: number, hi: number) => (lo + hi) / 2, pick: <X,>(xs: readonly X[]) => xs[0]!, chance: () => false };
    const cmds = legalCommands(s, 'fr', sampler);
    expect(cmds.map((c) => c.type)).toEqual(['moveUnit']);
    const { s: planned } = run(s, cmds);
    expect(legalCommands(planned, 'fr', sampler)).toEqual([]);
  });
});

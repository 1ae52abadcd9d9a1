import { describe, expect, it } from 'vitest';
import { isRejection, type Command } from '../../src/engine/command';
import { applyCommand, createGame, type Applied } from '../../src/engine/game';
import { stateHash } from '../../src/engine/hash';
import { describePosition, turnSchedule } from '../../src/engine/sequence';
import { eventsFor, viewFor } from '../../src/engine/view';
import { scriptDice } from '../../src/engine/dice';
import type { GameState } from '../../src/engine/state';
import { registerable } from '../../src/engine/ruleset';
import { fixtureGame, fixtureScenarioText, setupOf } from './fixtures/helpers';
import { skirmish, skirmishModule } from './fixtures/skirmish';

const M = skirmishModule;
function apply(s: GameState, c: Command): Applied {
  const r = applyCommand(M, s, c);
  if (isRejection(r)) throw new Error(`${r.code}: ${r.message}`);
  return r;
}
const run = (s: GameState, cs: Command[]) => cs.reduce((st, c) => apply(st, c).state, s);

describe('sequence of play', () => {
  it('the schedule repeats per-player phases for each side in phasing order', () => {
    const ph = [{ perPlayer: false }, { perPlayer: true }, { perPlayer: true }, { perPlayer: false }].map((p, i) => ({ ...p, id: `p${i}`, name: '', steps: [] }));
    expect(turnSchedule(ph, ['x', 'y'])).toEqual([
      { phase: 0, phasing: 'x' },
      { phase: 1, phasing: 'x' },
      { phase: 2, phasing: 'x' },
      { phase: 1, phasing: 'y' },
      { phase: 2, phasing: 'y' },
      { phase: 3, phasing: 'x' },
    ]);
  });

  it('a new game stops at the first step that needs a player, and says where it stands', () => {
    const { state, events } = fixtureGame();
    expect(events.map((e) => e.type)).toEqual(['GameStarted', 'TurnStarted', 'PhaseStarted', 'StepStarted']);
    expect(state.position).toMatchObject({ turn: 1, phase: 'orders', step: 'place', actors: ['blue', 'red'], done: [] });
    expect(describePosition(M, state)).toBe('Turn 1 · Orders · Place orders — both sides to act');
  });

  it('simultaneous orders: both sides must finish; then per-player phases run in phasing order', () => {
    let s = fixtureGame().state;
    s = run(s, [{ type: 'placeOrder', side: 'red', unit: 'r1', order: 'advance' }, { type: 'endStep', side: 'red' }]);
    expect(s.position).toMatchObject({ step: 'place', done: ['red'] });
    const a = apply(s, { type: 'endStep', side: 'blue' });
    // Blue has no advancing unit, so its move step is skipped (`when`), straight to Blue's fire.
    expect(a.state.position).toMatchObject({ phase: 'fire', phasing: 'blue', actors: ['blue'] });
    s = run(a.state, [{ type: 'endStep', side: 'blue' }]);
    expect(s.position).toMatchObject({ phase: 'move', phasing: 'red', actors: ['red'] });
    expect(describePosition(M, s)).toBe('Turn 1 · Movement (Red) · Move — Red to act');
  });

  it('rejects, with a code, a sentence and the rule, and leaves the state untouched', () => {
    const { state } = fixtureGame();
    const before = stateHash(state);
    const cases: [unknown, string][] = [
      [null, 'bad-command'],
      [{ type: 'placeOrder' }, 'bad-command'],
      [{ type: 'placeOrder', side: 'green', unit: 'b1', order: 'hold' }, 'bad-command'],
      [{ type: 'placeOrder', side: 'blue', unit: 'b1', order: 'charge' }, 'bad-command'],
      [{ type: 'placeOrder', side: 'blue', unit: 'r1', order: 'hold' }, 'not-your-unit'],
      [{ type: 'fireAt', side: 'blue', unit: 'b1', target: 'r1' }, 'not-now'],
      [{ type: 'teleport', side: 'blue' }, 'unknown-command'],
      [{ type: 'endStep', side: 'blue', extra: 1 }, 'bad-command'],
    ];
    for (const [c, code] of cases) {
      const r = applyCommand(M, state, c);
      expect(isRejection(r) && r.code, JSON.stringify(c)).toBe(code);
      if (isRejection(r)) {
        expect(r.message.length).toBeGreaterThan(5);
        expect(r.rule.length).toBeGreaterThan(0);
      }
    }
    expect(stateHash(state)).toBe(before);
  });

  it('a side that is not acting is told so; a finished side may not act again', () => {
    let s = fixtureGame().state;
    s = run(s, [{ type: 'endStep', side: 'blue' }]);
    const r = applyCommand(M, s, { type: 'placeOrder', side: 'blue', unit: 'b1', order: 'hold' });
    expect(isRejection(r) && r.code).toBe('not-your-turn');
  });

  it('a throwing handler becomes an internal-error rejection, never an exception', () => {
    const broken = registerable({ ...skirmish, commands: { ...skirmish.commands, placeOrder: { ...skirmish.commands.placeOrder!, handle: () => { throw new Error('boom'); } } } });
    const { state } = fixtureGame();
    const r = applyCommand(broken, state, { type: 'placeOrder', side: 'blue', unit: 'b1', order: 'hold' });
    expect(isRejection(r) && r.code).toBe('internal-error');
    expect(isRejection(r) && r.message).toMatch(/boom/);
  });

  it('concession ends the battle; nothing is accepted afterwards', () => {
    const a = apply(fixtureGame().state, { type: 'concede', side: 'red' });
    expect(a.state.result).toMatchObject({ winner: 'blue', level: 'concession' });
    expect(a.events.at(-1)).toMatchObject({ type: 'GameEnded' });
    const r = applyCommand(M, a.state, { type: 'endStep', side: 'blue' });
    expect(isRejection(r) && r.code).toBe('game-over');
  });

  it('the engine step rolls and its rolls are events; victory is checked (SK §4, §5)', () => {
    let s = fixtureGame(3).state;
    // Blue b1 advances next to r3 and fires with scripted sixes: r3 (2 stands) is destroyed.
    s = run(s, [
      { type: 'placeOrder', side: 'blue', unit: 'b1', order: 'advance' },
      { type: 'endStep', side: 'blue' },
      { type: 'endStep', side: 'red' },
      { type: 'moveUnit', side: 'blue', unit: 'b1', dx: 0, dy: -100 },
      { type: 'endStep', side: 'blue' },
    ]);
    s = { ...s, dice: scriptDice(s.dice, [6, 6, 6, 6]) };
    const fired = apply(s, { type: 'fireAt', side: 'blue', unit: 'b1', target: 'r1' });
    expect(fired.rolled).toBe(true);
    expect(fired.events.map((e) => e.type)).toEqual(['DiceRolled', 'StandsLost', 'UnitDestroyed']);
    expect(fired.state.battle.units.some((u) => u.id === 'r1')).toBe(false);
  });

  it('a scenario that does not name the ruleset, or bad options, is refused with paths', () => {
    const setup = setupOf(fixtureScenarioText());
    const g = createGame(M, { setup: { ...setup, rulesets: ['other'] }, seed: 1, options: { fireDie: 'd20' } });
    expect(g.ok).toBe(false);
    if (!g.ok) expect(g.problems.map((p) => p.path)).toEqual(['$.rulesets', '$.options.fireDie']);
    const bad = createGame(M, { setup, seed: -4 });
    expect(!bad.ok && bad.problems[0]!.path).toBe('$.seed');
  });

  it('setupDice queues faces for the rolls a ruleset makes in setup, then the seed takes over', () => {
    const setup = setupOf(fixtureScenarioText());
    // A module whose setup rolls two d6 (as SYW dices initiative before the first turn).
    const rolling = registerable({ ...M, setup: (input, ctx) => { ctx.roll({ dice: 'd6', purpose: 'a', rule: 'test' }); ctx.roll({ dice: 'd6', purpose: 'b', rule: 'test' }); return M.setup(input, ctx); } });
    const faces = (g: ReturnType<typeof createGame>) => (g.ok ? g.events.filter((e) => e.type === 'DiceRolled').map((e) => (e as unknown as { faces: number[] }).faces[0]) : []);
    const scripted = createGame(rolling, { setup, seed: 1, setupDice: [2, 5] });
    expect(faces(scripted)).toEqual([2, 5]);
    expect(scripted.ok && scripted.state.dice.scripted).toBeUndefined();
    const plain = createGame(rolling, { setup, seed: 1 });
    const again = createGame(rolling, { setup, seed: 1, setupDice: [] });
    expect(faces(again)).toEqual(faces(plain));
    // Without faces queued the game is exactly the seeded one.
    expect(plain.ok && again.ok && stateHash(plain.state) === stateHash(again.state)).toBe(true);
  });

  it('a mid-battle situation starts at its turn', () => {
    const setup = setupOf(fixtureScenarioText());
    const g = createGame(M, { setup: { ...setup, situation: { turn: 4 } }, seed: 1 });
    expect(g.ok && g.state.position.turn).toBe(4);
  });
});

describe('hidden information', () => {
  it('secret orders are visible only to their side until revealed at the end of the step', () => {
    const s0 = fixtureGame().state;
    const a = apply(s0, { type: 'placeOrder', side: 'blue', unit: 'b1', order: 'advance' });
    expect(a.events[0]).toMatchObject({ type: 'OrderPlaced', visibleTo: ['blue'] });
    expect(eventsFor(a.events, 'red')).toEqual([]);
    expect(eventsFor(a.events, 'blue')).toHaveLength(1);
    const redView = viewFor(M, a.state, 'red');
    expect(JSON.stringify(redView)).not.toContain('advance');
    expect(viewFor(M, a.state, 'blue').ruleset).toMatchObject({ orders: { b1: 'advance' } });
    // Views never carry the generator state or the seed.
    expect(Object.keys(redView)).not.toContain('dice');
    expect(Object.keys(redView)).not.toContain('seed');
    const b = apply(apply(a.state, { type: 'endStep', side: 'blue' }).state, { type: 'endStep', side: 'red' });
    const reveal = b.events.find((e) => e.type === 'OrdersRevealed');
    expect(reveal && reveal.visibleTo).toBeUndefined();
    expect(viewFor(M, b.state, 'red').ruleset).toMatchObject({ orders: { b1: 'advance' } });
  });
});

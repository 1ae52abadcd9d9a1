/**
 * Strict scripted dice (engine dice.ts): a test that scripts dice must roll exactly those. A die
 * wanted after the last face throws; faces left over when a command ends make the engine refuse
 * it; set-up faces left over make `createGame` fail; a procedure-level roller with faces left at
 * the end of a test fails the test (tests/support/scriptedDice.ts).
 */
import { describe, expect, it } from 'vitest';
import { endScript, rollDice, scriptDice, ScriptedDiceError, seedDice } from '../../src/engine/dice';
import { applyCommand, createGame } from '../../src/engine/game';
import { isRejection, registerable } from '../../src/engine/ruleset';
import { checkScriptedRollers, scriptedRoller } from '../support/scriptedDice';
import { fixtureGame, fixtureScenarioText, setupOf } from './fixtures/helpers';
import { skirmishModule } from './fixtures/skirmish';
import type { GameState } from '../../src/engine/state';

const d6 = { dice: 'd6', purpose: 'test', rule: 'test' } as const;

/** The fixture battle at blue's fire step with b1 next to r1 (see engine.test.ts). */
function atFire(): GameState {
  let s = fixtureGame(3).state;
  for (const c of [
    { type: 'placeOrder', side: 'blue', unit: 'b1', order: 'advance' },
    { type: 'endStep', side: 'blue' },
    { type: 'endStep', side: 'red' },
    { type: 'moveUnit', side: 'blue', unit: 'b1', dx: 0, dy: -100 },
    { type: 'endStep', side: 'blue' },
  ]) {
    const r = applyCommand(skirmishModule, s, c);
    if (isRejection(r)) throw new Error(r.message);
    s = r.state;
  }
  return s;
}

describe('Strict scripted dice', () => {
  it('a die wanted after the last scripted face throws, naming the roll', () => {
    const [, after] = rollDice(scriptDice(seedDice(1), [4]), d6);
    expect(() => rollDice(after, { ...d6, purpose: 'the second die' })).toThrow(/ran out.*the second die/);
    expect(() => rollDice(scriptDice(seedDice(1), []), d6)).toThrow(ScriptedDiceError);
  });

  it('closing a script with faces left over throws; a used-up script closes to the plain generator', () => {
    const [, used] = rollDice(scriptDice(seedDice(1), [4]), d6);
    expect(endScript(used).scripted).toBeUndefined();
    expect(() => endScript(scriptDice(seedDice(1), [4, 5]))).toThrow(/2 scripted dice face\(s\) \[4, 5\] were left over/);
  });

  it('the engine refuses a command that leaves scripted faces unrolled, and one that runs out', () => {
    const s = atFire();
    const fire = { type: 'fireAt', side: 'blue', unit: 'b1', target: 'r1' };
    const exact = applyCommand(skirmishModule, { ...s, dice: scriptDice(s.dice, [6, 6, 6, 6]) }, fire);
    expect(isRejection(exact)).toBe(false);
    if (!isRejection(exact)) expect(exact.state.dice.scripted).toBeUndefined();
    const extra = applyCommand(skirmishModule, { ...s, dice: scriptDice(s.dice, [6, 6, 6, 6, 6]) }, fire);
    expect(isRejection(extra) && extra.code).toBe('internal-error');
    expect(isRejection(extra) && extra.message).toMatch(/left over/);
    const short = applyCommand(skirmishModule, { ...s, dice: scriptDice(s.dice, [6]) }, fire);
    expect(isRejection(short) && short.message).toMatch(/ran out/);
  });

  it('a command refused with faces queued is a test error too (the faces were never rolled)', () => {
    const s = atFire();
    const r = applyCommand(skirmishModule, { ...s, dice: scriptDice(s.dice, [6]) }, { type: 'fireAt', side: 'red', unit: 'r1', target: 'b1' });
    expect(isRejection(r) && r.code).toBe('internal-error');
    expect(isRejection(r) && r.message).toMatch(/left over after a command refused with "not-your-turn"/);
  });

  it('set-up faces left over make the game fail to start', () => {
    const setup = setupOf(fixtureScenarioText());
    const rolling = registerable({ ...skirmishModule, setup: (input, ctx) => { ctx.roll(d6); return skirmishModule.setup(input, ctx); } });
    expect(createGame(rolling, { setup, seed: 1, setupDice: [2] }).ok).toBe(true);
    const extra = createGame(rolling, { setup, seed: 1, setupDice: [2, 5] });
    expect(!extra.ok && extra.problems[0]!.message).toMatch(/left over after the set-up/);
  });

  it('a procedure-level roller with faces left at the end of a test fails it', () => {
    const r = scriptedRoller(seedDice(1), [3, 4], 'this test');
    r.roll(d6);
    expect(r.left()).toBe(1);
    expect(() => checkScriptedRollers()).toThrow(/\[4\] were left over after the test \(this test/);
    // checkScriptedRollers forgot it: the afterEach check that follows passes.
  });
});

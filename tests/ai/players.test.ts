/**
 * The AI players (src/ai players.ts): scripted and search players on the built-in scenarios of
 * every registered ruleset with scripts. They give only commands the rules accept, they are
 * deterministic from their seeds, and they choose from their side's view alone: the other
 * side's face-down orders (NW §11) and the real future rolls change nothing.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makePlayer } from '../../src/ai/players';
import { makeBatchPlayer } from '../../src/ai/batch/players';
import { playBattle, playoutClock, waitingSides, type Player, type View } from '../../src/ai/player';
import { playerSeed } from '../../src/ai/sampler';
import { SearchPlayer } from '../../src/ai/searchPlayer';
import { seedDice } from '../../src/engine/dice';
import { applyCommand, createGame } from '../../src/engine/game';
import { stateHash } from '../../src/engine/hash';
import { commandLog, currentState, startHistory } from '../../src/engine/history';
import { isRejection, type AnyRuleset } from '../../src/engine/ruleset';
import type { GameState } from '../../src/engine/state';
import { viewFor } from '../../src/engine/view';
import { copyJson } from '../../src/engine/workingState';
import { RULESETS } from '../../src/rules/registry';
import { loadScenario } from '../../src/scenario/load';
import type { BattleSetup } from '../../src/engine/model';

const SCENARIOS: Record<string, string> = {
  'napoleonic-warfare': 'scenarios/default.json',
  'seven-years-war': 'scenarios/seven-years-war-kolin-ridge.json',
  battalion: 'scenarios/battalion-vellarde.json',
  'advanced-shako': 'scenarios/advanced-shako-valdemora.json',
  'death-or-glory': 'scenarios/death-or-glory-rodern.json',
};

function scenario(rulesetId: string): { module: AnyRuleset; setup: BattleSetup } {
  const loaded = loadScenario(JSON.parse(readFileSync(SCENARIOS[rulesetId]!, 'utf8')));
  if (!loaded.ok) throw new Error('scenario did not load');
  return { module: RULESETS.find((r) => r.id === rulesetId)!, setup: loaded.value };
}

function newGame(rulesetId: string, seed: number) {
  const { module, setup } = scenario(rulesetId);
  const g = createGame(module, { setup, options: {}, seed });
  if (!g.ok) throw new Error('game not created');
  return { module, state: g.state, history: startHistory(g.state, g.events) };
}

const search = (seed: number, scored = 6): Player => makePlayer('search', { seed, budgetMs: scored, clock: playoutClock(1) });

describe('Every registered ruleset supplies scripts for the AI', () => {
  it.each(Object.keys(SCENARIOS))('%s has a portfolio of at least two scripts', (id) => {
    const m = RULESETS.find((r) => r.id === id)!;
    expect(m.ai?.scripts?.names.length).toBeGreaterThanOrEqual(2);
  });
});

describe.each(Object.keys(SCENARIOS))('%s: the players give only commands the rules accept', (id) => {
  it('the scripted player over 100 seeds (against scripted and random opponents, the first two turns)', () => {
    let commands = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const { module, state, history } = newGame(id, seed);
      const [a, b] = state.battle.sides.map((s) => s.id) as [string, string];
      const other = seed % 2 === 0 ? makePlayer('scripted', { seed: playerSeed(seed, 1) }) : makePlayer('random', { seed: playerSeed(seed, 1) });
      const r = playBattle(module, history, { [a]: makePlayer('scripted', { seed: playerSeed(seed, 0) }), [b]: other }, { maxTurns: 2 });
      expect(r.refused.map((x) => `${x.side}: ${x.rejection.message} ${JSON.stringify(x.command)}`)).toEqual([]);
      expect(r.stoppedBy === 'turns' || r.stoppedBy === 'result').toBe(true);
      commands += r.history.entries.length;
    }
    expect(commands).toBeGreaterThan(100 * 10);
  }, 300_000);

  it('the search player over 5 seeds (a budget of six scored assignments a decision)', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const { module, state, history } = newGame(id, seed);
      const [a, b] = state.battle.sides.map((s) => s.id) as [string, string];
      const r = playBattle(module, history, { [a]: search(playerSeed(seed, 0)), [b]: makePlayer('scripted', { seed: playerSeed(seed, 1) }) }, { maxTurns: 1 });
      expect(r.refused.map((x) => `${x.side}: ${x.rejection.message} ${JSON.stringify(x.command)}`)).toEqual([]);
    }
  }, 300_000);
});

describe.each(Object.keys(SCENARIOS))('%s: the same seeds give the same battle', (id) => {
  it('scripted against search, twice, byte for byte', () => {
    const run = () => {
      const { module, state, history } = newGame(id, 11);
      const [a, b] = state.battle.sides.map((s) => s.id) as [string, string];
      const r = playBattle(module, history, { [a]: makePlayer('scripted', { seed: playerSeed(11, 0) }), [b]: search(playerSeed(11, 1)) }, { maxTurns: 2 });
      return { log: JSON.stringify(commandLog(r.history)), hash: stateHash(currentState(r.history)) };
    };
    const x = run(), y = run();
    expect(x.log.length).toBeGreaterThan(100);
    expect(y).toEqual(x);
  }, 120_000);
});

describe('The search player that plans again before each command of a step (SearchOptions.eachDecision)', () => {
  it('gives only commands the rules accept, and the same battle twice from the same seed (Death or Glory!, first two turns)', () => {
    const run = () => {
      const { module, state, history } = newGame('death-or-glory', 7);
      const [a, b] = state.battle.sides.map((s) => s.id) as [string, string];
      const searcher = new SearchPlayer(playerSeed(7, 0), 4, playoutClock(1), { eachDecision: true });
      const r = playBattle(module, history, { [a]: searcher, [b]: makePlayer('scripted', { seed: playerSeed(7, 1) }) }, { maxTurns: 2 });
      expect(r.refused.map((x) => `${x.side}: ${x.rejection.message} ${JSON.stringify(x.command)}`)).toEqual([]);
      return { log: JSON.stringify(commandLog(r.history)), hash: stateHash(currentState(r.history)), searches: searcher.totals.searches };
    };
    const x = run(), y = run();
    expect(x.searches).toBeGreaterThan(0);
    expect(y).toEqual(x);
  }, 300_000);
});

/** `x` and everything in it made read-only: a write to it then throws (tests run as modules, in strict mode). */
function deepFreeze<X>(x: X): X {
  if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x as object)) deepFreeze(v);
  }
  return x;
}

describe.each(Object.keys(SCENARIOS))('%s: a player reads its view and never writes to it', (id) => {
  it('the scripted player, given a frozen copy of each view, plays the battle it plays on the views themselves', () => {
    for (const seed of [1, 2]) {
      const run = (frozen: boolean) => {
        const { module, state, history } = newGame(id, seed);
        const players = Object.fromEntries(state.battle.sides.map((x, i) => {
          const p = makePlayer('scripted', { seed: playerSeed(seed, i) });
          return [x.id, frozen ? { kind: p.kind, decide: (m: AnyRuleset, v: View, side: string) => p.decide(m, deepFreeze(copyJson(v)), side) } : p];
        }));
        const r = playBattle(module, history, players, { maxTurns: 3 });
        expect(r.refused).toEqual([]);
        return JSON.stringify(commandLog(r.history));
      };
      expect(run(true)).toEqual(run(false));
    }
  }, 300_000);
});

/** NW §11: play the Austrians' face-down orders with `orders` as their player, then swap the dice. */
function nwOrdersPlaced(auPlayer: Player, diceSeed: number): { module: AnyRuleset; state: GameState } {
  const { module, state: s0 } = newGame('napoleonic-warfare', 21);
  let s = s0;
  expect(s.position.step).toBe('place-orders');
  for (let i = 0; i < 100 && waitingSides(s).includes('au'); i++) {
    const c = auPlayer.decide(module, viewFor(module, s, 'au') as View, 'au');
    const a = applyCommand(module, s, c);
    if (isRejection(a)) throw new Error(a.message);
    s = a.state;
  }
  // The real future rolls differ too: the same view, other dice.
  return { module, state: { ...s, dice: seedDice(diceSeed) } };
}

describe('NW §11: what the French player program chooses does not depend on the Austrians\' hidden orders or the dice to come', () => {
  const A = nwOrdersPlaced(makePlayer('scripted', { seed: 5 }), 1);
  const B = nwOrdersPlaced(makePlayer('random', { seed: 6 }), 2);

  it('the two games differ in the Austrian orders and the dice, and the French views are the same', () => {
    const orders = (s: GameState) => JSON.stringify((s.ruleset as { orders: object }).orders);
    expect(orders(A.state)).not.toBe(orders(B.state));
    expect(A.state.dice).not.toEqual(B.state.dice);
    expect(viewFor(A.module, A.state, 'fr')).toEqual(viewFor(B.module, B.state, 'fr'));
  });

  it.each([
    ['scripted', () => makePlayer('scripted', { seed: 9 })],
    ['search', () => search(9, 12)],
  ])('the %s player gives the same commands through the orders step in both', (_k, make) => {
    const pa = make(), pb = make();
    let sa = A.state, sb = B.state;
    const given: string[] = [];
    // Through the secret orders step only (NW §11): once it ends, orders begin to be acted on
    // and the French may see what the Austrians do, so the two games may rightly part.
    for (let i = 0; i < 40 && sa.position.step === 'place-orders' && waitingSides(sa).includes('fr'); i++) {
      const va = viewFor(A.module, sa, 'fr'), vb = viewFor(B.module, sb, 'fr');
      expect(vb).toEqual(va);
      const ca = pa.decide(A.module, va as View, 'fr');
      const cb = pb.decide(B.module, vb as View, 'fr');
      expect(cb).toEqual(ca);
      given.push(ca.type);
      const xa = applyCommand(A.module, sa, ca), xb = applyCommand(B.module, sb, cb);
      if (isRejection(xa) || isRejection(xb)) throw new Error('refused');
      sa = xa.state;
      sb = xb.state;
    }
    expect(given.filter((t) => t === 'placeOrder').length).toBeGreaterThan(0);
    expect(given.at(-1)).toBe('endStep');
  }, 180_000);
});

describe('The batch runner\'s players include the scripted and search players (vedette simulate)', () => {
  it('scripted and search@4 play a first turn of each ruleset with commands the rules accept, reproducibly', () => {
    for (const id of Object.keys(SCENARIOS)) {
      const run = () => {
        const { module, state } = newGame(id, 3);
        const ps = [makeBatchPlayer({ kind: 'search', budget: 4 }, module, 3, 0), makeBatchPlayer({ kind: 'scripted' }, module, 3, 1)];
        const sides = state.battle.sides.map((x) => x.id);
        let s = state;
        const log: string[] = [];
        for (let n = 0; n < 400 && s.position.turn === 1 && !s.result; n++) {
          const side = sides.find((x) => waitingSides(s).includes(x))!;
          const c = ps[sides.indexOf(side)]!.choose(s, side, 0);
          expect(c).toBeDefined();
          expect(isRejection(applyCommand(module, s, c!.command))).toBe(false);
          log.push(JSON.stringify(c!.command));
          s = c!.state;
        }
        expect(s.position.turn).toBe(2);
        return log;
      };
      expect(run()).toEqual(run());
    }
  }, 120_000);
});

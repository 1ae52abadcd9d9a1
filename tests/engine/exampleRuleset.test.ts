/**
 * The documented example ruleset ("Volley", exampleRuleset.ts) played through the engine: the
 * secret step, the view, legal commands from the view, the engine step's logged rolls and the
 * die emulation hook, then the AI adapter (determinise, look-ahead with the caller's dice,
 * evaluate, metrics, and the scripts the AI players run).
 */
import { describe, expect, it } from 'vitest';
import { makeSampler, playerSeed } from '../../src/ai/sampler';
import { makePlayer } from '../../src/ai/players';
import { playBattle, playoutClock } from '../../src/ai/player';
import { commandLog, startHistory } from '../../src/engine/history';
import { scriptDice, seedDice, type DiceRolled } from '../../src/engine/dice';
import { applyCommand, createGame } from '../../src/engine/game';
import { applyHypothetical, determinise, evaluateFor, legalFor, lookaheadSeed, metricsOf, sideView } from '../../src/engine/lookahead';
import { isRejection, registerable } from '../../src/engine/ruleset';
import type { GameState } from '../../src/engine/state';
import { viewFor } from '../../src/engine/view';
import { fixtureScenarioText, setupOf } from './fixtures/helpers';
import { volley, type ExState } from './exampleRuleset';

const M = registerable(volley);
const start = (options: object = {}): GameState => {
  const g = createGame(M, { setup: { ...setupOf(fixtureScenarioText()), rulesets: [volley.id] }, seed: 11, options });
  if (!g.ok) throw new Error(JSON.stringify(g.problems));
  return g.state;
};
const send = (s: GameState, c: object) => {
  const r = applyCommand(M, s, c);
  if (isRejection(r)) throw new Error(`${r.code}: ${r.message}`);
  return r;
};
const stance = (side: string, unit: string, st: 'fire' | 'cover') => ({ type: 'chooseStance', side, unit, stance: st });
const rs = (s: GameState | { ruleset: unknown }) => s.ruleset as ExState;

describe('Volley, the documented example ruleset', () => {
  it('EX §1: stances are secret — the other side sees none until the step ends', () => {
    const s = send(start(), stance('red', 'r1', 'cover')).state;
    expect(rs(viewFor(M, s, 'blue')).stances).toEqual({});
    expect(rs(viewFor(M, s, 'red')).stances).toEqual({ r1: 'cover' });
    const r = applyCommand(M, start(), stance('blue', 'r1', 'fire'));
    expect(isRejection(r) && r.rule).toBe('EX §1');
  });

  it('legal commands come from the acting side\'s view: the same whatever the enemy chose', () => {
    const a = send(start(), stance('red', 'r1', 'cover')).state;
    const b = send(start(), stance('red', 'r1', 'fire')).state;
    expect(legalFor(M, a, 'blue', makeSampler(playerSeed(1)))).toEqual(legalFor(M, b, 'blue', makeSampler(playerSeed(1))));
    expect(legalFor(M, a, 'blue', makeSampler(1)).map((c) => c['unit'])).toEqual(['b1', 'b2', 'b3']);
  });

  it('EX §2: the engine step rolls a d6 a stand, each roll logged; cover needs one more', () => {
    let s = start();
    for (const u of ['b1', 'b2', 'b3']) s = send(s, stance('blue', u, u === 'b1' ? 'fire' : 'cover')).state;
    for (const u of ['r1', 'r2', 'r3']) s = send(s, stance('red', u, 'cover')).state;
    s = send(s, { type: 'endStep', side: 'blue' }).state;
    // b1 (4 stands) fires at its nearest enemy, in cover: 6s hit, 5s do not.
    const fired = send({ ...s, dice: scriptDice(s.dice, [6, 5, 6, 1]) }, { type: 'endStep', side: 'red' });
    const roll = fired.events.find((e) => e.type === 'DiceRolled') as unknown as DiceRolled;
    expect(roll.faces).toEqual([6, 5, 6, 1]);
    expect(roll.target!.modifiedValue).toBe(6);
    expect(roll.successes).toBe(2);
  });

  it('EX §4: with the optional rule each d6 is a d12 halved (the die emulation hook), shown in the log', () => {
    // Red gave no stances: nobody is in cover; b3 (2 stands) rolls two d12: 11 → 6, 9 → 5.
    let t = start({ d6FromD12: true });
    for (const u of ['b1', 'b2', 'b3']) t = send(t, stance('blue', u, u === 'b3' ? 'fire' : 'cover')).state;
    t = send(t, { type: 'endStep', side: 'blue' }).state;
    const r = send({ ...t, dice: scriptDice(t.dice, [11, 9]) }, { type: 'endStep', side: 'red' });
    const roll = r.events.find((e) => e.type === 'DiceRolled') as unknown as DiceRolled;
    expect(roll.faces).toEqual([6, 5]);
    expect(roll.emulated).toEqual([{ d12: 11 }, { d12: 9 }]);
    expect(roll.successes).toBe(2);
  });

  it('the AI adapter: determinise fills hidden stances; look-ahead uses the caller\'s dice; evaluate and metrics', () => {
    const s = send(send(start(), stance('red', 'r1', 'cover')).state, stance('red', 'r2', 'fire')).state;
    const view = sideView(M, s, 'blue');
    const hypo = determinise(M, view, 'blue', makeSampler(5), lookaheadSeed(playerSeed(11), 0));
    expect(Object.keys(rs(hypo).stances).sort()).toEqual(['r1', 'r2', 'r3']);
    expect(hypo.dice).not.toEqual(s.dice);
    let h = hypo;
    for (const u of ['b1', 'b2', 'b3']) {
      const r = applyHypothetical(M, h, stance('blue', u, 'fire'), h.dice);
      if (isRejection(r)) throw new Error(r.message);
      h = r.state;
    }
    const ended = applyHypothetical(M, h, { type: 'endStep', side: 'blue' }, h.dice);
    if (isRejection(ended)) throw new Error(ended.message);
    const after = applyHypothetical(M, ended.state, { type: 'endStep', side: 'red' }, seedDice(lookaheadSeed(playerSeed(11), 1)));
    if (isRejection(after)) throw new Error(after.message);
    expect(after.events.some((e) => e.type === 'DiceRolled')).toBe(true);
    // The real game is untouched and its next rolls unknown to the look-ahead.
    expect(rs(s).stances).toEqual({ r1: 'cover', r2: 'fire' });
    const lost = metricsOf(M, after.state);
    expect(lost.map((m) => m.side)).toEqual(['blue', 'red']);
    const redLost = Object.values(lost[1]!.standsLostByType).reduce((a, b) => a + b, 0);
    expect(redLost).toBeGreaterThan(0); // blue fired with everything, red at most with r2 and r3
    expect(lost[0]!.ground + lost[1]!.ground).toBeCloseTo(1, 9);
    expect(evaluateFor(M, after.state, 'blue')).toBeCloseTo(-evaluateFor(M, after.state, 'red'), 9);
    // Losing stands lowers a side's evaluation.
    const fresh = start();
    const weaker = { ...fresh, battle: { ...fresh.battle, units: fresh.battle.units.map((u) => (u.id === 'b1' ? { ...u, stands: u.stands.slice(0, 1) } : u)) } };
    expect(evaluateFor(M, weaker, 'blue')).toBeLessThan(evaluateFor(M, fresh, 'blue'));
  });

  it('the scripts: the scripted and search players play it to a result with commands the rules accept, the same from the same seeds', () => {
    const battle = (kinds: readonly ['scripted' | 'search', 'scripted' | 'search']) => {
      const g = start();
      const players = { blue: makePlayer(kinds[0], { seed: playerSeed(11, 0), budgetMs: 4, clock: playoutClock(1) }), red: makePlayer(kinds[1], { seed: playerSeed(11, 1), budgetMs: 4, clock: playoutClock(1) }) };
      return playBattle(M, startHistory(g, []), players, { maxTurns: 30 });
    };
    const a = battle(['search', 'scripted']);
    expect(a.refused).toEqual([]);
    expect(a.stoppedBy === 'result' || a.stoppedBy === 'turns').toBe(true);
    // EX §1: every unit was given a stance in the first turn, each by its script.
    const first = a.history.entries.filter((e) => e.command.type === 'chooseStance' && e.state.position.turn === 1);
    expect(first.length).toBe(start().battle.units.length);
    expect(JSON.stringify(commandLog(battle(['search', 'scripted']).history))).toBe(JSON.stringify(commandLog(a.history)));
  });
});

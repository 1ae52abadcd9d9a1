/**
 * The battalion rules hide no unit: no hidden deployment, no ambush, every unit on both sides'
 * tables from the first command (the rules have no concealment procedure). So no refusal can name
 * a unit its author cannot see: each side's view holds every unit and general, and the engine's
 * refusal filter (engine unseen.ts) has nothing to leave out. If the rules ever gain hidden units,
 * the first assertion fails and this file must grow the checks the NW and SYW files make.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../../src/engine/game';
import { unseenBy } from '../../../src/engine/unseen';
import { viewFor } from '../../../src/engine/view';
import { startHistory, currentState } from '../../../src/engine/history';
import { playRandom } from '../../../src/ai/randomPlayer';
import { makeSampler } from '../../../src/ai/sampler';
import { findRuleset } from '../../../src/rules/registry';
import { loadScenarioText } from '../../../src/scenario/load';

describe('Battalion rules: nothing is hidden, so no refusal names an unseen unit', () => {
  it('every unit and general is in each side\'s view at the start and through 150 random commands', () => {
    const M = findRuleset('battalion')!;
    const l = loadScenarioText(readFileSync('scenarios/battalion-vellarde.json', 'utf8'));
    if (!l.ok) throw new Error(JSON.stringify(l.problems));
    const g = createGame(M, { setup: l.value, seed: 5 });
    if (!g.ok) throw new Error(JSON.stringify(g.problems));
    const states = [g.state];
    playRandom(M, startHistory(g.state, g.events), makeSampler(5), { maxCommands: 150, onApplied: (_c, a) => void states.push(a.state) });
    expect(states.length).toBeGreaterThan(50);
    for (const s of states)
      for (const side of s.battle.sides.map((x) => x.id)) {
        expect(viewFor(M, s, side).battle.units.map((u) => u.id).sort()).toEqual(s.battle.units.map((u) => u.id).sort());
        expect(unseenBy(M, s, side)).toEqual([]);
      }
    expect(currentState(startHistory(g.state, g.events)).battle.units.length).toBeGreaterThan(2);
  }, 60_000);
});

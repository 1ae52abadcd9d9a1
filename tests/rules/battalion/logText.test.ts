/**
 * The log explains every roll and every event (BT; RulesetModule.describeEvent): random battles
 * of the Vellarde scenario, each of the ruleset's events put in a sentence with names, never ids,
 * and every roll carrying its purpose (ROF and how it was reached), target and modifiers.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playRandom } from '../../../src/ai/randomPlayer';
import { makeSampler } from '../../../src/ai/sampler';
import { createGame } from '../../../src/engine/game';
import { startHistory } from '../../../src/engine/history';
import { loadScenario } from '../../../src/scenario/load';
import type { AnyEvent } from '../../../src/engine/command';
import { BT } from './build';

const ENGINE = new Set(['GameStarted', 'TurnStarted', 'PhaseStarted', 'StepStarted', 'SideFinishedStep', 'StepEnded', 'PhaseEnded', 'TurnEnded', 'GameEnded', 'DiceRolled']);

function randomBattle(seed: number): AnyEvent[] {
  const loaded = loadScenario(JSON.parse(readFileSync('scenarios/battalion-vellarde.json', 'utf8')));
  if (!loaded.ok) throw new Error('scenario');
  const g = createGame(BT, { setup: loaded.value, seed });
  if (!g.ok) throw new Error('game');
  const r = playRandom(BT, startHistory(g.state, g.events), makeSampler(seed), { maxTurns: 8 });
  expect(r.internalErrors).toEqual([]);
  return [...r.events];
}

describe('BT event log: every roll and event explained', () => {
  const events = [1, 2, 3].flatMap(randomBattle);
  const loaded = loadScenario(JSON.parse(readFileSync('scenarios/battalion-vellarde.json', 'utf8')));
  if (!loaded.ok) throw new Error('scenario');
  const names = new Map<string, string>([...loaded.value.units.map((u) => [u.id, u.name] as const), ...loaded.value.generals.map((g) => [g.id, g.name] as const), ...loaded.value.sides.map((s) => [s.id, s.name] as const)]);
  for (const u of loaded.value.units) u.stands.forEach((s, i) => names.set(s.id, `${u.name} stand ${i + 1}`));
  const lookup = { piece: (id: string) => names.get(id) ?? id, side: (id: string) => names.get(id) ?? id };

  it('each of the ruleset\'s own events has a sentence that names pieces, never their ids', () => {
    const own = events.filter((e) => !ENGINE.has(e.type));
    expect(own.length).toBeGreaterThan(100);
    for (const e of own) {
      const line = BT.describeEvent!(e, lookup);
      expect(line, e.type).toBeTypeOf('string');
      expect(line, line).not.toMatch(/\b(br|fr)-[a-z0-9]+\b/);
    }
  });
  it('every roll says what it is for and cites the rule; shots give ROF and how it was reached, the to-hit number and each modifier', () => {
    const rolls = events.filter((e) => e.type === 'DiceRolled') as unknown as { purpose: string; rule: string; target?: { value: number; label?: string }; modifiers: { label: string; rule: string }[] }[];
    for (const r of rolls) {
      expect(r.purpose.length).toBeGreaterThan(5);
      expect(r.rule).toMatch(/^BT /);
      for (const m of r.modifiers) expect(m.rule).toMatch(/^BT /);
    }
    const shots = rolls.filter((r) => / (shoots at|gives defensive fire at) /.test(r.purpose));
    expect(shots.length).toBeGreaterThan(10);
    for (const s of shots) {
      expect(s.purpose).toMatch(/ROF \d+ = /);
      expect(s.target?.label).toMatch(/firing \d\+|FPW/);
    }
    expect(rolls.some((r) => /: save for /.test(r.purpose))).toBe(true);
    expect(rolls.some((r) => /motivation check/.test(r.purpose))).toBe(true);
  });
});

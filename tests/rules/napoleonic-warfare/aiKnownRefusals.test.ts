/**
 * NW Orders/Advance, Movement §3, §25 Wheeling: the AI's scripts pass over, untried, the moves
 * the rules are sure to refuse (an Advance shorter than half the move, a move that with its
 * wheel's cost is over the allowance; `nwScripts.refuses`). That test must never refuse a move
 * the rules accept, in the strategic step or the tactical one, whatever the wheel and distance.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makePlayer } from '../../../src/ai/players';
import { playBattle, waitingSides, type View } from '../../../src/ai/player';
import { playerSeed } from '../../../src/ai/sampler';
import { applyCommand, createGame } from '../../../src/engine/game';
import { startHistory } from '../../../src/engine/history';
import { isRejection, type Command } from '../../../src/engine/ruleset';
import type { GameState } from '../../../src/engine/state';
import { viewFor } from '../../../src/engine/view';
import { RULESETS } from '../../../src/rules/registry';
import { loadScenario } from '../../../src/scenario/load';

const nwModule = RULESETS.find((r) => r.id === 'napoleonic-warfare')!;

function positions(file: string, seed: number): GameState[] {
  const loaded = loadScenario(JSON.parse(readFileSync(file, 'utf8')));
  if (!loaded.ok) throw new Error('scenario did not load');
  const g = createGame(nwModule, { setup: loaded.value, options: {}, seed });
  if (!g.ok) throw new Error('game not created');
  const sides = g.state.battle.sides.map((s) => s.id);
  const players = Object.fromEntries(sides.map((s, i) => [s, makePlayer('scripted', { seed: playerSeed(seed, i) })]));
  const out: GameState[] = [];
  const seen = new Set<string>();
  playBattle(nwModule, startHistory(g.state, g.events), players, {
    maxTurns: 3,
    onApplied: (_side, _c, a) => {
      const s = a.state;
      const key = `${s.position.turn}/${s.position.step}`;
      if (['strategic-move', 'initiative-side', 'other-side'].includes(s.position.step) && !seen.has(key)) {
        seen.add(key);
        out.push(s);
      }
    },
  });
  return out;
}

describe('NW moves the AI knows are refused (Orders/Advance; Movement §3; §25 Wheeling)', () => {
  it('are refused by the rules, and lawful moves are never among them', () => {
    const refuses = nwModule.ai!.scripts!.refuses!;
    let known = 0, accepted = 0, tried = 0;
    for (const [file, seed] of [['scenarios/default.json', 1], ['scenarios/napoleonic-warfare-maida.json', 2]] as const) {
      for (const s of positions(file, seed)) {
        for (const side of waitingSides(s)) {
          const view = viewFor(nwModule, s, side) as View;
          for (const u of s.battle.units.filter((x) => x.side === side).slice(0, 8)) {
            for (const wheelDeg of [-50, -45, -20, 0, 30]) {
              for (const distanceIn of [0, 2.9, 3, 4.5, 6, 9, 12, 24]) {
                const c: Command = { type: 'moveUnit', side, unitId: u.id, wheelDeg, distanceIn };
                const r = applyCommand(nwModule, s, c);
                tried++;
                if (!isRejection(r)) accepted++;
                if (refuses(view, side, c)) {
                  known++;
                  expect(isRejection(r), `${JSON.stringify(c)} in ${s.position.step}`).toBe(true);
                }
              }
            }
          }
        }
      }
    }
    // The test is not empty: some moves are known refused, and some are lawful.
    expect(known).toBeGreaterThan(tried / 10);
    expect(accepted).toBeGreaterThan(0);
  }, 120_000);
});

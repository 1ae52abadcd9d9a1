/**
 * Re-records a replay golden whose log no longer applies after an intended, explained change
 * of result: the save's commands are replayed as long as the engine accepts them, and from the
 * first one refused the random player (seeded from the save's seed) plays the battle on to its
 * end, with the save's own seeding version. The battle up to the change stays the same; run `scripts/goldens.ts` afterwards.
 * Usage: `npx tsx scripts/rerecord-golden.ts tests/replay/goldens/<name>.save.json`
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { isRejection, type Command } from '../src/engine/command';
import { createGame } from '../src/engine/game';
import { commandLog, currentState, play, startHistory } from '../src/engine/history';
import { playRandom } from '../src/ai/randomPlayer';
import { makeSampler, playerSeed } from '../src/ai/sampler';
import { RULESETS } from '../src/rules/registry';
import { loadScenario } from '../src/scenario/load';
import { makeSave } from '../src/scenario/save';

const file = process.argv[2];
if (!file) throw new Error('usage: rerecord-golden.ts <save.json>');
const save = JSON.parse(readFileSync(file, 'utf8')) as { ruleset: { id: string }; scenario: unknown; options: Record<string, unknown>; seed: number; seeding?: 1 | 2; log: Command[] };
const module = RULESETS.find((r) => r.id === save.ruleset.id)!;
const setup = loadScenario(save.scenario);
if (!setup.ok) throw new Error('scenario');
const created = createGame(module, { setup: setup.value, options: save.options, seed: save.seed, seeding: save.seeding ?? 1 });
if (!created.ok) throw new Error('game');
let h = startHistory(created.state, created.events);
let kept = 0;
for (const c of save.log) {
  const r = play(module, h, c);
  if (isRejection(r)) break;
  h = r.history;
  kept++;
}
const game = playRandom(module, h, makeSampler(playerSeed(save.seed)), { maxCommands: 200_000 });
const out = makeSave({ module, scenario: save.scenario as never, options: save.options, seed: save.seed, log: commandLog(game.history), state: currentState(game.history) });
writeFileSync(file, `${JSON.stringify(out, null, 1)}\n`);
console.log(`${file}: kept ${kept} of ${save.log.length} commands, ${commandLog(game.history).length} now (${game.stoppedBy})`);

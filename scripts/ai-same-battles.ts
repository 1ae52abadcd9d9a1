/**
 * Do the scripted players still play the same battles? Plays scripted against scripted on each
 * built-in scenario for a few seeds (as `vedette play --auto scripted --seed N` does) and prints,
 * a line a battle, the hash of its command log and of its final state, with the CPU time it took.
 * A speed change to the AI must leave every line's hashes as they were:
 *
 *   npx tsx scripts/ai-same-battles.ts [--scenarios napoleonic-warfare-aspern,seven] [--seeds 1-5] > after.txt
 *   npx tsx scripts/ai-same-battles.ts --compare before.txt after.txt
 *
 * `--repeat K` plays each battle K times and gives the least CPU time (steadier on a busy machine).
 *
 * Run it at the base commit for `before.txt` (e.g. from `git archive <commit>` unpacked beside
 * the repo with its node_modules linked).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { makePlayer } from '../src/ai/players';
import { playBattle } from '../src/ai/player';
import { playerSeed } from '../src/ai/sampler';
import { createGame } from '../src/engine/game';
import { commandLog, currentState, startHistory } from '../src/engine/history';
import { stateHash } from '../src/engine/hash';
import { RULESETS } from '../src/rules/registry';
import { loadScenario } from '../src/scenario/load';

const arg = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};

function compare(a: string, b: string): number {
  const lines = (f: string) => new Map(readFileSync(f, 'utf8').split('\n').filter((l) => l.split(/\s+/)[0]!.endsWith('.json')).map((l) => { const p = l.split(/\s+/); return [`${p[0]} ${p[1]}`, `${p[2]} ${p[3]}`] as const; }));
  const x = lines(a), y = lines(b);
  let bad = 0, same = 0;
  for (const [k, v] of y) {
    const w = x.get(k);
    if (w === undefined) continue;
    if (w === v) same++;
    else {
      bad++;
      console.log(`DIFFERENT ${k}: ${w} -> ${v}`);
    }
  }
  console.log(`${same} battles the same, ${bad} different`);
  return bad === 0 ? 0 : 1;
}

function main(): number {
  if (process.argv.includes('--compare')) return compare(process.argv[process.argv.indexOf('--compare') + 1]!, process.argv[process.argv.indexOf('--compare') + 2]!);
  const only = arg('--scenarios')?.split(',');
  const [lo, hi] = (arg('--seeds') ?? '1-5').split('-').map(Number) as [number, number?];
  const repeat = Number(arg('--repeat') ?? 1);
  const files = readdirSync('scenarios').filter((f) => f.endsWith('.json') && !f.includes('schema')).filter((f) => !only || only.some((p) => f.startsWith(p))).sort();
  for (const file of files) {
    const loaded = loadScenario(JSON.parse(readFileSync(join('scenarios', file), 'utf8')));
    if (!loaded.ok) throw new Error(`${file} does not load`);
    const module = RULESETS.find((r) => r.id === loaded.value.rulesets[0]);
    if (!module) throw new Error(`${file}: no ruleset`);
    for (let seed = lo; seed <= (hi ?? lo); seed++) {
      let least = Infinity, line = '';
      for (let k = 0; k < repeat; k++) {
        const c0 = process.cpuUsage();
        const g = createGame(module, { setup: loaded.value, options: {}, seed });
        if (!g.ok) throw new Error(`${file}: game not created`);
        const sides = g.state.battle.sides.map((s) => s.id);
        const players = Object.fromEntries(sides.map((side, i) => [side, makePlayer('scripted', { seed: playerSeed(seed, i), clock: { now: () => 0 } })]));
        const r = playBattle(module, startHistory(g.state, g.events), players, { maxCommands: 200_000 });
        const c = process.cpuUsage(c0);
        least = Math.min(least, (c.user + c.system) / 1000);
        line = `${file} ${seed} ${stateHash(commandLog(r.history))} ${stateHash(currentState(r.history))}`;
        if (r.stoppedBy !== 'result' || r.refused.length > 0) line += ` stopped=${r.stoppedBy} refused=${r.refused.length}`;
      }
      console.log(`${line} ${least.toFixed(0)}ms`);
    }
  }
  return 0;
}

process.exitCode = main();

/**
 * Writes tests/replay/goldens/expected.json from the committed golden saves: for each save the
 * command count, the final state hash, the event count and a digest of every event. Run it only
 * when a change to a result is intended and explained (`npx tsx scripts/goldens.ts`).
 *
 * `--rehash <save.json>…`: a save's own hash is checked when it loads, so a save whose result a
 * rule change altered is re-played first with the same scenario, options, seed and commands, and
 * its hash and summary written anew (the log stays as it was). A save whose log is now refused
 * part way must be recorded again instead (`vedette play … --auto random --save`).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { goldenDir, replayGolden } from '../tests/replay/golden';
import { RULESETS } from '../src/rules/registry';
import { loadScenario } from '../src/scenario/load';
import { makeSave } from '../src/scenario/save';
import { replay } from '../src/engine/replay';
import { currentState, commandLog } from '../src/engine/history';
import type { SeedingVersion } from '../src/engine/seed';

const args = process.argv.slice(2);
const at = args.indexOf('--rehash');
for (const f of at >= 0 ? args.slice(at + 1) : []) {
  const path = `${goldenDir}/${f}`;
  const save = JSON.parse(readFileSync(path, 'utf8')) as { ruleset: { id: string }; scenario: unknown; options: Record<string, unknown>; seed: number; seeding?: SeedingVersion; log: unknown[]; houseRules?: unknown };
  if (save.houseRules !== undefined) throw new Error(`${f}: saves with house rules are not re-hashed here`);
  const module = RULESETS.find((m) => m.id === save.ruleset.id);
  const sc = loadScenario(save.scenario);
  if (!module || !sc.ok) throw new Error(`${f}: unknown ruleset or broken scenario`);
  const rep = replay(module, { setup: sc.value, options: save.options, seed: save.seed, seeding: save.seeding ?? 1 }, save.log);
  if (!rep.ok) throw new Error(`${f}: the log no longer replays (${rep.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}); record it again`);
  const file = makeSave({ module, scenario: save.scenario, options: save.options, seed: save.seed, log: commandLog(rep.history), state: currentState(rep.history) });
  writeFileSync(path, `${JSON.stringify(file, null, 1)}\n`);
  console.log(`${f}: ${file.hash}`);
}

const out: Record<string, unknown> = {};
for (const f of readdirSync(goldenDir).filter((f) => f.endsWith('.save.json')).sort()) {
  out[f] = replayGolden(JSON.parse(readFileSync(`${goldenDir}/${f}`, 'utf8')));
}
writeFileSync(`${goldenDir}/expected.json`, JSON.stringify(out, null, 2) + '\n');
console.log(out);

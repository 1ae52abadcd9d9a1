/**
 * A Web Worker of the Playtest panel: the batch runner of `vedette simulate`, in the browser.
 * Set up once with the scenario, ruleset and players, it plays the battles it is asked for and
 * answers each with its record's JSON line (ai/batch/battle.ts) — the same bytes as the CLI's.
 * The rulesets come with the worker's own chunk, fetched only when a playtest runs.
 */
import { runBattle, type BatchSpec } from '../ai/batch/battle';
import { RULESETS } from '../rules/registry';
import { loadScenarioText } from '../scenario/load';
import type { PlaytestToWorker, PlaytestFromWorker } from './playtestRunner';

let spec: BatchSpec | undefined;
const post = (m: PlaytestFromWorker) => (self as unknown as { postMessage(m: PlaytestFromWorker): void }).postMessage(m);

self.onmessage = (e: MessageEvent<PlaytestToWorker>) => {
  const m = e.data;
  if (m.kind === 'setup') {
    const module = RULESETS.find((r) => r.id === m.rulesetId);
    const loaded = loadScenarioText(m.scenarioText);
    if (!module || !loaded.ok) return post({ kind: 'error', index: -1, message: !module ? `no ruleset "${m.rulesetId}"` : 'the scenario does not load' });
    spec = { setup: loaded.value, module, options: m.options, masterSeed: m.seed, players: m.players };
    return post({ kind: 'ready' });
  }
  if (!spec) return post({ kind: 'error', index: m.index, message: 'not set up' });
  try {
    post({ kind: 'battle', index: m.index, line: JSON.stringify(runBattle(spec, m.index)) });
  } catch (err) {
    post({ kind: 'error', index: m.index, message: err instanceof Error ? err.message : String(err) });
  }
};

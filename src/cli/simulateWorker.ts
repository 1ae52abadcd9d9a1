/**
 * A worker thread of `vedette simulate`: sets the batch up once from what the main thread sends
 * (the scenario text, ruleset, options, players, master seed), then plays the battles it is
 * asked for, one message per battle. Battles are pure functions of their index, so which worker
 * plays which battle never changes a record.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runBattle, type BatchSpec } from '../ai/batch/battle';
import type { PlayerSpec } from '../ai/batch/players';
import { RULESETS } from '../rules/registry';
import { loadScenarioText } from '../scenario/load';
import { importRulesets } from './rulesetImport';

export interface WorkerSetup {
  readonly scenarioText: string;
  readonly ruleset: string;
  readonly options: Record<string, unknown>;
  readonly tables?: unknown;
  readonly masterSeed: number;
  readonly players: readonly [PlayerSpec, PlayerSpec];
  readonly extraRulesets: readonly string[];
}

export type ToWorker = { readonly index: number } | { readonly stop: true };
export type FromWorker = { readonly index: number; readonly line: string } | { readonly index: number; readonly error: string } | { readonly ready: true };

async function start(setup: WorkerSetup): Promise<void> {
  const port = parentPort!;
  const rulesets = [...RULESETS];
  for (const p of setup.extraRulesets) rulesets.push(...(await importRulesets(p)));
  const module = rulesets.find((r) => r.id === setup.ruleset);
  const loaded = loadScenarioText(setup.scenarioText);
  if (!module || !loaded.ok) throw new Error('the worker could not set up the batch');
  const spec: BatchSpec = { setup: loaded.value, module, options: setup.options, ...(setup.tables !== undefined ? { tables: setup.tables } : {}), masterSeed: setup.masterSeed, players: setup.players };
  port.on('message', (m: ToWorker) => {
    if ('stop' in m) {
      port.close();
      return;
    }
    try {
      port.postMessage({ index: m.index, line: JSON.stringify(runBattle(spec, m.index)) } satisfies FromWorker);
    } catch (e) {
      port.postMessage({ index: m.index, error: e instanceof Error ? e.message : String(e) } satisfies FromWorker);
    }
  });
  port.postMessage({ ready: true } satisfies FromWorker);
}

void start(workerData as WorkerSetup);

/**
 * Runs a playtest batch in Web Workers for the Playtest panel: the battles are handed out one at
 * a time to a pool of workers (one per core, at most four), the records come back as they finish
 * and are kept in index order, and a cancel stops the pool at once (finished battles are kept).
 * The same batch as `vedette simulate` with the same master seed: the same records.
 */
import type { BattleRecord } from '../ai/batch/battle';
import { scenarioHash, type BatchHeader } from '../ai/batch/batchFile';
import { playerLabel, type PlayerSpec } from '../ai/batch/players';
import type { BattleSetup } from '../engine/model';

export type PlaytestToWorker =
  | { readonly kind: 'setup'; readonly scenarioText: string; readonly rulesetId: string; readonly options: Record<string, unknown>; readonly seed: number; readonly players: readonly [PlayerSpec, PlayerSpec] }
  | { readonly kind: 'battle'; readonly index: number };
export type PlaytestFromWorker = { readonly kind: 'ready' } | { readonly kind: 'battle'; readonly index: number; readonly line: string } | { readonly kind: 'error'; readonly index: number; readonly message: string };

export interface PlaytestJob {
  readonly scenarioText: string;
  readonly setup: BattleSetup;
  readonly rulesetId: string;
  readonly players: readonly [PlayerSpec, PlayerSpec];
  readonly battles: number;
  readonly seed: number;
}

export interface PlaytestProgress {
  readonly done: number;
  readonly total: number;
  /** Battles a second, and seconds left at that rate. */
  readonly rate: number;
  readonly etaSeconds: number;
}

export interface PlaytestOutcome {
  readonly header: BatchHeader;
  readonly records: readonly BattleRecord[];
  readonly cancelled: boolean;
  readonly error?: string;
}

export const headerFor = (job: PlaytestJob): BatchHeader => ({
  format: 'vedette-batch',
  version: 1,
  scenario: { id: job.setup.scenarioId, title: job.setup.title, hash: scenarioHash(job.setup) },
  ruleset: job.rulesetId,
  options: {},
  players: [playerLabel(job.players[0]), playerLabel(job.players[1])],
  masterSeed: job.seed,
  battles: job.battles,
  shard: [1, 1],
});

export const defaultWorkers = (): number => Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2));

const newWorker = (): Worker => new Worker(new URL('./playtestWorker.ts', import.meta.url), { type: 'module' });

export function runPlaytest(job: PlaytestJob, o: { workers?: number; signal?: AbortSignal; onProgress?(p: PlaytestProgress): void; onRecord?(r: BattleRecord): void } = {}): Promise<PlaytestOutcome> {
  const header = headerFor(job);
  return new Promise((resolve) => {
    const queue = Array.from({ length: job.battles }, (_, i) => i);
    const records = new Map<number, BattleRecord>();
    const pool: Worker[] = [];
    const t0 = performance.now();
    let live = 0;
    let settled = false;
    const finish = (cancelled: boolean, error?: string) => {
      if (settled) return;
      settled = true;
      for (const w of pool) w.terminate();
      o.signal?.removeEventListener('abort', onAbort);
      resolve({ header, records: [...records.values()].sort((a, b) => a.index - b.index), cancelled, ...(error ? { error } : {}) });
    };
    const onAbort = () => finish(true);
    if (o.signal?.aborted) return finish(true);
    o.signal?.addEventListener('abort', onAbort);
    const feed = (w: Worker) => {
      const next = queue.shift();
      if (next === undefined) {
        if (--live === 0) finish(false);
        return;
      }
      w.postMessage({ kind: 'battle', index: next } satisfies PlaytestToWorker);
    };
    const n = Math.max(1, Math.min(o.workers ?? defaultWorkers(), job.battles));
    for (let k = 0; k < n; k++) {
      const w = newWorker();
      pool.push(w);
      live++;
      w.onmessage = (e: MessageEvent<PlaytestFromWorker>) => {
        if (settled) return;
        const m = e.data;
        if (m.kind === 'ready') return feed(w);
        if (m.kind === 'error') return finish(false, m.index >= 0 ? `battle ${m.index}: ${m.message}` : m.message);
        const r = JSON.parse(m.line) as BattleRecord;
        records.set(m.index, r);
        o.onRecord?.(r);
        const secs = (performance.now() - t0) / 1000;
        const rate = records.size / Math.max(0.001, secs);
        o.onProgress?.({ done: records.size, total: job.battles, rate, etaSeconds: (job.battles - records.size) / rate });
        feed(w);
      };
      w.onerror = (e) => finish(false, e.message || 'a worker failed');
      w.postMessage({ kind: 'setup', scenarioText: job.scenarioText, rulesetId: job.rulesetId, options: {}, seed: job.seed, players: job.players } satisfies PlaytestToWorker);
    }
  });
}

/**
 * Runs battles of a batch across worker threads (or in this thread with `workers: 0`), hands
 * each finished battle's JSON line back as it comes, and stops handing out work when the
 * signal fires (the battles in flight are abandoned; everything finished is kept).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { runBattle, type BatchSpec } from '../ai/batch/battle';
import type { FromWorker, ToWorker, WorkerSetup } from './simulateWorker';

export interface RunOptions {
  readonly indices: readonly number[];
  readonly workers: number;
  readonly setup: WorkerSetup;
  /** The same batch for playing in this thread (workers: 0). */
  readonly spec: BatchSpec;
  readonly signal?: AbortSignal;
  onLine(index: number, line: string): void;
}

export interface RunOutcome {
  readonly finished: number;
  readonly interrupted: boolean;
  readonly error?: string;
}

/**
 * The worker's code. Worker threads do not inherit the TypeScript loader the command line runs
 * under, so the worker is bundled once per run into one plain JavaScript file (esbuild, which
 * tsx itself runs on): a worker then loads no loader and compiles nothing, which saves about a
 * second of start-up and ~100 MB a worker (tsx's hooks run on a thread of their own in every
 * worker). Rulesets loaded from a file (`--with-ruleset`, TypeScript) need the loader, so then
 * the worker starts through simulateWorker.mjs, which registers tsx first.
 */
async function workerEntry(needsLoader: boolean): Promise<{ url: URL; dispose(): void }> {
  const viaLoader = { url: new URL('./simulateWorker.mjs', import.meta.url), dispose() {} };
  if (needsLoader) return viaLoader;
  try {
    const { build } = await import('esbuild');
    const outfile = join(mkdtempSync(join(tmpdir(), 'vedette-simulate-')), 'worker.mjs');
    await build({ entryPoints: [fileURLToPath(new URL('./simulateWorker.ts', import.meta.url))], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile, logLevel: 'silent' });
    return { url: pathToFileURL(outfile), dispose: () => rmSync(dirname(outfile), { recursive: true, force: true }) };
  } catch {
    return viaLoader;
  }
}

async function runHere(o: RunOptions): Promise<RunOutcome> {
  let finished = 0;
  for (const i of o.indices) {
    if (o.signal?.aborted) return { finished, interrupted: true };
    o.onLine(i, JSON.stringify(runBattle(o.spec, i)));
    finished++;
    // Let a Ctrl-C (or a test's abort) in between battles.
    await new Promise<void>((r) => setImmediate(r));
  }
  return { finished, interrupted: false };
}

export async function runBatch(o: RunOptions): Promise<RunOutcome> {
  if (o.workers <= 0) return runHere(o);
  if (o.indices.length === 0 || o.signal?.aborted) return { finished: 0, interrupted: o.signal?.aborted ?? false };
  const entry = await workerEntry(o.setup.extraRulesets.length > 0);
  try {
    return await runOnWorkers(o, entry.url);
  } finally {
    entry.dispose();
  }
}

/**
 * PERF: a worker's heap kept small. A battle's live data is a few megabytes (a batch keeps no
 * history), but V8 sizes a heap for throughput and lets it grow far past that; with a small
 * young generation and a cap on the old one, two workers and the main thread stay under 300 MB
 * (issue 16's target; 338 MB without, 276 MB with, 16 battles in the playtest bench) for a little more
 * collecting. The cap is several times what the largest built-in battle keeps alive.
 */
const WORKER_HEAP = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 128 } as const;

function runOnWorkers(o: RunOptions, url: URL): Promise<RunOutcome> {
  return new Promise((resolve) => {
    const queue = [...o.indices];
    const n = Math.max(1, Math.min(o.workers, queue.length));
    const pool: Worker[] = [];
    let finished = 0;
    let live = 0;
    let settled = false;
    const finish = (outcome: RunOutcome) => {
      if (settled) return;
      settled = true;
      o.signal?.removeEventListener('abort', onAbort);
      for (const w of pool) void w.terminate();
      resolve(outcome);
    };
    const onAbort = () => finish({ finished, interrupted: true });
    if (o.signal?.aborted) return finish({ finished, interrupted: true });
    o.signal?.addEventListener('abort', onAbort);
    if (queue.length === 0) return finish({ finished, interrupted: false });
    const feed = (w: Worker) => {
      const next = queue.shift();
      if (next === undefined) {
        w.postMessage({ stop: true } satisfies ToWorker);
        if (--live === 0) finish({ finished, interrupted: false });
        return;
      }
      w.postMessage({ index: next } satisfies ToWorker);
    };
    for (let k = 0; k < n; k++) {
      const w = new Worker(url, { workerData: o.setup, resourceLimits: WORKER_HEAP });
      pool.push(w);
      live++;
      w.on('message', (m: FromWorker) => {
        if (settled) return;
        if ('ready' in m) return feed(w);
        if ('error' in m) return finish({ finished, interrupted: false, error: `battle ${m.index}: ${m.error}` });
        o.onLine(m.index, m.line);
        finished++;
        feed(w);
      });
      w.on('error', (e) => finish({ finished, interrupted: false, error: e.message }));
    }
  });
}

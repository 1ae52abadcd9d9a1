/**
 * Playtest bench (src/ai/batch, src/cli/batchRunner.ts): a batch of battles of a two-division
 * scenario (Eckmühl Ridge, NW: two divisions a side) on every core, as `vedette simulate` plays
 * it. Targets (issue 16): 1,000 battles in 3 minutes or less on this 2-core machine; peak memory
 * 300 MB or less (a batch keeps no history: each record is a few hundred bytes).
 *
 * Figures: the full batch on all workers; a smaller batch on all workers and on one worker, for
 * the speed-up (the machine is shared, so the smaller batch is the steadier comparison). CPU
 * time is printed beside wall time: on a loaded machine it shows how much was waiting for a core.
 *
 * The target is for scripted against scripted (issue 16: random only until the AI landed), the default.
 *
 *   npm run bench -- --only playtest [--battles 1000] [--small 100] [--players scripted|random]
 */
import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { BatchSpec } from '../../ai/batch/battle';
import { parsePlayer, type PlayerSpec } from '../../ai/batch/players';
import { RULESETS } from '../../rules/registry';
import { loadScenarioText } from '../../scenario/load';
import { runBatch } from '../batchRunner';
import type { BenchSection, Figure } from './harness';
import { fmt } from './harness';

const SCENARIO = 'scenarios/napoleonic-warfare-eckmuhl-ridge.json';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

async function timed(spec: BatchSpec, scenarioText: string, battles: number, workers: number): Promise<{ seconds: number; cpuSeconds: number; lines: number; bytes: number }> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let lines = 0, bytes = 0;
  const out = await runBatch({
    indices: Array.from({ length: battles }, (_, i) => i),
    workers,
    spec,
    setup: { scenarioText, ruleset: spec.module.id, options: {}, masterSeed: spec.masterSeed, players: spec.players, extraRulesets: [] },
    onLine(_i, line) {
      lines++;
      bytes += line.length + 1;
    },
  });
  if (out.error) throw new Error(out.error);
  const c = process.cpuUsage(c0);
  return { seconds: (performance.now() - t0) / 1000, cpuSeconds: (c.user + c.system) / 1e6, lines, bytes };
}

export const playtestBench: BenchSection = {
  name: 'playtest',
  describe: `batches of ${SCENARIO} (two divisions a side) on worker threads, as vedette simulate plays them`,
  async run(log) {
    const battles = Number(arg('--battles') ?? 1000);
    const small = Number(arg('--small') ?? 100);
    const p = parsePlayer(arg('--players') ?? 'scripted');
    if (typeof p === 'string') throw new Error(p);
    const players: readonly [PlayerSpec, PlayerSpec] = [p, p];
    const scenarioText = readFileSync(SCENARIO, 'utf8');
    const loaded = loadScenarioText(scenarioText);
    if (!loaded.ok) throw new Error(`${SCENARIO} does not load`);
    const module = RULESETS.find((r) => r.id === 'napoleonic-warfare')!;
    const spec: BatchSpec = { setup: loaded.value, module, options: {}, masterSeed: 1, players };
    const cores = availableParallelism();
    const label = `${p.kind} v ${p.kind}`;

    log(`  ${small} battles ${label} on 1 worker, then on ${cores}…`);
    const one = await timed(spec, scenarioText, small, 1);
    log(`    1 worker: ${one.seconds.toFixed(1)} s wall, ${one.cpuSeconds.toFixed(1)} s CPU`);
    const all = await timed(spec, scenarioText, small, cores);
    log(`    ${cores} workers: ${all.seconds.toFixed(1)} s wall, ${all.cpuSeconds.toFixed(1)} s CPU (speed-up ${(one.seconds / all.seconds).toFixed(2)}×)`);
    log(`  ${battles} battles ${label} on ${cores} workers…`);
    const full = await timed(spec, scenarioText, battles, cores);
    const rssMb = process.resourceUsage().maxRSS / 1024;
    const figures: Figure[] = [
      { key: 'fullBatchS', label: `${battles} battles, ${cores} workers (wall s)`, unit: 'ms', median: full.seconds, target: '≤ 180 s for 1,000', ok: full.seconds * (1000 / battles) <= 180 },
      { key: 'smallOneWorkerS', label: `${small} battles, 1 worker (wall s)`, unit: 'ms', median: one.seconds },
      { key: 'smallAllWorkersS', label: `${small} battles, ${cores} workers (wall s)`, unit: 'ms', median: all.seconds },
      { key: 'msPerBattle', label: `per battle, one worker (wall ms)`, unit: 'ms', median: (one.seconds * 1000) / small },
    ];
    for (const f of figures) log(fmt(f).replace(/ ms(\s|$)/, f.key.endsWith('S') ? ' s $1' : ' ms$1'));
    const speedUp = one.seconds / all.seconds;
    log(`  speed-up of ${cores} workers over 1 on ${small} battles: ${speedUp.toFixed(2)}×`);
    log(`  CPU time of the full batch: ${full.cpuSeconds.toFixed(1)} s over ${full.seconds.toFixed(1)} s wall (${(full.cpuSeconds / full.seconds).toFixed(2)} cores busy on average)`);
    // On a shared machine the wall time says little; CPU time a battle, spread over free cores, is the honest projection.
    const cpuPerBattle = full.cpuSeconds / Math.max(1, battles);
    log(`  CPU a battle: ${(cpuPerBattle * 1000).toFixed(0)} ms, so 1,000 battles on ${cores} free cores would take about ${((cpuPerBattle * 1000) / cores).toFixed(0)} s (target ≤ 180 s)`);
    log(`  peak resident memory of the process (all its threads): ${rssMb.toFixed(0)} MB (target ≤ 300 MB: ${rssMb <= 300 ? 'met' : 'MISSED'}); batch output ${(full.bytes / 1024).toFixed(0)} KB for ${full.lines} battles`);
    return {
      figures,
      extra: { players: label, battles, small, workers: cores, speedUp: Number(speedUp.toFixed(2)), cpuSeconds: Number(full.cpuSeconds.toFixed(1)), peakRssMb: Math.round(rssMb), cpuMsPerBattle: Math.round(cpuPerBattle * 1000), battlesPerSecond: Number((battles / full.seconds).toFixed(2)) },
    };
  },
};

/**
 * A tiny benchmark harness: sections register figures; each figure is timed in batches and
 * reported as the median time per operation. Clocks live here (src/cli), never below.
 */
import { performance } from 'node:perf_hooks';

export interface Figure {
  /** Key in the JSON line, e.g. `losUs`. */
  readonly key: string;
  readonly label: string;
  readonly unit: 'us' | 'ms';
  readonly median: number;
  readonly target?: string;
  readonly ok?: boolean;
}

export interface BenchSection {
  /** Name in the JSON line: {"bench": name, …}. */
  readonly name: string;
  readonly describe: string;
  run(log: (line: string) => void): Promise<BenchReport> | BenchReport;
}

export interface BenchReport {
  readonly figures: readonly Figure[];
  /** Extra numbers for the JSON line (counts, speedups). */
  readonly extra: Readonly<Record<string, number | string | boolean>>;
}

/**
 * Time `op(i)` for `batches` batches of `perBatch` calls after a warm-up, and return the
 * median per call in microseconds. `op` returns a number so the work cannot be optimised away.
 * `cpuMedianUs` is the same median in this process's CPU time (all its threads, so GC helpers
 * count): on a loaded machine it shows how much of the wall time was waiting for a core.
 */
export function timeOp(op: (i: number) => number, opts: { batches?: number; perBatch?: number; warmup?: number } = {}): { medianUs: number; cpuMedianUs: number; sink: number } {
  const batches = opts.batches ?? 31, perBatch = opts.perBatch ?? 100, warm = opts.warmup ?? Math.min(2000, batches * perBatch);
  let sink = 0;
  for (let i = 0; i < warm; i++) sink += op(i);
  const per: number[] = [];
  const cpu: number[] = [];
  let i = 0;
  for (let b = 0; b < batches; b++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let k = 0; k < perBatch; k++) sink += op(i++);
    per.push(((performance.now() - t0) * 1000) / perBatch);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / perBatch);
  }
  per.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { medianUs: per[per.length >> 1]!, cpuMedianUs: cpu[cpu.length >> 1]!, sink };
}

/** Deterministic PRNG (mulberry32) so every run measures the same table. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function fmt(f: Figure): string {
  const v = f.unit === 'ms' ? `${f.median.toFixed(3)} ms` : `${f.median.toFixed(2)} µs`;
  const t = f.target ? `  (target ${f.target}: ${f.ok ? 'met' : 'MISSED'})` : '';
  return `  ${f.label.padEnd(58)} ${v.padStart(12)}${t}`;
}

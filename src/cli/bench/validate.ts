/**
 * Validation bench (src/scenario/limits.ts): files of about 10 MB, each built to the worst of
 * one hostile shape, validated as `vedette validate` and the load dialog do (`validateText`:
 * parse, bounds, schema, cross-references, then setting the battle up in each ruleset it
 * names). Each file is written to a temporary file and validated in a child process of its
 * own, so its peak memory is that process's largest resident size less its size once it had
 * read the text.
 * Target: every file validates (accepted or refused) in ≤ 1 s and ≤ 200 MB.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BenchSection, Figure } from './harness';
import { fmt } from './harness';

type Doc = Record<string, unknown> & { units: Record<string, unknown>[] };
const TARGET = 10 * 1024 * 1024;

const base = (): Doc => JSON.parse(readFileSync(join(process.cwd(), 'scenarios/default.json'), 'utf8')) as Doc;

/** Repeat `make(i)` into `list` until the document's JSON reaches about 10 MB. */
function grow<T>(doc: Doc, list: T[], make: (i: number) => T): string {
  const one = JSON.stringify(make(0)).length + 1;
  const n = Math.max(1, Math.floor((TARGET - JSON.stringify(doc).length) / one));
  for (let i = 0; i < n; i++) list.push(make(i));
  return JSON.stringify(doc);
}

/** The hostile shapes, each about 10 MB of JSON. */
export function hostileBigFiles(): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  const u0 = base().units[0]!;
  {
    // Units and stands at their limits (2,000 units of 5 stands), laid out apart on the biggest
    // table, padded with long texts: accepted, so the rulesets set the battle up too.
    const d = base();
    d.table = { widthMm: 20000, depthMm: 20000, metresPerMm: 1 };
    d.units = [];
    const per = 5;
    for (let i = 0; i < 2000; i++)
      d.units.push({ ...u0, id: `u${i}`, name: `Unit ${i} `.padEnd(190, 'x'), at: { x: 200 + (i % 50) * 390, y: 200 + Math.floor(i / 50) * 390, facingDeg: 0 }, stands: Array.from({ length: per }, () => ({ widthMm: 25, depthMm: 25 })), extra: { note: 'n'.repeat(4000) } });
    out.push({ name: 'units2000', text: JSON.stringify(d).padEnd(TARGET, ' ') });
  }
  {
    // 10,000 stands (the limit) stacked on one spot: every one but the first overlaps another.
    const d = base();
    d.units = Array.from({ length: 50 }, (_, i) => ({ ...u0, id: `s${i}`, name: `S${i}`.padEnd(150, 'y'), stands: Array.from({ length: 200 }, () => ({ widthMm: 20, depthMm: 20, figures: 4, role: 'line-line-line', at: { x: 500.123456, y: 500.123456, facingDeg: 0.123456 } })) }));
    out.push({ name: 'stacked10k', text: JSON.stringify(d).padEnd(TARGET, ' ') });
  }
  {
    // Terrain vertices far past every limit.
    const d = base();
    const t: unknown[] = [];
    d.terrain = t;
    out.push({ name: 'vertices', text: grow(d, t, (i) => ({ id: `t${i}`, kind: 'wood', name: 'w', polygon: Array.from({ length: 200 }, (_, k) => [100 + k, 100 + (k % 7) * 1e8]) })) });
  }
  {
    // One ruleset listed a million times.
    const d = base();
    const r: string[] = [];
    d.rulesets = r;
    out.push({ name: 'rulesetsRepeated', text: grow(d, r, () => 'napoleonic-warfare') });
  }
  {
    // Nesting: `extra` 5 million levels deep, as text (JSON.stringify itself would overflow).
    const depth = Math.floor((TARGET - 200) / 7);
    const text = JSON.stringify({ ...base(), units: [{ ...u0, extra: { d: '@@' } }] }).replace('"@@"', '{"a":['.repeat(depth >> 1) + '1' + ']}'.repeat(depth >> 1));
    out.push({ name: 'deepExtra', text });
  }
  {
    // Wide: extra objects of 10,000 keys each, and long strings.
    const d = base();
    const wide = Object.fromEntries(Array.from({ length: 10_000 }, (_, k) => [`k${k}`, k]));
    d.units = d.units.map((u, i) => ({ ...u, extra: { wide, text: 't'.repeat(9_000 + i) } }));
    out.push({ name: 'wideExtra', text: JSON.stringify(d).padEnd(TARGET, ' ') });
  }
  {
    // A save whose log is 10 MB of commands for a side that does not exist.
    const log: unknown[] = [];
    const save = { format: 'vedette-save', version: 1, ruleset: { id: 'napoleonic-warfare', version: '1' }, scenario: base(), options: {}, seed: 1, log, hash: `fnv1a64:${'0'.repeat(16)}` };
    out.push({ name: 'saveLog', text: grow(save as unknown as Doc, log, (i) => ({ type: 'endStep', side: i % 2 ? 'nobody' : 'noone' })) });
  }
  return out;
}

export const validateBench: BenchSection = {
  name: 'validate',
  describe: 'validateText of hostile ~10 MB files (one child process each: time and peak memory); target ≤ 1 s and ≤ 200 MB each',
  async run(log) {
    const figures: Figure[] = [];
    const extra: Record<string, number | string> = {};
    const child = join(process.cwd(), 'src/cli/bench/validateChild.ts');
    const dir = mkdtempSync(join(tmpdir(), 'vedette-validate-'));
    try {
      for (const f of hostileBigFiles()) {
        const file = join(dir, `${f.name}.json`);
        writeFileSync(file, f.text);
        const r = await new Promise<{ ms: number; cpuMs: number; peakMb: number; ok: boolean; first: string }>((resolve, reject) => {
          const p = fork(child, [file], { execArgv: process.execArgv, stdio: ['pipe', 'inherit', 'inherit', 'ipc'] });
          p.on('message', (m) => resolve(m as { ms: number; cpuMs: number; peakMb: number; ok: boolean; first: string }));
          p.on('error', reject);
          p.on('exit', (code) => code !== 0 && reject(new Error(`validate child for ${f.name} exited with ${code}`)));
        });
        const fig: Figure = { key: `${f.name}Ms`, label: `${f.name} (${(f.text.length / 1e6).toFixed(1)} MB): ${r.ok ? 'accepted' : `refused — ${r.first.slice(0, 90)}`}; CPU ${Math.round(r.cpuMs)} ms; peak ${r.peakMb} MB`, unit: 'ms', median: r.ms, target: '≤ 1 s, ≤ 200 MB', ok: r.ms <= 1000 && r.peakMb <= 200 };
        figures.push(fig);
        extra[`${f.name}PeakMb`] = r.peakMb;
        extra[`${f.name}CpuMs`] = Math.round(r.cpuMs);
        log(fmt(fig));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return { figures, extra };
  },
};

/**
 * The child's work: read one file, note the resident size, validate, report wall time, CPU time
 * (on a shared machine the wall time includes waiting for a core; the CPU time does not) and peak.
 */
export function validateOne(file: string, validate: (text: string) => { ok: boolean; problems: readonly { path: string; message: string }[] }): { ms: number; cpuMs: number; peakMb: number; ok: boolean; first: string } {
  const text = readFileSync(file, 'utf8');
  const before = process.memoryUsage().rss;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const v = validate(text);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  // maxRSS is the process's peak resident size in KB.
  const peakMb = Math.max(0, Math.round((process.resourceUsage().maxRSS * 1024 - before) / 1e6));
  return { ms, cpuMs, peakMb, ok: v.ok, first: v.problems[0] ? `${v.problems[0].path}: ${v.problems[0].message}` : '' };
}

/**
 * Runs the hostile-file corpus (tests/support/hostile.ts):
 *
 *   npx tsx scripts/hostile.ts [count] [--from n] [--workers k] [--commands c] [--out f.jsonl] [--resume]
 *   npx tsx scripts/hostile.ts --summary f.jsonl
 *
 * (default 10,000 files, from file 0, two workers, 200 commands).
 *
 * A full run takes hours, so it can be spread over several: `--out` appends one JSON line per
 * judged file (and one per file measured alone) as soon as it is judged; `--resume` skips the
 * files already in that file (with the same number of commands) and counts them in the tally.
 * `--summary` prints the tally of such a file without judging anything. `--remeasure f.jsonl`
 * judges again, each alone in a fresh process, the files of that file that took more than 10 s
 * of wall time or seemed to grow memory past 200 MB, and appends what it measured: on a shared
 * machine a worker at low priority waits for a core, and that is not the file's doing. Each file is validated as the
 * app does and, when accepted, played for `c` commands with the random player, invariants
 * checked after every command, hashed, saved and its save loaded back (`judge`). A file's verdict depends on its text
 * alone, so a worker that meets a text it has already played validates it again (timed as its
 * own) and does not replay it.
 *
 * The files are shared among `k` child processes (file i goes to worker i mod k). The parent
 * watches them: a worker silent for `HANG_KILL_S` on one file is killed and the file counted as a
 * hang; a worker that dies (out of memory: each runs with a 1 GB heap) has its file counted as
 * such; either way a new worker carries on from the next file.
 *
 * Time per file is measured both as wall time and as the worker's CPU time (on a shared machine,
 * waiting for a core is not the file's doing). Memory per file is the worker's resident growth
 * over the file; a file that grew it by more than 200 MB (garbage of earlier files included) is
 * measured again alone in a fresh process, whose peak resident size less its size after loading
 * is the file's own figure.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { hostileFile, judge, type Verdict } from '../tests/support/hostile';

const HANG_KILL_S = 600;

interface Done {
  readonly i: number;
  readonly shape: string;
  readonly outcome: Verdict['outcome'] | 'hang' | 'oom';
  readonly detail?: string;
  readonly validateMs: number;
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly grewMb: number;
  readonly commands: number;
}

const args = process.argv.slice(2);
const opt = (name: string): number | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : undefined;
};
const COMMANDS = opt('--commands') ?? 200;
const str = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const OUT = str('--out') ?? (args[0] === '--remeasure' ? args[1] : undefined);
const RESUME = args.includes('--resume');

/** A file judged again alone (`measureAlone`): its peak resident growth, and its wall and CPU time. */
interface Alone {
  readonly peakMb: number;
  readonly wallMs?: number;
  readonly cpuMs?: number;
}

/** A line of the `--out` file: a judged file, or a file measured alone. */
type Line = ({ kind: 'file' } & Done) | ({ kind: 'alone'; i: number; commands: number } & Alone);

/** Append one line to the `--out` file, synchronously, so that a killed run loses at most the file it was on. */
function record(line: Line): void {
  if (OUT !== undefined) appendFileSync(OUT, JSON.stringify(line) + '\n');
}

/** The lines of a `--out` file judged with `commands` commands (the last line for a file wins; a torn last line is skipped). */
function readOut(file: string, commands: number): { files: Map<number, Done>; alone: Map<number, Alone> } {
  const files = new Map<number, Done>();
  const alone = new Map<number, Alone>();
  if (!existsSync(file)) return { files, alone };
  for (const text of readFileSync(file, 'utf8').split('\n')) {
    if (text.trim() === '') continue;
    let line: Line & { commandsPerFile?: number };
    try {
      line = JSON.parse(text) as Line & { commandsPerFile?: number };
    } catch {
      continue;
    }
    if (line.commandsPerFile !== commands) continue;
    if (line.kind === 'alone') alone.set(line.i, { peakMb: line.peakMb ?? NaN, ...(line.wallMs !== undefined ? { wallMs: line.wallMs } : {}), ...(line.cpuMs !== undefined ? { cpuMs: line.cpuMs } : {}) });
    else {
      // JSON has no NaN: figures a hung or dead worker could not measure come back as null.
      const nan = (x: number | null) => (x === null ? NaN : x);
      files.set(line.i, { ...line, validateMs: nan(line.validateMs), wallMs: nan(line.wallMs), cpuMs: nan(line.cpuMs), grewMb: nan(line.grewMb) });
    }
  }
  return { files, alone };
}

/** One file, judged in this process: the figures the parent tallies. */
function judgeHere(i: number, played: Map<string, Omit<Verdict, 'validateMs'>>): Done {
  const f = hostileFile(i);
  const rss0 = process.memoryUsage().rss;
  const cpu0 = process.cpuUsage();
  const t = performance.now();
  const v = judge(f, COMMANDS, () => performance.now(), played);
  const wallMs = performance.now() - t;
  const cpu = process.cpuUsage(cpu0);
  return {
    i,
    shape: f.shape,
    outcome: v.outcome,
    ...(v.detail !== undefined ? { detail: v.detail } : {}),
    validateMs: v.validateMs,
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    grewMb: (process.memoryUsage().rss - rss0) / 1e6,
    commands: v.commandsPlayed,
  };
}

/** A worker: judges files `from`, `from + step`, … below `end`, one message per file. */
function worker(from: number, step: number, end: number): void {
  const played = new Map<string, Omit<Verdict, 'validateMs'>>();
  const gc = (globalThis as { gc?: () => void }).gc;
  const done = OUT !== undefined && RESUME ? readOut(OUT, COMMANDS).files : new Map<number, Done>();
  for (let i = from; i < end; i += step) {
    if (done.has(i)) continue;
    // Keep the baseline low so that one file's growth is mostly its own.
    if (gc && process.memoryUsage().rss > 400e6) gc();
    process.send!({ start: i });
    process.send!({ done: judgeHere(i, played) });
  }
  process.send!({ finished: true }, () => process.exit(0));
}

/** Measure one file alone: peak resident size over the judging, less the size before it; its wall and CPU time. */
function measureAlone(i: number): void {
  const f = hostileFile(i);
  const before = process.memoryUsage().rss;
  const cpu0 = process.cpuUsage();
  const t = performance.now();
  judge(f, COMMANDS, () => performance.now());
  const wallMs = performance.now() - t;
  const cpu = process.cpuUsage(cpu0);
  const m: Alone = { peakMb: Math.max(0, (process.resourceUsage().maxRSS * 1024 - before) / 1e6), wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
  process.send!(m, () => process.exit(0));
}

/** Judge file `i` again alone in a fresh process; NaN figures if that process died. */
const judgeAlone = (i: number): Promise<Alone> =>
  new Promise<Alone>((resolve) => {
    const c = spawn(['--measure', String(i), '--commands', String(COMMANDS)]);
    c.on('message', (m: Alone) => resolve(m));
    c.on('exit', () => resolve({ peakMb: NaN, wallMs: NaN, cpuMs: NaN }));
  });

/** Did the run's figures for this file need measuring alone (slow or big), and has it not been? */
const suspect = (r: Done, alone: ReadonlyMap<number, Alone>): boolean => (r.grewMb > 200 && !alone.has(r.i)) || (r.wallMs > 10_000 && alone.get(r.i)?.wallMs === undefined);

const self = fileURLToPath(import.meta.url);
const spawn = (extra: string[]): ChildProcess => fork(self, extra, { execArgv: [...process.execArgv, '--max-old-space-size=1024', '--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });

async function parent(): Promise<void> {
  const count = Number(args[0] !== undefined && /^\d+$/.test(args[0]) ? args[0] : 10_000);
  const from = opt('--from') ?? 0;
  const workers = Math.max(1, opt('--workers') ?? 2);
  const end = from + count;
  const results: Done[] = [];
  const alone = new Map<number, Alone>();
  if (OUT !== undefined && RESUME) {
    const before = readOut(OUT, COMMANDS);
    for (const [i, r] of before.files) if (i >= from && i < end) results.push(r);
    for (const [i, mb] of before.alone) if (i >= from && i < end) alone.set(i, mb);
    console.log(`resuming: ${results.length} files already judged in ${OUT}`);
  }
  const children = new Set<ChildProcess>();
  const t0 = performance.now();
  let reported = results.length;
  const progress = () => {
    if (results.length - reported < 250 && results.length < count) return;
    reported = results.length;
    const by = (o: string) => results.filter((r) => r.outcome === o).length;
    console.log(`${results.length} files: accepted ${by('accepted')}, errors ${by('error')}, crashes ${by('crash')}, hangs ${by('hang')}, out of memory ${by('oom')} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  };

  /** Run worker `w` from file `start`; restart it after the file it was on when it hung or died. */
  const run = (w: number, start: number): Promise<void> =>
    new Promise((resolve) => {
      if (start >= end) return resolve();
      const child = spawn(['--worker', String(start), String(workers), String(end), '--commands', String(COMMANDS), ...(OUT !== undefined ? ['--out', OUT] : []), ...(RESUME ? ['--resume'] : [])]);
      children.add(child);
      let current = -1;
      let finished = false;
      let timer: NodeJS.Timeout | undefined;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => child.kill('SIGKILL'), HANG_KILL_S * 1000);
      };
      arm();
      child.on('message', (m: { start?: number; done?: Done; finished?: boolean }) => {
        if (m.start !== undefined) current = m.start;
        if (m.done) {
          results.push(m.done);
          record({ kind: 'file', ...m.done, commandsPerFile: COMMANDS } as Line);
          current = -1;
          arm();
          progress();
        }
        if (m.finished) finished = true;
      });
      child.on('exit', (code, signal) => {
        children.delete(child);
        clearTimeout(timer);
        if (finished || current < 0 || stopping) return resolve();
        const hung = signal === 'SIGKILL';
        const lost: Done = { i: current, shape: hostileFile(current).shape, outcome: hung ? 'hang' : 'oom', detail: `worker ${hung ? `silent for ${HANG_KILL_S} s` : `exited (${code ?? signal})`}`, validateMs: NaN, wallMs: NaN, cpuMs: NaN, grewMb: NaN, commands: 0 };
        results.push(lost);
        record({ kind: 'file', ...lost, commandsPerFile: COMMANDS } as Line);
        progress();
        void run(w, current + workers).then(resolve);
      });
    });
  // Stopped early (SIGTERM or Ctrl-C): the figures for the files judged so far.
  let stopping = false;
  const stop = () => {
    stopping = true;
    for (const c of children) c.kill('SIGKILL');
    summarise(results, alone, t0, true);
    process.exit(1);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  await Promise.all(Array.from({ length: workers }, (_, w) => run(w, from + w)));

  // Files that seemed to grow memory past 200 MB, or took over 10 s, measured again alone.
  await remeasure(results, alone);
  summarise(results, alone, t0, false);
}

async function remeasure(results: readonly Done[], alone: Map<number, Alone>): Promise<void> {
  const suspects = results.filter((r) => suspect(r, alone));
  if (suspects.length > 0) console.log(`measuring ${suspects.length} files again, each alone`);
  for (const r of suspects) {
    const m = await judgeAlone(r.i);
    alone.set(r.i, m);
    record({ kind: 'alone', i: r.i, commands: COMMANDS, ...m, commandsPerFile: COMMANDS } as Line);
  }
}

/** Print the tally by shape, every crash, hang and out-of-memory file, and one JSON line of figures. */
function summarise(results: readonly Done[], alone: ReadonlyMap<number, Alone>, t0: number | undefined, stoppedEarly: boolean): void {
  if (results.length === 0) return;
  const by = (o: string) => results.filter((r) => r.outcome === o);
  const byShape = new Map<string, Record<string, number>>();
  for (const r of results) {
    const s = byShape.get(r.shape) ?? {};
    s[r.outcome] = (s[r.outcome] ?? 0) + 1;
    byShape.set(r.shape, s);
  }
  const max = (f: (r: Done) => number) => results.reduce((a, r) => (Number.isFinite(f(r)) && f(r) > f(a) ? r : a), results[0]!);
  const slowV = max((r) => r.validateMs), slowW = max((r) => r.wallMs), slowC = max((r) => r.cpuMs);
  console.log('by shape:');
  for (const [shape, s] of [...byShape].sort()) console.log(`  ${shape.padEnd(28)} ${Object.entries(s).map(([k, n]) => `${k} ${n}`).join(', ')}`);
  for (const r of [...by('crash'), ...by('hang'), ...by('oom')].slice(0, 30)) console.log(`${r.outcome} #${r.i} ${r.shape}: ${r.detail ?? ''}`);
  for (const [i, m] of [...alone].slice(0, 30)) console.log(`measured alone: #${i} ${hostileFile(i).shape} peak ${Math.round(m.peakMb)} MB${m.wallMs !== undefined ? `, ${Math.round(m.wallMs)} ms wall, ${Math.round(m.cpuMs ?? NaN)} ms CPU` : ''}`);
  // A file slow in the run counts as over 10 s unless, judged again alone, it took 10 s or less.
  const slow = results.filter((r) => r.wallMs > 10_000);
  const slowAlone = slow.filter((r) => !((alone.get(r.i)?.wallMs ?? Infinity) <= 10_000));
  console.log(
    JSON.stringify({
      ...(stoppedEarly ? { stoppedEarly: true, remeasuredAlone: 'not done' } : {}),
      files: results.length,
      commandsPerAcceptedFile: COMMANDS,
      accepted: by('accepted').length,
      acceptedPlayed: results.filter((r) => r.outcome === 'accepted' && r.commands > 0).length,
      clearErrors: by('error').length,
      crashes: by('crash').length,
      hangs: by('hang').length,
      outOfMemory: by('oom').length,
      validateOver10s: results.filter((r) => r.validateMs > 10_000).length,
      fileCpuOver10s: results.filter((r) => r.cpuMs > 10_000).length,
      fileWallOver10s: results.filter((r) => r.wallMs > 10_000).length,
      fileWallOver10sAlone: slowAlone.length,
      fileWallOver10sNotYetAlone: slow.filter((r) => alone.get(r.i)?.wallMs === undefined).length,
      slowestAloneWallMs: Math.round(Math.max(0, ...[...alone.values()].map((m) => m.wallMs ?? 0).filter(Number.isFinite))),
      over200Mb: results.filter((r) => r.grewMb > 200 && !((alone.get(r.i)?.peakMb ?? Infinity) <= 200)).length,
      seemedOver200MbInRun: results.filter((r) => r.grewMb > 200).length,
      commandsPlayed: results.reduce((a, r) => a + r.commands, 0),
      slowestValidateMs: Math.round(slowV.validateMs),
      slowestValidate: `#${slowV.i} ${slowV.shape}`,
      slowestFileWallMs: Math.round(slowW.wallMs),
      slowestFileWall: `#${slowW.i} ${slowW.shape}`,
      slowestFileCpuMs: Math.round(slowC.cpuMs),
      slowestFileCpu: `#${slowC.i} ${slowC.shape}`,
      mostGrowthMb: Math.round(max((r) => r.grewMb).grewMb),
      ...(t0 !== undefined ? { seconds: Math.round((performance.now() - t0) / 1000) } : {}),
      fileWallSecondsTotal: Math.round(results.reduce((a, r) => a + (Number.isFinite(r.wallMs) ? r.wallMs : 0), 0) / 1000),
    }),
  );
}

if (args[0] === '--worker') worker(Number(args[1]), Number(args[2]), Number(args[3]));
else if (args[0] === '--measure') measureAlone(Number(args[1]));
else if (args[0] === '--remeasure') {
  // Judge again alone the slow or big files of a `--out` file, appending to it, then print the tally.
  const { files, alone } = readOut(args[1]!, COMMANDS);
  const results = [...files.values()].sort((a, b) => a.i - b.i);
  void remeasure(results, alone).then(() => summarise(results, alone, undefined, false));
} else if (args[0] === '--summary') {
  // The tally of a `--out` file; files slow or big in the run and not yet measured alone count as over.
  const { files, alone } = readOut(args[1]!, COMMANDS);
  const results = [...files.values()].sort((a, b) => a.i - b.i);
  if (results.length === 0) console.log(`no files judged with ${COMMANDS} commands in ${args[1]}`);
  const stillSuspect = results.filter((r) => suspect(r, alone)).length;
  if (stillSuspect > 0) console.log(`${stillSuspect} files took over 10 s or seemed to grow past 200 MB and are not yet measured alone (--remeasure)`);
  summarise(results, alone, undefined, false);
}
else void parent();

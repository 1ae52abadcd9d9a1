/**
 * `vedette simulate <scenario>`: N battles with given players per side, across worker threads,
 * seeds derived from a master seed (ai/batch/battle.ts), one JSON line per battle in index order
 * after a header line (ai/batch/batchFile.ts). Ctrl-C keeps every finished battle; `--resume`
 * plays the rest and leaves the file as one uninterrupted run would have written it.
 */
import { availableParallelism } from 'node:os';
import { SingleBar } from 'cli-progress';
import type { BatchSpec, BattleRecord } from '../ai/batch/battle';
import { headerLine, isPaired, parseShard, readBatchText, scenarioHash, shardIndices, type BatchHeader } from '../ai/batch/batchFile';
import { parsePlayer, playerLabel, type PlayerSpec } from '../ai/batch/players';
import { canonicalJson, fnv1a64 } from '../engine/hash';
import { runBatch } from './batchRunner';
import { reportOf, writeReport } from './report';
import { fail, loadInputs, type Io } from './program';

export interface SimulateOpts {
  ruleset?: string;
  options?: string;
  houseRules?: string;
  battles: number;
  seed: number;
  players: string;
  workers?: number;
  out?: string;
  resume?: boolean;
  shard?: string;
  report?: string;
}

/** 'random' (both sides) or 'random,search@200' (first side, second side). */
export function parsePlayers(text: string): readonly [PlayerSpec, PlayerSpec] | string {
  const parts = text.split(',');
  if (parts.length > 2) return `--players takes one player for both sides or two separated by a comma, not "${text}".`;
  const specs: PlayerSpec[] = [];
  for (const p of parts) {
    const s = parsePlayer(p);
    if (typeof s === 'string') return s;
    specs.push(s);
  }
  return [specs[0]!, specs[1] ?? specs[0]!];
}

const clock = (seconds: number): string => {
  if (!Number.isFinite(seconds)) return '—';
  const s = Math.round(seconds);
  return s >= 3600 ? `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m` : s >= 60 ? `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s` : `${s}s`;
};

/** Progress on a terminal (a bar with rate and ETA) or as plain lines every 5% (logs, CI). */
function progress(io: Io, total: number, already: number) {
  const t0 = Date.now();
  let done = 0;
  const rate = () => done / Math.max(0.001, (Date.now() - t0) / 1000);
  const eta = () => (done === 0 ? Infinity : (total - already - done) / rate());
  if (io.terminal) {
    const bar = new SingleBar(
      { stream: io.terminal, format: 'simulate |{bar}| {value}/{total} battles · {rate}/s · ETA {etaText}', hideCursor: true, clearOnComplete: false, etaBuffer: 50 },
    );
    bar.start(total, already, { rate: '—', etaText: '—' });
    return {
      tick() {
        done++;
        bar.update(already + done, { rate: rate().toFixed(1), etaText: clock(eta()) });
      },
      stop: () => bar.stop(),
      rate,
      seconds: () => (Date.now() - t0) / 1000,
    };
  }
  const step = Math.max(1, Math.ceil(total / 20));
  return {
    tick() {
      done++;
      const n = already + done;
      if (n % step === 0 || n === total) io.err(`simulate: ${n}/${total} battles (${Math.round((n / total) * 100)}%) · ${rate().toFixed(1)} battles/s · ETA ${clock(eta())}`);
    },
    stop() {},
    rate,
    seconds: () => (Date.now() - t0) / 1000,
  };
}

export interface SimulateResult {
  readonly header: BatchHeader;
  /** Every line of the batch (header first), as written. */
  readonly lines: readonly string[];
  readonly complete: boolean;
}

export async function simulateCommand(io: Io, scenarioPath: string, o: SimulateOpts, extra: readonly string[]): Promise<{ status: number; result?: SimulateResult }> {
  const players = parsePlayers(o.players);
  if (typeof players === 'string') return fail(2, players);
  const shard = o.shard !== undefined ? parseShard(o.shard) : ([1, 1] as const);
  if (typeof shard === 'string') return fail(2, shard);
  if (o.resume && o.out === undefined) fail(2, '--resume continues a batch file: name it with --out.');
  const inputs = await loadInputs(io, scenarioPath, o, extra);
  const labels = [playerLabel(players[0]), playerLabel(players[1])] as const;
  const header: BatchHeader = {
    format: 'vedette-batch',
    version: 1,
    scenario: { id: inputs.setup.scenarioId, title: inputs.setup.title, hash: scenarioHash(inputs.setup) },
    ruleset: inputs.module.id,
    options: inputs.options,
    ...(inputs.tables !== undefined ? { tables: fnv1a64(canonicalJson(inputs.tables)) } : {}),
    players: labels,
    masterSeed: o.seed,
    battles: o.battles,
    shard,
  };
  const indices = shardIndices(o.battles, shard, isPaired(labels));

  // What an earlier, interrupted run of the same batch already finished.
  const done = new Map<number, string>();
  if (o.out !== undefined) {
    let existing: string | undefined;
    try {
      existing = io.readFile(o.out);
    } catch {
      existing = undefined;
    }
    if (existing !== undefined && existing.trim() !== '') {
      const read = readBatchText(existing, o.out);
      if (typeof read === 'string') return fail(1, `${read} (--resume continues only a batch file)`);
      if (!o.resume) return fail(1, `${o.out} already holds ${read.records.length} battle(s): add --resume to continue that batch, or write to another file.`);
      if (headerLine(read.header) !== headerLine(header)) return fail(1, `${o.out} is another batch (scenario, ruleset, options, players, master seed, size or shard differ): --resume continues only the same batch.`);
      for (const r of read.records) done.set(r.index, JSON.stringify(r));
      if (read.truncated) io.err(`Note: the last line of ${o.out} was cut short (a run stopped mid-write); that battle is played again.`);
    } else if (o.resume) io.err(`Note: ${o.out} is empty or missing: starting the batch.`);
  }
  const todo = indices.filter((i) => !done.has(i));

  // Output: the header, then finished battles in index order as the order allows.
  const toStdout = o.out === undefined;
  const resuming = done.size > 0;
  if (toStdout) io.out(headerLine(header));
  else if (!resuming) io.writeFile(o.out!, `${headerLine(header)}\n`);
  const emit = (line: string) => (toStdout ? io.out(line) : io.appendFile!(o.out!, `${line}\n`));
  const fresh = new Map<number, string>();
  let cursor = 0;
  const flush = () => {
    while (cursor < todo.length && fresh.has(todo[cursor]!)) {
      emit(fresh.get(todo[cursor]!)!);
      cursor++;
    }
  };

  const workers = o.workers ?? availableParallelism();
  const spec: BatchSpec = { setup: inputs.setup, module: inputs.module, options: inputs.options, ...(inputs.tables !== undefined ? { tables: inputs.tables } : {}), masterSeed: o.seed, players };
  io.err(`Simulating ${todo.length} battle(s)${resuming ? ` (${done.size} already done)` : ''} of "${inputs.setup.title}" under ${inputs.module.name}: ${labels[0]} v ${labels[1]}, master seed ${o.seed}${shard[1] > 1 ? `, shard ${shard[0]}/${shard[1]}` : ''}, ${workers === 0 ? 'in this thread' : `${workers} worker(s)`}.`);
  const bar = progress(io, indices.length, done.size);
  const outcome = await runBatch({
    indices: todo,
    workers,
    spec,
    setup: { scenarioText: inputs.scenarioText, ruleset: inputs.module.id, options: inputs.options, ...(inputs.tables !== undefined ? { tables: inputs.tables } : {}), masterSeed: o.seed, players, extraRulesets: extra },
    ...(io.signal ? { signal: io.signal } : {}),
    onLine(index, line) {
      fresh.set(index, line);
      flush();
      bar.tick();
      io.onBattle?.(done.size + fresh.size, indices.length);
    },
  });
  bar.stop();
  if (outcome.error) return fail(1, `A battle failed: ${outcome.error}`);

  // Finished battles beyond a gap (played by a faster worker) are kept too.
  const late = todo.slice(cursor).filter((i) => fresh.has(i));
  for (const i of late) emit(fresh.get(i)!);
  const all = new Map([...done, ...fresh]);
  const lines = [headerLine(header), ...indices.filter((i) => all.has(i)).map((i) => all.get(i)!)];
  const complete = all.size === indices.length;
  // A resumed batch is rewritten in index order: the same bytes as one uninterrupted run.
  if (!toStdout && complete && resuming) io.replaceFile!(o.out!, `${lines.join('\n')}\n`);
  const secs = bar.seconds();
  if (outcome.interrupted) {
    io.err(`Interrupted: ${all.size} of ${indices.length} battles kept${toStdout ? '' : ` in ${o.out}`}; run the same command with --resume to finish.`);
    return { status: 130, result: { header, lines, complete } };
  }
  io.err(`${fresh.size} battle(s) in ${clock(secs)} (${bar.rate().toFixed(1)} battles/s)${toStdout ? '' : ` → ${o.out}`}.`);
  if (o.report !== undefined) {
    const records = lines.slice(1).map((l) => JSON.parse(l) as BattleRecord);
    const report = reportOf(io, header, records, inputs.setup, scenarioPath);
    writeReport(io, o.report, report, inputs.setup);
    for (const v of report.verdict) io.err(v);
    io.err(`Report written to ${o.report}${shard[1] > 1 ? ' (this shard only: `vedette report` merges the shards)' : ''}.`);
  }
  return { status: 0, result: { header, lines, complete } };
}

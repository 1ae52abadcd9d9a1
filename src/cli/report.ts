/**
 * `vedette report <scenario> <batch files…>`: the balance report of a batch, from one file or
 * the shards of one batch played on many machines (merged: the same report as one run). Prints
 * the report as text; `--html <file>` also writes the self-contained page with its charts.
 */
import type { BatchHeader } from '../ai/batch/batchFile';
import { mergeBatches, readBatchText, scenarioHash } from '../ai/batch/batchFile';
import type { BattleRecord } from '../ai/batch/battle';
import { buildReport, type BalanceReport } from '../ai/batch/report';
import { reportText } from '../ai/batch/reportText';
import type { BattleSetup } from '../engine/model';
import { fail, loadInputs, readText, type Io } from './program';
import { balanceReportHtml } from '../render/charts/balancePage';

/** Write the report where asked: an .html page, else text. */
export function writeReport(io: Io, path: string, report: BalanceReport, setup: BattleSetup): void {
  const text = path.toLowerCase().endsWith('.html') || path.toLowerCase().endsWith('.htm') ? balanceReportHtml(report, setup) : `${reportText(report, setup)}\n`;
  try {
    io.writeFile(path, text);
  } catch (e) {
    fail(1, `Cannot write the report "${path}": ${e instanceof Error ? e.message : String(e)}`);
  }
}

export function reportOf(io: Io, header: BatchHeader, records: readonly BattleRecord[], setup: BattleSetup, scenarioPath: string): BalanceReport {
  if (header.scenario.hash !== scenarioHash(setup)) fail(1, `The batch was played on another version of "${header.scenario.title}" than ${scenarioPath}: give the scenario file it was played on.`);
  return buildReport(header, records, setup);
}

export async function reportCommand(io: Io, scenarioPath: string, files: readonly string[], o: { html?: string; ruleset?: string }, extra: readonly string[]): Promise<number> {
  const batches = files.map((name) => {
    const b = readBatchText(readText(io, name, 'batch file'), name);
    if (typeof b === 'string') return fail(1, b);
    if (b.truncated) io.err(`Note: the last line of ${name} was cut short and is left out.`);
    return { name, batch: b };
  });
  const merged = mergeBatches(batches);
  if (typeof merged === 'string') return fail(1, merged);
  const inputs = await loadInputs(io, scenarioPath, { ruleset: o.ruleset ?? merged.header.ruleset }, extra);
  if (merged.missing > 0) io.err(`Note: ${merged.missing} of ${merged.header.battles} battles are missing (shards not given, or a run not finished): the report covers ${merged.records.length}.`);
  const report = reportOf(io, merged.header, merged.records, inputs.setup, scenarioPath);
  io.out(reportText(report, inputs.setup));
  if (o.html !== undefined) {
    writeReport(io, o.html, report, inputs.setup);
    io.err(`Report page written to ${o.html}.`);
  }
  return 0;
}

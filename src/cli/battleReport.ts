/**
 * `vedette report <save> --out report.html`: the battle report of a saved battle — one
 * self-contained HTML page (src/ui/report/battleReport.ts). `--viewer <side>` writes it as that
 * side saw the battle; "both" (the default) needs the battle to be over, since it would show
 * each side the other's hidden orders.
 */
import type { Viewer } from '../engine/view';
import { loadSaveText } from '../scenario/save';
import { battleReportHtml } from '../ui/report/battleReport';
import { fail, problemsText, readText, rulesetsFor, type Io } from './program';

export async function battleReportCommand(io: Io, savePath: string, o: { out?: string; html?: string; viewer?: string }, extra: readonly string[]): Promise<number> {
  const out = o.out ?? o.html;
  if (out === undefined) return fail(2, 'report <save> needs --out <file.html> (where to write the page).');
  const rulesets = await rulesetsFor(io, extra);
  const loaded = loadSaveText(readText(io, savePath, 'save'), rulesets);
  if (!loaded.ok) return fail(1, problemsText(savePath, loaded.problems));
  const v = loaded.value;
  const asked = o.viewer ?? 'both';
  const viewer: Viewer = asked === 'both' ? 'referee' : asked;
  const scenario = v.save.scenario as { description?: unknown };
  const r = battleReportHtml({
    module: v.module,
    setup: v.setup,
    history: v.history,
    seed: v.save.seed,
    viewer,
    ...(typeof scenario.description === 'string' ? { description: scenario.description } : {}),
  });
  if (!r.ok) return fail(1, `${r.message}${asked === 'both' ? ` Use --viewer ${v.setup.sides.map((s) => s.id).join(' or --viewer ')}.` : ''}`);
  try {
    io.writeFile(out, r.html);
  } catch (e) {
    return fail(1, `Cannot write the report "${out}": ${e instanceof Error ? e.message : String(e)}`);
  }
  io.err(`Battle report written to ${out} (${v.history.entries.length} commands, seen by ${asked}).`);
  return 0;
}

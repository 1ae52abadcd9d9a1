/**
 * `npm run bench [-- --only geometry]`: runs the benchmark sections and prints, for each, the
 * median per operation of every figure and then one JSON line {"bench": name, …}. A benchmark
 * is not a test: nothing here fails the build. To add a section, write a BenchSection in
 * src/cli/bench/ and list it in SECTIONS.
 */
import type { BenchSection } from './bench/harness';
import { geometryBench } from './bench/geometry';
import { routPathBench } from './bench/routPath';
import { nwPreviewBench } from './bench/nwPreview';
import { sywDragBench } from './bench/sywDrag';
import { longSaveBench } from './bench/longSave';
import { validateBench } from './bench/validate';
import { aiBench } from './bench/ai';
import { replaySeekBench } from './bench/replaySeek';
import { playtestBench } from './bench/playtest';
import { editorBench } from './bench/editor';
import { mathBench } from './bench/math';
import { shakoBench } from './bench/shako';
import { dogBattleBench } from './bench/dogBattle';

const SECTIONS: readonly BenchSection[] = [geometryBench, routPathBench, nwPreviewBench, sywDragBench, longSaveBench, validateBench, aiBench, replaySeekBench, playtestBench, editorBench, mathBench, shakoBench, dogBattleBench];

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const onlyAt = args.indexOf('--only');
  const only = onlyAt >= 0 ? args[onlyAt + 1]?.split(',') : undefined;
  for (const section of SECTIONS) {
    if (only && !only.includes(section.name)) continue;
    console.log(`bench ${section.name}: ${section.describe}`);
    const t0 = Date.now();
    const report = await section.run((line) => console.log(line));
    const json: Record<string, number | string | boolean> = { bench: section.name };
    for (const f of report.figures) json[f.key] = Number(f.median.toPrecision(4));
    Object.assign(json, report.extra);
    json.seconds = Number(((Date.now() - t0) / 1000).toFixed(1));
    console.log(JSON.stringify(json));
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});

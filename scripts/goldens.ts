/**
 * Writes tests/replay/goldens/expected.json from the committed golden saves: for each save the
 * command count, the final state hash, the event count and a digest of every event. Run it only
 * when a change to a result is intended and explained (`npx tsx scripts/goldens.ts`).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { goldenDir, replayGolden } from '../tests/replay/golden';

const out: Record<string, unknown> = {};
for (const f of readdirSync(goldenDir).filter((f) => f.endsWith('.save.json')).sort()) {
  out[f] = replayGolden(JSON.parse(readFileSync(`${goldenDir}/${f}`, 'utf8')));
}
writeFileSync(`${goldenDir}/expected.json`, JSON.stringify(out, null, 2) + '\n');
console.log(out);

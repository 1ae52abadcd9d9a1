/**
 * Runs the hostile-file corpus (tests/support/hostile.ts): `npx tsx scripts/hostile.ts [count]
 * [--from n]` (default 10,000 files). Each file is validated as the app does and, when
 * accepted, played for 200 commands with the random player, invariants checked, hashed and
 * saved. Prints the figures: accepted, clear errors, crashes, files over 10 s, peak memory.
 */
import { performance } from 'node:perf_hooks';
import { hostileFile, judge } from '../tests/support/hostile';

const args = process.argv.slice(2);
const count = Number(args.find((a) => /^\d+$/.test(a)) ?? 10_000);
const fromAt = args.indexOf('--from');
const from = fromAt >= 0 ? Number(args[fromAt + 1]) : 0;

const tally = { accepted: 0, error: 0, crash: 0, over10s: 0, over200mb: 0 };
let maxGrowMb = 0;
const byShape = new Map<string, { accepted: number; error: number; crash: number }>();
let slowest = { ms: 0, shape: '', i: -1 };
let peakRssMb = 0;
let commands = 0;
const crashes: string[] = [];
const t0 = performance.now();
for (let i = from; i < from + count; i++) {
  const f = hostileFile(i);
  const rss0 = process.memoryUsage().rss;
  const t = performance.now();
  const v = judge(f);
  const ms = performance.now() - t;
  commands += v.commandsPlayed;
  tally[v.outcome]++;
  if (ms > 10_000) tally.over10s++;
  if (ms > slowest.ms) slowest = { ms, shape: f.shape, i };
  const s = byShape.get(f.shape) ?? { accepted: 0, error: 0, crash: 0 };
  s[v.outcome]++;
  byShape.set(f.shape, s);
  if (v.outcome === 'crash' && crashes.length < 20) crashes.push(`#${i} ${f.shape}: ${v.detail}`);
  // The file's own growth of the process (its text, the game, its garbage not yet collected).
  const grewMb = (process.memoryUsage().rss - rss0) / 1e6;
  if (grewMb > 200) tally.over200mb++;
  peakRssMb = Math.max(peakRssMb, process.memoryUsage().rss / 1e6);
  maxGrowMb = Math.max(maxGrowMb, grewMb);
  if ((i - from + 1) % 250 === 0) console.log(`${i - from + 1} files: ${JSON.stringify(tally)} commands ${commands}, slowest ${Math.round(slowest.ms)} ms (${slowest.shape}), peak rss ${Math.round(peakRssMb)} MB, max growth ${Math.round(maxGrowMb)} MB (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
}
console.log('by shape:');
for (const [shape, s] of [...byShape].sort()) console.log(`  ${shape.padEnd(28)} accepted ${s.accepted}, errors ${s.error}, crashes ${s.crash}`);
for (const c of crashes) console.log(`crash ${c}`);
console.log(
  JSON.stringify({
    files: count,
    ...tally,
    commandsPlayed: commands,
    slowestMs: Math.round(slowest.ms),
    slowestShape: slowest.shape,
    slowestFile: slowest.i,
    peakRssMb: Math.round(peakRssMb),
    maxGrowthPerFileMb: Math.round(maxGrowMb),
    maxRssMb: Math.round((process.resourceUsage().maxRSS * 1024) / 1e6),
    seconds: Math.round((performance.now() - t0) / 1000),
  }),
);

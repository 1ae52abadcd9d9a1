/**
 * Benchmark of the Seven Years War table adapter's previewMove, which runs on every pointer move
 * while a unit is dragged. Plays scenarios/seven-years-war-kolin-ridge.json to the attacker's first
 * movement step with the chosen group on Advance, then previews a drag of one unit along a path of
 * small pointer steps (forward, inclining and wheeling), timing each call.
 *
 *   npx tsx scripts/bench-syw-preview.ts [--unit pr-inf-1] [--calls 2000] [--order advance] [--gc]
 *
 * Prints median, 95th, 99th percentile and max (ms), plus the heap allocated per call. With --gc
 * (node --expose-gc) it collects before timing so a GC spike from set-up is not counted. Not a
 * test: timings never go in an assertion. Kept here because src/cli/bench/ is owned elsewhere.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadScenarioText } from '../src/scenario/load';
import { createGame, applyCommand } from '../src/engine/game';
import { registerable, type SeenGame, type PieceMove } from '../src/engine/ruleset';
import { viewFor } from '../src/engine/view';
import type { GameState } from '../src/engine/state';
import { sevenYearsWar } from '../src/rules/seven-years-war';
import type { SywState, Options } from '../src/rules/seven-years-war/state';
import type { Tables } from '../src/rules/seven-years-war/tablesSchema';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : dflt;
};
const unitId = arg('unit', 'pr-inf-1');
const calls = Number(arg('calls', '2000'));
const order = arg('order', 'advance') as SywState['groups'][string]['order'];
const file = arg('scenario', 'scenarios/seven-years-war-kolin-ridge.json');

const SYW = registerable(sevenYearsWar);
const loaded = loadScenarioText(readFileSync(file, 'utf8'));
if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
const created = createGame(SYW, { setup: loaded.value, seed: 1 });
if (!created.ok) throw new Error(JSON.stringify(created.problems));
let s = created.state as GameState<SywState, Options, Tables>;
const unit = s.battle.units.find((u) => u.id === unitId);
if (!unit) throw new Error(`no unit ${unitId}`);
const side = unit.side;
// To the unit's side's movement step.
for (let i = 0; i < 40 && !(s.position.step === 'movement' && s.position.phasing === side); i++) {
  const who = s.position.actors.find((a) => !s.position.done.includes(a));
  if (!who) throw new Error(`stuck at ${s.position.step}`);
  const r = applyCommand(SYW, s, { type: 'endStep', side: who });
  if ('rejected' in r) throw new Error(r.message);
  s = r.state as typeof s;
}
const gid = Object.values(s.ruleset.groups).find((g) => g.units.includes(unitId))!.id;
s = { ...s, ruleset: { ...s.ruleset, groups: { ...s.ruleset.groups, [gid]: { ...s.ruleset.groups[gid]!, order, orderAtPhaseStart: order } } } };
const seen = viewFor(SYW, s, side) as unknown as SeenGame<SywState, Options, Tables>;
const preview = sevenYearsWar.table!.previewMove!;

// A drag: the pointer wanders forward up to 25cm, drifting sideways, with an occasional wheel.
const moves: PieceMove[] = [];
for (let i = 0; i < calls; i++) {
  const t = (i % 250) / 250;
  const wheel = i % 7 === 0;
  moves.push(wheel ? { dxMm: 0, dyMm: 0, dRad: 0.3 * t, pivot: 'right' } : { dxMm: 40 * Math.sin(6 * t), dyMm: (side === 'prussia' ? 1 : -1) * 250 * t, dRad: 0 });
}
for (let i = 0; i < 200; i++) preview(seen, side, unitId, moves[i % moves.length]!); // warm up the JIT
const gc = (globalThis as { gc?: () => void }).gc;
if (process.argv.includes('--gc') && gc) gc();
const times: number[] = [];
let legal = 0;
const heap0 = process.memoryUsage().heapUsed;
let allocated = 0, lastHeap = heap0;
for (const m of moves) {
  const t0 = performance.now();
  const p = preview(seen, side, unitId, m);
  times.push(performance.now() - t0);
  const h = process.memoryUsage().heapUsed;
  if (h > lastHeap) allocated += h - lastHeap;
  lastHeap = h;
  if (p.legal) legal++;
}
times.sort((a, b) => a - b);
const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
console.log(`previewMove ${unitId} (${order}) on ${file}: ${calls} calls, ${legal} legal`);
console.log(`median ${q(0.5).toFixed(3)} ms  p95 ${q(0.95).toFixed(3)} ms  p99 ${q(0.99).toFixed(3)} ms  max ${times[times.length - 1]!.toFixed(3)} ms`);
console.log(`heap grown between calls ~${(allocated / calls / 1024).toFixed(1)} KiB/call (lower bound: GC hides the rest)`);

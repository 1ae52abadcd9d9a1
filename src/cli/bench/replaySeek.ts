/**
 * Replay seek bench (src/engine/replayIndex.ts): the time to show any point of a 2,000-command
 * battle in the replay viewer — the state there (from the nearest snapshot) and the viewer's
 * view of it. The battle is Napoleonic Warfare played by the random player on Eckmühl Ridge
 * widened to six times its armies side by side (the built-in battles end in 200–300 commands;
 * bigger armies make each command dearer too, so this is the hard case). Target: every point
 * in ≤ 100 ms.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createGame } from '../../engine/game';
import { startHistory } from '../../engine/history';
import { indexHistory, SNAPSHOT_EVERY } from '../../engine/replayIndex';
import { viewFor } from '../../engine/view';
import { playRandom } from '../../ai/randomPlayer';
import { makeSampler } from '../../ai/sampler';
import { RULESETS } from '../../rules/registry';
import { loadScenario } from '../../scenario/load';
import type { BenchSection, Figure } from './harness';
import { fmt, seeded } from './harness';

const COMMANDS = 2_000;
const COPIES = 8;

type Json = Record<string, unknown> & { at?: { x: number } };

/** Eckmühl Ridge with its armies repeated `copies` times along a wider table. */
function widened(copies: number): unknown {
  const root = resolve(fileURLToPath(import.meta.url), '../../../..');
  const base = JSON.parse(readFileSync(resolve(root, 'scenarios/napoleonic-warfare-eckmuhl-ridge.json'), 'utf8')) as Record<string, unknown> & {
    table: { widthMm: number }; formations: Json[]; generals: Json[]; units: Json[]; rulesetFields: Record<string, Record<string, unknown>>;
  };
  const w = base.table.widthMm;
  const armies = base.formations.filter((f) => f.level === 'army');
  const out = {
    ...base, table: { ...base.table, widthMm: w * copies }, turnLimit: 99, formations: [...armies], generals: [] as Json[], units: [] as Json[],
    rulesetFields: { 'napoleonic-warfare': { ...base.rulesetFields['napoleonic-warfare'], reserves: [] } },
  };
  for (let k = 0; k < copies; k++) {
    const id = (x: unknown) => (String(x).endsWith('-army') || !k ? String(x) : `${String(x)}-${k}`);
    const at = (p: Json) => ({ ...p.at, x: p.at!.x + w * k });
    out.formations.push(...base.formations.filter((f) => f.level !== 'army').map((f) => ({ ...f, id: id(f.id), parent: id(f.parent) })));
    out.generals.push(...base.generals.map((g) => ({ ...g, id: id(g.id), commands: id(g.commands), at: at(g) })));
    out.units.push(...base.units.map((u) => ({ ...u, id: id(u.id), parent: id(u.parent), at: at(u) })));
  }
  return out;
}

export const replaySeekBench: BenchSection = {
  name: 'replaySeek',
  describe: `time to show any point of a ${COMMANDS.toLocaleString('en')}-command battle in the replay viewer (the state from the nearest snapshot, then the view); target ≤ 100 ms`,
  run(log) {
    const module = RULESETS.find((m) => m.id === 'napoleonic-warfare')!;
    const sc = loadScenario(widened(COPIES));
    if (!sc.ok) throw new Error(`bench scenario: ${sc.problems.map((p) => `${p.path} ${p.message}`).join('; ')}`);
    const created = createGame(module, { setup: sc.value, seed: 2 });
    if (!created.ok) throw new Error('bench scenario: set-up refused');
    const t0 = performance.now();
    const game = playRandom(module, startHistory(created.state, created.events), makeSampler(2), { maxCommands: COMMANDS });
    const n = game.history.entries.length;
    log(`  battle: ${n} commands (${game.stoppedBy}), ${sc.value.units.length} units, played in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
    const q = (xs: number[], p: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
    const figures: Figure[] = [];
    const extra: Record<string, number> = { commands: n };
    // The app's spacing, then a sparser one to show why it is not used.
    for (const every of [SNAPSHOT_EVERY, 8]) {
      const t1 = performance.now();
      const r = indexHistory(module, game.history, every);
      extra[`indexMsEvery${every}`] = Number((performance.now() - t1).toFixed(1));
      const rand = seeded(21);
      const seek: number[] = [];
      for (let i = 0; i < (every === SNAPSHOT_EVERY ? 300 : 60); i++) {
        const k = Math.floor(rand() * (n + 1));
        const a = performance.now();
        viewFor(module, r.stateAt(k), 'fr'); // as the French saw it (the ruleset's view hides the Austrians' orders)
        seek.push(performance.now() - a);
      }
      const tag = every === SNAPSHOT_EVERY ? '' : `Every${every}`;
      const app = every === SNAPSHOT_EVERY;
      figures.push(
        { key: `seekMedianMs${tag}`, label: `snapshot every ${every}: seek to a random point, median`, unit: 'ms', median: q(seek, 0.5) },
        { key: `seekMaxMs${tag}`, label: `snapshot every ${every}: worst of ${seek.length}`, unit: 'ms', median: Math.max(...seek), ...(app ? { target: '≤ 100 ms', ok: Math.max(...seek) <= 100 } : {}) },
      );
      extra[`snapshots${tag || 'App'}`] = r.snapshots;
    }
    for (const f of figures) log(fmt(f));
    return { figures, extra };
  },
};

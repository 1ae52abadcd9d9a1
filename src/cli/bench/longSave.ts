/**
 * Long-save bench (src/engine/history.ts, src/scenario/save.ts): the time to load saves of
 * 5,000, 50,000 and 200,000 commands. No real battle lasts that long, so the saves are for a
 * one-step "drill" ruleset defined here whose only command never ends the game: what is
 * measured is the engine's share of a load (history, replay, save checks), not a ruleset's.
 * Two figures a size: `replay()` of the log, and the whole `loadSaveText` path (parse, schema,
 * scenario, replay, hash check). Target: a 200,000-command save loads in 10 s or less.
 */
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { defineCommand, registerable, type RulesetModule } from '../../engine/ruleset';
import type { Command } from '../../engine/command';
import { replay } from '../../engine/replay';
import { commandLog, currentState } from '../../engine/history';
import { loadScenario } from '../../scenario/load';
import { loadSaveText, makeSave } from '../../scenario/save';
import type { BenchSection, Figure } from './harness';
import { fmt } from './harness';

interface DrillState {
  readonly drills: number;
}

const drill = defineCommand<DrillState, Record<string, never>, Record<string, never>, { type: 'drill'; side: string }>({
  describe: 'Drill once (bench only: changes a counter, never ends the game).',
  schema: z.object({ type: z.literal('drill'), side: z.string() }).strict(),
  handle: (s) => ({ ruleset: { drills: s.ruleset.drills + 1 }, events: [{ type: 'Drilled', count: s.ruleset.drills + 1, rule: 'bench' }] }),
});

const drillModule: RulesetModule<DrillState, Record<string, never>, Record<string, never>> = {
  id: 'bench-drill',
  name: 'Drill (bench only)',
  version: '1',
  measure: { unit: 'mm', mmPerUnit: 1 },
  options: { schema: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>, info: [] },
  tables: { defaults: {}, schema: z.object({}).strict() as unknown as z.ZodType<Record<string, never>> },
  setup: () => ({ ruleset: { drills: 0 } }),
  sequence: { phases: [{ id: 'drill', name: 'Drill', rule: 'bench', steps: [{ id: 'drill', name: 'Drill', actors: 'both', commands: ['drill'] }] }] },
  commands: { drill },
  legalCommands: (_view, side) => [{ type: 'drill', side }],
  victory: () => undefined,
};
const module = registerable(drillModule);

const scenario = {
  format: 'vedette-scenario', version: 1, id: 'bench-drill', title: 'Drill bench', rulesets: ['bench-drill'],
  table: { widthMm: 1000, depthMm: 1000 }, terrain: [],
  sides: [{ id: 'a', name: 'A', nationality: 'A', colour: '#2b4c9b' }, { id: 'b', name: 'B', nationality: 'B', colour: '#eeeeee' }],
  formations: [{ id: 'a-army', name: 'a', side: 'a', level: 'army' }, { id: 'b-army', name: 'b', side: 'b', level: 'army' }],
  generals: [
    { id: 'g-a', name: 'g-a', side: 'a', commands: 'a-army', at: { x: 100, y: 100, facingDeg: 0 }, base: { widthMm: 25, depthMm: 25 } },
    { id: 'g-b', name: 'g-b', side: 'b', commands: 'b-army', at: { x: 900, y: 900, facingDeg: 0 }, base: { widthMm: 25, depthMm: 25 } },
  ],
  units: ['a', 'b'].map((side, i) => ({
    id: `${side}1`, name: `${side}1`, side, parent: `${side}-army`, arm: 'infantry', troopType: 'line-infantry', quality: 'line', formation: 'line', ranks: 1,
    at: { x: 500, y: 300 + 400 * i, facingDeg: 0 }, stands: [{ widthMm: 25, depthMm: 25, figures: 4 }],
  })),
};

const SIZES = [5_000, 50_000, 200_000];

/** Wall and CPU seconds of `f` (on a shared machine the wall time includes waiting for a core; the CPU time does not). */
function timed(f: () => void): { wall: number; cpu: number } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  f();
  const c = process.cpuUsage(c0);
  return { wall: (performance.now() - t0) / 1000, cpu: (c.user + c.system) / 1e6 };
}

export const longSaveBench: BenchSection = {
  name: 'longSave',
  describe: 'load time of saves of 5,000 / 50,000 / 200,000 commands (a drill ruleset that never ends); target 200,000 in ≤ 10 s',
  run(log) {
    const loaded = loadScenario(scenario);
    if (!loaded.ok) throw new Error(`bench scenario: ${loaded.problems.map((p) => p.message).join('; ')}`);
    const figures: Figure[] = [];
    const extra: Record<string, number> = {};
    for (const n of SIZES) {
      const cmds: Command[] = Array.from({ length: n }, (_, i) => ({ type: 'drill', side: i % 2 ? 'b' : 'a' }));
      let rep: ReturnType<typeof replay> | undefined;
      const replayT = timed(() => (rep = replay(module, { setup: loaded.value, seed: 1 }, cmds)));
      if (!rep?.ok) throw new Error('bench replay was refused');
      const state = currentState(rep.history);
      if ((state.ruleset as DrillState).drills !== n || commandLog(rep.history).length !== n) throw new Error('bench replay lost commands');
      const text = JSON.stringify(makeSave({ module, scenario, seed: 1, log: cmds, state }));
      rep = undefined;
      let ok = false;
      const loadT = timed(() => (ok = loadSaveText(text, [module]).ok));
      if (!ok) throw new Error('bench save did not load');
      const k = `${n / 1000}k`;
      const cpu = (t: { cpu: number }) => `CPU ${Math.round(t.cpu * 1000)} ms`;
      figures.push({ key: `replay${k}Ms`, label: `replay() of ${n.toLocaleString('en')} commands; ${cpu(replayT)}`, unit: 'ms', median: replayT.wall * 1000 });
      figures.push({ key: `load${k}Ms`, label: `loadSaveText of ${n.toLocaleString('en')} commands (${(text.length / 1e6).toFixed(1)} MB); ${cpu(loadT)}`, unit: 'ms', median: loadT.wall * 1000, ...(n === 200_000 ? { target: '≤ 10 s', ok: loadT.wall <= 10 } : {}) });
      extra[`replay${k}CpuMs`] = Math.round(replayT.cpu * 1000);
      extra[`load${k}CpuMs`] = Math.round(loadT.cpu * 1000);
      extra[`heapMb${k}`] = Math.round(process.memoryUsage().heapUsed / 1e6);
      log(fmt(figures[figures.length - 2]!));
      log(fmt(figures[figures.length - 1]!));
    }
    return { figures, extra };
  },
};

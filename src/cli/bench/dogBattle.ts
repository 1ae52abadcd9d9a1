/**
 * Death or Glory! bench (src/rules/death-or-glory): the built-in division battle
 * (scenarios/death-or-glory-rodern.json, a Prussian and a French division) played headless to a
 * result in this process, as `vedette play … --auto scripted|random` plays it — CPU time a
 * battle, commands and turns — and the table's drag preview of a battalion (DoG MOVEMENT PHASE
 * through the geometry's movement core: legs, the move traced against every unit and the
 * terrain, the allowance and order limits), as the play UI calls it on every pointer move.
 *
 *   npm run bench -- --only dogBattle [--dog-battles 6]
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { runBattle, type BatchSpec } from '../../ai/batch/battle';
import { parsePlayer, type PlayerSpec } from '../../ai/batch/players';
import { RULESETS } from '../../rules/registry';
import { loadScenarioText } from '../../scenario/load';
import { applyCommand, createGame } from '../../engine/game';
import { registerable, type SeenGame } from '../../engine/ruleset';
import type { GameState } from '../../engine/state';
import { viewFor } from '../../engine/view';
import { deathOrGlory } from '../../rules/death-or-glory';
import type { DogState } from '../../rules/death-or-glory/state';
import type { DogOptions } from '../../rules/death-or-glory/options';
import type { DogTables } from '../../rules/death-or-glory/tables';
import type { BenchSection, Figure } from './harness';
import { fmt, timeOp } from './harness';

const SCENARIO = 'scenarios/death-or-glory-rodern.json';
const DOG = registerable(deathOrGlory);
type St = GameState<DogState, DogOptions, DogTables>;

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

/** Battles of the scenario with `kind` players on both sides, one after another in this process. */
function battles(text: string, kind: 'scripted' | 'random', n: number): { cpuMs: number[]; wallMs: number[]; commands: number; turns: number; results: string[] } {
  const loaded = loadScenarioText(text);
  if (!loaded.ok) throw new Error(`${SCENARIO} does not load`);
  const p = parsePlayer(kind) as PlayerSpec;
  const module = RULESETS.find((r) => r.id === 'death-or-glory')!;
  const spec: BatchSpec = { setup: loaded.value, module, options: {}, masterSeed: 1, players: [p, p] };
  const cpuMs: number[] = [], wallMs: number[] = [], results: string[] = [];
  let commands = 0, turns = 0;
  for (let i = 0; i < n; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const r = runBattle(spec, i);
    wallMs.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpuMs.push((c.user + c.system) / 1000);
    commands += r.commands;
    turns += r.turns;
    results.push(`${r.end === 'result' ? `${r.winner ?? 'draw'} ${r.level}` : r.end} t${r.turns}`);
  }
  return { cpuMs, wallMs, commands, turns, results };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/** The scenario at the initiative's movement step of turn 1 (the first moving side's view). */
function atMovement(text: string): { s: St; side: string } {
  const loaded = loadScenarioText(text);
  if (!loaded.ok) throw new Error(`${SCENARIO} does not load`);
  const g = createGame(DOG, { setup: loaded.value, seed: 1 });
  if (!g.ok) throw new Error(JSON.stringify(g.problems));
  let s = g.state as St;
  for (let i = 0; i < 20 && s.position.step !== 'moveFirst'; i++) {
    const side = s.position.actors.find((a) => !s.position.done.includes(a));
    if (!side) throw new Error(`stuck at ${s.position.step}`);
    const r = applyCommand(DOG, s, { type: 'endStep', side });
    if ('rejected' in r) throw new Error(r.message);
    s = r.state as St;
  }
  return { s, side: s.position.actors[0]! };
}

export const dogBattleBench: BenchSection = {
  name: 'dogBattle',
  describe: `Death or Glory!: ${SCENARIO} played headless to a result (scripted and random), and a battalion's drag preview`,
  run(log) {
    const n = Number(arg('--dog-battles') ?? 6);
    const text = readFileSync(SCENARIO, 'utf8');
    const scripted = battles(text, 'scripted', n);
    const random = battles(text, 'random', n);
    log(`  ${n} battles scripted v scripted: ${scripted.results.join(', ')}`);
    log(`  ${n} battles random v random: ${random.results.join(', ')}`);

    const { s, side } = atMovement(text);
    const view = viewFor(DOG, s, side) as unknown as SeenGame<DogState, DogOptions, DogTables>;
    const preview = deathOrGlory.table!.previewMove!;
    const unit = s.battle.units.find((u) => u.side === side && u.arm === 'infantry' && u.formation === 'line')!;
    // A drag straight ahead by 10-100 m with a little turn, as the pointer moves.
    const facing = unit.stands[0]!.facing;
    const drag = (i: number) => { const d = 10 + (i % 91); return { dxMm: Math.cos(facing) * d, dyMm: Math.sin(facing) * d, dRad: ((i % 7) - 3) * 0.01 }; };
    const sample = preview(view, side, unit.id, drag(40));
    const t = timeOp((i) => (preview(view, side, unit.id, drag(i)).legal ? 1 : 0), { batches: 31, perBatch: 50, warmup: 300 });
    const stands = s.battle.units.reduce((a, u) => a + u.stands.length, 0);

    const figures: Figure[] = [
      { key: 'dogScriptedBattleCpuMs', label: `a scripted battle to a result (CPU, median of ${n})`, unit: 'ms', median: median(scripted.cpuMs) },
      { key: 'dogScriptedBattleWallMs', label: '  the same, wall time', unit: 'ms', median: median(scripted.wallMs) },
      { key: 'dogRandomBattleCpuMs', label: `a random battle to a result (CPU, median of ${n})`, unit: 'ms', median: median(random.cpuMs) },
      { key: 'dogRandomBattleWallMs', label: '  the same, wall time', unit: 'ms', median: median(random.wallMs) },
      { key: 'dogDragPreviewMs', label: `a battalion's drag preview among ${stands} stands and ${s.battle.terrain.length} terrain features (per preview)`, unit: 'ms', median: t.medianUs / 1000 },
      { key: 'dogDragPreviewCpuMs', label: '  the same in CPU time', unit: 'ms', median: t.cpuMedianUs / 1000 },
    ];
    for (const f of figures) log(fmt(f));
    log(`  commands a battle: scripted ${Math.round(scripted.commands / n)}, random ${Math.round(random.commands / n)}; turns a battle: scripted ${(scripted.turns / n).toFixed(1)}, random ${(random.turns / n).toFixed(1)}`);
    log(`  sample preview (${unit.name}, 40 m): legal ${sample.legal}${sample.legal ? '' : ` — ${sample.reason}`}`);
    return { figures, extra: { battles: n, stands, sampleLegal: sample.legal, scriptedCommandsPerBattle: Math.round(scripted.commands / n), randomCommandsPerBattle: Math.round(random.commands / n) } };
  },
};

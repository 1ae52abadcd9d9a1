/**
 * Advanced Shako bench (src/rules/advanced-shako): the built-in battle, Valdemora Ridge (one
 * division a side), played headless to a result by the scripted players on both sides — the CPU a
 * whole battle costs, and per command — and the table previewing a drag of a French column at its
 * division's step (AS 8.0), which traces the move through the geometry's movement core exactly as
 * the command handler would (movement/moves.ts `checkMove`: legs, units met, table edge, terrain,
 * town sectors, allowance; then 7.3.1/8.2 rules and the Defend-order table), without applying it.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadScenario } from '../../scenario/load';
import { applyCommand, createGame } from '../../engine/game';
import { registerable, type SeenGame } from '../../engine/ruleset';
import type { GameState } from '../../engine/state';
import { startHistory } from '../../engine/history';
import { viewFor } from '../../engine/view';
import { advancedShako } from '../../rules/advanced-shako';
import type { ShState } from '../../rules/advanced-shako/state';
import type { ShOptions } from '../../rules/advanced-shako/options';
import type { ShTables } from '../../rules/advanced-shako/tables';
import { makePlayer } from '../../ai/players';
import { playBattle } from '../../ai/player';
import { playerSeed } from '../../ai/sampler';
import type { BenchSection, Figure } from './harness';
import { fmt, timeOp } from './harness';

const AS = registerable(advancedShako);
type St = GameState<ShState, ShOptions, ShTables>;
const SCENARIO = 'scenarios/advanced-shako-valdemora.json';

function setup() {
  const loaded = loadScenario(JSON.parse(readFileSync(SCENARIO, 'utf8')));
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  return loaded.value;
}

/** A new game, stepped (ending steps) until the French division moves. */
function frenchToMove(seed: number): St | undefined {
  const g = createGame(AS, { setup: setup(), seed });
  if (!g.ok) throw new Error(JSON.stringify(g.problems));
  let s = g.state as St;
  for (let i = 0; i < 40; i++) {
    if (s.position.step.startsWith('division') && s.position.actors.includes('french')) return s;
    const side = s.position.actors.find((a) => !s.position.done.includes(a));
    if (!side) return undefined;
    const r = applyCommand(AS, s, { type: 'endStep', side });
    if ('rejected' in r) throw new Error(r.message);
    s = r.state as St;
  }
  return undefined;
}

export const shakoBench: BenchSection = {
  name: 'shako',
  describe: 'Advanced Shako: a headless battle (scripted v scripted) and a drag preview through the movement core',
  run(log) {
    // A whole battle, three seeds: wall and CPU time, commands.
    const battles: { wallMs: number; cpuMs: number; commands: number }[] = [];
    for (const seed of [1, 2, 3]) {
      const g = createGame(AS, { setup: setup(), seed });
      if (!g.ok) throw new Error(JSON.stringify(g.problems));
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const r = playBattle(AS, startHistory(g.state, g.events), { british: makePlayer('scripted', { seed: playerSeed(seed, 0) }), french: makePlayer('scripted', { seed: playerSeed(seed, 1) }) });
      const wallMs = performance.now() - t0;
      const c = process.cpuUsage(c0);
      battles.push({ wallMs, cpuMs: (c.user + c.system) / 1000, commands: r.history.entries.length });
    }
    battles.sort((a, b) => a.cpuMs - b.cpuMs);
    const mid = battles[1]!;
    // The drag preview: a French column dragged straight on by 0.5-9".
    const s = frenchToMove(1);
    if (!s) throw new Error('the bench did not reach the French division\'s step');
    const view = viewFor(AS, s, 'french') as unknown as SeenGame<ShState, ShOptions, ShTables>;
    const preview = advancedShako.table!.previewMove!;
    // A drag straight ahead (the French face up the table) by 0.5-9", of the first French battalion with a clear run.
    const drag = (i: number) => ({ dxMm: 0, dyMm: -(12 + (i % 217)), dRad: 0 });
    const piece = s.battle.units.filter((u) => u.side === 'french' && u.formation === 'column').find((u) => preview(view, 'french', u.id, drag(100)).legal)?.id ?? 'fr-1-39';
    const sample = preview(view, 'french', piece, drag(100));
    const t = timeOp((i) => (preview(view, 'french', piece, drag(i)).legal ? 1 : 0), { batches: 21, perBatch: 40, warmup: 200 });
    const stands = s.battle.units.reduce((a, u) => a + u.stands.length, 0);
    const figures: Figure[] = [
      { key: 'shakoBattleCpuMs', label: `Valdemora, scripted v scripted, to a result (median of 3 seeds: ${mid.commands} commands)`, unit: 'ms', median: mid.cpuMs },
      { key: 'shakoBattleWallMs', label: '  the same in wall time', unit: 'ms', median: mid.wallMs },
      { key: 'shakoCommandCpuMs', label: '  CPU per command (the players\' choosing included)', unit: 'ms', median: mid.cpuMs / Math.max(1, mid.commands) },
      { key: 'shakoDragMs', label: `drag preview of a French column among ${stands} stands (per preview)`, unit: 'ms', median: t.medianUs / 1000 },
      { key: 'shakoDragCpuMs', label: '  the same in CPU time', unit: 'ms', median: t.cpuMedianUs / 1000 },
    ];
    for (const f of figures) log(fmt(f));
    log(`  sample preview of ${piece} (4.4"): legal ${sample.legal}${sample.legal ? '' : ` — ${sample.reason}`}`);
    return { figures, extra: { battles: battles.length, commands: mid.commands, stands, sampleLegal: sample.legal } };
  },
};

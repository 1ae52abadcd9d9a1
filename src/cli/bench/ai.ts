/**
 * AI bench (src/ai): how fast the players play and how often they win.
 *
 *   1. A headless scripted-against-scripted battle of each built-in scenario, start to result
 *      (median of 3 seeds; target ≤ 0.3 s of CPU), beside the engine's own share: replaying the
 *      same command log with no player at all. The CPU time is the figure to read on a shared
 *      machine; the wall time beside it includes waiting for a core.
 *   2. Win rates with 95% Wilson intervals, per ruleset (its first built-in scenario): scripted
 *      against random, the scripted player taking each side in turn (target ≥ 95%), and search
 *      at `--budget` ms a decision (default 100) against scripted (target ≥ 65%). The search
 *      player's budget is measured in this process's CPU time, so that a loaded machine does
 *      not starve it. A draw is not a win. Each figure is also given per side (the hero on side
 *      0 on odd seeds, side 1 on even ones). As many battles as `--battles` (default 200) or the
 *      time cap `--minutes` (default 20 a pairing) allow; the count played is printed with
 *      every figure. `--rulesets nw,syw` limits part 2 to some rulesets; `--pairings scripted`,
 *      `--pairings mirror` (scripted v scripted: the win rate a search no better than its scripts
 *      would show, the reference for search v scripted) or `--pairings search` to some pairings.
 *
 * `npm run bench -- --only ai --battles 40 --minutes 5` runs a shorter version; `--speed-only` times
 * the battles (1) and stops; `--strength-only` skips them; `--scenarios death-or-glory,default` times
 * only the scenarios whose file names begin so.
 */
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makePlayer, type PlayerKind } from '../../ai/players';
import { playBattle } from '../../ai/player';
import { playerSeed } from '../../ai/sampler';
import { SearchPlayer } from '../../ai/searchPlayer';
import { createGame } from '../../engine/game';
import { commandLog, currentState, startHistory } from '../../engine/history';
import { replay } from '../../engine/replay';
import type { AnyRuleset } from '../../engine/ruleset';
import type { BattleSetup } from '../../engine/model';
import { RULESETS } from '../../rules/registry';
import { wilson } from '../../ai/batch/stats';
import { loadScenario } from '../../scenario/load';
import type { BenchSection, Figure } from './harness';
import { fmt } from './harness';

/** Every built-in scenario (the start dialog's list). */
const SCENARIOS = ['default.json', 'napoleonic-warfare-eckmuhl-ridge.json', 'napoleonic-warfare-aspern-essling.json', 'napoleonic-warfare-maida.json', 'napoleonic-warfare-teugn-hausen.json', 'seven-years-war-kolin-ridge.json', 'seven-years-war-rossbach.json', 'battalion-vellarde.json', 'advanced-shako-valdemora.json', 'death-or-glory-rodern.json'];
/** The scenario each ruleset's win rates are measured on, and its short key. */
const STRENGTH: readonly { file: string; key: string }[] = [
  { file: 'default.json', key: 'nw' },
  { file: 'seven-years-war-kolin-ridge.json', key: 'syw' },
  { file: 'death-or-glory-rodern.json', key: 'dog' },
  { file: 'advanced-shako-valdemora.json', key: 'shako' },
  { file: 'battalion-vellarde.json', key: 'bt' },
];

function argValue(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  const v = at >= 0 ? Number(process.argv[at + 1]) : NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

function load(file: string): { module: AnyRuleset; setup: BattleSetup } {
  const loaded = loadScenario(JSON.parse(readFileSync(join('scenarios', file), 'utf8')));
  if (!loaded.ok) throw new Error(`${file} does not load`);
  const module = RULESETS.find((r) => r.id === loaded.value.rulesets[0]);
  if (!module) throw new Error(`${file}: no ruleset`);
  return { module, setup: loaded.value };
}

/** CPU time of this process so far (user and system), ms. */
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** The search player's clock: CPU time, so its budget buys the same thinking on a busy machine. */
const clock = { now: cpuMs };
const argList = (name: string): string[] | undefined => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? (process.argv[at + 1] ?? '').split(',') : undefined;
};

/** The search players' totals over a pairing's battles (SearchPlayer.totals). */
type SearchTotals = SearchPlayer['totals'];

/** One battle: `kinds[i]` commands side i. Returns the winner's index (or -1 for a draw or none) and the time; a search player's totals are added to `totals`. */
function battle(module: AnyRuleset, setup: BattleSetup, seed: number, kinds: readonly [PlayerKind, PlayerKind], budgetMs: number, totals?: { -readonly [K in keyof SearchTotals]: number }) {
  const g = createGame(module, { setup, options: {}, seed });
  if (!g.ok) throw new Error('game not created');
  const sides = g.state.battle.sides.map((s) => s.id);
  const players = Object.fromEntries(sides.map((side, i) => [side, makePlayer(kinds[i]!, { seed: playerSeed(seed, i), clock, budgetMs })]));
  const t0 = performance.now();
  const r = playBattle(module, startHistory(g.state, g.events), players);
  const ms = performance.now() - t0;
  const s = currentState(r.history);
  for (const p of Object.values(players)) if (totals && p instanceof SearchPlayer) for (const k of Object.keys(totals) as (keyof SearchTotals)[]) totals[k] += p.totals[k];
  return { winner: s.result?.winner === undefined ? -1 : sides.indexOf(s.result.winner), ms, history: r.history, refused: r.refused.length };
}

export const aiBench: BenchSection = {
  name: 'ai',
  describe: 'AI players: a scripted battle of each scenario; win rates (95% Wilson) of scripted v random and search v scripted',
  run(log) {
    const figures: Figure[] = [];
    const extra: Record<string, number | string | boolean> = {};
    const want = argValue('--battles', 200), minutes = argValue('--minutes', 20), budgetMs = argValue('--budget', 100);
    // 1. Speed of a whole battle, scripted against scripted: wall time, and the process's CPU
    // time beside it (on a shared machine the wall time includes waiting for a core).
    const onlyScenarios = argList('--scenarios');
    for (const file of process.argv.includes('--strength-only') ? [] : SCENARIOS.filter((f) => !onlyScenarios || onlyScenarios.some((x) => f.startsWith(x)))) {
      const { module, setup } = load(file);
      const times: number[] = [], engine: number[] = [], cpu: number[] = [];
      for (const seed of [1, 2, 3]) {
        const c0 = cpuMs();
        const b = battle(module, setup, seed, ['scripted', 'scripted'], budgetMs);
        cpu.push(cpuMs() - c0);
        times.push(b.ms);
        const t0 = performance.now();
        replay(module, { setup, options: {}, seed }, commandLog(b.history));
        engine.push(performance.now() - t0);
      }
      const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
      const key = file.replace(/\.json$/, '').replace(/[^a-z]+(.)/g, (_m, c: string) => c.toUpperCase());
      const c: Figure = { key: `${key}CpuMs`, label: `scripted v scripted battle, ${file}: CPU time`, unit: 'ms', median: med(cpu), target: '≤ 300 ms', ok: med(cpu) <= 300 };
      figures.push(c);
      log(fmt(c));
      const f: Figure = { key: `${key}Ms`, label: `  wall time of that battle`, unit: 'ms', median: med(times) };
      figures.push(f);
      log(fmt(f));
      const e: Figure = { key: `${key}EngineMs`, label: `  the engine alone replaying that battle's commands`, unit: 'ms', median: med(engine) };
      figures.push(e);
      log(fmt(e));
    }
    if (process.argv.includes('--speed-only')) return { figures, extra };
    // 2. Win rates per ruleset (each ruleset's first built-in scenario).
    const pairings: { name: string; key: string; hero: PlayerKind; foe: PlayerKind; target: string }[] = [
      { name: 'scriptedVsRandom', key: 'scripted', hero: 'scripted', foe: 'random', target: '≥ 95%' },
      // The reference for search v scripted: a search no better than its scripts wins what the
      // scripted player wins against itself from each side in turn (under 50% where draws are common).
      { name: 'scriptedVsScripted', key: 'mirror', hero: 'scripted', foe: 'scripted', target: 'reference for search v scripted' },
      { name: 'searchVsScripted', key: 'search', hero: 'search', foe: 'scripted', target: '≥ 65%' },
    ];
    const onlyRulesets = argList('--rulesets'), onlyPairings = argList('--pairings');
    for (const { file, key } of STRENGTH) {
      if (onlyRulesets && !onlyRulesets.includes(key)) continue;
      const { module, setup } = load(file);
      const sideNames = setup.sides.map((x) => x.id);
      for (const p of pairings) {
        if (onlyPairings && !onlyPairings.includes(p.key)) continue;
        let wins = 0, draws = 0, n = 0, refused = 0;
        const totals = { searches: 0, withAlternatives: 0, scored: 0, changing: 0 };
        const perSide = [{ wins: 0, n: 0 }, { wins: 0, n: 0 }];
        const t0 = performance.now();
        for (let seed = 1; seed <= want && performance.now() - t0 < minutes * 60_000; seed++) {
          // The hero takes each side in turn: side 0 on odd seeds, side 1 on even ones.
          const heroAt = seed % 2 === 1 ? 0 : 1;
          const kinds: [PlayerKind, PlayerKind] = heroAt === 0 ? [p.hero, p.foe] : [p.foe, p.hero];
          const b = battle(module, setup, seed, kinds, budgetMs, totals);
          n++;
          perSide[heroAt]!.n++;
          refused += b.refused;
          if (b.winner === heroAt) {
            wins++;
            perSide[heroAt]!.wins++;
          } else if (b.winner === -1) draws++;
        }
        const w = wilson(wins, n);
        const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
        const sideText = perSide.map((x, i) => { const wi = wilson(x.wins, x.n); return `as ${sideNames[i]} ${x.wins}/${x.n} (${pct(x.n ? x.wins / x.n : 0)}, ${pct(wi.low)}–${pct(wi.high)})`; }).join('; ');
        log(`  ${module.id} ${p.hero} v ${p.foe}${p.hero === 'search' ? ` (${budgetMs} ms of CPU a decision)` : ''}: won ${wins} of ${n} (${pct(n ? wins / n : 0)}, 95% CI ${pct(w.low)}–${pct(w.high)}; ${draws} drawn; target ${p.target}; ${refused} refused commands; ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
        log(`    ${sideText}`);
        if (totals.searches > 0) {
          // What the search did: how often it had a real alternative, how many assignments it scored then, how often it changed a script.
          log(`    search: ${totals.searches} searches (${(totals.searches / n).toFixed(0)} a battle), ${pct(totals.withAlternatives / totals.searches)} with an alternative to score; ${(totals.scored / Math.max(1, totals.withAlternatives)).toFixed(1)} assignments scored in each of those; ${pct(totals.changing / totals.searches)} changed a script`);
          Object.assign(extra, { [`${key}SearchScoredPerSearch`]: Number((totals.scored / Math.max(1, totals.withAlternatives)).toFixed(2)), [`${key}SearchChangingShare`]: Number((totals.changing / totals.searches).toFixed(3)) });
        }
        const k = `${key}${p.name[0]!.toUpperCase()}${p.name.slice(1)}`;
        Object.assign(extra, { [`${k}Won`]: wins, [`${k}Of`]: n, [`${k}Drawn`]: draws, [`${k}Lo`]: Number(w.low.toFixed(3)), [`${k}Hi`]: Number(w.high.toFixed(3)) });
        perSide.forEach((x, i) => Object.assign(extra, { [`${k}Side${i}Won`]: x.wins, [`${k}Side${i}Of`]: x.n }));
      }
    }
    return { figures, extra };
  },
};

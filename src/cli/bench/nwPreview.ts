/**
 * NW drag-preview bench: the table adapter's previewMove (src/rules/napoleonic-warfare/
 * tablePreview.ts), which runs on every pointer move while a unit is dragged, for a 6-stand
 * battalion among 2,000 stands on a 96"×60" table in the Strategic Movement step (NW §21: a
 * wheel of up to 45° then straight ahead, through the geometry movement core). Also the core's
 * own part of it: `traceMove` of the battalion's straight move against the battle's stand and
 * terrain indexes. Figures are medians per preview (one pointer position), in ms: during a drag
 * (the preview keeps traces and fronts between pointer moves while the view is unchanged) and
 * with nothing kept.
 */
import { loadScenario } from '../../scenario/load';
import { createGame } from '../../engine/game';
import { registerable, type PieceMove, type SeenGame } from '../../engine/ruleset';
import { viewFor } from '../../engine/view';
import { findUnit } from '../../engine/battle';
import { napoleonicWarfare } from '../../rules/napoleonic-warfare';
import { seenDraft } from '../../rules/napoleonic-warfare/tablePreview';
import { straight, traceStraight } from '../../rules/napoleonic-warfare/moves';
import { activeUnits } from '../../rules/napoleonic-warfare/core';
import type { NwGameState, NwOptions, NwState } from '../../rules/napoleonic-warfare/types';
import type { NwTables } from '../../rules/napoleonic-warfare/nwTables';
import type { Unit } from '../../engine/model';
import { IN, nwBenchScenario, type BenchUnit } from './nwBenchScenario';
import type { BenchSection, Figure } from './harness';
import { fmt, timeOp } from './harness';


/**
 * The battalion `bn` (6 stands, facing up the table at x 45"-51", y 40") with French lines ahead
 * of it, on its own half (y ≥ 27"), and 399 more 5-stand units filling the table (2,001 stands);
 * the Austrians keep to the far half, so the battalion starts outside Engagement Range.
 */
export function previewBattle(): NwGameState {
  const units: BenchUnit[] = [{ id: 'bn', side: 'fr', x: 48, y: 40, facingDeg: -90, stands: 6 }];
  let n = 0;
  for (let y = 3; y <= 58 && n < 399; y += 1.5)
    for (let x = 5; x <= 91 && n < 399; x += 6.5) {
      if (x > 40 && x < 56 && y > 36 && y < 44) continue;
      const side = y < 24 ? 'au' : y > 30 ? 'fr' : undefined;
      if (!side) continue;
      units.push({ id: `u${n}`, side, x, y, facingDeg: side === 'au' ? 90 : -90, stands: 5 });
      n++;
    }
  const loaded = loadScenario(nwBenchScenario('bench-preview', 'Preview bench', 96, 60, units));
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  const created = createGame(registerable(napoleonicWarfare), { setup: loaded.value, seed: 1 });
  if (!created.ok) throw new Error(JSON.stringify(created.problems));
  const s = created.state as NwGameState;
  // The French part of the Strategic Movement step, the battalion free to move (NW §2, §21).
  return {
    ...s,
    position: { ...s.position, step: 'strategic-move', actors: ['fr'], done: [] },
    ruleset: { ...s.ruleset, orders: {}, units: { ...s.ruleset.units, bn: { ...s.ruleset.units['bn']!, startedOutsideER: true, movedThisTurn: false, movedStrategic: false } } },
  };
}

export const nwPreviewBench: BenchSection = {
  name: 'nwPreview',
  describe: 'NW drag preview (previewMove) of a 6-stand battalion among 2,000 stands, through the geometry movement core',
  run(log) {
    const s = previewBattle();
    const seen = viewFor(registerable(napoleonicWarfare), s, 'fr') as unknown as SeenGame<NwState, NwOptions, NwTables>;
    const preview = napoleonicWarfare.table!.previewMove!;
    // A drag: the pointer goes forward up to 10" (through the French lines ahead), drifting a little, with some wheels.
    const moves: PieceMove[] = [];
    for (let i = 0; i < 250; i++) {
      const t = i / 250;
      moves.push(i % 7 === 0 ? { dxMm: 0, dyMm: -4 * IN * t, dRad: 0.4 * t, pivot: 'right' } : { dxMm: 0, dyMm: -10 * IN * t, dRad: 0 });
    }
    const first = preview(seen, 'fr', 'bn', moves[200]!);
    if (!first.legal) throw new Error(`the bench's drag is refused: ${first.reason}`);
    const d = seenDraft(seen);
    const bn = findUnit(d.battle, 'bn')!;
    const byId = new Map<string, Unit>();
    for (const x of activeUnits(d)) if (x.id !== 'bn') byId.set(x.id, x);
    const figures: Figure[] = [];
    // Warmed for 2,000 pointer moves: a drag is hundreds of pointer moves and a battle many drags, so
    // a player's drags run the code the engine has long since optimised; the figure with nothing kept
    // (below) is a drag's first pointer move.
    const p = timeOp((i) => (preview(seen, 'fr', 'bn', moves[i % moves.length]!).legal ? 1 : 0), { batches: 31, perBatch: 50, warmup: 2000 });
    // Nothing kept: each preview reads a fresh copy of the view (the first pointer move of a drag,
    // or a wheel that gives a new pose at every pointer move).
    const cold = timeOp((i) => (preview({ ...seen }, 'fr', 'bn', moves[i % moves.length]!).legal ? 1 : 0), { batches: 21, perBatch: 5, warmup: 20 });
    const core = timeOp((i) => traceStraight(d, bn, straight(-Math.PI / 2, (10 * IN * (i % 250)) / 250), byId).meetings.length, { batches: 31, perBatch: 100, warmup: 500 });
    figures.push({ key: 'previewMs', label: `drag preview, 6-stand battalion, ${s.battle.units.reduce((a, u) => a + u.stands.length, 0)} stands (per pointer move)`, unit: 'ms', median: p.medianUs / 1000, target: '≤ 0.1 ms', ok: p.medianUs / 1000 <= 0.1 });
    figures.push({ key: 'previewCpuMs', label: '  the same in CPU time (shows waiting for a core when loaded)', unit: 'ms', median: p.cpuMedianUs / 1000 });
    figures.push({ key: 'previewColdMs', label: '  the same with nothing kept from earlier pointer moves (a drag\'s first, a new wheel)', unit: 'ms', median: cold.medianUs / 1000 });
    figures.push({ key: 'coreTraceMs', label: '  of which the core trace of the straight move (traceMove)', unit: 'ms', median: core.medianUs / 1000 });
    for (const f of figures) log(fmt(f));
    log(`  at 8": ${first.readout.map((r) => `${r.label}: ${r.value}`).join('; ')}`);
    return { figures, extra: { stands: s.battle.units.reduce((a, u) => a + u.stands.length, 0), units: s.battle.units.length } };
  },
};

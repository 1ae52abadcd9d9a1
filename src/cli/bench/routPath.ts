/**
 * NW rout-path bench (src/rules/napoleonic-warfare/routPath.ts, NW §20 rout moves): one rout
 * decision (`chooseRoutPath`) for a boxed-in 6-stand line on a 72"×48" table with about 200
 * units. The routers have friendly lines right across their rear, so no wheel or narrower front
 * is clear and every path in the preference order is probed (the worst case). Also a decision
 * for a unit with a clear run (the common case). Figures are medians per decision, in ms.
 */
import { loadScenario } from '../../scenario/load';
import { createGame } from '../../engine/game';
import { registerable } from '../../engine/ruleset';
import { findUnit } from '../../engine/battle';
import { napoleonicWarfare } from '../../rules/napoleonic-warfare';
import { makeDraft } from '../../rules/napoleonic-warfare/core';
import { chooseRoutPath } from '../../rules/napoleonic-warfare/routPath';
import type { NwGameState } from '../../rules/napoleonic-warfare/types';
import { IN, nwBenchScenario, type BenchUnit } from './nwBenchScenario';
import type { BenchSection, Figure } from './harness';
import { fmt, timeOp } from './harness';

/** Rolled rout distance: medium foot 3" + d6, a 6 (NW Movement §3). */
const ROLLED_MM = 9 * IN;


/**
 * The routers `box` (6 stands, x 33"-39", y 20"-21", already turned to face up the table, away
 * from `cause` below them) with friendly 8-stand lines 0.3" behind them (y 17.7"-18.7", x 28"-44"),
 * `open` (4 stands) with nothing behind it, and a field of 4-stand units filling the rest.
 */
export function routBattle(): NwGameState {
  const units: BenchUnit[] = [
    { id: 'box', side: 'fr', x: 36, y: 20, facingDeg: -90, stands: 6 },
    { id: 'cause', side: 'au', x: 36, y: 24, facingDeg: -90, stands: 4 },
    { id: 'rearL', side: 'fr', x: 32, y: 18.7, facingDeg: 90, stands: 8 },
    { id: 'rearR', side: 'fr', x: 40, y: 18.7, facingDeg: 90, stands: 8 },
    { id: 'open', side: 'fr', x: 8, y: 44, facingDeg: 90, stands: 4 },
  ];
  // The field: 4-stand lines 1" apart (2.5" rows) across the table, clear of the box (x 26"-46", y 14"-27").
  let n = 0;
  for (let y = 4; y <= 45 && n < 200; y += 2.5)
    for (let x = 4; x <= 68 && n < 200; x += 5) {
      if (x > 24 && x < 48 && y > 12 && y < 29) continue;
      if (x < 12 && y > 40) continue;
      units.push({ id: `f${n}`, side: n % 2 ? 'au' : 'fr', x, y, facingDeg: y < 24 ? 90 : -90, stands: 4 });
      n++;
    }
  const loaded = loadScenario(nwBenchScenario('bench-rout', 'Rout bench', 72, 48, units));
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  const created = createGame(registerable(napoleonicWarfare), { setup: loaded.value, seed: 1 });
  if (!created.ok) throw new Error(JSON.stringify(created.problems));
  return created.state as NwGameState;
}

const noCtx = { roll: () => { throw new Error('the rout bench does not roll'); }, emit: () => undefined };

export const routPathBench: BenchSection = {
  name: 'routPath',
  describe: 'NW §20 rout path choice (chooseRoutPath) for a boxed-in 6-stand line among ~200 units',
  run(log) {
    const s = routBattle();
    const d = makeDraft(s, noCtx);
    const box = findUnit(d.battle, 'box')!;
    const open = findUnit(d.battle, 'open')!;
    const figures: Figure[] = [];
    const boxed = timeOp(() => chooseRoutPath(d, box, ROLLED_MM).wheelDeg, { batches: 9, perBatch: 3, warmup: 3 });
    const clear = timeOp(() => chooseRoutPath(d, open, ROLLED_MM).wheelDeg, { batches: 15, perBatch: 20, warmup: 20 });
    const choice = chooseRoutPath(d, box, ROLLED_MM);
    figures.push({ key: 'boxedMs', label: `boxed-in 6-stand line, ${d.battle.units.length} units (per decision)`, unit: 'ms', median: boxed.medianUs / 1000, target: '≤ 20 ms', ok: boxed.medianUs / 1000 <= 20 });
    figures.push({ key: 'boxedCpuMs', label: '  the same in CPU time (shows waiting for a core when loaded)', unit: 'ms', median: boxed.cpuMedianUs / 1000 });
    figures.push({ key: 'clearMs', label: 'unit with a clear run (per decision)', unit: 'ms', median: clear.medianUs / 1000 });
    for (const f of figures) log(fmt(f));
    log(`  boxed-in choice: wheel ${choice.wheelDeg}°, frontage ${choice.narrowed?.frontage ?? 'full'}, clear ${choice.clear}, friends ${choice.probe.friends.join(',')}`);
    return { figures, extra: { units: d.battle.units.length, boxedChoice: `${choice.wheelDeg}/${choice.narrowed?.frontage ?? 'full'}/${choice.probe.friends.join(',')}` } };
  },
};

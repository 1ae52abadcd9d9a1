/**
 * SYW drag preview bench (src/rules/seven-years-war/table.ts `previewMove`, SYW (3) Order
 * interpretation p.8, §4 pp.9-10): the table previewing a drag of a group of three 4-stand
 * infantry units on Reserve among about 2,000 stands (a 4m × 2.4m table filled with 4-stand lines,
 * a clear run ahead of the group). Each preview validates the whole move as the command handler
 * would (legs, terrain, every unit it might meet, the order rules), without applying it. The
 * figure is the median per preview, in ms; target ≤ 0.15 ms.
 */
import { loadScenario } from '../../scenario/load';
import { applyCommand, createGame } from '../../engine/game';
import { registerable, type SeenGame } from '../../engine/ruleset';
import type { GameState } from '../../engine/state';
import { viewFor } from '../../engine/view';
import { sevenYearsWar } from '../../rules/seven-years-war';
import type { Options, SywState } from '../../rules/seven-years-war/state';
import type { Tables } from '../../rules/seven-years-war/tablesSchema';
import type { BenchSection, Figure } from './harness';
import { fmt, timeOp } from './harness';

const SYW = registerable(sevenYearsWar);
type St = GameState<SywState, Options, Tables>;

interface Spec { id: string; side: 'blue' | 'red'; x: number; y: number; facingDeg: number }

const TABLE = { widthMm: 4000, depthMm: 2400 };
/** The dragged group: three units side by side, 1cm apart (p.6), at y 600 facing down the table. */
const GROUP = ['g-1', 'g-2', 'g-3'];

export function dragBattle(): St {
  const units: Spec[] = GROUP.map((id, i) => ({ id, side: 'blue' as const, x: 1830 + i * 170, y: 600, facingDeg: 90 }));
  // The field: 4-stand lines (160mm × 15mm) 200mm apart across, 80mm apart up the table; blue in the
  // top half, red in the bottom; the group's corridor (x 1600-2400, y 480-1100) kept clear.
  let n = 0;
  for (let y = 60; y <= 2340; y += 80)
    for (let x = 110; x <= 3890; x += 200) {
      if (x > 1600 && x < 2400 && y > 480 && y < 1100) continue;
      const side = y < 1200 ? 'blue' : 'red';
      units.push({ id: `f${n++}`, side, x, y, facingDeg: side === 'blue' ? 90 : -90 });
    }
  const plain = { training: 'average', psychology: 'none', ability: 'normal' };
  const data = {
    format: 'vedette-scenario', version: 1, id: 'bench-syw-drag', title: 'SYW drag bench', rulesets: ['seven-years-war'],
    table: TABLE, terrain: [],
    sides: [
      { id: 'blue', name: 'Blue', nationality: 'Prussian', colour: '#0000ff' },
      { id: 'red', name: 'Red', nationality: 'Austrian', colour: '#ff0000' },
    ],
    formations: [
      { id: 'blue-army', name: 'Blue army', side: 'blue', level: 'army' },
      { id: 'red-army', name: 'Red army', side: 'red', level: 'army' },
    ],
    generals: [
      { id: 'blue-cinc', name: 'blue-cinc', side: 'blue', commands: 'blue-army', at: { x: 20, y: 20, facingDeg: 90 }, base: { widthMm: 40, depthMm: 40 }, extra: { cinc: true } },
      { id: 'red-cinc', name: 'red-cinc', side: 'red', commands: 'red-army', at: { x: 3980, y: 2380, facingDeg: 90 }, base: { widthMm: 40, depthMm: 40 }, extra: { cinc: true } },
    ],
    units: units.map((u) => ({
      id: u.id, name: u.id, side: u.side, parent: `${u.side}-army`, arm: 'infantry', troopType: 'medium-infantry', quality: 'normal', formation: 'line', ranks: 1,
      at: { x: u.x, y: u.y, facingDeg: u.facingDeg }, stands: Array.from({ length: 4 }, () => ({ widthMm: 40, depthMm: 15 })),
    })),
    rulesetFields: { 'seven-years-war': { attacker: 'blue', counterMix: { blue: [plain, plain, plain], red: [plain, plain, plain] }, groups: [{ id: 'g', units: GROUP, order: 'reserve' }] } },
  };
  const loaded = loadScenario(data);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  const created = createGame(SYW, { setup: loaded.value, seed: 7 });
  if (!created.ok) throw new Error(JSON.stringify(created.problems));
  let s = created.state as St;
  // End steps until blue moves (the attacker's movement step).
  for (let i = 0; i < 40 && !(s.position.step === 'movement' && s.position.actors.includes('blue')); i++) {
    const side = s.position.actors.find((a) => !s.position.done.includes(a));
    if (!side) throw new Error(`stuck at ${s.position.step}`);
    const r = applyCommand(SYW, s, { type: 'endStep', side });
    if ('rejected' in r) throw new Error(r.message);
    s = r.state as St;
  }
  if (s.position.step !== 'movement') throw new Error(`the bench did not reach blue's movement step (at ${s.position.step})`);
  return s;
}

export const sywDragBench: BenchSection = {
  name: 'sywDrag',
  describe: 'SYW drag preview (table previewMove) of a group of three units among ~2,000 stands',
  run(log) {
    const s = dragBattle();
    const view = viewFor(SYW, s, 'blue') as unknown as SeenGame<SywState, Options, Tables>;
    const preview = sevenYearsWar.table!.previewMove!;
    const stands = s.battle.units.reduce((a, u) => a + u.stands.length, 0);
    // A drag: straight down the table by 1-15cm, as the pointer moves.
    const drag = (i: number) => ({ dxMm: 0, dyMm: 10 + (i % 141), dRad: 0 });
    const sample = preview(view, 'blue', 'g-2', drag(50));
    // Warmed for 2,000 pointer moves (a drag is hundreds of them, a battle many drags); the figure with
    // nothing kept is a drag's first pointer move (a fresh view: nothing traced yet).
    const t = timeOp((i) => (preview(view, 'blue', 'g-2', drag(i)).legal ? 1 : 0), { batches: 31, perBatch: 50, warmup: 2000 });
    const cold = timeOp((i) => (preview({ ...view }, 'blue', 'g-2', drag(i)).legal ? 1 : 0), { batches: 21, perBatch: 5, warmup: 20 });
    const figures: Figure[] = [
      { key: 'sywDragMs', label: `group of 3 units among ${stands} stands (per preview)`, unit: 'ms', median: t.medianUs / 1000, target: '≤ 0.15 ms', ok: t.medianUs / 1000 <= 0.15 },
      { key: 'sywDragCpuMs', label: '  the same in CPU time (shows waiting for a core when loaded)', unit: 'ms', median: t.cpuMedianUs / 1000 },
      { key: 'sywDragColdMs', label: '  the same with nothing kept from earlier pointer moves (a drag\'s first)', unit: 'ms', median: cold.medianUs / 1000 },
    ];
    for (const f of figures) log(fmt(f));
    log(`  sample preview (5cm): legal ${sample.legal}${sample.legal ? '' : ` — ${sample.reason}`}`);
    return { figures, extra: { stands, units: s.battle.units.length, sampleLegal: sample.legal } };
  },
};

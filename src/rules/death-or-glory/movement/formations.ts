/**
 * DoG FORMATION CHANGES: the formations each arm takes, laid out by the geometry's formation
 * kernels, and the time each change costs (in turns) from the table by the nation's drill column.
 */
import type { Unit } from '../../../engine/model';
import { layoutLine, layoutColumn, layoutOpenOrder, layoutSquare, type BaseSize } from '../../../geometry/formation';
import { unitFrame } from '../../../geometry/frame';
import { unitOffTable, unitsOverlap, faceCentreOf } from '../../../geometry/units';
import type { Radians, StandFootprint } from '../../../geometry/types';
import type { Battle } from '../../../engine/state';
import type { DogTables } from '../tables';
import { FORMATION_CHANGES, BATTERY_CHANGES, INF_COLS, CAV_COLS, DOUBLE_TIME, FORMATION_RULE } from '../tables';
import { nationOf, hasTag, isConscript, type UnitState } from '../state';

export const INFANTRY_FORMATIONS = ['line', 'column', 'march', 'square', 'skirmish'] as const;
export const CAVALRY_FORMATIONS = ['line', 'column', 'march', 'skirmish'] as const;
export const ARTILLERY_FORMATIONS = ['unlimbered', 'limbered'] as const;
export type Formation = (typeof INFANTRY_FORMATIONS)[number] | (typeof ARTILLERY_FORMATIONS)[number];
export const FORMATION_NAMES: Readonly<Record<string, string>> = { line: 'line', column: 'column of divisions', march: 'column of march', square: 'square', skirmish: 'skirmish order', unlimbered: 'unlimbered', limbered: 'limbered' };

export function formationsOf(u: Pick<Unit, 'arm'>): readonly string[] {
  return u.arm === 'infantry' ? INFANTRY_FORMATIONS : u.arm === 'cavalry' ? CAVALRY_FORMATIONS : ARTILLERY_FORMATIONS;
}

/** The stands of `u` laid out in `f`, with the same front-edge centre and facing. */
export function layoutFor(u: Unit, f: string): StandFootprint[] {
  const fr = unitFrame(u.stands);
  const facing = fr.facing as Radians;
  const front = faceCentreOf(fr, 'front');
  const bases: BaseSize[] = u.stands.map((s) => ({ widthMm: s.widthMm, depthMm: s.depthMm }));
  switch (f) {
    case 'column': return layoutColumn(front, facing, bases, Math.min(2, bases.length));
    case 'march': return layoutColumn(front, facing, bases, 1);
    case 'square': return bases.length >= 4 ? layoutSquare(front, facing, bases) : layoutColumn(front, facing, bases, 2);
    case 'skirmish': return layoutOpenOrder(front, facing, bases, bases[0]!.widthMm, 1);
    default: return layoutLine(front, facing, bases, 1);
  }
}

export function placementProblem(battle: Battle, u: Unit, stands: readonly StandFootprint[]): string | undefined {
  if (unitOffTable(stands, battle.table)) return 'it would not fit on the table';
  const other = battle.units.find((o) => o.id !== u.id && unitsOverlap(stands, o.stands));
  return other ? `it would overlap ${other.name}` : undefined;
}

const KEY: Readonly<Record<string, keyof typeof FORMATION_CHANGES>> = {
  'march/column': 'marchToColumn', 'march/line': 'marchToLine', 'march/square': 'marchToSquare',
  'column/line': 'columnToLine', 'column/square': 'columnToSquare', 'line/square': 'lineToSquare',
};

/**
 * Turns a change costs (DoG FORMATION CHANGES, "and vice versa"), or undefined when the table
 * has none ("-"). Into or out of skirmish order costs the "Into skirmish order" row (RULINGS.md).
 * "Tired, Conscripts, militia, landwehr - take double time".
 */
export function changeTurns(tables: DogTables, u: Unit, st: UnitState, to: string): number | undefined {
  const nation = nationOf(tables, u);
  if (!nation) return undefined;
  let base: number | null | undefined;
  if (u.arm === 'artillery') {
    const horse = hasTag(tables, u, 'horse');
    const col = horse ? CAV_COLS.indexOf(nation.drill.horseArtillery) : INF_COLS.indexOf(nation.drill.footArtillery);
    const row = to === 'unlimbered' ? BATTERY_CHANGES.unlimber : BATTERY_CHANGES.limber;
    base = (horse ? row.horse : row.foot)[col];
  } else {
    const col = u.arm === 'infantry' ? INF_COLS.indexOf(nation.drill.infantry) : CAV_COLS.indexOf(nation.drill.cavalry);
    const from = u.formation;
    const key = from === 'skirmish' || to === 'skirmish' ? 'intoSkirmish' : (KEY[`${from}/${to}`] ?? KEY[`${to}/${from}`]);
    if (!key) return undefined;
    base = FORMATION_CHANGES[key][u.arm === 'infantry' ? 'infantry' : 'cavalry'][col];
  }
  if (base === null || base === undefined) return undefined;
  return isConscript(tables, u) || st.fatigue >= 1 ? base * DOUBLE_TIME : base;
}
export { FORMATION_RULE };

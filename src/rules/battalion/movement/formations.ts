/**
 * BT Movement Phase 3: "Can reform into new formation at the start or end of their movement",
 * laid out by the geometry's formation kernels: Column (2 stands wide), Line (one rank, at least
 * 2 wide), Loose (2" gaps for infantry, 4" for cavalry), Square, Wedge.
 */
import type { Unit } from '../../../engine/model';
import { layoutLine, layoutColumn, layoutOpenOrder, layoutSquare, layoutWedge, type BaseSize } from '../../../geometry/formation';
import { unitFrame } from '../../../geometry/frame';
import { unitOffTable, unitsOverlap, faceCentreOf } from '../../../geometry/units';
import type { Radians, StandFootprint } from '../../../geometry/types';
import { setFormation, setStands, unitIn } from '../../../engine/workingState';
import type { Battle } from '../../../engine/state';
import type { Formation } from '../tables';
import { COLUMN_WIDTH, LOOSE_GAP_IN } from '../tables';
import type { W } from '../state';
import { armOf, inMm } from '../state';
import { withPoses } from './moves';
import { followUnit } from '../special/commanders';

/** The stands of `u` laid out in `f`, with the same front-edge centre and facing. */
export function layoutFor(u: Unit, f: Formation): StandFootprint[] {
  const fr = unitFrame(u.stands);
  const facing = fr.facing;
  const front = faceCentreOf(fr, 'front');
  const bases: BaseSize[] = u.stands.map((s) => ({ widthMm: s.widthMm, depthMm: s.depthMm }));
  switch (f) {
    case 'column': return layoutColumn(front, facing as Radians, bases, COLUMN_WIDTH);
    case 'line': return layoutLine(front, facing as Radians, bases, 1);
    case 'loose': return layoutOpenOrder(front, facing as Radians, bases, inMm(armOf(u) === 'cavalry' ? LOOSE_GAP_IN.cavalry : LOOSE_GAP_IN.infantry), 1);
    case 'square': return layoutSquare(front, facing as Radians, bases);
    case 'wedge': return layoutWedge(front, facing as Radians, bases);
  }
}

/** Why the new layout cannot be placed (another unit, the table edge), or undefined. */
export function placementProblem(battle: Battle, u: Unit, stands: readonly StandFootprint[]): string | undefined {
  if (unitOffTable(stands, battle.table)) return 'it would not fit on the table';
  const other = battle.units.find((o) => o.id !== u.id && unitsOverlap(stands, o.stands));
  return other ? `it would overlap ${other.name}` : undefined;
}

/** Re-form `u` in `f` on the draft (checked by the caller). */
export function reform(w: W, unitId: string, f: Formation): void {
  const u = unitIn(w, unitId)!;
  setStands(w, unitId, withPoses(u.stands, layoutFor(u, f)));
  setFormation(w, unitId, f);
  followUnit(w, unitId);
}

/** BT Square: infantry forming square as cavalry assault (if there is room). */
export function squareUp(w: W, unitId: string, rule: string): void {
  const u = unitIn(w, unitId)!;
  const st = layoutFor(u, 'square');
  const bad = placementProblem(w.battle, u, st);
  if (bad) { w.ctx.emit({ type: 'NoSquare', unit: unitId, why: bad, rule }); return; }
  reform(w, unitId, 'square');
  w.ctx.emit({ type: 'FormationChanged', unit: unitId, formation: 'square', rule });
}

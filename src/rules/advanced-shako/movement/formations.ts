/**
 * Formation changes, laid out by the geometry's formation kernels on the unit's front-edge
 * centre (8.7 Changing Formation: from line to column the stands form behind the anchor; nothing
 * moves ahead of it, which would be forward movement).
 */
import type { Unit } from '../../../engine/model';
import { layoutLine, layoutColumn, layoutOpenOrder, layoutSquare, type BaseSize } from '../../../geometry/formation';
import { unitFrame } from '../../../geometry/frame';
import { unitOffTable, unitsOverlap, faceCentreOf } from '../../../geometry/units';
import { pt, type Radians, type StandFootprint } from '../../../geometry/types';
import { setFormation, setStands, unitIn } from '../../../engine/workingState';
import type { Battle } from '../../../engine/state';
import type { Formation } from '../tables';
import type { W } from '../state';
import { inMm } from '../state';
import { withPoses } from './moves';

export const FORMATION_RULE = 'AS 8.7 Changing Formation';

/** The stands of `u` laid out in `f` on the centre of its front edge, or on `anchor` (the front stand: 11.0). */
export function layoutFor(u: Unit, f: Formation, anchor?: { x: number; y: number }): StandFootprint[] {
  const fr = unitFrame(u.stands);
  const facing = fr.facing as Radians;
  const front = anchor ? pt(anchor.x, anchor.y) : faceCentreOf(fr, 'front');
  const bases: BaseSize[] = u.stands.map((s) => ({ widthMm: s.widthMm, depthMm: s.depthMm }));
  switch (f) {
    case 'column': return layoutColumn(front, facing, bases, 1);
    case 'square': return layoutSquare(front, facing, bases);
    case 'skirmish': return layoutOpenOrder(front, facing, bases, inMm(1), 1);
    default: return layoutLine(front, facing, bases, 1);
  }
}

export function placementProblem(battle: Battle, u: Unit, stands: readonly StandFootprint[], ignore: readonly string[] = []): string | undefined {
  if (unitOffTable(stands, battle.table)) return 'it would not fit on the table';
  const other = battle.units.find((o) => o.id !== u.id && !ignore.includes(o.id) && unitsOverlap(stands, o.stands));
  return other ? `it would overlap ${other.name}` : undefined;
}

export function reform(w: W, unitId: string, f: Formation, stands?: readonly StandFootprint[]): void {
  const u = unitIn(w, unitId)!;
  setStands(w, unitId, withPoses(u.stands, stands ?? layoutFor(u, f)));
  setFormation(w, unitId, f);
}

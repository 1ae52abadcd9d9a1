/**
 * 11.0 and 11.2.4 Massed column attacks: a charger staggered by its target's volley is withdrawn
 * from contact 1/4" (as per the base rules: the charge is stopped). A column must then form line on
 * its front stand if there is room on either side; if not, it stays in column and the neighbouring
 * infantry units that took the room (one each side) are Staggered, and withdrawn 1/4" if they were
 * charging too. Artillery, cavalry and the enemy take room but are unaffected; skirmishers never
 * block, and those the new line covers are driven off as on any contact with Formed units. Columns attacking a town sector need not form line.
 */
import { setStands, unitIn } from '../../../engine/workingState';
import { retire } from '../../../geometry/movement';
import { unitsOverlap, unitOffTable, faceCentreOf } from '../../../geometry/units';
import { unitDistance } from '../../../geometry/measure';
import type { W } from '../state';
import { armOf, inMm, setUs, us } from '../state';
import { frameOf, sectorOf } from '../geo';
import { layoutFor, reform } from '../movement/formations';
import { withPoses } from '../movement/moves';
import { addStagger, fallBack } from '../morale/losses';
import { cos, sin } from '../../../geometry/math';

export const MASSED_RULE = 'AS 11.0 and 11.2.4 Massed column attacks';

function withdraw(w: W, unitId: string): void {
  const u = unitIn(w, unitId);
  if (!u) return;
  const r = retire(u.stands, inMm(w.tables.reach.withdrawIn));
  if (r.ok) setStands(w, unitId, withPoses(u.stands, r.stands));
  setUs(w, unitId, { charge: undefined });
  w.ctx.emit({ type: 'WithdrawnFromContact', unit: unitId, distanceIn: w.tables.reach.withdrawIn, rule: MASSED_RULE });
}

export function massedColumnStaggered(w: W, colId: string): void {
  const col = unitIn(w, colId);
  if (!col) return;
  const target = us(w.rs, colId).charge?.target;
  const tUnit = target ? unitIn(w, target) : undefined;
  withdraw(w, colId);
  if (col.formation !== 'column' || armOf(col) !== 'infantry') return;
  if (tUnit && sectorOf(w.battle, tUnit)) { w.ctx.emit({ type: 'ColumnKept', unit: colId, why: 'attacking a town sector', rule: `${MASSED_RULE} (Massed columns and towns)` }); return; }
  const c = unitIn(w, colId)!;
  const fr = frameOf(c);
  const front = faceCentreOf(fr, 'front');
  const line = layoutFor(c, 'line', front);
  const blockers = w.battle.units.filter((o) => o.id !== colId && o.formation !== 'skirmish' && unitsOverlap(line, o.stands));
  if (blockers.length === 0 && !unitOffTable(line, w.battle.table)) {
    reform(w, colId, 'line', line);
    setUs(w, colId, { noFire: true });
    w.ctx.emit({ type: 'FormationChanged', unit: colId, formation: 'line', involuntary: true, rule: MASSED_RULE });
    // "Skirmishers do not interfere with the change of formation and are withdrawn as per usual rules concerning contact with formed units."
    const c0 = frameOf(unitIn(w, colId)!).centre;
    for (const sk of w.battle.units.filter((o) => o.formation === 'skirmish' && unitsOverlap(line, o.stands))) fallBack(w, sk.id, undefined, { from: c0 });
    return;
  }
  // No room: the column stays; the infantry neighbours that took the room, one each side, are Staggered.
  const across = (o: typeof c) => { const oc = frameOf(o).centre; return -(oc.x - fr.centre.x) * sin(fr.facing) + (oc.y - fr.centre.y) * cos(fr.facing); };
  const friends = blockers.filter((o) => o.side === c.side && armOf(o) === 'infantry');
  const pick = (sign: number) => friends.filter((o) => Math.sign(across(o)) === sign).sort((a, b) => unitDistance(c.stands, a.stands) - unitDistance(c.stands, b.stands))[0];
  w.ctx.emit({ type: 'ColumnKept', unit: colId, why: 'no room to form line', rule: MASSED_RULE });
  for (const n of [pick(-1), pick(1)]) {
    if (!n) continue;
    addStagger(w, n.id, `${c.name} could not form line beside it`, MASSED_RULE);
    if (unitIn(w, n.id) && us(w.rs, n.id).charge) withdraw(w, n.id);
  }
}

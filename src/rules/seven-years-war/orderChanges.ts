/**
 * Order changes and disorder as they happen in play (SYW (3) Orders pp.6-9, 7 Disorder p.16):
 * a group's order changes with its reasons logged, and units are disordered.
 */
import type { OrderName } from './tables/orders';
import { reformToLine } from './reform';
import type { Work } from './work';

/** A group's order changes (logged with why and the rule); pursuit ends with Advance (7 (c) p.16). */
export function changeOrder(w: Work, groupId: string, order: OrderName, why: string, rule: string): void {
  const g = w.group(groupId);
  if (!g || g.order === order) return;
  w.setGroup(groupId, { order, ...(order !== 'advance' ? { pursuing: false } : {}) });
  w.ctx.emit({ type: 'OrderChanged', group: groupId, from: g.order, to: order, why, rule });
  // p.8-9: Advance and Retreat are in line; columns and squares re-form (reform.ts).
  if (order === 'advance' || order === 'retreat') for (const id of g.units) reformToLine(w, id);
}

/** A unit becomes disordered (7 Disorder p.16); disorder from another cause replaces terrain disorder, which would end on leaving the terrain. */
export function disorderUnit(w: Work, unitId: string, why: string, rule: string): void {
  const s = w.unitState(unitId);
  if (!s || (s.disordered && !s.terrainDisorder)) return;
  w.setUnit(unitId, { disordered: true, terrainDisorder: false });
  w.ctx.emit({ type: 'UnitDisordered', unit: unitId, why, rule });
}

/**
 * Moves the rules force on a unit (SYW 7 Rout and Pursuit pp.15-16, 8 p.18 fall backs, §4 p.10
 * interpenetration): pushes, fall backs, rout moves and going off the table.
 */
import type { Stand, Unit } from '../../engine/model';
import { pt } from '../../geometry/types';
import type { TablePoint } from '../../geometry/types';
import type { OrderName } from './tables/orders';
import { ROUT_MOVES } from './tables/movement';
import { INTERPENETRATION } from './tables/terrain';
import { isArtillery, isCavalry, isLightUnit } from './state';
import { CM, centroid, translateStands, rotateStands } from './geo';
import { routGroupMove } from './routGaps';
import type { Work } from './work';
import { pushUntilClear, unitsUnder } from '../../geometry/moveClear';
import { standIndexOf } from '../../geometry/sightCache';
import { changeOrder, disorderUnit } from './orderChanges';
import { noteRout } from './losses';
import { normalise } from './work';
import { atan2, cos, sin } from '../../geometry/math';
import { clampToTable } from '../../geometry/tableEdge';

/** Units (table order) whose stands the placement overlaps (the geometry core, touching is clear): friends may be passed through but not ended on. */
export function blockedBy(w: Work, unitId: string, stands: readonly Stand[]): Unit[] {
  const ids = new Set(unitsUnder(stands, { others: standIndexOf(w.battle.units), ignore: (id) => id === unitId || w.isOff(id) }));
  return ids.size === 0 ? [] : w.battle.units.filter((o) => ids.has(o.id));
}

/**
 * Move a unit straight along `angle` up to `distanceMm` (the geometry core's push): never through
 * enemy (it stops touching the first it meets), through friends (the interpenetration table,
 * p.10) but not ending on one, at the farthest point clear of everyone. Returns how far it got
 * and whether it left the table (it is then placed where it begins to leave, 8 p.18).
 */
export function pushUnit(w: Work, unitId: string, angle: number, distanceMm: number, mode: 'retreat' | 'rout' | 'fallback' | 'pursuit' | 'advance', rule: string): { movedMm: number; offTable: boolean; blockedByEnemy: boolean } {
  const u = w.unit(unitId);
  if (!u) return { movedMm: 0, offTable: false, blockedByEnemy: false };
  const dx = cos(angle), dy = sin(angle);
  const r = pushUntilClear(u.stands, [{ kind: 'translate', dx: dx * distanceMm, dy: dy * distanceMm, distanceMm }], {
    others: standIndexOf(w.battle.units), ignore: (id) => id === unitId || w.isOff(id), table: w.battle.table,
    rule: (m) => (w.unit(m.unitId)?.side === u.side ? 'pass' : 'block'),
  });
  const moved = r.stopMm;
  if (moved > 0) w.replaceStands(unitId, translateStands(u.stands, dx * moved, dy * moved));
  if (r.leavesTableAtMm !== undefined) return { movedMm: moved, offTable: true, blockedByEnemy: false };
  for (const m of r.passed) interpenetrated(w, unitId, m.unitId, mode, rule);
  return { movedMm: moved, offTable: false, blockedByEnemy: r.contact !== undefined };
}

/** Apply the interpenetration table (§4 p.10) when `moverId` passed through friend `otherId`. */
/** `choice`: §4 p.10 light and massed "go to Stand, or Reserve": the moving player's choice (default Reserve). */
export function interpenetrated(w: Work, moverId: string, otherId: string, mode: string, _rule: string, choice: 'stand' | 'reserve' = 'reserve'): void {
  const m = w.unit(moverId), o = w.unit(otherId);
  if (!m || !o) return;
  const mg = w.groupOf(moverId), og = w.groupOf(otherId);
  let key: keyof typeof INTERPENETRATION;
  if (mode === 'rout') key = 'routingThroughAny';
  else if (mode === 'retreat' || mode === 'fallback') key = 'retreatingThroughAny';
  else if (isLightUnit(m) && isLightUnit(o)) key = 'lightThroughLight';
  else if (isLightUnit(m) !== isLightUnit(o)) key = 'lightAndMassed';
  else key = 'massedThroughMassed';
  const row = INTERPENETRATION[key];
  const dis = (v: boolean | 'unlessLight') => v === true || (v === 'unlessLight' && !isLightUnit(m));
  if (dis(row.moverDisordered)) disorderUnit(w, moverId, row.text, row.rule);
  if (dis(row.otherDisordered)) disorderUnit(w, otherId, row.text, row.rule);
  const ord = (v: typeof row.otherOrder): OrderName | null => (v === 'standOrReserve' ? choice : v);
  // §4 p.10 massed through massed: "in which case both parties go to Reserve" belongs to passing through
  // artillery at Stand only; a breakthrough or pursuit through other massed friends only disorders both.
  const orders = key !== 'massedThroughMassed' || (isArtillery(o) && og?.order === 'stand');
  const mo = orders ? ord(row.moverOrder) : null;
  // A unit already routing that routers pass through stays routing: "goes to Stand" does not rally it (second audit).
  const oo = orders && og?.order !== 'rout' ? ord(row.otherOrder) : null;
  // 7 (a) p.16 pursuers move "on Advance orders" and 7 (c) lists what ends a pursuit: pursuers keep pursuing; the friend takes the table's result.
  if (mo && mg && mode !== 'rout' && mode !== 'pursuit') changeOrder(w, mg.id, mo, row.text, row.rule);
  if (oo && og) changeOrder(w, og.id, oo, row.text, row.rule);
  w.ctx.emit({ type: 'UnitsInterpenetrated', mover: moverId, other: otherId, kind: key, rule: row.rule });
}

/** Fall back `mm` directly away from `from` keeping facing (p.18 "fall back 10/20cm immediately"). */
export function fallBack(w: Work, groupId: string, mm: number, from: TablePoint, rule: string): void {
  const g = w.group(groupId);
  if (!g) return;
  const units = w.groupUnits(g);
  const c = centroid(units.flatMap((u) => u.stands));
  const ang = atan2(c.y - from.y, c.x - from.x);
  for (const u of units) {
    const r = pushUnit(w, u.id, ang, mm, 'fallback', rule);
    if (r.offTable) { goOffTable(w, groupId, false, rule); return; }
  }
  w.ctx.emit({ type: 'GroupFellBack', group: groupId, distanceMm: mm, rule });
}

/** Start a rout: free 180° turn away from the enemy, then the first rout move (7 p.15). */
export function startRout(w: Work, groupId: string, from: TablePoint | null, rule: string): void {
  const g = w.group(groupId);
  if (!g) return;
  changeOrder(w, groupId, 'rout', 'routs', rule);
  const units = w.groupUnits(g);
  for (const u of units) {
    disorderUnit(w, u.id, 'routers are disordered', 'SYW 7 Rout (p.15)');
    noteRout(w, u.side, centroid(u.stands));
  }
  const c = centroid(units.flatMap((u) => u.stands));
  const away = from ? atan2(c.y - from.y, c.x - from.x) : homeAngle(w, g.side, c);
  // 7 p.15: the group turns as one body about its centre, so its units keep their contact.
  const turn = normalise(away - units[0]!.stands[0]!.facing);
  for (const u of units) w.replaceStands(u.id, rotateStands(u.stands, c, turn));
  const cav = units.some(isCavalry);
  const d = w.rollSpec(cav ? ROUT_MOVES.firstRout.cavalry : ROUT_MOVES.firstRout.infantry, `First rout move: ${groupId}`, ROUT_MOVES.rule, [groupId]);
  routMove(w, groupId, away, d * CM);
}

/** A rout move along `angle`; routers that leave the table go off it; blocked routers surrender (7 p.15). */
export function routMove(w: Work, groupId: string, angle: number, mm: number): void {
  const g = w.group(groupId);
  if (!g) return;
  // The group as one body, or stand by stand through a gap in one column when that saves it from
  // surrendering; its units keep contact (p.8, 7 p.15-16 "Routers ... always act in groups"; routGaps.ts).
  const r = routGroupMove(w, groupId, angle, mm);
  if (r.offTable) { goOffTable(w, groupId, false, ROUT_MOVES.rule, true); return; }
  w.ctx.emit({ type: 'GroupRouted', group: groupId, distanceMm: mm, rule: ROUT_MOVES.rule });
}

/** Direction to the side's own table edge (nearest of its base edge). */
export function homeAngle(w: Work, side: string, _from: TablePoint): number {
  const own = w.battle.units.filter((u) => u.side === side);
  const zone = w.battle.sides.find((s) => s.id === side)?.deploymentZone;
  const y = zone && zone.length > 0 ? zone.reduce((a, p) => a + p.y, 0) / zone.length : own.length > 0 ? centroid(own.flatMap((u) => u.stands)).y : 0;
  return y > w.battle.table.depthMm / 2 ? Math.PI / 2 : -Math.PI / 2;
}

export function goOffTable(w: Work, groupId: string, pursued: boolean, rule: string, routers = false): void {
  const g = w.group(groupId);
  if (!g) return;
  const c = centroid(w.groupUnits(g).flatMap((u) => u.stands));
  const { x, y } = clampToTable(w.battle.table, c);
  w.setGroup(groupId, { offTable: { x, y, pursued, routers, tested: false }, ...(routers ? {} : { order: 'reserve' as OrderName }) });
  w.ctx.emit({ type: 'GroupLeftTable', group: groupId, at: pt(x, y), rule: 'SYW 8 Groups going off table (p.18)', cause: rule });
}

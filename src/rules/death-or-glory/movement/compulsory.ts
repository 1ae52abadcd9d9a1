/**
 * Moves the rules impose rather than the player chooses, through the movement core's
 * `moveUntilContact`: retiring 50 m facing the enemy (DoG Charge Reaction Test; MORALE "Defending
 * units retire 50m"), evading and routing away from the enemy (DoG Charge Procedure; MORALE
 * "unit breaks and routs during rout phase"), pursuing toward it (DoG CONTROL).
 */
import type { Unit } from '../../../engine/model';
import type { Leg } from '../../../geometry/movement';
import { moveUntilContact } from '../../../geometry/moveCore';
import { standIndexOf, terrainIndexOf } from '../../../geometry/sightCache';
import { unitFrame } from '../../../geometry/frame';
import { rotateStands, translateStands } from '../../../geometry/units';
import type { TablePoint } from '../../../geometry/types';
import { setStands, unitIn } from '../../../engine/workingState';
import type { W } from '../state';
import { centreOf, us, setUs } from '../state';
import { withPoses, rateMm, FATIGUE_RATE } from './moves';
import { destroyUnit } from '../losses';
import { gapMm } from '../geo';
import { atan2, cos, sin } from '../../../geometry/math';

export function nearestEnemy(w: { battle: W['battle'] }, u: Unit, filter: (e: Unit) => boolean = () => true): Unit | undefined {
  let best: Unit | undefined, bd = Infinity;
  for (const e of w.battle.units) {
    if (e.side === u.side || !filter(e)) continue;
    const d = gapMm(u, e);
    if (d < bd) { bd = d; best = e; }
  }
  return best;
}

/** Where a move away from `from` heads: straight back if the cause is in front, else straight away from it. */
function awayAngle(u: Unit, from: TablePoint): number {
  const c = centreOf(u);
  const facing = unitFrame(u.stands).facing;
  const ahead = (from.x - c.x) * cos(facing) + (from.y - c.y) * sin(facing);
  return ahead >= 0 ? facing + Math.PI : atan2(c.y - from.y, c.x - from.x);
}

export interface Shift { readonly movedMm: number; readonly offTable: boolean }

/**
 * Move `u` `distMm` toward `angle` keeping its facing (or turned to face the way it goes), stopping
 * at enemies; friends are passed through when `throughFriends` (routs), else they stop it.
 */
export function shift(w: W, unitId: string, angle: number, distMm: number, opts: { throughFriends: boolean; turnToGo?: boolean }): Shift {
  let u = unitIn(w, unitId);
  if (!u || distMm <= 0) return { movedMm: 0, offTable: false };
  if (opts.turnToGo) {
    const fr = unitFrame(u.stands);
    let d = angle - fr.facing;
    while (d > Math.PI) d -= 2 * Math.PI;
    while (d < -Math.PI) d += 2 * Math.PI;
    if (Math.abs(d) > 1e-6) { setStands(w, u.id, withPoses(u.stands, rotateStands(u.stands, fr.centre, d))); u = unitIn(w, unitId)!; }
  }
  const legs: Leg[] = [{ kind: 'translate', dx: cos(angle) * distMm, dy: sin(angle) * distMm, distanceMm: distMm }];
  const mine = new Set(w.battle.units.filter((x) => x.side === u!.side).map((x) => x.id));
  const stop = moveUntilContact(u.stands, legs, {
    others: standIndexOf(w.battle.units), ignore: (id) => id === unitId, table: w.battle.table, terrain: terrainIndexOf(w.battle.terrain),
    rule: (m) => (m.atStart ? 'ignore' : mine.has(m.unitId) && opts.throughFriends ? 'pass' : 'block'), budgetMm: distMm,
  });
  if (stop.trace.leavesTableAtMm !== undefined && stop.trace.leavesTableAtMm <= stop.stopMm + 1e-6) return { movedMm: stop.trace.leavesTableAtMm, offTable: true };
  // Never end on top of a friend passed through: stop short of it instead.
  let end = stop.stopMm;
  for (const m of stop.passed) if (m.enterMm < end && (m.clearMm === undefined || m.clearMm > end)) end = Math.min(end, m.enterMm);
  const poses = translateStands(u.stands, cos(angle) * end, sin(angle) * end);
  setStands(w, unitId, poses);
  return { movedMm: end, offTable: false };
}

/** Retire `distMm` in good order, facing the enemy (DoG Charge Reaction Test: "retire 50m (in good order and facing the enemy)"). */
export function retire(w: W, unitId: string, from: TablePoint, distMm: number, rule: string): void {
  const u = unitIn(w, unitId);
  if (!u) return;
  const s = shift(w, unitId, awayAngle(u, from), distMm, { throughFriends: false });
  // DoG CONTROL Modifiers "enemy / friends retiring": the turn's record (morale/conduct.ts).
  if (unitIn(w, unitId)) setUs(w, unitId, { retired: true });
  w.ctx.emit({ type: 'Retired', unit: unitId, distanceM: Math.round(s.movedMm), rule });
}

/**
 * The distance of a full move of flight (a rout or an evasion). The text gives none of its own
 * (DoG Charge Procedure "may evade", MORALE How? "breaks and routs during rout phase"; the rout's
 * and evasion's rate is nowhere in it): a unit flees at the rate of the formation it is in
 * (DoG MOVEMENT PHASE allowances, shared/rules/README.md: line 100, column 150, skirmishers 150…),
 * so a line flees at its line rate. HOUSE for the formations that have no rate of their own: a
 * square that breaks flees at the column rate (a mass without a front), and a deployed battery
 * evades at its limbered rate (it limbers up to go). Fatigue cuts it as any move (FATIGUE_RATE), but
 * never to nothing: an utterly exhausted unit still flees at the exhausted rate.
 */
export function fleeRateMm(w: { tables: W['tables']; rs: W['rs'] }, u: Unit): number {
  const f = u.formation === 'square' ? 'column' : u.formation === 'unlimbered' ? 'limbered' : u.formation;
  const fatigue = us(w.rs, u.id).fatigue;
  return rateMm(w.tables, u, f) * (FATIGUE_RATE[Math.min(2, fatigue)] ?? 1);
}

/**
 * A rout or evasion: a full move at the rate of its own formation (`fleeRateMm`) away from the
 * enemy, through friends; off the table it is lost. `share` is the part of the move left to go (a
 * failed charge reaction test's about turn takes a quarter of it first: DoG Charge Reaction Test).
 */
export function flee(w: W, unitId: string, from: TablePoint, rule: string, kind: 'routs' | 'evades', share = 1): void {
  const u = unitIn(w, unitId);
  if (!u) return;
  const dist = share * fleeRateMm(w, u);
  const s = shift(w, unitId, awayAngle(u, from), dist, { throughFriends: true, turnToGo: true });
  w.ctx.emit({ type: kind === 'routs' ? 'Routed' : 'Evaded', unit: unitId, distanceM: Math.round(s.movedMm), offTable: s.offTable, rule });
  if (s.offTable) destroyUnit(w, unitId, 'routed off');
}

/** A pursuit or impetuous charge: a full move toward the nearest enemy, stopping at contact (DoG CONTROL "pursues or charges nearest enemy"). */
export function pursue(w: W, unitId: string, rule: string): void {
  const u = unitIn(w, unitId);
  if (!u) return;
  const e = nearestEnemy(w, u);
  if (!e) return;
  const c = centreOf(u), ec = centreOf(e);
  const angle = atan2(ec.y - c.y, ec.x - c.x);
  const st = us(w.rs, unitId);
  const dist = Math.min(rateMm(w.tables, u), Math.max(0, gapMm(u, e)));
  const s = shift(w, unitId, angle, dist, { throughFriends: false, turnToGo: true });
  w.ctx.emit({ type: 'Pursued', unit: unitId, toward: e.id, distanceM: Math.round(s.movedMm), rule });
  void st;
}

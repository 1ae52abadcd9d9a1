/**
 * What fire and melee do to a unit (established): a stagger, a second stagger a kill; a unit
 * whose kills reach its MR is Broken and removed. 12.1: a unit in Fallback counts as already
 * staggered when it receives fire. Fallback (11.2.5) and Recall (11.4) moves go through the
 * geometry's movement core.
 */
import type { Stand, Unit } from '../../../engine/model';
import type { TablePoint } from '../../../geometry/types';
import { moveUntilContact } from '../../../geometry/moveCore';
import { standIndexOf } from '../../../geometry/sightCache';
import type { Leg } from '../../../geometry/movement';
import { dropUnit, setFormation, setStands, unitIn } from '../../../engine/workingState';
import type { W } from '../state';
import { us, setUs, mrOf, armOf, isFormed, inMm, mmIn, divisionOf } from '../state';
import { frameOf, contactSide } from '../geo';
import { FORMATIONS_OF, withPoses } from '../movement/moves';
import { layoutFor, placementProblem } from '../movement/formations';
import { atan2, cos, sin } from '../../../geometry/math';
import { translateStands } from '../../../geometry/units';
import { withId } from '../../../engine/ids';

export const LOSS_RULE = 'SHAKO staggers and kills (established: a second stagger is a kill; Broken when kills reach MR)';
export const FALLBACK_RULE = 'AS 11.2.5 Direction of Fallback';
export const FALLBACK_DISRUPT_RULE = 'AS 11.2.5 Effect of Fallback on intervening friendly units';
export const DISPERSE_RULE = 'AS 11.2.5 Dispersing units in Fallback status';

/** The unit is Broken and removed from play. */
export function breakUnit(w: W, unitId: string, why: string, rule: string): void {
  const u = unitIn(w, unitId);
  if (!u) return;
  w.rs = { ...w.rs, gone: withId(w.rs.gone, unitId, { side: u.side, troopType: u.troopType, division: divisionOf(w.rs, unitId) ?? '', how: 'broken' }) };
  // 8.5: a square broken with crews in it: the crews are destroyed and the guns removed.
  for (const [id, st] of Object.entries(w.rs.units)) if (st.abandoned?.square === unitId && unitIn(w, id)) breakUnit(w, id, `the square sheltering its crews (${u.name}) broke`, 'AS 8.5 and 11.0 Artillery crews: "withdraw to square!"');
  dropUnit(w, unitId);
  w.ctx.emit({ type: 'UnitBroken', unit: unitId, name: u.name, side: u.side, why, rule });
}

export function addKills(w: W, unitId: string, n: number, cause: string, rule: string): void {
  const u = unitIn(w, unitId);
  if (!u || n <= 0) return;
  const kills = us(w.rs, unitId).kills + n;
  setUs(w, unitId, { kills });
  w.ctx.emit({ type: 'Killed', unit: unitId, kills, cause, rule });
  if (kills >= mrOf(w.tables, u)) breakUnit(w, unitId, `${kills} kills reach its MR of ${mrOf(w.tables, u)}`, LOSS_RULE);
}

/** A stagger: staggered already (or in Fallback, 12.1), it is a kill. */
export function addStagger(w: W, unitId: string, cause: string, rule: string): void {
  const u = unitIn(w, unitId);
  if (!u) return;
  const st = us(w.rs, unitId);
  if (st.staggered || st.fallback !== undefined) { addKills(w, unitId, 1, `${cause} (already ${st.staggered ? 'staggered' : 'in Fallback: 12.1'})`, rule); return; }
  setUs(w, unitId, { staggered: true });
  w.ctx.emit({ type: 'Staggered', unit: unitId, cause, rule });
}

/**
 * 11.2.5: which way a defeated unit withdraws: from a victor at its front or rear, down its flank
 * lines (straight back or on); from one on a flank, along its front/rear lines. Facing is kept.
 */
export function fallbackDirection(u: Unit, winner: Unit | undefined, from?: TablePoint): number {
  const fr = frameOf(u);
  if (!winner) {
    if (!from) return fr.facing + Math.PI;
    return atan2(fr.centre.y - from.y, fr.centre.x - from.x);
  }
  const side = contactSide(u, winner);
  const c = frameOf(winner).centre;
  if (side === 'front') return fr.facing + Math.PI;
  if (side === 'rear') return fr.facing;
  const across = -(c.x - fr.centre.x) * sin(fr.facing) + (c.y - fr.centre.y) * cos(fr.facing);
  return fr.facing + (across > 0 ? -Math.PI / 2 : Math.PI / 2);
}

/**
 * A move straight along `angle` for `distMm` through the core: enemies block; friends are passed
 * through (the mover ends beyond any it would stop on). Returns where it stopped and what it met.
 */
function retrograde(w: W, u: Unit, angle: number, distMm: number) {
  const reach = distMm + inMm(12);
  const legs: Leg[] = [{ kind: 'translate', dx: cos(angle) * reach, dy: sin(angle) * reach, distanceMm: reach }];
  const enemyIds = new Set(w.battle.units.filter((x) => x.side !== u.side).map((x) => x.id));
  const stop = moveUntilContact(u.stands, legs, { others: standIndexOf(w.battle.units), ignore: (id) => id === u.id, table: w.battle.table, rule: (m) => (m.atStart ? 'ignore' : enemyIds.has(m.unitId) ? 'block' : 'pass'), budgetMm: reach });
  let end = distMm;
  for (const m of stop.passed) if (m.enterMm < end && (m.clearMm === undefined || m.clearMm > end)) end = m.clearMm ?? reach;
  const blocked = stop.contact && stop.contact.atMm < end ? stop.contact : undefined;
  if (blocked) end = blocked.atMm;
  const offTable = stop.trace.leavesTableAtMm !== undefined && stop.trace.leavesTableAtMm <= end;
  const at = (mm: number) => translateStands(u.stands, cos(angle) * mm, sin(angle) * mm);
  const stands = at(end);
  // Stopping at the full distance instead (for a line forming column there, 11.2.5): reachable without meeting an enemy or the edge.
  const clearTo = (mm: number) => !(stop.contact && stop.contact.atMm <= mm) && !(stop.trace.leavesTableAtMm !== undefined && stop.trace.leavesTableAtMm <= mm);
  return { end, blocked, offTable, stands, passed: stop.passed.filter((m) => m.enterMm < end), natural: { mm: distMm, clear: clearTo(distMm), stands: at(distMm), passed: stop.passed.filter((m) => m.enterMm < distMm) } };
}

/**
 * 11.2.5 Direction of Fallback: "A unit in line formation Falling-back may form column formation at
 * the end of its retrograde movement ... to fit into a space between friendly units". The path was a
 * line's width; only where the line would not fit at the end of its Fallback (friends there), and a
 * column laid out on the front-centre anchor stand would, does it form column there (RULINGS.md:
 * the engine takes the option whenever it saves the unit from being carried on through its friends).
 */
function columnAtEnd(w: W, u: Unit, r: ReturnType<typeof retrograde>): readonly Stand[] | undefined {
  if (u.formation !== 'line' || !FORMATIONS_OF(u).includes('column') || r.end <= r.natural.mm + 0.5 || !r.natural.clear) return undefined;
  const there = { ...u, stands: r.natural.stands };
  const col = layoutFor(there, 'column');
  if (placementProblem(w.battle, u, col)) return undefined;
  return withPoses(r.natural.stands, col);
}

/**
 * A unit defeated in melee Falls back (11.2.5): away from the victor; Formed friends it contacts in
 * the first 3" are Staggered (a kill if already staggered), skirmishers and artillery unaffected;
 * contact with a Formed enemy, or the table edge, breaks it. `broken`: the unit broke instead; the
 * same effects are measured along a hypothetical 3" Fallback and it is then removed.
 */
export function fallBack(w: W, unitId: string, winner: Unit | undefined, opts: { broken?: boolean; from?: TablePoint } = {}): void {
  const u = unitIn(w, unitId);
  if (!u) return;
  const angle = fallbackDirection(u, winner, opts.from);
  const disruptMm = inMm(w.tables.reach.fallbackDisruptIn);
  const r = retrograde(w, u, angle, opts.broken ? disruptMm : inMm(w.tables.retrograde.fallbackIn));
  const column = opts.broken ? undefined : columnAtEnd(w, u, r);
  // Only Formed units falling back from a melee disrupt their friends (not skirmishers driven off, nor a unit leaving a burning sector).
  if (armOf(u) !== 'artillery' && u.formation !== 'skirmish' && !opts.from) {
    for (const m of column ? r.natural.passed : r.passed) {
      if (m.enterMm > disruptMm) continue;
      const f = unitIn(w, m.unitId);
      if (!f || f.side !== u.side || armOf(f) === 'artillery') continue;
      // "Skirmishers are withdrawn or dispersed as per usual rules pertaining to skirmisher contact with Formed units": driven off, away from the unit falling back.
      if (f.formation === 'skirmish' && us(w.rs, f.id).fallback === undefined) { fallBack(w, f.id, undefined, { from: frameOf(u).centre }); continue; }
      if (!isFormed(w.rs, f)) continue;
      addStagger(w, f.id, `${u.name} ${opts.broken ? 'broke' : 'fell back'} through it`, FALLBACK_DISRUPT_RULE);
    }
  }
  if (opts.broken) return;
  if (column) {
    setStands(w, unitId, column);
    setFormation(w, unitId, 'column');
    setUs(w, unitId, { fallback: w.turn, staggered: false, charge: undefined });
    w.ctx.emit({ type: 'FellBack', unit: unitId, distanceIn: mmIn(r.natural.mm), formedColumn: true, rule: FALLBACK_RULE });
    return;
  }
  if (r.offTable) { breakUnit(w, unitId, 'fell back off the table', FALLBACK_RULE); return; }
  setStands(w, unitId, r.stands);
  setUs(w, unitId, { fallback: w.turn, staggered: false, charge: undefined });
  w.ctx.emit({ type: 'FellBack', unit: unitId, distanceIn: mmIn(r.end), rule: FALLBACK_RULE });
  const enemy = r.blocked ? unitIn(w, r.blocked.meeting.unitId) : undefined;
  if (enemy && isFormed(w.rs, enemy)) breakUnit(w, unitId, `fell back into ${enemy.name}`, DISPERSE_RULE);
}

/** 11.4 Recall: a retrograde move straight back (house distance), or in place when it cannot go; the unit is Blown. */
export function recall(w: W, unitId: string, rule: string): void {
  const u = unitIn(w, unitId);
  if (!u) return;
  const r = retrograde(w, u, frameOf(u).facing + Math.PI, inMm(w.tables.retrograde.recallIn));
  if (!r.offTable && !r.blocked) setStands(w, unitId, r.stands);
  setUs(w, unitId, { blown: w.turn, recalled: true, charge: undefined });
  w.ctx.emit({ type: 'Recalled', unit: unitId, distanceIn: r.offTable || r.blocked ? 0 : mmIn(r.end), rule });
}

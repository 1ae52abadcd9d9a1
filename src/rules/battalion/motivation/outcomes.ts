/**
 * BT Motivation Special Rules and Fallbacks: what a failed motivation check does (fall back,
 * leave the field, or — in square — become disorientated), the fall back move through the
 * geometry's movement core, units leaving the field and the brigade check.
 */
import type { Unit } from '../../../engine/model';
import type { TablePoint } from '../../../geometry/types';
import { moveUntilContact } from '../../../geometry/moveCore';
import { standIndexOf, terrainIndexOf } from '../../../geometry/sightCache';
import type { Leg } from '../../../geometry/movement';
import { dropUnit, setStands, unitIn } from '../../../engine/workingState';
import type { W } from '../state';
import { us, setUs, underHalf, mmIn, otherOf, inMm } from '../state';
import { centreOf } from '../geo';
import { unitFrame } from '../../../geometry/frame';
import { FALLBACK_RULE, MOTIVATION_RULE, MOTIVATION_SPECIAL_RULE, ARMY_COMMANDER_IN, BRIGADE_COMMANDER_IN } from '../tables';
import { greatestMoveMm, normalRateMm, withPoses } from '../movement/moves';
import { motivationCheck } from './checks';
import { armyGeneral, detachAll, followUnit } from '../special/commanders';
import { pointToStandDistance } from '../../../geometry/measure';
import { atan2, cos, sin } from '../../../geometry/math';
import { translateStands } from '../../../geometry/units';
import { withId } from '../../../engine/ids';

/** A unit leaves the battlefield (destroyed, quit after a failed check, or driven off). */
export function leaveField(w: W, unitId: string, how: 'destroyed' | 'quit' | 'driven off', rule: string): void {
  const u = unitIn(w, unitId);
  if (!u) return;
  const st = us(w.rs, unitId);
  w.rs = { ...w.rs, gone: withId(w.rs.gone, unitId, { side: u.side, troopType: u.troopType, stands: st.start, how }) };
  detachAll(w, unitId);
  dropUnit(w, unitId);
  w.ctx.emit({ type: 'UnitLeftField', unit: unitId, name: u.name, side: u.side, how, rule });
  if (w.rs.pending && 'target' in w.rs.pending && w.rs.pending.target === unitId) w.rs = { ...w.rs, pending: undefined };
  brigadeCheck(w, u.parent);
}

/**
 * BT Motivation: "You must take a motivation check for the whole Brigade if 50% of the Brigade’s
 * Battalions have quit the field ... if failed the Brigade quits the field and your opponent
 * automatically wins." Taken each time another battalion goes once half have gone.
 */
export function brigadeCheck(w: W, brigade: string): void {
  const b = w.rs.brigades[brigade];
  if (!b || b.quit || w.rs.brigadeBroken) return;
  const goneCount = b.battalions.filter((id) => !w.battle.units.some((u) => u.id === id)).length;
  if (goneCount * 2 < b.battalions.length || goneCount <= b.checked) return;
  w.rs = { ...w.rs, brigades: withId(w.rs.brigades, brigade, { ...b, checked: goneCount }) };
  const left = w.battle.units.filter((u) => b.battalions.includes(u.id));
  const name = w.battle.formations.find((f) => f.id === brigade)?.name ?? 'A brigade';
  const spec = (again?: string) => ({ dice: 'd6' as const, purpose: `${name}: motivation check for the whole brigade, ${goneCount} of ${b.battalions.length} battalions have quit the field${again ? ` (re-roll: ${again})` : ''}`, rule: MOTIVATION_RULE, target: { value: w.options.motivationTarget, pass: 'atLeast' as const, label: `Motivation ${w.options.motivationTarget}+ (house value)` }, subjects: left.map((u) => u.id) });
  let passed = w.ctx.roll(spec()).passed === true;
  const g = armyGeneral(w, b.side);
  if (!passed && g && left.some((u) => Math.min(...u.stands.map((s) => pointToStandDistance(g.stand.centre, s))) <= inMm(ARMY_COMMANDER_IN))) passed = w.ctx.roll(spec(`${g.name} within ${ARMY_COMMANDER_IN}"`)).passed === true;
  if (passed) return;
  w.rs = { ...w.rs, brigades: withId(w.rs.brigades, brigade, { ...b, checked: goneCount, quit: true }), brigadeBroken: { side: b.side, brigade } };
  w.ctx.emit({ type: 'BrigadeQuit', brigade, name, side: b.side, winner: otherOf(w.battle, b.side), rule: MOTIVATION_RULE });
  for (const u of left) if (unitIn(w, u.id)) leaveField(w, u.id, 'quit', MOTIVATION_RULE);
}

/**
 * A fall back: straight away from `from`, keeping the unit's facing, through the movement core.
 * Enemies stop it; it passes through friends (a unit not in loose order takes a motivation check
 * doing so and is disorientated if it fails: BT Loose Formation); over the table edge, or further
 * than its greatest move including the double, it is driven from the battlefield (BT Fallbacks).
 */
export function fallBack(w: W, unitId: string, distMm: number, from: TablePoint, rule: string): void {
  const u = unitIn(w, unitId);
  if (!u || distMm <= 0) return;
  if (distMm > greatestMoveMm(w.tables, u) + 1e-6) {
    w.ctx.emit({ type: 'FellBack', unit: u.id, distanceIn: mmIn(distMm), rule: FALLBACK_RULE });
    leaveField(w, u.id, 'driven off', `${FALLBACK_RULE}: "further than its movement allowance inc double move"`);
    return;
  }
  // Straight back, keeping its facing, from a cause in front of it; from a cause behind it, straight away from it.
  const c = centreOf(u);
  const facing = unitFrame(u.stands).facing;
  const ahead = (from.x - c.x) * cos(facing) + (from.y - c.y) * sin(facing);
  const ang = ahead >= 0 ? facing + Math.PI : atan2(c.y - from.y, c.x - from.x);
  const reach = distMm + 400;
  const legs: Leg[] = [{ kind: 'translate', dx: cos(ang) * reach, dy: sin(ang) * reach, distanceMm: reach }];
  const enemyIds = new Set(w.battle.units.filter((x) => x.side !== u.side).map((x) => x.id));
  const stop = moveUntilContact(u.stands, legs, {
    others: standIndexOf(w.battle.units), ignore: (id) => id === u.id, table: w.battle.table, terrain: terrainIndexOf(w.battle.terrain),
    rule: (m) => (m.atStart ? 'ignore' : enemyIds.has(m.unitId) ? 'block' : 'pass'), budgetMm: reach,
  });
  // Where the fall back ends: its distance, or later if that would leave it on top of a friend; sooner at an enemy.
  let end = distMm;
  for (const m of stop.passed) if (m.enterMm < end && (m.clearMm === undefined || m.clearMm > end)) end = m.clearMm ?? reach;
  if (stop.contact && stop.contact.atMm < end) end = stop.contact.atMm;
  const through = stop.passed.filter((m) => m.enterMm < end);
  if (stop.trace.leavesTableAtMm !== undefined && stop.trace.leavesTableAtMm <= end) {
    w.ctx.emit({ type: 'FellBack', unit: u.id, distanceIn: mmIn(distMm), rule });
    leaveField(w, u.id, 'driven off', `${FALLBACK_RULE}: off the table`);
    return;
  }
  if (end > greatestMoveMm(w.tables, u) + 1e-6) {
    w.ctx.emit({ type: 'FellBack', unit: u.id, distanceIn: mmIn(end), rule });
    leaveField(w, u.id, 'driven off', `${FALLBACK_RULE}: "further than its movement allowance inc double move" to clear friends`);
    return;
  }
  const poses = legs.length ? withPoses(u.stands, translateStands(u.stands, cos(ang) * end, sin(ang) * end)) : u.stands;
  setStands(w, u.id, poses);
  followUnit(w, u.id);
  w.ctx.emit({ type: 'FellBack', unit: u.id, distanceIn: mmIn(end), rule });
  if (through.length > 0 && u.formation !== 'loose') {
    const moved = unitIn(w, u.id)!;
    if (!motivationCheck(w, moved, { reason: 'fell back through friends', rule: 'BT Loose Formation' })) makeDisorientated(w, u.id, 'failed its check falling back through friends', 'BT Loose Formation');
  }
}

export function makeDisorientated(w: W, unitId: string, why: string, rule: string): void {
  if (!unitIn(w, unitId) || us(w.rs, unitId).disorientated) return;
  setUs(w, unitId, { disorientated: true });
  w.ctx.emit({ type: 'Disorientated', unit: unitId, why, rule });
}

export type FailKind = { readonly kind: 'shooting'; readonly casualties: number; readonly from: TablePoint } | { readonly kind: 'general'; readonly from: TablePoint };

/**
 * BT Motivation Special Rules: a failed check — in square the unit is disorientated instead; under
 * 50% it leaves the field; otherwise it falls back: D3 × casualties after shooting (BT Fallbacks),
 * else "your full movement allowance of your current formation".
 */
export function failedMotivation(w: W, u: Unit, how: FailKind): void {
  if (u.formation === 'square') { makeDisorientated(w, u.id, 'failed a motivation check in square', MOTIVATION_SPECIAL_RULE); return; }
  if (underHalf(w.rs, u)) { leaveField(w, u.id, 'quit', `${MOTIVATION_SPECIAL_RULE}: under 50% and failed`); return; }
  if (how.kind === 'shooting') {
    const r = w.ctx.roll({ dice: 'D3', purpose: `${u.name} falls back D3 × ${how.casualties} casualties`, rule: FALLBACK_RULE, subjects: [u.id], outcome: (v) => `${v.total * how.casualties}"` });
    setUs(w, u.id, { fallBacks: us(w.rs, u.id).fallBacks + 1 });
    fallBack(w, u.id, inMm(r.total * how.casualties), how.from, FALLBACK_RULE);
    return;
  }
  fallBack(w, u.id, normalRateMm(w.tables, u), how.from, MOTIVATION_SPECIAL_RULE);
}

/**
 * BT Motivation: "You must take a motivation check when ... the Brigade Commander has died within
 * 16”": each battalion of his brigade within 16" of where he fell checks; failing, the Special
 * Rules apply (a fall back of its full move, straight back).
 */
export function commanderDiedChecks(w: W, generalId: string): void {
  const c = w.rs.commanders[generalId];
  if (!c || c.kind !== 'brigade' || !c.dead || !c.brigade) return;
  const at = { x: c.dead.x, y: c.dead.y } as TablePoint;
  for (const u0 of w.battle.units.filter((u) => u.parent === c.brigade)) {
    const u = unitIn(w, u0.id);
    if (!u || Math.min(...u.stands.map((s) => pointToStandDistance(at, s))) > inMm(BRIGADE_COMMANDER_IN)) continue;
    if (!motivationCheck(w, u, { reason: 'its brigade commander has died within 16"', rule: MOTIVATION_RULE })) {
      const facing = unitFrame(u.stands).facing;
      const c0 = centreOf(u);
      failedMotivation(w, u, { kind: 'general', from: { x: c0.x + cos(facing), y: c0.y + sin(facing) } as TablePoint });
    }
  }
}

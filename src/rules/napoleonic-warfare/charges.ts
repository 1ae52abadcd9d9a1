/**
 * NW Sequence §12 Charge Declaration and Close Combat §1 Charging or Moving Into Contact:
 * target morale (A), hasty squares (F), fire at chargers (G), proportional movement, contact.
 */
import { findUnit, updateUnit } from '../../engine/battle';
import type { Unit } from '../../engine/model';
import type { Draft } from './types';
import { addDisorder, inMm, isActive, nwu, removeFromPlay, rollD10, scaleOf } from './core';
import { screenStands, bearing, faceStruck, lineUpAgainst, unitCentre, unitDistanceMm, unitFacing, anglesClose, advanceUnit, unitTerrain } from './geom';
import { moraleTest, moraleModifiers, retreatMove, fastMoveMm, faceTowards, runPendingTests } from './morale';
import { walk } from './moves';
import { combatStarter } from './combat';
import { planShots, resolveVolley, applyFireResults } from './fire';
import { recallScreen, relayout } from './formations';
import { captureIfAbandoned, fireAndFlee } from './fireAndFlee';
import { normaliseAngle, rad } from '../../geometry/types';
import { revealAmbush } from './offTable';
import { isAmbushGround } from './setup';
import { AMBUSH_CHARGE_PENALTY } from './tables/movement';
import { chargeRoadMove } from './roads';

/** Record a close combat between attacker a and the unit b it touched. */
export function startCombat(d: Draft, a: string, b: string, o: { charged: boolean; pursuing: boolean; countercharged?: boolean }): void {
  const A = findUnit(d.battle, a), B = findUnit(d.battle, b);
  if (!A || !B || !isActive(d, a) || !isActive(d, b)) return;
  if (captureIfAbandoned(d, b, a)) return;
  if (d.rs.combats.some((c) => (c.a === a && c.b === b) || (c.a === b && c.b === a))) return;
  revealAmbush(d, a, 'it made contact');
  revealAmbush(d, b, 'it was contacted');
  // Skirmish infantry contacted by any but skirmish infantry are destroyed (NW Orders/Retreat note).
  if (B.formation === 'skirmish' && nwu(d, b).profile.foot && !(A.formation === 'skirmish' && nwu(d, a).profile.foot)) {
    removeFromPlay(d, b, 'destroyed', 'skirmishers caught by formed troops', 'NW Orders/Retreat note');
    return;
  }
  let face = faceStruck(A, B);
  const bo = d.rs.orders[b];
  // A unit retreating when contacted counts as hit in flank or rear (NW Orders/Retreat).
  if (bo?.order === 'retreat' && face === 'front') face = 'rear';
  if (B.formation === 'square') face = 'front'; // squares have no flanks or rear (NW §27)
  if ((B.formation === 'rally-square' || B.formation === 'austrian-mass') && face !== 'rear') face = 'front';
  const lined = lineUpAgainst(A, B, face);
  d.battle = updateUnit(d.battle, a, () => lined);
  const c = { id: `cc-${d.turn}-${a}-${b}`, a, b, bFace: face, aFace: 'front' as const, rounds: 0, aCharged: o.charged, bCountercharged: !!o.countercharged, aPursuing: o.pursuing };
  d.rs.combats.push(c);
  d.ctx.emit({ type: 'CloseCombatJoined', combat: c.id, attacker: a, defender: b, face, charged: o.charged, rule: 'NW Close Combat §1' });
  if (face !== 'front') addDisorder(d, b, 1, `contacted in the ${face}`, 'NW §17 Causes of Disorder');
}
combatStarter.startCombat = startCombat;

/** NW §12: turn over all charge markers. */
export function revealCharges(d: Draft): void {
  for (const o of Object.values(d.rs.orders)) {
    if (o.order !== 'charge') continue;
    o.revealed = true;
    // NW §23 Obstacles: ambushers charging out of a gully or ravine pay for it in the charge.
    if (d.rs.units[o.unitId]?.ambush) {
      const u = findUnit(d.battle, o.unitId);
      if (u && unitTerrain(d.battle, u).some(isAmbushGround)) o.fromAmbush = true;
      revealAmbush(d, o.unitId, 'it charged');
    }
    d.ctx.emit({ type: 'OrderRevealed', unit: o.unitId, order: o.order, rule: 'NW Sequence §12 Charge Declaration Phase' });
  }
}

/** NW Fire §5 / Morale §18 G: a d10 against the unmodified To Pass decides close or effective range. */
function fireAtCharger(d: Draft, shooter: Unit, charger: Unit): { hits: number; tens: number; shot?: ReturnType<typeof planShots>[number] } {
  const nu = nwu(d, shooter.id);
  const shots = planShots(d, (u) => u.id === shooter.id).filter((s) => s.target.id === charger.id);
  const shot = shots[0];
  if (!shot) return { hits: 0, tens: 0 };
  const toPass = d.tables.toPass[nu.profile.grade];
  const g = rollD10(d, {
    purpose: `${shooter.name}: at what range does it fire at the charging ${charger.name}?`, rule: 'NW Fire §5; Morale §18 G',
    target: { value: toPass, pass: 'atLeast', label: `unmodified To Pass ${toPass}` }, subjects: [shooter.id], outcome: (v) => (v.passed ? 'close range' : 'effective range'),
  });
  const r = resolveVolley(d, shot, g.passed ? 'close' : 'effective');
  return { ...r, shot };
}

/** Resolve every declared charge (NW §12, Close Combat §1). */
export function resolveCharges(d: Draft): void {
  const charges = Object.values(d.rs.orders).filter((o) => o.order === 'charge' && o.target);
  // Chargers are charging (for fire modifiers and morale column) from the moment they are declared.
  for (const o of charges) nwu(d, o.unitId).charging = true;
  for (const o of charges) {
    const t = d.rs.orders[o.target!];
    if (t?.order === 'charge' && t.target === o.unitId) nwu(d, o.target!).charging = true;
    if (t?.response === 'countercharge') nwu(d, o.target!).countercharging = true;
  }
  const done = new Set<string>();
  for (const o of charges) {
    const cid = o.unitId, tid = o.target!;
    let C = findUnit(d.battle, cid), T = findUnit(d.battle, tid);
    if (!C || !T || !isActive(d, cid) || !isActive(d, tid)) continue;
    const cn = nwu(d, cid), tn = nwu(d, tid);
    const tOrder = d.rs.orders[tid];
    const mutual = tOrder?.order === 'charge' && tOrder.target === cid;
    if (mutual && done.has(tid)) continue; // resolved with the other charge
    done.add(cid);
    const counter = mutual || tn.countercharging;
    // NW §26: skirmishers of a charged (or charging) unit run back and rejoin it.
    for (const [id, x] of [[tid, T], [cid, C]] as const) {
      if (screenStands(x).length === 0) continue;
      const back = recallScreen(x);
      d.battle = updateUnit(d.battle, id, () => back);
      d.ctx.emit({ type: 'ScreenRecalled', unit: id, rule: 'NW §26 Skirmish Formation: if charged, skirmishers retreat and rejoin their unit' });
    }
    T = findUnit(d.battle, tid)!;
    C = findUnit(d.battle, cid)!;
    // Fire and Flee: the guns fire at their charger and the crew run (NW Orders/Fire and Flee).
    let fled = false;
    if (tOrder?.order === 'fire-and-flee' && !tn.abandoned) {
      tOrder.revealed = true;
      fled = fireAndFlee(d, tid, cid);
      runPendingTests(d);
      if (!isActive(d, cid)) continue;
      C = findUnit(d.battle, cid)!;
      T = findUnit(d.battle, tid);
      if (!T) {
        addDisorder(d, cid, 1, 'charge failed to make contact', 'NW Orders/Charge');
        continue;
      }
    }
    // Form Square orders: square forms before the morale test (NW Orders/Form Square).
    if (tOrder?.order === 'form-square' && T.formation !== 'square' && cn.profile.mounted) {
      T = relayout(T, 'square');
      d.battle = updateUnit(d.battle, tid, () => T!);
      d.ctx.emit({ type: 'SquareFormed', unit: tid, rule: 'NW Orders/Form Square' });
    }
    // Deploy responses: face the attacker, or fall back half a move.
    if (tOrder?.response === 'face') {
      T = faceTowards(T, bearing(unitCentre(T), unitCentre(C)));
      d.battle = updateUnit(d.battle, tid, () => T!);
    }
    if (tOrder?.response === 'evade' || (T.formation === 'skirmish' && tn.profile.foot && !counter && !(C.formation === 'skirmish'))) {
      retreatMove(d, tid, cid, false);
      tn.movedThisTurn = true;
    }
    if (tOrder?.response === 'fall-back' && isActive(d, tid)) {
      const back = normaliseAngle(unitFacing(T) + Math.PI);
      const r = walk(d, T, back, inMm(d.tables.movement[d.rs.scale].rows.foot.tacticalIn) / 2, 'fall-back');
      d.battle = updateUnit(d.battle, tid, () => r.unit);
    }
    // Hasty square (NW §18 F): a test; failure only means no square.
    if (tOrder?.response === 'hasty-square' && cn.profile.mounted && isActive(d, tid)) {
      // Failing only means no square: the test's failure table is not applied (NW §27 Rally/Hasty Square).
      const f = hastyTest(d, tid, C.name);
      const nowT = findUnit(d.battle, tid);
      if (f && nowT) {
        const sq = relayout(nowT, tn.profile.nation === 'austrian' ? 'austrian-mass' : 'rally-square');
        d.battle = updateUnit(d.battle, tid, () => sq);
        d.ctx.emit({ type: 'SquareFormed', unit: tid, hasty: true, rule: 'NW §27 Rally/Hasty Square' });
      }
    }
    // Morale test for the charged unit if it is not charging or countercharging (NW §18 A).
    let tFled = false;
    T = findUnit(d.battle, tid);
    if (T && isActive(d, tid) && !counter && tOrder?.response !== 'evade' && !fled && !tn.abandoned) {
      const inOpenVsHorse = cn.profile.mounted && tn.profile.foot;
      const res = moraleTest(d, tid, 'A', `charged by ${C.name}${inOpenVsHorse ? ' (foot charged by horse)' : ''}`, { cause: cid, vsMounted: cn.profile.mounted });
      if (!res.passed && res.outcome && (res.outcome.kind === 'retreat' || res.outcome.kind === 'rout' || res.outcome.kind === 'disperse-or-surrender')) tFled = true;
    }
    // Fire at the charger by the target (if it stood and did not countercharge), and charger fire.
    T = findUnit(d.battle, tid);
    C = findUnit(d.battle, cid);
    if (T && C && isActive(d, tid) && !tFled && !counter && !tn.profile.mounted && !fled && !tn.abandoned) {
      const r = fireAtCharger(d, T, C);
      if (r.shot) applyFireResults(d, [{ shot: r.shot, hits: r.hits, tens: r.tens }]);
    }
    if (T && C && isActive(d, cid) && cn.profile.foot && isActive(d, tid)) {
      const shots = planShots(d, (u) => u.id === cid).filter((s) => s.target.id === tid);
      if (shots[0]) {
        const r = resolveVolley(d, shots[0]);
        applyFireResults(d, [{ shot: shots[0], hits: r.hits, tens: r.tens }]);
      }
    }
    // Stand losses from that fire test now, the charger on the charging column (NW §18 C, §19).
    runPendingTests(d);
    C = findUnit(d.battle, cid);
    T = findUnit(d.battle, tid);
    if (!C || !isActive(d, cid)) continue;
    if (nwu(d, cid).morale === 'routed') continue;
    const halted = nwu(d, cid).chargeHalt;
    if (!T || !isActive(d, tid)) {
      addDisorder(d, cid, 1, 'charge failed to make contact', 'NW Orders/Charge');
      continue;
    }
    if (halted === 'halt') continue;
    // Movement: proportional when countercharging (NW Sequence §12 Note on Simultaneous Movement).
    let cDist = fastMoveMm(d, C, 'charge');
    if (d.rs.orders[cid]?.fromAmbush) {
      // NW §23 Obstacles: "disordered when they charge out and their charge move will be penalized by a d6".
      const pen = d.ctx.roll({ dice: 'd6', purpose: `${C.name} charges out of ambush: charge move −d6`, rule: AMBUSH_CHARGE_PENALTY.rule, subjects: [cid], outcome: (v) => `−${v.total}"` });
      cDist = Math.max(0, cDist - inMm(pen.total));
      addDisorder(d, cid, 1, 'charged out of ambush in a gully or ravine', AMBUSH_CHARGE_PENALTY.rule);
      C = findUnit(d.battle, cid)!;
    }
    let tDist = counter && isActive(d, tid) ? fastMoveMm(d, T, mutual ? 'charge' : 'countercharge') : 0;
    const gap = unitDistanceMm(C, T);
    // NW §23 Roads: "Units that spend their entire Movement Phase moving along a road … Charge … one and
    // a half times their normal distance, ignoring all effects of any terrain" (Road Column only).
    const cRoad = chargeRoadMove(d, C, T, cDist, gap);
    cDist = cRoad.distMm;
    const tRoad = tDist > 0 ? chargeRoadMove(d, T, C, tDist, gap) : { road: false, distMm: 0 };
    tDist = tRoad.distMm;
    const enemyCharging = counter;
    if (halted === 'halt-short') {
      // Halt 1" short unless the enemy is charging or countercharging: then halt in place.
      if (!enemyCharging) {
        const stop = Math.max(0, Math.min(cDist, gap - inMm(scaleOf(d).chargeHaltShortIn)));
        const dir = bearing(unitCentre(C), unitCentre(T));
        const moved = walk(d, faceTowards(C, dir), rad(dir), stop, 'charge', { roadColumn: cRoad.road });
        d.battle = updateUnit(d.battle, cid, () => moved.unit);
      }
      continue;
    }
    if (cDist + tDist + 0.5 < gap) {
      // Short: each covers its own distance; the charger is disordered.
      const dir = bearing(unitCentre(C), unitCentre(T));
      const moved = walk(d, faceTowards(C, dir), rad(dir), cDist, 'charge', { roadColumn: cRoad.road });
      d.battle = updateUnit(d.battle, cid, () => moved.unit);
      if (tDist > 0) {
        const back = bearing(unitCentre(T), unitCentre(moved.unit));
        const tm = walk(d, faceTowards(T, back), rad(back), tDist, 'charge', { roadColumn: tRoad.road });
        d.battle = updateUnit(d.battle, tid, () => tm.unit);
        addDisorder(d, tid, 1, 'countercharge failed to make contact', 'NW Orders/Charge');
      }
      if (moved.contacts.length > 0) startCombat(d, cid, moved.contacts[0]!, { charged: true, pursuing: false });
      else addDisorder(d, cid, 1, 'charge failed to make contact', 'NW Orders/Charge');
      continue;
    }
    // Contact: the charger meets the target where their proportional moves cross.
    const share = tDist > 0 ? gap * (cDist / (cDist + tDist)) : gap;
    const dir = bearing(unitCentre(C), unitCentre(T));
    if (tDist > 0) {
      const back = bearing(unitCentre(T), unitCentre(C));
      const tm = advanceUnit(faceTowards(T, back), Math.max(0, gap - share), rad(back));
      d.battle = updateUnit(d.battle, tid, () => tm);
      T = tm;
    }
    const Cturned = anglesClose(unitFacing(C), dir, 45) ? C : faceTowards(C, dir);
    d.battle = updateUnit(d.battle, cid, () => Cturned);
    startCombat(d, cid, tid, { charged: true, pursuing: false, countercharged: tDist > 0 });
  }
  runPendingTests(d);
}

/** NW §18 F: the hasty square test — passing forms it, failing has no other effect. */
function hastyTest(d: Draft, tid: string, against: string): boolean {
  const u = findUnit(d.battle, tid)!;
  const nu = nwu(d, tid);
  const toPass = d.tables.toPass[nu.profile.grade];
  const r = rollD10(d, {
    purpose: `Morale test (F) for ${u.name}: forming hasty square against ${against}`, rule: 'NW Morale §18 F; §27',
    modifiers: moraleModifiers(d, u, { vsMounted: false }), target: { value: toPass, pass: 'atLeast', label: `To Pass ${toPass}+` },
    subjects: [tid], outcome: (v) => (v.passed ? 'square formed' : 'no square (no other effect)'),
  });
  return !!r.passed;
}


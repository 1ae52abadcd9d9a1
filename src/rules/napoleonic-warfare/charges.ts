/**
 * NW Sequence §12 Charge Declaration and Close Combat §1 Charging or Moving Into Contact:
 * target morale (A), hasty squares (F), fire at chargers (G), proportional movement, contact.
 */
import { enfiladeFace } from './enfilade';
import { findUnit, updateUnit } from '../../engine/battle';
import type { Unit } from '../../engine/model';
import type { Draft } from './types';
import { addDisorder, inMm, isActive, nwu, removeFromPlay, rollD10, scaleOf } from './core';
import { screenStands, lineUpAgainst, unitDistanceMm, unitFacing, unitTerrain } from './geom';
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
import { applyDropBack, planDropBack, type DropBackPlan } from './dropBack';
import { moveChargesTogether, type ChargeLeg, type LegStop } from './chargeMovement';
import { formOrderedSquares } from './formSquare';
import { faceAttacker } from './faceResponse';

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
  let face = enfiladeFace(d, A, B); // NW §3 Enfilade: behind the front before any movement this turn
  const bo = d.rs.orders[b];
  // "... they count as being hit in the flank or rear, and are destroyed if they are Skirmishing
  // Infantry" (NW Orders/Retreat): by skirmish infantry too (formed troops destroy them above).
  if (bo?.order === 'retreat' && !bo.cancelled && B.formation === 'skirmish' && nwu(d, b).profile.foot) {
    removeFromPlay(d, b, 'destroyed', 'retreating skirmishers caught', 'NW Orders/Retreat');
    return;
  }
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

type ShotResult = { shot: ReturnType<typeof planShots>[number]; hits: number; tens: number };

/**
 * NW Fire §5 / Morale §18 G: a d10 against the unmodified To Pass decides close or effective range.
 * A unit charged by several units fires once: each front stand at the nearest of them (RULINGS).
 */
function fireAtChargers(d: Draft, shooter: Unit, chargers: readonly string[]): ShotResult[] {
  const nu = nwu(d, shooter.id);
  const shots = planShots(d, (u) => u.id === shooter.id).filter((s) => chargers.includes(s.target.id));
  if (shots.length === 0) return [];
  const toPass = d.tables.toPass[nu.profile.grade];
  const g = rollD10(d, {
    purpose: `${shooter.name}: at what range does it fire at the charging ${shots.map((s) => s.target.name).join(' and ')}?`, rule: 'NW Fire §5; Morale §18 G',
    target: { value: toPass, pass: 'atLeast', label: `unmodified To Pass ${toPass}` }, subjects: [shooter.id], outcome: (v) => (v.passed ? 'close range' : 'effective range'),
  });
  return shots.map((shot) => ({ shot, ...resolveVolley(d, shot, g.passed ? 'close' : 'effective') }));
}

/** NW Fire §5: "Chargers or counterchargers always fire at the range at which they start their charge from." */
function chargerFire(d: Draft, shooter: string, at: string): ShotResult[] {
  if (!nwu(d, shooter).profile.foot || !isActive(d, shooter) || !isActive(d, at)) return [];
  return planShots(d, (u) => u.id === shooter).filter((s) => s.target.id === at).map((shot) => ({ shot, ...resolveVolley(d, shot) }));
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
  // NW Orders/Form Square: charged Form Square units stand in square before any morale test.
  formOrderedSquares(d, (x) => charges.some((c) => c.target === x.unitId));
  const done = new Set<string>();
  const testedA = new Set<string>();
  const firedAtChargers = new Set<string>();
  const fledFrom = new Set<string>();
  const chargerFired = new Set<string>();
  const legs: ChargeLeg[] = [];
  const chargersOf = (id: string) => charges.filter((c) => c.target === id && isActive(d, c.unitId)).map((c) => c.unitId);
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
    // A charger charged in turn by another unit is charging: no test A, no fire at chargers (NW §18 A, Orders/Charge).
    const tCharging = tOrder?.order === 'charge' && !!tOrder.target;
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
    // Deploy responses: face the attacker, or fall back half a move.
    // NW Orders/Deploy; §25: a 90°/180° change of face or a wheel of up to 45° (faceResponse.ts).
    if (tOrder?.response === 'face') {
      const f = faceAttacker(T, C);
      T = f.unit;
      d.battle = updateUnit(d.battle, tid, () => T!);
      d.ctx.emit({ type: 'FacedAttacker', unit: tid, attacker: cid, how: f.plan.kind, degrees: Math.round((f.plan.angleRad * 180) / Math.PI), rule: 'NW Orders/Deploy; §25 Changing Face' });
    }
    // NW Orders/Deploy note: "Skirmishers with Deploy orders who are charged, automatically go to
    // Retreat orders" — foot or horse, whoever charges them (RULINGS, second pass). An order a
    // general placed (not the stand-in a charge response creates for an unordered unit).
    const deployedSkirmishers = !!tOrder && T.formation === 'skirmish' && tOrder.order === 'deploy' && tOrder.generalId !== '' && !counter && !tCharging && !tn.movedThisTurn;
    if (deployedSkirmishers) {
      d.rs.orders[tid] = { ...tOrder, order: 'retreat' };
      d.ctx.emit({ type: 'SkirmishersOrderedToRetreat', unit: tid, from: cid, rule: 'NW Orders/Deploy note' });
    }
    if (deployedSkirmishers || tOrder?.response === 'evade' || (T.formation === 'skirmish' && tn.profile.foot && !counter && !(C.formation === 'skirmish'))) {
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
    // Morale test for the charged unit if it is not charging or countercharging (NW §18 A): once,
    // however many units charge it (RULINGS); "foot charged by horse" if any of them is mounted.
    T = findUnit(d.battle, tid);
    if (T && isActive(d, tid) && !counter && !tCharging && tOrder?.response !== 'evade' && !fled && !tn.abandoned && !testedA.has(tid)) {
      testedA.add(tid);
      const all = chargersOf(tid);
      const vsMounted = all.some((x) => nwu(d, x).profile.mounted);
      const names = all.map((x) => findUnit(d.battle, x)?.name ?? x).join(' and ');
      const res = moraleTest(d, tid, 'A', `charged by ${names}${vsMounted && tn.profile.foot ? ' (foot charged by horse)' : ''}`, { cause: cid, vsMounted });
      if (!res.passed && res.outcome && (res.outcome.kind === 'retreat' || res.outcome.kind === 'rout' || res.outcome.kind === 'disperse-or-surrender')) fledFrom.add(tid);
    }
    // NW Close Combat §1: "Resolve any allowable fire from defending units which have not
    // Countercharged. Fire Charger and countercharger fire." All rolled, then applied together (§12).
    T = findUnit(d.battle, tid);
    C = findUnit(d.battle, cid);
    const volleys: ShotResult[] = [];
    if (T && C && isActive(d, tid) && !fledFrom.has(tid) && !counter && !tCharging && !tn.profile.mounted && !fled && !tn.abandoned && !firedAtChargers.has(tid)) {
      firedAtChargers.add(tid);
      volleys.push(...fireAtChargers(d, T, chargersOf(tid)));
    }
    if (T && C && !chargerFired.has(cid)) { chargerFired.add(cid); volleys.push(...chargerFire(d, cid, tid)); }
    // The countercharger (or the other charger of a mutual charge) fires at the charger it meets.
    if (T && C && counter && !chargerFired.has(tid)) { chargerFired.add(tid); volleys.push(...chargerFire(d, tid, cid)); }
    if (volleys.length > 0) applyFireResults(d, volleys);
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
    // Movement (NW Sequence §12, A Note on Simultaneous Movement): every charge and countercharge
    // is rolled here and all are moved together, pro rata, once every charge is ready (chargeMovement.ts).
    // Failed by 2 (halt) stays put; failed by 1 halts 1" short, or where it is if the enemy charges too.
    if (halted !== 'halt' && !(halted === 'halt-short' && counter)) {
      let cDist = fastMoveMm(d, C, 'charge');
      if (d.rs.orders[cid]?.fromAmbush) {
        // NW §23 Obstacles: "disordered when they charge out and their charge move will be penalized by a d6".
        const pen = d.ctx.roll({ dice: 'd6', purpose: `${C.name} charges out of ambush: charge move −d6`, rule: AMBUSH_CHARGE_PENALTY.rule, subjects: [cid], outcome: (v) => `−${v.total}"` });
        cDist = Math.max(0, cDist - inMm(pen.total));
        addDisorder(d, cid, 1, 'charged out of ambush in a gully or ravine', AMBUSH_CHARGE_PENALTY.rule);
        C = findUnit(d.battle, cid)!;
      }
      // NW §23 Roads: "Units that spend their entire Movement Phase moving along a road … Charge … one and
      // a half times their normal distance, ignoring all effects of any terrain" (Road Column only).
      const cRoad = chargeRoadMove(d, C, T, cDist, unitDistanceMm(C, T));
      legs.push({ unitId: cid, targetId: tid, kind: 'charge', distMm: cRoad.distMm, road: cRoad.road, ...(halted === 'halt-short' ? { haltShortMm: inMm(scaleOf(d).chargeHaltShortIn) } : {}) });
    }
    if (counter && isActive(d, tid) && !legs.some((l) => l.unitId === tid) && nwu(d, tid).morale !== 'routed' && nwu(d, tid).chargeHalt !== 'halt') {
      const tRoad = chargeRoadMove(d, T, C, fastMoveMm(d, T, mutual ? 'charge' : 'countercharge'), unitDistanceMm(C, T));
      legs.push({ unitId: tid, targetId: cid, kind: mutual ? 'charge' : 'countercharge', distMm: tRoad.distMm, road: tRoad.road });
    }
  }
  // NW Orders/Charge "drop back stands": done on the line of the charge after the wheel, over the
  // distance the race lets the charger go.
  // The drop back is planned before the race over the whole straight move, so the race judges the
  // narrowed front; it is carried out (and logged) when the move is made.
  const planned = new Map<string, DropBackPlan>();
  const planNarrow = (s: LegStop): Unit | undefined => {
    if (!d.rs.orders[s.leg.unitId]?.dropBack || s.leg.road || s.leg.kind !== 'charge') return undefined;
    const p = planChargeDropBack(d, s.wheeled, s.heading, s.straightMm);
    if (!p || typeof p === 'string') return undefined;
    planned.set(s.leg.unitId, p);
    return p.unit;
  };
  const narrow = (s: LegStop): Unit | undefined => {
    const p = planned.get(s.leg.unitId);
    if (!p) return undefined;
    applyDropBack(d, s.wheeled, p, CHARGE_DROP_BACK_RULE);
    return p.unit;
  };
  moveChargesTogether(d, legs, startCombat, narrow, planNarrow);
  runPendingTests(d);
}

export const CHARGE_DROP_BACK_RULE = 'NW Orders/Charge: "Any units may drop back stands to avoid running into friendly troops, obstacles or terrain features"';

/**
 * NW Orders/Charge drop back, as a plan: the charger turned onto the line of its charge (its 45°
 * wheel at the start, as the charge move makes it) with end stands put into its rear ranks so
 * that its path over `travelMm` runs into fewer friends and terrain features (dropBack.ts: fewest
 * stands dropped, left end first among equals). Undefined when nothing is in the way; a string
 * when no narrower front helps or the unit cannot drop stands back. Enemies are not dodged (the
 * target, or any enemy met first, is contact).
 */
export function planChargeDropBack(d: Draft, C: Unit, dir: number, travelMm: number): DropBackPlan | string | undefined {
  if (travelMm <= 0) return undefined;
  return planDropBack(d, faceTowards(C, dir), rad(dir), travelMm);
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


/**
 * NW Morale §18-§20: the test (d10 + modifiers ≥ To Pass), its modifiers read off the table,
 * and the failure-by-margin results with their moves.
 */
import { rotateUnit, wheelUnit } from '../../geometry/units';
import type { Unit } from '../../engine/model';
import type { Modifier } from '../../engine/dice';
import { findUnit, updateUnit } from '../../engine/battle';
import type { Draft } from './types';
import { failureOutcome, type FailureOutcome, type MoraleTrigger } from './tables/morale';
import { SUPPORT } from './tables/morale';
import {
  activeUnits, addDisorder, canSee, enemiesOf, erMm, friendsOf, inCover, markersOf, mod, nearestEnemy, nwu, removeFromPlay,
  rollD10, scaleOf, visibleEnemyWithin, worsenTo, inflictCasualties, inMm,
} from './core';
import { bearing, faceStruck, frameOfUnit, toLocal, unitDistanceMm, unitFacing, unitTerrain, anglesClose } from './geom';
import { WHEEL } from './tables/movement';
import { walk, commitMove } from './moves';
import { routGeneral } from './generals';
import { seesRout } from './panic';
import { applyDropBack, dropBackForMove, planDropBack } from './dropBack';
import { chooseRoutPath, ROUT_RULE } from './routPath';
import { isRoadPath, roadMove } from './roads';
import { normaliseAngle } from '../../geometry/types';
import { chargingDownhill, onHigherGround } from './position';
import { tan } from '../../geometry/math';

const R = 'NW Morale §19 Morale Test Procedure';

export interface TestContext {
  charging?: boolean;
  pushingBackOrPursuing?: boolean;
  vsMounted?: boolean;
  chargingSuperiorPosition?: boolean;
  /** Which unit caused the test (retreats and routs move away from it). */
  cause?: string;
}

export interface TestResult {
  passed: boolean;
  failedBy: number;
  outcome?: FailureOutcome;
}

/** NW §19 Supported: two of rear, left flank, right flank hold an unrouted friend within ⅓ ER. */
export function isSupported(d: Draft, u: Unit): boolean {
  if (u.formation === 'square' || u.formation === 'rally-square' || u.formation === 'austrian-mass') return true;
  if (unitTerrain(d.battle, u).some((t) => t.kind === 'building' || t.kind === 'village')) return true; // NW §23 Buildings
  const fr = frameOfUnit(u);
  const reach = erMm(d) * SUPPORT.rangeFractionOfER;
  const arcSlope = tan((SUPPORT.flankArcDeg * Math.PI) / 180);
  const zones = new Set<string>();
  for (const f of friendsOf(d, u.side)) {
    if (f.id === u.id || nwu(d, f.id).morale === 'routed') continue;
    if (unitDistanceMm(u, f) > reach + 1e-6) continue;
    for (const s of f.stands) {
      const l = toLocal(fr, s.centre);
      const beyond = Math.abs(l.across) - fr.halfWidthMm;
      if (l.along < -fr.halfDepthMm && Math.abs(l.across) <= fr.halfWidthMm + 1e-6) zones.add('rear');
      else if (beyond > 0 && Math.abs(l.along) <= fr.halfDepthMm + beyond * arcSlope) zones.add(l.across < 0 ? 'left' : 'right');
    }
  }
  return zones.size >= SUPPORT.needed;
}

/** NW Close Combat/Superior Position and Morale §19 footnote: higher ground or behind an obstacle, buildings. */
export function superiorPosition(d: Draft, u: Unit, against?: Unit): boolean {
  const ter = unitTerrain(d.battle, u);
  if (ter.some((t) => t.kind === 'building' || t.kind === 'village')) return true;
  const foe = against ?? nearestEnemy(d, u);
  // "The majority of the stands are on higher ground than the enemy unit; or are charging downhill this turn" (position.ts).
  if (foe && (onHigherGround(d, u, foe) || chargingDownhill(d, u, foe))) return true;
  if (foe && ter.some((t) => t.kind === 'stream' || t.kind === 'obstacle')) {
    // Behind an obstacle: the obstacle lies between the unit and the foe (foe not on it).
    return !unitTerrain(d.battle, foe).some((t) => t.kind === 'stream' || t.kind === 'obstacle');
  }
  return false;
}

export function moraleModifiers(d: Draft, u: Unit, tc: TestContext): Modifier[] {
  const nu = nwu(d, u.id);
  const t = d.tables.moraleModifiers;
  const m: Modifier[] = [];
  const add = (key: string, times = 1) => {
    const spec = t[key];
    if (spec && times > 0) m.push(mod(times > 1 ? `${spec.label} ×${times}` : spec.label, spec.value * times, R));
  };
  const order = d.rs.orders[u.id];
  const half = erMm(d) / 2;
  const square = u.formation === 'square';
  const anySquare = square || u.formation === 'rally-square' || u.formation === 'austrian-mass';
  if (order?.order === 'defend' && !order.cancelled) add('defend-orders');
  if (square) add('in-square');
  if (inCover(d, u) || superiorPosition(d, u)) add('superior-position-or-cover');
  const gens = Object.values(d.rs.generals).filter((g) => g.side === u.side);
  const genStand = (gid: string) => d.battle.generals.find((g) => g.id === gid)?.stand;
  const near = (gid: string, r: number) => {
    const s = genStand(gid);
    return !!s && u.stands.some((st) => Math.hypot(st.centre.x - s.centre.x, st.centre.y - s.centre.y) <= r + 1e-6);
  };
  const withUnit = gens.some((g) => !g.lost && g.withUnit === u.id);
  if (!withUnit && gens.some((g) => !g.lost && !g.routed && near(g.id, half))) add('general-within-half-er');
  if (nu.profile.foot) {
    const column = u.formation === 'column' || u.formation === 'road-column';
    if ((nu.profile.nation === 'french' || nu.profile.nation === 'russian') && column) add('french-russian-foot-column');
    if (nu.profile.nation === 'british' && u.formation === 'line') add('british-foot-line');
    if (nu.profile.nation === 'austrian' && u.formation === 'line') add('austrian-foot-line');
    if (nu.profile.nation === 'prussian' && column) add('prussian-foot-column');
  }
  if (tc.pushingBackOrPursuing) add('pushing-back-or-pursuing');
  if (withUnit) add('general-with-unit');
  if (tc.vsMounted && anySquare && nu.profile.foot) add('square-vs-mounted');
  if (!visibleEnemyWithin(d, u, erMm(d))) add('outside-er');
  const lostNow = gens.filter((g) => (g.lost && g.lostTurn === d.turn) || g.routed);
  if (lostNow.some((g) => !g.isCinC && near(g.id, half))) add('general-lost-within-half-er');
  if (lostNow.some((g) => g.isCinC && near(g.id, erMm(d)))) add('cinc-lost-within-er');
  // NW §5 Basing 4: a brigaded-away company "counts as having lost a stand for morale purposes".
  add('stand-lost', nu.standsLost + (nu.detachedCompany ? 1 : 0));
  add('disorder-marker', Math.min(markersOf(nu.morale), 3));
  if (tc.chargingSuperiorPosition) add('charging-superior-position');
  if (!isSupported(d, u)) add('unsupported');
  const flankRange = unitTerrain(d.battle, u).some((x) => x.kind === 'wood') ? inMm(scaleOf(d).woodsVisibilityIn) : half;
  const threat = !anySquare && enemiesOf(d, u.side).some((e) => {
    if (unitDistanceMm(u, e) > flankRange + 1e-6 || !canSee(d, u, e)) return false;
    const face = faceStruck(e, u);
    if (face === 'front') return false;
    return anglesClose(unitFacing(e), bearing(frameOfUnit(e).centre, frameOfUnit(u).centre), 90);
  });
  if (threat) add('enemy-on-flank-or-rear');
  return m;
}

/** Roll a morale test and apply the failure result. */
export function moraleTest(d: Draft, id: string, trigger: MoraleTrigger, why: string, tc: TestContext = {}): TestResult {
  const u = findUnit(d.battle, id);
  const nu = d.rs.units[id];
  if (!u || !nu || nu.status !== 'active') return { passed: true, failedBy: 0 };
  const toPass = d.tables.toPass[nu.profile.grade];
  const r = rollD10(d, {
    purpose: `Morale test (${trigger}) for ${u.name}: ${why}`,
    rule: `NW Morale §18 ${trigger}; §19`,
    modifiers: moraleModifiers(d, u, tc),
    target: { value: toPass, pass: 'atLeast', label: `To Pass ${toPass}+ (${nu.profile.grade})` },
    table: { id: 'toPass', row: nu.profile.grade },
    subjects: [id],
    outcome: (v) => (v.passed ? 'pass' : `fail by ${v.target! - v.modified}`),
  });
  if (r.passed) return { passed: true, failedBy: 0 };
  const failedBy = toPass - r.modified;
  const outcome = failureOutcome(!!tc.charging, failedBy);
  d.ctx.emit({ type: 'MoraleFailed', unit: id, failedBy, charging: !!tc.charging, result: outcome, rule: 'NW Morale §19 Morale Failure' });
  applyFailure(d, id, outcome, tc);
  return { passed: false, failedBy, outcome };
}

/** NW §19/§20: carry out a failure result (halts are left to the caller, which knows the move). */
export function applyFailure(d: Draft, id: string, o: FailureOutcome, tc: TestContext): void {
  const rule = 'NW Morale §19 Morale Failure; §20 Morale Test Results';
  const generalsWith = Object.values(d.rs.generals).filter((g) => g.withUnit === id && !g.lost);
  switch (o.kind) {
    case 'halt-short':
      if (tc.charging) nwu(d, id).chargeHalt = 'halt-short';
      return;
    case 'halt':
      if (tc.charging) nwu(d, id).chargeHalt = 'halt';
      if (o.disordered) addDisorder(d, id, 1, 'failed morale: halt', rule);
      return;
    case 'retreat': {
      // RULINGS: "Retreat - Disordered" adds a Disorder; "Retreat - Fragmented" makes the unit at least Fragmented, or one worse if it already was.
      const nu = nwu(d, id);
      const routed = o.state === 'disordered' ? addDisorder(d, id, 1, 'failed morale: retreat', rule)
        : nu.morale === 'fragmented' ? addDisorder(d, id, 1, 'failed morale: retreat', rule) : worsenTo(d, id, 'fragmented', 'failed morale: retreat', rule);
      if (routed) {
        const ru = findUnit(d.battle, id);
        if (ru) {
          const dir = awayFrom(d, ru, tc.cause);
          for (const g of generalsWith) routGeneral(d, g.id, dir, id);
        }
        routMove(d, id, tc.cause);
      } else retreatMove(d, id, tc.cause, true);
      return;
    }
    case 'rout': {
      worsenTo(d, id, 'routed', 'failed morale: rout', rule);
      // NW §20: a general with the unit routs too, by his own movement allowance.
      const ru = findUnit(d.battle, id);
      if (ru) {
        const dir = awayFrom(d, ru, tc.cause);
        for (const g of generalsWith) routGeneral(d, g.id, dir, id);
      }
      // Stand losses from the table: removed at once (they are not casualties that test again, NW §18 C is per phase).
      const u = findUnit(d.battle, id);
      if (u) inflictCasualties(d, id, o.standsLost * nwu(d, id).profile.strengthPerStand - nwu(d, id).casualties, 'morale failure', rule);
      if (isActiveUnit(d, id)) routMove(d, id, tc.cause);
      return;
    }
    case 'disperse-or-surrender': {
      const u = findUnit(d.battle, id);
      const inContact = !!u && enemiesOf(d, u.side).some((e) => unitDistanceMm(u, e) < 1);
      removeFromPlay(d, id, inContact ? 'captured' : 'dispersed', inContact ? 'surrendered in contact' : 'dispersed', rule);
      // NW §18 D: friends who see a unit disperse test (a surrender is not a dispersal; RULINGS).
      if (u && !inContact) queueNeighbourPanic(d, id, u, 'dispersed');
      return;
    }
  }
}

const isActiveUnit = (d: Draft, id: string) => d.rs.units[id]?.status === 'active' && !!findUnit(d.battle, id);

/** Direction directly away from the cause (or the nearest enemy). */
function awayFrom(d: Draft, u: Unit, cause?: string) {
  const src = (cause ? findUnit(d.battle, cause) : undefined) ?? nearestEnemy(d, u);
  if (!src) return normaliseAngle(unitFacing(u) + Math.PI);
  return bearing(frameOfUnit(src).centre, frameOfUnit(u).centre);
}

/** Roll a Charge/Rout/Pursuit/Retreat distance (NW Movement §3). */
export function fastMoveMm(d: Draft, u: Unit, purpose: string): number {
  const nu = nwu(d, u.id);
  const row = d.tables.movement[d.rs.scale].rows[nu.profile.troop];
  const r = d.ctx.roll({ dice: `${row.fast.d6}d6` as '1d6', purpose: `${u.name}: ${purpose} distance ${row.fast.baseIn}"+${row.fast.d6}d6`, rule: 'NW Movement §3 Movement Distances', subjects: [u.id], outcome: (v) => `${row.fast.baseIn + v.total}"` });
  let inchesMoved = row.fast.baseIn + r.total;
  if (u.formation === 'rally-square' || u.formation === 'austrian-mass') inchesMoved /= 2;
  return inMm(inchesMoved);
}

/** Turn a unit about its centre to face `dir`. */
export function faceTowards(u: Unit, dir: number): Unit {
  return rotateUnit(u, frameOfUnit(u).centre, normaliseAngle(dir - unitFacing(u)));
}

/**
 * NW Orders/Retreat: the unit turned its back on the enemy (directly away from `cause`, or the
 * nearest enemy) and wheeled `wheelDeg` (at most 45°); the wheel's outer arc counts double (§25).
 */
export function retreatPose(d: Draft, u: Unit, cause: string | undefined, wheelDeg = 0): { unit: Unit; wheelCostMm: number } {
  const faced = faceTowards(u, awayFrom(d, u, cause));
  if (wheelDeg === 0) return { unit: faced, wheelCostMm: 0 };
  const w = wheelUnit(faced, (wheelDeg * Math.PI) / 180, frameOfUnit(faced));
  return { unit: w.unit, wheelCostMm: w.outerArcMm * WHEEL.distanceFactor };
}

/**
 * NW Orders/Retreat and §20: turn the back to the enemy and make the whole Retreat move. A road
 * column whose path stays on its road goes 1½ times as far, ignoring terrain (NW §23 Roads); stands
 * may drop back into the rear ranks to clear troops, terrain or obstacles (`dropBack`, and always
 * tried for a forced retreat that would run into something; RULINGS). Returns why a requested
 * drop-back cannot be made (nothing has then been committed).
 */
export function retreatMove(d: Draft, id: string, cause: string | undefined, forced: boolean, distanceMm?: number, wheelDeg = 0, opts: { dropBack?: boolean } = {}): string | undefined {
  const u0 = findUnit(d.battle, id);
  if (!u0) return undefined;
  const faced = faceTowards(u0, awayFrom(d, u0, cause));
  const rolled = distanceMm ?? fastMoveMm(d, faced, 'retreat');
  // NW Orders/Retreat: "They may make a 45 degree wheel to avoid terrain and other units".
  const pose = retreatPose(d, u0, cause, wheelDeg);
  let u = pose.unit;
  const heading = unitFacing(u);
  let dist = Math.max(0, rolled - pose.wheelCostMm);
  // NW §23 Roads: a rolled retreat goes 1½ times along the road; a chosen one was allowed for by the command.
  const road = distanceMm === undefined ? roadMove(d, u, heading, dist) : { road: isRoadPath(d, u, heading, dist), distMm: dist };
  dist = road.distMm;
  d.battle = updateUnit(d.battle, id, () => u);
  if (opts.dropBack) {
    const m = dropBackForMove(d, u, heading, dist, { roadColumn: road.road });
    if (typeof m === 'string') return m;
    u = m;
  } else if (forced) {
    const plan = planDropBack(d, u, heading, dist, { roadColumn: road.road });
    if (plan && typeof plan !== 'string') {
      applyDropBack(d, u, plan);
      u = plan.unit;
    }
  }
  const r = walk(d, u, heading, dist, 'retreat', { roadColumn: road.road });
  commitMove(d, r, 'retreat');
  d.ctx.emit({ type: 'UnitRetreated', unit: id, distanceIn: Math.round((r.usedMm / 25.4) * 10) / 10, forced, ...(road.road ? { road: true } : {}), rule: road.road ? 'NW Orders/Retreat; Morale §20; §23 Roads' : 'NW Orders/Retreat; Morale §20' });
  // Retreating more than half the normal move disorders, except skirmishers (foot or horse,
  // Orders/Retreat) and light cavalry (NW §17 "unless skirmishers or light cavalry"; RULINGS).
  if (!forced && isActiveUnit(d, id) && u.formation !== 'skirmish' && nwu(d, id).profile.troop !== 'light-cavalry') {
    const norm = normalMoveMm(d, u);
    if (r.usedMm > norm / 2) addDisorder(d, id, 1, 'retreated more than half a move', 'NW §17 Causes of Disorder');
  }
  if (isActiveUnit(d, id)) {
    for (const eid of r.contacts) {
      // Contacted while retreating: no fight here, it is halted at contact.
      d.ctx.emit({ type: 'RetreatBlocked', unit: id, by: eid, rule: 'NW Orders/Retreat' });
    }
    d.rs.combats = d.rs.combats.filter((c) => c.a !== id && c.b !== id);
  }
  return undefined;
}

/**
 * NW §17 Routed / Close Combat/After: rout directly away; routers wheel up to 45° or narrow their
 * front to clear troops and terrain (routPath.ts), interpenetrate friends when they cannot, and are
 * destroyed by contact with the enemy. Along a road in Road Column they go 1½ times (NW §23 Roads).
 */
export function routMove(d: Draft, id: string, cause?: string): void {
  let u = findUnit(d.battle, id);
  if (!u) return;
  const dir = awayFrom(d, u, cause);
  u = faceTowards(u, dir);
  d.battle = updateUnit(d.battle, id, () => u!);
  const rolled = fastMoveMm(d, u, 'rout');
  const path = chooseRoutPath(d, u, rolled);
  if (path.narrowed) applyDropBack(d, u, { ...path.narrowed, avoided: [] });
  if (path.wheelDeg !== 0 || path.narrowed) {
    const how = [path.wheelDeg !== 0 ? `wheel ${Math.abs(path.wheelDeg)}° ${path.wheelDeg > 0 ? 'right' : 'left'}` : '', path.narrowed ? `narrow to ${path.narrowed.frontage} stand${path.narrowed.frontage === 1 ? '' : 's'} wide` : ''].filter(Boolean).join(' and ');
    d.ctx.emit({
      type: 'RoutersSwerved', unit: id, wheelDeg: path.wheelDeg, frontage: path.narrowed?.frontage, clear: path.clear,
      detail: `${u.name}'s routers ${how} ${path.clear ? 'to clear the troops and terrain behind them' : 'to meet as little as they can (collision unavoidable)'}`, rule: ROUT_RULE,
    });
  }
  d.battle = updateUnit(d.battle, id, () => path.unit);
  const r = walk(d, path.unit, path.dir, path.distMm, 'rout', { roadColumn: path.road });
  commitMove(d, r, 'rout');
  d.rs.combats = d.rs.combats.filter((c) => c.a !== id && c.b !== id);
  d.ctx.emit({ type: 'UnitRouted', unit: id, distanceIn: Math.round((r.usedMm / 25.4) * 10) / 10, ...(path.road ? { road: true } : {}), rule: path.road ? 'NW §17 Routed; §23 Roads' : 'NW §17 Routed' });
  if (r.contacts.length > 0 && isActiveUnit(d, id)) removeFromPlay(d, id, 'destroyed', 'routers ran into the enemy', 'NW Close Combat/After Close Combat');
  // NW §18 D: friends within half ER (or woods visibility) see it run.
  queueNeighbourPanic(d, id, u);
}

/**
 * NW §18 D: each friendly unit that sees a unit rout or disperse tests — within ½ ER, or in the
 * woods within the woods visibility, or to and from a wood only within the woods-edge distance
 * (panic.ts). Routed units do not test again; abandoned guns have no crew to panic.
 */
export function queueNeighbourPanic(d: Draft, id: string, at: Unit, how: 'routed' | 'dispersed' = 'routed'): void {
  for (const f of activeUnits(d)) {
    if (f.side !== at.side || f.id === id || nwu(d, f.id).morale === 'routed' || nwu(d, f.id).abandoned) continue;
    const sight = seesRout(d, f, at);
    if (sight.sees) d.pendingTests.push({ unitId: f.id, trigger: 'D', detail: `${at.name} ${how} in sight: ${sight.why}` });
  }
}

/** The normal move for a unit now (tactical within ER, else strategic), with the column bonus. */
export function normalMoveMm(d: Draft, u: Unit, strategic = false): number {
  const nu = nwu(d, u.id);
  const tbl = d.tables.movement[d.rs.scale];
  const row = tbl.rows[nu.profile.troop];
  const key = strategic ? 'strategicIn' : 'tacticalIn';
  if (u.formation === 'square') return inMm(scaleOf(d).squareMoveIn);
  let base = nu.profile.foot && u.formation === 'skirmish' && row.skirmish ? row.skirmish[key] : row[key];
  if (nu.profile.foot && (u.formation === 'column' || u.formation === 'road-column')) base += tbl.footColumnBonusIn[key];
  if (u.formation === 'rally-square' || u.formation === 'austrian-mass') base /= 2;
  return inMm(base);
}

/** Run queued B/C/D tests (NW §18), each unit at most once per trigger per phase for C. */
export function runPendingTests(d: Draft): void {
  let guard = 0;
  while (d.pendingTests.length > 0 && guard++ < 200) {
    const t = d.pendingTests.shift()!;
    const nu = d.rs.units[t.unitId];
    if (!nu || nu.status !== 'active' || nu.morale === 'routed') continue;
    if (t.trigger === 'C') {
      const key = `${d.turn}:${d.phase}`;
      if (nu.standLossTestAt === key) continue; // NW §18 C: once per phase
      nu.standLossTestAt = key;
    }
    // NW §19/§20 "If Charging": only while the charges are made (the Charge Declaration Phase); later
    // in the turn a charger tests on the "Otherwise" column (RULINGS).
    moraleTest(d, t.unitId, t.trigger, t.detail, { charging: isChargingNow(d, t.unitId), chargingSuperiorPosition: chargingSuperiorPosition(d, t.unitId) });
  }
}

/** NW §19 Morale Failure "If Charging": a unit with a charge under way, i.e. in the Charge Declaration Phase only. */
export function isChargingNow(d: Draft, id: string): boolean {
  return !!d.rs.units[id]?.charging && d.phase === 'charges';
}

/**
 * NW Morale §19 −1 "Charging a Superior Tactical Position": a charger (or countercharger) testing
 * while the charges are made (the Charge Declaration Phase) whose foe — its charge target, or the
 * charger it countercharges — holds a superior position against it (`superiorPosition`).
 */
export function chargingSuperiorPosition(d: Draft, id: string): boolean {
  const nu = d.rs.units[id];
  if (!nu || !(nu.charging || nu.countercharging) || d.phase !== 'charges') return false;
  const o = d.rs.orders[id];
  const foeId = o?.order === 'charge' && o.target ? o.target : Object.values(d.rs.orders).find((x) => x.order === 'charge' && x.target === id)?.unitId;
  const u = findUnit(d.battle, id);
  const foe = foeId && d.rs.units[foeId]?.status === 'active' ? findUnit(d.battle, foeId) : undefined;
  return !!u && !!foe && superiorPosition(d, foe, u);
}

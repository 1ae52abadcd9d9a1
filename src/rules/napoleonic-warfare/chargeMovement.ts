/**
 * NW Sequence §12, Orders/Charge and A Note on Simultaneous Movement: every charge and
 * countercharge of the phase moves together, pro rata. Each mover first wheels (at most 45°,
 * the outer arc counting double, §25) and then goes straight ahead; all movers advance by the
 * same fraction of their rolled distance, and the first contact decides (solved by the
 * geometry core's race: the moment two movers' paths first touch). A charger struck by another charger before it reaches its own
 * target is halted there ("If caught before contacting the target of their own Charge, they
 * are halted"); one that hits its target first fights it and is then hit in turn.
 *
 * Kernel first (a plan, `raceCharges`), effects after (`moveChargesTogether`): the race is
 * judged on the planned straight paths; terrain delays, friends and the table edge are met when
 * each move is then carried out by `walk`, up to where the race stopped it (as for strategic
 * moves, RULINGS).
 */
import { CONTACT_MM, wheelUnit } from '../../geometry/units';
import { leastWheelToMeet } from '../../geometry/wheelReach';
import { raceMoves } from '../../geometry/simultaneous';
import { findUnit, updateUnit } from '../../engine/battle';
import type { Unit } from '../../engine/model';
import type { Draft } from './types';
import { activeUnits, addDisorder, inMm, isActive, scaleOf } from './core';
import { bearing, unitDistanceMm, unitFacing, frameOfUnit } from './geom';
import { straight, walk } from './moves';
import { distanceToGap as coreDistanceToGap } from '../../geometry/moveGap';
import { WHEEL } from './tables/movement';
import { rad, type Radians } from '../../geometry/types';
import { hypot } from '../../geometry/math';
import { pairMemo } from '../../geometry/memo';

/** One charge or countercharge move to be made this phase. */
export interface ChargeLeg {
  readonly unitId: string;
  /** The unit it charges (or countercharges). */
  readonly targetId: string;
  readonly kind: 'charge' | 'countercharge';
  /** Rolled distance (after any road bonus or ambush penalty). */
  readonly distMm: number;
  readonly road: boolean;
  /** Failed its test by 1 while charging (NW Morale §19): halts 1" short of its target. */
  readonly haltShortMm?: number;
}

/** Where a leg ends, as judged by the race. */
export interface LegStop {
  readonly leg: ChargeLeg;
  /** The pose after the wheel, its heading, and the wheel's cost. */
  readonly wheeled: Unit;
  readonly heading: Radians;
  readonly wheelDeg: number;
  readonly wheelCostMm: number;
  /** The narrowed front the race judged it on, when it drops stands back (NW Orders/Charge). */
  readonly narrowed?: Unit;
  /** Straight distance moved when it stopped, and at which fraction of the phase. */
  readonly straightMm: number;
  readonly fraction: number;
  /** The unit it ran into (or that ran into it) first, if any. */
  readonly hit?: string;
  /** It ran into `hit` by its own move (else `hit` ran into it). */
  readonly striker?: boolean;
}

const SLICES = 40;

/**
 * NW Orders/Charge "a 45 degree wheel at the start of the Charge" (countercharge: Orders/Advance
 * "be able to wheel to face their attackers"): the smallest wheel, at most 45°, after which the
 * straight path within the distance left meets the target, solved exactly by the geometry core
 * (`leastWheelToMeet`); failing that, the wheel (clamped to 45°) that points at it. The outer arc
 * counts double (§25). A path that only grazes a corner of the target does not meet it: the
 * front must overlap the target's by the contact tolerance (RULINGS). The wheel aims at the
 * target only: friends and terrain in the path are avoided by dropping back stands, or met on
 * the way by the walk (Orders/Charge; RULINGS).
 */
export function chargeWheel(mover: Unit, target: Unit, distMm: number): { unit: Unit; wheelDeg: number; costMm: number } {
  const want = ((bearing(frameOfUnit(mover).centre, frameOfUnit(target).centre) - unitFacing(mover) + 3 * Math.PI) % (2 * Math.PI)) - Math.PI;
  const frame = frameOfUnit(mover);
  const phi = leastWheelToMeet(mover.stands, target.stands, {
    frame, headingRad: unitFacing(mover), maxRad: MAX_WHEEL_RAD, reachMm: distMm,
    lossPerRad: 2 * frame.halfWidthMm * WHEEL.distanceFactor, overlapMm: CONTACT_MM, prefer: want < 0 ? -1 : 1,
  });
  const angle = phi ?? Math.max(-MAX_WHEEL_RAD, Math.min(MAX_WHEEL_RAD, want));
  const w = wheelUnit(mover, angle, frame);
  return { unit: w.unit, wheelDeg: (angle * 180) / Math.PI, costMm: w.outerArcMm * WHEEL.distanceFactor };
}

const MAX_WHEEL_RAD = (WHEEL.maxDeg * Math.PI) / 180;

/**
 * NW Orders/Charge "a 45 degree wheel" and Orders/Advance "Units must be facing, or be able to wheel
 * to face their attackers to be able to Countercharge": some wheel of at most 45° after which the
 * unit's front, going straight ahead, meets the other unit (overlapping it by the contact
 * tolerance, as `chargeWheel` asks). Distance is not judged here (the charge or countercharge roll
 * decides that), so eligibility and the wheel the move then makes are the same test (RULINGS).
 */
export function canWheelToFace(u: Unit, t: Unit): boolean {
  return wheelsToFace(u, t);
}
// PERF: remembered by the two units (geometry memo.ts): a charge declaration and the AI ask it of
// the same pairs many times.
const wheelsToFace = pairMemo((u: Unit, t: Unit): boolean => {
  const reach = unitDistanceMm(u, t) + hypot(...frameSpan(u)) + hypot(...frameSpan(t));
  return leastWheelToMeet(u.stands, t.stands, { frame: frameOfUnit(u), headingRad: unitFacing(u), maxRad: MAX_WHEEL_RAD, reachMm: reach, overlapMm: CONTACT_MM }) !== undefined;
});

/** Width and depth spanned by a unit's stands (for a generous straight reach). */
function frameSpan(u: Unit): [number, number] {
  const xs = u.stands.map((s) => s.centre.x), ys = u.stands.map((s) => s.centre.y);
  const pad = Math.max(...u.stands.map((s) => Math.max(s.widthMm, s.depthMm)));
  return [Math.max(...xs) - Math.min(...xs) + pad, Math.max(...ys) - Math.min(...ys) + pad];
}

/** The straight distance after which `u` (going along `dir`) is `gapMm` from `target`, capped at `maxMm` (the geometry core's `distanceToGap`). */
function distanceToGap(u: Unit, dir: number, target: Unit, gapMm: number, maxMm: number): number {
  return Math.min(maxMm, coreDistanceToGap(u.stands, straight(dir, maxMm), target.stands, gapMm) ?? maxMm);
}

/**
 * The race (a plan, no effects), run by the geometry core's `raceMoves`: every leg wheels, then
 * all advance by the same fraction of their distances together; the first contact
 * between a mover and any enemy (moving or not) stops both where they meet; a stopped unit
 * stays put while the others go on. The striker of a contact is the one whose own move
 * carries it into the other (judged 2 mm further on, the other held).
 */
export function raceCharges(d: Draft, legs: readonly ChargeLeg[], planNarrow?: (s: LegStop) => Unit | undefined): LegStop[] {
  const plans = legs.map((leg) => {
    const u = findUnit(d.battle, leg.unitId)!;
    const t = findUnit(d.battle, leg.targetId)!;
    const w = chargeWheel(u, t, leg.distMm);
    const heading = rad(unitFacing(w.unit));
    const straightMax = Math.max(0, leg.distMm - w.costMm);
    const cap0 = leg.haltShortMm !== undefined ? distanceToGap(w.unit, heading, t, leg.haltShortMm, straightMax) : straightMax;
    // NW Orders/Charge "drop back stands": a charger that will drop back races on its narrowed front
    // (planned over its whole straight move after the wheel), not its full width (RULINGS).
    const narrowed = cap0 > 0 ? planNarrow?.({ leg, wheeled: w.unit, heading, wheelDeg: w.wheelDeg, wheelCostMm: w.costMm, straightMm: cap0, fraction: 1 }) : undefined;
    const mover = narrowed ?? w.unit;
    const cap = narrowed && leg.haltShortMm !== undefined ? distanceToGap(mover, heading, t, leg.haltShortMm, straightMax) : cap0;
    return { leg, wheeled: w.unit, mover, narrowed: !!narrowed, heading, wheelDeg: w.wheelDeg, wheelCostMm: w.costMm, cap, stop: undefined as undefined | { fraction: number; hit?: string; striker?: boolean } };
  });
  const side = (id: string) => findUnit(d.battle, id)?.side;
  const moverIds = new Set(plans.map((p) => p.leg.unitId));
  // Enemies already touching when the charges begin are not new contacts.
  const touching = new Set<string>();
  for (const p of plans) for (const o of activeUnits(d)) if (o.side !== side(p.leg.unitId) && unitDistanceMm(p.mover, o) < 1) touching.add(`${p.leg.unitId}|${o.id}`);
  // The geometry core's race: the wheel takes its share of the fraction first (the race judges
  // the wheeled front standing through it), then straight ahead; any contact with an enemy
  // stops both units there; a charger halting short ends its plan short and waits.
  const race = raceMoves(plans.map((p) => ({
    id: p.leg.unitId,
    stands: p.mover.stands,
    legs: [...(p.wheelCostMm > 0 ? [{ kind: 'translate' as const, dx: 0, dy: 0, distanceMm: p.wheelCostMm }] : []), ...straight(p.heading, p.cap)],
    paceMm: p.leg.distMm,
  })), {
    others: activeUnits(d).filter((u) => !moverIds.has(u.id)),
    slices: SLICES,
    bisections: 16,
    overlapSlackMm: 0.01,
    meets: (a, b) => (side(b) !== side(a) && !touching.has(`${a}|${b}`) && isActive(d, b) ? 'block' : 'ignore'),
    // Its own target first.
    prefer: (id) => plans.find((p) => p.leg.unitId === id)?.leg.targetId,
    contact: 'both',
  });
  plans.forEach((p, i) => {
    const r = race[i]!;
    if (r.stop) p.stop = { fraction: r.fraction, hit: r.stop.by, striker: !!r.stop.striker };
  });
  const straightAt = (p: (typeof plans)[number], f: number) => Math.max(0, Math.min(p.cap, f * p.leg.distMm - p.wheelCostMm));
  return plans.map((p) => ({
    leg: p.leg, wheeled: p.wheeled, ...(p.narrowed ? { narrowed: p.mover } : {}), heading: p.heading, wheelDeg: p.wheelDeg, wheelCostMm: p.wheelCostMm,
    straightMm: straightAt(p, p.stop?.fraction ?? 1), fraction: p.stop?.fraction ?? 1, ...(p.stop?.hit ? { hit: p.stop.hit, striker: !!p.stop.striker } : {}),
  }));
}

/** How the contacts of the race become close combats. */
export type CombatStarter = (d: Draft, a: string, b: string, o: { charged: boolean; pursuing: boolean; countercharged?: boolean }) => void;

/**
 * Carry out the race: the moves are made in the order their contacts happened (the wheel, then
 * `walk` straight ahead up to where the race stopped the unit, meeting terrain and friends), and
 * each contact becomes a close combat: the charger against its target (countercharged if the
 * target was countercharging or charging it), or a charger that caught another charger in its
 * flank or rear against that charger. Movers that touched nothing are disordered (NW Orders/Charge).
 */
export function moveChargesTogether(d: Draft, legs: readonly ChargeLeg[], start: CombatStarter, narrow?: (s: LegStop) => Unit | undefined, planNarrow?: (s: LegStop) => Unit | undefined): LegStop[] {
  // Fire and morale after a leg was rolled may have changed things: routed or halted movers stay
  // where they are; a failure by 1 halts short; a charge whose target has gone touches nothing.
  const live: ChargeLeg[] = [];
  for (const leg of legs) {
    const nu = d.rs.units[leg.unitId];
    if (!nu || !isActive(d, leg.unitId) || !findUnit(d.battle, leg.unitId) || nu.morale === 'routed' || (leg.kind === 'charge' && nu.chargeHalt === 'halt')) continue;
    if (!isActive(d, leg.targetId) || !findUnit(d.battle, leg.targetId)) {
      addDisorder(d, leg.unitId, 1, leg.kind === 'countercharge' ? 'countercharge failed to make contact' : 'charge failed to make contact', 'NW Orders/Charge');
      continue;
    }
    if (leg.kind === 'charge' && nu.chargeHalt === 'halt-short' && leg.haltShortMm === undefined) {
      // Failed by 1: halt 1" short, or where it is if the enemy is charging or countercharging it (NW Morale §19).
      const enemyCharging = legs.some((l) => l.unitId === leg.targetId && l.targetId === leg.unitId);
      if (!enemyCharging) live.push({ ...leg, haltShortMm: inMm(scaleOf(d).chargeHaltShortIn) });
      continue;
    }
    live.push(leg);
  }
  const stops = raceCharges(d, live, planNarrow);
  const order = [...stops].sort((a, b) => a.fraction - b.fraction);
  const placed = new Set<string>();
  const touched = new Set<string>();
  const place = (s: LegStop, extraMm: number): string[] => {
    placed.add(s.leg.unitId);
    if (!isActive(d, s.leg.unitId)) return [];
    if (s.wheelDeg !== 0) d.ctx.emit({ type: 'ChargeWheeled', unit: s.leg.unitId, degrees: s.wheelDeg, costIn: Math.round((s.wheelCostMm / 25.4) * 10) / 10, rule: `NW Orders/Charge: a 45 degree wheel at the start of the Charge; ${WHEEL.rule}` });
    // The charger's chosen drop back (NW Orders/Charge), made on the line of the charge after the wheel.
    // With a planned narrowing the race used that front, so the walk does too (even from a standing start).
    const from = s.narrowed ? narrow?.(s) ?? s.narrowed : s.straightMm > 0 ? narrow?.(s) ?? s.wheeled : s.wheeled;
    const r = walk(d, from, s.heading, s.straightMm + extraMm, 'charge', { roadColumn: s.leg.road });
    d.battle = updateUnit(d.battle, s.leg.unitId, () => r.unit);
    return r.contacts;
  };
  const byId = new Map(stops.map((s) => [s.leg.unitId, s]));
  for (const s0 of order) {
    if (placed.has(s0.leg.unitId)) continue;
    if (!s0.hit) { place(s0, 0); continue; }
    // The one struck, if it is moving too, goes to where they met first; then the striker closes the gap.
    const partner = byId.get(s0.hit);
    const s = !s0.striker && partner && !placed.has(partner.leg.unitId) && partner.hit === s0.leg.unitId ? partner : s0;
    const other = s === s0 ? partner : s0;
    if (other && !placed.has(other.leg.unitId)) place(other, 0);
    if (!s.hit) continue;
    const contacts = place(s, 3);
    const met = contacts.includes(s.hit) ? s.hit : contacts[0];
    if (!met) continue;
    touched.add(s.leg.unitId);
    touched.add(met);
    const metLeg = byId.get(met)?.leg;
    // Who attacks whom: a charger meeting its target charges it; a unit run into by a charger that
    // was aiming at it is that charger's target (NW Orders/Charge, chargers charged in the flank or rear).
    if (s.leg.targetId === met) start(d, s.leg.unitId, met, { charged: true, pursuing: false, countercharged: metLeg?.targetId === s.leg.unitId });
    else if (metLeg?.targetId === s.leg.unitId) start(d, met, s.leg.unitId, { charged: true, pursuing: false, countercharged: false });
    else start(d, s.leg.unitId, met, { charged: true, pursuing: false });
    // A charger met by another charger before reaching its own target is caught and halted.
    for (const [x, y] of [[s.leg.unitId, met], [met, s.leg.unitId]] as const) {
      const xl = byId.get(x)?.leg;
      if (xl && xl.targetId !== y && byId.get(y)?.leg.targetId === x && byId.get(x)?.hit === y) {
        d.ctx.emit({ type: 'ChargerCaught', unit: x, by: y, ownTarget: xl.targetId, rule: 'NW Orders/Charge: chargers caught before contacting the target of their own Charge are halted' });
      }
    }
  }
  for (const s of stops) {
    if (touched.has(s.leg.unitId) || s.leg.haltShortMm !== undefined || !isActive(d, s.leg.unitId)) continue;
    if (d.rs.combats.some((c) => c.a === s.leg.unitId || c.b === s.leg.unitId)) continue;
    addDisorder(d, s.leg.unitId, 1, s.leg.kind === 'countercharge' ? 'countercharge failed to make contact' : 'charge failed to make contact', 'NW Orders/Charge');
  }
  return stops;
}

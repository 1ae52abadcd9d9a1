/**
 * NW Fire Phase (§14, Fire §1-§5, §28, §29): all eligible stands fire simultaneously at the
 * nearest enemy in arc and sight; casualties and ammunition are applied after every volley is
 * rolled, then the morale tests the losses cause.
 */
import { standLevel, unitLevel } from './position';
import { enfiladeFace } from './enfilade';
import type { Stand, Unit } from '../../engine/model';
import type { Modifier } from '../../engine/dice';
import { findUnit } from '../../engine/battle';
import type { Draft } from './types';
import { ammoAfter, smallArmsBand, artilleryBand, FIRING_ARC_DEG, SMALL_ARMS_DICE, ARTILLERY_DICE, type ArtilleryBand } from './tables/fire';
import { isGuardEliteVeteran } from './tables/troops';
import { activeUnits, canSee, inMm, markersOf, mod, nwu, rollD10, toIn, inflictCasualties, sightScale } from './core';
import { commandStand, frontRank, isScreenStand, sightBetween, standDistanceToUnit, standInArc, unitTerrain, terrainClass } from './geom';
import { buildStandGrid, type StandGrid } from '../../geometry/standGrid';
import type { StandRecord } from '../../geometry/collisions';
import { standFrame, toLocal } from '../../geometry/frame';
import { frontCentre } from '../../geometry/footprint';
import type { SightBlock } from '../../geometry/lineOfSight';
import { roundUp } from './tables/dice';
import { runPendingTests } from './morale';
import { inCombat } from './combat';
import { revealAmbush } from './offTable';
import { generalAsTarget, hitGeneral, isGeneralTarget, loneGenerals } from './generals';
import { artilleryFiring } from './profile';
import { hypot } from '../../geometry/math';

export interface Volley {
  firer: string;
  target: string;
  stands: number;
  rangeIn: number;
}

const R_SA = 'NW Small Arms Fire Tables';
const R_ART = 'NW Artillery Fire Table';

function canFire(d: Draft, u: Unit): string | undefined {
  const nu = nwu(d, u.id);
  const order = d.rs.orders[u.id];
  if (nu.morale === 'routed') return 'routing units may not fire (NW §14)';
  if (order?.order === 'retreat' && !order.cancelled) return 'units with Retreat orders may not fire (NW §14)';
  if (nu.profile.mounted) return 'mounted troops may not fire while mounted (NW Fire §1)';
  if (nu.ammo === 'out') return 'out of ammunition (NW Fire §28)';
  if (nu.profile.artillery && nu.limbered) return 'limbered artillery cannot fire';
  if (nu.abandoned) return 'the crew have fled the guns (NW Orders/Fire and Flee)';
  if (nu.recrewedTurn !== undefined && nu.recrewedTurn >= d.turn) return 'the crew came back to the guns this turn (NW Orders/Fire and Flee)';
  if (inCombat(d, u.id)) return 'units in close combat do not fire';
  return undefined;
}

/** Every stand on the table as a sight blocker (NW §29: troops may not fire through units). */
export function standBlockers(d: Draft): StandGrid {
  const placed = activeUnits(d).flatMap((u) => u.stands.map((s) => ({ id: s.id, unitId: u.id, footprint: s })));
  const widest = placed.reduce((m, p) => Math.max(m, p.footprint.widthMm), 25);
  return buildStandGrid(placed, widest / 2 + 1);
}

/**
 * NW Fire §29 Line of Sight for one firing stand at one target stand: terrain (§3), then units
 * in the way — friends or enemies, skirmishers included — closer to the line than half a stand
 * width ("a one stand width gap to fire through"). Stands level with or behind the firer's
 * front edge are beside it, not in the way (RULINGS). Artillery fires over troops when it or
 * the target stands higher than them.
 */
export function fireSight(d: Draft, blockers: StandGrid, firer: Unit, s: Stand, target: Unit, t: Stand): { clear: boolean; blockedBy?: SightBlock } {
  const art = nwu(d, firer.id).profile.artillery;
  const fr = standFrame(s);
  const ignore = (rec: StandRecord) => rec.unitId === firer.id || rec.unitId === target.id || toLocal(fr, rec.footprint.centre).along <= fr.halfDepthMm + 1e-6;
  const a = frontCentre(s);
  const ans = sightBetween(d.battle, sightScale(d), a, t.centre, { grid: blockers, ignore, minGapMm: s.widthMm, ...(art ? { overTroops: {} } : {}) });
  return ans.visible ? { clear: true } : { clear: false, ...(ans.blockedBy ? { blockedBy: ans.blockedBy } : {}) };
}

/**
 * The enemy unit nearest to a firing stand within range, arc and sight (NW Fire §29 Target
 * Eligibility: each stand fires at the nearest enemy; a skirmish screen in front is nearest).
 */
export function targetFor(d: Draft, u: Unit, s: Stand, maxRangeMm: number, blockers: StandGrid = standBlockers(d), settle?: TieSettler): { target: Unit; distMm: number; stand: Stand } | undefined {
  const nu = nwu(d, u.id);
  const arc = nu.profile.artillery ? FIRING_ARC_DEG.artillery : FIRING_ARC_DEG.foot;
  const cands: { target: Unit; distMm: number; stand: Stand }[] = [];
  for (const e of activeUnits(d)) {
    if (e.side === u.side) continue;
    if (d.rs.units[e.id]?.ambush) continue; // NW §3: ambushers are not known enemy
    if (inCombat(d, e.id)) continue; // cannot fire at units in close combat
    const dist = standDistanceToUnit(s, e);
    if (dist > maxRangeMm + 1e-6) continue;
    let best: Stand | undefined;
    let bd = Infinity;
    for (const t of e.stands) {
      if (!standInArc(s, arc, maxRangeMm, t)) continue;
      const dt = hypot(t.centre.x - s.centre.x, t.centre.y - s.centre.y);
      if (dt < bd) { bd = dt; best = t; }
    }
    if (!best) continue;
    cands.push({ target: e, distMm: dist, stand: best });
  }
  // NW Generals §3: a general standing alone is a stand like any other to the nearest-target rule.
  for (const g of loneGenerals(d, u.side)) {
    const dist = hypot(g.stand.centre.x - s.centre.x, g.stand.centre.y - s.centre.y) - g.stand.widthMm / 2;
    if (dist > maxRangeMm + 1e-6 || !standInArc(s, arc, maxRangeMm, g.stand)) continue;
    cands.push({ target: generalAsTarget(g), distMm: Math.max(0, dist), stand: g.stand });
  }
  cands.sort((x, y) => x.distMm - y.distMm || (x.target.id < y.target.id ? -1 : x.target.id > y.target.id ? 1 : 0));
  const visible = (c: (typeof cands)[number]) => canSee(d, u, c.target) && fireSight(d, blockers, u, s, c.target, c.stand).clear;
  const at = cands.findIndex(visible);
  const first = cands[at];
  if (!first || !settle) return first;
  // NW Fire §29: "Roll a die to settle ambiguous situations": equally near targets (within TIE_MM).
  const tied = [first];
  for (let i = at + 1; i < cands.length && cands[i]!.distMm - first.distMm <= TIE_MM; i++) if (visible(cands[i]!)) tied.push(cands[i]!);
  return tied.length > 1 ? tied[settle(u, tied.map((c) => c.target))] ?? first : first;
}

/** Two targets nearer to each other in distance than this are equally near (NW Fire §29; RULINGS). */
export const TIE_MM = 1;

/** Chooses among equally near targets: the index of the one fired at. */
export type TieSettler = (firer: Unit, tied: readonly Unit[]) => number;

/**
 * NW Fire §29 ties: one d6 per firing unit and set of tied targets, logged; the faces are shared
 * out evenly in the order the targets are listed (two targets: 1-3 the first, 4-6 the second).
 */
export function rollingTieSettler(d: Draft): TieSettler {
  const settled = new Map<string, number>();
  return (firer, tied) => {
    const key = `${firer.id}|${tied.map((t) => t.id).join(',')}`;
    const known = settled.get(key);
    if (known !== undefined) return known;
    const n = Math.min(tied.length, 6);
    const r = d.ctx.roll({
      dice: 'd6', purpose: `Nearest target for ${firer.name}: ${tied.slice(0, n).map((t, i) => `${t.name} ${faceRange(i, n)}`).join(', ')}`,
      rule: 'NW Fire §29 Target Eligibility: roll a die to settle ambiguous situations', subjects: [firer.id, ...tied.slice(0, n).map((t) => t.id)],
    });
    const idx = Math.min(n - 1, Math.floor(((r.faces[0] ?? 1) - 1) * n / 6));
    settled.set(key, idx);
    d.ctx.emit({ type: 'NearestTargetSettled', unit: firer.id, target: tied[idx]!.id, among: tied.map((t) => t.id), rule: 'NW Fire §29' });
    return idx;
  };
}

function faceRange(i: number, n: number): string {
  const faces = [1, 2, 3, 4, 5, 6].filter((f) => Math.floor((f - 1) * n / 6) === i);
  return faces.length === 1 ? `${faces[0]}` : `${faces[0]}-${faces[faces.length - 1]}`;
}

function targetTerrainMods(d: Draft, target: Unit, firerStand: Stand, artillery: boolean): Modifier[] {
  const out: Modifier[] = [];
  const ter = unitTerrain(d.battle, target);
  const t = artillery ? d.tables.artilleryModifiers : d.tables.smallArmsModifiers;
  const rule = artillery ? R_ART : R_SA;
  const dense = ter.some((x) => terrainClass(x) === 'dense' || terrainClass(x) === 'building' || x.props['stone'] === true);
  const light = ter.some((x) => terrainClass(x) === 'light' || terrainClass(x) === 'obstacle');
  // "Target Uphill": most of the target's stands stand on a higher hill level than the firing stand (position.ts).
  const uphill = unitLevel(d, target) > standLevel(d, firerStand);
  const key = (k: string) => t[k]!;
  if (dense) out.push(mod(key('target-dense-or-stone').label, key('target-dense-or-stone').value, rule, 'target'));
  else if (light || uphill) out.push(mod(key(artillery ? 'target-light-cover-or-uphill' : 'target-uphill-or-light').label, key(artillery ? 'target-light-cover-or-uphill' : 'target-uphill-or-light').value, rule, 'target'));
  return out;
}

/** Every modifier to the To Hit number for one volley. */
export function fireModifiers(d: Draft, u: Unit, target: Unit, s: Stand, atScreen = false): Modifier[] {
  const nu = nwu(d, u.id);
  // A lone general's stand (NW Generals §3) is shot at as a mounted target in good order.
  const tn = isGeneralTarget(target) ? GENERAL_AS_TARGET : nwu(d, target.id);
  const art = nu.profile.artillery;
  const t = art ? d.tables.artilleryModifiers : d.tables.smallArmsModifiers;
  const rule = art ? R_ART : R_SA;
  const m: Modifier[] = [];
  const add = (k: string, times = 1) => {
    const spec = t[k];
    if (spec && times > 0) m.push(mod(times > 1 ? `${spec.label} ×${times}` : spec.label, spec.value * times, rule, 'target'));
  };
  const order = d.rs.orders[u.id];
  const markers = Math.min(markersOf(nu.morale), 2);
  add('disorder-marker', markers);
  const defend = order?.order === 'defend';
  // NW Fire tables "Target is charging": only while the charge is being made, i.e. fire at chargers
  // (Fire §5, Charge Declaration Phase); in the Fire Phase (§14) the charge is over (RULINGS).
  const targetCharging = (tn.charging || tn.countercharging) && d.phase !== 'fire';
  const column = target.formation === 'column' || target.formation === 'road-column';
  // RULINGS: Austrian Mass is a rally square for every square rule (NW §27 groups them).
  const square = target.formation === 'square' || target.formation === 'rally-square' || target.formation === 'austrian-mass';
  // A partial screen is skirmish foot too (NW §26 Skirmish Formation).
  const skirmishFoot = tn.profile.foot && (target.formation === 'skirmish' || atScreen);
  const unlimberedGuns = tn.profile.artillery && !tn.limbered;
  if (!art) {
    if (nu.movedThisTurn || (order?.order === 'advance' && !order.cancelled)) add('moved-and-fired');
    if (tn.profile.mounted) add('target-cavalry');
    if (nu.profile.grade === 'conscript') add('conscripts-firing');
    if (nu.profile.grade === 'militia') add('militia-firing');
    if (skirmishFoot || unlimberedGuns) add('target-skirmish-or-unlimbered-artillery');
    if (isGuardEliteVeteran(nu.profile.grade)) add('guard-elite-veteran-firing');
    if (defend) add('defend-orders-firing');
    if (column || square) add('target-column-or-square');
    if (targetCharging) add('target-charging');
  } else {
    // NW Basing 4: a horse battery on foot/cavalry-width stands fires as 2- or 3-gunner stands.
    const gunners = artilleryFiring(nu.profile, u, d.rs.scale, nu.startStands, 1, s).gunners;
    if (nu.profile.grade === 'conscript' || nu.profile.grade === 'militia') add('conscript-militia-artillery');
    if (nu.movedThisTurn && !nu.unlimberedThisTurn) add('prolonge-handpush-fire');
    if (gunners <= 2) add('two-gunners');
    if (gunners >= 4) add('four-gunners');
    if (skirmishFoot) add('target-skirmish-foot');
    if (unlimberedGuns) add('target-unlimbered-artillery');
    if (nu.unlimberedThisTurn) add('unlimbered-this-turn');
    if (nu.profile.oldGuardArtillery) add('old-guard-artillery');
    else if (isGuardEliteVeteran(nu.profile.grade)) add('guard-elite-veteran-artillery');
    if (defend) add('defend-orders-firing');
    if (square) add('target-square');
    else if (column) add('target-column');
    if (targetCharging) add('target-charging');
  }
  m.push(...targetTerrainMods(d, target, s, art));
  return m;
}

const GENERAL_AS_TARGET = { profile: { mounted: true, foot: false, artillery: false }, limbered: true, charging: false, countercharging: false } as const;

export interface Shot {
  firer: Unit;
  target: Unit;
  stands: Stand[];
  distMm: number;
  /** The stands fired at are the target's skirmish screen (NW §26, Fire §29). */
  atScreen?: boolean;
}

/**
 * One unit's fire at one target, with the stands that chose it. `forceBand` is the range band
 * decided by the fire-at-chargers roll (NW Fire §5). Returns hits and the number of 10s.
 */
export function resolveVolley(d: Draft, shot: Shot, forceBand?: 'close' | 'effective'): { hits: number; tens: number } {
  const { firer: u, target } = shot;
  const nu = nwu(d, u.id);
  const art = nu.profile.artillery;
  const rangeIn = toIn(shot.distMm);
  const s0 = shot.stands[0]!;
  let toHit: number | null;
  let band: string;
  let perStand: number;
  let tableId: string;
  const enfilade = enfiladeFace(d, u, target) !== 'front'; // NW §3: behind its front before any movement this turn
  const square = target.formation === 'square' || target.formation === 'rally-square' || target.formation === 'austrian-mass';
  if (art) {
    let b: ArtilleryBand | undefined = forceBand ?? artilleryBand(d.rs.scale, rangeIn);
    if (!b) return { hits: 0, tens: 0 };
    if (forceBand === 'close' && artilleryBand(d.rs.scale, rangeIn) === 'killing') b = 'killing';
    toHit = d.tables.artilleryToHit[nu.profile.gunSize ?? 'light'][b];
    band = b;
    tableId = 'artilleryToHit';
    // Canister in killing range 2d10 per gun; enfilade 3d10; at a square 2d10 (NW Artillery Fire Table).
    perStand = enfilade ? ARTILLERY_DICE.enfilade : b === 'killing' ? ARTILLERY_DICE.canister : square ? ARTILLERY_DICE.square : ARTILLERY_DICE.perStand;
  } else {
    const weapon = nu.profile.weapon === 'rifle' ? 'rifle' : nu.profile.weapon === 'carbine' ? 'carbine' : 'musket';
    const natural = smallArmsBand(d.rs.scale, weapon, rangeIn);
    const bandRow = forceBand ? d.tables.smallArms[d.rs.scale].bands.find((x) => x.band === forceBand) : natural;
    if (!bandRow || !natural) return { hits: 0, tens: 0 };
    toHit = bandRow.toHit;
    band = bandRow.band;
    tableId = 'smallArms';
    perStand = SMALL_ARMS_DICE.perStand;
    if (nu.profile.british && u.formation === 'line') perStand = SMALL_ARMS_DICE.britishKglInLine;
    if (enfilade) perStand *= SMALL_ARMS_DICE.enfiladeFactor;
  }
  if (toHit === null) return { hits: 0, tens: 0 };
  // NW Basing 4: a horse battery on foot/cavalry-width stands counts as 3 (6 guns) or 2 stands.
  let firing = art ? artilleryFiring(nu.profile, u, d.rs.scale, nu.startStands, shot.stands.length, s0).stands : shot.stands.length;
  if (nu.ammo === 'low') firing = roundUp(firing / 2); // NW Fire §28: half the eligible stands
  let dice = roundUp(firing * perStand);
  // Disordered or Fragmented: half dice, rounded up (NW §17 Effects of Disorder / Fragmentation).
  if (nu.morale === 'disordered' || nu.morale === 'fragmented') dice = roundUp(dice / 2);
  if (dice <= 0) return { hits: 0, tens: 0 };
  // The dice roller takes at most MAX_DICE_PER_ROLL dice a roll: a bigger volley is rolled (and logged) in batches, every die kept.
  const modifiers = fireModifiers(d, u, target, s0, !!shot.atScreen);
  let hits = 0, tens = 0;
  for (let from = 0; from < dice; from += MAX_DICE_PER_ROLL) {
    const n = Math.min(MAX_DICE_PER_ROLL, dice - from);
    const part = dice > MAX_DICE_PER_ROLL ? ` dice ${from + 1}-${from + n} of ${dice}` : '';
    const r = rollD10(d, {
      count: n,
      purpose: `${u.name} fire at ${target.name} (${band} range, ${rangeIn}")${part}`,
      rule: art ? R_ART : R_SA,
      eachDie: true,
      modifiers,
      target: { value: toHit, pass: 'atLeast', label: `To Hit ${toHit}+ (${band})` },
      table: { id: tableId, row: art ? (nu.profile.gunSize ?? 'light') : band, column: band },
      subjects: [u.id, target.id],
      outcome: (v) => `${v.successes ?? 0} hit${v.successes === 1 ? '' : 's'}`,
    });
    hits += r.successes ?? 0;
    tens += r.faces.filter((f) => f === 10).length;
  }
  return { hits, tens };
}

/** The engine's dice codes go up to 60 dice a roll (src/engine/dice.ts). */
export const MAX_DICE_PER_ROLL = 60;

/** Gather each unit's shots: front-rank stands grouped by their nearest eligible target. */
export function planShots(d: Draft, only?: (u: Unit) => boolean, settle?: TieSettler): Shot[] {
  const shots: Shot[] = [];
  const blockers = standBlockers(d);
  for (const u of activeUnits(d)) {
    if (only && !only(u)) continue;
    if (canFire(d, u)) continue;
    const nu = nwu(d, u.id);
    const maxIn = nu.profile.artillery ? d.tables.artilleryRangesIn[d.rs.scale].extreme : d.tables.smallArms[d.rs.scale].bands[2]!.maxIn[nu.profile.weapon === 'rifle' ? 'rifle' : nu.profile.weapon === 'carbine' ? 'carbine' : 'musket'];
    const byTarget = new Map<string, Shot>();
    for (const s of frontRank(u)) {
      const t = targetFor(d, u, s, inMm(maxIn), blockers, settle);
      if (!t) continue;
      const sh = byTarget.get(t.target.id) ?? { firer: u, target: t.target, stands: [], distMm: t.distMm, atScreen: isScreenStand(t.target, t.stand) };
      sh.stands.push(s);
      sh.distMm = Math.min(sh.distMm, t.distMm);
      byTarget.set(t.target.id, sh);
    }
    shots.push(...byTarget.values());
  }
  return shots;
}

/** NW §14 Fire Phase: simultaneous fire, then casualties, ammunition, and morale tests. */
export function firePhase(d: Draft): void {
  const shots = planShots(d, undefined, rollingTieSettler(d));
  const results: { shot: Shot; hits: number; tens: number }[] = [];
  for (const shot of shots) {
    revealAmbush(d, shot.firer.id, 'it fired');
    const r = resolveVolley(d, shot);
    results.push({ shot, ...r });
    // A Recovering unit that fires loses its Recover marker (NW Orders/Recover).
    const o = d.rs.orders[shot.firer.id];
    if (o?.order === 'recover' && !o.cancelled) {
      o.cancelled = true;
      d.ctx.emit({ type: 'OrderCancelled', unit: shot.firer.id, order: 'recover', reason: 'fired', rule: 'NW Orders/Recover' });
    }
  }
  applyFireResults(d, results);
  runPendingTests(d);
}

export function applyFireResults(d: Draft, results: { shot: Shot; hits: number; tens: number }[]): void {
  const tensBy = new Map<string, number>();
  for (const r of results) tensBy.set(r.shot.firer.id, (tensBy.get(r.shot.firer.id) ?? 0) + r.tens);
  for (const r of results) if (r.hits > 0 && isGeneralTarget(r.shot.target)) hitGeneral(d, r.shot.target.id, r.hits, `fire from ${r.shot.firer.name}`);
  for (const r of results) if (r.hits > 0 && findUnit(d.battle, r.shot.target.id)) inflictCasualties(d, r.shot.target.id, r.hits, `fire from ${r.shot.firer.name}`, r.shot.firer.stands.length && nwu(d, r.shot.firer.id).profile.artillery ? R_ART : R_SA);
  for (const [id, tens] of tensBy) {
    const nu = d.rs.units[id];
    if (!nu || tens <= 0) continue;
    const before = nu.ammo;
    nu.ammo = ammoAfter(before, tens);
    if (nu.ammo !== before) d.ctx.emit({ type: 'AmmunitionChanged', unit: id, from: before, to: nu.ammo, tens, rule: 'NW Fire §28 Ammunition Supply' });
  }
}

export { commandStand };

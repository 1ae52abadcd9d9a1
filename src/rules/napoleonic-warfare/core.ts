/** Shared procedures on a Draft: finding units, visibility, disorder, casualties, removal. */
import { standIndexOf } from '../../geometry/sightCache';
import { unitBox } from '../../geometry/queries';
import { boxGap, type Box } from '../../geometry/vec';
import { gapEventsAlong } from '../../geometry/moveGap';
import { firstWhereAlong, nearestPairEventsAlong, sightEventsAlong } from '../../geometry/sightAlong';
import { standsAtDistance } from '../../geometry/movement';
import type { Unit } from '../../engine/model';
import type { Change, Ctx, GameEvent } from '../../engine/ruleset';
import type { DiceCode, Modifier, RollSpec, Target } from '../../engine/dice';
import { findUnit, updateGeneral } from '../../engine/battle';
import { copyJson, dropUnit, finishWork, loseStands, startWork, unitIn } from '../../engine/workingState';
import { inches, pt } from '../../geometry/types';
import { SCALE_DISTANCES } from './tables/scale';
import { DISORDER_MARKERS, MORALE_STATES, type MoraleState } from './tables/morale';
import type { Draft, NwGameState, NwState, NwUnit, UnitStatus } from './types';
import { commandStand, lineOfSight, nearestCentres, nwSightIndex, unitDistanceMm, unitTerrain, frontRank, type SightScale } from './geom';
import { GENERAL_CASUALTIES } from './tables/generals';
import { checkSeparation, settleSeparation } from './separation';
import { settleGuns } from './guns';
import { cos, hypot, sin } from '../../geometry/math';

export const clone = copyJson;

/**
 * NW §2 / §21: in the strategic step a move is only planned; its check (strategic.ts `dryRun`)
 * runs the real handler in this context, and wants only the handler's refusals. A die it would
 * roll, or a move handler that has passed every check (`planChecked`), ends the check accepted:
 * where the unit would get to is decided when the plans are carried out together.
 */
export class PlanAccepted extends Error {}
export const planCheckCtx: Ctx = {
  roll: () => {
    throw new PlanAccepted('strategic plan check: a die would be rolled');
  },
  emit: () => undefined,
};
/** PERF: a strategic plan's check stops here, before the walk and the Engagement Range halt it does not need (no refusal comes after this point). */
export function planChecked(d: Draft): void {
  if (d.ctx === planCheckCtx) throw new PlanAccepted('strategic plan check: the move passed');
}

/** Fields of NW state whose objects are never changed in place (`NwUnit.profile`, `OffTableUnit.unit`). */
const SHARED_IN_DRAFTS = ['profile', 'unit'] as const;

/** The engine's working state (src/engine/workingState.ts) with NW's own memo: rule functions change `d.rs` in place. */
export function makeDraft(state: NwGameState, ctx: Ctx): Draft {
  // PERF: a unit's profile (readonly NwProfile, replaced whole when cavalry dismount) and an
  // off-table unit's table unit (a battle unit, replaced whole when it comes on) are shared by the
  // copy: the units waiting off the table were a third of the objects every draft copied.
  return { ...startWork(state, ctx, { copyRuleset: true, shared: SHARED_IN_DRAFTS }), pendingTests: [] };
}

export function toChange(d: Draft, events: GameEvent[] = []): Change<NwState> {
  // NW §17: stands left apart by whatever this command or step did fragment their unit; abandoned guns an enemy touches are captured, those it left are retaken.
  settleSeparation(d, `during the ${d.phase.replace(/-/g, ' ')} phase`);
  settleGuns(d);
  syncAttachedGenerals(d);
  return finishWork(d, events);
}

/**
 * NW Generals §1: a general who joins a unit goes where it goes; his stand rides just behind its
 * command stand (a marker only: generals' stands never block or collide).
 */
export function syncAttachedGenerals(d: Draft): void {
  for (const g of Object.values(d.rs.generals)) {
    if (!g.withUnit || g.lost) continue;
    const u = findUnit(d.battle, g.withUnit);
    if (!u || u.stands.length === 0) continue;
    const c = commandStand(u);
    const gs = d.battle.generals.find((x) => x.id === g.id);
    if (!gs) continue;
    const back = c.depthMm / 2 + gs.stand.depthMm / 2;
    const at = pt(c.centre.x - cos(c.facing) * back, c.centre.y - sin(c.facing) * back);
    if (Math.abs(at.x - gs.stand.centre.x) < 1e-6 && Math.abs(at.y - gs.stand.centre.y) < 1e-6 && gs.stand.facing === c.facing) continue;
    d.battle = updateGeneral(d.battle, g.id, (x) => ({ ...x, stand: { ...x.stand, centre: at, facing: c.facing } }));
  }
}

export const scaleOf = (d: { rs: NwState }) => SCALE_DISTANCES[d.rs.scale];
export const inMm = (n: number): number => inches(n);
export const erMm = (d: { rs: NwState }): number => inMm(scaleOf(d).engagementRangeIn);
export const toIn = (mmv: number): number => Math.round((mmv / 25.4) * 100) / 100;

export const nwu = (d: { rs: NwState }, id: string): NwUnit => {
  const u = d.rs.units[id];
  if (!u) throw new Error(`no NW state for unit ${id}`);
  return u;
};
export const unitOf = (d: Draft, id: string): Unit | undefined => unitIn(d, id);
export const isActive = (d: Draft, id: string): boolean => d.rs.units[id]?.status === 'active' && !!findUnit(d.battle, id);
export const activeUnits = (d: Draft): Unit[] => d.battle.units.filter((u) => d.rs.units[u.id]?.status === 'active');
/** Known enemies (NW §3 Known Enemy: any enemy unit on the table except ambushers not yet sprung). */
export const enemiesOf = (d: Draft, side: string): Unit[] => activeUnits(d).filter((u) => u.side !== side && d.rs.units[u.id]?.ambush !== true);
export const friendsOf = (d: Draft, side: string): Unit[] => activeUnits(d).filter((u) => u.side === side);

/** The sight distances of the scale in play (NW §9 Forests, §29 woods edge). */
export const sightScale = (d: { rs: NwState }): SightScale => ({ woodsVisibilityMm: inMm(scaleOf(d).woodsVisibilityIn), woodsEdgeMm: inMm(scaleOf(d).woodsEdgeIn) });

/** NW §3 Visibility between two units (nearest stand centres; stands never block it). */
export function canSee(d: { battle: Draft['battle']; rs: NwState }, a: Unit, b: Unit): boolean {
  const [p, q] = nearestCentres(a, b);
  return lineOfSight(d.battle, p, q, sightScale(d));
}

/** NW §3 Engagement Range: is a visible, known enemy within `rangeMm`? */
export function visibleEnemyWithin(d: Draft, u: Unit, rangeMm: number): boolean {
  // PERF: only a unit with a stand whose box comes within the range of this unit's box can be
  // within range (the geometry core's stand index of the battle; exact, it only skips work).
  const b = unitBox(u.stands), r = rangeMm + 1;
  const near = new Set(standIndexOf(d.battle.units).search({ minX: b.minX - r, minY: b.minY - r, maxX: b.maxX + r, maxY: b.maxY + r }).map((e) => e.value.unitId));
  // PERF: the near units are looked up by id, not found by scanning every enemy (same answer: enemiesOf's tests).
  const byId = unitsById(d.battle.units);
  for (const id of near) {
    const e = byId.get(id);
    if (!e || e.side === u.side || d.rs.units[id]?.status !== 'active' || d.rs.units[id]?.ambush === true) continue;
    if (unitDistanceMm(u, e) <= rangeMm + 1e-6 && canSee(d, u, e)) return true;
  }
  return false;
}

/**
 * `visibleEnemyWithin` among `candidates` (enemies of `u` not in ambush, with their boxes, that
 * include every one within `rangeMm`): the same answer, for a caller that found them once for
 * many poses (a drag preview).
 */
export function visibleEnemyAmong(d: Draft, u: Unit, rangeMm: number, candidates: readonly { readonly unit: Unit; readonly box: Box }[]): boolean {
  const b = unitBox(u.stands), r = rangeMm + 1;
  for (const { unit: e, box } of candidates) {
    if (boxGap(b, box) > r || d.rs.units[e.id]?.status !== 'active') continue;
    if (unitDistanceMm(u, e) <= rangeMm + 1e-6 && canSee(d, u, e)) return true;
  }
  return false;
}

const BY_ID = new WeakMap<readonly Unit[], Map<string, Unit>>();
/** The battle's units by id, built once per units array (battles replace the array on every change). */
export function unitsById(units: readonly Unit[]): ReadonlyMap<string, Unit> {
  let m = BY_ID.get(units);
  if (!m) {
    m = new Map(units.map((x) => [x.id, x]));
    BY_ID.set(units, m);
  }
  return m;
}
export const withinER = (d: Draft, u: Unit): boolean => visibleEnemyWithin(d, u, erMm(d));

/**
 * NW §21 Strategic Movement: "Troops moving during the Strategic Movement Phase must halt as soon
 * as they come to within Engagement Range of any visible enemy unit." The first distance along a
 * straight move of `lengthMm` on `dir` at which `withinER` holds, or undefined: exact, not
 * sampled. `withinER` can change only where the unit comes within or goes beyond ER of an enemy
 * (the geometry's gap events), where the pair of nearest stand centres the sight line joins
 * changes, or where that line's sight changes (the geometry's sight events); it is judged once
 * between neighbouring places and settled to the last bit where it first holds.
 */
export function firstWithinER(d: Draft, u: Unit, dir: number, lengthMm: number): number | undefined {
  if (!(lengthMm > 0)) return withinER(d, u) ? 0 : undefined;
  const leg = { kind: 'translate' as const, dx: cos(dir) * lengthMm, dy: sin(dir) * lengthMm, distanceMm: lengthMm };
  const at = (x: number): Unit => ({ ...u, stands: standsAtDistance(u.stands, [leg], x) });
  const rangeMm = erMm(d) + 1e-6;
  // Only enemies some stand comes near on the way can count (the move's box grown by ER).
  const b0 = unitBox(u.stands), b1 = unitBox(at(lengthMm).stands), r = rangeMm + 1;
  const box = { minX: Math.min(b0.minX, b1.minX) - r, minY: Math.min(b0.minY, b1.minY) - r, maxX: Math.max(b0.maxX, b1.maxX) + r, maxY: Math.max(b0.maxY, b1.maxY) + r };
  const near = new Set(standIndexOf(d.battle.units).search(box).map((e) => e.value.unitId));
  const ix = nwSightIndex(d.battle, sightScale(d));
  const events: number[] = [];
  for (const e of d.battle.units) {
    if (!near.has(e.id) || e.side === u.side || d.rs.units[e.id]?.status !== 'active' || d.rs.units[e.id]?.ambush === true) continue;
    const gap = gapEventsAlong(u.stands, leg, [{ id: e.id, stands: e.stands }], rangeMm);
    if (gap.length === 0 && unitDistanceMm(u, e) > rangeMm) continue;
    events.push(...gap);
    const mv = u.stands.map((s) => s.centre), fx = e.stands.map((s) => s.centre);
    events.push(...nearestPairEventsAlong(mv, fx, leg.dx, leg.dy));
    for (const p of mv) for (const q of fx) events.push(...sightEventsAlong(ix, q, p, pt(p.x + leg.dx, p.y + leg.dy)));
  }
  return firstWhereAlong(events, pt(0, 0), pt(lengthMm, 0), (p) => withinER(d, at(p.x)))?.atMm;
}

/** Nearest active enemy unit, by nearest stand distance. */
export function nearestEnemy(d: Draft, u: Unit): Unit | undefined {
  let best: Unit | undefined;
  let bd = Infinity;
  for (const e of enemiesOf(d, u.side)) {
    const dd = unitDistanceMm(u, e);
    if (dd < bd) {
      bd = dd;
      best = e;
    }
  }
  return best;
}

/** A d10 roll, made with two d6 when the option is on (NW §6; the module's `dieEmulation`). */
export function rollD10(d: Draft, spec: Omit<RollSpec, 'dice' | 'emulate'> & { count?: number }): ReturnType<Ctx['roll']> {
  const { count, ...rest } = spec;
  const dice = (count && count > 1 ? `${count}d10` : 'd10') as DiceCode;
  return d.ctx.roll({ ...rest, dice, emulate: true });
}

export function mod(label: string, value: number, rule: string, appliesTo?: 'roll' | 'target'): Modifier {
  return appliesTo ? { label, value, rule, appliesTo } : { label, value, rule };
}

export function atLeast(value: number, label: string): Target {
  return { value, pass: 'atLeast', label };
}

export const markersOf = (m: MoraleState): number => (m === 'dispersed' ? 3 : DISORDER_MARKERS[m]);

export function stateForMarkers(n: number): MoraleState {
  return n <= 0 ? 'good' : n === 1 ? 'disordered' : n === 2 ? 'fragmented' : 'routed';
}

/**
 * NW §17: add `n` disorders. A second Disorder fragments, a third routs. Returns true when the
 * unit has just become Routed (the caller makes the rout move).
 */
export function addDisorder(d: Draft, id: string, n: number, cause: string, rule: string): boolean {
  const nu = d.rs.units[id];
  if (!nu || nu.status !== 'active' || n <= 0) return false;
  const before = nu.morale;
  if (before === 'routed' || before === 'dispersed') return false;
  const after = stateForMarkers(markersOf(before) + n);
  nu.morale = after;
  d.ctx.emit({ type: 'MoraleStateChanged', unit: id, from: before, to: after, cause, rule });
  return after === 'routed';
}

/** Set a unit to at least `state` (never improves it). Returns true on becoming Routed. */
export function worsenTo(d: Draft, id: string, state: MoraleState, cause: string, rule: string): boolean {
  const nu = d.rs.units[id];
  if (!nu || nu.status !== 'active') return false;
  const before = nu.morale;
  if (MORALE_STATES.indexOf(state) <= MORALE_STATES.indexOf(before)) return false;
  nu.morale = state;
  d.ctx.emit({ type: 'MoraleStateChanged', unit: id, from: before, to: state, cause, rule });
  return state === 'routed';
}

/** Take a unit off the table for good (NW §17 Dispersed; destroyed; captured; left the table). */
export function removeFromPlay(d: Draft, id: string, status: UnitStatus, cause: string, rule: string): void {
  const nu = d.rs.units[id];
  if (!nu || nu.status !== 'active') return;
  const u = findUnit(d.battle, id);
  nu.status = status;
  if (status === 'dispersed') nu.morale = 'dispersed';
  dropUnit(d, id);
  d.rs.combats = d.rs.combats.filter((c) => c.a !== id && c.b !== id);
  delete d.rs.orders[id];
  // A general with the unit goes with it (NW §20: he suffers the same result).
  for (const g of Object.values(d.rs.generals)) {
    if (g.withUnit === id) {
      g.withUnit = undefined;
      if (status !== 'left-table') loseGeneral(d, g.id, `went down with ${u?.name ?? id}`);
    }
  }
  d.ctx.emit({ type: 'UnitRemoved', unit: id, name: u?.name, status, standsRemaining: u?.stands.length ?? 0, cause, rule });
}

export function loseGeneral(d: Draft, gid: string, cause: string): void {
  const g = d.rs.generals[gid];
  if (!g || g.lost) return;
  g.lost = true;
  g.lostTurn = d.turn;
  g.withUnit = undefined;
  d.ctx.emit({ type: 'GeneralLost', general: gid, cause, rule: GENERAL_CASUALTIES.rule });
  // NW §18 B: units within Engagement Range of him test.
  const gen = d.battle.generals.find((x) => x.id === gid);
  if (gen) {
    for (const u of friendsOf(d, g.side)) {
      const near = u.stands.some((s) => hypot(s.centre.x - gen.stand.centre.x, s.centre.y - gen.stand.centre.y) <= erMm(d));
      if (near) d.pendingTests.push({ unitId: u.id, trigger: 'B', detail: `General ${gen.name} lost` });
    }
  }
}

/**
 * NW §4 Strength and Fire §4: casualties accumulate; each `strengthPerStand` removes a stand
 * from the rear (NW Close Combat §5: casualties come off the rearmost stands). Returns the
 * stands removed. Queues the stand-loss morale test (NW §18 C) and rolls for an attached
 * general (NW Generals §3).
 */
export function inflictCasualties(d: Draft, id: string, n: number, source: string, rule: string): number {
  const nu = d.rs.units[id];
  let u = findUnit(d.battle, id);
  if (!nu || !u || nu.status !== 'active' || n <= 0) return 0;
  nu.casualties += n;
  let lost = 0;
  const before = u.stands;
  while (nu.casualties >= nu.profile.strengthPerStand && u.stands.length > 0) {
    nu.casualties -= nu.profile.strengthPerStand;
    u = removeRearStand(u);
    lost++;
  }
  const kept = new Set(u.stands.map((s) => s.id));
  loseStands(d, id, before.filter((s) => !kept.has(s.id)).map((s) => s.id));
  u = unitIn(d, id)!;
  nu.standsLost += lost;
  d.ctx.emit({ type: 'CasualtiesInflicted', unit: id, casualties: n, standsLost: lost, standsLeft: u.stands.length, carried: nu.casualties, source, rule });
  if (lost > 0 && u.stands.length > 0) checkSeparation(d, id, `a stand was lost to ${source}`);
  if (lost > 0) {
    for (const g of Object.values(d.rs.generals)) {
      if (g.withUnit !== id || g.lost) continue;
      for (let i = 0; i < lost && !g.lost; i++) {
        const r = d.ctx.roll({
          dice: 'd6', purpose: `General with ${u.name}: does he fall with the lost stand?`, rule: GENERAL_CASUALTIES.rule,
          target: { value: 1, pass: 'atMost', label: 'lost on a 1' }, outcome: (v) => (v.passed ? 'general lost' : 'general unhurt'), subjects: [g.id, id],
        });
        if (r.passed) loseGeneral(d, g.id, `stand lost from ${u.name}`);
      }
    }
    if (u.stands.length === 0) removeFromPlay(d, id, 'destroyed', 'all stands lost', rule);
    else d.pendingTests.push({ unitId: id, trigger: 'C', detail: `${lost} stand(s) lost to ${source}` });
  }
  return lost;
}

/** Remove the rearmost stand (never the command stand while another remains). */
export function removeRearStand(u: Unit): Unit {
  const front = new Set(frontRank(u).map((s) => s.id));
  const cmd = commandStand(u);
  const candidates = u.stands.filter((s) => s.id !== cmd.id);
  if (candidates.length === 0) return { ...u, stands: [] };
  const rear = candidates.filter((s) => !front.has(s.id));
  const pool = rear.length > 0 ? rear : candidates;
  // Rearmost: the last listed of the rear rank; in a line, the outermost stand.
  const victim = pool[pool.length - 1]!;
  return { ...u, stands: u.stands.filter((s) => s.id !== victim.id) };
}

/** Is the unit in cover (NW §3 Cover: woods, behind walls, buildings)? */
export function inCover(d: Draft, u: Unit): boolean {
  return unitTerrain(d.battle, u).some((t) => t.kind === 'wood' || t.kind === 'village' || t.kind === 'building' || t.props['stone'] === true);
}

/** Distance between units in inches. */
export const distIn = (a: Unit, b: Unit): number => toIn(unitDistanceMm(a, b));

export const turnPhaseKey = (d: Draft): string => `${d.turn}:${d.phase}`;

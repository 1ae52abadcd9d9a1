/**
 * NW Movement: straight moves with terrain delays, collisions, interpenetration, contact and
 * leaving the table. The geometry core traces each move (where it meets terrain, units and the
 * table edge); the rules (what delays, what disorders, what stops) are decided here from the
 * tables, at each of those places in turn.
 */
import { advanceUnit, isContactGap, unitOffTable } from '../../geometry/units';
import { centreCrossings, terrainMoments, touchingAfter, traceMove, type Meeting, type MoveTrace } from '../../geometry/moveCore';
import { standIndexOf, terrainIndexOf } from '../../geometry/sightCache';
import { unitBox } from '../../geometry/queries';
import type { Leg } from '../../geometry/movement';
import type { TerrainFeature, Unit } from '../../engine/model';
import { updateUnit } from '../../engine/battle';
import type { Draft } from './types';
import { frontRank, terrainClass, unitTerrain, unitDistanceMm, unitFacing } from './geom';
import { activeUnits, addDisorder, inMm, isActive, nwu, removeFromPlay, worsenTo } from './core';
import { TERRAIN_EFFECTS, BUILDINGS } from './tables/movement';
import { noteLeftTable, revealAmbush } from './offTable';
import type { Radians } from '../../geometry/types';
import { pointInPolygon, polygonArea } from '../../geometry/vec';
import { cos, hypot, sin } from '../../geometry/math';

export type MoveMode = 'advance' | 'strategic' | 'charge' | 'retreat' | 'rout' | 'pursuit' | 'fall-back';

export interface MoveResult {
  unit: Unit;
  usedMm: number;
  contacts: string[];
  leftTable: boolean;
  blocked?: string;
  interpenetrated: string[];
}

const REGROUP_RULE = 'NW Close Combat §1 note; §17 Causes of Disorder (extra movement)';

/** Can this unit pass this terrain at all? NW §23 Dense Terrain, Rivers, Buildings. */
function impassable(d: Draft, u: Unit, t: TerrainFeature, all: TerrainFeature[]): boolean {
  const p = nwu(d, u.id).profile;
  const cls = terrainClass(t);
  const eff = TERRAIN_EFFECTS[cls];
  if (cls === 'river' || cls === 'water') {
    // Crossed only at bridges and fords (NW §23 Rivers).
    return !all.some((x) => x.kind === 'ford' || x.kind === 'bridge');
  }
  if (eff.impassableFor.includes('all')) return true;
  if (p.artillery && eff.impassableFor.includes('artillery')) return true;
  if (p.mounted && p.troop === 'cavalry' && eff.impassableFor.includes('cavalry')) return true;
  if (p.mounted && p.troop === 'light-cavalry' && eff.impassableFor.includes('light-cavalry')) return true;
  return false;
}

/** Square inches of village ground to one building when a village does not say how many it has (RULINGS, HOUSE). */
export const VILLAGE_IN2_PER_BUILDING = 9;

/**
 * NW §23 Buildings: stands a building-class feature holds: 2 a building; a feature says how many
 * buildings it has in `props.buildings`, else a 'building' is one and a village has one per 9 sq in.
 */
export function buildingCapacity(t: TerrainFeature): number {
  const n = typeof t.props['buildings'] === 'number' ? (t.props['buildings'] as number)
    : t.kind === 'building' ? 1 : Math.max(1, Math.floor(Math.abs(polygonArea(t.polygon)) / (25.4 * 25.4 * VILLAGE_IN2_PER_BUILDING) + 1e-9));
  return BUILDINGS.standsPerBuilding * Math.max(0, Math.floor(n));
}

/** A straight plan of `distMm` along `dir` (one leg of the geometry core). */
export const straight = (dir: number, distMm: number): Leg[] => [{ kind: 'translate', dx: cos(dir) * distMm, dy: sin(dir) * distMm, distanceMm: distMm }];

/**
 * The geometry core's trace of `legs` for `u` against the other active units (`byId`), the
 * table edge and the terrain, each from the core's index of the battle (built once per layout).
 */
export function traceStraight(d: Draft, u: Unit, legs: readonly Leg[], byId: ReadonlyMap<string, Unit>): MoveTrace {
  return traceMove(u.stands, legs, { others: standIndexOf(d.battle.units), ignore: (id) => id === u.id || !byId.has(id), table: d.battle.table, terrain: terrainIndexOf(d.battle.terrain) });
}

/** The diagonal of a unit's box: how far past a unit's start another unit can reach across it. */
function extentMm(u: Unit): number {
  const b = unitBox(u.stands);
  return hypot(b.maxX - b.minX, b.maxY - b.minY);
}

/** The moments of a traced move, in order: where the table edge, terrain or a unit is met. */
export type Moment = { atMm: number; kind: 'edge' } | { atMm: number; kind: 'terrain' } | { atMm: number; kind: 'unit'; meeting: Meeting };
const KIND_ORDER = { edge: 0, terrain: 1, unit: 2 } as const;

/**
 * Where the move meets something (geometry core `traceMove`): the table edge, every place the
 * terrain touched changes or a stand's centre crosses a building's outline (NW §23 Buildings
 * count stands by where they stand), and every unit entered. At the same distance the edge
 * comes first, then terrain, then units (the order the rules are applied in).
 */
export function momentsOf(u: Unit, legs: readonly Leg[], trace: MoveTrace): Moment[] {
  const out: Moment[] = [];
  if (trace.leavesTableAtMm !== undefined) out.push({ atMm: trace.leavesTableAtMm, kind: 'edge' });
  for (const x of terrainMoments(trace.terrain)) out.push({ atMm: x, kind: 'terrain' });
  for (const c of trace.terrain) {
    if (terrainClass(c.feature as TerrainFeature) !== 'building') continue;
    for (const x of centreCrossings(u.stands, legs[0]!, c.feature.polygon)) out.push({ atMm: x, kind: 'terrain' });
  }
  for (const m of trace.meetings) if (!m.atStart) out.push({ atMm: m.enterMm, kind: 'unit', meeting: m });
  return out.sort((a, b) => a.atMm - b.atMm || KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
}

/** The features some stand touches just after `atMm`, in the trace's order (first touched, then id). */
export const terrainAfter = (trace: MoveTrace, atMm: number): TerrainFeature[] => trace.terrain.filter((c) => touchingAfter(c, atMm)).map((c) => c.feature as TerrainFeature);

/**
 * Move `u` straight along `dir` up to `budgetMm`, paying terrain delays as they are met.
 * Delays are rolled once per class per move, when any stand first touches the terrain
 * (NW §23: the whole unit is affected). The geometry core traces the move once (exactly:
 * where terrain, units and the table edge are met); the rules below are applied at each of
 * those places in turn, and the unit stops exactly where they stop it: touching an enemy
 * (Close Combat §1), touching ground it cannot enter, at the edge of the table it goes over
 * (§9), directly on the far side of a friend it interpenetrates (§24), or where the allowance
 * less its delays runs out.
 */
export function walk(d: Draft, u0: Unit, dir: Radians, budgetMm: number, mode: MoveMode, opts: { roadColumn?: boolean } = {}): MoveResult {
  const nu = nwu(d, u0.id);
  const skirmishFoot = nu.profile.foot && u0.formation === 'skirmish';
  const tbl = d.tables.movement[d.rs.scale];
  const contacts: string[] = [];
  const inter: string[] = [];
  if (budgetMm <= 1e-6) return { unit: u0, usedMm: 0, contacts, leftTable: unitOffTable(u0.stands, d.battle.table), interpenetrated: inter };
  let budget = budgetMm;
  const paid = new Set<string>();
  let blocked: string | undefined;
  const startTerrain = new Set(unitTerrain(d.battle, u0).map((t) => t.id));
  const others = activeUnits(d).filter((x) => x.id !== u0.id);
  const byId = new Map(others.map((x) => [x.id, x]));
  const alreadyTouching = new Set(others.filter((e) => e.side !== u0.side && isContactGap(unitDistanceMm(u0, e))).map((e) => e.id));
  // Traced past the allowance far enough to place the unit clear of a friend it goes through.
  const reachMm = budgetMm + extentMm(u0) + Math.max(0, ...others.filter((f) => f.side === u0.side).map(extentMm)) + 1;
  const legs = straight(dir, reachMm);
  const trace = traceStraight(d, u0, legs, byId);
  const at = (x: number): Unit => advanceUnit(u0, x, dir);
  const clearOf = (m: Meeting): number => m.clearMm ?? reachMm;
  const done = (posMm: number, usedMm = posMm): MoveResult => {
    const u = at(posMm);
    return { unit: u, usedMm, contacts, leftTable: unitOffTable(u.stands, d.battle.table), ...(blocked ? { blocked } : {}), interpenetrated: inter };
  };
  let pos = -1;
  for (const ev of momentsOf(u0, legs, trace)) {
    if (ev.atMm > budget + 1e-6) break;
    const x = ev.atMm;
    // NW §9: any part of any stand over the edge and the unit has left the table.
    if (ev.kind === 'edge') return { unit: at(x), usedMm: x, contacts, leftTable: true, interpenetrated: inter };
    if (ev.kind === 'terrain') {
      const ter = terrainAfter(trace, x);
      const stop = ter.find((t) => impassable(d, u0, t, ter));
      if (stop) {
        blocked = `${stop.name} is impassable to this unit`;
        pos = x;
        break;
      }
      if (!opts.roadColumn) {
        for (const t of ter) {
          const cls = terrainClass(t);
          if (cls === 'building') {
            if (!nu.profile.foot) {
              blocked = 'only infantry may enter buildings';
              break;
            }
            // NW §23 Buildings: "Up to 2 infantry stands may occupy a typical building"; the rest of
            // the unit stays outside in contact, so the move halts before a third stand goes in.
            const cap = buildingCapacity(t);
            const count = (mover: Unit) => [mover, ...others].reduce((n, o) => n + o.stands.filter((s) => pointInPolygon(s.centre, t.polygon)).length, 0);
            const inside = count(at(x + CROSS_MM));
            if (inside > cap && inside > count(at(Math.max(0, x - CROSS_MM)))) {
              blocked = `${t.name} holds ${cap} stands (${BUILDINGS.standsPerBuilding} per building)`;
              d.ctx.emit({ type: 'BuildingFull', unit: u0.id, terrain: t.id, capacity: cap, rule: BUILDINGS.rule });
              break;
            }
            if (!paid.has('building') && !startTerrain.has(t.id)) {
              paid.add('building');
              budget -= budgetMm * BUILDINGS.enterExitCostFraction;
              d.ctx.emit({ type: 'TerrainDelay', unit: u0.id, terrain: t.id, delayIn: (budgetMm * BUILDINGS.enterExitCostFraction) / 25.4, rule: BUILDINGS.rule });
            }
            continue;
          }
          const eff = TERRAIN_EFFECTS[cls];
          if (eff.delay === 'none' || paid.has(eff.delay)) continue;
          // Skirmish foot are not slowed by obstacles or light terrain (NW Movement §3 Terrain Effects).
          if (skirmishFoot && eff.delay === 'light') continue;
          paid.add(eff.delay);
          const dd = eff.delay === 'light' ? tbl.lightDelay : nu.profile.foot ? tbl.rows.foot.denseDelay : tbl.rows['light-cavalry'].denseDelay;
          if (!dd) continue;
          // Light infantry and skirmishers pay dense delays too ("All infantry deduct"), but only horse pays light cav's.
          const r = dd.d6 > 0 ? d.ctx.roll({ dice: `${dd.d6}d6` as '1d6', purpose: `${u0.name}: ${eff.delay} terrain delay (${t.name})`, rule: eff.rule, subjects: [u0.id], outcome: (v) => `${dd.baseIn + v.total}" delay` }) : undefined;
          const delayIn = dd.baseIn + (r?.total ?? 0);
          budget -= inMm(delayIn);
          d.ctx.emit({ type: 'TerrainDelay', unit: u0.id, terrain: t.id, delayIn, rule: eff.rule });
          // NW §23 Obstacles: without the move left to get the front rank completely across, the unit
          // halts on the near side, not disordered, and pays the delay again when it next tries.
          if (cls === 'obstacle' && !startTerrain.has(t.id) && frontRankClearAt(u0, trace, t.id) > budget + 1e-6) {
            d.ctx.emit({ type: 'ObstacleNotCrossed', unit: u0.id, terrain: t.id, rule: eff.rule });
            blocked = `not enough move left to cross ${t.name}`;
            break;
          }
          if (eff.disorders && mode !== 'rout') {
            // NW §23 Light Terrain: "All troops except skirmishing units" (skirmish cavalry too) are
            // disordered entering it. Dense: skirmish foot and (Movement tables) light infantry are exempt.
            const exempt = cls === 'light' ? u0.formation === 'skirmish' : skirmishFoot || (cls === 'dense' && nu.profile.lightInfantry);
            if (!exempt && !startTerrain.has(t.id)) addDisorder(d, u0.id, 1, `entered ${t.name}`, eff.rule);
            // NW §17 "Movement … through dense delaying terrain" disorders a unit already inside too: at least Disordered (RULINGS).
            else if (!exempt && cls === 'dense') worsenTo(d, u0.id, 'disordered', `moved through ${t.name}`, eff.rule);
          }
        }
      }
      // Stopped at the terrain's edge: blocked, or the delays took more than the move had left.
      if (blocked || x > budget + 1e-6) { pos = x; break; }
      continue;
    }
    const m = ev.meeting;
    const other = byId.get(m.unitId)!;
    if (other.side !== u0.side) {
      // Enemy contact: halt touching (NW Close Combat §1; routers are destroyed by contact).
      if (alreadyTouching.has(other.id) || !isActive(d, other.id)) continue;
      contacts.push(other.id);
      pos = x;
      break;
    }
    if (mode !== 'rout') {
      const fnu = nwu(d, other.id);
      const moverSkirmish = skirmishFoot;
      const stationary = !fnu.movedThisTurn;
      // NW Orders/Advance: an Advance unit skirmishers pass through "can remain stationary" (advanceMinimum.ts).
      if (moverSkirmish) fnu.passedBySkirmishers = true;
      // "Charging or Moving completely through stationary skirmishing Infantry or skirmishing cavalry".
      const throughSkirmishers = other.formation === 'skirmish' && stationary;
      const throughGuns = fnu.profile.artillery && !fnu.limbered;
      // NW Close Combat §1 note: "Skirmishers interpenetrating a friendly unit will Retreat to the
      // rear of the friendly unit to regroup, taking extra movement if necessary, but becoming
      // Disordered by the extra movement" (§17). Passing through towards the friend's rear, they
      // halt just clear of it, behind it (RULINGS, last items).
      if (moverSkirmish && stationary && cos(dir - unitFacing(other)) < 0) {
        const total = clearOf(m);
        inter.push(other.id);
        d.ctx.emit({ type: 'SkirmishersRegrouped', unit: u0.id, behind: other.id, extraIn: Math.max(0, Math.round(((total - budget) / 25.4) * 10) / 10), rule: REGROUP_RULE });
        if (total > budget + 1e-6) addDisorder(d, u0.id, 1, `extra movement to regroup behind ${other.name}`, REGROUP_RULE);
        return done(total);
      }
      // NW §24 Interpenetration: the penalty-free cases.
      if ((moverSkirmish && stationary) || throughSkirmishers || throughGuns) {
        inter.push(other.id);
        continue;
      }
      // Placed directly on the far side, halting there; both Disordered unless one is skirmish infantry.
      inter.push(other.id);
      const rule = 'NW §24 Interpenetration';
      if (other.formation === 'skirmish') addDisorder(d, other.id, 1, `interpenetrated by ${u0.name}`, rule);
      else if (moverSkirmish) addDisorder(d, u0.id, 1, `interpenetrated ${other.name}`, rule);
      else {
        addDisorder(d, u0.id, 1, `interpenetrated ${other.name}`, rule);
        addDisorder(d, other.id, 1, `interpenetrated by ${u0.name}`, rule);
      }
      return done(clearOf(m));
    }
    if (!skirmishFoot && !inter.includes(other.id)) {
      // NW Close Combat/After: routers disorder friends they interpenetrate unless skirmish infantry.
      inter.push(other.id);
      addDisorder(d, other.id, 1, `routers of ${u0.name} burst through`, 'NW Close Combat/After Close Combat');
    }
  }
  if (pos < 0) pos = Math.min(budget, reachMm);
  // Do not end on top of friends passed through freely: carry on to clear them if possible. The
  // move made is what the allowance paid for; the clearing is placement, not counted in it.
  const used = pos;
  for (const fid of inter) {
    const m = trace.meetings.find((x) => x.unitId === fid && x.enterMm <= pos + 1e-9 && clearOf(x) > pos + 1e-9);
    if (!m) continue;
    pos = clearOf(m);
    // NW §17: skirmishers that "cannot fully move through the friendly unit without exceeding their normal movement" are Disordered.
    if (skirmishFoot && mode !== 'rout' && pos > budget + 1e-6) addDisorder(d, u0.id, 1, `extra movement to clear ${byId.get(fid)!.name}`, REGROUP_RULE);
  }
  return done(pos, used);
}

/** How far either side of a centre crossing a building's garrison is counted (mm). */
const CROSS_MM = 1e-3;

/** Where the front rank is clear of feature `tid` along the traced move (Infinity if never within the trace). */
function frontRankClearAt(u: Unit, trace: MoveTrace, tid: string): number {
  const c = trace.terrain.find((x) => x.feature.id === tid);
  if (!c) return 0;
  const front = new Set(frontRank(u).map((s) => u.stands.indexOf(s)));
  let clear = 0;
  for (const st of c.stands) {
    if (!front.has(st.stand)) continue;
    for (const iv of st.touching) {
      if (iv.toMm >= trace.distanceMm - 1e-9) return Infinity;
      clear = Math.max(clear, iv.toMm);
    }
  }
  return clear;
}

/** Write a moved unit back, handling leaving the table (NW §9 Leaving and Returning). */
export function commitMove(d: Draft, r: MoveResult, mode: MoveMode): void {
  const nu = nwu(d, r.unit.id);
  d.battle = updateUnit(d.battle, r.unit.id, () => r.unit);
  nu.movedThisTurn = true;
  if (r.usedMm > 0.5) revealAmbush(d, r.unit.id, 'it moved');
  if (r.leftTable) {
    const routing = mode === 'rout' || nu.morale === 'routed';
    // NW §9: any part of any stand over the edge removes the unit; it may try to return unless routing or British cavalry pursuing.
    noteLeftTable(d, r.unit, mode);
    removeFromPlay(d, r.unit.id, routing ? 'routed-off' : 'left-table', routing ? 'routed off the table' : 'left the table', 'NW §9 Leaving and Returning to the Table');
  }
}

/** What a straight path would run into, without rolling or changing anything (a plan, not an effect). */
export interface PathProbe {
  /** Friendly units entered that the unit was not already overlapping. */
  friends: string[];
  /** Enemy units the path meets (the probe stops at the first). */
  enemies: string[];
  /** Terrain the unit would enter that delays, disorders or stops it (not under it at the start). */
  terrain: string[];
  /** A feature it may not enter at all (NW §23). */
  impassable: boolean;
  leftTable: boolean;
}

/** NW §23 terrain that a unit "runs into": any class with a delay, a building, or ground it cannot enter. */
function isHazard(d: Draft, u: Unit, t: TerrainFeature, all: TerrainFeature[], roadColumn: boolean): boolean {
  if (impassable(d, u, t, all)) return true;
  if (roadColumn) return false; // NW §23 Roads: road columns ignore the terrain the road crosses
  const cls = terrainClass(t);
  if (cls === 'building') return true;
  const eff = TERRAIN_EFFECTS[cls];
  if (eff.delay === 'light' && nwu(d, u.id).profile.foot && u.formation === 'skirmish') return false;
  return eff.delay !== 'none' || eff.disorders;
}

export interface ProbeOptions {
  readonly roadColumn?: boolean;
  readonly stopAtHazards?: number;
  /** The active units by id (the mover may be among them: it is never met); default read from the draft. */
  readonly byId?: ReadonlyMap<string, Unit>;
  /** The trace of the straight move (a caller that caches traces); default `traceStraight` against `byId`. */
  readonly traceOf?: (u: Unit, dir: Radians, distMm: number) => MoveTrace;
  /**
   * PERF: a caller asking about one pose at many distances (a drag) may keep each pose's
   * timeline (`probeTimeline` of a trace reaching past `distMm`) and have it read up to `distMm`.
   */
  readonly timelineOf?: (u: Unit, dir: Radians, distMm: number, roadColumn: boolean) => ProbeTimeline | undefined;
}

/** One place along a probed move where the rules look (see `probePath`), with what they find there. */
type ProbeStep =
  | { readonly atMm: number; readonly kind: 'edge' }
  | { readonly atMm: number; readonly kind: 'terrain'; readonly hazards: readonly { readonly id: string; readonly impassable: boolean }[] }
  | { readonly atMm: number; readonly kind: 'unit'; readonly id: string; readonly enemy: boolean };

/** What a straight move of one pose meets, in order, read once from a trace reaching `reachMm`. */
export interface ProbeTimeline {
  readonly reachMm: number;
  readonly steps: readonly ProbeStep[];
}

/**
 * The timeline of a traced straight move of `u` along `dir`: at each moment of the trace (momentsOf),
 * the terrain it runs into there (not under it at the start; NW §23 hazards, and whether it may
 * not enter), or the unit it enters (friend, or an enemy it was not already touching and that is
 * not in ambush).
 */
export function probeTimeline(d: Draft, u: Unit, dir: Radians, trace: MoveTrace, byId: ReadonlyMap<string, Unit>, roadColumn: boolean): ProbeTimeline {
  const startEnemies = new Set<string>();
  for (const m of trace.meetings) {
    const x = byId.get(m.unitId)!;
    if (x.side !== u.side && !startEnemies.has(x.id) && isContactGap(unitDistanceMm(u, x))) startEnemies.add(x.id);
  }
  const startTerrain = new Set(unitTerrain(d.battle, u).map((t) => t.id));
  const steps: ProbeStep[] = [];
  for (const ev of momentsOf(u, straight(dir, trace.distanceMm), trace)) {
    if (ev.kind === 'edge') steps.push(ev);
    else if (ev.kind === 'terrain') {
      const ter = terrainAfter(trace, ev.atMm);
      const hazards: { id: string; impassable: boolean }[] = [];
      for (const t of ter) if (!startTerrain.has(t.id) && isHazard(d, u, t, ter, roadColumn)) hazards.push({ id: t.id, impassable: impassable(d, u, t, ter) });
      steps.push({ atMm: ev.atMm, kind: 'terrain', hazards });
    } else {
      const x = byId.get(ev.meeting.unitId)!;
      if (x.side === u.side) steps.push({ atMm: ev.atMm, kind: 'unit', id: x.id, enemy: false });
      else if (!startEnemies.has(x.id) && d.rs.units[x.id]?.ambush !== true) steps.push({ atMm: ev.atMm, kind: 'unit', id: x.id, enemy: true });
    }
  }
  return { reachMm: trace.distanceMm, steps };
}

/**
 * The probe read off a timeline, up to the table edge, the first enemy or the first ground it
 * cannot enter; `belowMm`: only the moments before that distance (a timeline reaching further
 * read as the trace cut there, moveCore `truncateTrace`).
 */
function readTimeline(tl: ProbeTimeline, belowMm: number, stopAtHazards: number | undefined): PathProbe {
  const friends = new Set<string>(), terrain = new Set<string>();
  const enemies: string[] = [];
  let imp = false;
  let stopAt = Infinity;
  for (const ev of tl.steps) {
    if (ev.atMm >= belowMm || ev.atMm > stopAt + 1e-9) break;
    if (ev.kind === 'edge') return { friends: [...friends], enemies, terrain: [...terrain], impassable: imp, leftTable: true };
    if (ev.kind === 'terrain') {
      for (const h of ev.hazards) {
        terrain.add(h.id);
        if (h.impassable) { imp = true; stopAt = Math.min(stopAt, ev.atMm); }
      }
    } else if (!ev.enemy) friends.add(ev.id);
    else if (!enemies.includes(ev.id)) { enemies.push(ev.id); stopAt = Math.min(stopAt, ev.atMm); }
    // A caller that only wants paths running into fewer than `stopAtHazards` things stops here.
    if (stopAtHazards !== undefined && friends.size + terrain.size >= stopAtHazards) break;
  }
  return { friends: [...friends], enemies, terrain: [...terrain], impassable: imp, leftTable: false };
}

/**
 * Probe a straight move of `u` along `dir` for `distMm` (NW Orders/Advance, Retreat, §20 routs):
 * the friends, enemies and terrain it would run into, read off the geometry core's trace of
 * the move (up to the table edge, the first enemy or the first ground it cannot enter). Used
 * to choose wheels and drop-backs. `stopAtHazards` ends the reading once that many friends and
 * terrain are met (for a caller that only wants paths meeting fewer).
 */
export function probePath(d: Draft, u: Unit, dir: Radians, distMm: number, opts: ProbeOptions = {}): PathProbe {
  const kept = distMm > 0 ? opts.timelineOf?.(u, dir, distMm, !!opts.roadColumn) : undefined;
  if (kept && kept.reachMm > distMm) return readTimeline(kept, distMm, opts.stopAtHazards);
  const byId = opts.byId ?? new Map(activeUnits(d).filter((x) => x.id !== u.id).map((x) => [x.id, x]));
  const trace = opts.traceOf ? opts.traceOf(u, dir, distMm) : traceStraight(d, u, straight(dir, distMm), byId);
  return readTimeline(probeTimeline(d, u, dir, trace, byId, !!opts.roadColumn), Infinity, opts.stopAtHazards);
}

/** How many things a probed path runs into (friends and terrain; enemies are reported apart). */
export const hazardCount = (p: PathProbe): number => p.friends.length + p.terrain.length;

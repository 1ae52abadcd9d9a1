/**
 * NW Movement: straight moves with terrain delays, collisions, interpenetration, contact and
 * leaving the table. The kernel walks the unit forward in small steps; the rules (what delays,
 * what disorders, what stops) are decided here from the tables.
 */
import { advanceUnit, unitOffTable, unitsOverlap } from '../../geometry/units';
import type { TerrainFeature, Unit } from '../../engine/model';
import { findUnit, updateUnit } from '../../engine/battle';
import type { Draft } from './types';
import { frontRank, terrainClass, unitTerrain, unitDistanceMm, unitFacing } from './geom';
import { activeUnits, addDisorder, inMm, isActive, nwu, removeFromPlay, worsenTo } from './core';
import { TERRAIN_EFFECTS, BUILDINGS } from './tables/movement';
import { noteLeftTable, revealAmbush } from './offTable';
import type { Radians } from '../../geometry/types';
import { pointInPolygon, polygonArea } from '../../geometry/vec';
import { standBounds } from '../../geometry/footprint';

export type MoveMode = 'advance' | 'strategic' | 'charge' | 'retreat' | 'rout' | 'pursuit' | 'fall-back';

export interface MoveResult {
  unit: Unit;
  usedMm: number;
  contacts: string[];
  leftTable: boolean;
  blocked?: string;
  interpenetrated: string[];
}

const STEP_MM = 4;
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

/**
 * Move `u` straight along `dir` up to `budgetMm`, paying terrain delays as they are met.
 * Delays are rolled once per class per move, when any stand first touches the terrain
 * (NW §23: the whole unit is affected).
 */
export function walk(d: Draft, u0: Unit, dir: Radians, budgetMm: number, mode: MoveMode, opts: { roadColumn?: boolean } = {}): MoveResult {
  const nu = nwu(d, u0.id);
  const skirmishFoot = nu.profile.foot && u0.formation === 'skirmish';
  const tbl = d.tables.movement[d.rs.scale];
  let u = u0;
  let budget = budgetMm;
  let used = 0;
  const paid = new Set<string>();
  const contacts: string[] = [];
  const inter: string[] = [];
  let blocked: string | undefined;
  const startTerrain = new Set(unitTerrain(d.battle, u).map((t) => t.id));
  const others = activeUnits(d).filter((x) => x.id !== u.id);
  const enemies = others.filter((x) => x.side !== u.side);
  const friends = others.filter((x) => x.side === u.side);
  const alreadyTouching = new Set(enemies.filter((e) => unitDistanceMm(u, e) < 1).map((e) => e.id));
  while (used + 1e-6 < budget) {
    const step = Math.min(STEP_MM, budget - used);
    const next = advanceUnit(u, step, dir);
    if (unitOffTable(next.stands, d.battle.table)) {
      return { unit: next, usedMm: used + step, contacts, leftTable: true, interpenetrated: inter };
    }
    const ter = unitTerrain(d.battle, next);
    const stop = ter.find((t) => impassable(d, next, t, ter));
    if (stop) {
      blocked = `${stop.name} is impassable to this unit`;
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
          const count = (mover: Unit) => [mover, ...others].reduce((n, x) => n + x.stands.filter((s) => pointInPolygon(s.centre, t.polygon)).length, 0);
          const inside = count(next);
          if (inside > cap && inside > count(u)) {
            blocked = `${t.name} holds ${cap} stands (${BUILDINGS.standsPerBuilding} per building)`;
            d.ctx.emit({ type: 'BuildingFull', unit: u.id, terrain: t.id, capacity: cap, rule: BUILDINGS.rule });
            break;
          }
          if (!paid.has('building') && !startTerrain.has(t.id)) {
            paid.add('building');
            budget -= budgetMm * BUILDINGS.enterExitCostFraction;
            d.ctx.emit({ type: 'TerrainDelay', unit: u.id, terrain: t.id, delayIn: (budgetMm * BUILDINGS.enterExitCostFraction) / 25.4, rule: BUILDINGS.rule });
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
        const r = dd.d6 > 0 ? d.ctx.roll({ dice: `${dd.d6}d6` as '1d6', purpose: `${u.name}: ${eff.delay} terrain delay (${t.name})`, rule: eff.rule, subjects: [u.id], outcome: (v) => `${dd.baseIn + v.total}" delay` }) : undefined;
        const delayIn = dd.baseIn + (r?.total ?? 0);
        budget -= inMm(delayIn);
        d.ctx.emit({ type: 'TerrainDelay', unit: u.id, terrain: t.id, delayIn, rule: eff.rule });
        // NW §23 Obstacles: without the move left to get the front rank completely across, the unit
        // halts on the near side, not disordered, and pays the delay again when it next tries.
        if (cls === 'obstacle' && !startTerrain.has(t.id) && used + step + frontRankClearMm(d, next, t.id, dir) > budget + 1e-6) {
          d.ctx.emit({ type: 'ObstacleNotCrossed', unit: u.id, terrain: t.id, rule: eff.rule });
          blocked = `not enough move left to cross ${t.name}`;
          break;
        }
        if (eff.disorders && mode !== 'rout') {
          // NW §23 Light Terrain: "All troops except skirmishing units" (skirmish cavalry too) are
          // disordered entering it. Dense: skirmish foot and (Movement tables) light infantry are exempt.
          const exempt = cls === 'light' ? u0.formation === 'skirmish' : skirmishFoot || (cls === 'dense' && nu.profile.lightInfantry);
          if (!exempt && !startTerrain.has(t.id)) addDisorder(d, u.id, 1, `entered ${t.name}`, eff.rule);
          // NW §17 "Movement … through dense delaying terrain" disorders a unit already inside too: at least Disordered (RULINGS).
          else if (!exempt && cls === 'dense') worsenTo(d, u.id, 'disordered', `moved through ${t.name}`, eff.rule);
        }
      }
      if (blocked) break;
      if (used + step > budget + 1e-6) break;
    }
    // Enemy contact: halt touching (NW Close Combat §1; routers are destroyed by contact).
    const hitEnemy = enemies.find((e) => !alreadyTouching.has(e.id) && isActive(d, e.id) && unitsOverlap(next.stands, (findUnit(d.battle, e.id) ?? e).stands));
    if (hitEnemy) {
      contacts.push(hitEnemy.id);
      // Close the last gap to touching.
      let lo = 0, hi = step;
      for (let i = 0; i < 12; i++) {
        const mid = (lo + hi) / 2;
        if (unitsOverlap(advanceUnit(u, mid, dir).stands, hitEnemy.stands)) hi = mid;
        else lo = mid;
      }
      u = advanceUnit(u, lo, dir);
      used += lo;
      break;
    }
    const hitFriend = friends.find((f) => unitsOverlap(next.stands, f.stands) && !unitsOverlap(u.stands, f.stands));
    if (hitFriend && mode !== 'rout') {
      const fnu = nwu(d, hitFriend.id);
      const moverSkirmish = skirmishFoot;
      const stationary = !fnu.movedThisTurn;
      // NW Orders/Advance: an Advance unit skirmishers pass through "can remain stationary" (advanceMinimum.ts).
      if (moverSkirmish) fnu.passedBySkirmishers = true;
      // "Charging or Moving completely through stationary skirmishing Infantry or skirmishing cavalry".
      const throughSkirmishers = hitFriend.formation === 'skirmish' && stationary;
      const throughGuns = fnu.profile.artillery && !fnu.limbered;
      // NW Close Combat §1 note: "Skirmishers interpenetrating a friendly unit will Retreat to the
      // rear of the friendly unit to regroup, taking extra movement if necessary, but becoming
      // Disordered by the extra movement" (§17). Passing through towards the friend's rear, they
      // halt just clear of it, behind it (RULINGS, last items).
      if (moverSkirmish && stationary && Math.cos(dir - unitFacing(hitFriend)) < 0) {
        let far = next;
        let extra = 0;
        while (unitsOverlap(far.stands, hitFriend.stands) && extra < 2000) {
          far = advanceUnit(far, STEP_MM, dir);
          extra += STEP_MM;
        }
        inter.push(hitFriend.id);
        const total = used + step + extra;
        d.ctx.emit({ type: 'SkirmishersRegrouped', unit: u.id, behind: hitFriend.id, extraIn: Math.max(0, Math.round(((total - budget) / 25.4) * 10) / 10), rule: REGROUP_RULE });
        if (total > budget + 1e-6) addDisorder(d, u.id, 1, `extra movement to regroup behind ${hitFriend.name}`, REGROUP_RULE);
        return { unit: far, usedMm: total, contacts, leftTable: unitOffTable(far.stands, d.battle.table), interpenetrated: inter };
      }
      // NW §24 Interpenetration: the penalty-free cases.
      if ((moverSkirmish && stationary) || throughSkirmishers || throughGuns) {
        inter.push(hitFriend.id);
      } else {
        // Placed directly on the far side, halting there; both Disordered unless one is skirmish infantry.
        let far = next;
        let extra = 0;
        while (unitsOverlap(far.stands, hitFriend.stands) && extra < 2000) {
          far = advanceUnit(far, STEP_MM, dir);
          extra += STEP_MM;
        }
        inter.push(hitFriend.id);
        const rule = 'NW §24 Interpenetration';
        if (hitFriend.formation === 'skirmish') addDisorder(d, hitFriend.id, 1, `interpenetrated by ${u.name}`, rule);
        else if (moverSkirmish) addDisorder(d, u.id, 1, `interpenetrated ${hitFriend.name}`, rule);
        else {
          addDisorder(d, u.id, 1, `interpenetrated ${hitFriend.name}`, rule);
          addDisorder(d, hitFriend.id, 1, `interpenetrated by ${u.name}`, rule);
        }
        return { unit: far, usedMm: used + step + extra, contacts, leftTable: unitOffTable(far.stands, d.battle.table), interpenetrated: inter };
      }
    } else if (hitFriend && mode === 'rout' && !skirmishFoot) {
      // NW Close Combat/After: routers disorder friends they interpenetrate unless skirmish infantry.
      if (!inter.includes(hitFriend.id)) {
        inter.push(hitFriend.id);
        addDisorder(d, hitFriend.id, 1, `routers of ${u.name} burst through`, 'NW Close Combat/After Close Combat');
      }
    }
    u = next;
    used += step;
  }
  // Do not end on top of friends passed through freely: carry on to clear them if possible.
  for (const fid of inter) {
    const f = findUnit(d.battle, fid);
    let extra = 0;
    while (f && unitsOverlap(u.stands, f.stands) && extra < 2000) {
      u = advanceUnit(u, STEP_MM, dir);
      extra += STEP_MM;
    }
    // NW §17: skirmishers that "cannot fully move through the friendly unit without exceeding their normal movement" are Disordered.
    if (f && skirmishFoot && mode !== 'rout' && extra > 0 && used + extra > budget + 1e-6) addDisorder(d, u.id, 1, `extra movement to clear ${f.name}`, REGROUP_RULE);
  }
  return { unit: u, usedMm: used, contacts, leftTable: unitOffTable(u.stands, d.battle.table), ...(blocked ? { blocked } : {}), interpenetrated: inter };
}

/** How much further the front rank must go to be clear of obstacle `tid` (Infinity if over 8"). */
function frontRankClearMm(d: Draft, u: Unit, tid: string, dir: Radians): number {
  for (let k = 0; k <= 50; k++) {
    const front = frontRank(advanceUnit(u, k * STEP_MM, dir));
    if (!unitTerrain(d.battle, { ...u, stands: front }).some((t) => t.id === tid)) return k * STEP_MM;
  }
  return Infinity;
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

const PROBE_STEP_MM = 6;

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

/**
 * Probe a straight move of `u` along `dir` for `distMm` (NW Orders/Advance, Retreat, §20 routs):
 * the friends, enemies and terrain it would run into. Used to choose wheels and drop-backs.
 */
export function probePath(d: Draft, u: Unit, dir: Radians, distMm: number, opts: { roadColumn?: boolean; stopAtHazards?: number } = {}): PathProbe {
  // PERF: only units within reach of the move can be met (the boxes' gap is a lower bound of the
  // units' distance, so it rules out most of them before the exact measure). Each pose is a
  // translation of u, so its box is u's box moved; a unit whose box it does not meet cannot
  // overlap it (saves the stand-by-stand overlap test on most steps).
  const ub = unitBoxMm(u);
  const gapOf = (b: Box) => Math.hypot(Math.max(0, b.minX - ub.maxX, ub.minX - b.maxX), Math.max(0, b.minY - ub.maxY, ub.minY - b.maxY));
  const others: Unit[] = [], boxes: Box[] = [];
  for (const x of activeUnits(d)) {
    if (x.id === u.id) continue;
    const b = unitBoxMm(x);
    if (gapOf(b) > distMm + 1 || unitDistanceMm(u, x) > distMm + 1) continue;
    others.push(x);
    boxes.push(b);
  }
  const fx = Math.cos(dir), fy = Math.sin(dir);
  const startFriends = new Set(others.filter((x, i) => x.side === u.side && gapOf(boxes[i]!) === 0 && unitsOverlap(u.stands, x.stands)).map((x) => x.id));
  const startEnemies = new Set(others.filter((x) => x.side !== u.side && unitDistanceMm(u, x) < 1).map((x) => x.id));
  const startTerrain = new Set(unitTerrain(d.battle, u).map((t) => t.id));
  const friends = new Set<string>(), terrain = new Set<string>();
  const enemies: string[] = [];
  let imp = false;
  const n = Math.max(1, Math.ceil(distMm / PROBE_STEP_MM));
  // PERF: terrain is looked up only where the pose's box meets a feature's box (features are
  // matched by their polygons, so nothing outside those boxes can touch the unit).
  const terrainBoxes = d.battle.terrain.map((t) => pointsBox(t.polygon));
  const meets = (a: Box, b: Box) => !(a.maxX < b.minX - 1 || b.maxX < a.minX - 1 || a.maxY < b.minY - 1 || b.maxY < a.minY - 1);
  for (let k = 1; k <= n; k++) {
    const ox = (fx * distMm * k) / n, oy = (fy * distMm * k) / n;
    const pb = { minX: ub.minX + ox, minY: ub.minY + oy, maxX: ub.maxX + ox, maxY: ub.maxY + oy };
    let poseOf: Unit | undefined;
    const pose = (): Unit => (poseOf ??= advanceUnit(u, (distMm * k) / n, dir));
    // PERF: a pose whose box is on the table has no stand over the edge.
    const onTable = pb.minX >= 0 && pb.minY >= 0 && pb.maxX <= d.battle.table.widthMm && pb.maxY <= d.battle.table.depthMm;
    if (!onTable && unitOffTable(pose().stands, d.battle.table)) return { friends: [...friends], enemies, terrain: [...terrain], impassable: imp, leftTable: true };
    const ter = terrainBoxes.some((tb) => meets(pb, tb)) ? unitTerrain(d.battle, pose()) : [];
    for (const t of ter) {
      if (startTerrain.has(t.id) || !isHazard(d, pose(), t, ter, !!opts.roadColumn)) continue;
      terrain.add(t.id);
      if (impassable(d, pose(), t, ter)) imp = true;
    }
    for (let i = 0; i < others.length; i++) {
      const x = others[i]!, xb = boxes[i]!;
      if (pb.maxX <= xb.minX || xb.maxX <= pb.minX || pb.maxY <= xb.minY || xb.maxY <= pb.minY) continue;
      if (x.side === u.side) {
        if (!startFriends.has(x.id) && !friends.has(x.id) && unitsOverlap(pose().stands, x.stands)) friends.add(x.id);
      } else if (!startEnemies.has(x.id) && d.rs.units[x.id]?.ambush !== true && unitsOverlap(pose().stands, x.stands)) enemies.push(x.id);
    }
    if (enemies.length > 0 || imp) break;
    // A caller that only wants paths running into fewer than `stopAtHazards` things stops here.
    if (opts.stopAtHazards !== undefined && friends.size + terrain.size >= opts.stopAtHazards) break;
  }
  return { friends: [...friends], enemies, terrain: [...terrain], impassable: imp, leftTable: false };
}

type Box = { minX: number; minY: number; maxX: number; maxY: number };

function pointsBox(ps: readonly { x: number; y: number }[]): Box {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const p of ps) {
    if (p.x < minX) minX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.x > maxX) maxX = p.x;
    if (p.y > maxY) maxY = p.y;
  }
  return { minX, minY, maxX, maxY };
}

/** The axis-aligned box round a unit's stands (mm). */
export function unitBoxMm(u: Unit): Box {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const s of u.stands) {
    const b = standBounds(s);
    if (b.minX < minX) minX = b.minX;
    if (b.minY < minY) minY = b.minY;
    if (b.maxX > maxX) maxX = b.maxX;
    if (b.maxY > maxY) maxY = b.maxY;
  }
  return { minX, minY, maxX, maxY };
}

/** How many things a probed path runs into (friends and terrain; enemies are reported apart). */
export const hazardCount = (p: PathProbe): number => p.friends.length + p.terrain.length;

/**
 * BT Movement Phase 2: battalions move in their formations, through the geometry's movement
 * core. A move is a list of legs (wheel, forward, backward, sidestep, turn about the centre)
 * planned by geometry/movement.ts and traced by geometry/moveCore.ts against the other units,
 * the table edge and the terrain; the rules here say what it costs and what stops it.
 */
import type { Unit, Stand } from '../../../engine/model';
import type { Battle } from '../../../engine/state';
import { type MoveTrace } from '../../../geometry/moveCore';
import type { TerrainFeature } from '../../../engine/model';
import type { BtTables, Formation } from '../tables';
import { MOVEMENT_RULE } from '../tables';
import { DIFFICULT, WATER, CLOSED_TO_HORSE_AND_GUNS, TERRAIN_RULE } from '../tables/terrain';
import { armOf, columnOf, inMm, mmIn } from '../state';

import type { PlanLeg } from '../../../geometry/movement';
export type MoveLeg = PlanLeg;

/** The movement table cell for a unit in a formation; undefined when the formation is not open to it. */
export function moveCell(tables: BtTables, u: Unit, formation: string = u.formation) {
  return tables.movement[formation as Formation]?.[columnOf(u)];
}

/** Formations a unit may take: the table's non-blank cells (BT Movement Phase table). Horse artillery takes Line only (RULINGS.md). */
export function formationsFor(tables: BtTables, u: Unit): Formation[] {
  const out = (Object.keys(tables.movement) as Formation[]).filter((f) => tables.movement[f][columnOf(u)] !== undefined);
  return u.troopType === 'horse-artillery' ? out.filter((f) => f === 'line') : out;
}

/** The most a unit may move this phase (mm): its formation's rate, or the double rate in column (BT Column "at the double"). */
export function allowanceMm(tables: BtTables, u: Unit): number {
  const c = moveCell(tables, u);
  if (!c || c.immobile) return 0;
  return inMm(c.doubleInches ?? c.inches);
}

/** The normal (not double) rate, mm. */
export function normalRateMm(tables: BtTables, u: Unit, formation: string = u.formation): number {
  const c = moveCell(tables, u, formation);
  return c && !c.immobile ? inMm(c.inches) : 0;
}

/**
 * BT Fallbacks: "further than its movement allowance inc double move": the longest move the
 * unit has in any formation it may take, the double rate included.
 */
export function greatestMoveMm(tables: BtTables, u: Unit): number {
  let best = 0;
  for (const f of formationsFor(tables, u)) {
    const c = tables.movement[f][columnOf(u)];
    if (c && !c.immobile) best = Math.max(best, c.doubleInches ?? c.inches);
  }
  return inMm(best);
}

/** The legs as one plan from the geometry's kernels (wheels on the front corner, charged by the outer corner's arc). */
import { planLegs, withPoses } from '../../../geometry/movement';
export { withPoses };
export const planMove = planLegs;

/** Stands in the pose a plan leaves them, keeping their ids and roles. */

import { traceUnit } from '../../../geometry/unitTrace';
export { traceUnit };

export interface TerrainVerdict {
  /** Extra distance the terrain costs (mm). */
  readonly extraMm: number;
  readonly impassable?: string;
  readonly features: readonly string[];
}

/** HOUSE terrain (tables/terrain.ts) along a traced move. */
export function terrainCost(u: Unit, trace: MoveTrace): TerrainVerdict {
  const crossing = trace.terrain.some((c) => { const k = (c.feature as TerrainFeature).kind; return k === 'bridge' || k === 'ford'; });
  const arm = armOf(u);
  let extra = 0;
  const names: string[] = [];
  for (const c of trace.terrain) {
    const f = c.feature as TerrainFeature;
    if (WATER.includes(f.kind) && !crossing && c.entered) return { extraMm: 0, impassable: `${f.name} can be crossed only at a bridge or ford (${TERRAIN_RULE})`, features: [] };
    if (arm !== 'infantry' && CLOSED_TO_HORSE_AND_GUNS.includes(f.kind) && c.entered) return { extraMm: 0, impassable: `${arm === 'cavalry' ? 'Cavalry' : 'Artillery'} cannot enter ${f.name} (${TERRAIN_RULE})`, features: [] };
    const factor = DIFFICULT[f.kind];
    if (!factor || (u.formation === 'loose' && u.troopType === 'light-infantry')) continue;
    // The stretch of the move during which some stand touches it, charged (factor - 1) extra.
    let inside = 0;
    const ivs = c.stands.flatMap((s) => s.touching).map((iv) => [iv.fromMm, iv.toMm] as [number, number]).sort((a, b) => a[0] - b[0]);
    let cur: [number, number] | undefined;
    for (const iv of ivs) {
      if (!cur || iv[0] > cur[1]) { if (cur) inside += cur[1] - cur[0]; cur = [...iv]; } else cur[1] = Math.max(cur[1], iv[1]);
    }
    if (cur) inside += cur[1] - cur[0];
    if (inside > 1e-6) { extra += inside * (factor - 1); names.push(f.name); }
  }
  return { extraMm: extra, features: names };
}

export interface MoveVerdict {
  readonly ok: boolean;
  readonly reason?: string;
  readonly rule?: string;
  readonly stands?: Stand[];
  /** Distance charged: the plan (wheels by the outer corner) plus terrain. */
  readonly costMm: number;
  readonly terrain: readonly string[];
}

/**
 * Check a move of `u` by `legs` with `leftMm` of its allowance left: the core traces it; it may
 * not go through or into another unit (contact with the enemy is an assault, BT Assault Phase),
 * nor off the table, nor into ground closed to it, nor further than the allowance.
 */
export function checkMove(battle: Battle, u: Unit, legs: readonly MoveLeg[], leftMm: number): MoveVerdict {
  const plan = planMove(u.stands, legs);
  if (!plan.ok) return { ok: false, reason: plan.reason, rule: MOVEMENT_RULE, costMm: 0, terrain: [] };
  const trace = traceUnit(battle, u, plan.legs);
  const met = trace.meetings.find((m) => !m.atStart);
  if (met) {
    const other = battle.units.find((x) => x.id === met.unitId);
    const enemy = other && other.side !== u.side;
    return { ok: false, reason: enemy ? `It would touch ${other.name}: contact with the enemy is made by an assault.` : `It would pass through ${other?.name ?? 'another unit'}; only fall backs pass through friends.`, rule: enemy ? 'BT Assault Phase Summery' : MOVEMENT_RULE, costMm: plan.distanceMm, terrain: [] };
  }
  if (trace.leavesTableAtMm !== undefined) return { ok: false, reason: 'It would go off the table.', rule: MOVEMENT_RULE, costMm: plan.distanceMm, terrain: [] };
  const t = terrainCost(u, trace);
  if (t.impassable) return { ok: false, reason: t.impassable, rule: TERRAIN_RULE, costMm: plan.distanceMm, terrain: [] };
  const cost = plan.distanceMm + t.extraMm;
  if (cost > leftMm + 0.5) return { ok: false, reason: `It needs ${mmIn(cost).toFixed(1)}" and has ${mmIn(Math.max(0, leftMm)).toFixed(1)}" left.`, rule: MOVEMENT_RULE, costMm: cost, terrain: t.features };
  return { ok: true, stands: withPoses(u.stands, plan.stands), costMm: cost, terrain: t.features };
}

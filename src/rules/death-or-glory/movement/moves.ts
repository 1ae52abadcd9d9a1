/**
 * DoG MOVEMENT PHASE: units move in their formations through the geometry's movement core. A move
 * is a list of legs (wheel, forward, backward, sidestep, turn) planned by geometry/movement.ts and
 * traced by geometry/moveCore.ts; here are what it may cost (the allowances of
 * shared/rules/README.md; fatigue), what the ground does (DoG Movement Costs) and what stops it
 * ("All units (except skirmishers) may not move through other units").
 */
import type { Unit, Stand, TerrainFeature } from '../../../engine/model';
import type { Battle } from '../../../engine/state';
import { type MoveTrace } from '../../../geometry/moveCore';
import type { DogTables } from '../tables';
import { AREA_TERRAIN, LINEAR_TERRAIN, MOVE_RULE, TERRAIN_RULE, ALLOWANCE_RULE } from '../tables';
import type { UnitState, Order } from '../state';
import { hasTag } from '../state';

import type { PlanLeg } from '../../../geometry/movement';
export type MoveLeg = PlanLeg;

/** HOUSE (RULINGS.md): the text says fatigue costs movement but not how much — tired 3/4, exhausted 1/2, utterly exhausted none. */
export const FATIGUE_RATE = [1, 0.75, 0.5, 0] as const;

/** The unit's normal rate in a formation, mm per move (the allowances of shared/rules/README.md). */
export function rateMm(tables: DogTables, u: Unit, formation: string = u.formation): number {
  const a = tables.allowances;
  if (u.arm === 'infantry') {
    if (formation === 'square') return 0; // HOUSE: squares stand (RULINGS.md)
    if (formation === 'skirmish') return a.skirmishers;
    return formation === 'line' ? a.infantry.line : a.infantry.column;
  }
  if (u.arm === 'cavalry') {
    const c = hasTag(tables, u, 'heavy') ? a.heavyCavalry : a.lightCavalry;
    return formation === 'column' || formation === 'march' ? c.column : c.line;
  }
  if (formation === 'unlimbered') return 0; // HOUSE: a battery moves limbered (RULINGS.md)
  return hasTag(tables, u, 'horse') ? a.horseArtillery : a.footArtillery;
}

export function allowanceMm(tables: DogTables, u: Unit, st: UnitState): number {
  return rateMm(tables, u) * FATIGUE_RATE[st.fatigue];
}

import { planLegs, withPoses } from '../../../geometry/movement';
export { withPoses };
export const planMove = planLegs;


import { traceUnit } from '../../../geometry/unitTrace';
export { traceUnit };

/** The DoG Movement Costs class of a feature. */
export function terrainClass(f: TerrainFeature): keyof typeof AREA_TERRAIN | keyof typeof LINEAR_TERRAIN | 'impassable' | undefined {
  switch (f.kind) {
    case 'wood': return f.props['dense'] === true ? 'denseWood' : 'openWood';
    case 'hill': { const s = f.props['slope']; return s === 'medium' ? 'mediumSlope' : s === 'steep' ? 'steepSlope' : s === 'extreme' ? 'extremeSlope' : 'gentleSlope'; }
    case 'stream': return 'stream';
    case 'ford': return 'fordableRiver';
    case 'obstacle': return f.props['height'] === 'high' ? 'highWall' : 'lowWall';
    case 'village': case 'building': return 'buildings';
    case 'river': case 'lake': return 'impassable';
    case 'marsh': return 'denseWood';
    default: return undefined;
  }
}

export interface TerrainVerdict {
  readonly extraMm: number;
  readonly impassable?: string;
  readonly features: readonly string[];
  /** The worst order the ground leaves it in. */
  readonly becomes?: Order;
}

/** DoG Movement Costs along a traced move: area terrain slows (charged the rest of the rate), linear terrain deducts metres on crossing. */
export function terrainCost(u: Unit, trace: MoveTrace): TerrainVerdict {
  let extra = 0;
  const names: string[] = [];
  let becomes: Order | undefined;
  const worse = (o: Order) => { if (o === 'disordered' || becomes === undefined) becomes = o; };
  const bridged = trace.terrain.some((c) => (c.feature as TerrainFeature).kind === 'bridge');
  for (const c of trace.terrain) {
    const f = c.feature as TerrainFeature;
    const k = terrainClass(f);
    if (!k) continue;
    if (k === 'impassable') { if (c.entered && !bridged) return { extraMm: 0, impassable: `${f.name} cannot be crossed except at a bridge or ford (${TERRAIN_RULE})`, features: [] }; continue; }
    if (k in LINEAR_TERRAIN) {
      const t = LINEAR_TERRAIN[k as keyof typeof LINEAR_TERRAIN];
      if (!c.entered) continue;
      if ('closedTo' in t && (t.closedTo as readonly string[]).includes(u.arm)) return { extraMm: 0, impassable: `${u.arm === 'cavalry' ? 'Cavalry' : 'Artillery'} may not cross ${f.name} (${TERRAIN_RULE}: NA)`, features: [] };
      extra += t.deductMm;
      names.push(f.name);
      if ('becomes' in t) worse(t.becomes as Order);
      if ('cavalryBecome' in t && u.arm === 'cavalry') worse(t.cavalryBecome as Order);
      continue;
    }
    const t = AREA_TERRAIN[k as keyof typeof AREA_TERRAIN];
    if (u.formation === 'skirmish' && (k === 'openWood' || k === 'denseWood')) continue; // HOUSE: skirmish order is not slowed by woods (RULINGS.md)
    let inside = 0;
    const ivs = c.stands.flatMap((s) => s.touching).map((iv) => [iv.fromMm, iv.toMm] as [number, number]).sort((a, b) => a[0] - b[0]);
    let cur: [number, number] | undefined;
    for (const iv of ivs) { if (!cur || iv[0] > cur[1]) { if (cur) inside += cur[1] - cur[0]; cur = [...iv]; } else cur[1] = Math.max(cur[1], iv[1]); }
    if (cur) inside += cur[1] - cur[0];
    if (inside > 1e-6) {
      extra += inside * (1 / t.rate - 1);
      names.push(f.name);
      if ('becomes' in t) worse(t.becomes as Order);
    }
  }
  return { extraMm: extra, features: names, ...(becomes ? { becomes } : {}) };
}

export interface MoveVerdict {
  readonly ok: boolean;
  readonly reason?: string;
  readonly rule?: string;
  readonly stands?: Stand[];
  readonly costMm: number;
  readonly terrain: readonly string[];
  readonly becomes?: Order;
}

/** A move of `u` by `legs` with `leftMm` of its allowance left: not through or into any unit, not off the table, not into closed ground, not beyond its allowance. */
export function checkMove(battle: Battle, u: Unit, legs: readonly MoveLeg[], leftMm: number): MoveVerdict {
  const plan = planMove(u.stands, legs);
  if (!plan.ok) return { ok: false, reason: plan.reason, rule: MOVE_RULE, costMm: 0, terrain: [] };
  const trace = traceUnit(battle, u, plan.legs);
  const met = trace.meetings.find((m) => !m.atStart);
  if (met) {
    const other = battle.units.find((x) => x.id === met.unitId);
    const enemy = other && other.side !== u.side;
    // "All units (except skirmishers) may not move through other units."
    if (enemy || u.formation !== 'skirmish' || trace.meetings.some((m) => !m.atStart && m.clearMm === undefined))
      return { ok: false, reason: enemy ? `It would touch ${other.name}: contact with the enemy is made by a charge.` : `It would pass through ${other?.name ?? 'another unit'}.`, rule: enemy ? 'DoG CHARGE PHASE' : MOVE_RULE, costMm: plan.distanceMm, terrain: [] };
  }
  if (trace.leavesTableAtMm !== undefined) return { ok: false, reason: 'It would go off the table.', rule: MOVE_RULE, costMm: plan.distanceMm, terrain: [] };
  const t = terrainCost(u, trace);
  if (t.impassable) return { ok: false, reason: t.impassable, rule: TERRAIN_RULE, costMm: plan.distanceMm, terrain: [] };
  const cost = plan.distanceMm + t.extraMm;
  if (cost > leftMm + 0.5) return { ok: false, reason: `It needs ${Math.round(cost)} m and has ${Math.round(Math.max(0, leftMm))} m left.`, rule: ALLOWANCE_RULE, costMm: cost, terrain: t.features };
  return { ok: true, stands: withPoses(u.stands, plan.stands), costMm: cost, terrain: t.features, ...(t.becomes ? { becomes: t.becomes } : {}) };
}

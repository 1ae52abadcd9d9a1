/**
 * Movement through the geometry's movement core: a move is a list of legs (wheel, forward,
 * backward, side-step, turn about the centre) planned by geometry/movement.ts and traced by
 * geometry/moveCore.ts against the other units, the table edge and the terrain. Here: what a move
 * may be (8.2 side-stepping, 8.2 moving squares, 8.5 artillery to the rear), what it costs
 * (allowances are the base book's: a house table) and what stops it.
 */
import type { Unit, Stand, TerrainFeature } from '../../../engine/model';
import type { Battle } from '../../../engine/state';
import { traceMove } from '../../../geometry/moveCore';
import { standIndexOf, terrainIndexOf } from '../../../geometry/sightCache';
import { pointInPolygon } from '../../../geometry/vec';
import { meanCentre } from '../../../geometry/standSets';
import type { ShTables, Formation } from '../tables';
import type { ShState } from '../state';
import { armOf, troopOf, inMm, mmIn, qualityOf, us } from '../state';
import { hypot } from '../../../geometry/math';

export const MOVE_RULE = 'SHAKO movement (allowances: house table)';
export const SIDESTEP_RULE = 'AS 8.2 Infantry Side-stepping';
export const MOVING_SQUARE_RULE = 'AS 8.2 and 11.2.4 Moving Squares';
export const ARTILLERY_MOVE_RULE = 'AS 8.5 Artillery Movement';

import type { PlanLeg } from '../../../geometry/movement';
export type MoveLeg = PlanLeg;

export const FORMATIONS_OF = (u: Unit): Formation[] => {
  switch (troopOf(u)) {
    case 'line-infantry': return ['line', 'column', 'square'];
    case 'light-infantry': return ['line', 'column', 'square', 'skirmish'];
    case 'light-cavalry': case 'heavy-cavalry': return ['line', 'column'];
    default: return ['deployed'];
  }
};

/** The unit's allowance this turn in its formation (mm); 8.2: Elite and Guard squares 3". */
export function allowanceMm(t: ShTables, u: Unit): number {
  if (u.formation === 'square') {
    const q = qualityOf(u);
    return q === 'elite' || q === 'guard' ? inMm(t.reach.movingSquareIn) : 0;
  }
  return inMm(t.movement.rates[troopOf(u)][u.formation as Formation] ?? 0);
}

import { planLegs, withPoses } from '../../../geometry/movement';
export { withPoses };
export const planMove = planLegs;


/** What kinds of leg the unit may use (8.2 side-step only alone; 8.5 artillery forward or rear; skirmishers any way). */
export function legProblem(u: Unit, legs: readonly MoveLeg[]): { reason: string; rule: string } | undefined {
  const side = legs.some((l) => l.kind === 'sidestep');
  if (side) {
    if (armOf(u) !== 'infantry' || u.formation === 'square') return { reason: 'Only infantry in line, column or skirmish order side-step.', rule: SIDESTEP_RULE };
    if (legs.some((l) => l.kind !== 'sidestep')) return { reason: 'A side-step is STRAIGHT along the front: no other movement.', rule: SIDESTEP_RULE };
  }
  if (legs.some((l) => l.kind === 'backward') && armOf(u) === 'infantry' && u.formation !== 'skirmish')
    return { reason: 'Formed infantry turn about to move to the rear (house reading: only artillery, 8.5, and skirmishers move back keeping their facing).', rule: ARTILLERY_MOVE_RULE };
  if (legs.some((l) => l.kind === 'backward') && armOf(u) === 'cavalry') return { reason: 'Cavalry turn about to move to the rear (house reading; 8.5 allows it artillery).', rule: ARTILLERY_MOVE_RULE };
  return undefined;
}

/** Terrain a unit may not enter: water without a bridge or ford; woods and towns closed to formed cavalry and guns (house); burning sectors (13.6). */
function closedTo(u: Unit, f: TerrainFeature): string | undefined {
  if (f.props['burning'] === true) return `${f.name} is burning and cannot be occupied (AS 13.6)`;
  if (f.props['impassable'] === true) return `${f.name} is impassable to formed units (AS 8.1.2b)`;
  if ((f.kind === 'river' || f.kind === 'lake') && f.props['fordable'] !== true) return `${f.name} can be crossed only at a bridge or ford (house)`;
  if (armOf(u) !== 'infantry' && (f.kind === 'wood' || f.kind === 'village' || f.kind === 'building' || f.kind === 'marsh')) return `${armOf(u) === 'cavalry' ? 'Cavalry' : 'Artillery'} cannot enter ${f.name} (house)`;
  return undefined;
}

export interface MoveVerdict {
  readonly ok: boolean;
  readonly reason?: string;
  readonly rule?: string;
  readonly stands?: Stand[];
  readonly costMm: number;
  /** The move ended nearer the enemy than it began (7.3.1 forward movement). */
  readonly forwardMm: number;
}

/** Rough ground halves movement (house: the base book's terrain effects): woods, marsh, towns. */
const ROUGH = new Set(['wood', 'marsh', 'village', 'building', 'rough']);

/**
 * Check a move of `u` by `legs` with `leftMm` left: the core traces it; it may not touch or pass
 * through another unit (contact is a charge), go off the table, into closed ground, into a town
 * sector another unit holds (13.6: only one unit defends a sector), or beyond the allowance.
 */
export function checkMove(battle: Battle, rs: ShState, u: Unit, legs: readonly MoveLeg[], leftMm: number): MoveVerdict {
  const bad = legProblem(u, legs);
  if (bad) return { ok: false, ...bad, costMm: 0, forwardMm: 0 };
  const plan = planMove(u.stands, legs);
  if (!plan.ok) return { ok: false, reason: plan.reason, rule: MOVE_RULE, costMm: 0, forwardMm: 0 };
  const trace = traceMove(u.stands, plan.legs, { others: standIndexOf(battle.units), ignore: (id) => id === u.id, table: battle.table, terrain: terrainIndexOf(battle.terrain) });
  const met = trace.meetings.find((m) => !m.atStart);
  if (met) {
    const other = battle.units.find((x) => x.id === met.unitId);
    const enemy = other && other.side !== u.side;
    return { ok: false, reason: enemy ? `It would touch ${other.name}: contact with the enemy is a charge.` : `It would pass through ${other?.name ?? 'another unit'}.`, rule: MOVE_RULE, costMm: plan.distanceMm, forwardMm: 0 };
  }
  if (trace.leavesTableAtMm !== undefined) return { ok: false, reason: 'It would go off the table.', rule: MOVE_RULE, costMm: plan.distanceMm, forwardMm: 0 };
  let extra = 0;
  for (const c of trace.terrain) {
    const f = c.feature as TerrainFeature;
    if (c.entered) { const why = closedTo(u, f); if (why) return { ok: false, reason: why, rule: MOVE_RULE, costMm: plan.distanceMm, forwardMm: 0 }; }
    if (ROUGH.has(f.kind) && u.formation !== 'skirmish') {
      const ivs = c.stands.flatMap((s) => s.touching);
      const inside = ivs.reduce((a, iv) => Math.max(a, iv.toMm - iv.fromMm), 0);
      extra += inside;
    }
  }
  const stands = withPoses(u.stands, plan.stands);
  // 13.6 Only one unit can defend a sector.
  const c = meanCentre(stands);
  const sector = battle.terrain.find((f) => (f.kind === 'village' || f.kind === 'building') && f.polygon.length >= 3 && pointInPolygon(c, f.polygon));
  if (sector && battle.units.some((o) => o.id !== u.id && pointInPolygon(meanCentre(o.stands), sector.polygon))) return { ok: false, reason: `${sector.name} is held by another unit: only one unit can defend a sector.`, rule: 'AS 13.6 Town Sector Melee', costMm: plan.distanceMm, forwardMm: 0 };
  const cost = plan.distanceMm + extra;
  if (cost > leftMm + 0.5) return { ok: false, reason: `It needs ${mmIn(cost).toFixed(1)}" and has ${mmIn(Math.max(0, leftMm)).toFixed(1)}" left.`, rule: MOVE_RULE, costMm: cost, forwardMm: 0 };
  // Forward: nearer the nearest enemy at the end than at the start.
  const enemies = battle.units.filter((e) => e.side !== u.side);
  const near = (p: { x: number; y: number }) => Math.min(...enemies.map((e) => { const ec = meanCentre(e.stands); return hypot(ec.x - p.x, ec.y - p.y); }));
  const c0 = meanCentre(u.stands);
  const forwardMm = enemies.length ? near(c0) - near(c) : 0;
  return { ok: true, stands, costMm: cost, forwardMm };
}

export const movedMm = (rs: ShState, u: Unit): number => us(rs, u.id).movedMm;

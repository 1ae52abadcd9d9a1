/**
 * Units off the table (NW Setting up Armies: Off-Table Reserves; §9 Leaving and Returning to the
 * Table; §13 Tactical Movement Phase steps 2-3) and units hidden in ambush (§3 Known Enemy, §23
 * Obstacles). Off-table units keep their Unit (formation, stands) in ruleset state and come on
 * at the start of their side's tactical movement with their rolls logged.
 */
import { nudgeOntoTable, rotateUnit, translateUnit, unitsOverlap } from '../../geometry/units';
import type { Unit } from '../../engine/model';
import type { Battle } from '../../engine/ruleset';
import { pt, type TablePoint } from '../../geometry/types';
import { clampToTable, INWARD_FACING, nearestEdge, type TableEdge } from '../../geometry/tableEdge';
import type { Draft, NwState, OffTableUnit } from './types';
import { activeUnits, inMm, nwu, scaleOf } from './core';
import { frameOfUnit, unitFacing } from './geom';
import { RETURN_TO_TABLE } from './tables/movement';

/**
 * A side's baseline (NW Setting up Armies: "from their player's own baseline"): the edge nearest
 * its deployment zone, else nearest the middle of its units and generals.
 */
export function baselineOf(battle: Battle, side: string): TableEdge {
  const side0 = battle.sides.find((s) => s.id === side);
  const pts: TablePoint[] = side0?.deploymentZone?.length
    ? [...side0.deploymentZone]
    : [...battle.units.filter((u) => u.side === side).flatMap((u) => u.stands.map((s) => s.centre)), ...battle.generals.filter((g) => g.side === side).map((g) => g.stand.centre)];
  if (pts.length === 0) return 'bottom';
  const c = pt(pts.reduce((a, q) => a + q.x, 0) / pts.length, pts.reduce((a, q) => a + q.y, 0) / pts.length);
  // Baselines are the long edges of the table in NW's set-up; pick between top and bottom.
  return c.y < battle.table.depthMm / 2 ? 'top' : 'bottom';
}

/**
 * Place `u` coming on at `at` over the nearest edge, facing into the table with its rear edge
 * on the edge (RULINGS: "only the front rank is initially placed" — the module places the whole
 * unit just inside, the ranks behind having followed it on).
 */
export function placeArriving(battle: Battle, u: Unit, at: { readonly x: number; readonly y: number }): Unit {
  const edge = nearestEdge(battle.table, at);
  const facing = INWARD_FACING[edge];
  let v = rotateUnit(u, frameOfUnit(u).centre, facing - unitFacing(u));
  const fr = frameOfUnit(v);
  // Put the unit's centre on the entry point, then bring it onto the table: in from the edge
  // until its rear is on the edge, and along the edge if an end hangs over a corner (it faces
  // square into the table, so each is one table axis; the core's exact nudge).
  const onEdge = clampToTable(battle.table, at);
  v = translateUnit(v, onEdge.x - fr.centre.x, onEdge.y - fr.centre.y);
  const nudge = nudgeOntoTable(v.stands, battle.table);
  return nudge ? translateUnit(v, nudge.dx, nudge.dy) : v;
}

/** Where a unit that ran off the table went off: its centre, clamped onto the edge. */
export function exitPoint(battle: Battle, u: Unit): TablePoint {
  return clampToTable(battle.table, frameOfUnit(u).centre);
}

/** The d6 faces that bring an off-table unit on (NW §9: mounted on 6, foot on 5-6). */
export function arrivalFaces(rs: NwState, unitId: string, entry: OffTableUnit): readonly number[] {
  if (entry.arriveOn && entry.arriveOn.length > 0) return entry.arriveOn;
  const p = rs.units[unitId]!.profile;
  return p.mounted ? RETURN_TO_TABLE.mountedOn : RETURN_TO_TABLE.footOn;
}

/**
 * NW §13 steps 2-3 for one side, at the start of its tactical movement: roll openly for flank
 * marchers and units returning to the table; released reserves arrive without a roll. An
 * arrival whose ground is occupied waits a turn (RULINGS).
 */
export function arrivals(d: Draft, side: string): void {
  const entries = Object.entries(d.rs.offTable ?? {}).filter(([id]) => d.rs.units[id]?.side === side).sort(([a], [b]) => a.localeCompare(b));
  for (const [id, e] of entries) {
    if (e.kind === 'reserve') {
      if (e.releasedTurn === undefined || e.releasedTurn > d.turn) continue;
    } else {
      if (d.turn < (e.fromTurn ?? 1)) continue;
      if (e.kind === 'returning' && d.turn <= (e.leftTurn ?? 0)) continue; // "each subsequent turn"
      const faces = arrivalFaces(d.rs, id, e);
      const rule = e.kind === 'returning' ? RETURN_TO_TABLE.rule : 'NW §13 Tactical Movement Phase (2): flank marchers; RULINGS: the return roll';
      const r = d.ctx.roll({
        dice: 'd6', purpose: `${e.unit.name}: ${e.kind === 'returning' ? 'returns to the table' : 'flank march arrives'} on ${faces.join(' or ')}`, rule,
        target: { value: Math.min(...faces), pass: 'atLeast', label: `${faces.join('/')} to arrive` }, subjects: [id],
        outcome: (v) => (faces.includes(v.total) ? 'arrives' : 'not yet'),
      });
      if (!faces.includes(r.total)) continue;
    }
    bringOn(d, id, e);
  }
}

/** Put an off-table unit on the table at its entry point. */
function bringOn(d: Draft, id: string, e: OffTableUnit): void {
  const rule = e.kind === 'reserve' ? 'NW Setting up Armies: Off-Table Reserves; §13 (3)' : e.kind === 'returning' ? RETURN_TO_TABLE.rule : 'NW §13 Tactical Movement Phase (2)';
  // Returning units may come on anywhere within 4" (6") of where they left: the nearest clear spot.
  const slack = e.kind === 'returning' ? inMm(scaleOf(d).returnWithinIn) : 0;
  const edge = nearestEdge(d.battle.table, e.at);
  const along = edge === 'top' || edge === 'bottom' ? pt(1, 0) : pt(0, 1);
  let placed: Unit | undefined;
  let blocker: Unit | undefined;
  for (const k of [0, 1, -1, 2, -2, 3, -3, 4, -4]) {
    const off = (k / 4) * slack;
    if (k !== 0 && slack === 0) break;
    const cand = placeArriving(d.battle, e.unit, pt(e.at.x + along.x * off, e.at.y + along.y * off));
    blocker = activeUnits(d).find((o) => unitsOverlap(cand.stands, o.stands));
    if (!blocker) {
      placed = cand;
      break;
    }
  }
  if (!placed) {
    d.ctx.emit({ type: 'ArrivalDelayed', unit: id, by: blocker?.id, reason: 'the entry point is occupied', rule });
    return;
  }
  d.battle = { ...d.battle, units: [...d.battle.units, placed] };
  const nu = nwu(d, id);
  nu.status = 'active';
  nu.movedThisTurn = true; // it arrives this phase; it moves from next turn (it carried no order)
  delete d.rs.offTable![id];
  d.ctx.emit({ type: 'UnitArrived', unit: id, kind: e.kind, at: [Math.round(placed.stands[0]!.centre.x), Math.round(placed.stands[0]!.centre.y)], rule });
}

/** NW §9: a unit that went off the table (not routing, not British cavalry pursuing) may return. */
export function noteLeftTable(d: Draft, u: Unit, mode: string): void {
  const nu = nwu(d, u.id);
  if (mode === 'rout' || nu.morale === 'routed') return;
  if (mode === 'pursuit' && nu.profile.british && nu.profile.mounted) {
    d.ctx.emit({ type: 'WillNotReturn', unit: u.id, reason: 'British cavalry pursuers do not return', rule: RETURN_TO_TABLE.rule });
    return;
  }
  const exit = exitPoint(d.battle, u);
  // The unit comes back within 4" (6") of where it left; the module uses that very point.
  d.rs.offTable = { ...(d.rs.offTable ?? {}), [u.id]: { kind: 'returning', unit: u, at: exit, leftTurn: d.turn } };
}

/** Known enemy (NW §3): ambushers are not known to the other side until revealed. */
export const isHiddenAmbusher = (rs: NwState, id: string): boolean => rs.units[id]?.ambush === true;

/** The ambush is sprung: the unit moved, fired, charged or was contacted (NW §3 Known Enemy). */
export function revealAmbush(d: Draft, id: string, why: string): void {
  const nu = d.rs.units[id];
  if (!nu?.ambush) return;
  nu.ambush = false;
  d.ctx.emit({ type: 'AmbushRevealed', unit: id, why, rule: 'NW §3 Known Enemy; Setting up Armies' });
}

/** Is a unit in ground where troops hide in ambush (NW §23 Obstacles: gullies or ravines)? */
export function inAmbushGround(battle: Battle, u: Unit, terrainOf: (b: Battle, u: Unit) => readonly { kind: string; props: Readonly<Record<string, unknown>> }[]): boolean {
  return terrainOf(battle, u).some((t) => t.kind === 'gully' || t.kind === 'ravine' || t.props['gully'] === true);
}


/**
 * NW Orders/Deploy "Enter buildings and take up positions in them if the unit's stands are within a
 * town or farm": a Deploy action for foot already touching a building or village. The unit goes
 * straight ahead, free of the half-move cost of entering (§23 Buildings: that cost is for moving in),
 * the shortest way that puts the most of its stands inside without passing the feature's capacity
 * (2 stands a building, counting other units' stands already there), and at most its normal move.
 */
import { centreCrossings, moveUntilContact } from '../../geometry/moveCore';
import { standsAtDistance } from '../../geometry/movement';
import type { TerrainFeature, Unit } from '../../engine/model';
import { pointInPolygon } from '../../geometry/vec';
import type { Draft } from './types';
import { activeUnits, nwu } from './core';
import { terrainClass, unitTerrain, unitFacing } from './geom';
import { buildingCapacity, straight } from './moves';
import { normalMoveMm } from './morale';

export const OCCUPY_RULE = 'NW Orders/Deploy; §23 Buildings';
/** How far past the outline a stand's centre is taken to be inside: a thousandth of a millimetre. */
const PAST_MM = 1e-3;

const inside = (u: Unit, t: TerrainFeature) => u.stands.filter((s) => pointInPolygon(s.centre, t.polygon)).length;

/** The unit after taking up positions in the building or village it touches, or why it cannot. */
export function occupyBuildings(d: Draft, u: Unit): { unit: Unit; terrain: TerrainFeature; stands: number } | string {
  const nu = nwu(d, u.id);
  if (!nu.profile.foot) return 'only infantry may enter buildings (NW §23 Buildings)';
  const feats = unitTerrain(d.battle, u).filter((t) => terrainClass(t) === 'building');
  if (feats.length === 0) return 'no stand is at a town, village, farm or building (NW Orders/Deploy)';
  const others = activeUnits(d).filter((x) => x.id !== u.id);
  // Straight ahead, at most its normal move, stopped by other units and the table edge (the core's move).
  const legs = straight(unitFacing(u), normalMoveMm(d, u));
  const limitMm = moveUntilContact(u.stands, legs, { others, ignore: (id) => id === u.id, table: d.battle.table, stopAtEdge: true }).stopMm;
  let best: { unit: Unit; terrain: TerrainFeature; stands: number; distMm: number } | undefined;
  for (const t of feats) {
    const cap = buildingCapacity(t);
    const held = others.reduce((n, x) => n + inside(x, t), 0);
    const room = cap - held;
    const now = inside(u, t);
    let top = { unit: u, stands: now, distMm: 0 };
    // The count of stands inside changes only where a centre crosses the outline: judge just past
    // each crossing (PAST_MM), up to where other units or the table edge stop the move.
    for (const x of centreCrossings(u.stands, legs[0]!, t.polygon)) {
      const dist = x + PAST_MM;
      if (dist > limitMm) break;
      const next = { ...u, stands: standsAtDistance(u.stands, legs, dist) };
      const n = inside(next, t);
      if (n > Math.max(room, now)) break; // it would overfill the building
      if (n > top.stands) top = { unit: next, stands: n, distMm: dist };
      if (n >= Math.min(room, u.stands.length)) break;
    }
    if (top.stands > now && (!best || top.stands > best.stands || (top.stands === best.stands && top.distMm < best.distMm))) best = { ...top, terrain: t };
  }
  if (!best) return 'no more of its stands can get into the buildings (full, blocked, or beyond its move)';
  return { unit: best.unit, terrain: best.terrain, stands: best.stands };
}

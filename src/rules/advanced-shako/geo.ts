/**
 * Advanced Shako's reading of the table through the geometry layer: distances in inches, sight
 * (terrain by the geometry's sight index; stands block), the 6" enemy frontal zone, town sectors,
 * flank supports (8.1.2b combat deployment) and the ground that spares infantry a hasty square.
 */
import type { Battle } from '../../engine/state';
import type { TerrainFeature, Unit } from '../../engine/model';
import { unitDistance } from '../../geometry/measure';
import { lineOfSight } from '../../geometry/lineOfSight';
import type { SightFeature, SightIndex, SightRule } from '../../geometry/sightIndex';
import { sightIndexOf, standIndexOf } from '../../geometry/sightCache';
import { unitFrame } from '../../geometry/frame';
import { inFrontArc, inFrontStrip, supportOf } from '../../geometry/zones';
import { pointInPolygon } from '../../geometry/vec';
import { terrainUnderCentres } from '../../geometry/terrain';
import { meanCentre } from '../../geometry/standSets';
import type { TablePoint } from '../../geometry/types';
import { isContactGap } from '../../geometry/units';
import type { ShState } from './state';
import { armOf, inMm, isFormed, mmIn } from './state';
import type { ShTables } from './tables';
import { cos, sin } from '../../geometry/math';

export const gapIn = (a: Unit, b: Unit): number => mmIn(unitDistance(a.stands, b.stands));
/** In contact: the core's one contact tolerance (`isContactGap`), as every ruleset judges it. */
export const inContact = (a: Unit, b: Unit): boolean => isContactGap(unitDistance(a.stands, b.stands));
export const centreOf = (u: Unit): TablePoint => meanCentre(u.stands);
export const frameOf = (u: Unit) => unitFrame(u.stands);

/** Sight (RULINGS.md: the base book's terrain rules are not ours): woods and towns seen into 2", smoke and marked features opaque. */
export function shSightRule(t: TerrainFeature): SightRule {
  if (t.props['blocksSight'] === true || t.props['smoke'] === true) return { kind: 'opaque' };
  if (t.props['blocksSight'] === false) return { kind: 'clear' };
  if (t.kind === 'wood' || t.kind === 'village' || t.kind === 'building') return { kind: 'depth', withinMm: inMm(2), edgeMm: inMm(2), throughMm: 0 };
  return { kind: 'clear' };
}

export function shSightIndex(battle: Battle): SightIndex {
  return sightIndexOf(battle.terrain, 'advanced-shako', (terrain) => terrain
    .filter((t) => t.polygon.length >= 3)
    .map((t): SightFeature => ({ id: t.id, polygon: t.polygon, kind: t.kind, rule: shSightRule(t), ...(t.kind === 'hill' ? { heightLevel: t.heightLevel ?? 1 } : {}), ...(t.crest ? { crest: t.crest } : {}) })));
}

/** Can `a` see `b` (centre to centre, or nearest stands; other units' stands block)? 7.3.1 "visible". */
export function sees(battle: Battle, a: Unit, b: Unit): boolean {
  const ix = shSightIndex(battle);
  const stands = standIndexOf(battle.units);
  const opts = { stands: { index: stands, ignore: (r: { unitId: string }) => r.unitId === a.id || r.unitId === b.id } };
  for (const s of a.stands) for (const t of b.stands) if (lineOfSight(ix, s.centre, t.centre, opts).visible) return true;
  return false;
}

/** Within the 6" frontal zone of a Formed enemy: ahead of its front, as wide as it is (SHAKO's frontal zone). */
export function inEnemyFrontalZone(battle: Battle, rs: ShState, t: ShTables, u: Unit, stands = u.stands): string | undefined {
  for (const e of battle.units) {
    if (e.side === u.side || !isFormed(rs, e)) continue;
    if (inFrontStrip(frameOf(e), 0, inMm(t.reach.frontalZoneIn), stands)) return e.name;
  }
  return undefined;
}

/** A town sector under the unit (13.6): a village or building feature holding the unit's centre. */
export function sectorOf(battle: Battle, u: Unit): TerrainFeature | undefined {
  const c = centreOf(u);
  return battle.terrain.find((f) => (f.kind === 'village' || f.kind === 'building') && f.polygon.length >= 3 && pointInPolygon(c, f.polygon));
}
export const terrainUnder = (battle: Battle, u: Unit): TerrainFeature[] => terrainUnderCentres(battle.terrain, u.stands);

/**
 * 8.1.2b Combat Deployment: both flanks supported, each by a friendly Formed infantry or cavalry
 * unit within the support distance (cavalry provide but never receive), or by unoccupied
 * impassable ground (a feature marked impassable; not if enemy skirmishers are in it).
 */
export function combatDeployed(battle: Battle, rs: ShState, t: ShTables, u: Unit): boolean {
  if (armOf(u) !== 'infantry' || u.formation === 'skirmish') return false;
  const fr = frameOf(u);
  const friends = battle.units.filter((f) => f.side === u.side && f.id !== u.id && armOf(f) !== 'artillery' && isFormed(rs, f));
  const spec = { rearMm: 0, flankMm: inMm(t.retrograde.supportIn) };
  const sup = supportOf(fr, friends.map((f) => f.stands), spec);
  const impassable = battle.terrain.filter((f) => f.props['impassable'] === true && f.polygon.length >= 3 && !battle.units.some((e) => e.side !== u.side && e.formation === 'skirmish' && e.stands.some((s) => pointInPolygon(s.centre, f.polygon))));
  const ground = (side: 'left' | 'right') => {
    const sx = side === 'left' ? -1 : 1;
    const p = { x: fr.centre.x + cos(fr.facing + (sx * Math.PI) / 2) * (fr.halfWidthMm + inMm(1)), y: fr.centre.y + sin(fr.facing + (sx * Math.PI) / 2) * (fr.halfWidthMm + inMm(1)) } as TablePoint;
    return impassable.some((f) => pointInPolygon(p, f.polygon));
  };
  return (sup.left.length > 0 || ground('left')) && (sup.right.length > 0 || ground('right'));
}

/** 8.2 Hasty Squares and terrain: defending linear obstacles, steep slopes or woods. */
export function favourableGround(battle: Battle, u: Unit, charger: Unit): boolean {
  const kinds = new Set<string>(['wood', 'obstacle', 'stream', 'village', 'building']);
  if (terrainUnder(battle, u).some((f) => kinds.has(f.kind) || f.props['steep'] === true)) return true;
  // An obstacle between them: a linear feature the charger's path to the target crosses.
  const a = centreOf(charger), b = centreOf(u);
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } as TablePoint;
  return battle.terrain.some((f) => (f.kind === 'obstacle' || f.kind === 'stream' || f.props['obstacle'] === true) && f.polygon.length >= 3 && (pointInPolygon(mid, f.polygon) || pointInPolygon(b, f.polygon)));
}

/** 9.2 the 45 degree arc ahead of a battery, out to `rangeIn`. */
export const inArc = (gun: Unit, target: Unit, arcDeg: number, rangeIn: number): boolean => inFrontArc(frameOf(gun), (arcDeg * Math.PI) / 180, inMm(rangeIn), target.stands);
/** 9.2 "directly to the front": ahead, within the battery's own frontage. */
export const directlyAhead = (gun: Unit, target: Unit, rangeIn: number): boolean => inFrontStrip(frameOf(gun), 0, inMm(rangeIn), target.stands);

/** Which face of `target` `by` touches (11.2.5: the point of physical contact decides). */
export function contactSide(target: Unit, by: Unit): 'front' | 'rear' | 'flank' {
  const fr = frameOf(target);
  const c = centreOf(by);
  const dx = c.x - fr.centre.x, dy = c.y - fr.centre.y;
  const along = dx * cos(fr.facing) + dy * sin(fr.facing);
  const across = -dx * sin(fr.facing) + dy * cos(fr.facing);
  if (Math.abs(across) - fr.halfWidthMm > Math.abs(along) - fr.halfDepthMm) return 'flank';
  return along >= 0 ? 'front' : 'rear';
}

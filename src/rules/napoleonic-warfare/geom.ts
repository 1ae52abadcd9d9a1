/**
 * NW geometry glue: the rules' reading of the table (terrain classes, sight rules, enfilade,
 * front rank) over src/geometry. Measuring, wheels, arcs, terrain contact, sight lines and the
 * table edge come from the geometry layer.
 */
import type { Stand, TerrainFeature, Unit } from '../../engine/model';
import type { Battle } from '../../engine/ruleset';
import { forward, rightOf, standCorners } from '../../geometry/footprint';
import { unitFrame, toLocal, standFrame, type Frame } from '../../geometry/frame';
import { standToUnitDistance, unitDistance } from '../../geometry/measure';
import { faceCentreOf, lineUpFront } from '../../geometry/units';
import { sightIndexOf, terrainIndexOf } from '../../geometry/sightCache';
import { inFrontArc, zoneOutline } from '../../geometry/zones';
import { quadPolygonRelation } from '../../geometry/terrain';
import { boundsOf } from '../../geometry/vec';
import type { SightFeature, SightIndex, SightRule } from '../../geometry/sightIndex';
import { lineOfSight as sightLine, type SightAnswer, type StandBlocking } from '../../geometry/lineOfSight';
import { normaliseAngle, pt, rad, type Radians, type TablePoint } from '../../geometry/types';
import type { TerrainClass } from './tables/movement';
import { atan2, hypot } from '../../geometry/math';
import { pairMemo } from '../../geometry/memo';

export type Poly = readonly TablePoint[];

export const standPoly = (s: Stand): Poly => standCorners(s);
export const unitPolys = (u: Unit): Poly[] => u.stands.map(standPoly);

export function commandStand(u: Unit): Stand {
  return u.stands.find((s) => s.id === u.commandStandId) ?? u.stands[0]!;
}

/** Stands thrown forward as a skirmish screen (NW §26 Skirmish Formation: role 'skirmisher'). */
export const isScreenStand = (u: Unit, s: Stand): boolean => s.role === 'skirmisher' && u.formation !== 'skirmish';
/** The formed body of a unit: its stands less a partial skirmish screen (all of them if none remain). */
export function formedStands(u: Unit): readonly Stand[] {
  if (!u.stands.some((s) => isScreenStand(u, s))) return u.stands;
  const body = u.stands.filter((s) => !isScreenStand(u, s));
  return body.length > 0 ? body : u.stands;
}
export const screenStands = (u: Unit): Stand[] => u.stands.filter((s) => isScreenStand(u, s));

/** The unit's facing: its command stand's (NW §26: the command stand anchors the unit). */
export const unitFacing = (u: Unit): Radians => commandStand(u).facing;

/** The unit's frame (front, flanks, rear) drawn round its formed body, not its screen. */
export function frameOfUnit(u: Unit): Frame {
  return unitFrame(formedStands(u), unitFacing(u));
}

/**
 * NW §1: all measurements from the nearest point on any stand. PERF: remembered by the two
 * stand arrays (geometry memo.ts): the same pairs are measured again and again within a command.
 */
export function unitDistanceMm(a: Unit, b: Unit): number {
  return standsDistance(a.stands, b.stands);
}
const standsDistance = pairMemo(unitDistance);

/** From one stand to the nearest point of a unit (NW Fire §4: range from the firing stand). */
export const standDistanceToUnit = (s: Stand, b: Unit): number => standToUnitDistance(s, b.stands);

/** Front-rank stands: the screen if one is out, else those whose front edge lies on the unit's front (NW Fire §1). */
export function frontRank(u: Unit): Stand[] {
  const screen = screenStands(u);
  if (screen.length > 0) return screen;
  const fr = frameOfUnit(u);
  return u.stands.filter((s) => {
    const l = toLocal(fr, s.centre);
    return l.along + s.depthMm / 2 >= fr.halfDepthMm - Math.min(s.depthMm / 2, 2);
  });
}

/** Complete ranks of stands (for the depth bonus): front-to-back rows of full width. */
export function rankCount(u: Unit): number {
  const body = formedStands(u);
  const fr = frameOfUnit(u);
  const front = body.filter((s) => toLocal(fr, s.centre).along + s.depthMm / 2 >= fr.halfDepthMm - Math.min(s.depthMm / 2, 2)).length;
  if (front === 0) return 0;
  return Math.floor(body.length / front);
}

/** NW Fire §29 Firing Arcs: the arc hung on a stand's front corners, as an outline for drawing. */
export function arcPolygon(s: Stand, arcDeg: number, reachMm: number): Poly {
  return zoneOutline(standFrame(s), { face: 'front', spreadRad: (arcDeg * Math.PI) / 180, rangeMm: reachMm });
}

/** Is any part of a target stand inside a stand's firing arc? */
export function standInArc(s: Stand, arcDeg: number, reachMm: number, target: Stand): boolean {
  return inFrontArc(standFrame(s), (arcDeg * Math.PI) / 180, reachMm, target);
}

/** NW §9/§23: the rules' terrain class of a scenario feature. See RULINGS.md. */
export function terrainClass(t: TerrainFeature): TerrainClass {
  const cls = typeof t.props['class'] === 'string' ? (t.props['class'] as string) : undefined;
  switch (t.kind) {
    case 'wood':
      return cls === 'light' ? 'light' : 'dense';
    case 'marsh':
      return cls === 'dense' ? 'dense' : 'light';
    case 'rough':
      return cls === 'dense' ? 'dense' : 'light';
    case 'hill':
      return cls === 'steep' ? 'light' : 'low-hill';
    case 'stream':
    case 'obstacle':
      return 'obstacle';
    case 'river':
      return 'river';
    case 'lake':
      return 'water';
    case 'village':
    case 'building':
      return 'building';
    case 'road':
      return 'road';
    case 'ford':
      return 'ford';
    case 'bridge':
      return 'bridge';
    case 'field':
      return cls === 'light' ? 'light' : cls === 'dense' ? 'dense' : 'clear';
  }
}

/** NW §3 Visibility: blocked by forests, hills, buildings, not by stands. */
export function blocksSight(t: TerrainFeature): boolean {
  if (typeof t.props['blocksSight'] === 'boolean') return t.props['blocksSight'] as boolean;
  return t.kind === 'wood' || t.kind === 'hill' || t.kind === 'village' || t.kind === 'building';
}

export function featuresTouching(battle: Battle, p: Poly): TerrainFeature[] {
  const hits = terrainIndexOf(battle.terrain).search(boundsOf(p));
  const out: TerrainFeature[] = [];
  for (const h of hits) if (quadPolygonRelation(p, h.value.polygon) !== 0) out.push(h.value);
  return out;
}

export function unitTerrain(battle: Battle, u: Unit): TerrainFeature[] {
  const seen = new Map<string, TerrainFeature>();
  for (const p of unitPolys(u)) for (const t of featuresTouching(battle, p)) seen.set(t.id, t);
  return [...seen.values()];
}

/** Sight distances the NW rules give, in mm, for the scale in play. */
export interface SightScale {
  /** NW §9 Forests / §29: how far one sees inside woods. */
  readonly woodsVisibilityMm: number;
  /** NW §29: within this of the edge a unit in woods sees out and is seen. */
  readonly woodsEdgeMm: number;
}

/**
 * NW §3 Visibility, §9 Forests, §29 Line of Sight as geometry sight rules. Woods (and, by
 * RULINGS, buildings) are seen into and out of near the edge and across a short distance
 * inside; hills block when higher than both ends (a hill with no level counts as level 1);
 * everything else is clear. `props.blocksSight: false` makes a feature clear.
 */
export function sightRuleOf(t: TerrainFeature, sc: SightScale): SightRule {
  if (t.props['blocksSight'] === false) return { kind: 'clear' };
  if (t.kind === 'wood' || t.kind === 'village' || t.kind === 'building') return { kind: 'depth', withinMm: sc.woodsVisibilityMm, edgeMm: sc.woodsEdgeMm, throughMm: 0 };
  if (t.props['blocksSight'] === true && t.kind !== 'hill') return { kind: 'opaque' };
  return { kind: 'clear' };
}

/** The sight grid for a terrain layout under NW's sight rule at this scale (built once, geometry's cache). */
export function nwSightIndex(battle: Battle, sc: SightScale): SightIndex {
  return sightIndexOf(battle.terrain, `nw:${sc.woodsVisibilityMm}:${sc.woodsEdgeMm}`, (terrain) => terrain
    .filter((t) => t.polygon.length >= 3)
    .map((t): SightFeature => ({ id: t.id, polygon: t.polygon, kind: t.kind, rule: sightRuleOf(t, sc), ...(t.kind === 'hill' ? { heightLevel: t.heightLevel ?? 1 } : {}), ...(t.crest ? { crest: t.crest } : {}) })));
}

/** NW §3 Visibility and §29 Line of Sight between two points; `stands` for fire (units block). */
export function sightBetween(battle: Battle, sc: SightScale, from: TablePoint, to: TablePoint, stands?: StandBlocking): SightAnswer {
  return sightLine(nwSightIndex(battle, sc), from, to, stands ? { stands } : {});
}

/** NW §3 Visibility (stands never block it). */
export function lineOfSight(battle: Battle, from: TablePoint, to: TablePoint, sc: SightScale): boolean {
  return sightBetween(battle, sc, from, to).visible;
}

/** Nearest points (stand centres) between two units, for sight lines. */
export function nearestCentres(a: Unit, b: Unit): [TablePoint, TablePoint] {
  let best = Infinity;
  let pair: [TablePoint, TablePoint] = [a.stands[0]!.centre, b.stands[0]!.centre];
  for (const s of a.stands)
    for (const t of b.stands) {
      const d = hypot(s.centre.x - t.centre.x, s.centre.y - t.centre.y);
      if (d < best) {
        best = d;
        pair = [s.centre, t.centre];
      }
    }
  return pair;
}

export type Face = 'front' | 'left' | 'right' | 'rear';

/**
 * NW §3 Enfilade: an attacker counts against flank or rear when part of its command stand is
 * behind the front of the target's stands; which face then is decided by where its command
 * stand's centre lies in the target's frame.
 */
export function faceStruck(attacker: Unit, target: Unit): Face {
  const fr = frameOfUnit(target);
  const cmd = commandStand(attacker);
  const behindFront = standCorners(cmd).some((c) => toLocal(fr, c).along < fr.halfDepthMm - 0.5);
  if (!behindFront) return 'front';
  const l = toLocal(fr, cmd.centre);
  if (l.along < -fr.halfDepthMm && Math.abs(l.across) <= fr.halfWidthMm + Math.abs(l.along)) return 'rear';
  return l.across < 0 ? 'left' : 'right';
}

/** Outward direction (radians) of a face of a unit's frame. */
export function faceDirection(u: Unit, face: Face): Radians {
  const th = unitFacing(u);
  const off = face === 'front' ? 0 : face === 'right' ? Math.PI / 2 : face === 'rear' ? Math.PI : -Math.PI / 2;
  return normaliseAngle(th + off);
}

/** Centre of a face of the unit's frame. */
export function faceCentre(u: Unit, face: Face): TablePoint {
  return faceCentreOf(frameOfUnit(u), face);
}

export function faceLengthMm(u: Unit, face: Face): number {
  const fr = frameOfUnit(u);
  return face === 'front' || face === 'rear' ? fr.halfWidthMm * 2 : fr.halfDepthMm * 2;
}

/**
 * NW Sequence §12: line up an attacker base edge to base edge against `face` of the target:
 * the attacker turns to face the face square on and its front edge centre meets the face centre.
 */
export function lineUpAgainst(attacker: Unit, target: Unit, face: Face): Unit {
  return lineUpFront(attacker, frameOfUnit, normaliseAngle(faceDirection(target, face) + Math.PI), faceCentre(target, face));
}

/** Angle from a to b. */
export const bearing = (a: TablePoint, b: TablePoint): Radians => rad(atan2(b.y - a.y, b.x - a.x));

/** Do two angles differ by at most `tolDeg`? */
export function anglesClose(a: number, b: number, tolDeg: number): boolean {
  return Math.abs(normaliseAngle(a - b)) <= (tolDeg * Math.PI) / 180 + 1e-9;
}

export { toLocal, forward, rightOf, pt };

/**
 * Local geometry adapter. Uses src/geometry where it exists (standCorners, unitFrame, toLocal,
 * polygonDistance, convexOverlap…); functions the geometry layer does not have yet are written
 * here, each marked `// MOVE: geometry` so they can move there later.
 */
import type { Stand, TerrainFeature, Unit } from '../../engine/model';
import type { Battle } from '../../engine/ruleset';
import { forward, rightOf, standCorners } from '../../geometry/footprint';
import { unitFrame, toLocal, type Frame } from '../../geometry/frame';
import { convexOverlap } from '../../geometry/overlap';
import { polygonDistance, pointInPolygon, segmentsIntersectXY } from '../../geometry/vec';
import { normaliseAngle, pt, rad, type Radians, type TablePoint } from '../../geometry/types';
import type { TerrainClass } from './tables/movement';

export type Poly = readonly TablePoint[];

export const standPoly = (s: Stand): Poly => standCorners(s);
export const unitPolys = (u: Unit): Poly[] => u.stands.map(standPoly);

export function commandStand(u: Unit): Stand {
  return u.stands.find((s) => s.id === u.commandStandId) ?? u.stands[0]!;
}

/** The unit's facing: its command stand's (NW §26: the command stand anchors the unit). */
export const unitFacing = (u: Unit): Radians => commandStand(u).facing;

export function frameOfUnit(u: Unit): Frame {
  return unitFrame(u.stands, unitFacing(u));
}

/** NW §1: all measurements from the nearest point on any stand. */
export function unitDistanceMm(a: Unit, b: Unit): number {
  let best = Infinity;
  for (const p of unitPolys(a)) for (const q of unitPolys(b)) best = Math.min(best, polygonDistance(p, q));
  return best;
}

export function polyDistanceToUnit(p: Poly, b: Unit): number {
  let best = Infinity;
  for (const q of unitPolys(b)) best = Math.min(best, polygonDistance(p, q));
  return best;
}

// MOVE: geometry — does any pair of stands overlap (touching is not overlap)?
export function unitsOverlap(a: Unit, b: Unit): boolean {
  for (const p of unitPolys(a)) for (const q of unitPolys(b)) if (convexOverlap(p, q, 0.01)) return true;
  return false;
}

export function translateUnit(u: Unit, dx: number, dy: number): Unit {
  return { ...u, stands: u.stands.map((s) => ({ ...s, centre: pt(s.centre.x + dx, s.centre.y + dy) })) };
}

// MOVE: geometry — rigid rotation of a unit about a pivot (wheels, about-faces).
export function rotateUnit(u: Unit, pivot: TablePoint, angle: number): Unit {
  const c = Math.cos(angle), s = Math.sin(angle);
  return {
    ...u,
    stands: u.stands.map((st) => {
      const dx = st.centre.x - pivot.x, dy = st.centre.y - pivot.y;
      return { ...st, centre: pt(pivot.x + dx * c - dy * s, pivot.y + dx * s + dy * c), facing: normaliseAngle(st.facing + angle) };
    }),
  };
}

/** Move a unit straight along its facing by `mm` (negative: backwards). */
export function advanceUnit(u: Unit, distMm: number, facing: Radians = unitFacing(u)): Unit {
  const f = forward(facing);
  return translateUnit(u, f.x * distMm, f.y * distMm);
}

/**
 * NW §25 Wheeling: pivot about the inner front corner; returns the wheeled unit and the
 * distance the outer corner travelled. Positive angles wheel clockwise (pivot on the right).
 */
export function wheelUnit(u: Unit, angle: number): { unit: Unit; outerArcMm: number } {
  if (Math.abs(angle) < 1e-9) return { unit: u, outerArcMm: 0 };
  const fr = frameOfUnit(u);
  const [fl, frc] = fr.corners;
  const pivot = angle > 0 ? frc : fl;
  const width = fr.halfWidthMm * 2;
  return { unit: rotateUnit(u, pivot, angle), outerArcMm: width * Math.abs(angle) };
}

/** Front-rank stands: those whose front edge lies on the unit's front (NW Fire §1: only the front rank fires). */
export function frontRank(u: Unit): Stand[] {
  const fr = frameOfUnit(u);
  return u.stands.filter((s) => {
    const l = toLocal(fr, s.centre);
    return l.along + s.depthMm / 2 >= fr.halfDepthMm - Math.min(s.depthMm / 2, 2);
  });
}

/** Complete ranks of stands (for the depth bonus): front-to-back rows of full width. */
export function rankCount(u: Unit): number {
  const front = frontRank(u).length;
  if (front === 0) return 0;
  return Math.floor(u.stands.length / front);
}

// MOVE: geometry — the firing arc of a stand: its front plus `arcDeg` outward from each front corner.
export function arcPolygon(s: Stand, arcDeg: number, reachMm: number): Poly {
  const [fl, fr] = standCorners(s);
  const f = forward(s.facing), r = rightOf(s.facing);
  const spread = Math.tan((arcDeg * Math.PI) / 180) * reachMm;
  return [fl, fr, pt(fr.x + f.x * reachMm + r.x * spread, fr.y + f.y * reachMm + r.y * spread), pt(fl.x + f.x * reachMm - r.x * spread, fl.y + f.y * reachMm - r.y * spread)];
}

export function polyInArc(s: Stand, arcDeg: number, reachMm: number, target: Poly): boolean {
  return convexOverlap(arcPolygon(s, arcDeg, reachMm), target, 0.01);
}

// MOVE: geometry — does a (convex) stand polygon touch a (possibly concave) terrain outline?
export function polyTouches(p: Poly, outline: Poly): boolean {
  for (const c of p) if (pointInPolygon(c, outline)) return true;
  for (const c of outline) if (pointInPolygon(c, p)) return true;
  for (let i = 0; i < p.length; i++) {
    const a = p[i]!, b = p[(i + 1) % p.length]!;
    for (let j = 0; j < outline.length; j++) {
      const c = outline[j]!, d = outline[(j + 1) % outline.length]!;
      if (segmentsIntersectXY(a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y)) return true;
    }
  }
  return false;
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
  return battle.terrain.filter((t) => t.polygon.length >= 3 && polyTouches(p, t.polygon));
}

export function unitTerrain(battle: Battle, u: Unit): TerrainFeature[] {
  const seen = new Map<string, TerrainFeature>();
  for (const p of unitPolys(u)) for (const t of featuresTouching(battle, p)) seen.set(t.id, t);
  return [...seen.values()];
}

/** Length of segment ab inside an outline, sampled every ~2 mm. MOVE: geometry. */
function insideLength(a: TablePoint, b: TablePoint, outline: Poly): number {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const n = Math.max(2, Math.ceil(len / 2));
  let inside = 0;
  for (let i = 0; i < n; i++) {
    const t = (i + 0.5) / n;
    if (pointInPolygon(pt(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t), outline)) inside += len / n;
  }
  return inside;
}

/**
 * NW §3 Visibility and §29 Line of Sight, command stand to nearest stand. A wood allows sight
 * up to `woodsVisibilityMm` inside it; a hill blocks when neither end stands on it; a building
 * blocks. See RULINGS.md.
 */
export function lineOfSight(battle: Battle, from: TablePoint, to: TablePoint, woodsVisibilityMm: number): boolean {
  for (const t of battle.terrain) {
    if (t.polygon.length < 3 || !blocksSight(t)) continue;
    const inside = insideLength(from, to, t.polygon);
    if (inside <= 0) continue;
    if (t.kind === 'wood') {
      if (inside > woodsVisibilityMm) return false;
    } else if (t.kind === 'hill') {
      if (!pointInPolygon(from, t.polygon) && !pointInPolygon(to, t.polygon)) return false;
    } else return false;
  }
  return true;
}

/** Nearest points (stand centres) between two units, for sight lines. */
export function nearestCentres(a: Unit, b: Unit): [TablePoint, TablePoint] {
  let best = Infinity;
  let pair: [TablePoint, TablePoint] = [a.stands[0]!.centre, b.stands[0]!.centre];
  for (const s of a.stands)
    for (const t of b.stands) {
      const d = Math.hypot(s.centre.x - t.centre.x, s.centre.y - t.centre.y);
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
  const fr = frameOfUnit(u);
  const d = faceDirection(u, face);
  const f = forward(d);
  const half = face === 'front' || face === 'rear' ? fr.halfDepthMm : fr.halfWidthMm;
  return pt(fr.centre.x + f.x * half, fr.centre.y + f.y * half);
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
  const out = faceDirection(target, face);
  const want = normaliseAngle(out + Math.PI);
  const fr = frameOfUnit(attacker);
  let u = rotateUnit(attacker, fr.centre, normaliseAngle(want - unitFacing(attacker)));
  const frontNow = faceCentre(u, 'front');
  const goal = faceCentre(target, face);
  u = translateUnit(u, goal.x - frontNow.x, goal.y - frontNow.y);
  return u;
}

/** Angle from a to b. */
export const bearing = (a: TablePoint, b: TablePoint): Radians => rad(Math.atan2(b.y - a.y, b.x - a.x));

export function unitCentre(u: Unit): TablePoint {
  return frameOfUnit(u).centre;
}

/** Is any part of the unit off the table? (NW §9 Leaving the Table) */
export function offTable(battle: Battle, u: Unit): boolean {
  for (const p of unitPolys(u)) for (const c of p) if (c.x < 0 || c.y < 0 || c.x > battle.table.widthMm || c.y > battle.table.depthMm) return true;
  return false;
}

/** Do two angles differ by at most `tolDeg`? */
export function anglesClose(a: number, b: number, tolDeg: number): boolean {
  return Math.abs(normaliseAngle(a - b)) <= (tolDeg * Math.PI) / 180 + 1e-9;
}

export { toLocal, forward, rightOf };

/**
 * Geometry the ruleset needs on top of src/geometry. Functions here that are ruleset-agnostic
 * (rigid transforms of a unit, segment/polygon crossing, ridge sight lines) are candidates to
 * move to src/geometry later; they are kept here so this module depends only on what exists.
 */
import type { Stand, TerrainFeature, Unit } from '../../engine/model';
import type { Battle } from '../../engine/state';
import { unitFrame, type Frame } from '../../geometry/frame';
import { unitDistance, standDistance } from '../../geometry/measure';
import { dist, pointInPolygon, segmentsIntersectXY, pointPolygonDistance, rotateAbout } from '../../geometry/vec';
import { convexOverlap } from '../../geometry/overlap';
import { standCorners } from '../../geometry/footprint';
import type { TablePoint } from '../../geometry/types';
import { pt, normaliseAngle } from '../../geometry/types';
import type { TerrainType } from './tables/terrain';

export const CM = 10;

export function frameOf(u: Unit): Frame {
  return unitFrame(u.stands, u.stands[0]?.facing);
}

export function centroid(stands: readonly Stand[]): TablePoint {
  let x = 0, y = 0;
  for (const s of stands) { x += s.centre.x; y += s.centre.y; }
  const n = Math.max(1, stands.length);
  return pt(x / n, y / n);
}

export const unitGap = (a: Unit, b: Unit): number => unitDistance(a.stands, b.stands);
export const standGap = (a: Stand, b: Stand): number => standDistance(a, b);

/** A rigid move of a set of stands: translate, then rotate about a pivot. */
export function translateStands(stands: readonly Stand[], dx: number, dy: number): Stand[] {
  return stands.map((s) => ({ ...s, centre: pt(s.centre.x + dx, s.centre.y + dy) }));
}
export function rotateStands(stands: readonly Stand[], pivot: TablePoint, angle: number): Stand[] {
  return stands.map((s) => ({ ...s, centre: rotateAbout(s.centre, pivot, angle), facing: normaliseAngle(s.facing + angle) }));
}

/** Do two stands overlap (touching is not overlapping)? */
export function standsOverlap(a: Stand, b: Stand): boolean {
  return convexOverlap(standCorners(a), standCorners(b), 0.5);
}

/** In contact: within 1mm edge to edge. */
export const CONTACT_MM = 1.5;
export const inContact = (a: Unit, b: Unit): boolean => unitGap(a, b) <= CONTACT_MM;

/** Does the segment cross the polygon's outline or lie inside it? */
export function segmentTouchesPolygon(a: TablePoint, b: TablePoint, poly: readonly TablePoint[]): boolean {
  if (pointInPolygon(a, poly) || pointInPolygon(b, poly)) return true;
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i]!, q = poly[(i + 1) % poly.length]!;
    if (segmentsIntersectXY(a.x, a.y, b.x, b.y, p.x, p.y, q.x, q.y)) return true;
  }
  return false;
}

export function featurePolygon(f: TerrainFeature): readonly TablePoint[] {
  return f.polygon;
}

/**
 * SYW terrain type of a feature (§4 p.9; mapping in RULINGS.md): props.sywType wins.
 * Returns null for features that do not affect movement, 'impassable' for lakes.
 */
export function terrainTypeOf(f: TerrainFeature): TerrainType | null | 'impassable' {
  const t = f.props.sywType;
  if (typeof t === 'number' && t >= 0 && t <= 3) return t as TerrainType;
  switch (f.kind) {
    case 'hill': {
      if (f.props.steep === true) return 2;
      const h = f.heightLevel ?? 1;
      return h <= 1 ? 0 : h === 2 ? 1 : 2;
    }
    case 'wood': return f.props.class === 'open' ? 1 : 2;
    case 'marsh': return 2;
    case 'village': case 'building': return 3;
    case 'stream': case 'obstacle': case 'rough': return 1;
    case 'river': case 'ford': return 3;
    case 'lake': return 'impassable';
    default: return null;
  }
}

/** The worst SYW terrain type under any of the stands (null: open ground). */
export function terrainUnder(battle: Battle, stands: readonly Stand[]): TerrainType | null | 'impassable' {
  let worst: TerrainType | null = null;
  for (const f of battle.terrain) {
    const t = terrainTypeOf(f);
    if (t === null) continue;
    if (stands.some((s) => standCorners(s).some((c) => pointInPolygon(c, f.polygon)) || pointInPolygon(s.centre, f.polygon))) {
      if (t === 'impassable') return 'impassable';
      if (worst === null || t > worst) worst = t;
    }
  }
  return worst;
}

/** Terrain under the stands as a number: -1 open, 0-3 the type, 4 impassable. */
export function terrainLevel(battle: Battle, stands: readonly Stand[]): number {
  const t = terrainUnder(battle, stands);
  return t === null ? -1 : t === 'impassable' ? 4 : t;
}

const isWood = (f: TerrainFeature) => f.kind === 'wood';
const isTown = (f: TerrainFeature) => f.kind === 'village' || f.kind === 'building';

/** Cover of a unit (p.11): soft (woods, towns, obstacles/barricades) or hard (props.cover 'hard'). */
export function coverOf(battle: Battle, u: Unit): 'none' | 'soft' | 'hard' {
  let cover: 'none' | 'soft' | 'hard' = 'none';
  for (const f of battle.terrain) {
    const inIt = u.stands.some((s) => pointInPolygon(s.centre, f.polygon));
    if (!inIt) continue;
    if (f.props.cover === 'hard') return 'hard';
    if (isWood(f) || isTown(f) || f.kind === 'obstacle' || f.props.cover === 'soft') cover = 'soft';
  }
  return cover;
}

export const inTown = (battle: Battle, u: Unit): boolean => battle.terrain.some((f) => isTown(f) && u.stands.some((s) => pointInPolygon(s.centre, f.polygon)));

function hillsUnder(battle: Battle, p: TablePoint): number {
  let h = 0;
  for (const f of battle.terrain) if (f.kind === 'hill' && pointInPolygon(p, f.polygon)) h = Math.max(h, f.heightLevel ?? 1);
  return h;
}
export const heightAt = hillsUnder;

/**
 * Can an observer at `a` see a point at `b` (5)(g)-(i), (3) Visibility p.7? Woods: 10cm within,
 * 5cm to/from the edge, otherwise opaque. Towns: troops inside seen only from 5cm. Hills: a ridge
 * halfway across (the crest where given) hides what lies beyond except at 5cm.
 */
export function canSee(battle: Battle, a: TablePoint, b: TablePoint): boolean {
  const d = dist(a, b);
  for (const f of battle.terrain) {
    const poly = f.polygon;
    if (isWood(f) || isTown(f)) {
      const aIn = pointInPolygon(a, poly), bIn = pointInPolygon(b, poly);
      if (isTown(f)) {
        if ((aIn || bIn) && d > 5 * CM) return false;
        if (!aIn && !bIn && segmentTouchesPolygon(a, b, poly)) return false;
        continue;
      }
      if (aIn && bIn) { if (d > 10 * CM) return false; continue; }
      if (aIn || bIn) {
        const inside = aIn ? a : b;
        if (pointPolygonDistance(inside, poly) > 5 * CM) return false;
        continue;
      }
      if (segmentTouchesPolygon(a, b, poly) && f.props.blocksSight !== false) return false;
      continue;
    }
    if (f.kind === 'hill') {
      if (d <= 5 * CM) continue;
      if (pointInPolygon(a, poly) && pointInPolygon(b, poly)) {
        if (crossesRidge(f, a, b)) return false;
        continue;
      }
      if (pointInPolygon(a, poly) || pointInPolygon(b, poly)) continue;
      if (segmentTouchesPolygon(a, b, poly) && f.props.blocksSight !== false) return false;
    }
  }
  return true;
}

/** Does the sight line cross the hill's ridge (the crest, else a line through its middle)? */
function crossesRidge(f: TerrainFeature, a: TablePoint, b: TablePoint): boolean {
  const crest = f.crest;
  if (crest && crest.length >= 2) {
    for (let i = 0; i + 1 < crest.length; i++) {
      const p = crest[i]!, q = crest[i + 1]!;
      if (segmentsIntersectXY(a.x, a.y, b.x, b.y, p.x, p.y, q.x, q.y)) return true;
    }
    return false;
  }
  let cx = 0, cy = 0;
  for (const p of f.polygon) { cx += p.x; cy += p.y; }
  const c = pt(cx / f.polygon.length, cy / f.polygon.length);
  const side = (p: TablePoint) => Math.sign((p.x - c.x) * (b.x - a.x) + (p.y - c.y) * (b.y - a.y));
  return side(a) !== side(b);
}

/** Direction from a to b as an angle. */
export const angleTo = (a: TablePoint, b: TablePoint): number => Math.atan2(b.y - a.y, b.x - a.x);

/** Is `p` ahead of the frame's front line (in front of it)? */
export function aheadOf(frame: Frame, p: TablePoint): number {
  return (p.x - frame.centre.x) * Math.cos(frame.facing) + (p.y - frame.centre.y) * Math.sin(frame.facing) - frame.halfDepthMm;
}

/** The stands of a unit that overlap any of `others`. */
export function overlapping(stands: readonly Stand[], others: readonly Stand[]): boolean {
  for (const s of stands) for (const o of others) if (standsOverlap(s, o)) return true;
  return false;
}

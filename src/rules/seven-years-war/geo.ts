/**
 * The ruleset's geometry policies on top of src/geometry. Everything ruleset-agnostic comes from
 * src/geometry (rigid stand moves, stand overlap, distances, line of sight, ground levels); what
 * stays here is Seven Years War policy: which terrain is which SYW type, what counts as cover or
 * a town, what woods/towns/hills do to sight ((5)(g)-(i), (3) Visibility p.7), and the unmarked
 * hill's half-way ridge, which the geometry's crest model cannot express (it depends on the
 * direction of the sight line).
 */
import type { Stand, TerrainFeature, Unit } from '../../engine/model';
import type { Battle } from '../../engine/state';
import { unitDistance, standDistance } from '../../geometry/measure';
import { dist, pointInPolygon, type Box } from '../../geometry/vec';
import { standCorners, standBounds } from '../../geometry/footprint';
import type { SightIndex, SightRule } from '../../geometry/sightIndex';
import { lineOfSight, groundLevelAt } from '../../geometry/lineOfSight';
import type { TablePoint } from '../../geometry/types';
import { pt } from '../../geometry/types';
import { CONTACT_MM, translateStands, rotateStands, unitsInContact, standsInContact } from '../../geometry/units';
import { meanCentre, boundingCircle, circlesApart } from '../../geometry/standSets';
import { sightIndexOf, terrainIndexOf } from '../../geometry/sightCache';
import { circleCrossingsAlong, lineCrossingsAlong, outlineCrossingsAlong, sightEventsAlong } from '../../geometry/sightAlong';
import type { TerrainType } from './tables/terrain';
import { SHOOTING_RULES } from './tables/shooting';

export const CM = 10;

/** Mean of the stand centres (the "exact centre" of a group/unit, p.7). */
export const centroid: (stands: readonly Stand[]) => TablePoint = meanCentre;

export const unitGap = (a: Unit, b: Unit): number => unitDistance(a.stands, b.stands);
export const standGap = (a: Stand, b: Stand): number => standDistance(a, b);

/** Rigid moves of a unit's stands: the geometry core's (units.ts), keeping the Stand type. */
export { translateStands, rotateStands, CONTACT_MM };

/** Two stands in contact: the core's contact tolerance (`isContactGap`), SYW (6) Melee p.13-14. */
export { standsInContact };

/** In contact: the core's contact tolerance (CONTACT_MM, 1.5mm edge to edge). PERF: circles further apart are not. */
export const inContact = (a: Unit, b: Unit): boolean => !circlesApart(a.stands, b.stands, CONTACT_MM) && unitsInContact(a.stands, b.stands);

/** A circle holding every stand of the array (centre at the centroid); cached per (immutable) stands array. */
export const unitCircle = boundingCircle;

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
  if (battle.terrain.length === 0) return null;
  // PERF: the geometry's terrain index of the layout (built once per terrain array) gives the features near the stands.
  for (const e of terrainIndexOf(battle.terrain).search(unionBox(stands))) {
    const f = e.value;
    const t = terrainTypeOf(f);
    if (t === null) continue;
    if (stands.some((s) => standCorners(s).some((c) => pointInPolygon(c, f.polygon)) || pointInPolygon(s.centre, f.polygon))) {
      if (t === 'impassable') return 'impassable';
      if (worst === null || t > worst) worst = t;
    }
  }
  return worst;
}

function unionBox(stands: readonly Stand[]): Box {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const s of stands) {
    const b = standBounds(s);
    if (b.minX < minX) minX = b.minX;
    if (b.minY < minY) minY = b.minY;
    if (b.maxX > maxX) maxX = b.maxX;
    if (b.maxY > maxY) maxY = b.maxY;
  }
  return { minX, minY, maxX, maxY };
}

/** Terrain under the stands as a number: -1 open, 0-3 the type, 4 impassable. */
export function terrainLevel(battle: Battle, stands: readonly Stand[]): number {
  const t = terrainUnder(battle, stands);
  return t === null ? -1 : t === 'impassable' ? 4 : t;
}

export const isWood = (f: TerrainFeature): boolean => f.kind === 'wood';
/** An abatis (9 Points system p.20): an obstacle feature flagged props.abatis. */
export const isAbatis = (f: TerrainFeature): boolean => f.props.abatis === true;
export const isTown = (f: TerrainFeature): boolean => f.kind === 'village' || f.kind === 'building';

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

/** The town (village/building) a point stands in, if any. */
export const townAt = (battle: Battle, p: TablePoint): TerrainFeature | undefined => battle.terrain.find((f) => isTown(f) && pointInPolygon(p, f.polygon));
export const inTown = (battle: Battle, u: Unit): boolean => u.stands.some((s) => townAt(battle, s.centre) !== undefined);

/**
 * What each feature does to sight in SYW ((5)(g)-(i)): woods are seen into 10cm from within and
 * 5cm to/from the edge; towns 5cm; hills by their height level (geometry); a feature flagged
 * props.blocksSight is opaque. The table's line-of-sight tool uses the same policy.
 */
export function sywSightRule(f: TerrainFeature): SightRule {
  if (f.props.blocksSight === true) return { kind: 'opaque' };
  if (f.props.blocksSight === false) return { kind: 'clear' };
  if (isWood(f)) return { kind: 'depth', withinMm: SHOOTING_RULES.woodVisibilityCm * CM, edgeMm: SHOOTING_RULES.woodEdgeCm * CM };
  if (isTown(f)) return { kind: 'depth', withinMm: SHOOTING_RULES.townVisibilityCm * CM, edgeMm: SHOOTING_RULES.townVisibilityCm * CM };
  return { kind: 'clear' };
}

/** The sight index of the layout under SYW's sight rule: the geometry's one sight-index cache. */
export function sightIndexFor(battle: Battle): SightIndex {
  return sightIndexOf(battle.terrain, 'syw', (terrain) => terrain.map((f) => ({ ...f, rule: sywSightRule(f) })));
}

/** Height level of the ground at a point (the highest hill there, 0 on the flat). */
export const heightAt = (battle: Battle, p: TablePoint): number => groundLevelAt(sightIndexFor(battle), p);

export interface SightQuery {
  /** The troops looked at fired this phase or the last from a town's edge ((5)(h)). */
  readonly targetFired?: boolean;
}

/**
 * Can an observer at `a` see troops at `b` ((5)(g)-(i), (3) Visibility p.7)? Terrain by the
 * geometry's line of sight with the SYW rules above; a marked crest is seen across at 5cm. Two
 * SYW rules the geometry does not hold: an unmarked hill's ridge lies half way across "from any
 * direction" (troops on the far side of it are hidden beyond 5cm), and troops in a town are hidden
 * from anyone outside it beyond 5cm unless they fired from its edge (RULINGS.md).
 */
export function canSee(battle: Battle, a: TablePoint, b: TablePoint, q: SightQuery = {}): boolean {
  const d = dist(a, b);
  const ridgeCm = SHOOTING_RULES.ridgeVisibilityCm * CM;
  const ans = lineOfSight(sightIndexFor(battle), a, b, { crest: { seeAcrossMm: ridgeCm } });
  if (!ans.visible) return false;
  if (d <= ridgeCm) return true;
  for (const f of battle.terrain) {
    if (f.kind === 'hill' && !(f.crest && f.crest.length >= 2) && pointInPolygon(a, f.polygon) && pointInPolygon(b, f.polygon) && crossesRidge(f, a, b)) return false;
  }
  const town = townAt(battle, b);
  if (town && !pointInPolygon(a, town.polygon) && d > SHOOTING_RULES.townVisibilityCm * CM && !q.targetFired) return false;
  return true;
}

/**
 * Every place along a→b where `canSee(battle, eye, p)` can change as p goes from a to b, so that
 * "is it seen anywhere on the way" is judged exactly (the geometry's `firstWhereAlong`): the
 * geometry's sight events (woods' and towns' depth curves, hills, crests seen across at 5cm), and
 * SYW's own: the 5cm circles of the ridge and town rules, the towns' outlines, and for an
 * unmarked hill the eye stands on, where the half-way ridge test changes sign (a line through the
 * eye square to the hill's middle, and the circle on the eye and that middle as diameter).
 */
export function sightEventsFor(battle: Battle, eye: TablePoint, a: TablePoint, b: TablePoint): number[] {
  const ridgeMm = SHOOTING_RULES.ridgeVisibilityCm * CM;
  const out = sightEventsAlong(sightIndexFor(battle), eye, a, b, { crest: { seeAcrossMm: ridgeMm } });
  out.push(...circleCrossingsAlong(eye, ridgeMm, a, b), ...circleCrossingsAlong(eye, SHOOTING_RULES.townVisibilityCm * CM, a, b));
  for (const f of battle.terrain) {
    if (isTown(f)) out.push(...outlineCrossingsAlong(f.polygon, a, b));
    if (f.kind !== 'hill' || (f.crest && f.crest.length >= 2) || !pointInPolygon(eye, f.polygon)) continue;
    const c = hillMiddle(f);
    out.push(...outlineCrossingsAlong(f.polygon, a, b));
    out.push(...lineCrossingsAlong(eye, pt(eye.x - (eye.y - c.y), eye.y + (eye.x - c.x)), a, b));
    out.push(...circleCrossingsAlong(pt((eye.x + c.x) / 2, (eye.y + c.y) / 2), dist(eye, c) / 2, a, b));
  }
  return out;
}

const hillMiddle = (f: TerrainFeature): TablePoint => {
  let cx = 0, cy = 0;
  for (const p of f.polygon) { cx += p.x; cy += p.y; }
  return pt(cx / f.polygon.length, cy / f.polygon.length);
};

/** Does the sight line cross the unmarked hill's half-way ridge (the perpendicular through its middle)? */
function crossesRidge(f: TerrainFeature, a: TablePoint, b: TablePoint): boolean {
  const c = hillMiddle(f);
  const side = (p: TablePoint) => Math.sign((p.x - c.x) * (b.x - a.x) + (p.y - c.y) * (b.y - a.y));
  return side(a) !== side(b);
}

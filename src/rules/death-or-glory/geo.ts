/**
 * Death or Glory! reading the table through the geometry layer: distances in metres (1 mm = 1 m),
 * generals near a unit, line of sight (woods: open 500 m, dense 250 m visibility — DoG Movement
 * Costs), cover.
 */
import type { Battle } from '../../engine/state';
import type { General, TerrainFeature, Unit } from '../../engine/model';
import { unitDistance, standToUnitDistance } from '../../geometry/measure';
import { lineOfSight } from '../../geometry/lineOfSight';
import type { SightFeature, SightIndex, SightRule } from '../../geometry/sightIndex';
import { sightIndexOf, standIndexOf } from '../../geometry/sightCache';
import { terrainUnderCentres, segmentPolygonSpan } from '../../geometry/terrain';
import { hypot } from '../../geometry/math';
import type { TablePoint } from '../../geometry/types';
import type { DogState } from './state';
import { centreOf } from './state';
import { AREA_TERRAIN } from './tables';

export const gapMm = (a: Unit, b: Unit): number => unitDistance(a.stands, b.stands);
export const generalToUnitMm = (g: General, u: Unit): number => standToUnitDistance(g.stand, u.stands);

/** Generals of `side` still in play (not seriously wounded or killed). */
export function activeGenerals(battle: Battle, rs: DogState, side: string): General[] {
  return battle.generals.filter((g) => g.side === side && rs.generals[g.id] && rs.generals[g.id]!.wound !== 'serious' && rs.generals[g.id]!.wound !== 'killed');
}

/** The general's rating now: halved (rounded down) by a moderate wound (DoG Generals' Risk Table). */
export function ratingOf(rs: DogState, id: string): number {
  const g = rs.generals[id];
  if (!g) return 0;
  return g.wound === 'moderate' ? Math.floor(g.rating / 2) : g.rating;
}

/** The formations above a unit: its brigade, then each parent up to the army. */
export function chainOf(battle: Battle, u: Unit): string[] {
  const out: string[] = [];
  for (let id: string | undefined = u.parent; id && !out.includes(id); id = battle.formations.find((f) => f.id === id)?.parent) out.push(id);
  return out;
}

/**
 * The best-rated commander of the unit's side within `mm` (DoG Charge Reaction Test "commander
 * present (within 150m)"); `ownChain`: only one commanding a formation the unit belongs to (DoG
 * Routing troops attempt to rally "Commander must be from the same parent unit").
 */
export function commanderNear(battle: Battle, rs: DogState, u: Unit, mm: number, opts: { ownChain?: boolean } = {}): { general: General; rating: number } | undefined {
  let best: { general: General; rating: number } | undefined;
  const chain = opts.ownChain ? chainOf(battle, u) : undefined;
  for (const g of activeGenerals(battle, rs, u.side)) {
    if (chain && !chain.includes(g.commands)) continue;
    if (generalToUnitMm(g, u) > mm) continue;
    const r = ratingOf(rs, g.id);
    if (!best || r > best.rating) best = { general: g, rating: r };
  }
  return best;
}

export function sightRule(t: TerrainFeature): SightRule {
  if (t.props['blocksSight'] === false) return { kind: 'clear' };
  if (t.kind === 'wood' || t.kind === 'marsh') { const v = t.props['dense'] === true ? AREA_TERRAIN.denseWood.visibilityMm : AREA_TERRAIN.openWood.visibilityMm; return { kind: 'depth', withinMm: v, edgeMm: v, throughMm: v }; }
  if (t.kind === 'village' || t.kind === 'building') return { kind: 'depth', withinMm: 50, edgeMm: 50, throughMm: 0 };
  if (t.props['blocksSight'] === true && t.kind !== 'hill') return { kind: 'opaque' };
  return { kind: 'clear' };
}

export function sightIndex(battle: Battle): SightIndex {
  return sightIndexOf(battle.terrain, 'death-or-glory', (terrain) => terrain
    .filter((t) => t.polygon.length >= 3)
    .map((t): SightFeature => ({ id: t.id, polygon: t.polygon, kind: t.kind, rule: sightRule(t), ...(t.kind === 'hill' ? { heightLevel: t.heightLevel ?? 1 } : {}), ...(t.crest ? { crest: t.crest } : {}) })));
}

/**
 * Can `from` see `to` (centre to centre, or any stand to the nearest stand): terrain and other
 * units' stands block — only those for which `blocks` holds, when given (a screen of chosen troops).
 */
export function canSee(battle: Battle, from: Unit, to: Unit, blocks?: (unitId: string) => boolean): boolean {
  const ix = sightIndex(battle);
  const stands = standIndexOf(battle.units);
  const ignore = (r: { unitId: string }) => r.unitId === from.id || r.unitId === to.id || (blocks !== undefined && !blocks(r.unitId));
  if (lineOfSight(ix, centreOf(from), centreOf(to), { stands: { index: stands, ignore } }).visible) return true;
  for (const s of from.stands) for (const t of to.stands) if (lineOfSight(ix, s.centre, t.centre, { stands: { index: stands, ignore } }).visible) return true;
  return false;
}

/** Can `from` see the point `p` (a general where he fell): from its centre or any stand, terrain and other units' stands blocking. */
export function canSeePoint(battle: Battle, from: Unit, p: TablePoint): boolean {
  const ix = sightIndex(battle);
  const stands = standIndexOf(battle.units);
  const ignore = (r: { unitId: string }) => r.unitId === from.id;
  if (lineOfSight(ix, centreOf(from), p, { stands: { index: stands, ignore } }).visible) return true;
  return from.stands.some((s) => lineOfSight(ix, s.centre, p, { stands: { index: stands, ignore } }).visible);
}

export const terrainUnder = (battle: Battle, u: Unit): TerrainFeature[] => terrainUnderCentres(battle.terrain, u.stands);

/** HOUSE (RULINGS.md): a unit is "behind" a wall or hedge that the line of fire crosses within this distance of its centre. */
export const BEHIND_OBSTACLE_MM = 50;

/** A wall or hedge's cover: hard for a wall (props.cover 'hard', or props.material 'stone' or 'brick'), soft for a hedge or fence. */
export const obstacleCover = (f: TerrainFeature): 'hard' | 'soft' => (f.props['cover'] === 'hard' || f.props['material'] === 'stone' || f.props['material'] === 'brick' ? 'hard' : 'soft');

/**
 * The wall or hedge `u` stands behind as seen from `from` (DoG Fire Modifiers "target unit is
 * behind soft/hard cover", "firing unit resting arms on wall/parapet"): an obstacle the line
 * between the two units' centres crosses within BEHIND_OBSTACLE_MM of `u`'s centre.
 */
export function obstacleBetween(battle: Battle, u: Unit, from: Unit): TerrainFeature | undefined {
  const a = centreOf(u), b = centreOf(from);
  const len = hypot(b.x - a.x, b.y - a.y);
  if (len <= 0) return undefined;
  let best: TerrainFeature | undefined;
  for (const f of battle.terrain) {
    if (f.kind !== 'obstacle') continue;
    const span = segmentPolygonSpan(a, b, f.polygon);
    if (!span || span.firstT * len > BEHIND_OBSTACLE_MM) continue;
    if (!best || obstacleCover(f) === 'hard') best = f;
  }
  return best;
}

/** DoG Fire Modifiers cover: hard (buildings, props.cover 'hard'), soft (woods, hedges, props.cover 'soft'), entrenched (props.cover 'entrenched'). */
export function coverOf(battle: Battle, u: Unit): 'entrenched' | 'hard' | 'soft' | undefined {
  const ts = terrainUnder(battle, u);
  if (ts.some((t) => t.props['cover'] === 'entrenched')) return 'entrenched';
  if (ts.some((t) => t.kind === 'village' || t.kind === 'building' || t.props['cover'] === 'hard')) return 'hard';
  if (ts.some((t) => t.kind === 'wood' || t.props['cover'] === 'soft')) return 'soft';
  return undefined;
}

/**
 * The battalion rules' reading of the table through the geometry layer: distances in inches,
 * line of sight (terrain by the geometry's sight index under this ruleset's sight rule; stands
 * blocking), defensive positions, the grape arc.
 */
import type { Battle } from '../../engine/state';
import type { Stand, TerrainFeature, Unit } from '../../engine/model';
import { unitDistance, standDistance, segmentToUnitDistance } from '../../geometry/measure';
import { lineOfSight } from '../../geometry/lineOfSight';
import type { SightFeature, SightIndex, SightRule } from '../../geometry/sightIndex';
import { sightIndexOf, standIndexOf } from '../../geometry/sightCache';
import { unitFrame, toLocal } from '../../geometry/frame';
import { inFrontArc } from '../../geometry/zones';
import { terrainUnderCentres } from '../../geometry/terrain';
import { meanCentre } from '../../geometry/standSets';
import { mm, type TablePoint } from '../../geometry/types';
import { isContactGap, standsInContact } from '../../geometry/units';
import { inMm, mmIn } from './state';

/** Distance between two units' nearest stands, inches. */
export const gapIn = (a: Unit, b: Unit): number => mmIn(unitDistance(a.stands, b.stands));
export const inContact = (a: Unit, b: Unit): boolean => isContactGap(unitDistance(a.stands, b.stands));
/** Two stands in contact: the core's contact tolerance. */
export const standsTouch: (a: Stand, b: Stand) => boolean = standsInContact;
export const centreOf = (u: Unit): TablePoint => meanCentre(u.stands);
export const frameOf = (u: Unit) => unitFrame(u.stands);

/**
 * What terrain does to sight (RULINGS.md: the text gives no rule, so the usual ones): woods,
 * villages and buildings are seen into 2" from the edge; hills block when higher than both ends;
 * a feature marked `blocksSight` is opaque.
 */
export function btSightRule(t: TerrainFeature): SightRule {
  if (t.props['blocksSight'] === false) return { kind: 'clear' };
  if (t.kind === 'wood' || t.kind === 'village' || t.kind === 'building') return { kind: 'depth', withinMm: inMm(2), edgeMm: inMm(2), throughMm: 0 };
  if (t.props['blocksSight'] === true && t.kind !== 'hill') return { kind: 'opaque' };
  return { kind: 'clear' };
}

export function btSightIndex(battle: Battle): SightIndex {
  return sightIndexOf(battle.terrain, 'battalion', (terrain) => terrain
    .filter((t) => t.polygon.length >= 3)
    .map((t): SightFeature => ({ id: t.id, polygon: t.polygon, kind: t.kind, rule: btSightRule(t), ...(t.kind === 'hill' ? { heightLevel: t.heightLevel ?? 1 } : {}), ...(t.crest ? { crest: t.crest } : {}) })));
}

export interface Sight {
  readonly visible: boolean;
  /** Seen only through the firer's own light infantry in loose order (BT Loose Formation: -1 to hit). */
  readonly throughSkirmish: boolean;
  readonly blockedBy?: string;
}

/**
 * BT Shooting 3 Check Line of Sight: from the firing stands to the target's stands; other units'
 * stands block (BT Loose Formation: skirmishers "block LOS to units behind them"), but friends
 * "can fire THROUGH their own Light Infantry" in loose order, at -1.
 */
export function sightOf(battle: Battle, firer: Unit, firing: readonly Stand[], target: Unit): Sight {
  const ix = btSightIndex(battle);
  const stands = standIndexOf(battle.units);
  const ownSkirmish = new Set(battle.units.filter((u) => u.side === firer.side && u.id !== firer.id && u.formation === 'loose' && u.troopType === 'light-infantry').map((u) => u.id));
  const pairs: [TablePoint, TablePoint][] = [];
  for (const s of firing) {
    let best: Stand | undefined, bd = Infinity;
    for (const t of target.stands) { const d = standDistance(s, t); if (d < bd) { bd = d; best = t; } }
    if (best) pairs.push([s.centre, best.centre]);
  }
  // Loose order blocks as a body, its gaps included ("When in Skirmish formation they block LOS to units behind them").
  const screens = battle.units.filter((u) => u.formation === 'loose' && u.id !== firer.id && u.id !== target.id).map((u) => {
    const fr = unitFrame(u.stands);
    return { id: u.id, name: u.name, own: ownSkirmish.has(u.id), body: [{ centre: fr.centre, facing: fr.facing, widthMm: mm(fr.halfWidthMm * 2), depthMm: mm(fr.halfDepthMm * 2) }] };
  });
  let through = false;
  let blockedBy: string | undefined;
  for (const [a, b] of pairs) {
    const crossed = screens.filter((sc) => segmentToUnitDistance(a, b, sc.body) <= 1e-6);
    if (crossed.some((sc) => !sc.own)) { blockedBy ??= `${crossed.find((sc) => !sc.own)!.name} in loose order`; continue; }
    const strict = lineOfSight(ix, a, b, { stands: { index: stands, ignore: (r) => r.unitId === firer.id || r.unitId === target.id } });
    if (strict.visible && crossed.length === 0) return { visible: true, throughSkirmish: false };
    const loose = lineOfSight(ix, a, b, { stands: { index: stands, ignore: (r) => r.unitId === firer.id || r.unitId === target.id || ownSkirmish.has(r.unitId) } });
    if (loose.visible) through = true;
    else blockedBy ??= loose.blockedBy?.reason;
  }
  if (through) return { visible: true, throughSkirmish: true };
  return { visible: false, throughSkirmish: false, ...(blockedBy ? { blockedBy } : {}) };
}

/** BT Grapeshot: "within 90 degree LOS of the Artillery" — any part of the target within 45° of straight ahead from the battery's front. */
export function inGrapeArc(gun: Unit, target: Unit, arcDeg: number, rangeMm: number): boolean {
  return inFrontArc(unitFrame(gun.stands), ((arcDeg / 2) * Math.PI) / 180, rangeMm, target.stands);
}

/** Terrain features under a unit's stands' centres. */
export const terrainUnder = (battle: Battle, u: Unit): TerrainFeature[] => terrainUnderCentres(battle.terrain, u.stands);

/** BT Motivation table "Defensive Position": in a village, a building or a wood, or behind a feature marked defensive (RULINGS.md). */
export const inDefensivePosition = (battle: Battle, u: Unit): boolean =>
  terrainUnder(battle, u).some((t) => t.kind === 'village' || t.kind === 'building' || t.kind === 'wood' || t.props['defensive'] === true);

/** A target in a building or village (BT Range FPW "against buildings"). */
export const inBuildings = (battle: Battle, u: Unit): boolean => terrainUnder(battle, u).some((t) => t.kind === 'village' || t.kind === 'building');

/** A stand as a player names it: its place from the left of the unit's front ("stand 2 from the left", "the officer's stand"). */
export function standPlace(u: Unit, standId: string): string {
  const fr = unitFrame(u.stands);
  const order = [...u.stands].sort((a, b) => toLocal(fr, a.centre).across - toLocal(fr, b.centre).across || toLocal(fr, b.centre).along - toLocal(fr, a.centre).along).map((x) => x.id);
  const i = order.indexOf(standId);
  if (i < 0) return 'a stand';
  return `stand ${i + 1} from the left${standId === u.commandStandId ? " (the officer's)" : ''}`;
}

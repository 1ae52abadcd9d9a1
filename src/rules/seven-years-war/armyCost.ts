/**
 * 9 Points system p.20, "cost your army from this chart": troops per stand (unitPoints), "Commander
 * in Chief: Free; Sub General: 25 pts each", "Abatis: 1pt per 4cms", "Barricades: 1pt per 4cms",
 * and bought terrain (9 Terrain Rules p.22, terrainPoints). Fortifications are charged to the side
 * named by the feature's props.side (a scenario's unowned abatis/barricades are part of the table and free).
 */
import type { TerrainFeature } from '../../engine/model';
import type { Battle } from '../../engine/state';
import { GENERAL_POINTS } from './tables/setup';
import { ABATIS, BARRICADE } from './tables/terrain';
import { isAbatis } from './geo';
import { hypot } from '../../geometry/math';

export interface ArmyCost { readonly troops: number; readonly generals: number; readonly fortifications: number; readonly terrain: number; readonly total: number }

export const isBarricade = (f: TerrainFeature): boolean => f.props.barricade === true;

/** Length of a linear fortification: its centre line, else the longer side of its outline's box (mm). */
export function fortificationLengthMm(f: TerrainFeature): number {
  if (f.line && f.line.length > 1) {
    let d = 0;
    for (let i = 1; i < f.line.length; i++) d += hypot(f.line[i]!.x - f.line[i - 1]!.x, f.line[i]!.y - f.line[i - 1]!.y);
    return d;
  }
  const xs = f.polygon.map((p) => p.x), ys = f.polygon.map((p) => p.y);
  return Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
}

/** Points for one fortification: 1 per 4cm or part of 4cm (HOUSE: a part counts whole). */
export function fortificationPoints(f: TerrainFeature): number {
  const per = isAbatis(f) ? ABATIS.costPer4Cm : isBarricade(f) ? BARRICADE.costPer4Cm : 0;
  return per === 0 ? 0 : per * Math.ceil(fortificationLengthMm(f) / 40 - 1e-9);
}

export function armyCost(battle: Battle, side: string, troops: number, cincIds: ReadonlySet<string>, terrainPoints: number): ArmyCost {
  const subs = battle.generals.filter((g) => g.side === side && !cincIds.has(g.id)).length;
  const generals = subs * GENERAL_POINTS.subGeneral + GENERAL_POINTS.cinc;
  const fortifications = battle.terrain.filter((f) => f.props.side === side).reduce((a, f) => a + fortificationPoints(f), 0);
  return { troops, generals, fortifications, terrain: terrainPoints, total: troops + generals + fortifications + terrainPoints };
}

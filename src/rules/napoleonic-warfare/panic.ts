/**
 * NW Morale §18 D: a unit tests "for each friendly unit Routing or Dispersed within half
 * Engagement Range of the testing unit, or within woodland visibility in woods 2" (3") or from
 * the woods edge 1" (2")". Read (RULINGS) stand by stand, nearest points (NW §1):
 *  - both stands in the same wood: seen within the woods visibility (2" medium, 3" large);
 *  - otherwise within ½ Engagement Range, and a stand in a wood sees out / is seen only when it
 *    is within the woods-edge distance (1" medium, 2" large) of that wood's edge.
 * A stand is in a wood when its centre is inside the wood's outline; a stand over the edge is at
 * the edge. Only woods restrict: the text names no other obstacle to seeing a rout.
 */
import type { Stand, TerrainFeature, Unit } from '../../engine/model';
import type { Battle } from '../../engine/ruleset';
import { standDistance, segmentToUnitDistance } from '../../geometry/measure';
import { pointInPolygon } from '../../geometry/vec';
import type { Draft } from './types';
import { featuresTouching, standPoly } from './geom';
import { erMm, inMm, scaleOf } from './core';

export const PANIC_RULE = 'NW Morale §18 D';

export interface PanicSight {
  readonly sees: boolean;
  /** How it was judged, for the log: 'in the same wood, 1.5" apart (woods visibility 2")'. */
  readonly why: string;
  /** The nearest distance between the two units' stands that decided it, inches. */
  readonly distanceIn: number;
}

/** The woods whose outline holds the stand's centre. */
function woodsHolding(battle: Battle, s: Stand): TerrainFeature[] {
  return featuresTouching(battle, standPoly(s)).filter((t) => t.kind === 'wood' && pointInPolygon(s.centre, t.polygon));
}

/** Nearest distance from a stand to a wood's edge (0 when the stand lies over it). */
function edgeDistanceMm(s: Stand, wood: TerrainFeature): number {
  let best = Infinity;
  const p = wood.polygon;
  for (let i = 0; i < p.length; i++) best = Math.min(best, segmentToUnitDistance(p[i]!, p[(i + 1) % p.length]!, [s]));
  return best;
}

const inch = (mmv: number): number => Math.round((mmv / 25.4) * 10) / 10;

/** Does `tester` see `router` run, by NW §18 D (stand by stand; the best pair decides)? */
export function seesRout(d: Pick<Draft, 'battle' | 'rs'>, tester: Unit, router: Unit): PanicSight {
  const half = erMm(d) / 2;
  const visMm = inMm(scaleOf(d).woodsVisibilityIn);
  const edgeMm = inMm(scaleOf(d).woodsEdgeIn);
  let best: PanicSight | undefined;
  let nearest = Infinity;
  const seeOut = (s: Stand, woods: TerrainFeature[]): TerrainFeature | undefined => woods.find((w) => edgeDistanceMm(s, w) > edgeMm + 1e-6);
  for (const ts of tester.stands) {
    const wt = woodsHolding(d.battle, ts);
    for (const rs of router.stands) {
      const dist = standDistance(ts, rs);
      nearest = Math.min(nearest, dist);
      if (dist > Math.max(half, visMm) + 1e-6) continue;
      const wr = woodsHolding(d.battle, rs);
      const shared = wt.find((w) => wr.some((x) => x.id === w.id));
      let sight: PanicSight;
      if (shared) {
        sight = dist <= visMm + 1e-6
          ? { sees: true, why: `both in ${shared.name}, ${inch(dist)}" apart (woods visibility ${scaleOf(d).woodsVisibilityIn}")`, distanceIn: inch(dist) }
          : { sees: false, why: `both in ${shared.name} but ${inch(dist)}" apart, beyond the woods visibility of ${scaleOf(d).woodsVisibilityIn}"`, distanceIn: inch(dist) };
      } else if (dist > half + 1e-6) {
        continue;
      } else {
        const deepT = seeOut(ts, wt), deepR = seeOut(rs, wr);
        if (deepT) sight = { sees: false, why: `${tester.name} is deeper than ${scaleOf(d).woodsEdgeIn}" inside ${deepT.name} and cannot see out`, distanceIn: inch(dist) };
        else if (deepR) sight = { sees: false, why: `${router.name} is deeper than ${scaleOf(d).woodsEdgeIn}" inside ${deepR.name} and cannot be seen`, distanceIn: inch(dist) };
        else {
          const via = wt.length > 0 || wr.length > 0 ? ` (within ${scaleOf(d).woodsEdgeIn}" of the woods edge)` : '';
          sight = { sees: true, why: `${inch(dist)}" away, within half Engagement Range (${inch(half)}")${via}`, distanceIn: inch(dist) };
        }
      }
      if (sight.sees) return sight;
      best ??= sight;
    }
  }
  return best ?? { sees: false, why: `${inch(nearest)}" away, beyond half Engagement Range (${inch(half)}")`, distanceIn: inch(nearest) };
}

/**
 * Subsequent rout moves (7 Rout and Pursuit p.15): "Routers move at normal speed, on the most rapid
 * route towards their own side of the table edge (either base or side edge), avoiding any enemy not
 * in Retreat by 5cms. Routers ... without a route free of enemies at least 10cms wide to their half
 * of the table surrender instead".
 */
import type { Unit } from '../../engine/model';
import { unitDistance, segmentToUnitDistance } from '../../geometry/measure';
import { pt } from '../../geometry/types';
import { ROUT_MOVES } from './tables/movement';
import type { GroupState } from './state';
import type { Work } from './work';
import { firstWithinGap } from '../../geometry/moveGap';
import { traceMove } from '../../geometry/moveCore';
import type { Leg } from '../../geometry/movement';
import { EPS_MM } from '../../geometry/vec';
import { CM, centroid, translateStands } from './geo';
import { cos, sin } from '../../geometry/math';

/** Headings tried either side of straight home (degrees). */
const FAN_DEG = [0, 15, -15, 30, -30, 45, -45, 60, -60, 90, -90];

export interface Route { readonly angle: number; readonly corridorFree: boolean }

/**
 * The heading that gains most ground towards the routers' own edge within `mm`, keeping 5cm from
 * every enemy not on Retreat (or no nearer than it already is; nearer by more than the core's
 * arithmetic, EPS_MM), judged exactly along each heading, and whether a 10cm-wide lane free of
 * such enemy leads along it to the routers' half of the table. Leaving the table over the base edge,
 * or a side edge within their own half, is the best route of all.
 */
export function chooseRoute(w: Work, g: GroupState, homeAngle: number, mm: number): Route {
  const units = w.groupUnits(g);
  const stands = units.flatMap((u) => u.stands);
  const enemies = w.enemiesOf(g.side).filter((e) => w.groupOf(e.id)?.order !== 'retreat');
  const start = new Map(enemies.map((e) => [e.id, unitDistance(e.stands, stands)]));
  const avoid = ROUT_MOVES.avoidEnemyCm * CM;
  const hx = cos(homeAngle), hy = sin(homeAngle);
  const c = centroid(stands);
  const midY = w.battle.table.depthMm / 2;
  const ownHalf = (y: number) => (hy > 0 ? y >= midY : y <= midY);
  const lane = (ang: number): boolean => {
    if (ownHalf(c.y)) return true;
    const dy = sin(ang);
    if (Math.abs(dy) < 1e-6 || Math.sign(dy) !== Math.sign(hy)) return false;
    const len = (midY - c.y) / dy;
    const end = pt(c.x + cos(ang) * len, c.y + dy * len);
    return enemies.every((e) => segmentToUnitDistance(c, end, e.stands) >= (ROUT_MOVES.escapeGapCm * CM) / 2);
  };
  let best: { angle: number; score: number; lane: boolean } | null = null;
  for (const deg of FAN_DEG) {
    const ang = homeAngle + (deg * Math.PI) / 180;
    const dx = cos(ang), dy = sin(ang);
    const legs: Leg[] = [{ kind: 'translate', dx: dx * mm, dy: dy * mm, distanceMm: mm }];
    // Where the routers first come nearer an enemy than they may (exact, the geometry's approach query) …
    let blockedAt = mm;
    for (const e of enemies) {
      const hit = firstWithinGap(stands, legs, [e], Math.min(avoid, start.get(e.id)!) - EPS_MM);
      if (hit && hit.atMm < blockedAt) blockedAt = hit.atMm;
    }
    // … and where they reach the table edge (the core's trace).
    const edgeAt = traceMove(stands, legs, { table: w.battle.table }).leavesTableAtMm;
    let score = blockedAt * (dx * hx + dy * hy);
    if (edgeAt !== undefined && edgeAt <= blockedAt) {
      const exit = centroid(translateStands(stands, dx * edgeAt, dy * edgeAt));
      // Off the base edge, or a side edge in their own half: the table edge is reached.
      score = ownHalf(exit.y) ? 1e6 - Math.abs(deg) : edgeAt * (dx * hx + dy * hy);
    }
    const l = lane(ang);
    const better = !best || (l && !best.lane) || (l === best.lane && score > best.score + 1e-6);
    if (better) best = { angle: ang, score, lane: l };
  }
  return { angle: best!.angle, corridorFree: best!.lane };
}

/** The routers surrender (7 p.15): no lane 10cm wide to their half of the table. */
export function surrenderGroup(w: Work, units: readonly Unit[]): void {
  for (const u of units) {
    w.setUnit(u.id, { surrendered: true });
    w.ctx.emit({ type: 'UnitSurrendered', unit: u.id, why: 'no route 10cm wide free of enemy to their half of the table', rule: 'SYW 7 Rout and Pursuit (p.15)' });
  }
}

/** The order rules that depend on where a move goes (SYW (3) Order interpretation p.8) and the lights who fall back before it (§4 p.10). */
import { reject } from '../../engine/ruleset';
import type { Rejection } from '../../engine/ruleset';
import type { Stand, Unit } from '../../engine/model';
import { unitFrame } from '../../geometry/frame';
import { unitDistance, segmentToUnitDistance } from '../../geometry/measure';
import { inFrontArc } from '../../geometry/zones';
import { unitsNear } from '../../geometry/sightCache';
import { unitBox } from '../../geometry/queries';
import { ORDER_NUMBERS } from './tables/orders';
import { LIGHTS_FALL_BACK_CM } from './tables/terrain';
import { EVADE_MOVE } from './tables/melee';
import type { GroupState } from './state';
import { isCavalry, isLightUnit, isMassed } from './state';
import { isContactGap } from '../../geometry/units';
import type { Work } from './work';
import { CM, centroid, terrainLevel, inContact, unitCircle } from './geo';
import { changeOrder } from './orderChanges';
import { destroyUnit } from './losses';
import { pushUnit, goOffTable } from './forcedMoves';
import { atan2 } from '../../geometry/math';

const O = 'SYW (3) Order interpretation (p.8)';

/**
 * Nearest distance from any of `stands` to units in `others`.
 * PERF: units are visited nearest bounding circle first and skipped once their circle is beyond the
 * best exact distance found, so most enemies cost one hypot instead of stand-by-stand distances.
 */
export function nearest(stands: readonly Stand[], others: readonly Unit[]): number {
  if (others.length === 0) return Infinity;
  const a = unitCircle(stands);
  // Nearest circle first (no sort, no temporary arrays: this runs on every preview).
  let best = Infinity;
  let first = -1, firstLb = Infinity;
  for (let i = 0; i < others.length; i++) {
    const c = unitCircle(others[i]!.stands);
    const lb = Math.hypot(c.x - a.x, c.y - a.y) - c.r - a.r;
    if (lb < firstLb) { firstLb = lb; first = i; }
  }
  best = unitDistance(stands, others[first]!.stands);
  for (let i = 0; i < others.length; i++) {
    if (i === first) continue;
    const c = unitCircle(others[i]!.stands);
    if (Math.hypot(c.x - a.x, c.y - a.y) - c.r - a.r > best) continue;
    const d = unitDistance(stands, others[i]!.stands);
    if (d < best) best = d;
  }
  return best;
}

/**
 * Distance from one stand (as it stands now) to the nearest of `others`.
 * PERF: cached per stand object, valid while every one of `others` still has the same (immutable)
 * stands array: a drag previews many moves from the same start.
 */
const standNearestCache = new WeakMap<Stand, { against: readonly (readonly Stand[])[]; d: number }>();
function nearestFromStart(stand: Stand, others: readonly Unit[]): number {
  const hit = standNearestCache.get(stand);
  if (hit && hit.against.length === others.length && hit.against.every((st, i) => st === others[i]!.stands)) return hit.d;
  const d = nearest([stand], others);
  standNearestCache.set(stand, { against: others.map((o) => o.stands), d });
  return d;
}

/**
 * The order rules that depend on the direction of a move (p.8), for any re-placing of a group's
 * units (`moveGroup`, `dressGroup`): Advance "may not end further from nearest massed enemy" (per
 * stand, against the nearest massed enemy at the start of the move); Reserve "may not voluntarily move
 * closer to enemy within 20cms ... unless these are in melee, or there are intervening friends".
 * `end` gives each unit's stands after the move, in the same order as now.
 */
export function orderDirectionProblem(w: Work, g: GroupState, units: readonly Unit[], end: ReadonlyMap<string, readonly Stand[]>): Rejection | undefined {
  if (g.order === 'advance') {
    const massedEnemies = w.enemiesOf(g.side).filter(isMassed);
    if (massedEnemies.length === 0) return undefined;
    for (const u of units) {
      const st = end.get(u.id)!;
      for (let i = 0; i < u.stands.length; i++) {
        const before = nearestFromStart(u.stands[i]!, massedEnemies), after = nearest([st[i]!], massedEnemies);
        if (after > before + 0.5) return reject('advance-away', 'On Advance no stand may end further from the nearest massed enemy than at the start.', O);
      }
    }
  }
  if (g.order === 'reserve') {
    const ids = new Set(g.units);
    const before = units.flatMap((u) => u.stands);
    const allEnd = units.flatMap((u) => end.get(u.id)!);
    const limitMm = ORDER_NUMBERS.reserveNoApproachCm * CM;
    const friends = w.friendsOf(g.side);
    // PERF: only an enemy the move ends within 20cm of can refuse it: the units whose boxes come within 20cm of the end
    // position's box, in table order (the melee and intervening-friends tests, the costly part among thousands of stands,
    // run only for those).
    const eb = unitBox(allEnd);
    const reach = { minX: eb.minX - limitMm, minY: eb.minY - limitMm, maxX: eb.maxX + limitMm, maxY: eb.maxY + limitMm };
    const isEnemy = (e: Unit) => e.side !== g.side && !w.isOff(e.id);
    for (const e of unitsNear(w.battle.units, reach)) {
      if (!isEnemy(e)) continue;
      const b = nearest(allEnd, [e]);
      if (!(b < limitMm)) continue;
      const a = nearest(before, [e]);
      if (!(b < a - 0.5)) continue;
      const eg = w.groupOf(e.id);
      const inMelee = friends.some((f) => inContact(f, e)) || eg?.order === 'rout';
      if (inMelee) continue;
      // "... unless these are in melee, or there are intervening friends" (p.8): a friendly unit across the line from the group's end position to the enemy.
      if (!friends.some((f) => !ids.has(f.id) && segmentToUnitDistance(centroid(allEnd), centroid(e.stands), f.stands) < 0.5)) return reject('reserve-approach', `On Reserve a group may not move closer to ${e.name} inside 20cm.`, O);
    }
  }
  return undefined;
}

/** Lights fall back 10cm before massed advancing enemy in type 0 terrain, ending on Reserve (p.10). */
export function lightsFallBack(w: Work, advancingGroup: string): void {
  const g = w.group(advancingGroup);
  if (!g) return;
  const mine = w.groupUnits(g);
  const stands = mine.flatMap((u) => u.stands);
  const fr = unitFrame(stands, stands[0]!.facing);
  for (const e of w.enemiesOf(g.side)) {
    if (!isLightUnit(e) || e.troopType === 'light-cavalry-a') continue;
    if (terrainLevel(w.battle, e.stands) > 0) continue;
    if (!inFrontArc(fr, Math.PI / 4, LIGHTS_FALL_BACK_CM * CM, e.stands)) continue;
    const eg = w.groupOf(e.id);
    if (!eg || eg.order === 'rout') continue;
    const gap = nearest(e.stands, mine);
    const need = LIGHTS_FALL_BACK_CM * CM - gap;
    if (need <= 0) continue;
    const ang = atan2(centroid(e.stands).y - fr.centre.y, centroid(e.stands).x - fr.centre.x);
    const speed = (w.tables.unitTable[e.troopType]?.moveCm ?? 0) * CM;
    const r = pushUnit(w, e.id, ang, Math.min(need, speed), 'fallback', 'SYW §4 lights fall back (p.10)');
    if (r.offTable) { goOffTable(w, eg.id, false, 'SYW §4 (p.10)'); continue; }
    // p.10 "If the enemy would catch them they must make an additional Evade move, being destroyed if they are contacted":
    // still inside 10cm after the fall back (their move or the ground stopped them): an evade move (D6 LI, D12 LC) straight on.
    if (nearest(w.unit(e.id)!.stands, mine) < LIGHTS_FALL_BACK_CM * CM - 0.5) {
      const extra = w.rollSpec(isCavalry(e) ? EVADE_MOVE.lightCavalry : EVADE_MOVE.lightInfantry, `${e.name} is caught falling back and evades`, 'SYW §4 lights fall back (p.10)', [e.id]);
      const r2 = pushUnit(w, e.id, ang, extra * CM, 'fallback', 'SYW §4 lights fall back (p.10)');
      if (r2.offTable) { goOffTable(w, eg.id, false, 'SYW §4 (p.10)'); continue; }
      if (isContactGap(nearest(w.unit(e.id)!.stands, mine))) { destroyUnit(w, e.id, 'caught and contacted while falling back', 'SYW §4 lights fall back (p.10)'); continue; }
    }
    w.setUnit(e.id, { mayNotShoot: true });
    changeOrder(w, eg.id, 'reserve', 'lights fell back before massed enemy', 'SYW §4 lights fall back (p.10)');
  }
}

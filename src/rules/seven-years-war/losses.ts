/**
 * Losses (SYW (3) Changing Orders p.7, §4 p.10, 8 p.18): stands killed and the gaps they leave
 * filled, groups closing up to their 1cm spacing, units destroyed, and the routs seen this phase.
 */
import type { Stand, Unit } from '../../engine/model';
import { pt } from '../../geometry/types';
import type { TablePoint } from '../../geometry/types';
import { isCavalry, isLightUnit } from './state';
import { CM, centroid, translateStands, standsInContact, inContact } from './geo';
import { standsOverlap } from '../../geometry/units';
import { standCorners } from '../../geometry/footprint';
import type { Work } from './work';
import { blockedBy } from './forcedMoves';
import { ORDER_NUMBERS } from './tables/orders';
import { dropUnit } from '../../engine/workingState';
import { cos, hypot, sin } from '../../geometry/math';
import { withId } from '../../engine/ids';

const ORDER_GROUP_GAP_CM = ORDER_NUMBERS.groupGapCm;

/**
 * Remove `n` stands (p.7 Changing Orders, §4 p.10). With `from` (the shooters or the enemy in
 * contact) each loss is the front-rank stand nearest to them, and the gap is filled: from a rear
 * rank, else by the same-rank stands on one side sliding inwards (lights and cavalry may also
 * move an end stand into it); stands in contact with an enemy never fill a gap except from a
 * rear rank. Without `from`, rear ranks go first, then the ends of the front rank (no gap).
 * Then the group closes up to its 1cm spacing (p.6).
 */
/**
 * The share of its starting points a side has lost (9 Points system p.20, per stand killed or
 * routed away): what the house victory reads at the break point and at the turn limit
 * (RULINGS.md, Victory). `rs` may be a side's view: the points lost and started with are public.
 */
export function pointsLostShare(rs: { readonly pointsLost: Readonly<Record<string, number>>; readonly startPoints: Readonly<Record<string, number>> }, side: string): number {
  const start = rs.startPoints[side] ?? 0;
  return start > 0 ? (rs.pointsLost[side] ?? 0) / start : 0;
}

export function killStands(w: Work, unitId: string, n: number, cause: string, rule: string, from?: TablePoint): number {
  const u = w.unit(unitId);
  if (!u || n <= 0) return 0;
  const lost = Math.min(n, u.stands.length);
  let stands: Stand[] = [...u.stands];
  for (let k = 0; k < lost; k++) {
    const f = stands[0]!.facing;
    const fx = cos(f), fy = sin(f);
    const c = centroid(stands);
    const along = (s: Stand) => (s.centre.x - c.x) * fx + (s.centre.y - c.y) * fy;
    const across = (s: Stand) => -(s.centre.x - c.x) * fy + (s.centre.y - c.y) * fx;
    const frontAlong = Math.max(...stands.map(along));
    let victim: Stand;
    if (from) {
      const front = stands.filter((s) => along(s) >= frontAlong - 1);
      victim = front.reduce((a, b) => (hypot(b.centre.x - from.x, b.centre.y - from.y) < hypot(a.centre.x - from.x, a.centre.y - from.y) ? b : a));
    } else victim = [...stands].sort((a, b) => along(a) - along(b) || Math.abs(across(b)) - Math.abs(across(a)))[0]!;
    stands = stands.filter((s) => s.id !== victim.id);
    if (from && stands.length > 0) stands = fillGap(w, u, stands, victim);
  }
  const side = u.side;
  w.rs = { ...w.rs, standsLost: withId(w.rs.standsLost, side, (w.rs.standsLost[side] ?? 0) + lost), pointsLost: withId(w.rs.pointsLost, side, (w.rs.pointsLost[side] ?? 0) + lost * (w.tables.pointsPerStand[u.troopType] ?? 0)) };
  const g = w.groupOf(unitId);
  if (g) w.setGroup(g.id, { casualtiesThisPhase: g.casualtiesThisPhase + lost });
  w.ctx.emit({ type: 'StandsKilled', unit: unitId, count: lost, cause, rule });
  if (stands.length === 0) destroyUnit(w, unitId, cause, rule);
  else {
    // The engine's stand losses: the stands as the gaps were filled; the command passes to the first stand if its stand fell.
    const kept = new Set(stands.map((s) => s.id));
    w.loseStands(unitId, u.stands.filter((s) => !kept.has(s.id)).map((s) => s.id), stands);
  }
  if (g) closeGroupGaps(w, g.id);
  return lost;
}

/** Fill the gap left by `gone` in the unit's front rank (p.7). Returns the new stands. */
export function fillGap(w: Work, u: Unit, stands: Stand[], gone: Stand): Stand[] {
  const f = gone.facing, fx = cos(f), fy = sin(f);
  const along = (s: Stand) => (s.centre.x - gone.centre.x) * fx + (s.centre.y - gone.centre.y) * fy;
  const across = (s: Stand) => -(s.centre.x - gone.centre.x) * fy + (s.centre.y - gone.centre.y) * fx;
  const enemies = w.enemiesOf(u.side);
  const engaged = (s: Stand) => enemies.some((e) => e.stands.some((x) => standsInContact(s, x)));
  const others = (st: Stand[]) => w.battle.units.filter((o) => o.id !== u.id && !w.isOff(o.id)).every((o) => !st.some((a) => o.stands.some((b) => standsOverlap(a, b))));
  const put = (s: Stand, dAlong: number, dAcross: number): Stand => ({ ...s, centre: pt(s.centre.x + fx * dAlong - fy * dAcross, s.centre.y + fy * dAlong + fx * dAcross) });
  const R = 'SYW (3) Changing Orders (p.7): gaps filled';
  // From a rear rank: the rear stand nearest the gap steps up (allowed even in contact).
  const rear = stands.filter((s) => along(s) < -1);
  if (rear.length > 0) {
    const r = rear.reduce((a, b) => (Math.abs(across(b)) < Math.abs(across(a)) ? b : a));
    const next = stands.map((s) => (s.id === r.id ? { ...s, centre: gone.centre, facing: gone.facing } : s));
    if (others(next)) { w.ctx.emit({ type: 'GapFilled', unit: u.id, how: 'from the rear rank', rule: R }); return next; }
  }
  const rank = stands.filter((s) => Math.abs(along(s)) <= 1);
  const left = rank.filter((s) => across(s) < 0), right = rank.filter((s) => across(s) > 0);
  if (left.length === 0 || right.length === 0) return stands;
  const w0 = gone.widthMm;
  // Slide one side inwards: the side with fewer stands first; none of them may be in contact.
  const sides = [{ list: left, dir: 1 }, { list: right, dir: -1 }].sort((a, b) => a.list.length - b.list.length);
  for (const sd of sides) {
    if (sd.list.some(engaged)) continue;
    const ids = new Set(sd.list.map((s) => s.id));
    const next = stands.map((s) => (ids.has(s.id) ? put(s, 0, sd.dir * w0) : s));
    if (others(next)) { w.ctx.emit({ type: 'GapFilled', unit: u.id, how: 'same-rank stands closed inwards', rule: R }); return next; }
  }
  // Lights and cavalry may fill from the same rank: an end stand not in contact moves into the gap.
  if (isCavalry(u) || isLightUnit(u)) {
    const ends = [left.reduce((a, b) => (across(b) < across(a) ? b : a)), right.reduce((a, b) => (across(b) > across(a) ? b : a))].filter((s) => !engaged(s));
    for (const e of ends) {
      const next = stands.map((s) => (s.id === e.id ? { ...s, centre: gone.centre, facing: gone.facing } : s));
      if (others(next)) { w.ctx.emit({ type: 'GapFilled', unit: u.id, how: 'an end stand of the same rank moved in', rule: R }); return next; }
    }
  }
  return stands;
}

/**
 * Units of a group close sideways the least distance to keep within 1cm of each other when
 * casualties open a gap (p.6): the largest unit stays; the others, outwards from it, slide
 * along the group's front towards it. Units in contact with enemy do not move.
 */
export function closeGroupGaps(w: Work, groupId: string): void {
  const g = w.group(groupId);
  if (!g) return;
  const units = w.groupUnits(g);
  if (units.length < 2) return;
  const f = units[0]!.stands[0]!.facing, rx = -sin(f), ry = cos(f);
  const span = (u: Unit) => {
    const xs = u.stands.flatMap((s) => standCorners(s).map((p) => p.x * rx + p.y * ry));
    return { lo: Math.min(...xs), hi: Math.max(...xs) };
  };
  const sorted = [...units].sort((a, b) => span(a).lo - span(b).lo);
  const anchorIx = sorted.reduce((best, u, i) => (u.stands.length > sorted[best]!.stands.length ? i : best), 0);
  const gapMm = ORDER_GROUP_GAP_CM * CM;
  const shift = (i: number, toward: number) => {
    const u = w.unit(sorted[i]!.id)!, n = w.unit(sorted[toward]!.id)!;
    const a = span(u), b = span(n);
    const gap = i > toward ? a.lo - b.hi : b.lo - a.hi;
    if (gap <= gapMm + 0.5) return;
    if (w.enemiesOf(u.side).some((e) => inContact(e, u))) return;
    const d = (gap - gapMm) * (i > toward ? -1 : 1);
    const st = translateStands(u.stands, rx * d, ry * d);
    if (blockedBy(w, u.id, st).length > 0) return;
    w.replaceStands(u.id, st);
    w.ctx.emit({ type: 'GroupClosedUp', group: groupId, unit: u.id, movedMm: Math.abs(d), rule: 'SYW (3) Orders (p.6): units close to the 1cm group gap' });
  };
  for (let i = anchorIx + 1; i < sorted.length; i++) shift(i, i - 1);
  for (let i = anchorIx - 1; i >= 0; i--) shift(i, i + 1);
}

export function destroyUnit(w: Work, unitId: string, cause: string, rule: string): void {
  const u = w.unit(unitId);
  if (!u) return;
  const lost = u.stands.length;
  const side = u.side;
  if (lost > 0 && cause !== 'stands killed') {
    w.rs = { ...w.rs, standsLost: withId(w.rs.standsLost, side, (w.rs.standsLost[side] ?? 0) + lost), pointsLost: withId(w.rs.pointsLost, side, (w.rs.pointsLost[side] ?? 0) + lost * (w.tables.pointsPerStand[u.troopType] ?? 0)) };
  }
  noteRout(w, side, centroid(u.stands));
  dropUnit(w, unitId);
  const g = w.groupOf(unitId);
  if (g) {
    const units = g.units.filter((x) => x !== unitId);
    if (units.length === 0) {
      const groups = { ...w.rs.groups };
      delete groups[g.id];
      w.rs = { ...w.rs, groups };
    } else w.setGroup(g.id, { units });
  }
  w.rs = { ...w.rs, charges: w.rs.charges.filter((c) => c.target !== unitId).map((c) => ({ ...c, chargers: c.chargers.filter((x) => x !== unitId) })).filter((c) => c.chargers.length > 0) };
  w.ctx.emit({ type: 'UnitDestroyed', unit: unitId, cause, rule });
}

export function noteRout(w: Work, side: string, at: TablePoint): void {
  w.rs = { ...w.rs, routedThisPhase: [...w.rs.routedThisPhase, { side, x: at.x, y: at.y }] };
}

/**
 * Faces, flanks and rear, measured through the geometry layer: which face of a unit a charge or a
 * contact strikes (geometry/zones `quarterOf`, `contactFace`; geometry/reach's face), a unit
 * wheeling to face a threat (DoG Charge Procedure: "Units charged in flank or rear may wheel to
 * face the threat (wheeling takes 1/4 turn)"), and the situation the DoG MORALE MODIFIERS read:
 * "for each flank threatened", "attacked from rear", "secure flanks", "supported (friendly formed
 * units to the rear)". Readings in RULINGS.md.
 */
import type { Unit } from '../../../engine/model';
import type { Battle } from '../../../engine/state';
import type { Face } from '../../../geometry/frame';
import { unitFrame } from '../../../geometry/frame';
import { quarterOf, contactFace, inZone } from '../../../geometry/zones';
import { unitsInContact, faceCentreOf, faceDirectionOf } from '../../../geometry/units';
import { pointInPolygon, segmentsIntersectXY } from '../../../geometry/vec';
import { cos, sin } from '../../../geometry/math';
import type { DogState, Melee, W } from '../state';
import { us, setUs, centreOf, isFormed } from '../state';
import { setStands } from '../../../engine/workingState';
import { planLegs, withPoses, type PlanLeg } from '../../../geometry/movement';
import { traceUnit } from '../../../geometry/unitTrace';
import type { DogTables } from '../tables';
import { gapMm } from '../geo';
import { allowanceMm } from '../movement/moves';
import type { DogOptions } from '../options';
import { reachTarget } from '../../../geometry/reach';
import { edgeClearanceMm } from '../../../geometry/tableEdge';

/** What a melee records of the face each of its units was struck on: a face, or both flanks ("flows round the column's flanks"). */
export type Struck = Face | 'flanks';

/** Units with no flanks or rear: squares face every way; skirmishers in open order have no line to turn (RULINGS.md). */
export const hasFlanks = (u: Unit): boolean => u.formation !== 'square' && u.formation !== 'skirmish';

/** The face of `target` that `attacker` comes at: the quarter of the target's base (the X through its corners) holding the attacker's centre. */
export function faceToward(target: Unit, attacker: Unit): Face {
  if (!hasFlanks(target)) return 'front';
  return quarterOf(unitFrame(target.stands), centreOf(attacker));
}

/** The face of `target` that `attacker`, in contact, touches (the face nearest its stands: geometry `contactFace`). */
export function faceTouched(target: Unit, attacker: Unit): Face {
  if (!hasFlanks(target)) return 'front';
  const fr = unitFrame(target.stands);
  let best: { face: Face; distanceMm: number } | undefined;
  for (const s of attacker.stands) { const c = contactFace(fr, s); if (!best || c.distanceMm < best.distanceMm) best = c; }
  return best?.face ?? 'front';
}

/** The face of `u` struck in melee `m` (front unless the melee records otherwise). */
export const struckIn = (m: Melee, id: string): Struck => m.struck?.[id] ?? 'front';

/** The stands of `u` in contact with `enemy` (those that fight when struck in flank or rear). */
export const standsTouching = (u: Unit, enemy: Unit) => u.stands.filter((s) => unitsInContact([s], enemy.stands));

type Ctx = { battle: Battle; rs: DogState; tables: DogTables; options: DogOptions };

/** An enemy that could charge: formed foot or horse not in skirmish order, not fleeing (a threat to a flank). */
function canThreaten(c: Ctx, e: Unit): boolean {
  if (e.arm === 'artillery' || e.formation === 'skirmish') return false;
  const st = c.rs.units[e.id];
  return !!st && st.morale !== 'routing' && st.morale !== 'retreating' && st.fatigue < 3;
}

/** Its charge reach: a move plus the charge bonus (DoG Charge Movement Bonus). */
const reachOf = (c: Ctx, e: Unit) => allowanceMm(c.tables, e, us(c.rs, e.id)) + (e.arm === 'cavalry' ? c.tables.chargeBonus.cavalry : c.tables.chargeBonus.infantry);

export interface Exposure {
  /** Flanks threatened, each with what threatens it. */
  readonly flanks: readonly { readonly face: 'left' | 'right'; readonly by: string }[];
  /** Attacked from the rear: by whom. */
  readonly rear?: string;
}

/**
 * DoG MORALE MODIFIERS "for each flank threatened" and "attacked from rear": a flank is threatened
 * by a melee or a declared charge striking it, or by an enemy able to charge whose centre is in
 * that flank's quarter and that could charge that face this move (its wheel, then straight, within
 * its charge reach: geometry/reach `reachTarget`); the rear is
 * attacked by a melee or declared charge striking the rear (RULINGS.md).
 */
export function exposureOf(c: Ctx, u: Unit): Exposure {
  if (!hasFlanks(u)) return { flanks: [] };
  const flanks = new Map<'left' | 'right', string>();
  let rear: string | undefined;
  const mark = (f: Struck, by: string) => {
    if (f === 'rear') rear ??= by;
    if (f === 'left' || f === 'flanks') { if (!flanks.has('left')) flanks.set('left', by); }
    if (f === 'right' || f === 'flanks') { if (!flanks.has('right')) flanks.set('right', by); }
  };
  for (const m of c.rs.melees) {
    if (m.a === u.id) mark(struckIn(m, u.id), m.b);
    if (m.b === u.id) mark(struckIn(m, u.id), m.a);
  }
  for (const ch of c.rs.charges) if (ch.target === u.id && ch.face && ch.face !== 'front') mark(ch.face, ch.unit);
  const fr = unitFrame(u.stands);
  for (const e of c.battle.units) {
    if (e.side === u.side || !canThreaten(c, e)) continue;
    const q = quarterOf(fr, centreOf(e));
    if (q !== 'left' && q !== 'right') continue;
    if (flanks.has(q)) continue;
    const reach = reachOf(c, e);
    if (gapMm(u, e) > reach) continue;
    // Could it charge that flank this move: its wheel, then straight, within its reach (geometry/reach).
    if (reachTarget(e.stands, u.stands, { maxWheelRad: (c.options.chargeWheelDeg * Math.PI) / 180, maxDistanceMm: reach, face: q }).reachable) flanks.set(q, e.id);
  }
  return { flanks: [...flanks].map(([face, by]) => ({ face, by })), ...(rear ? { rear } : {}) };
}

/** HOUSE (RULINGS.md): a flank rests on a friend within this gap, and a friend this far behind supports. */
export const SECURE_FLANK_MM = 50;
export const SUPPORT_REAR_MM = 150;

const formedFriend = (c: Ctx, u: Unit, f: Unit) => f.side === u.side && f.id !== u.id && f.arm !== 'artillery' && f.formation !== 'skirmish' && isFormed(c.rs, f);

/**
 * DoG MORALE MODIFIERS "+10% secure flanks": both flanks rest on something — a friendly formed unit
 * beside it (any part in the flank's 45° zone within 50 m), or impassable ground, buildings or the
 * table's edge within 50 m straight out from the flank's centre — and neither flank is threatened
 * (RULINGS.md).
 */
export function secureFlanks(c: Ctx, u: Unit, exposure: Exposure = exposureOf(c, u)): boolean {
  if (!hasFlanks(u) || exposure.flanks.length > 0) return false;
  return restsOn(c, u, 'left') !== undefined && restsOn(c, u, 'right') !== undefined;
}

/** What the flank rests on: a friend's name, a terrain feature's name, or 'the table edge'. */
export function restsOn(c: Ctx, u: Unit, face: 'left' | 'right'): string | undefined {
  const fr = unitFrame(u.stands);
  const zone = { face, spreadRad: Math.PI / 4, rangeMm: SECURE_FLANK_MM };
  const friend = c.battle.units.find((f) => formedFriend(c, u, f) && inZone(fr, zone, f.stands));
  if (friend) return friend.name;
  // The ray straight out from the flank's centre, SECURE_FLANK_MM long.
  const a = faceCentreOf(fr, face);
  const dir = faceDirectionOf(fr, face);
  const b = { x: a.x + cos(dir) * SECURE_FLANK_MM, y: a.y + sin(dir) * SECURE_FLANK_MM };
  if (edgeClearanceMm(c.battle.table, b) <= 0) return 'the table edge';
  for (const t of c.battle.terrain) {
    if (t.polygon.length < 3 || !(t.kind === 'river' || t.kind === 'lake' || t.kind === 'village' || t.kind === 'building' || t.props['impassable'] === true)) continue;
    if (pointInPolygon(a, t.polygon)) return t.name;
    for (let i = 0; i < t.polygon.length; i++) {
      const p = t.polygon[i]!, q = t.polygon[(i + 1) % t.polygon.length]!;
      if (segmentsIntersectXY(a.x, a.y, b.x, b.y, p.x, p.y, q.x, q.y)) return t.name;
    }
  }
  return undefined;
}

/** DoG MORALE MODIFIERS "+10% supported (friendly formed units to the rear)": a friendly formed unit straight behind it, within 150 m of its rear (RULINGS.md). */
export function supportedBy(c: Ctx, u: Unit): Unit | undefined {
  const fr = unitFrame(u.stands);
  const zone = { face: 'rear' as const, spreadRad: 0, rangeMm: SUPPORT_REAR_MM };
  return c.battle.units.find((f) => formedFriend(c, u, f) && inZone(fr, zone, f.stands));
}

/** DoG Charge Procedure: "(wheeling takes 1/4 turn)" — the charge must need at least this share of the charger's reach for the wheel to be made in time (RULINGS.md). */
export const FACE_TIME_SHARE = 0.25;

/**
 * Wheel `u` to face a threat on `face` (DoG Charge Procedure): a flank by a quarter wheel on the
 * front corner on that side (geometry/movement `wheel`), the rear by an about turn on the centre;
 * traced through the movement core, refused if it would strike another unit or leave the table.
 * Returns why not, or undefined when done.
 */
export function wheelToFace(w: W, u: Unit, face: Face): string | undefined {
  if (face === 'front') return undefined;
  const legs: PlanLeg[] = face === 'rear' ? [{ kind: 'turn', deg: 180 }] : [{ kind: 'wheel', deg: face === 'right' ? 90 : -90 }];
  const plan = planLegs(u.stands, legs);
  if (!plan.ok) return plan.reason;
  const trace = traceUnit(w.battle, u, plan.legs);
  const met = trace.meetings.find((m) => !m.atStart);
  if (met) return `it would strike ${w.battle.units.find((x) => x.id === met.unitId)?.name ?? 'another unit'}`;
  if (trace.leavesTableAtMm !== undefined) return 'it would leave the table';
  setStands(w, u.id, withPoses(u.stands, plan.stands));
  setUs(w, u.id, { moved: true });
  return undefined;
}

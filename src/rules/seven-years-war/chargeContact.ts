/**
 * Where a charge move ends (SYW 6 Melee e), g) pp.12-13). e) "the charging units move into
 * stand-to-stand contact with the target units, and may pivot/move sideward the minimum distance
 * necessary to align their stands edge to edge and at least 1 corner to corner in contact." g) "If
 * contacting a unit which lies at an oblique angle to the axis of the charge ... If sufficient move
 * distance, pivot charging unit to align with elements of charged unit. If insufficient move distance
 * to make contact fully, Chargers may halt (at Stand) 3cms short of the target unit, or may make
 * partial contact with the target by pivoting stands as they make contact".
 *
 * Reading (RULINGS.md): the charging group moves as one body straight ahead (or, if straight ahead
 * does not meet the target within its reach, straight along the shortest line to it) until the first
 * stand touches. What is left of its move after that pays for the pivot about the point of contact
 * that lays its front flush on the face touched; the pivot costs the arc its farthest front corner
 * sweeps. With too little left it pivots only as far as the remainder pays for (with nothing left it
 * stays in corner contact): the stands then touching are in contact, the others stay where the move
 * left them. A group that cannot touch within its reach does not contact at all.
 */
import type { Stand, Unit } from '../../engine/model';
import { unitDistance, unitNearestPoints } from '../../geometry/measure';
import { unitFrame, faceEdge, FACES } from '../../geometry/frame';
import { pointSegmentDistance } from '../../geometry/vec';
import { standCorners } from '../../geometry/footprint';
import { pt } from '../../geometry/types';
import { normalise } from './work';
import { translateStands, rotateStands } from './geo';
import type { Leg } from '../../geometry/movement';
import { blockAll, firstContact, moveUntilContact, traceMove, type Body } from '../../geometry/moveCore';
import { distanceToGap } from '../../geometry/moveGap';
import { atan2, cos, hypot, sin } from '../../geometry/math';

export type ChargeContactPlan =
  | { readonly kind: 'short'; readonly gapMm: number }
  | { readonly kind: 'blocked'; readonly by: string }
  | {
      readonly kind: 'contact'; readonly stands: Map<string, Stand[]>; readonly usedMm: number; readonly aligned: boolean; readonly pivotDeg: number;
      /** g) the other option when the move cannot align fully: the group on the same line, halted 3cm short. */
      readonly haltShort: { readonly stands: Map<string, Stand[]>; readonly usedMm: number };
    };

/** 6 g) p.13: "Chargers may halt (at Stand) 3cms short of the target unit". */
export const HALT_SHORT_MM = 30;

/** Pivots smaller than this count as already aligned. */
const ALIGNED_RAD = (0.5 * Math.PI) / 180;
/** The charge stops where its nearest stand is this close to the target, edge to edge (contact is 1.5mm, geo.ts): touching, not pressed into it, so the pivot after it starts clear. */
const TOUCH_MM = 0.01;

const straight = (dx: number, dy: number, mm: number): Leg[] => [{ kind: 'translate', dx: dx * mm, dy: dy * mm, distanceMm: mm }];

/**
 * The end of a charge by `chargers` (one rigid body) on `target` with `reachMm` of movement, not
 * passing through or ending on `obstacles` (every other unit on the table). The geometry core
 * follows each line tried: the first unit it meets, and where it comes within TOUCH_MM of the target.
 */
export function planChargeContact(chargers: readonly Unit[], target: Unit, reachMm: number, obstacles: readonly Unit[]): ChargeContactPlan {
  const all = chargers.flatMap((u) => u.stands);
  const bodies: Body[] = [target, ...obstacles];
  const gap = unitDistance(all, target.stands);
  if (gap > reachMm + 0.5) return { kind: 'short', gapMm: gap };
  const facing = all[0]!.facing;
  // The first touch along a direction: distance moved, or null (not within reach); 'blocked' by a unit in the way.
  const touchAlong = (dx: number, dy: number): number | null | { by: string } => {
    const legs = straight(dx, dy, reachMm + 0.5);
    const first = firstContact(traceMove(all, legs, { others: bodies }), blockAll);
    const t = distanceToGap(all, legs, target.stands, TOUCH_MM);
    if (first && first.meeting.unitId !== target.id && (t === undefined || first.atMm <= t)) return { by: first.meeting.unitId };
    return t ?? null;
  };
  let dir = { x: cos(facing), y: sin(facing) };
  let t = touchAlong(dir.x, dir.y);
  if (typeof t !== 'number') {
    // Straight ahead misses, is too long or is blocked: the shortest line to the target.
    const n = unitNearestPoints(all, target.stands);
    const len = hypot(n.to.x - n.from.x, n.to.y - n.from.y) || 1;
    const direct = { x: (n.to.x - n.from.x) / len, y: (n.to.y - n.from.y) / len };
    const t2 = touchAlong(direct.x, direct.y);
    if (typeof t2 === 'number' || t === null) { dir = direct; t = t2; }
  }
  if (t === null) return { kind: 'short', gapMm: gap };
  if (typeof t === 'object') return { kind: 'blocked', by: t.by };
  const split = (st: readonly Stand[]): Map<string, Stand[]> => {
    const out = new Map<string, Stand[]>();
    let i = 0;
    for (const u of chargers) { out.set(u.id, st.slice(i, i + u.stands.length)); i += u.stands.length; }
    return out;
  };
  const touched = translateStands(all, dir.x * t, dir.y * t);
  let left = Math.max(0, reachMm - t);
  const piv = pivotOntoFace(touched, target, dir, left, obstacles);
  // g) the halt 3cm short: along the same line, the farthest point at least 3cm from the target.
  const haltAt = distanceToGap(all, straight(dir.x, dir.y, t), target.stands, HALT_SHORT_MM) ?? t;
  const haltShort = { stands: split(translateStands(all, dir.x * haltAt, dir.y * haltAt)), usedMm: haltAt };
  if (piv.aligned && piv.usedMm === 0) return { kind: 'contact', stands: split(touched), usedMm: t, aligned: true, pivotDeg: 0, haltShort };
  left -= piv.usedMm;
  return { kind: 'contact', stands: split(piv.stands), usedMm: reachMm - left, aligned: piv.aligned, pivotDeg: piv.pivotDeg, haltShort };
}

/**
 * 6 e), g): the pivot about the point of contact of `touched` (stands in contact with `target`,
 * moving along `dir`) that lays their front flush on the face touched, as far as `leftMm` pays (the
 * arc the farthest front corner sweeps) and the stands can go without running onto the target or
 * `obstacles` (the geometry core traces the turn). Also the "subsequent move" that completes an
 * oblique contact (meleeAlign.ts).
 */
export function pivotOntoFace(touched: readonly Stand[], target: Unit, dir: { x: number; y: number }, leftMm: number, obstacles: readonly Body[]): { stands: Stand[]; usedMm: number; aligned: boolean; pivotDeg: number; costMm: number } {
  const facing = touched[0]!.facing;
  // The point of contact and the face of the target it lies on (the one the charge runs into).
  const n = unitNearestPoints(touched, target.stands);
  const p = pt((n.from.x + n.to.x) / 2, (n.from.y + n.to.y) / 2);
  const tf = unitFrame(target.stands, target.stands[0]!.facing);
  const faces = FACES.map((f) => faceEdge(tf, f)).map((e) => ({ e, d: pointSegmentDistance(p, e.a, e.b) }));
  const dmin = Math.min(...faces.map((x) => x.d));
  const face = faces.filter((x) => x.d <= dmin + 1.5).reduce((a, b) => (b.e.nx * dir.x + b.e.ny * dir.y < a.e.nx * dir.x + a.e.ny * dir.y ? b : a)).e;
  const theta = normalise(atan2(-face.ny, -face.nx) - facing);
  if (Math.abs(theta) < ALIGNED_RAD) return { stands: [...touched], usedMm: 0, aligned: true, pivotDeg: 0, costMm: 0 };
  // The pivot about the contact point: its cost is the arc the farthest front corner sweeps.
  const frontCorners = touched.flatMap((s) => standCorners(s).slice(0, 2));
  const radius = Math.max(...frontCorners.map((c) => hypot(c.x - p.x, c.y - p.y)));
  const cost = radius * Math.abs(theta);
  // Never further than the move left pays for, nor than the stands can go without running onto the target or anyone else.
  const stop = moveUntilContact(touched, [{ kind: 'rotate', pivot: p, angle: theta, distanceMm: cost }], { others: [target, ...obstacles], budgetMm: Math.max(0, leftMm) });
  const frac = Math.min(1, stop.stopMm / Math.max(cost, 1e-9));
  return { stands: rotateStands(touched, p, theta * frac), usedMm: cost * frac, aligned: frac >= 1 - 1e-9, pivotDeg: (theta * frac * 180) / Math.PI, costMm: cost };
}

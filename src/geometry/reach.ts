/**
 * Reach: can this unit contact that one with at most a W° wheel and then a straight move,
 * and where does it end, aligned to the face it strikes? The wheel turns the charger's front
 * parallel to the face (or as near as W allows); the straight move runs until the front edge
 * meets the face; a charger that arrives at an angle then "closes the door" about the point
 * of contact so its front lies flush against the face.
 */
import type { Radians, StandFootprint, TablePoint } from './types';
import { normaliseAngle, pt } from './types';
import { forward, rotateStand, translateStand } from './footprint';
import type { Face, Frame } from './frame';
import { faceEdge, unitFrame } from './frame';
import type { Leg } from './movement';
import { wheel } from './movement';
import { quarterOf } from './zones';
import { atan2 } from './math';
import { lineUpFront } from './units';

export interface ReachOptions {
  readonly maxWheelRad: number;
  /** The move allowance; the wheel's cost comes out of it. */
  readonly maxDistanceMm: number;
  readonly wheelFactor?: number;
  /** Face to strike; default the face whose quarter the charger's centre is in. */
  readonly face?: Face;
  readonly chargerFacing?: Radians;
  readonly targetFacing?: Radians;
  /** After contact, slide along the face so the centres line up (some rules require it). */
  readonly centreOnFace?: boolean;
}

export interface ReachAnswer {
  readonly reachable: boolean;
  /** Why not, when not reachable. */
  readonly reason?: string;
  readonly face: Face;
  readonly wheelRad: number;
  readonly wheelCostMm: number;
  readonly straightMm: number;
  /** Wheel plus straight; compare with the allowance. */
  readonly totalMm: number;
  /** Where the charger first touches the face. */
  readonly contact: StandFootprint[];
  /** The contact pose turned (and slid, if asked) flush with the face. */
  readonly aligned: StandFootprint[];
  readonly contactPoint?: TablePoint;
  readonly legs: Leg[];
}

/** Distance along direction (dx, dy) from point p to segment cd (Infinity if the ray misses). */
function rayToSegment(px: number, py: number, dx: number, dy: number, c: TablePoint, d: TablePoint): number {
  const sx = d.x - c.x, sy = d.y - c.y;
  const den = dx * sy - dy * sx;
  if (Math.abs(den) < 1e-12) {
    // Parallel: collinear case hits at the nearer endpoint ahead.
    const cr = (c.x - px) * dy - (c.y - py) * dx;
    if (Math.abs(cr) > 1e-9) return Infinity;
    const tc = (c.x - px) * dx + (c.y - py) * dy, td = (d.x - px) * dx + (d.y - py) * dy;
    if (tc < 0 && td < 0) return Infinity;
    return tc <= 0 || td <= 0 ? 0 : Math.min(tc, td);
  }
  const qx = c.x - px, qy = c.y - py;
  const t = (qx * sy - qy * sx) / den;
  const u = (qx * dy - qy * dx) / den;
  if (t < -1e-9 || u < -1e-9 || u > 1 + 1e-9) return Infinity;
  return Math.max(0, t);
}

/** The straight distance a moving segment ab travels along unit direction (dx, dy) before meeting segment cd. */
function segmentSweepDistance(a: TablePoint, b: TablePoint, dx: number, dy: number, c: TablePoint, d: TablePoint): { distanceMm: number; at: TablePoint } {
  let best = Infinity, at = a;
  for (const p of [a, b]) {
    const t = rayToSegment(p.x, p.y, dx, dy, c, d);
    if (t < best) { best = t; at = pt(p.x + dx * t, p.y + dy * t); }
  }
  for (const p of [c, d]) {
    const t = rayToSegment(p.x, p.y, -dx, -dy, a, b);
    if (t < best) { best = t; at = p; }
  }
  return { distanceMm: best, at };
}

export function reachTarget(charger: readonly StandFootprint[], target: readonly StandFootprint[], opts: ReachOptions): ReachAnswer {
  const cf: Frame = unitFrame(charger, opts.chargerFacing);
  const tf: Frame = unitFrame(target, opts.targetFacing);
  const face = opts.face ?? quarterOf(tf, cf.centre);
  const edge = faceEdge(tf, face);
  const wanted = atan2(-edge.ny, -edge.nx);
  const need = normaliseAngle(wanted - cf.facing);
  const turn = Math.max(-opts.maxWheelRad, Math.min(opts.maxWheelRad, need));
  const w = wheel(charger, turn, { factor: opts.wheelFactor ?? 1, frame: cf });
  const none = (reason: string, extra: Partial<ReachAnswer> = {}): ReachAnswer => ({
    reachable: false, reason, face, wheelRad: turn, wheelCostMm: w.ok ? w.distanceMm : 0, straightMm: Infinity, totalMm: Infinity,
    contact: [], aligned: [], legs: [], ...extra,
  });
  if (!w.ok) return none(w.reason);
  const wheeled = w.stands;
  const f2: Frame = { ...unitFrame(wheeled, (cf.facing + turn) as Radians) };
  const [fl, fr] = f2.corners;
  const dir = forward(f2.facing);
  const hit = segmentSweepDistance(fl, fr, dir.x, dir.y, edge.a, edge.b);
  if (hit.distanceMm === Infinity) return none(`the ${face} face is not ahead after a ${((turn * 180) / Math.PI).toFixed(1)}° wheel`);
  const straight = hit.distanceMm;
  const contact = wheeled.map((s) => translateStand(s, dir.x * straight, dir.y * straight));
  // Close the door: turn the rest of the way about the point of contact.
  const residual = normaliseAngle(wanted - f2.facing);
  let aligned = Math.abs(residual) > 1e-12 ? contact.map((s) => rotateStand(s, hit.at, residual)) : contact;
  const contactUnit = { stands: contact };
  if (opts.centreOnFace) {
    // Squared on and centred: the one squaring of a unit against a face (units.ts `lineUpFront`), the
    // pose closing the door and sliding along the face would reach.
    const mid = pt((edge.a.x + edge.b.x) / 2, (edge.a.y + edge.b.y) / 2);
    aligned = lineUpFront(contactUnit, (u) => unitFrame(u.stands, u === contactUnit ? f2.facing : undefined), wanted, mid).stands;
  }
  const totalMm = w.distanceMm + straight;
  const legs: Leg[] = [...w.legs, { kind: 'translate', dx: dir.x * straight, dy: dir.y * straight, distanceMm: straight }];
  const reachable = totalMm <= opts.maxDistanceMm + 1e-9;
  return {
    reachable, ...(reachable ? {} : { reason: `needs ${totalMm.toFixed(1)} mm, has ${opts.maxDistanceMm.toFixed(1)} mm` }),
    face, wheelRad: turn, wheelCostMm: w.distanceMm, straightMm: straight, totalMm, contact, aligned, contactPoint: hit.at, legs,
  };
}

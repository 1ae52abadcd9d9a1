/**
 * Movement kernels. Each returns a plan — where the stands end, the legs that take them
 * there and the distance the rules would charge — and never moves anything. Legs are rigid
 * translations, rigid turns about a pivot, or "restand" legs where each stand moves on its
 * own (face changes, expanding or contracting). Distances are in millimetres before any
 * terrain: pathCost.ts adds the terrain.
 *
 * Turning sign: positive angles turn clockwise on screen (to the unit's right, y down).
 */
import type { Radians, StandFootprint, TablePoint } from './types';
import type { Box } from './vec';
import { pt } from './types';
import { forward, rightOf, rotateStand, standCorners, translateStand } from './footprint';
import type { Frame } from './frame';
import { unitFrame } from './frame';
import { hypot } from './math';

export type Leg =
  | { readonly kind: 'translate'; readonly dx: number; readonly dy: number; readonly distanceMm: number }
  | { readonly kind: 'rotate'; readonly pivot: TablePoint; readonly angle: number; readonly distanceMm: number }
  | { readonly kind: 'restand'; readonly to: readonly StandFootprint[]; readonly turns: readonly number[]; readonly distanceMm: number };

export interface MovePlan {
  readonly ok: true;
  /** Where the stands end, in the same order as given. */
  readonly stands: StandFootprint[];
  readonly legs: Leg[];
  /** The distance the rules charge, before terrain (sum of the legs). */
  readonly distanceMm: number;
}

export interface MoveRefusal {
  readonly ok: false;
  readonly code: 'angle-too-large' | 'negative-distance' | 'no-stands' | 'bad-anchor';
  readonly reason: string;
}

export type MoveResult = MovePlan | MoveRefusal;

const refuse = (code: MoveRefusal['code'], reason: string): MoveRefusal => ({ ok: false, code, reason });

/** A stand's pose part-way (t in 0..1) through one leg. */
export function poseInLeg<S extends StandFootprint>(s: S, leg: Leg, standIndex: number, t: number): S {
  switch (leg.kind) {
    case 'translate':
      return translateStand(s, leg.dx * t, leg.dy * t) as S;
    case 'rotate':
      return rotateStand(s, leg.pivot, leg.angle * t) as S;
    case 'restand': {
      const to = leg.to[standIndex] ?? s;
      const turn = leg.turns[standIndex] ?? 0;
      return { ...s, centre: pt(s.centre.x + (to.centre.x - s.centre.x) * t, s.centre.y + (to.centre.y - s.centre.y) * t), facing: (s.facing + turn * t) as Radians };
    }
  }
}

/** Apply whole legs to stands. */
export function applyLegs(stands: readonly StandFootprint[], legs: readonly Leg[]): StandFootprint[] {
  let cur = [...stands];
  for (const leg of legs) cur = cur.map((s, i) => poseInLeg(s, leg, i, 1));
  return cur;
}

/**
 * A box that holds every pose the stands take anywhere along the legs, grown by `padMm` (a
 * millimetre by default, more than any rounding): whatever the plan's progress, the stands are
 * inside it. Not the tightest box: a wheel is bounded by the circle its farthest corner turns on,
 * a restand by its centres' box grown by the stands' half-diagonals. For skipping pairs of
 * moving units that can never come near each other.
 */
export function sweptBox(stands: readonly StandFootprint[], legs: readonly Leg[], padMm = 1): Box {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  const add = (x0: number, y0: number, x1: number, y1: number) => {
    if (x0 < minX) minX = x0;
    if (y0 < minY) minY = y0;
    if (x1 > maxX) maxX = x1;
    if (y1 > maxY) maxY = y1;
  };
  const addCorners = (ss: readonly StandFootprint[]) => {
    for (const st of ss) for (const c of standCorners(st)) add(c.x, c.y, c.x, c.y);
  };
  let cur: readonly StandFootprint[] = stands;
  addCorners(cur);
  for (const leg of legs) {
    if (leg.kind === 'rotate') {
      // Every corner keeps its distance from the pivot while it turns.
      let r = 0;
      for (const st of cur) for (const c of standCorners(st)) r = Math.max(r, hypot(c.x - leg.pivot.x, c.y - leg.pivot.y));
      add(leg.pivot.x - r, leg.pivot.y - r, leg.pivot.x + r, leg.pivot.y + r);
    }
    const next = cur.map((st, i) => poseInLeg(st, leg, i, 1));
    if (leg.kind === 'restand') {
      // Centres go straight from pose to pose while the stands turn: within half a diagonal of that line.
      for (let i = 0; i < cur.length; i++) {
        const a = cur[i]!, b = next[i]!;
        const h = Math.max(hypot(a.widthMm, a.depthMm), hypot(b.widthMm, b.depthMm)) / 2;
        add(Math.min(a.centre.x, b.centre.x) - h, Math.min(a.centre.y, b.centre.y) - h, Math.max(a.centre.x, b.centre.x) + h, Math.max(a.centre.y, b.centre.y) + h);
      }
    }
    // A straight leg sweeps the stands between its two ends: inside the box of both.
    addCorners(next);
    cur = next;
  }
  return { minX: minX - padMm, minY: minY - padMm, maxX: maxX + padMm, maxY: maxY + padMm };
}

/** Total distance of the legs. */
export const legsDistance = (legs: readonly Leg[]): number => legs.reduce((a, l) => a + l.distanceMm, 0);

/**
 * Stands after covering `distanceMm` of the plan's charged distance (legs with no charged
 * distance, such as a free face change, happen entirely when reached).
 */
export function standsAtDistance<S extends StandFootprint>(stands: readonly S[], legs: readonly Leg[], distanceMm: number): S[] {
  let cur = [...stands];
  let left = distanceMm;
  for (const leg of legs) {
    if (left < 0) break;
    const t = leg.distanceMm > 0 ? Math.min(1, left / leg.distanceMm) : 1;
    cur = cur.map((s, i) => poseInLeg(s, leg, i, t));
    left -= leg.distanceMm;
  }
  return cur;
}

/** Largest distance any corner of the stand travels during the leg (for sampling). */
function cornerTravel(s: StandFootprint, leg: Leg, i: number): number {
  if (leg.kind === 'translate') return hypot(leg.dx, leg.dy);
  const end = poseInLeg(s, leg, i, 1);
  if (leg.kind === 'rotate') {
    let r = 0;
    for (const c of standCorners(s)) r = Math.max(r, hypot(c.x - leg.pivot.x, c.y - leg.pivot.y));
    return r * Math.abs(leg.angle);
  }
  const turn = Math.abs(leg.turns[i] ?? 0);
  return hypot(end.centre.x - s.centre.x, end.centre.y - s.centre.y) + turn * hypot(s.widthMm, s.depthMm) / 2;
}

/**
 * Poses of one stand along each leg: [start, end] for a straight leg, and enough poses for a
 * turning leg that no corner moves more than `stepMm` between two of them.
 */
export function legSamples(stand: StandFootprint, legs: readonly Leg[], standIndex: number, stepMm = 5): StandFootprint[][] {
  const out: StandFootprint[][] = [];
  let cur = stand;
  for (const leg of legs) {
    const n = leg.kind === 'translate' ? 1 : Math.max(1, Math.ceil(cornerTravel(cur, leg, standIndex) / stepMm));
    const poses: StandFootprint[] = [];
    for (let k = 0; k <= n; k++) poses.push(poseInLeg(cur, leg, standIndex, k / n));
    out.push(poses);
    cur = poses[n]!;
  }
  return out;
}

const plan = (stands: readonly StandFootprint[], legs: Leg[]): MovePlan => ({ ok: true, stands: applyLegs(stands, legs), legs, distanceMm: legsDistance(legs) });

function translateLeg(dx: number, dy: number): Leg {
  return { kind: 'translate', dx, dy, distanceMm: hypot(dx, dy) };
}

/** Straight advance along the unit's facing (or `frame.facing`). */
export function advance(stands: readonly StandFootprint[], distanceMm: number, frame: Frame = unitFrame(stands)): MoveResult {
  if (stands.length === 0) return refuse('no-stands', 'no stands to move');
  if (distanceMm < 0) return refuse('negative-distance', 'use retire() to move backwards');
  const f = forward(frame.facing);
  return plan(stands, [translateLeg(f.x * distanceMm, f.y * distanceMm)]);
}

/** Straight retire: backwards, still facing the front. */
export function retire(stands: readonly StandFootprint[], distanceMm: number, frame: Frame = unitFrame(stands)): MoveResult {
  if (stands.length === 0) return refuse('no-stands', 'no stands to move');
  if (distanceMm < 0) return refuse('negative-distance', 'distance must be positive');
  const f = forward(frame.facing);
  return plan(stands, [translateLeg(-f.x * distanceMm, -f.y * distanceMm)]);
}

/** Oblique (incline): straight at `angleRad` off the facing (positive to the right), keeping the facing. */
export function oblique(stands: readonly StandFootprint[], distanceMm: number, angleRad: number, maxAngleRad: number, frame: Frame = unitFrame(stands)): MoveResult {
  if (stands.length === 0) return refuse('no-stands', 'no stands to move');
  if (distanceMm < 0) return refuse('negative-distance', 'distance must be positive');
  if (Math.abs(angleRad) > maxAngleRad + 1e-12) return refuse('angle-too-large', `oblique of ${deg(angleRad)}° is more than the ${deg(maxAngleRad)}° allowed`);
  const d = forward((frame.facing + angleRad) as Radians);
  return plan(stands, [translateLeg(d.x * distanceMm, d.y * distanceMm)]);
}

/** Sidestep: straight along the front, positive to the right, keeping the facing. */
export function sidestep(stands: readonly StandFootprint[], distanceMm: number, frame: Frame = unitFrame(stands)): MoveResult {
  if (stands.length === 0) return refuse('no-stands', 'no stands to move');
  const r = rightOf(frame.facing);
  return plan(stands, [translateLeg(r.x * distanceMm, r.y * distanceMm)]);
}

export interface WheelOptions {
  /** Multiply the outer corner's arc by this (rules that charge wheels double, say). Default 1. */
  readonly factor?: number;
  readonly maxAngleRad?: number;
  readonly frame?: Frame;
}

/**
 * Wheel by `angleRad`: positive turns right about the right front corner, negative turns
 * left about the left front corner. The distance charged is the arc the outer front corner
 * travels (frontage × |angle|) times `factor`.
 */
export function wheel(stands: readonly StandFootprint[], angleRad: number, opts: WheelOptions = {}): MoveResult {
  if (stands.length === 0) return refuse('no-stands', 'no stands to move');
  const max = opts.maxAngleRad ?? Infinity;
  if (Math.abs(angleRad) > max + 1e-12) return refuse('angle-too-large', `wheel of ${deg(angleRad)}° is more than the ${deg(max)}° allowed`);
  const frame = opts.frame ?? unitFrame(stands);
  const [fl, fr] = frame.corners;
  const pivot = angleRad >= 0 ? fr : fl;
  const arc = frame.halfWidthMm * 2 * Math.abs(angleRad) * (opts.factor ?? 1);
  return plan(stands, [{ kind: 'rotate', pivot, angle: angleRad, distanceMm: arc }]);
}

/**
 * Pivot on the centre of the frame by `angleRad`; charged as the arc of the corner furthest
 * from the centre times `factor`.
 */
export function pivotOnCentre(stands: readonly StandFootprint[], angleRad: number, opts: { factor?: number; frame?: Frame } = {}): MoveResult {
  if (stands.length === 0) return refuse('no-stands', 'no stands to move');
  const frame = opts.frame ?? unitFrame(stands);
  const radius = hypot(frame.halfWidthMm, frame.halfDepthMm);
  return plan(stands, [{ kind: 'rotate', pivot: frame.centre, angle: angleRad, distanceMm: radius * Math.abs(angleRad) * (opts.factor ?? 1) }]);
}

/** Join two plans: `second` must start where `first` ends. */
function thenPlan(first: MovePlan, second: MoveResult): MoveResult {
  if (!second.ok) return second;
  return { ok: true, stands: second.stands, legs: [...first.legs, ...second.legs], distanceMm: first.distanceMm + second.distanceMm };
}

/** Run a sequence of steps, each from where the last ended; the first refusal stops it. */
export function chainMoves(stands: readonly StandFootprint[], steps: readonly ((s: readonly StandFootprint[]) => MoveResult)[]): MoveResult {
  let acc: MovePlan = { ok: true, stands: [...stands], legs: [], distanceMm: 0 };
  for (const step of steps) {
    const r = thenPlan(acc, step(acc.stands));
    if (!r.ok) return r;
    acc = r;
  }
  return acc;
}

const deg = (r: number) => Math.round(((r * 180) / Math.PI) * 100) / 100;

/** A leg of a move as a player gives it, in the terms the battalion rules, Death or Glory! and Advanced Shako share. */
export type PlanLeg =
  | { readonly kind: 'wheel'; readonly deg: number }
  | { readonly kind: 'forward'; readonly mm: number }
  | { readonly kind: 'backward'; readonly mm: number }
  | { readonly kind: 'sidestep'; readonly mm: number }
  | { readonly kind: 'turn'; readonly deg: number };

/**
 * The legs as one plan from the kernels above: a wheel on the front corner (charged by the outer
 * corner's arc), straight ahead, back keeping the facing, a side-step, a turn about the centre.
 */
export function planLegs(stands: readonly StandFootprint[], legs: readonly PlanLeg[]): MoveResult {
  return chainMoves(stands, legs.map((l) => (s: readonly StandFootprint[]) => {
    switch (l.kind) {
      case 'wheel': return wheel(s, (l.deg * Math.PI) / 180);
      case 'forward': return advance(s, l.mm);
      case 'backward': return retire(s, l.mm);
      case 'sidestep': return sidestep(s, l.mm);
      case 'turn': return pivotOnCentre(s, (l.deg * Math.PI) / 180);
    }
  }));
}

/** Stands in the pose a plan leaves them, keeping everything else they carry (ids, roles). */
export function withPoses<S extends StandFootprint>(stands: readonly S[], poses: readonly StandFootprint[]): S[] {
  return stands.map((s, i) => ({ ...s, centre: poses[i]!.centre, facing: poses[i]!.facing }));
}

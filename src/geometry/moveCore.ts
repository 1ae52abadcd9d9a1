/**
 * The movement core: the one way any ruleset moves a unit. A move is a plan of legs (see
 * movement.ts: straight, wheel about a front corner, pivot on the centre, oblique, sidestep,
 * change of face, formation change); `traceMove` follows the plan and answers what the
 * stands meet on the way — every other unit they come to overlap and where (as charged
 * distance along the plan), where they first leave the table, and the terrain they touch —
 * and `firstContact` / `moveUntilContact` apply the ruleset's pass-through rule (a callback)
 * to find where the first blocking contact stops the mover. Nothing is moved: the answers are
 * plans (distances and poses); the ruleset decides what they mean and makes the effects.
 *
 * Exactness: on a straight leg the moments two rectangles start and stop overlapping are
 * solved exactly (separating axes with positions linear in the distance), as are the moments
 * a corner crosses the table edge. Turning legs are sampled every `stepMm` of corner travel
 * (default 1 mm) and each change is bisected to 1e-9 of the leg. Touching is not overlapping
 * (EPS_MM): a mover stopped at `enterMm` stands exactly base to base with what it met.
 */
import type { StandFootprint, TablePoint } from './types';
import { rotatedCorners, standBounds, standCorners } from './footprint';
import type { Leg } from './movement';
import { legsDistance, poseInLeg, standsAtDistance } from './movement';
import type { StandIndex, TableSize } from './collisions';
import { convexPolygonsOverlap, SpatialIndex } from './collisions';
import type { TerrainIndex } from './terrain';
import type { TerrainContact } from './pathCost';
import { terrainContacts } from './pathCost';
import type { Box } from './vec';
import { boundsOf, EPS_MM, segmentHitT } from './vec';
import { hypot } from './math';

/** A unit the mover may meet: its id and stands. */
export interface Body {
  readonly id: string;
  readonly stands: readonly StandFootprint[];
}

/** One stretch of the plan during which the mover overlaps another unit. */
export interface Meeting {
  readonly unitId: string;
  /** The mover already overlapped it when the move began (interpenetrating). */
  readonly atStart: boolean;
  /** Charged distance along the plan where the overlap begins: the mover touches it exactly there (0 if `atStart`). */
  readonly enterMm: number;
  /** Where the mover is clear of it again; undefined if it still overlaps at the end of the plan. */
  readonly clearMm: number | undefined;
}

export interface MoveTrace {
  /** The plan's charged distance (sum of its legs). */
  readonly distanceMm: number;
  /** Every overlap stretch, ordered by `enterMm`, then unit id (code-unit order). */
  readonly meetings: readonly Meeting[];
  /** Charged distance at which some stand first goes over the table edge (0 if already over); undefined if never. */
  readonly leavesTableAtMm: number | undefined;
  /** Terrain touched on the way (pathCost.ts `terrainContacts`: by first touch, then id), when a terrain index was given. */
  readonly terrain: readonly TerrainContact[];
}

export interface TraceOptions {
  /** The other units, as a list or as a stand index (`buildStandIndex`, stands carrying their unit id). */
  readonly others?: readonly Body[] | StandIndex;
  /** Units never to consider (the mover itself, routed units the rules take off, …). */
  readonly ignore?: (unitId: string) => boolean;
  readonly table?: TableSize;
  readonly terrain?: TerrainIndex;
  /** Corner travel between samples on turning legs (mm). */
  readonly stepMm?: number;
}

interface Candidate {
  readonly unitId: string;
  readonly corners: readonly TablePoint[];
}

interface Stretch {
  from: number;
  to: number;
  atStart: boolean;
}

const BISECT = 50;

/** Union box of every pose the plan can put a stand in (turns: the circle the furthest corner sweeps). */
function planBox(stands: readonly StandFootprint[], legs: readonly Leg[]): Box {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  const grow = (b: { minX: number; minY: number; maxX: number; maxY: number }) => {
    if (b.minX < box.minX) box.minX = b.minX;
    if (b.minY < box.minY) box.minY = b.minY;
    if (b.maxX > box.maxX) box.maxX = b.maxX;
    if (b.maxY > box.maxY) box.maxY = b.maxY;
  };
  stands.forEach((s0, i) => {
    let cur = s0;
    grow(standBounds(cur));
    for (const leg of legs) {
      if (leg.kind === 'rotate') {
        let r = 0;
        for (const c of standCorners(cur)) r = Math.max(r, hypot(c.x - leg.pivot.x, c.y - leg.pivot.y));
        grow({ minX: leg.pivot.x - r, minY: leg.pivot.y - r, maxX: leg.pivot.x + r, maxY: leg.pivot.y + r });
      } else if (leg.kind === 'restand') {
        const r = hypot(cur.widthMm, cur.depthMm) / 2;
        const to = leg.to[i] ?? cur;
        grow({ minX: Math.min(cur.centre.x, to.centre.x) - r, minY: Math.min(cur.centre.y, to.centre.y) - r, maxX: Math.max(cur.centre.x, to.centre.x) + r, maxY: Math.max(cur.centre.y, to.centre.y) + r });
      }
      cur = poseInLeg(cur, leg, i, 1);
      grow(standBounds(cur));
    }
  });
  return box;
}

const boxesMeet = (a: Box, b: Box): boolean => a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;

function candidatesOf(others: TraceOptions['others'], box: Box, ignore: TraceOptions['ignore']): Candidate[] {
  const out: Candidate[] = [];
  if (!others) return out;
  if (others instanceof SpatialIndex) {
    for (const e of others.search(box)) if (!ignore?.(e.value.unitId)) out.push({ unitId: e.value.unitId, corners: e.value.corners });
    return out;
  }
  for (const b of others) {
    if (ignore?.(b.id)) continue;
    for (const s of b.stands) if (boxesMeet(standBounds(s), box)) out.push({ unitId: b.id, corners: standCorners(s) });
  }
  return out;
}

const AX = new Float64Array(16);

/**
 * The open interval of s in (−∞, ∞) during which rectangle `a` moved by s·(dx, dy) overlaps
 * quad `b` deeper than EPS_MM on every separating axis, or undefined. Exact: each axis gives
 * an interval linear in s.
 */
function translationOverlap(a: readonly TablePoint[], dx: number, dy: number, b: readonly TablePoint[]): [number, number] | undefined {
  let lo = -Infinity, hi = Infinity;
  let n = 0;
  for (const poly of [a, b]) {
    for (let i = 0; i < 2; i++) {
      const p = poly[i]!, q = poly[i + 1]!;
      const ex = q.x - p.x, ey = q.y - p.y;
      const len = hypot(ex, ey);
      if (len === 0) continue;
      AX[n * 2] = -ey / len; AX[n * 2 + 1] = ex / len; n++;
    }
  }
  for (let k = 0; k < n; k++) {
    const nx = AX[k * 2]!, ny = AX[k * 2 + 1]!;
    let a0 = Infinity, a1 = -Infinity, b0 = Infinity, b1 = -Infinity;
    for (const v of a) { const d = v.x * nx + v.y * ny; if (d < a0) a0 = d; if (d > a1) a1 = d; }
    for (const v of b) { const d = v.x * nx + v.y * ny; if (d < b0) b0 = d; if (d > b1) b1 = d; }
    const vel = dx * nx + dy * ny;
    // Overlap on this axis: a1 + vel·s > b0 + ε and b1 − ε > a0 + vel·s.
    if (Math.abs(vel) < 1e-12) {
      if (!(a1 > b0 + EPS_MM && b1 - EPS_MM > a0)) return undefined;
      continue;
    }
    const t1 = (b0 + EPS_MM - a1) / vel, t2 = (b1 - EPS_MM - a0) / vel;
    const l = Math.min(t1, t2), h = Math.max(t1, t2);
    if (l > lo) lo = l;
    if (h < hi) hi = h;
    if (lo >= hi) return undefined;
  }
  return [lo, hi];
}

/** Corner travel of one stand over a turning leg (for sampling; the finest step any corner needs). */
export function turnTravel(s: StandFootprint, leg: Leg, i: number): number {
  if (leg.kind === 'rotate') {
    let r = 0;
    for (const c of standCorners(s)) r = Math.max(r, hypot(c.x - leg.pivot.x, c.y - leg.pivot.y));
    return r * Math.abs(leg.angle);
  }
  if (leg.kind === 'restand') {
    const to = leg.to[i] ?? s;
    return hypot(to.centre.x - s.centre.x, to.centre.y - s.centre.y) + (Math.abs(leg.turns[i] ?? 0) * hypot(s.widthMm, s.depthMm)) / 2;
  }
  return hypot(leg.dx, leg.dy);
}

/** Bisect where `f` flips from `atLo` between lo and hi: the last t still as at lo, and the first t past it. */
function bisect(lo: number, hi: number, atLo: boolean, f: (t: number) => boolean): [number, number] {
  for (let k = 0; k < BISECT; k++) {
    const mid = (lo + hi) / 2;
    if (f(mid) === atLo) lo = mid; else hi = mid;
  }
  return [lo, hi];
}

/** `standCorners(poseInLeg(s, leg, i, t))`, bit for bit. */
function cornersInLeg(s: StandFootprint, leg: Leg, i: number, t: number): TablePoint[] {
  return leg.kind === 'rotate' ? rotatedCorners(s, leg.pivot, leg.angle * t) : standCorners(poseInLeg(s, leg, i, t));
}

/**
 * The corners of one stand at each sample of a turning leg (t = k/n, n from its corner travel),
 * each worked out once with `standCorners(poseInLeg(…))` and shared by every candidate it is
 * tested against and by the table edge. PERF: a wheel meets several stands; the samples are the
 * same for each, and bit for bit what each would compute for itself.
 */
class TurnSamples {
  readonly n: number;
  private readonly corners: (TablePoint[] | undefined)[];
  constructor(private readonly s: StandFootprint, private readonly leg: Leg, private readonly i: number, stepMm: number) {
    this.n = Math.max(1, Math.ceil(turnTravel(s, leg, i) / stepMm));
    this.corners = new Array<TablePoint[] | undefined>(this.n + 1);
  }
  /** Corners at sample k (t = k / n). */
  at(k: number): TablePoint[] {
    return (this.corners[k] ??= cornersInLeg(this.s, this.leg, this.i, k / this.n));
  }
}

/**
 * Stretches of one leg (distances from `offset`) during which stand pose `s` (at the leg's
 * start) overlaps candidate `c`. `samples`: the stand's poses on a turning leg.
 */
function legStretches(s: StandFootprint, leg: Leg, i: number, c: Candidate, offset: number, samples: TurnSamples | undefined, out: Stretch[]): void {
  const D = leg.distanceMm;
  if (leg.kind === 'translate') {
    const iv = translationOverlap(standCorners(s), leg.dx, leg.dy, c.corners);
    if (!iv || iv[1] <= 0 || iv[0] >= 1) {
      // A zero-length leg: only its start pose counts.
      return;
    }
    out.push({ from: offset + Math.max(0, iv[0]) * D, to: offset + Math.min(1, iv[1]) * D, atStart: iv[0] < 0 && offset === 0 });
    return;
  }
  const over = (t: number) => convexPolygonsOverlap(cornersInLeg(s, leg, i, t), c.corners, EPS_MM);
  const n = samples!.n;
  const overAt = (k: number) => convexPolygonsOverlap(samples!.at(k), c.corners, EPS_MM);
  let prevT = 0, prev = overAt(0);
  let from = prev ? 0 : -1;
  const startInside = prev && offset === 0;
  for (let k = 1; k <= n; k++) {
    const t = k / n;
    const now = overAt(k);
    if (now !== prev) {
      // Entering: the last pose still clear (touching); leaving: the first pose clear again.
      const [last, first] = bisect(prevT, t, prev, over);
      if (now) from = last;
      else { out.push({ from: offset + from * D, to: offset + first * D, atStart: from === 0 && startInside }); from = -1; }
    }
    prev = now; prevT = t;
  }
  if (from >= 0) out.push({ from: offset + from * D, to: offset + D, atStart: from === 0 && startInside });
}

/** Charged distance at which a stand first has a corner over the table edge during a leg, or undefined. */
function legLeavesTable(s: StandFootprint, leg: Leg, i: number, table: TableSize, offset: number, samples: TurnSamples | undefined): number | undefined {
  const W = table.widthMm, H = table.depthMm, e = EPS_MM;
  const offCorners = (cs: readonly TablePoint[]) => cs.some((c) => c.x < -e || c.y < -e || c.x > W + e || c.y > H + e);
  const off = (p: StandFootprint) => offCorners(standCorners(p));
  if (off(s)) return offset;
  const D = leg.distanceMm;
  if (leg.kind === 'translate') {
    let first = Infinity;
    for (const c of standCorners(s)) {
      // Each coordinate is linear in t; it goes over a bound just after it reaches it.
      const hits = [leg.dx < 0 ? (-e - c.x) / leg.dx : leg.dx > 0 ? (W + e - c.x) / leg.dx : Infinity, leg.dy < 0 ? (-e - c.y) / leg.dy : leg.dy > 0 ? (H + e - c.y) / leg.dy : Infinity];
      for (const t of hits) if (t >= 0 && t < 1 && t < first) first = t;
    }
    return first === Infinity ? undefined : offset + first * D;
  }
  const n = samples!.n;
  for (let k = 1; k <= n; k++) {
    if (offCorners(samples!.at(k))) return offset + bisect((k - 1) / n, k / n, false, (t) => offCorners(cornersInLeg(s, leg, i, t)))[0] * D;
  }
  return undefined;
}

/** Merge one unit's stretches (from every stand and leg) into disjoint meetings. */
function mergeStretches(unitId: string, list: Stretch[]): Meeting[] {
  list.sort((p, q) => p.from - q.from || q.to - p.to);
  const out: { unitId: string; atStart: boolean; enterMm: number; to: number }[] = [];
  for (const s of list) {
    const last = out[out.length - 1];
    if (last && s.from <= last.to + 1e-9) {
      if (s.to > last.to) last.to = s.to;
      if (s.atStart && last.enterMm === 0) last.atStart = true;
    } else out.push({ unitId, atStart: s.atStart, enterMm: s.from, to: s.to });
  }
  return out.map((m) => ({ unitId: m.unitId, atStart: m.atStart, enterMm: m.enterMm, clearMm: m.to }));
}

/**
 * Follow a plan of legs and say what it meets: other units (every stretch of overlap), the
 * table edge and terrain. A plan, not an effect: nothing is moved.
 */
export function traceMove(stands: readonly StandFootprint[], legs: readonly Leg[], opts: TraceOptions = {}): MoveTrace {
  const distanceMm = legsDistance(legs);
  const stepMm = opts.stepMm ?? 1;
  const cands = stands.length > 0 ? candidatesOf(opts.others, planBox(stands, legs), opts.ignore) : [];
  const byUnit = new Map<string, Stretch[]>();
  let leaves: number | undefined;
  for (let i = 0; i < stands.length; i++) {
    let cur = stands[i]!;
    let offset = 0;
    // With no legs the start pose alone is judged.
    const plan: readonly Leg[] = legs.length > 0 ? legs : [{ kind: 'translate', dx: 0, dy: 0, distanceMm: 0 }];
    for (const leg of plan) {
      const box = planBox([cur], [leg]);
      const samples = leg.kind === 'translate' ? undefined : new TurnSamples(cur, leg, i, stepMm);
      for (const c of cands) {
        if (!boxesMeet(box, boundsOf(c.corners))) continue;
        const list = byUnit.get(c.unitId) ?? [];
        const before = list.length;
        if (leg.kind === 'translate' && leg.dx === 0 && leg.dy === 0) {
          if (convexPolygonsOverlap(standCorners(cur), c.corners, EPS_MM)) list.push({ from: offset, to: offset + leg.distanceMm, atStart: offset === 0 });
        } else legStretches(cur, leg, i, c, offset, samples, list);
        if (list.length > before) byUnit.set(c.unitId, list);
      }
      if (opts.table) {
        const at = legLeavesTable(cur, leg, i, opts.table, offset, samples);
        if (at !== undefined && (leaves === undefined || at < leaves)) leaves = at;
      }
      offset += leg.distanceMm;
      cur = poseInLeg(cur, leg, i, 1);
    }
  }
  const meetings: Meeting[] = [];
  for (const [id, list] of byUnit) meetings.push(...mergeStretches(id, list));
  meetings.sort((p, q) => p.enterMm - q.enterMm || (p.unitId < q.unitId ? -1 : p.unitId > q.unitId ? 1 : 0));
  for (const m of meetings) if (m.clearMm !== undefined && m.clearMm >= distanceMm - 1e-9) (m as { clearMm: number | undefined }).clearMm = undefined;
  return { distanceMm, meetings, leavesTableAtMm: leaves, terrain: opts.terrain && stands.length > 0 ? terrainContacts(stands, legs, opts.terrain) : [] };
}


/**
 * The ruleset's pass-through rule for one meeting: `block` stops the mover touching it,
 * `pass` lets it go through (interpenetration the rules allow), `ignore` as if not there.
 */
export type MeetRule = (m: Meeting) => 'block' | 'pass' | 'ignore';

/** Meetings already under way when the move begins never block (the units are already engaged or interpenetrating). */
export const blockAll: MeetRule = (m) => (m.atStart ? 'ignore' : 'block');

export interface ContactStop {
  /** Charged distance where the mover first touches what blocks it. */
  readonly atMm: number;
  readonly meeting: Meeting;
}

/** The first meeting the rule says blocks, and where (meetings under way at the start never block). */
export function firstContact(trace: MoveTrace, rule: MeetRule = blockAll): ContactStop | undefined {
  for (const m of trace.meetings) {
    if (m.atStart) continue;
    if (rule(m) === 'block') return { atMm: m.enterMm, meeting: m };
  }
  return undefined;
}

export interface MoveStop {
  /** Why the mover stopped where it did. */
  readonly reason: 'complete' | 'budget' | 'contact' | 'table-edge';
  /** Charged distance covered. */
  readonly stopMm: number;
  /** Where the stands stand then. */
  readonly stands: StandFootprint[];
  readonly contact?: ContactStop;
  /** Meetings the rule let it pass through before it stopped. */
  readonly passed: readonly Meeting[];
  readonly trace: MoveTrace;
}

/**
 * Carry the plan as far as the first blocking contact, the table edge (when `stopAtEdge`,
 * stopping touching it) or `budgetMm` of charged distance, whichever comes first, and say
 * where the stands end. With `stopAtEdge` off, a plan that goes over the edge ends at its
 * planned end and the caller reads `trace.leavesTableAtMm`.
 */
export function moveUntilContact(stands: readonly StandFootprint[], legs: readonly Leg[], opts: TraceOptions & { readonly rule?: MeetRule; readonly budgetMm?: number; readonly stopAtEdge?: boolean } = {}): MoveStop {
  const trace = traceMove(stands, legs, opts);
  const budget = Math.min(trace.distanceMm, opts.budgetMm ?? Infinity);
  const contact = firstContact(trace, opts.rule ?? blockAll);
  let stopMm = budget;
  let reason: MoveStop['reason'] = budget < trace.distanceMm ? 'budget' : 'complete';
  if (contact && contact.atMm <= stopMm) { stopMm = contact.atMm; reason = 'contact'; }
  if (opts.stopAtEdge && trace.leavesTableAtMm !== undefined && trace.leavesTableAtMm < stopMm) { stopMm = trace.leavesTableAtMm; reason = 'table-edge'; }
  const rule = opts.rule ?? blockAll;
  const passed = trace.meetings.filter((m) => !m.atStart && m.enterMm < stopMm && rule(m) === 'pass');
  return { reason, stopMm, stands: standsAtDistance(stands, legs, stopMm), ...(reason === 'contact' && contact ? { contact } : {}), passed, trace };
}

/** Does some stand touch the feature of `contact` just after charged distance `atMm` (a stretch ending there does not count)? */
export function touchingAfter(contact: TerrainContact, atMm: number): boolean {
  for (const s of contact.stands) for (const iv of s.touching) if (iv.fromMm <= atMm + 1e-9 && iv.toMm > atMm + 1e-9) return true;
  return false;
}

/** Every distance along the plan where the touching set of the traced terrain can change (each stretch's two ends), ascending, without repeats. */
export function terrainMoments(contacts: readonly TerrainContact[]): number[] {
  const out: number[] = [];
  for (const c of contacts) for (const s of c.stands) for (const iv of s.touching) out.push(iv.fromMm, iv.toMm);
  out.sort((a, b) => a - b);
  return out.filter((x, i) => i === 0 || x - out[i - 1]! > 1e-9);
}

/**
 * Charged distances along a straight plan (one translate leg) at which some stand's centre
 * crosses the polygon's outline (rules that count stands by where their centres are: a
 * building's garrison, say), ascending.
 */
export function centreCrossings(stands: readonly StandFootprint[], leg: Leg, polygon: readonly TablePoint[]): number[] {
  if (leg.kind !== 'translate') return [];
  const out: number[] = [];
  for (const s of stands) {
    const ax = s.centre.x, ay = s.centre.y, bx = ax + leg.dx, by = ay + leg.dy;
    for (let k = 0; k < polygon.length; k++) {
      const p = polygon[k]!, q = polygon[(k + 1) % polygon.length]!;
      const t = segmentHitT(ax, ay, bx, by, p.x, p.y, q.x, q.y);
      if (!Number.isNaN(t)) out.push(t * leg.distanceMm);
    }
  }
  return out.sort((a, b) => a - b);
}

/**
 * Does every stand touch one of the chosen features at every moment of the traced move, from
 * its start to `distanceMm` (rules for moves made wholly along a road)? Exact where the trace
 * is: the union of each stand's touching stretches must leave no gap.
 */
export function touchesAllAlong(contacts: readonly TerrainContact[], standCount: number, distanceMm: number, which: (feature: TerrainContact['feature']) => boolean): boolean {
  for (let i = 0; i < standCount; i++) {
    const ivs: { fromMm: number; toMm: number }[] = [];
    for (const c of contacts) if (which(c.feature)) for (const s of c.stands) if (s.stand === i) ivs.push(...s.touching);
    ivs.sort((a, b) => a.fromMm - b.fromMm);
    let reach = 0;
    if (ivs.length === 0 || ivs[0]!.fromMm > 1e-9) return false;
    for (const iv of ivs) {
      if (iv.fromMm > reach + 1e-9) return false;
      if (iv.toMm > reach) reach = iv.toMm;
    }
    if (reach < distanceMm - 1e-9) return false;
  }
  return true;
}

/**
 * The trace of the same plan cut short at `distanceMm` (≤ its own distance), read off a trace of
 * the whole plan: meetings entered before then (cleared then or later counts as still met),
 * the table edge if crossed before then, terrain stretches clipped there. A caller that asks
 * about many lengths of one move (a drag preview) traces the longest once. The distances are
 * the long trace's; a fresh trace of the short plan solves the same moments in its own
 * fractions, so the two agree to rounding.
 */
export function truncateTrace(trace: MoveTrace, distanceMm: number): MoveTrace {
  if (distanceMm >= trace.distanceMm) return trace;
  const d = Math.max(0, distanceMm);
  const within = (from: number) => from < d || (d === 0 && from === 0);
  const meetings: Meeting[] = [];
  for (const m of trace.meetings) {
    if (!m.atStart && !within(m.enterMm)) continue;
    meetings.push(m.clearMm !== undefined && m.clearMm < d - 1e-9 ? m : { unitId: m.unitId, atStart: m.atStart, enterMm: m.enterMm, clearMm: undefined });
  }
  const eps = 1e-9;
  const terrain: TerrainContact[] = [];
  for (const c of trace.terrain) {
    const stands: TerrainContact['stands'][number][] = [];
    let first = Infinity, last = -Infinity, atStart = false, atEnd = false, entered = false, crossed = false;
    for (const s of c.stands) {
      const clip = (ivs: readonly { fromMm: number; toMm: number }[]) => ivs.filter((iv) => within(iv.fromMm)).map((iv) => (iv.toMm > d ? { fromMm: iv.fromMm, toMm: d } : iv));
      const touching = clip(s.touching);
      if (touching.length === 0) continue;
      stands.push({ stand: s.stand, touching, inside: clip(s.inside) });
      for (const iv of touching) {
        first = Math.min(first, iv.fromMm);
        last = Math.max(last, iv.toMm);
        if (iv.fromMm <= eps) atStart = true; else entered = true;
        if (iv.toMm >= d - eps) atEnd = true;
        if (iv.fromMm > eps && iv.toMm < d - eps) crossed = true;
      }
    }
    if (stands.length > 0) terrain.push({ feature: c.feature, firstMm: first, lastMm: last, atStart, atEnd, entered, crossed, stands });
  }
  terrain.sort((p, q) => p.firstMm - q.firstMm || (p.feature.id < q.feature.id ? -1 : p.feature.id > q.feature.id ? 1 : 0));
  const leaves = trace.leavesTableAtMm !== undefined && within(trace.leavesTableAtMm) ? trace.leavesTableAtMm : undefined;
  return { distanceMm: d, meetings, leavesTableAtMm: leaves, terrain };
}

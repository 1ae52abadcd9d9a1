/**
 * Shapes a designer draws, checked before they reach the scenario, and the snapping and
 * chaining that help draw them. Pure functions of points in table millimetres (file points are
 * `[x, y]` pairs, as in the scenario schema).
 *
 * A terrain outline is refused when it is degenerate (too few distinct points, no area, a
 * zero-length side) or crosses itself; the reason is a sentence the editor shows.
 */
import { pointSegDist2XY, segmentsIntersectXY } from '../../geometry/vec';

export type XY = readonly [number, number];

/** Points closer than this are the same point (a double click, a snapped vertex). */
export const SAME_POINT_MM = 0.5;
/** The smallest area an outline may enclose (a square of 2 mm). */
export const MIN_AREA_MM2 = 4;

const d2 = (a: XY, b: XY) => (a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]);

export function polygonAreaXY(ps: readonly XY[]): number {
  let s = 0;
  for (let i = 0, j = ps.length - 1; i < ps.length; j = i++) s += ps[j]![0] * ps[i]![1] - ps[i]![0] * ps[j]![1];
  return Math.abs(s) / 2;
}

/** Why a closed outline cannot be terrain, or null when it can. */
export function polygonProblem(ps: readonly XY[]): string | null {
  if (ps.some(([x, y]) => !Number.isFinite(x) || !Number.isFinite(y))) return 'a point of the outline is not a number.';
  if (ps.length < 3) return `an outline needs at least 3 points (it has ${ps.length}).`;
  for (let i = 0; i < ps.length; i++) {
    if (d2(ps[i]!, ps[(i + 1) % ps.length]!) < SAME_POINT_MM * SAME_POINT_MM) return `points ${i + 1} and ${((i + 1) % ps.length) + 1} are the same point: a side has no length.`;
  }
  const n = ps.length;
  for (let i = 0; i < n; i++) {
    const a = ps[i]!, b = ps[(i + 1) % n]!;
    for (let j = i + 1; j < n; j++) {
      // Neighbouring sides share a corner; only sides that do not touch may not meet.
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      const c = ps[j]!, d = ps[(j + 1) % n]!;
      if (segmentsIntersectXY(a[0], a[1], b[0], b[1], c[0], c[1], d[0], d[1])) return `the outline crosses itself (side ${i + 1} meets side ${j + 1}).`;
    }
  }
  if (polygonAreaXY(ps) < MIN_AREA_MM2) return 'the outline encloses no area (its points lie on one line).';
  // Neighbouring sides that fold back along each other also cross.
  for (let i = 0; i < n; i++) {
    const a = ps[(i + n - 1) % n]!, b = ps[i]!, c = ps[(i + 1) % n]!;
    if (foldsBack(a, b, c)) return `the outline folds back on itself at point ${i + 1}.`;
  }
  return null;
}

/** Why an open line (a road, a stream, a crest) cannot be drawn, or null when it can. */
export function polylineProblem(ps: readonly XY[]): string | null {
  if (ps.some(([x, y]) => !Number.isFinite(x) || !Number.isFinite(y))) return 'a point of the line is not a number.';
  if (ps.length < 2) return `a line needs at least 2 points (it has ${ps.length}).`;
  for (let i = 0; i + 1 < ps.length; i++) {
    if (d2(ps[i]!, ps[i + 1]!) < SAME_POINT_MM * SAME_POINT_MM) return `points ${i + 1} and ${i + 2} are the same point: a stretch has no length.`;
  }
  for (let i = 0; i + 1 < ps.length; i++) {
    const a = ps[i]!, b = ps[i + 1]!;
    for (let j = i + 2; j + 1 < ps.length; j++) {
      const c = ps[j]!, d = ps[j + 1]!;
      if (segmentsIntersectXY(a[0], a[1], b[0], b[1], c[0], c[1], d[0], d[1])) return `the line crosses itself (stretch ${i + 1} meets stretch ${j + 1}).`;
    }
  }
  for (let i = 1; i + 1 < ps.length; i++) if (foldsBack(ps[i - 1]!, ps[i]!, ps[i + 1]!)) return `the line doubles back on itself at point ${i + 1}.`;
  return null;
}

/** b→c runs back along a→b (a turn of 180°). */
function foldsBack(a: XY, b: XY, c: XY): boolean {
  const ux = a[0] - b[0], uy = a[1] - b[1], vx = c[0] - b[0], vy = c[1] - b[1];
  const lu = Math.hypot(ux, uy), lv = Math.hypot(vx, vy);
  if (lu === 0 || lv === 0) return false;
  const cross = (ux * vy - uy * vx) / (lu * lv), dot = (ux * vx + uy * vy) / (lu * lv);
  return Math.abs(cross) < 1e-9 && dot > 0;
}

// ---------------------------------------------------------------------------------------------
// Snapping

export interface SnapTargets {
  readonly vertices: readonly XY[];
  readonly edges: readonly (readonly [XY, XY])[];
  /** Grid spacing in mm; 0 or absent: no grid. */
  readonly gridMm?: number;
}

export interface Snapped {
  readonly point: XY;
  readonly kind: 'vertex' | 'edge' | 'grid' | 'none';
}

/**
 * Where a pointer at `p` lands: on a vertex within `tolMm` (first), else on an edge within
 * `tolMm`, else on the nearest grid point (when there is a grid), else where it is.
 */
export function snapPoint(p: XY, targets: SnapTargets, tolMm: number): Snapped {
  let best: XY | null = null, bestD = tolMm * tolMm;
  for (const v of targets.vertices) {
    const d = d2(p, v);
    if (d <= bestD) { bestD = d; best = v; }
  }
  if (best) return { point: best, kind: 'vertex' };
  bestD = tolMm * tolMm;
  for (const [a, b] of targets.edges) {
    const d = pointSegDist2XY(p[0], p[1], a[0], a[1], b[0], b[1]);
    if (d <= bestD) { bestD = d; best = closestOn(p, a, b); }
  }
  if (best) return { point: best, kind: 'edge' };
  const g = targets.gridMm ?? 0;
  if (g > 0) return { point: [Math.round(p[0] / g) * g, Math.round(p[1] / g) * g], kind: 'grid' };
  return { point: p, kind: 'none' };
}

function closestOn(p: XY, a: XY, b: XY): XY {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const L = dx * dx + dy * dy;
  const t = L === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / L));
  return [a[0] + dx * t, a[1] + dy * t];
}

/** The drawn shapes of a piece of terrain, as snapping sees them. */
export interface ShapeOf {
  readonly id: string;
  readonly polygon?: readonly XY[];
  readonly line?: readonly XY[];
  readonly crest?: readonly XY[];
}

/** Every vertex and edge of the terrain (except `exceptId`, the piece being edited). */
export function snapTargetsOf(terrain: readonly ShapeOf[], gridMm = 0, exceptId?: string): SnapTargets {
  const vertices: XY[] = [];
  const edges: [XY, XY][] = [];
  for (const t of terrain) {
    if (t.id === exceptId) continue;
    if (t.polygon) {
      vertices.push(...t.polygon);
      t.polygon.forEach((p, i) => edges.push([p, t.polygon![(i + 1) % t.polygon!.length]!]));
    }
    for (const l of [t.line, t.crest]) {
      if (!l) continue;
      vertices.push(...l);
      for (let i = 0; i + 1 < l.length; i++) edges.push([l[i]!, l[i + 1]!]);
    }
  }
  return { vertices, edges, gridMm };
}

/** The end of a line (a road, a bridge, a river) a new line may carry on from. */
export interface ChainEnd {
  readonly id: string;
  readonly end: 'start' | 'end';
  readonly point: XY;
}

/**
 * Chaining: the end of another line within `tolMm` of `p`, so a road drawn from there starts
 * exactly where the bridge or the other road ends. The nearest end wins.
 */
export function chainEndAt(terrain: readonly ShapeOf[], p: XY, tolMm: number): ChainEnd | null {
  let best: ChainEnd | null = null, bestD = tolMm * tolMm;
  for (const t of terrain) {
    if (!t.line || t.line.length < 2) continue;
    const ends: [ChainEnd['end'], XY][] = [['start', t.line[0]!], ['end', t.line[t.line.length - 1]!]];
    for (const [end, q] of ends) {
      const d = d2(p, q);
      if (d <= bestD) { bestD = d; best = { id: t.id, end, point: q }; }
    }
  }
  return best;
}

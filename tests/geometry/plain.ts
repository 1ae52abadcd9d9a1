/**
 * Referees for the fast paths: the plain implementations of the path tracer, unit distance and
 * ground level exactly as they stood before the
 * flat, allocation-free versions replaced them. Property tests hold the fast versions to these
 * answers. Not used by the library.
 */
import type { StandFootprint } from '../../src/geometry/types';
import { standCorners } from '../../src/geometry/footprint';
import type { Leg } from '../../src/geometry/movement';
import { legSamples, poseInLeg } from '../../src/geometry/movement';
import type { TerrainIndex, TerrainShape } from '../../src/geometry/terrain';
import { quadPolygonRelation } from '../../src/geometry/terrain';
import { pt } from '../../src/geometry/types';
import type { Box } from '../../src/geometry/vec';
import { segmentHitT } from '../../src/geometry/vec';
import type { StandTrace, TerrainContact } from '../../src/geometry/pathCost';
import { quadDistance } from '../../src/geometry/measure';
import type { SightIndex } from '../../src/geometry/sightIndex';
import { featuresAt } from '../../src/geometry/sightIndex';
import type { TablePoint } from '../../src/geometry/types';

/** The plain (point) relation of the quad shifted by (ox, oy): the referee for the flat kernel. */
const relationShifted = (q: readonly number[], ox: number, oy: number, poly: readonly TablePoint[]) =>
  quadPolygonRelation([pt(q[0]! + ox, q[1]! + oy), pt(q[2]! + ox, q[3]! + oy), pt(q[4]! + ox, q[5]! + oy), pt(q[6]! + ox, q[7]! + oy)], poly);

type MutableInterval = { fromMm: number; toMm: number };

function pushInterval(list: MutableInterval[], a: number, b: number): void {
  const last = list[list.length - 1];
  if (last && a <= last.toMm + 1e-9) last.toMm = Math.max(b, last.toMm);
  else list.push({ fromMm: a, toMm: b });
}

function record(touching: MutableInterval[], inside: MutableInterval[], rel: 0 | 1 | 2, a: number, b: number): void {
  if (rel >= 1) pushInterval(touching, a, b);
  if (rel === 2) pushInterval(inside, a, b);
}

/** Trace one stand's contact with one polygon along the legs. */
function traceStandPlain(stand: StandFootprint, legs: readonly Leg[], standIndex: number, poly: TerrainShape['polygon'], stepMm = 2): StandTrace {
  const touching: MutableInterval[] = [];
  const inside: MutableInterval[] = [];
  let cur = stand;
  let offset = 0;
  for (const leg of legs) {
    const D = leg.distanceMm;
    if (leg.kind === 'translate') {
      const ts = translationEvents(cur, leg.dx, leg.dy, poly);
      const c0 = standCorners(cur);
      const q = [c0[0].x, c0[0].y, c0[1].x, c0[1].y, c0[2].x, c0[2].y, c0[3].x, c0[3].y];
      record(touching, inside, relationShifted(q, 0, 0, poly), offset, offset);
      for (let k = 1; k < ts.length; k++) {
        const t0 = ts[k - 1]!, t1 = ts[k]!;
        if (t1 - t0 < 1e-12) continue;
        const tm = (t0 + t1) / 2;
        record(touching, inside, relationShifted(q, leg.dx * tm, leg.dy * tm, poly), offset + t0 * D, offset + t1 * D);
      }
      cur = poseInLeg(cur, leg, standIndex, 1);
      record(touching, inside, relationShifted(q, leg.dx, leg.dy, poly), offset + D, offset + D);
    } else {
      const poses = legSamples(cur, [leg], standIndex, stepMm)[0]!;
      const n = poses.length - 1;
      let prev = quadPolygonRelation(standCorners(poses[0]!), poly);
      record(touching, inside, prev, offset, offset);
      for (let k = 1; k <= n; k++) {
        const rel = quadPolygonRelation(standCorners(poses[k]!), poly);
        // PERF: sampled, not traced: a stretch touches when either end does, is inside when both are.
        record(touching, inside, prev === 2 && rel === 2 ? 2 : prev > 0 || rel > 0 ? 1 : 0, offset + ((k - 1) / n) * D, offset + (k / n) * D);
        prev = rel;
      }
      cur = poses[n]!;
    }
    offset += D;
  }
  return { stand: standIndex, touching, inside };
}

/** Times (0..1, sorted, with 0 and 1) at which a translating quad's contact with a polygon can change. */
function translationEvents(s: StandFootprint, dx: number, dy: number, poly: TerrainShape['polygon']): number[] {
  const q = standCorners(s);
  const ts = [0, 1];
  const n = poly.length;
  for (let i = 0; i < 4; i++) {
    const c = q[i]!;
    for (let j = 0; j < n; j++) {
      const a = poly[j]!, b = poly[(j + 1) % n]!;
      const t = segmentHitT(c.x, c.y, c.x + dx, c.y + dy, a.x, a.y, b.x, b.y);
      if (t > 0 && t < 1) ts.push(t);
    }
  }
  for (let j = 0; j < n; j++) {
    const p = poly[j]!;
    for (let i = 0; i < 4; i++) {
      const a = q[i]!, b = q[(i + 1) & 3]!;
      const t = segmentHitT(p.x, p.y, p.x - dx, p.y - dy, a.x, a.y, b.x, b.y);
      if (t > 0 && t < 1) ts.push(t);
    }
  }
  return ts.sort((a, b) => a - b);
}

function pathBox(stand: StandFootprint, legs: readonly Leg[], standIndex: number): Box {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  const grow = (x: number, y: number) => {
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  };
  let cur = stand;
  for (const leg of legs) {
    const cs = standCorners(cur);
    for (const c of cs) grow(c.x, c.y);
    if (leg.kind === 'rotate') {
      // Conservative: the circle the furthest corner sweeps.
      let r = 0;
      for (const c of cs) r = Math.max(r, Math.hypot(c.x - leg.pivot.x, c.y - leg.pivot.y));
      grow(leg.pivot.x - r, leg.pivot.y - r);
      grow(leg.pivot.x + r, leg.pivot.y + r);
    } else if (leg.kind === 'restand') {
      const r = Math.hypot(cur.widthMm, cur.depthMm) / 2;
      const to = leg.to[standIndex] ?? cur;
      grow(cur.centre.x - r, cur.centre.y - r);
      grow(cur.centre.x + r, cur.centre.y + r);
      grow(to.centre.x - r, to.centre.y - r);
      grow(to.centre.x + r, to.centre.y + r);
    }
    cur = poseInLeg(cur, leg, standIndex, 1);
  }
  for (const c of standCorners(cur)) grow(c.x, c.y);
  return { minX, minY, maxX, maxY };
}

/** Is the polygon wholly beside, behind or beyond the band a stand sweeps moving by (dx, dy)? */
function clearOfBand(s: StandFootprint, dx: number, dy: number, poly: TerrainShape['polygon']): boolean {
  const len = Math.hypot(dx, dy);
  if (len === 0) return false;
  const ux = dx / len, uy = dy / len, nx = -uy, ny = ux;
  const c = standCorners(s);
  let a0 = Infinity, a1 = -Infinity, n0 = Infinity, n1 = -Infinity;
  for (const p of c) {
    const a = p.x * ux + p.y * uy, n = p.x * nx + p.y * ny;
    if (a < a0) a0 = a;
    if (a > a1) a1 = a;
    if (n < n0) n0 = n;
    if (n > n1) n1 = n;
  }
  a1 += len;
  let p0 = Infinity, p1 = -Infinity, q0 = Infinity, q1 = -Infinity;
  for (const p of poly) {
    const a = p.x * ux + p.y * uy, n = p.x * nx + p.y * ny;
    if (a < p0) p0 = a;
    if (a > p1) p1 = a;
    if (n < q0) q0 = n;
    if (n > q1) q1 = n;
  }
  return p1 < a0 || p0 > a1 || q1 < n0 || q0 > n1;
}

/** Every feature any stand touches during the move, with the stretches traced. */
export function terrainContactsPlain(stands: readonly StandFootprint[], legs: readonly Leg[], terrain: TerrainIndex, stepMm = 2): TerrainContact[] {
  const total = legs.reduce((a, l) => a + l.distanceMm, 0);
  const byFeature = new Map<string, { feature: TerrainShape; traces: StandTrace[] }>();
  stands.forEach((s, i) => {
    for (const e of terrain.search(pathBox(s, legs, i))) {
      // PERF: a straight move sweeps a convex band; a polygon wholly to one side of it is skipped.
      if (legs.length === 1 && legs[0]!.kind === 'translate' && clearOfBand(s, legs[0]!.dx, legs[0]!.dy, e.value.polygon)) continue;
      const tr = traceStandPlain(s, legs, i, e.value.polygon, stepMm);
      if (tr.touching.length === 0) continue;
      const slot = byFeature.get(e.id) ?? { feature: e.value, traces: [] };
      slot.traces.push(tr);
      byFeature.set(e.id, slot);
    }
  });
  const eps = 1e-9;
  return [...byFeature.values()].map(({ feature, traces }) => {
    let first = Infinity, last = -Infinity, atStart = false, atEnd = false, entered = false, crossed = false;
    for (const t of traces) {
      for (const iv of t.touching) {
        first = Math.min(first, iv.fromMm);
        last = Math.max(last, iv.toMm);
        if (iv.fromMm <= eps) atStart = true; else entered = true;
        if (iv.toMm >= total - eps) atEnd = true;
        if (iv.fromMm > eps && iv.toMm < total - eps) crossed = true;
      }
    }
    return { feature, firstMm: first, lastMm: last, atStart, atEnd, entered, crossed, stands: traces };
  });
}

/** Nearest-point distance between any stand of one unit and any stand of another. */
export function unitDistancePlain(a: readonly StandFootprint[], b: readonly StandFootprint[]): number {
  const bc = b.map(standCorners);
  let best = Infinity;
  for (const s of a) {
    const c = standCorners(s);
    for (const q of bc) {
      const d = quadDistance(c, q);
      if (d < best) { best = d; if (d === 0) return 0; }
    }
  }
  return best;
}

/** Height level of the ground at a point: the highest hill containing it, 0 on the flat. */
export function groundLevelAtPlain(ix: SightIndex, p: TablePoint): number {
  if (!ix.hasHeights) return 0;
  let h = 0;
  for (const f of featuresAt(ix, p.x, p.y)) h = Math.max(h, ix.features[f]!.heightLevel ?? 0);
  return h;
}


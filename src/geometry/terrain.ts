/**
 * Terrain as the geometry sees it: polygons with an id and whatever properties the scenario
 * gave them. The shape matches the engine's TerrainFeature, so rules pass theirs directly;
 * the geometry never reads `kind` or `props` itself — callers' policies do.
 */
import type { TablePoint } from './types';
import { SpatialIndex } from './collisions';
import { boundsOf } from './vec';
import { properCross } from './quadTrace';
import { pointInPolygon, segmentHitT } from './vec';

export { BOX_SLACK_MM, flatPolygon, polygonBoxFlat, quadCornerInside, quadPolygonRelationBoxed, quadPolygonRelationFlat, quadRelationTail } from './quadTrace';

export interface TerrainShape {
  readonly id: string;
  readonly polygon: readonly TablePoint[];
  readonly kind?: string;
  /** Hills: height level above the table. */
  readonly heightLevel?: number;
  /** Hills: the crest line. */
  readonly crest?: readonly TablePoint[];
  readonly props?: Readonly<Record<string, string | number | boolean>>;
}

export type TerrainIndex = SpatialIndex<TerrainShape>;

export function buildTerrainIndex(features: readonly TerrainShape[]): TerrainIndex {
  const idx = new SpatialIndex<TerrainShape>();
  idx.reset(features.filter((f) => f.polygon.length >= 3).map((f) => ({ id: f.id, box: boundsOf(f.polygon), value: f })));
  return idx;
}

/**
 * How a stand's rectangle and a polygon stand: 0 apart, 1 touching or overlapping, 2 the
 * rectangle wholly inside the polygon. Exact for convex quads against simple polygons.
 */
export function quadPolygonRelation(q: readonly TablePoint[], poly: readonly TablePoint[]): 0 | 1 | 2 {
  const n = poly.length;
  // PERF: cheapest decisive tests first; the edge-crossing scan only when corners cannot decide.
  let cornersIn = 0;
  for (let i = 0; i < 4; i++) if (inPoly(q[i]!, poly)) cornersIn++;
  if (cornersIn > 0 && cornersIn < 4) return 1;
  for (const p of poly) if (strictlyInQuad(p, q)) return 1;
  for (let i = 0; i < 4; i++) {
    const a = q[i]!, b = q[(i + 1) & 3]!;
    for (let j = 0; j < n; j++) {
      const c = poly[j]!, d = poly[(j + 1) % n]!;
      if (properCross(a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y)) return 1;
    }
  }
  return cornersIn === 4 ? 2 : 0;
}


function inPoly(p: TablePoint, poly: readonly TablePoint[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!, b = poly[j]!;
    if ((a.y > p.y) !== (b.y > p.y) && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

function strictlyInQuad(p: TablePoint, q: readonly TablePoint[]): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = q[i]!, b = q[(i + 1) & 3]!;
    const c = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    if (c === 0) return false;
    const s = c > 0 ? 1 : -1;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}


/**
 * The pieces of terrain under a body of stands: those holding the centre of at least one stand
 * (a piece with fewer than three points holds nothing). The reading the battalion rules, Death or
 * Glory! and Advanced Shako share for "in" a piece of terrain.
 */
export function terrainUnderCentres<T extends TerrainShape>(terrain: readonly T[], stands: readonly { readonly centre: TablePoint }[]): T[] {
  return terrain.filter((t) => t.polygon.length >= 3 && stands.some((s) => pointInPolygon(s.centre, t.polygon)));
}

/**
 * The part of segment a→b inside a polygon, as parameters 0..1 along it: the first point inside
 * and the last, or undefined when the segment never enters it. A sight or fire line's crossing
 * of a hedge, wall or stream: a rule asks how near its end the crossing lies (a target "behind"
 * an obstacle) by `(1 - lastT) * length`.
 */
export function segmentPolygonSpan(a: TablePoint, b: TablePoint, poly: readonly TablePoint[]): { firstT: number; lastT: number } | undefined {
  if (poly.length < 3) return undefined;
  let first = Infinity, last = -Infinity;
  if (pointInPolygon(a, poly)) first = 0;
  if (pointInPolygon(b, poly)) last = 1;
  for (let i = 0; i < poly.length; i++) {
    const c = poly[i]!, d = poly[(i + 1) % poly.length]!;
    const t = segmentHitT(a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y);
    if (Number.isNaN(t)) continue;
    if (t < first) first = t;
    if (t > last) last = t;
  }
  if (first === Infinity && last === -Infinity) return undefined;
  return { firstT: first === Infinity ? 0 : first, lastT: last === -Infinity ? 1 : last };
}

/**
 * Line of sight with reasons. Terrain comes from a SightIndex whose rules the caller chose
 * (opaque, depth-limited, clear; heights and crests on hills); stands block as the caller
 * says, with a minimum gap and artillery's firing over troops from higher ground. The answer
 * names the nearest thing that blocked and how far along the line it was.
 */
import type { TablePoint } from './types';
import type { StandIndex, StandRecord } from './collisions';
import type { SightFeature, SightIndex } from './sightIndex';
import { allCrossings, featuresAt, firstOpaqueHit, levelAt } from './sightIndex';
import type { StandGrid } from './standGrid';
import { pointStandDist2, standsNearNext, standsNearStart, standsNearT } from './standGrid';
import { pointInPolygon, pointSegDist2XY, segSegDist2XY, segmentHitT } from './vec';
import { hypot } from './math';

export type SightBlockKind = 'terrain' | 'depth' | 'hill' | 'crest' | 'stand';

export interface SightBlock {
  readonly kind: SightBlockKind;
  /** Feature id or stand id. */
  readonly id: string;
  /** Distance from the observer along the line. */
  readonly atMm: number;
  readonly reason: string;
}

export interface SightAnswer {
  readonly visible: boolean;
  readonly blockedBy?: SightBlock;
  readonly lengthMm: number;
  readonly fromLevel: number;
  readonly toLevel: number;
}

export interface StandBlocking {
  /** Blockers: a StandGrid (fast, for overlays) or the collision index. */
  readonly grid?: StandGrid;
  readonly index?: StandIndex;
  /** Stands that never block this line (the firer's and target's own, say). */
  readonly ignore?: (rec: StandRecord) => boolean;
  /**
   * Fire needs a gap of at least this much (one stand width, say): a stand nearer the line
   * than half of it blocks. 0 = only stands the line actually touches.
   */
  readonly minGapMm?: number;
  /** Height of the ground a stand stands on; default the terrain's level at its centre. */
  readonly levelOf?: (rec: StandRecord) => number;
  /**
   * Firing over troops: a stand does not block when the observer or the target stands higher
   * than it, and it is at least `clearOfFirerMm` from the observer and `clearOfTargetMm` from
   * the target.
   */
  readonly overTroops?: { readonly clearOfFirerMm?: number; readonly clearOfTargetMm?: number };
}

export interface SightOptions {
  /** Eye levels; default the ground level at each end. */
  readonly fromLevel?: number;
  readonly toLevel?: number;
  readonly stands?: StandBlocking;
  /**
   * Crests: an end within `onCrestMm` of a crest sees over it; ends closer together than
   * `seeAcrossMm` see each other across it.
   */
  readonly crest?: { readonly onCrestMm?: number; readonly seeAcrossMm?: number };
  /** Transient features (smoke) checked directly, not through the grid. */
  readonly extra?: readonly SightFeature[];
}

/** Height level of the ground at a point: the highest hill containing it, 0 on the flat. */
export function groundLevelAt(ix: SightIndex, p: TablePoint): number {
  return ix.hasHeights ? levelAt(ix, p.x, p.y) : 0;
}

/** The nearest block so far (mutable scratch of one query; no closures on the hot path). */
interface Nearest { block: SightBlock | undefined }

function consider(n: Nearest, k: SightBlock): void {
  if (!n.block || k.atMm < n.block.atMm) n.block = k;
}

/** Does a stand that touches the corridor actually block (after ignore and firing over)? */
function standBlocks(ix: SightIndex, sb: StandBlocking, rec: StandRecord, la: number, lb: number, firerDist: number, targetDist: number): boolean {
  if (sb.ignore?.(rec)) return false;
  if (sb.overTroops) {
    const lvl = sb.levelOf ? sb.levelOf(rec) : groundLevelAt(ix, rec.footprint.centre);
    if ((la > lvl || lb > lvl) && firerDist >= (sb.overTroops.clearOfFirerMm ?? 0) && targetDist >= (sb.overTroops.clearOfTargetMm ?? 0)) return false;
  }
  return true;
}

function standBlock(rec: StandRecord, a: TablePoint, b: TablePoint, L: number, reason: string): SightBlock {
  const c = rec.footprint.centre;
  const along = L > 0 ? ((c.x - a.x) * (b.x - a.x) + (c.y - a.y) * (b.y - a.y)) / L : 0;
  return { kind: 'stand', id: rec.id, atMm: Math.max(0, Math.min(L, along)), reason };
}

/** Is the sight line a→b clear, and if not, what is the nearest thing in the way? */
export function lineOfSight(ix: SightIndex, a: TablePoint, b: TablePoint, opts: SightOptions = {}): SightAnswer {
  const L = hypot(b.x - a.x, b.y - a.y);
  const la = opts.fromLevel ?? groundLevelAt(ix, a);
  const lb = opts.toLevel ?? groundLevelAt(ix, b);
  const near: Nearest = { block: undefined };

  // Opaque terrain: the fast walk.
  const op = firstOpaqueHit(ix, a.x, a.y, b.x, b.y);
  if (op.feature >= 0) consider(near, { kind: 'terrain', id: ix.features[op.feature]!.id, atMm: op.t * L, reason: 'blocks sight' });

  // Stands in the way.
  const sb = opts.stands;
  if (sb) {
    const half = (sb.minGapMm ?? 0) / 2;
    const needDist = sb.overTroops !== undefined;
    const reason = half > 0 ? `gap narrower than ${2 * half} mm` : 'stand in the way';
    if (sb.grid && half <= sb.grid.padMm) {
      const g = sb.grid;
      for (let i = standsNearStart(g, a.x, a.y, b.x, b.y, half); i >= 0; i = standsNearNext(g)) {
        // Stop once the walk is past the nearest block found (cells are padded by padMm).
        if (near.block && standsNearT() * L > near.block.atMm + g.padMm + g.cellMm) break;
        const rec = g.records[i]!;
        const fd = needDist ? Math.sqrt(pointStandDist2(g, i, a.x, a.y)) : 0;
        const td = needDist ? Math.sqrt(pointStandDist2(g, i, b.x, b.y)) : 0;
        if (standBlocks(ix, sb, rec, la, lb, fd, td)) consider(near, standBlock(rec, a, b, L, reason));
      }
    } else if (sb.index) {
      const reach = half + 1e-9;
      const box = { minX: Math.min(a.x, b.x) - reach, minY: Math.min(a.y, b.y) - reach, maxX: Math.max(a.x, b.x) + reach, maxY: Math.max(a.y, b.y) + reach };
      for (const e of sb.index.search(box)) {
        const rec = e.value;
        const d2 = segmentQuadDist2(a, b, rec.corners);
        if (half > 0 ? d2 >= half * half : d2 > 0) continue;
        const fd = needDist ? Math.sqrt(pointQuadDist2(a, rec.corners)) : 0;
        const td = needDist ? Math.sqrt(pointQuadDist2(b, rec.corners)) : 0;
        if (standBlocks(ix, sb, rec, la, lb, fd, td)) consider(near, standBlock(rec, a, b, L, reason));
      }
    }
  }

  // Depth-limited features and hills, up to the nearest block so far (see judgeFeature on
  // truncated runs): crossings grouped per feature.
  if (ix.cellSpecial.length > 0 || (opts.extra?.length ?? 0) > 0) {
    const tMax = near.block ? Math.min(1, near.block.atMm / Math.max(L, 1e-12)) : 1;
    const crossings = ix.cellSpecial.length > 0 ? allCrossings(ix, a.x, a.y, b.x, b.y, tMax) : [];
    const touched = new Map<number, number[]>();
    for (const c of crossings) {
      const list = touched.get(c.feature);
      if (list) list.push(c.t); else touched.set(c.feature, [c.t]);
    }
    if (ix.cellSpecial.length > 0) for (const f of featuresAt(ix, a.x, a.y)) if (ix.special[f] === 1 && !touched.has(f)) touched.set(f, []);
    for (const [f, ts] of touched) judgeFeature(ix.features[f]!, a, b, L, la, lb, ts, opts, near, tMax);
    for (const feat of opts.extra ?? []) {
      const ts: number[] = [];
      const n = feat.polygon.length;
      for (let i = 0; i < n; i++) {
        const p = feat.polygon[i]!, q = feat.polygon[(i + 1) % n]!;
        const t = segmentHitT(a.x, a.y, b.x, b.y, p.x, p.y, q.x, q.y);
        if (!Number.isNaN(t)) ts.push(t);
      }
      ts.sort(byNumber);
      if (ts.length === 0 && !pointInPolygon(a, feat.polygon)) continue;
      judgeFeature(feat, a, b, L, la, lb, ts, opts, near, 1);
    }
  }
  const block = near.block;
  return block ? { visible: false, blockedBy: block, lengthMm: L, fromLevel: la, toLevel: lb } : { visible: true, lengthMm: L, fromLevel: la, toLevel: lb };
}

const byNumber = (x: number, y: number) => x - y;

function judgeFeature(
  feat: SightFeature, a: TablePoint, b: TablePoint, L: number, la: number, lb: number, ts: readonly number[],
  opts: SightOptions, near: Nearest, tMax: number,
): void {
  // Ends by containment, not parity, so a line cut short (tMax) stays right.
  const aIn = pointInPolygon(a, feat.polygon);
  const bIn = pointInPolygon(b, feat.polygon);
  const runs = insideRuns(feat.polygon, a, b, ts, aIn, bIn, tMax);
  const h = feat.heightLevel ?? 0;
  // A line that only touches a hill's outline (along its foot, or at a corner) does not go over it.
  if (h > Math.max(la, lb) && runs.length > 0) {
    const t = runs[0]!.t0;
    consider(near, { kind: 'hill', id: feat.id, atMm: t * L, reason: `hill of level ${h} higher than both ends` });
  }
  if (feat.crest && feat.crest.length >= 2 && !(la > h || lb > h)) {
    const onCrest = opts.crest?.onCrestMm ?? 0;
    const across = opts.crest?.seeAcrossMm ?? 0;
    if (L > across && crestDist(feat.crest, a) > onCrest && crestDist(feat.crest, b) > onCrest) {
      let tc = Infinity;
      for (let i = 0; i + 1 < feat.crest.length; i++) {
        const p = feat.crest[i]!, q = feat.crest[i + 1]!;
        const t = segmentHitT(a.x, a.y, b.x, b.y, p.x, p.y, q.x, q.y);
        if (!Number.isNaN(t) && t < tc) tc = t;
      }
      if (tc !== Infinity) consider(near, { kind: 'crest', id: feat.id, atMm: tc * L, reason: 'beyond the crest' });
    }
  }
  const rule = feat.rule;
  if (rule.kind === 'depth') {
    for (const r of runs) {
      const len = (r.t1 - r.t0) * L;
      const limit = r.hasA && r.hasB ? rule.withinMm : r.hasA || r.hasB ? rule.edgeMm : rule.throughMm ?? 0;
      if (len > limit + 1e-9) {
        const where = r.hasA && r.hasB ? 'inside' : r.hasA ? 'seeing out of' : r.hasB ? 'seeing into' : 'through';
        consider(near, { kind: 'depth', id: feat.id, atMm: (r.t0 + limit / Math.max(L, 1e-12)) * L, reason: `${len.toFixed(1)} mm ${where} it, more than ${limit} mm` });
      }
    }
  } else if (rule.kind === 'opaque' && (runs.length > 0 || ts.length > 0)) {
    consider(near, { kind: 'terrain', id: feat.id, atMm: (runs[0]?.t0 ?? ts[0] ?? 0) * L, reason: 'blocks sight' });
  }
}

/** A run of the sight line inside a feature, as fractions of the line; `hasA`/`hasB`: it holds that end. */
export interface InsideRun { readonly t0: number; readonly t1: number; readonly hasA: boolean; readonly hasB: boolean }

/** A point this close to an outline lies on it (a line along an edge, or through a corner, runs on the outline, not inside). */
const ON_OUTLINE_MM = 1e-9;

/**
 * The stretches of a→b strictly inside `poly`, from the places `ts` (sorted fractions) where the
 * line meets its outline. Each stretch between neighbouring places is judged by its middle point,
 * not by counting crossings: a line through a corner meets two edges at one place (counting would
 * toggle twice and lose the run), one along an edge meets its ends, one grazing a corner from
 * outside touches and goes on. A middle point on the outline is outside: a line along the edge of
 * a wood, or touching its corner, runs 0 mm in it. Stretches inside that meet at a single place
 * (a line touching a reflex corner from inside) are one run. Places are complete up to `tMax`
 * (the line judged only that far): the last stretch is judged by a point short of it.
 */
export function insideRuns(poly: readonly TablePoint[], a: TablePoint, b: TablePoint, ts: readonly number[], aIn: boolean, bIn: boolean, tMax = 1): InsideRun[] {
  const runs: InsideRun[] = [];
  const dx = b.x - a.x, dy = b.y - a.y;
  const inside = (t: number) => {
    const x = a.x + dx * t, y = a.y + dy * t;
    const n = poly.length;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      if (pointSegDist2XY(x, y, poly[j]!.x, poly[j]!.y, poly[i]!.x, poly[i]!.y) <= ON_OUTLINE_MM * ON_OUTLINE_MM) return false;
    }
    return pointInPolygon({ x, y } as TablePoint, poly);
  };
  const len = Math.sqrt(dx * dx + dy * dy);
  let prev = 0;
  const cuts = ts.length > 0 && ts[ts.length - 1]! >= 1 ? ts : [...ts, 1];
  for (const c of cuts) {
    const t = Math.min(1, Math.max(0, c));
    if (t <= prev) continue;
    // Judged short of tMax when the stretch runs past it (places beyond tMax may be missing).
    const hi = prev < tMax ? Math.min(t, tMax) : t;
    if (inside((prev + hi) / 2)) {
      const top = runs[runs.length - 1];
      if (top && (prev - top.t1) * len <= ON_OUTLINE_MM) runs[runs.length - 1] = { t0: top.t0, t1: t, hasA: top.hasA, hasB: t === 1 && bIn };
      else runs.push({ t0: prev, t1: t, hasA: prev === 0 && aIn, hasB: t === 1 && bIn });
    }
    prev = t;
  }
  return runs;
}

function crestDist(crest: readonly TablePoint[], p: TablePoint): number {
  let best = Infinity;
  for (let i = 0; i + 1 < crest.length; i++) {
    const a = crest[i]!, b = crest[i + 1]!;
    best = Math.min(best, pointSegDist2XY(p.x, p.y, a.x, a.y, b.x, b.y));
  }
  return Math.sqrt(best);
}

function pointQuadDist2(p: TablePoint, q: readonly TablePoint[]): number {
  if (inQuad(p, q)) return 0;
  let best = Infinity;
  for (let i = 0; i < 4; i++) {
    const a = q[i]!, b = q[(i + 1) & 3]!;
    best = Math.min(best, pointSegDist2XY(p.x, p.y, a.x, a.y, b.x, b.y));
  }
  return best;
}

function segmentQuadDist2(a: TablePoint, b: TablePoint, q: readonly TablePoint[]): number {
  if (inQuad(a, q)) return 0;
  let best = Infinity;
  for (let i = 0; i < 4; i++) {
    const p = q[i]!, r = q[(i + 1) & 3]!;
    best = Math.min(best, segSegDist2XY(a.x, a.y, b.x, b.y, p.x, p.y, r.x, r.y));
    if (best === 0) return 0;
  }
  return best;
}

function inQuad(p: TablePoint, q: readonly TablePoint[]): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = q[i]!, b = q[(i + 1) & 3]!;
    const c = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    const s = c > 0 ? 1 : c < 0 ? -1 : 0;
    if (s === 0) continue;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}


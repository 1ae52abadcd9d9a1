/**
 * What the tape and the sight line read: the distance between two points or pieces
 * ("all measurements from the nearest point on any stand"), and whether one end sees the
 * other across the terrain, with what blocked it.
 */
import type { Stand, TerrainFeature, Unit } from '../engine/model';
import type { Span } from '../store/uiStore';
import { pointToStandDistance, unitNearestPoints } from '../geometry/measure';
import { buildSightIndex, type SightIndex, type SightRule } from '../geometry/sightIndex';
import { lineOfSight, type SightAnswer } from '../geometry/lineOfSight';
import { buildStandGrid } from '../geometry/standGrid';
import { pt, type TablePoint } from '../geometry/types';

export interface TapeReading {
  readonly from: TablePoint;
  readonly to: TablePoint;
  readonly distanceMm: number;
  /** True when an end was measured from a stand's nearest point. */
  readonly fromStand: boolean;
  readonly toStand: boolean;
}

/** Nearest point of a stand's rectangle to p. */
function nearestOnStand(s: Stand, p: TablePoint): TablePoint {
  const f = { x: Math.cos(s.facing), y: Math.sin(s.facing) };
  const r = { x: -f.y, y: f.x };
  const dx = p.x - s.centre.x, dy = p.y - s.centre.y;
  const a = Math.max(-s.depthMm / 2, Math.min(s.depthMm / 2, dx * f.x + dy * f.y));
  const b = Math.max(-s.widthMm / 2, Math.min(s.widthMm / 2, dx * r.x + dy * r.y));
  return pt(s.centre.x + f.x * a + r.x * b, s.centre.y + f.y * a + r.y * b);
}

function nearestOnPiece(u: Unit, p: TablePoint): { point: TablePoint; d: number } {
  let best = { point: p, d: Infinity };
  for (const s of u.stands) {
    const d = pointToStandDistance(p, s);
    if (d < best.d) best = { point: nearestOnStand(s, p), d };
  }
  return best;
}

export function readTape(span: Span, pieces: readonly Unit[]): TapeReading {
  const a = pieces.find((u) => u.id === span.fromPiece);
  const b = pieces.find((u) => u.id === span.toPiece);
  const from = pt(span.from.x, span.from.y), to = pt(span.to.x, span.to.y);
  if (a && b) {
    const n = unitNearestPoints(a.stands, b.stands);
    return { from: n.from, to: n.to, distanceMm: n.distanceMm, fromStand: true, toStand: true };
  }
  if (a) {
    const n = nearestOnPiece(a, to);
    return { from: n.point, to, distanceMm: n.d, fromStand: true, toStand: false };
  }
  if (b) {
    const n = nearestOnPiece(b, from);
    return { from, to: n.point, distanceMm: n.d, fromStand: false, toStand: true };
  }
  return { from, to, distanceMm: Math.hypot(to.x - from.x, to.y - from.y), fromStand: false, toStand: false };
}

/** Builds the sight index once per terrain layout and rule. */
export class SightReader {
  private key: unknown = null;
  private rule: unknown = null;
  private ix: SightIndex | null = null;

  read(
    span: Span,
    terrain: readonly TerrainFeature[],
    rule: (f: TerrainFeature) => SightRule,
    pieces: readonly Unit[],
    standsBlock: boolean,
    minGapMm: number,
  ): SightAnswer & { blockerName?: string } {
    if (this.key !== terrain || this.rule !== rule || !this.ix) {
      this.key = terrain;
      this.rule = rule;
      this.ix = buildSightIndex(terrain.map((f) => ({ ...f, rule: rule(f) })));
    }
    const ends = new Set([span.fromPiece, span.toPiece].filter(Boolean));
    const stands = standsBlock
      ? {
          grid: buildStandGrid(pieces.flatMap((u) => u.stands.map((s) => ({ id: s.id, unitId: u.id, footprint: s })))),
          ignore: (rec: { unitId: string }) => ends.has(rec.unitId),
          minGapMm,
        }
      : undefined;
    const ans = lineOfSight(this.ix, pt(span.from.x, span.from.y), pt(span.to.x, span.to.y), stands ? { stands } : {});
    const id = ans.blockedBy?.id;
    const name = id ? (terrain.find((f) => f.id === id)?.name ?? pieces.find((u) => u.id === id || u.stands.some((s) => s.id === id))?.name) : undefined;
    return { ...ans, ...(name ? { blockerName: name } : {}) };
  }
}

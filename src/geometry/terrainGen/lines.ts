/**
 * Lines across the table for generated rivers, roads and streams: a straight line through a
 * point at an angle cut at the table edges, an edge-to-edge line bent once, where two lines
 * cross, and a line moved sideways clear of parallel lines. Outlines of a width come from
 * polyline.ts `polylineOutline`.
 */
import type { TablePoint } from '../types';
import { pt } from '../types';
import { polygonDistance, segmentsIntersectXY } from '../vec';
import { polylineOutline } from '../polyline';
import type { TableSize } from './sectors';
import { insideTable } from './placement';
import { cos, sin, tan } from '../math';

/** The straight line through `c` along `angleRad`, from table edge to table edge. */
export function lineAcrossTable(c: TablePoint, angleRad: number, t: TableSize): TablePoint[] {
  const dx = cos(angleRad), dy = sin(angleRad);
  const ts: number[] = [];
  if (Math.abs(dx) > 1e-9) ts.push(-c.x / dx, (t.widthMm - c.x) / dx);
  if (Math.abs(dy) > 1e-9) ts.push(-c.y / dy, (t.depthMm - c.y) / dy);
  const back = Math.max(...ts.filter((s) => s <= 0)), fwd = Math.min(...ts.filter((s) => s >= 0));
  return [pt(c.x + dx * back, c.y + dy * back), pt(c.x + dx * fwd, c.y + dy * fwd)];
}

/**
 * A line from one table edge to the opposite edge through `c`, straight to `c` and bent there by
 * `bendDeg` (the far end kept on the table): top to bottom, or left to right when `flankToFlank`.
 */
export function bentLineAcross(t: TableSize, c: TablePoint, flankToFlank: boolean, bendDeg: number): TablePoint[] {
  const slope = tan((bendDeg * Math.PI) / 180);
  if (flankToFlank) {
    const endY = Math.min(t.depthMm, Math.max(0, c.y + slope * (t.widthMm - c.x)));
    return [pt(0, c.y), c, pt(t.widthMm, endY)];
  }
  const endX = Math.min(t.widthMm, Math.max(0, c.x + slope * (t.depthMm - c.y)));
  return [pt(c.x, 0), c, pt(endX, t.depthMm)];
}

/** Where two polylines first cross (segments of `a` in order), if they do. */
export function linesCrossAt(a: readonly TablePoint[], b: readonly TablePoint[]): TablePoint | undefined {
  for (let i = 0; i + 1 < a.length; i++) {
    for (let j = 0; j + 1 < b.length; j++) {
      const p = a[i]!, q = a[i + 1]!, r = b[j]!, s = b[j + 1]!;
      if (!segmentsIntersectXY(p.x, p.y, q.x, q.y, r.x, r.y, s.x, s.y)) continue;
      const d = (q.x - p.x) * (s.y - r.y) - (q.y - p.y) * (s.x - r.x);
      if (Math.abs(d) < 1e-9) continue;
      const u = ((r.x - p.x) * (s.y - r.y) - (r.y - p.y) * (s.x - r.x)) / d;
      return pt(p.x + (q.x - p.x) * u, p.y + (q.y - p.y) * u);
    }
  }
  return undefined;
}

/** Does a line run more up/down the table than across it (first point to last)? */
export function runsUpTable(line: readonly TablePoint[]): boolean {
  return Math.abs(line[0]!.x - line[line.length - 1]!.x) < Math.abs(line[0]!.y - line[line.length - 1]!.y);
}

/**
 * The line moved sideways (across its run), 0, +s/2, −s/2, +s, … up to 40 tries, until no line
 * of `others` running the same way lies within `spacingMm` and it is still on the table (NW §9
 * Roads: no parallel roads within 6"). Undefined when no try succeeds.
 */
export function spaceFromParallels(line: readonly TablePoint[], others: readonly (readonly TablePoint[])[], spacingMm: number, t: TableSize): TablePoint[] | undefined {
  const vertical = runsUpTable(line);
  let shift = 0;
  for (let i = 0; i < 40; i++) {
    const moved = line.map((p) => (vertical ? pt(p.x + shift, p.y) : pt(p.x, p.y + shift)));
    const tooClose = others.some((o) => runsUpTable(o) === vertical && polygonDistance(polylineOutline(moved, 1), polylineOutline(o, 1)) < spacingMm);
    if (!tooClose && insideTable(moved, t)) return moved;
    shift = shift <= 0 ? -shift + spacingMm / 2 : -shift;
  }
  return undefined;
}

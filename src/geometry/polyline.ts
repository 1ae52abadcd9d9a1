import type { TablePoint } from './types';
import { pt } from './types';
import { hypot } from './math';

/**
 * Outline of a polyline of the given width (a road or a stream) as a closed polygon: the
 * left offset forwards then the right offset backwards, with mitred joins (capped at 4×
 * the half-width so a sharp bend does not spike). Planar; turf's buffer is geodesic.
 */
export function polylineOutline(line: readonly TablePoint[], widthMm: number): TablePoint[] {
  const h = widthMm / 2;
  const n = line.length;
  if (n < 2) return [];
  const normals: { x: number; y: number }[] = [];
  for (let i = 0; i < n - 1; i++) {
    const a = line[i]!, b = line[i + 1]!;
    const dx = b.x - a.x, dy = b.y - a.y;
    const len = hypot(dx, dy) || 1;
    normals.push({ x: -dy / len, y: dx / len });
  }
  const left: TablePoint[] = [];
  const right: TablePoint[] = [];
  for (let i = 0; i < n; i++) {
    const p = line[i]!;
    const n0 = normals[Math.max(0, i - 1)]!;
    const n1 = normals[Math.min(normals.length - 1, i)]!;
    let mx = n0.x + n1.x, my = n0.y + n1.y;
    const ml = hypot(mx, my);
    if (ml < 1e-9) { mx = n1.x; my = n1.y; } else { mx /= ml; my /= ml; }
    const cos = mx * n1.x + my * n1.y;
    const scale = Math.min(4, 1 / Math.max(cos, 0.25)) * h;
    left.push(pt(p.x + mx * scale, p.y + my * scale));
    right.push(pt(p.x - mx * scale, p.y - my * scale));
  }
  return [...left, ...right.reverse()];
}

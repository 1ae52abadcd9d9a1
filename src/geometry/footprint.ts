import type { Radians, StandFootprint, TablePoint } from './types';
import { pt } from './types';

/** Unit vector a facing looks along. */
export function forward(facing: Radians): TablePoint {
  return pt(Math.cos(facing), Math.sin(facing));
}

/** Unit vector to the stand's right (clockwise a quarter turn on screen, y down). */
export function rightOf(facing: Radians): TablePoint {
  return pt(-Math.sin(facing), Math.cos(facing));
}

/**
 * Corners of a stand in order front-left, front-right, rear-right, rear-left (as the stand's
 * own troops would name them when looking along its facing).
 */
export function standCorners(s: StandFootprint): [TablePoint, TablePoint, TablePoint, TablePoint] {
  const f = forward(s.facing);
  const r = rightOf(s.facing);
  const hw = s.widthMm / 2;
  const hd = s.depthMm / 2;
  const at = (a: number, b: number) => pt(s.centre.x + f.x * a + r.x * b, s.centre.y + f.y * a + r.y * b);
  return [at(hd, -hw), at(hd, hw), at(-hd, hw), at(-hd, -hw)];
}

/** Axis-aligned bounding box of a footprint. */
export function standBounds(s: StandFootprint): { minX: number; minY: number; maxX: number; maxY: number } {
  const c = standCorners(s);
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const p of c) {
    if (p.x < minX) minX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.x > maxX) maxX = p.x;
    if (p.y > maxY) maxY = p.y;
  }
  return { minX, minY, maxX, maxY };
}

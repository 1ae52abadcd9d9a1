/** Queries over units: the box round a unit (for index searches). */
import type { StandFootprint } from './types';
import { standCorners } from './footprint';
import type { Box } from './vec';

/** The box round a unit's stands. */
export function unitBox(stands: readonly StandFootprint[]): Box {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const s of stands) for (const c of standCorners(s)) {
    if (c.x < minX) minX = c.x;
    if (c.x > maxX) maxX = c.x;
    if (c.y < minY) minY = c.y;
    if (c.y > maxY) maxY = c.y;
  }
  return { minX, minY, maxX, maxY };
}

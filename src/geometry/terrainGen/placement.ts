/**
 * Placement constraints for generated terrain: a new piece may not lie on one already placed
 * unless the ruleset says those two may overlap (roads over rivers, woods on hills…), and must
 * lie inside the table.
 */
import type { TablePoint } from '../types';
import { polygonDistance } from '../vec';
import type { TableSize } from './sectors';

/** Closer than this (mm) counts as lying on each other: pieces laid edge to edge by arithmetic do not close exactly. */
export const TOUCH_MM = 0.5;

export interface Placed {
  readonly polygon: readonly TablePoint[];
}

/** Do two outlines lie on each other (closer than `gapMm`)? */
export const outlinesMeet = (a: readonly TablePoint[], b: readonly TablePoint[], gapMm = TOUCH_MM): boolean => polygonDistance(a, b) < gapMm;

/**
 * The first placed piece the candidate would lie on that the ruleset's `mayOverlap` does not
 * allow; undefined when it may be placed.
 */
export function firstClash<P extends Placed>(candidate: P, placed: readonly P[], mayOverlap: (a: P, b: P) => boolean, gapMm = TOUCH_MM): P | undefined {
  return placed.find((g) => outlinesMeet(candidate.polygon, g.polygon, gapMm) && !mayOverlap(candidate, g));
}

/** Is every point on the table (edges included)? */
export function insideTable(points: readonly TablePoint[], t: TableSize): boolean {
  return points.every((p) => p.x >= 0 && p.y >= 0 && p.x <= t.widthMm && p.y <= t.depthMm);
}

/**
 * Sets of stands taken together (a unit, a group of units): their mean centre, a circle holding
 * them (cached per stands array, for cheap "too far apart to matter" tests). Generic over the
 * ruleset's stand records.
 */
import type { StandFootprint, TablePoint } from './types';
import { pt } from './types';
import { hypot } from './math';

/**
 * The mean of the stand centres: a unit's or group's "exact centre" where a ruleset measures
 * from one (SYW p.7). Not the frame centre (`unitCentre`), which is the centre of the bounding
 * rectangle in the unit's facing; for a regular block the two coincide.
 */
export function meanCentre(stands: readonly StandFootprint[]): TablePoint {
  let x = 0, y = 0;
  for (const s of stands) { x += s.centre.x; y += s.centre.y; }
  const n = Math.max(1, stands.length);
  return pt(x / n, y / n);
}

export interface Circle {
  readonly x: number;
  readonly y: number;
  readonly r: number;
}

const circleCache = new WeakMap<readonly StandFootprint[], Circle>();

/**
 * A circle holding every stand (centre at the mean centre). PERF: cached per stands array, which
 * is immutable in a game state, so a drag previewing many poses against the same field pays once.
 */
export function boundingCircle(stands: readonly StandFootprint[]): Circle {
  let c = circleCache.get(stands);
  if (c) return c;
  const m = meanCentre(stands);
  let r = 0;
  for (const s of stands) r = Math.max(r, hypot(s.centre.x - m.x, s.centre.y - m.y) + hypot(s.widthMm, s.depthMm) / 2);
  c = { x: m.x, y: m.y, r };
  circleCache.set(stands, c);
  return c;
}

/** Are two stand sets' circles further apart than `gapMm` (so the sets are too)? */
export function circlesApart(a: readonly StandFootprint[], b: readonly StandFootprint[], gapMm: number): boolean {
  const ca = boundingCircle(a), cb = boundingCircle(b);
  return hypot(ca.x - cb.x, ca.y - cb.y) - ca.r - cb.r > gapMm;
}

/**
 * Half the span of `stands` across the direction (fx, fy) (a unit vector) from `origin`: the
 * farthest stand centre to either side plus half that stand's width. A unit's half frontage when
 * (fx, fy) is its facing; the half width of the lane it sweeps going that way.
 */
export function halfSpanAcross(stands: readonly StandFootprint[], origin: { readonly x: number; readonly y: number }, fx: number, fy: number): number {
  let half = 0;
  for (const s of stands) half = Math.max(half, Math.abs(-(s.centre.x - origin.x) * fy + (s.centre.y - origin.y) * fx) + s.widthMm / 2);
  return half;
}

/**
 * Does a stand of `stands` stand in the lane from `origin` along the unit vector (fx, fy), `lenMm`
 * long and `halfMm` to each side: its centre ahead of the origin and short of the lane's end, and
 * its side within `halfMm` plus half its width of the lane's middle? A quick estimate of what a
 * move that way would run into (the exact answer is the movement core's).
 */
export function laneMeets(stands: readonly StandFootprint[], origin: { readonly x: number; readonly y: number }, fx: number, fy: number, lenMm: number, halfMm: number): boolean {
  for (const s of stands) {
    const ox = s.centre.x - origin.x, oy = s.centre.y - origin.y;
    const along = ox * fx + oy * fy, lateral = Math.abs(-ox * fy + oy * fx);
    if (along > 0 && along < lenMm && lateral < halfMm + s.widthMm / 2) return true;
  }
  return false;
}

/**
 * Ground held, a figure every ruleset's evaluation and metrics can share: the share of the table
 * nearer to one side's stands than to any enemy stand, sampled on a fixed grid (a coarse Voronoi
 * split of the table between the armies). 0.5 is an even split; it ignores terrain on purpose —
 * a ruleset that weighs ground by its rules adds that in its own evaluation.
 */
import type { SideId } from './model';
import type { Battle } from './state';

const GRID_X = 24;
const GRID_Y = 16;

/** Share in [0, 1] of the table nearer to `side`'s stands than to the other side's (0.5 if either has none). */
export function groundHeld(battle: Battle, side: SideId): number {
  // PERF: the AI evaluates every position it looks at with this; centres go into flat arrays and
  // the nearest is found with plain loops (the same sums and comparisons as before, no closures).
  let nOwn = 0, nOther = 0;
  for (const u of battle.units) {
    if (u.side === side) nOwn += u.stands.length;
    else nOther += u.stands.length;
  }
  if (nOwn === 0 || nOther === 0) return nOwn === 0 && nOther > 0 ? 0 : nOther === 0 && nOwn > 0 ? 1 : 0.5;
  const own = new Float64Array(2 * nOwn), other = new Float64Array(2 * nOther);
  let io = 0, ix = 0;
  for (const u of battle.units) {
    for (const s of u.stands) {
      if (u.side === side) {
        own[io++] = s.centre.x;
        own[io++] = s.centre.y;
      } else {
        other[ix++] = s.centre.x;
        other[ix++] = s.centre.y;
      }
    }
  }
  let mine = 0;
  for (let i = 0; i < GRID_X; i++) {
    for (let j = 0; j < GRID_Y; j++) {
      const x = ((i + 0.5) / GRID_X) * battle.table.widthMm, y = ((j + 0.5) / GRID_Y) * battle.table.depthMm;
      const a = nearest(own, x, y), b = nearest(other, x, y);
      mine += a < b ? 1 : a === b ? 0.5 : 0;
    }
  }
  return mine / (GRID_X * GRID_Y);
}

/** The least squared distance from (x, y) to the points of `ps` (x, y pairs). */
function nearest(ps: Float64Array, x: number, y: number): number {
  let m = Infinity;
  for (let k = 0; k < ps.length; k += 2) {
    const dx = ps[k]! - x, dy = ps[k + 1]! - y;
    m = Math.min(m, dx * dx + dy * dy);
  }
  return m;
}

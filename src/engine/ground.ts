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

/**
 * PERF: answers already given, per units array (a battle replaces the array whenever a unit
 * changes, and never changes one in place): an order placed, a charge declared or a view of an
 * unchanged table asks again about the same units. Keyed by side and table size as well.
 */
const HELD = new WeakMap<Battle['units'], { side: SideId; w: number; d: number; held: number }[]>();

/** Share in [0, 1] of the table nearer to `side`'s stands than to the other side's (0.5 if either has none). */
export function groundHeld(battle: Battle, side: SideId): number {
  const w = battle.table.widthMm, d = battle.table.depthMm;
  let known = HELD.get(battle.units);
  const hit = known?.find((k) => k.side === side && k.w === w && k.d === d);
  if (hit) return hit.held;
  const held = computeGroundHeld(battle, side);
  if (!known) HELD.set(battle.units, (known = []));
  known.push({ side, w, d, held });
  return held;
}

function computeGroundHeld(battle: Battle, side: SideId): number {
  // PERF: the AI evaluates every position it looks at with this. Each army's centres go into flat
  // arrays, unit by unit, with the box round each unit's centres; the nearest centre to a grid
  // point skips every unit whose box is no nearer than the best found so far (starting from the
  // centre nearest the grid point before), which cannot change the least distance (nearest()).
  let nOwn = 0, nOther = 0;
  for (const u of battle.units) {
    if (u.side === side) nOwn += u.stands.length;
    else nOther += u.stands.length;
  }
  if (nOwn === 0 || nOther === 0) return nOwn === 0 && nOther > 0 ? 0 : nOther === 0 && nOwn > 0 ? 1 : 0.5;
  const own = army(battle, side, true, nOwn), other = army(battle, side, false, nOther);
  let mine = 0;
  for (let i = 0; i < GRID_X; i++) {
    own.last = 0;
    other.last = 0;
    for (let j = 0; j < GRID_Y; j++) {
      const x = ((i + 0.5) / GRID_X) * battle.table.widthMm, y = ((j + 0.5) / GRID_Y) * battle.table.depthMm;
      const a = nearest(own, x, y), b = nearest(other, x, y);
      mine += a < b ? 1 : a === b ? 0.5 : 0;
    }
  }
  return mine / (GRID_X * GRID_Y);
}

/** One army's stand centres (x, y pairs), unit by unit, and each unit's first centre and box. */
interface Army {
  readonly ps: Float64Array;
  /** Unit g's centres are points start[g] … start[g + 1] − 1. */
  readonly start: Int32Array;
  /** Unit g's box: minX, maxX, minY, maxY at 4g … 4g + 3. */
  readonly box: Float64Array;
  readonly groups: number;
  /** The point nearest the last grid point asked about. */
  last: number;
}

function army(battle: Battle, side: SideId, ofSide: boolean, n: number): Army {
  const ps = new Float64Array(2 * n);
  let groups = 0;
  for (const u of battle.units) if ((u.side === side) === ofSide && u.stands.length > 0) groups++;
  const start = new Int32Array(groups + 1), box = new Float64Array(4 * groups);
  let k = 0, g = 0;
  for (const u of battle.units) {
    if ((u.side === side) !== ofSide || u.stands.length === 0) continue;
    start[g] = k;
    let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
    for (const s of u.stands) {
      const x = s.centre.x, y = s.centre.y;
      ps[2 * k] = x;
      ps[2 * k + 1] = y;
      k++;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    box[4 * g] = minX;
    box[4 * g + 1] = maxX;
    box[4 * g + 2] = minY;
    box[4 * g + 3] = maxY;
    g++;
  }
  start[groups] = k;
  return { ps, start, box, groups, last: 0 };
}

/**
 * The least squared distance, dx * dx + dy * dy with dx = centre x − x, from (x, y) to the
 * army's centres. A unit is skipped when its box's squared gap is no less than the best so far:
 * rounding is monotonic, so every centre in the box has a squared x gap no smaller than the
 * box's (and the same for y), hence a squared distance no smaller, and the least is unchanged.
 */
function nearest(a: Army, x: number, y: number): number {
  const ps = a.ps, box = a.box, start = a.start;
  let best: number;
  {
    const dx = ps[2 * a.last]! - x, dy = ps[2 * a.last + 1]! - y;
    best = dx * dx + dy * dy;
  }
  for (let g = 0; g < a.groups; g++) {
    const minX = box[4 * g]!, maxX = box[4 * g + 1]!, minY = box[4 * g + 2]!, maxY = box[4 * g + 3]!;
    const gx = x < minX ? minX - x : x > maxX ? x - maxX : 0;
    const gy = y < minY ? minY - y : y > maxY ? y - maxY : 0;
    if (gx * gx + gy * gy >= best) continue;
    for (let k = start[g]!; k < start[g + 1]!; k++) {
      const dx = ps[2 * k]! - x, dy = ps[2 * k + 1]! - y;
      const d = dx * dx + dy * dy;
      if (d < best) {
        best = d;
        a.last = k;
      }
    }
  }
  return best;
}

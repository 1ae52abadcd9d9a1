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
  const own: { x: number; y: number }[] = [];
  const other: { x: number; y: number }[] = [];
  for (const u of battle.units) for (const s of u.stands) (u.side === side ? own : other).push(s.centre);
  if (own.length === 0 || other.length === 0) return own.length === 0 && other.length > 0 ? 0 : other.length === 0 && own.length > 0 ? 1 : 0.5;
  const near = (ps: readonly { x: number; y: number }[], x: number, y: number) => ps.reduce((m, p) => Math.min(m, (p.x - x) * (p.x - x) + (p.y - y) * (p.y - y)), Infinity);
  let mine = 0;
  for (let i = 0; i < GRID_X; i++) {
    for (let j = 0; j < GRID_Y; j++) {
      const x = ((i + 0.5) / GRID_X) * battle.table.widthMm, y = ((j + 0.5) / GRID_Y) * battle.table.depthMm;
      const a = near(own, x, y), b = near(other, x, y);
      mine += a < b ? 1 : a === b ? 0.5 : 0;
    }
  }
  return mine / (GRID_X * GRID_Y);
}

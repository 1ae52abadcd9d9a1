/** Drill, wheels, inclines, formations, rout and pursuit moves. SYW §4 p.9, 7 pp.15-16. */
import { dice } from './cite';
import type { Drill } from './units';

const U = 'SYW §4 unit table notes (p.9)';

/** Wheel speed factor: "Badly drilled troops and Militia only wheel at half speed" (p.9). */
export function wheelSpeedFactor(drill: Drill, militia: boolean): number {
  return drill === 'badly' || militia ? 0.5 : 1;
}

/**
 * Incline march at 45° to the facing (p.9): well drilled full speed; normal troops and cavalry
 * half speed; badly drilled and militia not at all. Cavalry always incline at half speed (RULINGS.md).
 */
export function inclineSpeedFactor(drill: Drill, militia: boolean, cavalry: boolean): number {
  if (drill === 'badly' || militia) return 0;
  if (cavalry) return 0.5;
  return drill === 'well' ? 1 : 0.5;
}
export const INCLINE_ANGLE_DEG = 45;
export const MOVE_NOTES_RULE = U;

/**
 * Formation changes by drill on Reserve (p.8): well drilled any change and move; normal
 * troops change line <-> 1 or 2 wide column to the flank and move, or any change without
 * moving; badly drilled change or move.
 */
export type FormationChangeKind = 'lineToFlankColumn' | 'other';
export function formationChangeLetsMove(drill: Drill, kind: FormationChangeKind): boolean {
  if (drill === 'well') return true;
  if (drill === 'normal') return kind === 'lineToFlankColumn';
  return false;
}
export const DRILL_RULE = 'SYW (3) Order interpretation, Reserve (p.8)';

/** Formations allowed (p.9): line infantry line (1-2 deep), column (1-2 wide), square; cavalry and lights line and column. */
export const FORMATIONS = {
  massedInfantry: { line: { maxRanks: 2 }, column: { widths: [1, 2] }, square: true },
  cavalryAndLights: { line: { maxRanks: 1 }, column: { widths: [1, 2] }, square: false },
  /** A 3+ deep column counts +1 in melee v cavalry to its front (p.14). */
  deepColumnRanks: 3,
  rule: 'SYW §4 Formations allowed (p.9)',
} as const;

/** Rout and pursuit moves (7 p.15-16). */
export const ROUT_MOVES = {
  firstRout: { cavalry: dice(1, 10, 30), infantry: dice(1, 6, 16) },
  firstPursuit: { cavalry: dice(1, 10, 28), infantry: dice(1, 6, 14) },
  /** Routers avoid enemy not in Retreat by 5cm; need a route 10cm wide or surrender. */
  avoidEnemyCm: 5,
  escapeGapCm: 10,
  /** Pursuit stops on a D6 of 1-3 ("13 (D6)") at any subsequent movement. */
  pursuitStopsOnOrBelow: 3,
  /** Routers may not rally within 10cm of visible enemy. */
  noRallyWithinCm: 10,
  rule: 'SYW 7 Rout and Pursuit (pp.15-16)',
} as const;

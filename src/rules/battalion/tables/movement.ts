/** BT Movement Phase: the movement table, inches per move by formation and troop column. */
import type { MoveColumn } from './troops';

export const MOVEMENT_RULE = 'BT Movement Phase (movement table)';

export const FORMATIONS = ['column', 'line', 'loose', 'square', 'wedge'] as const;
export type Formation = (typeof FORMATIONS)[number];

/** One cell: a rate, a rate and a double rate ("6”/12”", column at the double), or immobile. */
export interface MoveCell {
  readonly inches: number;
  /** Column "allows units to move ‘at the double’": the second figure. */
  readonly doubleInches?: number;
  readonly immobile?: boolean;
}

/**
 * The table as printed (rows Column, Line, Loose, Square, Wedge; columns Light Inf, Inf/Gren,
 * Light C., Med C. Horse A, Heavy C., Light A., Heavy A.). A blank cell: the formation is not
 * open to that column. Light A. column "6”*" (the asterisk is not explained: RULINGS.md reads it
 * as limbered). Horse artillery shares the Med C. column but takes its Line rate only (RULINGS.md).
 */
export const MOVEMENT_TABLE: Readonly<Record<Formation, Partial<Record<MoveColumn, MoveCell>>>> = {
  column: { lightInf: { inches: 6, doubleInches: 12 }, infGren: { inches: 6, doubleInches: 12 }, lightArt: { inches: 6 } },
  line: { lightInf: { inches: 6 }, infGren: { inches: 4 }, lightCav: { inches: 10 }, medCavHorseArt: { inches: 8 }, heavyCav: { inches: 6 }, lightArt: { inches: 4 }, heavyArt: { inches: 2 } },
  loose: { lightInf: { inches: 6 }, lightCav: { inches: 12 }, medCavHorseArt: { inches: 10 }, heavyCav: { inches: 8 } },
  square: { lightInf: { inches: 0, immobile: true }, infGren: { inches: 0, immobile: true } },
  wedge: { lightCav: { inches: 8 }, medCavHorseArt: { inches: 6 }, heavyCav: { inches: 6 } },
};

/** BT Loose Formation: "a 2” gap ... between infantry platoons and 4” between cavalry squadrons". */
export const LOOSE_GAP_IN = { infantry: 2, cavalry: 4 } as const;
/** BT Column: "only 2 stands facing the intended direction of movement". */
export const COLUMN_WIDTH = 2;
/** BT Line: "placed at least 2 stands wide". */
export const LINE_MIN_WIDTH = 2;
/** BT Square: "Infantry squares cannot change formation if there is a cavalry stand within 2”". */
export const SQUARE_CAVALRY_LOCK_IN = 2;
/** BT Army Commanders: "All commanders move as if Light Cavalry" (Line, 10"). */
export const COMMANDER_MOVE_IN = 10;

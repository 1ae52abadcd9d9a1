import type { Scale } from './scale';
import type { TroopType } from './troops';

/**
 * NW Movement §3 Movement Distances. Rates in inches: `tactical` within Engagement Range of any
 * enemy, `strategic` beyond it (the headings say "within 12\"" for both scales; RULINGS.md reads
 * Engagement Range). Charge/Rout/Pursuit/Retreat moves replace the normal move: base + Nd6.
 */
export interface DiceDistance {
  readonly baseIn: number;
  readonly d6: number;
}

export interface MoveRow {
  readonly tacticalIn: number;
  readonly strategicIn: number;
  /** Skirmish-order foot (foot only). */
  readonly skirmish?: { readonly tacticalIn: number; readonly strategicIn: number };
  /** Charge / Rout / Pursuit / Retreat. */
  readonly fast: DiceDistance;
  /** Dense terrain delay (deducted); undefined: may not enter dense terrain. */
  readonly denseDelay?: DiceDistance;
}

export interface MovementTable {
  readonly scale: Scale;
  readonly rows: Readonly<Record<TroopType, MoveRow>>;
  /** Foot in column adds this to the move (tactical / strategic). */
  readonly footColumnBonusIn: { readonly tacticalIn: number; readonly strategicIn: number };
  /** Light terrain and obstacles delay (deducted). */
  readonly lightDelay: DiceDistance;
  readonly rule: string;
}

export const MOVEMENT: Readonly<Record<Scale, MovementTable>> = {
  medium: {
    scale: 'medium',
    rows: {
      foot: { tacticalIn: 6, strategicIn: 8, skirmish: { tacticalIn: 8, strategicIn: 12 }, fast: { baseIn: 3, d6: 1 }, denseDelay: { baseIn: 0, d6: 1 } },
      'light-cavalry': { tacticalIn: 12, strategicIn: 16, fast: { baseIn: 6, d6: 2 }, denseDelay: { baseIn: 0, d6: 3 } },
      cavalry: { tacticalIn: 8, strategicIn: 12, fast: { baseIn: 3, d6: 2 } },
      'line-artillery': { tacticalIn: 6, strategicIn: 8, fast: { baseIn: 3, d6: 1 } },
      wagon: { tacticalIn: 6, strategicIn: 8, fast: { baseIn: 3, d6: 1 } },
      'horse-artillery': { tacticalIn: 8, strategicIn: 12, fast: { baseIn: 3, d6: 2 } },
    },
    footColumnBonusIn: { tacticalIn: 2, strategicIn: 1 },
    lightDelay: { baseIn: 0, d6: 1 },
    rule: 'NW Movement §3 Movement Rates for Medium Bases',
  },
  large: {
    scale: 'large',
    rows: {
      foot: { tacticalIn: 9, strategicIn: 12, skirmish: { tacticalIn: 12, strategicIn: 16 }, fast: { baseIn: 6, d6: 1 }, denseDelay: { baseIn: 2, d6: 1 } },
      'light-cavalry': { tacticalIn: 18, strategicIn: 24, fast: { baseIn: 12, d6: 2 }, denseDelay: { baseIn: 3, d6: 3 } },
      cavalry: { tacticalIn: 12, strategicIn: 16, fast: { baseIn: 6, d6: 2 } },
      'line-artillery': { tacticalIn: 9, strategicIn: 12, fast: { baseIn: 6, d6: 1 } },
      wagon: { tacticalIn: 9, strategicIn: 12, fast: { baseIn: 6, d6: 1 } },
      'horse-artillery': { tacticalIn: 12, strategicIn: 16, fast: { baseIn: 6, d6: 2 } },
    },
    footColumnBonusIn: { tacticalIn: 2, strategicIn: 3 },
    lightDelay: { baseIn: 2, d6: 1 },
    rule: 'NW Movement §3 Movement Rates for Large Bases',
  },
};

/** NW Movement §3 and §23 Roads: road column moves 1½ times normal column movement, ignoring terrain. */
export const ROAD_COLUMN_FACTOR = 1.5;

/** NW §25 Changing Face/Wheeling: at most 45° a turn, the outer stand's path counts double. */
export const WHEEL = { maxDeg: 45, distanceFactor: 2, rule: 'NW §25 Changing Face' } as const;

/** NW §27 Rally/Hasty Square and Austrian Mass move at half speed; Square moves 1" (2") — see scale.ts. */
export const HALF_SPEED_FORMATIONS = ['rally-square', 'austrian-mass'] as const;

/** NW §23 Terrain Effects, by terrain class. */
export type TerrainClass = 'clear' | 'light' | 'dense' | 'obstacle' | 'river' | 'road' | 'building' | 'low-hill' | 'water' | 'ford' | 'bridge';

export interface TerrainEffect {
  /** Delay applies (once any stand touches), unless the mover is exempt. */
  readonly delay: 'none' | 'light' | 'dense';
  /** Troop kinds that may not enter. */
  readonly impassableFor: readonly ('foot' | 'light-cavalry' | 'cavalry' | 'artillery' | 'all')[];
  /**
   * Disorders on entering/crossing, with exemptions decided in moves.ts (RULINGS §17/§23): light
   * terrain spares any unit in skirmish formation, foot or cavalry ("All troops except skirmishing
   * units"); obstacles spare skirmish foot; dense terrain spares skirmish foot and light infantry.
   */
  readonly disorders: boolean;
  readonly rule: string;
}

export const TERRAIN_EFFECTS: Readonly<Record<TerrainClass, TerrainEffect>> = {
  clear: { delay: 'none', impassableFor: [], disorders: false, rule: 'NW §23 Terrain Effects' },
  // Low hills "have no effect whatsoever on movement" (NW §9 Terrain Types note).
  'low-hill': { delay: 'none', impassableFor: [], disorders: false, rule: 'NW §9 Terrain Types/Note' },
  light: { delay: 'light', impassableFor: [], disorders: true, rule: 'NW §23 Light Terrain' },
  dense: { delay: 'dense', impassableFor: ['cavalry', 'artillery'], disorders: true, rule: 'NW §23 Dense Terrain' },
  obstacle: { delay: 'light', impassableFor: [], disorders: true, rule: 'NW §23 Obstacles' },
  // Rivers: crossed only at bridges and fords.
  river: { delay: 'none', impassableFor: ['all'], disorders: false, rule: 'NW §23 Rivers' },
  water: { delay: 'none', impassableFor: ['all'], disorders: false, rule: 'NW §9 Water Features' },
  ford: { delay: 'none', impassableFor: [], disorders: false, rule: 'NW §23 Rivers' },
  bridge: { delay: 'none', impassableFor: [], disorders: false, rule: 'NW §23 Rivers' },
  road: { delay: 'none', impassableFor: [], disorders: false, rule: 'NW §23 Roads' },
  // Entering or exiting costs an infantry unit half its move; other troops cannot enter.
  building: { delay: 'none', impassableFor: ['light-cavalry', 'cavalry', 'artillery'], disorders: false, rule: 'NW §23 Buildings' },
};

/** NW §23 Buildings. */
export const BUILDINGS = { standsPerBuilding: 2, enterExitCostFraction: 0.5, infantryOnly: true, rule: 'NW §23 Buildings' } as const;

/** NW §23 Rivers: a unit on Deploy orders touching a river finds a 2-stand-wide ford on a d6 of 6. */
export const FORD_SEARCH = { die: 'd6', findOn: 6, fordWidthStands: 2, crossingWidthStands: 1, rule: 'NW §23 Rivers' } as const;

/** NW §23 Obstacles: an ambusher charging out of a gully or ravine is disordered and loses a d6 of charge move. */
export const AMBUSH_CHARGE_PENALTY = { d6: 1, disordered: true, rule: 'NW §23 Obstacles' } as const;

/** NW §9 Leaving and Returning: d6 each subsequent turn; mounted return on 6, foot on 5–6. */
export const RETURN_TO_TABLE = { mountedOn: [6], footOn: [5, 6], rule: 'NW §9 Leaving and Returning to the Table' } as const;

/** NW Off-Table Reserves: at most a quarter of an army. */
export const OFF_TABLE_RESERVE_MAX_FRACTION = 0.25;

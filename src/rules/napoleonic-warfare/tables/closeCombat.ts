import type { Grade } from './troops';

/** NW Close Combat, Combat Score Tables: the factor of each morale grade. */
export const COMBAT_GRADE_FACTOR: Readonly<Record<Grade, number>> = {
  'veteran-guard': 4,
  guard: 3,
  elite: 2,
  veteran: 1,
  'line-1st': 0,
  'line-2nd': -1,
  conscript: -2,
  militia: -3,
};

export type CombatModifier =
  | 'foot-charging'
  | 'mounted-charging'
  | 'heavy-cavalry-charge'
  | 'cavalry-pushback-pursue'
  | 'medium-cavalry-charge'
  | 'general-with-unit'
  | 'foot-pushback-pursue'
  | 'enemy-artillerymen'
  | 'deeper-formation'
  | 'superior-order'
  | 'light-cavalry-charge'
  | 'lancers-charging'
  | 'overlap'
  | 'square-vs-mounted'
  | 'enemy-defend-orders'
  | 'lancers-subsequent-round'
  | 'enemy-superior-position';

export interface CombatModifierSpec {
  /** Fixed value, or dice: value = sign × (Nd6, halved when `half`). */
  readonly value?: number;
  readonly dice?: { readonly d6: number; readonly sign: 1 | -1; readonly half?: boolean };
  readonly label: string;
  /** Counted once per rank / per flank. */
  readonly per?: 'rank' | 'flank';
}

/** NW Close Combat, Combat Score Tables/Circumstances. */
export const COMBAT_MODIFIERS: Readonly<Record<CombatModifier, CombatModifierSpec>> = {
  'foot-charging': { dice: { d6: 1, sign: 1, half: true }, label: 'foot charging or countercharging (+½d6)' },
  'mounted-charging': { dice: { d6: 1, sign: 1 }, label: 'mounted charging or countercharging, not against squares (+1d6)' },
  'heavy-cavalry-charge': { value: 3, label: 'heavy cavalry charge' },
  'cavalry-pushback-pursue': { value: 3, label: 'cavalry pushing back or pursuing' },
  'medium-cavalry-charge': { value: 2, label: 'medium cavalry charge in good order' },
  'general-with-unit': { value: 2, label: 'general with unit' },
  'foot-pushback-pursue': { value: 2, label: 'foot pushing back or pursuing' },
  'enemy-artillerymen': { value: 2, label: 'enemy are artillerymen' },
  'deeper-formation': { value: 1, label: 'deeper formation, each complete rank', per: 'rank' },
  'superior-order': { value: 1, label: 'superior order (ordered against disordered)' },
  'light-cavalry-charge': { value: 1, label: 'light cavalry charge in good order' },
  'lancers-charging': { value: 1, label: 'lancers charging in good order' },
  overlap: { value: 1, label: 'overlap on each flank', per: 'flank' },
  'square-vs-mounted': { dice: { d6: 2, sign: -1 }, label: 'mounted against a square (−2d6, rolled by the square)' },
  'enemy-defend-orders': { value: -1, label: 'enemy has Defend orders' },
  'lancers-subsequent-round': { value: -1, label: 'lancers in subsequent rounds of the same combat' },
  'enemy-superior-position': { value: -2, label: 'enemy in a superior tactical position' },
};

/** NW Close Combat §5 Resolving a Close Combat. */
export const CASUALTY_RULES = {
  /** Casualties = stands fighting × combat score / 10; the tenths are a d10 percentage roll. */
  divisor: 10,
  /** "you always have a 10% chance for a casualty per fighting stand": score counts at least 1. */
  minimumScore: 1,
  flankOrRearFactor: 2,
  /** A unit hit in flank or rear does not roll the combat die (scores zero) and cannot hurt those attackers. */
  flankedRollsZero: true,
  randomDie: 'd6',
  rule: 'NW Close Combat §5 Resolving a Close Combat',
} as const;

/**
 * Whole and fractional casualties: 2.4 is 2, plus one more on a d10 of 1–4.
 * Returns the guaranteed part and the d10 threshold for the extra one (0: no roll).
 */
export function casualtySplit(stands: number, score: number, flankOrRear: boolean): { whole: number; extraOnOrBelow: number; raw: number } {
  const s = Math.max(score, CASUALTY_RULES.minimumScore);
  const tenths = stands * s * (flankOrRear ? CASUALTY_RULES.flankOrRearFactor : 1);
  return { whole: Math.floor(tenths / 10), extraOnOrBelow: tenths % 10, raw: tenths / 10 };
}

/** NW Close Combat/After Close Combat. */
export const AFTER_COMBAT = {
  /** The side with more casualties is Disordered and pushed back one base depth. */
  pushBackDepths: 1,
  pushedBackDisordered: true,
  artilleryPushedBackDestroyed: true,
  equalIsLocked: true,
  /** A broken square reverts to column facing the enemy. */
  brokenSquareBecomes: 'column',
  rule: 'NW Close Combat/After Close Combat',
} as const;

/** NW Close Combat §6 Stands fighting, and the Disordered/Fragmented rows of the Combat Score Tables. */
export const STANDS_FIGHTING = {
  /** In subsequent rounds one unengaged stand per flank touching an engaged friend also fights. */
  lapPerFlankAfterFirstRound: 1,
  disordered: { overlaps: false, depth: false, onlyInContact: true },
  fragmented: { frontFraction: 0.5, overlaps: false, depth: false },
  /** Square: a quarter of its stands fight each way, depth as a one-deep line. Rally square / mass: a third, three ways. */
  squareFraction: 0.25,
  rallySquareFraction: 1 / 3,
  rule: 'NW Close Combat §6; Combat Score Tables; §27 Special Formations',
} as const;

/** NW Close Combat/Superior Position. */
export const SUPERIOR_POSITION = [
  'majority of stands on higher ground than the enemy, or charging downhill this turn',
  'behind an obstacle',
  'defending houses, walls, palisades, etc.',
] as const;

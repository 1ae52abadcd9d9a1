/** Shooting: modifiers, results, artillery rules. SYW (5) Shooting pp.11-12. */
import type { ModifierSpec } from './cite';

const M = 'SYW (5) Shooting die modifiers (p.11)';

/**
 * Shooting die modifiers (p.11). The flattened list prints "2:" and "1:" headings with the
 * minus stripped: the first heading is -2, the second group -1, the "+1:" group +1.
 */
export const SHOOTING_MODIFIERS = {
  extremeRange: { id: 'extremeRange', label: 'Firing at extreme range', value: -2, rule: M },
  poorShots: { id: 'poorShots', label: 'Poor shots', value: -1, rule: M },
  movedOrNotStand: { id: 'movedOrNotStand', label: 'Shooters moving, or not on Stand orders', value: -1, rule: M },
  longRange: { id: 'longRange', label: 'Shooting at long range', value: -1, rule: M },
  targetInCover: { id: 'targetInCover', label: 'Target in soft cover v small arms, or hard cover v light/medium artillery', value: -1, rule: M },
  targetLightInfantry: { id: 'targetLightInfantry', label: 'Target is Light Infantry', value: -1, rule: M },
  lightShooters: { id: 'lightShooters', label: 'Light infantry or light cavalry shooting', value: -1, rule: M },
  shooterDisordered: { id: 'shooterDisordered', label: 'Shooting unit disordered', value: -1, rule: M },
  artilleryAtColumnOrSquare: { id: 'artilleryAtColumnOrSquare', label: 'Artillery (not howitzers) shooting at column/square', value: +1, rule: M },
  artilleryClose: { id: 'artilleryClose', label: 'Artillery shooting at 5cm or less', value: +1, rule: M },
  firstVolley: { id: 'firstVolley', label: 'First shot this day by massed muskets', value: +1, rule: M },
  musketsShortRange: { id: 'musketsShortRange', label: 'Muskets firing at short range', value: +1, rule: M },
  perExtraStand: { id: 'perExtraStand', label: 'Per extra stand shooting at target unit', value: +1, rule: M },
} as const satisfies Record<string, ModifierSpec>;

/** "Light Infantry/Cavalry units may only count one extra stand shooting, but may use any extra stands for a second shot" (p.11). */
export const LIGHT_EXTRA_STANDS_PER_SHOT = 1;
/** Artillery "shooting at 5cms or less" (p.11). */
export const ARTILLERY_CLOSE_CM = 5;

export type HitResult = 'none' | 'disorganise' | 'kill1' | 'kill2' | 'kill3';

/** Results of a modified score, shared by shooting (p.11) and melee (p.14). */
export const SCORE_RESULTS: readonly { readonly min: number; readonly result: HitResult; readonly kills: number }[] = [
  { min: 10, result: 'kill3', kills: 3 },
  { min: 7, result: 'kill2', kills: 2 },
  { min: 5, result: 'kill1', kills: 1 },
  { min: 4, result: 'disorganise', kills: 0 },
];

export function scoreResult(score: number): { result: HitResult; kills: number; disorganises: boolean } {
  for (const r of SCORE_RESULTS) if (score >= r.min) return { result: r.result, kills: r.kills, disorganises: true };
  return { result: 'none', kills: 0, disorganises: false };
}

export const SHOOTING_RESULTS_RULE = 'SYW (5) Shooting method (p.11): 4 disorganises, 5 kills 1, 7+ kills 2, 10+ kills 3; casualties also disorganise';

/** Shooting rules (a)-(l), p.12, and bounce through p.11, as numbers. */
export const SHOOTING_RULES = {
  artilleryArcDeg: 45,
  artilleryMustShootNearestWithinCm: 15,
  /** (c) small arms: target at least partly in front of the stand, or within 1 base width either side. */
  smallArmsSideBases: 1,
  /** (f) howitzers may fire unseen counting range 10cm further. */
  howitzerUnseenExtraCm: 10,
  /** (f) overhead fire from/to a hill: no friends within 10cm of shooters or target (5cm for howitzers). */
  overheadClearCm: 10,
  overheadClearHowitzerCm: 5,
  /** (g) woods: 10cm within, 5cm to/from the edge. */
  woodVisibilityCm: 10,
  woodEdgeCm: 5,
  /** (h) towns hide troops from over 5cm. */
  townVisibilityCm: 5,
  /** (i) unmarked hills: ridge halfway; units see each other across the ridge at 5cm. */
  ridgeVisibilityCm: 5,
  /** (j) fire at chargers from 5cm or further away counts as at 5cm. */
  chargerRangeCm: 5,
  /** Bounce through: enemy within 10cm of the rear of a unit hit by artillery, not at short range, not howitzers. */
  bounceThroughCm: 10,
  rule: 'SYW (5) Shooting rules (a)-(l) (p.12); Artillery bounce through (p.11)',
} as const;

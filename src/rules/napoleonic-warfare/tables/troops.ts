/** NW §4 Troop Definitions: morale grades, strength per stand, §5 Basing (stands per unit). */

/** The eight morale grades, best first (NW §4 Morale). */
export type Grade = 'veteran-guard' | 'guard' | 'elite' | 'veteran' | 'line-1st' | 'line-2nd' | 'conscript' | 'militia';
export const GRADES: readonly Grade[] = ['veteran-guard', 'guard', 'elite', 'veteran', 'line-1st', 'line-2nd', 'conscript', 'militia'];

export const GRADE_NAMES: Readonly<Record<Grade, string>> = {
  'veteran-guard': 'Veteran Guards',
  guard: 'Guards',
  elite: 'Elites',
  veteran: 'Veterans',
  'line-1st': '1st Rate Line',
  'line-2nd': '2nd Rate Line',
  conscript: 'Conscript',
  militia: 'Militia',
};

/** NW §4 Morale: the examples the text gives for each grade. */
export const GRADE_EXAMPLES: Readonly<Record<Grade, string>> = {
  'veteran-guard': 'French Old Guard',
  guard: 'French Middle Guard, British Foot Guards, etc.',
  elite: 'French Young Guard, Russian Foot Guards, British Guard Cavalry, Austrian Grenadiers, etc.',
  veteran: 'Legere, Light Infantry, British Cavalry, etc.',
  'line-1st': 'Experienced line infantry.',
  'line-2nd': 'Less experienced line infantry.',
  conscript: 'Inexperienced line infantry.',
  militia: 'Poor quality garrison troops, militia, Spanish guerillas and levy conscripts.',
};

/** Grades that count as "Guard/Elite/Veterans" for the fire modifiers (NW Fire tables). */
export const isGuardEliteVeteran = (g: Grade): boolean => g === 'veteran-guard' || g === 'guard' || g === 'elite' || g === 'veteran';

/** Troop types the movement table distinguishes (NW Movement §3). */
export type TroopType = 'foot' | 'light-cavalry' | 'cavalry' | 'line-artillery' | 'horse-artillery' | 'wagon';

/** NW §4 Strength: casualties a stand absorbs before it is removed. Artillery: 1 per gunner. */
export const STRENGTH_PER_STAND = {
  foot: 4,
  cavalry: 3,
  artilleryPerGunner: 1,
  /** NW §4 Strength note: dismounted cavalry form up as infantry with 3 strength points per stand. */
  dismountedCavalry: 3,
  rule: 'NW §4 Strength',
} as const;

/** NW §2 Units and Generals; Generals §1: organisation limits. */
export const ORGANISATION = {
  standsPerUnit: { min: 1, max: 10, recommendedMin: 4, recommendedMax: 8 },
  unitsPerBrigade: { min: 2, max: 8 },
  brigadesPerDivision: { min: 2, max: 5 },
  generalsPerDivision: { min: 2 },
  rule: 'NW §2 Units and Generals; Generals §1',
} as const;

/** NW §5 Basing: stands per unit by nation and arm, and gunners per artillery stand. */
export const BASING = {
  foot: { figuresPerStand: 4, menPerStand: 100, standsFrenchRussianBritish: { min: 4, max: 6 }, standsAustrianPrussian: { min: 6, max: 8 } },
  cavalry: { figuresPerStand: 2, menPerStand: 50, standsPerSquadron: { min: 2, max: 4 } },
  artillery: {
    gunnersPerStand: { min: 2, max: 4 },
    /** Artillery stands are 1½ times the width of foot/cavalry stands. */
    widthFactor: 1.5,
    batteries: [
      { guns: 6, stands: 2, gunnersPerStand: 3 },
      { guns: 8, stands: 2, gunnersPerStand: 4 },
      { guns: 12, stands: 3, gunnersPerStand: 4 },
    ],
    /** Horse artillery on foot-width stands: a 6-gun battery counts 3 stands of 2 gunners, otherwise 2 of 3. */
    horseOnNarrowStands: { sixGun: { stands: 3, gunnersPerStand: 2 }, other: { stands: 2, gunnersPerStand: 3 } },
  },
  /** A line battalion that brigaded away a company counts as having lost a stand for morale. */
  detachedCompanyCountsAsLostStand: true,
  rule: 'NW §5 Basing',
} as const;

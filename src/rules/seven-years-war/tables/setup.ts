/** Set-up: CinC ability, initiative, deployment, points, terrain generation. SYW 9 pp.19-22. */
import { dice } from './cite';
import type { TroopType } from './units';

export type Nation = 'prussian' | 'austrian' | 'russian' | 'french' | 'others';

/** CinC ability by D6 and nation (9 Deployment p.19), rows for die 1..6. */
export const CINC_ABILITY: Readonly<Record<Nation, readonly [number, number, number, number, number, number]>> = {
  prussian: [1, 2, 2, 3, 4, 5],
  austrian: [1, 2, 2, 2, 3, 4],
  russian: [1, 2, 2, 2, 3, 3],
  french: [1, 2, 2, 2, 3, 3],
  others: [1, 2, 2, 3, 3, 4],
};
/** The CinC ability table's column headings (9 Deployment p.19), for the log. */
export const NATION_COLUMN: Readonly<Record<Nation, string>> = { prussian: 'Prussian', austrian: 'Austrian', russian: 'Russian', french: 'French', others: 'Others' };
export const CINC_ABILITY_RULE = 'SYW 9 Deployment, CinC ability (p.19)';

/** Ottoman armies (flank marches, 9 p.20); their CinC ability uses the "Others" column. */
export const isOttoman = (nationality: string): boolean => /^(ottoman|turk)/i.test(nationality.trim());

export function nationOf(nationality: string): Nation {
  const n = nationality.toLowerCase();
  if (n.startsWith('prussia')) return 'prussian';
  if (n.startsWith('austria')) return 'austrian';
  if (n.startsWith('russia')) return 'russian';
  if (n.startsWith('french') || n.startsWith('france')) return 'french';
  return 'others';
}

export const INITIATIVE = {
  die: dice(1, 4),
  /** +1 if the army has twice the enemy's light cavalry stands. */
  lightCavalryBonus: 1,
  rule: 'SYW 9 Deployment, initiative (p.19)',
} as const;

export const DEPLOYMENT = {
  /** Side without initiative: not within 30cm of the centreline, nor 45cm of a side edge. */
  defenderFromCentrelineCm: 30,
  sideEdgeCm: 45,
  /** Side with initiative: not within 60cm of the enemy deployment area; side zones if 2+ better. */
  attackerFromEnemyAreaCm: 60,
  attackerSideZoneMargin: 2,
  /** Hidden units are detected within 5cm. */
  hiddenDetectedCm: 5,
  /** Ottomans with +1 or more on the D4 may flank march. */
  ottomanFlankMarchMargin: 1,
  rule: 'SYW 9 Deployment (pp.19-20)',
} as const;

const P = 'SYW 9 Points system (p.20)';
export const POINTS_PER_STAND: Readonly<Record<TroopType, number>> = {
  'heavy-cavalry': 5,
  'medium-cavalry': 4,
  'light-cavalry': 3,
  'light-cavalry-a': 3,
  'heavy-artillery': 15,
  'medium-artillery': 10,
  howitzers: 10,
  'light-artillery': 8,
  'heavy-infantry': 4,
  'medium-infantry': 3,
  'light-infantry': 2,
  militia: 2,
  // Riflemen are "Light Infantry ... rifles" (p.21) rifle armed: 2 + 0.25.
  riflemen: 2.25,
};
export const POINTS_ADJUSTMENTS = {
  poorShots: -0.25,
  rifles: 0.25,
  badlyDrilled: -0.25,
  wellDrilled: 0.25,
  highMorale: 0.5,
  lowMorale: -0.5,
  militiaNormalDrill: 0.25,
  militiaNormalShots: 0.25,
  rule: P,
} as const;
export const GENERAL_POINTS = { cinc: 0, subGeneral: 25, rule: P } as const;
export const POINTS_RULE = P;

/** Terrain generation per table half (9 Terrain Rules p.22). */
export const TERRAIN_GENERATION = {
  hills: dice(1, 3, 1),
  /** 2/3 rounded up are level 0, the rest level 1. */
  hillsLevel0Fraction: 2 / 3,
  woods: dice(1, 4, -1),
  woodLevel: 2,
  /** "Any hills/woods over 40cms wide are counted as 2". */
  largeFeatureCm: 40,
  marshesOrStreams: dice(1, 4, -2),
  /** Each marsh/stream piece: D6 1-4 marsh, 5-6 stream. */
  streamOn: 5,
  /** Town (up to 30cm across, with a road) on a D6 of 6. */
  townOn: 6,
  townMaxCm: 30,
  sectors: 6,
  subSectors: 6,
  /** HOUSE: "large tables split the table in 2": tables wider than 180cm are diced as two halves. */
  largeTableWidthCm: 180,
  /** HOUSE: a generated hill or wood is a large piece (over 40cm, counting 2) on a D6 of 5-6, when 2 or more remain to place. */
  largeOn: 5,
  rule: 'SYW 9 Terrain Rules (p.22)',
} as const;

/**
 * HOUSE piece sizes in cm [across, deep] for generated terrain: the text gives only "over 40cm
 * counts as 2" and towns "up to 30cm across"; streams and roads are [width, -] lines.
 */
export const GENERATED_PIECE_CM = {
  hill: { normal: [30, 20], large: [50, 30] },
  wood: { normal: [25, 20], large: [50, 30] },
  marsh: { normal: [20, 15], large: [20, 15] },
  village: { normal: [25, 25], large: [25, 25] },
  stream: { normal: [3, 0], large: [3, 0] },
  road: { normal: [3, 0], large: [3, 0] },
} as const satisfies Record<string, { normal: readonly [number, number]; large: readonly [number, number] }>;

/** Rotation D6 (p.22): 1: 45 right, 2: 90 right, 3: 45 left, 4: 90 left, 5-6 leave. Degrees clockwise. */
export const TERRAIN_ROTATION_DEG: readonly [number, number, number, number, number, number] = [45, 90, -45, -90, 0, 0];

/** Buying extra terrain (p.22). */
export const TERRAIN_PURCHASE = {
  hill: 25,
  largeHill: 35,
  woodPerLevel: 15,
  largeWoodExtra: 10,
  town: 50,
  townMaxCm: 40,
  rotationAdjust: 1,
  rule: 'SYW 9 Terrain Rules, buying terrain (p.22)',
} as const;

export function woodCost(level: number, large: boolean): number {
  return TERRAIN_PURCHASE.woodPerLevel * level + (large ? TERRAIN_PURCHASE.largeWoodExtra : 0);
}

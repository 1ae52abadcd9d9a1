/**
 * Troop types, the unit table and bases. SYW (1) Introduction p.4, unit table p.9,
 * ranges table p.11, points and definitions pp.20-21.
 */
import type { Section } from './cite';

export type TroopType =
  | 'heavy-cavalry'
  | 'medium-cavalry'
  | 'light-cavalry'
  | 'light-cavalry-a'
  | 'heavy-infantry'
  | 'medium-infantry'
  | 'militia'
  | 'light-infantry'
  | 'riflemen'
  | 'heavy-artillery'
  | 'medium-artillery'
  | 'howitzers'
  | 'light-artillery';

export const TROOP_TYPES: readonly TroopType[] = [
  'heavy-cavalry', 'medium-cavalry', 'light-cavalry', 'light-cavalry-a',
  'heavy-infantry', 'medium-infantry', 'militia', 'light-infantry', 'riflemen',
  'heavy-artillery', 'medium-artillery', 'howitzers', 'light-artillery',
];

export type TroopClass = 'infantry' | 'cavalry' | 'artillery';
/** The unit table's "Formation" column: Massed or Light. */
export type Deployment = 'massed' | 'light';

/** The shooting weapon a troop type carries (ranges table p.11). */
export type Weapon = 'musket' | 'rifle' | 'light-musket' | 'militia-musket' | 'heavy-gun' | 'medium-gun' | 'light-gun' | 'howitzer' | 'mounted-bow' | 'bow' | 'spear' | 'none';

export interface RangeBands {
  /** null where the table leaves the column blank. */
  readonly shortCm: number | null;
  readonly longCm: number | null;
  readonly extremeCm: number | null;
}

export interface UnitTableRow {
  readonly type: TroopType;
  readonly name: string;
  readonly troopClass: TroopClass;
  readonly deployment: Deployment;
  readonly moveCm: number;
  readonly meleeFactor: number;
  /** "4 (3 versus Infantry)": the factor used when the opponent is infantry. */
  readonly meleeFactorVsInfantry: number;
  readonly weapon: Weapon;
  readonly rule: Section;
}

const U = 'SYW §4 unit table (p.9)';

export const UNIT_TABLE: Readonly<Record<TroopType, UnitTableRow>> = {
  'heavy-cavalry': { type: 'heavy-cavalry', name: 'Heavy Cavalry', troopClass: 'cavalry', deployment: 'massed', moveCm: 30, meleeFactor: 4, meleeFactorVsInfantry: 3, weapon: 'none', rule: U },
  'medium-cavalry': { type: 'medium-cavalry', name: 'Medium Cavalry', troopClass: 'cavalry', deployment: 'massed', moveCm: 30, meleeFactor: 3, meleeFactorVsInfantry: 3, weapon: 'none', rule: U },
  // "Light Cavalry Light 40cms 2 (Bows only) 5cms": only bow-armed light horse shoot.
  'light-cavalry': { type: 'light-cavalry', name: 'Light Cavalry', troopClass: 'cavalry', deployment: 'light', moveCm: 40, meleeFactor: 2, meleeFactorVsInfantry: 2, weapon: 'none', rule: U },
  'light-cavalry-a': { type: 'light-cavalry-a', name: 'Light Cavalry (a)', troopClass: 'cavalry', deployment: 'massed', moveCm: 40, meleeFactor: 2, meleeFactorVsInfantry: 2, weapon: 'none', rule: U },
  'heavy-infantry': { type: 'heavy-infantry', name: 'Heavy Infantry', troopClass: 'infantry', deployment: 'massed', moveCm: 20, meleeFactor: 3, meleeFactorVsInfantry: 4, weapon: 'musket', rule: U },
  'medium-infantry': { type: 'medium-infantry', name: 'Medium Infantry', troopClass: 'infantry', deployment: 'massed', moveCm: 20, meleeFactor: 3, meleeFactorVsInfantry: 3, weapon: 'musket', rule: U },
  militia: { type: 'militia', name: 'Militia', troopClass: 'infantry', deployment: 'massed', moveCm: 20, meleeFactor: 2, meleeFactorVsInfantry: 2, weapon: 'militia-musket', rule: U },
  'light-infantry': { type: 'light-infantry', name: 'Light Infantry', troopClass: 'infantry', deployment: 'light', moveCm: 24, meleeFactor: 2, meleeFactorVsInfantry: 2, weapon: 'light-musket', rule: U },
  riflemen: { type: 'riflemen', name: 'Riflemen', troopClass: 'infantry', deployment: 'light', moveCm: 24, meleeFactor: 1, meleeFactorVsInfantry: 1, weapon: 'rifle', rule: U },
  'heavy-artillery': { type: 'heavy-artillery', name: 'Heavy Artillery', troopClass: 'artillery', deployment: 'massed', moveCm: 20, meleeFactor: 1, meleeFactorVsInfantry: 1, weapon: 'heavy-gun', rule: U },
  'medium-artillery': { type: 'medium-artillery', name: 'Medium Artillery', troopClass: 'artillery', deployment: 'massed', moveCm: 20, meleeFactor: 0, meleeFactorVsInfantry: 0, weapon: 'medium-gun', rule: U },
  howitzers: { type: 'howitzers', name: 'Howitzers', troopClass: 'artillery', deployment: 'massed', moveCm: 20, meleeFactor: 0, meleeFactorVsInfantry: 0, weapon: 'howitzer', rule: U },
  'light-artillery': { type: 'light-artillery', name: 'Light Artillery', troopClass: 'artillery', deployment: 'massed', moveCm: 24, meleeFactor: 0, meleeFactorVsInfantry: 0, weapon: 'light-gun', rule: U },
};

const R = 'SYW (5) Shooting ranges table (p.11)';

/**
 * Ranges by weapon (p.11; the same numbers as the unit table p.9). The bow/spear line
 * "Mounted bows Bows Spears 2cms 5cms 10cms 8cms" is read per RULINGS.md.
 */
export const WEAPON_RANGES: Readonly<Record<Weapon, RangeBands & { readonly rule: Section }>> = {
  musket: { shortCm: 5, longCm: 10, extremeCm: null, rule: R },
  rifle: { shortCm: 8, longCm: 15, extremeCm: 20, rule: R },
  'light-musket': { shortCm: null, longCm: 10, extremeCm: null, rule: R },
  'militia-musket': { shortCm: null, longCm: 10, extremeCm: null, rule: R },
  'heavy-gun': { shortCm: 15, longCm: 40, extremeCm: 60, rule: R },
  'medium-gun': { shortCm: 10, longCm: 30, extremeCm: 60, rule: R },
  'light-gun': { shortCm: 10, longCm: 30, extremeCm: null, rule: R },
  howitzer: { shortCm: 15, longCm: 40, extremeCm: 60, rule: R },
  'mounted-bow': { shortCm: 2, longCm: 5, extremeCm: null, rule: R },
  bow: { shortCm: null, longCm: 10, extremeCm: null, rule: R },
  spear: { shortCm: null, longCm: 8, extremeCm: null, rule: R },
  none: { shortCm: null, longCm: null, extremeCm: null, rule: R },
};

/** Small arms = every weapon that is not a gun (for cover modifiers, arcs, p.11-12). */
export const isSmallArms = (w: Weapon): boolean => !['heavy-gun', 'medium-gun', 'light-gun', 'howitzer', 'none'].includes(w);
export const isArtilleryWeapon = (w: Weapon): boolean => ['heavy-gun', 'medium-gun', 'light-gun', 'howitzer'].includes(w);
/** "Muskets" for first volley and short-range bonuses: the musket-armed lines (p.11). */
export const isMusket = (w: Weapon): boolean => w === 'musket' || w === 'light-musket' || w === 'militia-musket';

/** Base sizes, (1) Introduction p.4. All stands 40mm frontage. */
export const BASES = {
  frontageMm: 40,
  /** "Generals should have a 1540mm depth": 15-40mm. */
  generalDepthMm: { min: 15, max: 40 },
  depthMm: { cavalry: 30, lightInfantry: 20, otherInfantry: 15, artillery: 40 } as const,
  figures: { artillery: '1 gun and crew', lightInfantryAndLightCavalry: 2, otherCavalry: 3, otherInfantry: { min: 3, max: 4 } },
  rule: 'SYW (1) Introduction (p.4)',
} as const;

export function baseDepthMm(type: TroopType): number {
  const row = UNIT_TABLE[type];
  if (row.troopClass === 'cavalry') return BASES.depthMm.cavalry;
  if (row.troopClass === 'artillery') return BASES.depthMm.artillery;
  return row.deployment === 'light' ? BASES.depthMm.lightInfantry : BASES.depthMm.otherInfantry;
}

/** Unit sizes, (1) Introduction p.4: batteries of 1 base, battalions of 3-4 (6 for very large), lights 2-6. */
export const UNIT_SIZES = {
  artillery: { min: 1, max: 1 },
  infantry: { min: 3, max: 4, veryLarge: 6 },
  lightInfantry: { min: 2, max: 6 },
  /** Cavalry: "1 base per squadron", full or part regiments: no fixed bounds in the text. */
  cavalry: { min: 1, max: null },
  rule: 'SYW (1) Introduction (p.4)',
} as const;

/** Artillery classes by calibre, (1) Introduction p.4: "12 pdr and heavier. 68 pdr. 34 pdr". */
export const ARTILLERY_CLASSES = {
  'heavy-artillery': '12 pdr and heavier',
  'medium-artillery': '6-8 pdr',
  'light-artillery': '3-4 pdr, and brigaded battalion guns',
  rule: 'SYW (1) Introduction (p.4)',
} as const;

/** Per-unit qualities: drill, morale, shooting (definitions p.21, points p.20). */
export type Drill = 'well' | 'normal' | 'badly';
export type MoraleGrade = 'high' | 'normal' | 'low';

export interface UnitQualities {
  readonly drill: Drill;
  readonly morale: MoraleGrade;
  readonly poorShots: boolean;
  /** Rifle-armed (+0.25 pts, p.20): shoots with rifle ranges. */
  readonly rifles: boolean;
  /** Light cavalry armed with bows ("Bows only", p.9). */
  readonly bows: boolean;
}

/** Militia are badly drilled poor shots unless bought up (p.20 "Make Militia normal drilled or normal shots"). */
export const MILITIA_DEFAULTS = { drill: 'badly' as Drill, poorShots: true, rule: 'SYW 9 Points system (p.20)' } as const;

export function weaponOf(type: TroopType, q: Pick<UnitQualities, 'rifles' | 'bows'>): Weapon {
  if (type === 'light-cavalry') return q.bows ? 'mounted-bow' : 'none';
  if (q.rifles && UNIT_TABLE[type].troopClass === 'infantry') return 'rifle';
  return UNIT_TABLE[type].weapon;
}

export const isLight = (type: TroopType): boolean => UNIT_TABLE[type].deployment === 'light';
/** Lights for terrain include Light Cavalry (a) (§4 terrain NB p.9). */
export const countsTerrainLighter = (type: TroopType): boolean =>
  type === 'light-cavalry' || type === 'light-cavalry-a' || type === 'light-infantry' || type === 'riflemen';

/** BT Shooting Phase: range, rates of fire, to-hit, saves and the modifiers table. */
import type { ArmOf, TroopType } from './troops';

export const SHOOTING_RULE = 'BT Summery of Shooting Phase';
export const RANGE_RULE = 'BT Range table';
export const TO_HIT_RULE = 'BT To Hit table';
export const SAVE_RULE = 'BT Save table (To Save from Shooting)';
export const MODIFIERS_RULE = 'BT Modifiers table';

export type Weapon = 'musket' | 'lightArtillery' | 'horseArtillery' | 'heavyArtillery' | 'howitzers' | 'rockets';

export interface WeaponRow {
  readonly rangeIn: number;
  readonly grapeRangeIn?: number;
  /** Cannon RoF (per battery; per stand for howitzers and rockets, BT Special Rules). */
  readonly cannonRof?: number;
  readonly grapeRof?: number;
  /** FPW (firepower): the roll a template needs on each stand, and the to-hit against buildings (RULINGS.md). */
  readonly firepower: number;
  /** Howitzers "(3+)": firepower against buildings. */
  readonly firepowerVsBuildings?: number;
}

/** The Range table as printed: Range, Grape Range, Cannon ROF, Grape ROF, FPW. */
export const RANGE_TABLE: Readonly<Record<Weapon, WeaponRow>> = {
  musket: { rangeIn: 12, firepower: 6 },
  lightArtillery: { rangeIn: 24, grapeRangeIn: 12, cannonRof: 3, grapeRof: 6, firepower: 5 },
  horseArtillery: { rangeIn: 18, grapeRangeIn: 12, cannonRof: 2, grapeRof: 4, firepower: 4 },
  heavyArtillery: { rangeIn: 40, cannonRof: 5, firepower: 3 },
  howitzers: { rangeIn: 30, cannonRof: 1, firepower: 4, firepowerVsBuildings: 3 },
  rockets: { rangeIn: 30, cannonRof: 2, firepower: 6 },
};

export const WEAPON_OF: Record<TroopType, Weapon> = {
  'light-infantry': 'musket',
  'line-infantry': 'musket',
  grenadiers: 'musket',
  'light-cavalry': 'musket',
  'medium-cavalry': 'musket',
  'heavy-cavalry': 'musket',
  'light-artillery': 'lightArtillery',
  'horse-artillery': 'horseArtillery',
  'heavy-artillery': 'heavyArtillery',
  howitzers: 'howitzers',
  rockets: 'rockets',
};

/** The To Hit table: by the arm of the unit firing. Cavalry "6+ (no other modifiers)". */
export const TO_HIT: Readonly<Record<ArmOf, number>> = { infantry: 6, cavalry: 6, artillery: 4 };
export const CAVALRY_NO_MODIFIERS = true;

/** The Save table: To Save from Shooting, by the arm of the target. */
export const SHOOTING_SAVE: Readonly<Record<ArmOf, number>> = { infantry: 3, cavalry: 4, artillery: 5 };

export interface ShootingModifier {
  readonly id: string;
  readonly label: string;
  readonly value: number;
  /** What it changes: the to-hit roll, or the rate of fire. */
  readonly on: 'toHit' | 'rof';
}

/** The Modifiers table as printed, in its order. */
export const SHOOTING_MODIFIERS = {
  atSquare: { id: 'atSquare', label: 'At Square Formation', value: 2, on: 'toHit' },
  atColumn: { id: 'atColumn', label: 'At Column Formation', value: 1, on: 'toHit' },
  rifles: { id: 'rifles', label: 'Rifles skill', value: 1, on: 'toHit' },
  veteran: { id: 'veteran', label: 'With Veteran Skilled unit', value: 1, on: 'toHit' },
  notMoved: { id: 'notMoved', label: 'Having not moved', value: 1, on: 'toHit' },
  jaeger: { id: 'jaeger', label: 'Jaeger skill', value: 1, on: 'rof' },
  lineFourWide: { id: 'lineFourWide', label: 'In Line Formation 4 wide', value: 1, on: 'rof' },
  indirect: { id: 'indirect', label: 'In-direct (Artillery)', value: -1, on: 'toHit' },
  over16: { id: 'over16', label: 'Over 16”', value: -1, on: 'toHit' },
  conscript: { id: 'conscript', label: 'With Conscript Skilled unit', value: -1, on: 'toHit' },
  throughSkirmish: { id: 'throughSkirmish', label: 'Through a friendly Skirmish line', value: -1, on: 'toHit' },
  atLoose: { id: 'atLoose', label: 'At a Loose formation Battalion', value: -1, on: 'toHit' },
  moved: { id: 'moved', label: 'Having Moved (-1 To Hit or reduced ROF)', value: -1, on: 'toHit' },
} as const satisfies Record<string, ShootingModifier>;

/** "Over 16”". */
export const LONG_RANGE_IN = 16;
/** BT Column: "Only the front company, or two companies, can fire when in column". */
export const COLUMN_FIRING_STANDS = 2;
/** BT Line: "Units in Line 4 stands wide gain a +1 ROF". */
export const LINE_BONUS_WIDTH = 4;
/** BT Grapeshot: "within 90 degree LOS of the Artillery" (45° either side of straight ahead). */
export const GRAPE_ARC_DEG = 90;
/** BT Howitzers: "3” effect template" (read as 3" across, RULINGS.md). */
export const TEMPLATE_IN = 3;
/** BT Fallbacks: "If a unit suffers more than 6 or more hits during the whole shooting phase". */
export const MASS_HITS = 6;
/** "...simply fall backs 3” and is automatically disorientated". */
export const MASS_HITS_FALL_BACK_IN = 3;

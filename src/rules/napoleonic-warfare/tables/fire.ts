import type { Scale } from './scale';

/**
 * NW Fire Phase: small arms and artillery tables for both scales, and every modifier.
 * Modifiers change the TO-HIT number (plus is worse); each d10 equal to or above the final
 * number scores one casualty (NW Fire §4 Firing Procedure).
 */
export type SmallArm = 'musket' | 'rifle' | 'carbine';
export type SmallArmsBand = 'close' | 'effective' | 'long';

export interface RangeBand<B extends string> {
  readonly band: B;
  /** Minimum d10 roll that hits. */
  readonly toHit: number;
  /** Upper bound of the band, inches (the lower bound is the previous band's). */
  readonly maxIn: Readonly<Record<SmallArm, number>>;
}

export const SMALL_ARMS: Readonly<Record<Scale, { readonly bands: readonly RangeBand<SmallArmsBand>[]; readonly rule: string }>> = {
  large: {
    bands: [
      { band: 'close', toHit: 7, maxIn: { musket: 2, rifle: 5, carbine: 1 } },
      { band: 'effective', toHit: 8, maxIn: { musket: 6, rifle: 9, carbine: 3 } },
      { band: 'long', toHit: 10, maxIn: { musket: 15, rifle: 18, carbine: 6 } },
    ],
    rule: 'NW Small Arms Fire Tables/25mm Table',
  },
  medium: {
    bands: [
      { band: 'close', toHit: 7, maxIn: { musket: 1, rifle: 3, carbine: 0.5 } },
      { band: 'effective', toHit: 8, maxIn: { musket: 4, rifle: 6, carbine: 2 } },
      { band: 'long', toHit: 10, maxIn: { musket: 10, rifle: 12, carbine: 4 } },
    ],
    rule: 'NW Small Arms Fire Tables/15mm Table',
  },
};

/** The band a range falls in (a range on a boundary belongs to the nearer band), or undefined beyond long. */
export function smallArmsBand(scale: Scale, weapon: SmallArm, rangeIn: number): RangeBand<SmallArmsBand> | undefined {
  return SMALL_ARMS[scale].bands.find((b) => rangeIn <= b.maxIn[weapon] + 1e-9);
}

export type SmallArmsModifier =
  | 'disorder-marker'
  | 'moved-and-fired'
  | 'target-cavalry'
  | 'conscripts-firing'
  | 'target-uphill-or-light'
  | 'militia-firing'
  | 'target-dense-or-stone'
  | 'target-skirmish-or-unlimbered-artillery'
  | 'guard-elite-veteran-firing'
  | 'defend-orders-firing'
  | 'target-column-or-square'
  | 'target-charging';

export interface ModifierSpec {
  readonly value: number;
  readonly label: string;
  /** Applies once per disorder marker. */
  readonly perMarker?: boolean;
}

/** NW Small Arms Fire Tables/Modifiers (from the To Hit number; decoded in rules/README.md). */
export const SMALL_ARMS_MODIFIERS: Readonly<Record<SmallArmsModifier, ModifierSpec>> = {
  'disorder-marker': { value: +1, label: 'each disorder marker', perMarker: true },
  'moved-and-fired': { value: +1, label: 'unit moved and fired' },
  'target-cavalry': { value: +1, label: 'target cavalry' },
  'conscripts-firing': { value: +1, label: 'conscripts firing' },
  'target-uphill-or-light': { value: +1, label: 'target uphill or in light terrain' },
  'militia-firing': { value: +2, label: 'militia firing' },
  'target-dense-or-stone': { value: +2, label: 'target in dense terrain or behind stone' },
  'target-skirmish-or-unlimbered-artillery': { value: +2, label: 'target skirmish foot or unlimbered artillery' },
  'guard-elite-veteran-firing': { value: -1, label: 'Guard/Elite/Veterans firing' },
  'defend-orders-firing': { value: -1, label: 'Defend orders firing' },
  'target-column-or-square': { value: -1, label: 'firing at a column or square' },
  'target-charging': { value: -1, label: 'target is charging' },
};

/** NW Small Arms: dice per firing stand. */
export const SMALL_ARMS_DICE = {
  perStand: 1,
  /** British and KGL in line: 1½ d10 per stand (NW Fire §1, table note "in Line formation"). */
  britishKglInLine: 1.5,
  /** Enfilade fire: double dice. */
  enfiladeFactor: 2,
  rule: 'NW Fire §1 Who May Fire; §4 Firing Procedure; Small Arms Fire Tables',
} as const;

export type GunSize = 'heavy' | 'medium' | 'light' | 'horse';
export type ArtilleryBand = 'killing' | 'close' | 'effective' | 'long' | 'extreme';
export const ARTILLERY_BANDS: readonly ArtilleryBand[] = ['killing', 'close', 'effective', 'long', 'extreme'];

export const GUN_SIZES: Readonly<Record<GunSize, { readonly calibre: string; readonly name: string }>> = {
  heavy: { calibre: '12#', name: 'Heavy' },
  medium: { calibre: '8-10#', name: 'Medium' },
  light: { calibre: '6-7#', name: 'Light' },
  horse: { calibre: '4#', name: 'Horse' },
};

/** NW Artillery Fire Table: upper bound of each band, inches. */
export const ARTILLERY_RANGES_IN: Readonly<Record<Scale, Readonly<Record<ArtilleryBand, number>>>> = {
  large: { killing: 9, close: 18, effective: 36, long: 48, extreme: 90 },
  medium: { killing: 6, close: 12, effective: 24, long: 36, extreme: 60 },
};

/** NW Artillery Fire Table: to-hit by gun size and band (null: cannot reach). Same for both scales. */
export const ARTILLERY_TO_HIT: Readonly<Record<GunSize, Readonly<Record<ArtilleryBand, number | null>>>> = {
  heavy: { killing: 3, close: 5, effective: 7, long: 8, extreme: 10 },
  medium: { killing: 4, close: 6, effective: 8, long: 9, extreme: null },
  light: { killing: 4, close: 7, effective: 9, long: 10, extreme: null },
  horse: { killing: 5, close: 7, effective: 10, long: null, extreme: null },
};

export function artilleryBand(scale: Scale, rangeIn: number): ArtilleryBand | undefined {
  const r = ARTILLERY_RANGES_IN[scale];
  return ARTILLERY_BANDS.find((b) => rangeIn <= r[b] + 1e-9);
}

export type ArtilleryModifier =
  | 'conscript-militia-artillery'
  | 'prolonge-handpush-fire'
  | 'target-light-cover-or-uphill'
  | 'two-gunners'
  | 'disorder-marker'
  | 'target-dense-or-stone'
  | 'target-skirmish-foot'
  | 'target-unlimbered-artillery'
  | 'unlimbered-this-turn'
  | 'guard-elite-veteran-artillery'
  | 'defend-orders-firing'
  | 'target-column'
  | 'four-gunners'
  | 'target-charging'
  | 'target-square'
  | 'old-guard-artillery';

/** NW Artillery Fire Table/Factor Modifiers (from the To Hit number). */
export const ARTILLERY_MODIFIERS: Readonly<Record<ArtilleryModifier, ModifierSpec>> = {
  'conscript-militia-artillery': { value: +1, label: 'conscript/militia artillery' },
  'prolonge-handpush-fire': { value: +1, label: 'prolonge/handpush and firing' },
  'target-light-cover-or-uphill': { value: +1, label: 'target in light cover or uphill' },
  'two-gunners': { value: +1, label: '2 gunners per stand' },
  'disorder-marker': { value: +1, label: 'each disorder marker', perMarker: true },
  'target-dense-or-stone': { value: +2, label: 'target in dense terrain or behind stone' },
  'target-skirmish-foot': { value: +2, label: 'target skirmish foot' },
  'target-unlimbered-artillery': { value: +2, label: 'target unlimbered artillery' },
  'unlimbered-this-turn': { value: +2, label: 'unlimbered this turn and firing' },
  'guard-elite-veteran-artillery': { value: -1, label: 'Guard/Elite/Veteran artillery' },
  'defend-orders-firing': { value: -1, label: 'Defend orders firing' },
  'target-column': { value: -1, label: 'firing at a column' },
  'four-gunners': { value: -1, label: '4 gunners per stand' },
  'target-charging': { value: -1, label: 'target is charging' },
  'target-square': { value: -2, label: 'firing at a square' },
  'old-guard-artillery': { value: -2, label: 'Old Guard artillery firing' },
};

/** NW Artillery Fire Table: dice per artillery stand. */
export const ARTILLERY_DICE = {
  perStand: 1,
  /** "Any enemy within Killing Range may be hit by Canister Fire (roll 2d10 per gun)." */
  canister: 2,
  /** "Enfilade Fire: 3d10 per artillery stand." */
  enfilade: 3,
  /** "Firing at a Square: 2d10 per artillery stand." */
  square: 2,
  rule: 'NW Artillery Fire Table',
} as const;

/** NW Fire §28 Ammunition Supply. */
export const AMMUNITION = {
  /** Each d10 showing this face makes the unit Low; a second in the same turn, or a Low while Low, makes it Out. */
  shortageFace: 10,
  lowFiringFraction: 0.5,
  rule: 'NW Fire §28 Ammunition Supply; Artillery Fire Table note',
} as const;

export type AmmoState = 'stocked' | 'low' | 'out';

/** The ammunition state after a volley that rolled `tens` tens (NW Fire §28). */
export function ammoAfter(state: AmmoState, tens: number): AmmoState {
  if (state === 'out') return 'out';
  const level = (state === 'low' ? 1 : 0) + tens;
  return level <= 0 ? 'stocked' : level === 1 ? 'low' : 'out';
}

/** NW Fire §29 Firing Arcs: infantry 45° from the front corners, artillery 22.5°. */
export const FIRING_ARC_DEG = { foot: 45, artillery: 22.5, rule: 'NW Fire §29 Firing Arcs' } as const;

/** NW Fire §5: firing at chargers — d10 ≥ the unmodified To Pass number fires at close range, otherwise effective. */
export const FIRE_AT_CHARGERS = { closeOnAtLeastToPass: true, otherwise: 'effective', rule: 'NW Fire §5; Morale §18 G' } as const;

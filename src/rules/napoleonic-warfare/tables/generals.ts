import type { Scale } from './scale';

/** NW Generals §2 Ability: 2d6, +2 for the CinC; one re-roll per army, which must be kept. */
export type GeneralRating = 'charismatic' | 'exceptional' | 'good' | 'average' | 'poor';

export interface AbilityRow {
  readonly min: number;
  readonly max: number;
  readonly rating: GeneralRating;
  readonly name: string;
  /** Command radius in inches by scale. The text gives 25mm first, 15mm in brackets. */
  readonly commandRadiusIn: Readonly<Record<Scale, number>>;
}

export const ABILITY_TABLE: { readonly rows: readonly AbilityRow[]; readonly cincBonus: number; readonly rerollsPerArmy: number; readonly dice: string; readonly rule: string } = {
  rows: [
    { min: 12, max: 99, rating: 'charismatic', name: 'Charismatic', commandRadiusIn: { large: 18, medium: 12 } },
    { min: 10, max: 11, rating: 'exceptional', name: 'Exceptional', commandRadiusIn: { large: 15, medium: 10 } },
    { min: 7, max: 9, rating: 'good', name: 'Good', commandRadiusIn: { large: 12, medium: 8 } },
    { min: 4, max: 6, rating: 'average', name: 'Average', commandRadiusIn: { large: 9, medium: 6 } },
    { min: 2, max: 3, rating: 'poor', name: 'Poor', commandRadiusIn: { large: 6, medium: 4 } },
  ],
  cincBonus: 2,
  rerollsPerArmy: 1,
  dice: '2d6',
  rule: 'NW Generals §2 Ability',
};

export function abilityFor(total: number): AbilityRow {
  const row = ABILITY_TABLE.rows.find((r) => total >= r.min && total <= r.max);
  if (!row) throw new RangeError(`ability roll ${total} is off the table`);
  return row;
}

/** NW Sequence §3 Initiative: d6 + 1 Exceptional CinC, + 2 Charismatic CinC; reroll ties. */
export const INITIATIVE_CINC_BONUS: Readonly<Record<GeneralRating, number>> = {
  charismatic: 2,
  exceptional: 1,
  good: 0,
  average: 0,
  poor: 0,
};

/** NW §9 Terrain Generation: ±1 on each terrain placement d10 for an Exceptional or Charismatic CinC. */
export const TERRAIN_PICK_CINC_SHIFT: Readonly<Record<GeneralRating, number>> = {
  charismatic: 1,
  exceptional: 1,
  good: 0,
  average: 0,
  poor: 0,
};

/** NW Generals §3 Casualties Amongst Generals. */
export const GENERAL_CASUALTIES = {
  /** A general's stand takes two hits to remove (the first is a wound). */
  hitsToRemove: 2,
  /** When a stand is lost from a unit he is with: d6, on this roll the general is lost. */
  lossRollDie: 'd6',
  lossOn: [1] as readonly number[],
  rule: 'NW Generals §3 Casualties Amongst Generals',
} as const;

/** NW Generals §8 Indisposed Generals: cannot place order markers while any of these apply. */
export const INDISPOSED_CAUSES = ['in close combat', 'killed', 'routed', 'captured', 'left the table'] as const;

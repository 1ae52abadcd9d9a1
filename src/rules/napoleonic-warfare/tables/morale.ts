import type { Grade } from './troops';

/** NW Morale §17 Morale States, in order of decline. */
export type MoraleState = 'good' | 'disordered' | 'fragmented' | 'routed' | 'dispersed';
export const MORALE_STATES: readonly MoraleState[] = ['good', 'disordered', 'fragmented', 'routed', 'dispersed'];

/** NW §17: disorder markers that stand for each state (a second Disorder fragments, a third routs). */
export const DISORDER_MARKERS: Readonly<Record<Exclude<MoraleState, 'dispersed'>, number>> = {
  good: 0,
  disordered: 1,
  fragmented: 2,
  routed: 3,
};

/** NW Morale §19 Morale Table: the To Pass die roll by grade (modified d10 ≥ this passes). */
export const TO_PASS: Readonly<Record<Grade, number>> = {
  'veteran-guard': 0,
  guard: 1,
  elite: 2,
  veteran: 3,
  'line-1st': 4,
  'line-2nd': 5,
  conscript: 6,
  militia: 7,
};

/** NW Morale §18: the triggers of a morale test. */
/** NW Morale §19 footnote *: what counts as defending a superior tactical position. Woods do not. */
export const SUPERIOR_TACTICAL_POSITION = ['uphill', 'behind walls or streams', 'inside buildings', 'defending an obstacle', 'river bank'] as const;

export type MoraleTrigger = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G';
export const MORALE_TRIGGERS: Readonly<Record<MoraleTrigger, string>> = {
  A: 'In reaction to being charged (not charging or countercharging).',
  B: 'A general is killed or routed within Engagement Range of the unit.',
  C: 'A stand is lost (once per phase).',
  D: 'A friendly unit routs or disperses within half Engagement Range (woods: 2" (3") inside, 1" (2") from the edge).',
  E: 'A routing unit with a Recover order tries to rally.',
  F: 'Attempting to form a Hasty/Rally Square when charged by mounted.',
  G: 'Determining the range at which to fire at chargers (unmodified To Pass or higher: close range).',
};

export type MoraleModifier =
  | 'defend-orders'
  | 'in-square'
  | 'superior-position-or-cover'
  | 'general-within-half-er'
  | 'french-russian-foot-column'
  | 'british-foot-line'
  | 'pushing-back-or-pursuing'
  | 'general-with-unit'
  | 'square-vs-mounted'
  | 'outside-er'
  | 'general-lost-within-half-er'
  | 'stand-lost'
  | 'disorder-marker'
  | 'charging-superior-position'
  | 'unsupported'
  | 'austrian-foot-line'
  | 'prussian-foot-column'
  | 'enemy-on-flank-or-rear'
  | 'cinc-lost-within-er';

export interface MoraleModifierSpec {
  readonly value: number;
  readonly label: string;
  readonly per?: 'stand' | 'marker';
}

/**
 * NW Morale §19 Die Roll Modifiers (cumulative). The "Defending a Superior Tactical
 * position* / Uphill, behind walls…" lines sit under the −2 heading in the flattened text;
 * RULINGS.md reads them as the footnote (*) that defines a superior position (+1 to the
 * defender, −1 to the charger), so they are not encoded as a separate −2.
 */
export const MORALE_MODIFIERS: Readonly<Record<MoraleModifier, MoraleModifierSpec>> = {
  'defend-orders': { value: 1, label: 'Defend orders' },
  'in-square': { value: 1, label: 'in square' },
  'superior-position-or-cover': { value: 1, label: 'in a superior tactical position or in cover' },
  'general-within-half-er': { value: 1, label: 'unrouted general visible within ½ Engagement Range' },
  'french-russian-foot-column': { value: 1, label: 'French/Russian foot in column' },
  'british-foot-line': { value: 1, label: 'British foot in line' },
  'pushing-back-or-pursuing': { value: 2, label: 'pushing back or pursuing enemy' },
  'general-with-unit': { value: 2, label: 'general with unit' },
  'square-vs-mounted': { value: 2, label: 'infantry in square or rally square against mounted' },
  'outside-er': { value: 2, label: 'outside Engagement Range of any enemy' },
  'general-lost-within-half-er': { value: -1, label: 'general seen lost or routed within ½ Engagement Range' },
  'stand-lost': { value: -1, label: 'each stand lost', per: 'stand' },
  'disorder-marker': { value: -1, label: 'each disorder marker', per: 'marker' },
  'charging-superior-position': { value: -1, label: 'charging a superior tactical position' },
  unsupported: { value: -1, label: 'unsupported (a square always counts as supported)' },
  'austrian-foot-line': { value: -1, label: 'Austrian foot in line' },
  'prussian-foot-column': { value: -1, label: 'Prussian foot in column' },
  'enemy-on-flank-or-rear': { value: -2, label: 'enemy visible and facing flank or rear within ½ Engagement Range (2" in woods)' },
  'cinc-lost-within-er': { value: -2, label: 'Commander in Chief seen routed or lost within Engagement Range' },
};

/** NW Morale §19 Supported: two of the three zones hold an unrouted friend within ⅓ Engagement Range. */
export const SUPPORT = { zones: ['rear', 'left-flank', 'right-flank'] as const, needed: 2, rangeFractionOfER: 1 / 3, flankArcDeg: 45, rule: 'NW Morale §19 Supported' } as const;

export type FailureOutcome =
  | { readonly kind: 'halt-short'; readonly disordered: false }
  | { readonly kind: 'halt'; readonly disordered: boolean; readonly beforeMoving?: boolean }
  | { readonly kind: 'retreat'; readonly state: 'disordered' | 'fragmented' }
  | { readonly kind: 'rout'; readonly standsLost: number }
  | { readonly kind: 'disperse-or-surrender' };

/** NW Morale §19 Morale Failure table: rows failed by 1..6+ (index 0 = by 1). */
export const FAILURE_TABLE: { readonly charging: readonly FailureOutcome[]; readonly otherwise: readonly FailureOutcome[]; readonly rule: string } = {
  charging: [
    // Halt 1" from enemy unless the enemy is charging or countercharging: then halt in place.
    { kind: 'halt-short', disordered: false },
    { kind: 'halt', disordered: true, beforeMoving: true },
    { kind: 'retreat', state: 'disordered' },
    { kind: 'retreat', state: 'fragmented' },
    { kind: 'rout', standsLost: 1 },
    { kind: 'rout', standsLost: 2 },
  ],
  otherwise: [
    { kind: 'halt', disordered: true },
    { kind: 'retreat', state: 'disordered' },
    { kind: 'retreat', state: 'fragmented' },
    { kind: 'rout', standsLost: 1 },
    { kind: 'rout', standsLost: 2 },
    // Dispersed unless in contact with enemy, in which case Surrender.
    { kind: 'disperse-or-surrender' },
  ],
  rule: 'NW Morale §19 Morale Failure',
};

export function failureOutcome(charging: boolean, failedBy: number): FailureOutcome {
  const rows = charging ? FAILURE_TABLE.charging : FAILURE_TABLE.otherwise;
  const i = Math.min(Math.max(failedBy, 1), 6) - 1;
  return rows[i]!;
}

/** Generals and command changes. SYW (3) Command and Control pp.4-7. */
import { dice } from './cite';

export type Training = 'cavalry' | 'average' | 'infantry';
export type Psychology = 'brave' | 'cautious' | 'none';
export type Ability = 'competent' | 'normal' | 'incompetent';

export interface GeneralCounter {
  readonly training: Training;
  readonly psychology: Psychology;
  readonly ability: Ability;
}

/** Ability modifier to the D4 command roll (p.6): Competent +1, Incompetent "1 from D4" = -1. */
export const ABILITY_D4_MODIFIER: Readonly<Record<Ability, number>> = { competent: 1, normal: 0, incompetent: -1 };

export const COMMAND = {
  /** The D4 per general at the start of Command Changes (p.7). */
  attemptsDie: dice(1, 4),
  /** The CinC's base orders per turn ("1 order per turn, +1 Competent, -1 Incompetent", p.4). */
  cincBaseOrders: 1,
  maxPromptsPerGroup: 2,
  /** Distance per pip of the D6 when the target is in sight / out of sight (p.7). */
  cmPerPipInSight: 10,
  cmPerPipOutOfSight: 5,
  alwaysSucceeds: 6,
  alwaysFails: 1,
  /** Cautious: count double the distance when changing orders to Advance (p.6). */
  cautiousAdvanceDistanceFactor: 2,
  generalMoveCm: 40,
  /** Killed if within 1cm of a unit under fire or in melee (p.6). */
  generalAtRiskCm: 1,
  /** Lost generals are replaced within 10cm of the last position (p.6). */
  replacementWithinCm: 10,
  /** Visibility: concealed troops stay unseen until within 5cm; woods 10cm (p.7). */
  concealedSpottedCm: 5,
  woodVisibilityCm: 10,
  rule: 'SYW (3) Changing Orders (p.7), Notes on Generals (p.6)',
} as const;

/** Training restricts what a general commands at his own ability (p.5). */
export function effectiveCounter(c: GeneralCounter, commands: { infantry: boolean; cavalry: boolean }): GeneralCounter {
  const mismatched = (c.training === 'cavalry' && commands.infantry) || (c.training === 'infantry' && commands.cavalry);
  return mismatched ? { training: c.training, psychology: 'cautious', ability: 'incompetent' } : c;
}

/**
 * The counter deck. The text says "Each nationality has its own counter mix" (p.5) but prints
 * none: this is a labelled HOUSE default (every combination once), editable per nation through
 * scenario rulesetFields['seven-years-war'].counterMix. See RULINGS.md.
 */
export const HOUSE_COUNTER_MIX: readonly GeneralCounter[] = (['cavalry', 'average', 'infantry'] as const).flatMap((training) =>
  (['brave', 'cautious', 'none'] as const).flatMap((psychology) =>
    (['competent', 'normal', 'incompetent'] as const).map((ability) => ({ training, psychology, ability })),
  ),
);
export const COUNTER_MIX_IS_HOUSE_VALUE = true;

/** A CinC draws 3 counters and keeps 1 (p.5). */
export const CINC_DRAWS = 3;

/** (3) Notes on Generals (d) p.6: a general "within 1cm of a unit under fire or in melee" is at risk. */
export const GENERAL_RISK_CM = 1;

/** NW Preparing for Battle §10 Victory Conditions and Victory Points. */
export const ARMY_BREAK = {
  /** An army loses when a third of its units are routed, destroyed or captured, or it concedes. */
  fractionOfUnits: 1 / 3,
  counts: ['routed', 'destroyed', 'captured'] as const,
  turnPlayedToCompletion: true,
  rule: 'NW §10 Victory Conditions',
} as const;

/** NW §10 Loss Points: multiples of the points cost of stands. */
export const LOSS_POINTS = {
  killedOrRouted: 1,
  captured: 2,
  neverArrivedOrLeftAndNotReturned: 0.5,
  rule: 'NW §10 Loss Points',
} as const;

/** NW §10 Victory Points: one each, cumulative. */
export const VICTORY_POINTS = {
  wonBattle: 1,
  /** "For each 50 points of enemy killed". */
  perEnemyLossPoints: 50,
  noEnemyInYourHalf: 1,
  enemyCincKilledOrCaptured: 1,
  /** The CinC also counts as a general. */
  perEnemyGeneralKilledOrCaptured: 1,
  /** The example: inflicting more Loss Points than suffered is 1, twice as many is a second. */
  inflictedMoreLossPoints: 1,
  inflictedTwiceLossPoints: 1,
  rule: 'NW §10 Victory Points',
} as const;

export type VictoryLevel = 'draw' | 'marginal' | 'tactical' | 'strategic' | 'decisive' | 'overwhelming';

/** NW §10 Victory Level by the difference in Victory Points (5 or more is overwhelming). */
export const VICTORY_LEVELS: readonly { readonly difference: number; readonly level: VictoryLevel; readonly name: string }[] = [
  { difference: 1, level: 'marginal', name: 'Marginal Victory' },
  { difference: 2, level: 'tactical', name: 'Tactical Victory' },
  { difference: 3, level: 'strategic', name: 'Strategic Victory' },
  { difference: 4, level: 'decisive', name: 'Decisive Victory' },
  { difference: 5, level: 'overwhelming', name: 'Overwhelming Victory' },
];

export function victoryLevel(difference: number): VictoryLevel {
  const d = Math.abs(difference);
  if (d < 1) return 'draw';
  return VICTORY_LEVELS[Math.min(d, 5) - 1]!.level;
}

/**
 * The text gives no points costs. HOUSE VALUES (labelled, editable via the scenario's
 * rulesetFields['napoleonic-warfare'].pointsPerStand): a stand's cost by arm.
 */
export const HOUSE_POINTS_PER_STAND = { infantry: 10, cavalry: 15, artillery: 20, general: 25, houseValue: true } as const;

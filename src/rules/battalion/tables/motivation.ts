/** BT Motivation: the triggers, the motivation table and the special rules' numbers. */
export const MOTIVATION_RULE = 'BT Motivation';
export const MOTIVATION_TABLE_RULE = 'BT Motivation table';
export const MOTIVATION_SPECIAL_RULE = 'BT Motivation Special Rules';
export const FALLBACK_RULE = 'BT Fallbacks';

export interface MotivationModifier {
  readonly id: string;
  readonly label: string;
  readonly value: number;
}

/** The Motivation table as printed (reason, modifier). */
export const MOTIVATION_TABLE = {
  below50: { id: 'below50', label: 'Below 50%', value: -1 },
  disorientated: { id: 'disorientated', label: 'Disorientated', value: -1 },
  commanderDead: { id: 'commanderDead', label: 'Brigade/ Battalion Commander Dead', value: -1 },
  largerEnemy: { id: 'largerEnemy', label: 'Larger enemy battalions within 6” (cumulative)', value: -1 },
  multipleCombat: { id: 'multipleCombat', label: 'If in combat with multiply units', value: -1 },
  perCompanyLost: { id: 'perCompanyLost', label: 'Per company lost from shooting after the first', value: -1 },
  brigadeCommanderNear: { id: 'brigadeCommanderNear', label: 'Brigade Commander within 16’', value: 1 },
  largerFriend: { id: 'largerFriend', label: 'Larger Friendly unit within 6”(same type i.e. Cavalry )', value: 1 },
  defensivePosition: { id: 'defensivePosition', label: 'For being in a Defensive Position', value: 1 },
  fullStrength: { id: 'fullStrength', label: 'At Full Strength', value: 1 },
} as const satisfies Record<string, MotivationModifier>;

/** "Larger enemy battalions within 6”", "Larger Friendly unit within 6”". */
export const NEARBY_IN = 6;
/** "Brigade Commander within 16’" (read as inches, RULINGS.md); "If the Brigade Commander has died within 16”". */
export const BRIGADE_COMMANDER_IN = 16;
/** BT Army Commanders: "nearby brigades to re-roll motivation within 8”". */
export const ARMY_COMMANDER_IN = 8;
/** BT Rocket Battery: "Units that take casualties suffer -1 to morale tests for that turn. Not including assault". */
export const ROCKET_MORALE = -1;

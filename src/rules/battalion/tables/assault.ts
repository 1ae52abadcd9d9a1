/** BT Assault Phase: attacks per stand, the skill check table and the armour save table. */
import type { Quality } from './troops';

export const ASSAULT_RULE = 'BT Assault Phase Summery';
export const ATTACKS_RULE = 'BT Attacks per Stand';
export const SKILL_RULE = 'BT Skill check table';
export const ARMOUR_RULE = 'BT Armour Save Table';

/** Attacks per Stand as printed. */
export const ATTACKS_PER_STAND = {
  lineInfantry: 1,
  lightInfantry: 1,
  brigadeCO: 1,
  battalionCO: 1,
  artillery: 1,
  grenadiers: 2,
  lightCavalry: 2,
  mediumCavalry: 3,
  heavyCavalry: 4,
} as const;

/** Skill check table: D6 needed by quality. */
export const SKILL_CHECK: Readonly<Record<Quality, number>> = { conscript: 5, trained: 4, veteran: 3 };

/** Armour Save Table; null = "None". */
export const ARMOUR_SAVE = {
  infantry: null,
  infantryInSquare: 3,
  brigadeCO: null,
  artillery: null,
  lightCavalry: 5,
  mediumCavalry: 4,
  heavyCavalry: 3,
} as const;

/** BT Wedge: "Cavalry assaulting in wedge formation get +1 to hit". */
export const WEDGE_TO_HIT = 1;
/** BT Lances: "+1 to hit if they charge (not counter charge)" against cavalry. */
export const LANCE_TO_HIT = 1;
/** BT Lances: charged lancers "have the armour reduced by 1". */
export const LANCE_ARMOUR_LOSS = 1;
/** BT Square: cavalry failing to attack a square "remain 2” from the square". */
export const SQUARE_STANDOFF_IN = 2;
/** BT Battalion Light Artillery: "within 4” of any friendly battalion that is Assaulted". */
export const BATTALION_GUNS_IN = 4;

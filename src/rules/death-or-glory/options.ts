/**
 * Options: the numbers the text leaves out, each a labelled house value (RULINGS.md).
 */
import { z } from 'zod';
import type { OptionInfo } from '../../engine/ruleset';

export const optionsSchema = z.object({
  /** HOUSE: a side whose routing and lost units reach this share of its starting figures has lost the battle (the text gives no victory rule). */
  armyBreakPct: z.number().int().min(20).max(100).default(50),
  /** HOUSE: the widest wheel a charge may make before its straight run (degrees). */
  chargeWheelDeg: z.number().min(0).max(180).default(45),
}).strict();
export type DogOptions = z.infer<typeof optionsSchema>;

export const OPTION_INFO: readonly OptionInfo[] = [
  { id: 'armyBreakPct', label: 'Army breaks at this % of its figures routing or lost — house value', kind: 'number', default: 50, description: 'Death or Glory! gives no victory rule; a side with this share of its starting figures routing or off the field has lost (RULINGS.md).', rule: 'HOUSE victory' },
  { id: 'chargeWheelDeg', label: 'Widest wheel before a charge\'s straight run (degrees) — house value', kind: 'number', default: 45, rule: 'DoG Charge Restrictions' },
];

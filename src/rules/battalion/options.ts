/**
 * Options: the numbers the text leaves out, each a labelled house value a player can change
 * (RULINGS.md), and the house victory rule.
 */
import { z } from 'zod';
import type { OptionInfo } from '../../engine/ruleset';

export const optionsSchema = z.object({
  /** HOUSE: the motivation check passes on a d6 plus modifiers of this or more (the text gives no base target). */
  motivationTarget: z.number().int().min(2).max(7).default(4),
  /** HOUSE: dice each infantry stand able to fire throws (the text gives no base infantry RoF). */
  infantryRofPerStand: z.number().int().min(1).max(4).default(1),
  /** HOUSE: dice each cavalry stand able to fire throws (carbines; the text gives none). */
  cavalryRofPerStand: z.number().int().min(1).max(4).default(1),
  /** HOUSE: how far each battalion falls back after "Both Battalions Retreat" (inches). */
  separationIn: z.number().min(0.5).max(12).default(2),
  /** HOUSE: the widest wheel an assault may make to reach its target (degrees). */
  assaultWheelDeg: z.number().min(0).max(180).default(45),
}).strict();
export type BtOptions = z.infer<typeof optionsSchema>;

export const OPTION_INFO: readonly OptionInfo[] = [
  { id: 'motivationTarget', label: 'Motivation check passes on (d6 + modifiers) — house value', kind: 'number', default: 4, description: 'The text gives no base target for a motivation check; 4+ is a house value (RULINGS.md).', rule: 'BT Motivation' },
  { id: 'infantryRofPerStand', label: 'Infantry rate of fire: dice per firing stand — house value', kind: 'number', default: 1, description: 'The text gives no base infantry rate of fire; one die per stand able to fire is a house value (RULINGS.md).', rule: 'BT Summery of Shooting Phase 5' },
  { id: 'cavalryRofPerStand', label: 'Cavalry rate of fire: dice per firing stand — house value', kind: 'number', default: 1, description: 'Cavalry fire at 6+ with no modifiers; their rate of fire is not given (RULINGS.md).', rule: 'BT To Hit table' },
  { id: 'separationIn', label: 'Distance each battalion falls back when both retreat (inches) — house value', kind: 'number', default: 2, rule: 'BT Both Battalions Retreat' },
  { id: 'assaultWheelDeg', label: 'Widest wheel to reach an assault target (degrees) — house value', kind: 'number', default: 45, rule: 'BT Assault Phase Summery' },
];

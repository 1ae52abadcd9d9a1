/**
 * Options: the optional rules Advanced Shako marks as such (11.2.4 lancers, 11.2.4 square
 * support, 13.6 burning town sectors), each off until the players switch it on in the start dialog.
 * The numbers the base rulebook would supply are tables (tables/index.ts), not options.
 */
import { z } from 'zod';
import type { OptionInfo } from '../../engine/ruleset';

export const optionsSchema = z.object({
  /** 11.2.4 Lancers: "an optional rule that must be agreed to by both (all) players at the start of the game". */
  lancers: z.boolean().default(false),
  /** 11.2.4 Infantry Squares in Melee: "This optional rule rewards divisional preparation". */
  squareSupport: z.boolean().default(false),
  /** 13.6 Burning town sectors: "Apply the following rules as an option." */
  burningTowns: z.boolean().default(false),
}).strict();
export type ShOptions = z.infer<typeof optionsSchema>;

export const OPTION_INFO: readonly OptionInfo[] = [
  { id: 'lancers', label: 'Lancers: +1 against infantry in the open', kind: 'boolean', default: false, optionalRule: true, rule: 'AS 11.2.4 Lancers', description: 'Units marked as lancers (not second-rate or front-rank-only lances) gain +1 in melee against infantry in the open; against infantry and cavalry together, only against the infantry.' },
  { id: 'squareSupport', label: 'Square support: +1 to a square supported by another within 3"', kind: 'boolean', default: false, optionalRule: true, rule: 'AS 11.2.4 Infantry Squares in Melee', description: 'An infantry square gains +1 in melee against cavalry when another friendly square is within 3". Lines and columns neither give nor receive it.' },
  { id: 'burningTowns', label: 'Burning town sectors and their smoke', kind: 'boolean', default: false, optionalRule: true, rule: 'AS 13.6 Burning town sectors', description: 'A sector bombarded by two or more batteries in a turn may be set alight (D6 under the number of batteries); it burns for the game, its occupant must leave, and its smoke may drift and block sight.' },
];

/**
 * The tables in force for a game: the module's defaults (tables/*.ts, transcribed from the
 * text) with any house-rules file applied. The zod schema validates a complete set.
 */
import { z } from 'zod';
import { TO_PASS } from './tables/morale';
import { COMBAT_GRADE_FACTOR } from './tables/closeCombat';
import { SMALL_ARMS, SMALL_ARMS_MODIFIERS, ARTILLERY_MODIFIERS, ARTILLERY_RANGES_IN, ARTILLERY_TO_HIT } from './tables/fire';
import { MOVEMENT } from './tables/movement';
import { ABILITY_TABLE } from './tables/generals';
import { MORALE_MODIFIERS } from './tables/morale';
import { HOUSE_POINTS_PER_STAND } from './tables/victory';
import { GRADES } from './tables/troops';

const int = z.number().int();
const gradeRecord = z.object(Object.fromEntries(GRADES.map((g) => [g, int])) as Record<(typeof GRADES)[number], typeof int>).strict();
const weapons = z.object({ musket: z.number(), rifle: z.number(), carbine: z.number() }).strict();
const band = z.object({ band: z.enum(['close', 'effective', 'long']), toHit: int, maxIn: weapons }).strict();
const smallArmsScale = z.object({ bands: z.array(band).length(3), rule: z.string() }).strict();
const mod = z.object({ value: int, label: z.string(), perMarker: z.boolean().optional() }).strict();
const artBands = z.object({ killing: z.number(), close: z.number(), effective: z.number(), long: z.number(), extreme: z.number() }).strict();
const toHitRow = z.object({ killing: int.nullable(), close: int.nullable(), effective: int.nullable(), long: int.nullable(), extreme: int.nullable() }).strict();
const dd = z.object({ baseIn: z.number(), d6: int.min(0) }).strict();
const moveRow = z
  .object({
    tacticalIn: z.number(),
    strategicIn: z.number(),
    skirmish: z.object({ tacticalIn: z.number(), strategicIn: z.number() }).strict().optional(),
    fast: dd,
    denseDelay: dd.optional(),
  })
  .strict();
const moveTable = z
  .object({
    scale: z.enum(['medium', 'large']),
    rows: z.object({ foot: moveRow, 'light-cavalry': moveRow, cavalry: moveRow, 'line-artillery': moveRow, wagon: moveRow, 'horse-artillery': moveRow }).strict(),
    footColumnBonusIn: z.object({ tacticalIn: z.number(), strategicIn: z.number() }).strict(),
    lightDelay: dd,
    rule: z.string(),
  })
  .strict();

export const NwTablesSchema = z
  .object({
    toPass: gradeRecord,
    combatGradeFactor: gradeRecord,
    smallArms: z.object({ medium: smallArmsScale, large: smallArmsScale }).strict(),
    smallArmsModifiers: z.record(z.string(), mod),
    artilleryModifiers: z.record(z.string(), mod),
    artilleryRangesIn: z.object({ medium: artBands, large: artBands }).strict(),
    artilleryToHit: z.object({ heavy: toHitRow, medium: toHitRow, light: toHitRow, horse: toHitRow }).strict(),
    movement: z.object({ medium: moveTable, large: moveTable }).strict(),
    ability: z
      .object({
        rows: z.array(
          z.object({ min: int, max: int, rating: z.enum(['charismatic', 'exceptional', 'good', 'average', 'poor']), name: z.string(), commandRadiusIn: z.object({ medium: z.number(), large: z.number() }).strict() }).strict(),
        ),
        cincBonus: int,
        rerollsPerArmy: int,
        dice: z.string(),
        rule: z.string(),
      })
      .strict(),
    moraleModifiers: z.record(z.string(), z.object({ value: int, label: z.string(), per: z.enum(['stand', 'marker']).optional() }).strict()),
    pointsPerStand: z.object({ infantry: z.number(), cavalry: z.number(), artillery: z.number(), general: z.number(), houseValue: z.boolean() }).strict(),
  })
  .strict();

export type NwTables = z.infer<typeof NwTablesSchema>;

/** Plain-JSON copy (the state is hashed and saved: no shared references, no Infinity). */
const json = <X>(x: X): X => JSON.parse(JSON.stringify(x)) as X;

/** The defaults, validated by the same schema a house-rules file must pass. */
export const DEFAULT_TABLES: NwTables = NwTablesSchema.parse(json({
  toPass: TO_PASS,
  combatGradeFactor: COMBAT_GRADE_FACTOR,
  smallArms: SMALL_ARMS,
  smallArmsModifiers: SMALL_ARMS_MODIFIERS,
  artilleryModifiers: ARTILLERY_MODIFIERS,
  artilleryRangesIn: ARTILLERY_RANGES_IN,
  artilleryToHit: ARTILLERY_TO_HIT,
  movement: MOVEMENT,
  ability: ABILITY_TABLE,
  moraleModifiers: MORALE_MODIFIERS,
  pointsPerStand: HOUSE_POINTS_PER_STAND,
}));

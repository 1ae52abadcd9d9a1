/**
 * The battalion rules' tables as one typed, editable set (a house-rules file overrides them and
 * is validated against `tablesSchema`). Each part is the printed table (tables/*.ts).
 */
import { z } from 'zod';
import { MOVEMENT_TABLE } from './movement';
import { RANGE_TABLE, TO_HIT, SHOOTING_SAVE } from './shooting';
import { ATTACKS_PER_STAND, SKILL_CHECK, ARMOUR_SAVE } from './assault';
import { MOTIVATION_TABLE } from './motivation';

export * from './troops';
export * from './movement';
export * from './shooting';
export * from './assault';
export * from './motivation';

const cell = z.object({ inches: z.number().min(0).max(60), doubleInches: z.number().min(0).max(60).optional(), immobile: z.boolean().optional() }).strict();
const column = z.object({ lightInf: cell, infGren: cell, lightCav: cell, medCavHorseArt: cell, heavyCav: cell, lightArt: cell, heavyArt: cell }).partial().strict();
const weapon = z.object({ rangeIn: z.number().min(0).max(120), grapeRangeIn: z.number().min(0).max(120).optional(), cannonRof: z.number().int().min(0).max(20).optional(), grapeRof: z.number().int().min(0).max(20).optional(), firepower: z.number().int().min(1).max(7), firepowerVsBuildings: z.number().int().min(1).max(7).optional() }).strict();
const d6 = z.number().int().min(1).max(7);
const arms = z.object({ infantry: d6, cavalry: d6, artillery: d6 }).strict();
const save = d6.nullable();
const mod = z.object({ id: z.string(), label: z.string(), value: z.number().int().min(-6).max(6) }).strict();

export const tablesSchema = z.object({
  movement: z.object({ column, line: column, loose: column, square: column, wedge: column }).strict(),
  range: z.object({ musket: weapon, lightArtillery: weapon, horseArtillery: weapon, heavyArtillery: weapon, howitzers: weapon, rockets: weapon }).strict(),
  toHit: arms,
  shootingSave: arms,
  attacks: z.object({ lineInfantry: z.number().int().min(0).max(10), lightInfantry: z.number().int().min(0).max(10), brigadeCO: z.number().int().min(0).max(10), battalionCO: z.number().int().min(0).max(10), artillery: z.number().int().min(0).max(10), grenadiers: z.number().int().min(0).max(10), lightCavalry: z.number().int().min(0).max(10), mediumCavalry: z.number().int().min(0).max(10), heavyCavalry: z.number().int().min(0).max(10) }).strict(),
  skill: z.object({ conscript: d6, trained: d6, veteran: d6 }).strict(),
  armour: z.object({ infantry: save, infantryInSquare: save, brigadeCO: save, artillery: save, lightCavalry: save, mediumCavalry: save, heavyCavalry: save }).strict(),
  motivation: z.object(Object.fromEntries(Object.keys(MOTIVATION_TABLE).map((k) => [k, mod])) as Record<keyof typeof MOTIVATION_TABLE, typeof mod>).strict(),
});
export type BtTables = z.infer<typeof tablesSchema>;

export const DEFAULT_TABLES: BtTables = {
  movement: MOVEMENT_TABLE as BtTables['movement'],
  range: RANGE_TABLE,
  toHit: TO_HIT,
  shootingSave: SHOOTING_SAVE,
  attacks: ATTACKS_PER_STAND,
  skill: SKILL_CHECK,
  armour: ARMOUR_SAVE,
  motivation: MOTIVATION_TABLE,
};

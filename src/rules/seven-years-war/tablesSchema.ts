/**
 * The tables in force for a game: the typed defaults from tables/ that house rules may override
 * (validated by `tablesSchema`). Handlers read numbers from `state.tables`, never from the
 * constants directly, so a house-rules file changes play.
 */
import { z } from 'zod';
import { UNIT_TABLE, WEAPON_RANGES, TROOP_TYPES } from './tables/units';
import { SHOOTING_MODIFIERS } from './tables/shooting';
import { MELEE_MODIFIERS, TURN_TO_FACE } from './tables/melee';
import { MORALE_MODIFIERS } from './tables/morale';
import { CINC_ABILITY, POINTS_PER_STAND } from './tables/setup';
import { HOUSE_COUNTER_MIX } from './tables/command';

const row = z.object({
  type: z.enum(TROOP_TYPES as unknown as [string, ...string[]]),
  name: z.string(),
  troopClass: z.enum(['infantry', 'cavalry', 'artillery']),
  deployment: z.enum(['massed', 'light']),
  moveCm: z.number().positive(),
  meleeFactor: z.number().int().min(0),
  meleeFactorVsInfantry: z.number().int().min(0),
  weapon: z.string(),
  rule: z.string(),
});
const bands = z.object({ shortCm: z.number().positive().nullable(), longCm: z.number().positive().nullable(), extremeCm: z.number().positive().nullable(), rule: z.string() });
const mod = z.object({ id: z.string(), label: z.string(), value: z.number().int(), rule: z.string() });
const counter = z.object({
  training: z.enum(['cavalry', 'average', 'infantry']),
  psychology: z.enum(['brave', 'cautious', 'none']),
  ability: z.enum(['competent', 'normal', 'incompetent']),
});
const six = z.tuple([z.number(), z.number(), z.number(), z.number(), z.number(), z.number()]);

export const tablesSchema = z.object({
  unitTable: z.record(z.string(), row),
  weaponRanges: z.record(z.string(), bands),
  shootingModifiers: z.record(z.string(), mod),
  meleeModifiers: z.record(z.string(), mod),
  moraleModifiers: z.record(z.string(), mod),
  turnToFace: z.object({ well: z.number().int(), normal: z.number().int(), badly: z.number().int(), artilleryOrMilitia: z.number().int() }),
  cincAbility: z.object({ prussian: six, austrian: six, russian: six, french: six, others: six }),
  pointsPerStand: z.record(z.string(), z.number()),
  counterMix: z.array(counter).min(3),
});

export type Tables = z.infer<typeof tablesSchema>;

export const DEFAULT_TABLES: Tables = {
  unitTable: { ...UNIT_TABLE },
  weaponRanges: { ...WEAPON_RANGES },
  shootingModifiers: { ...SHOOTING_MODIFIERS },
  meleeModifiers: { ...MELEE_MODIFIERS },
  moraleModifiers: { ...MORALE_MODIFIERS },
  turnToFace: { ...TURN_TO_FACE },
  cincAbility: {
    prussian: [...CINC_ABILITY.prussian], austrian: [...CINC_ABILITY.austrian], russian: [...CINC_ABILITY.russian],
    french: [...CINC_ABILITY.french], others: [...CINC_ABILITY.others],
  },
  pointsPerStand: { ...POINTS_PER_STAND },
  counterMix: HOUSE_COUNTER_MIX.map((c) => ({ ...c })),
};

export type ModTable = 'shootingModifiers' | 'meleeModifiers' | 'moraleModifiers';
/** A modifier as the dice log records it: label, value, rule — read from the tables in force. */
export function modifier(t: Tables, table: ModTable, id: string, times = 1): { label: string; value: number; rule: string } {
  const m = t[table][id];
  if (!m) throw new Error(`no modifier ${table}.${id}`);
  return { label: times === 1 ? m.label : `${m.label} (x${times})`, value: m.value * times, rule: m.rule };
}

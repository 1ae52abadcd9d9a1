/**
 * The tables of Death or Glory! as one typed, editable record (house-rules files override it and
 * are validated by `tablesSchema`), and the lists each module reads.
 */
import { z } from 'zod';
import { NATIONS, type NationTable } from './nations';
import { CASUALTY_CHART, ARTILLERY_CHART } from './casualties';
import { SMALL_ARMS_RANGES, CANISTER, BALL, type Band, type SmallArm, type Calibre } from './ranges';
import { ALLOWANCES, CHARGE_BONUS } from './movement';

export * from './nations';
export * from './casualties';
export * from './ranges';
export * from './modifiers';
export * from './movement';

export interface DogTables {
  readonly nations: Readonly<Record<string, NationTable>>;
  readonly casualtyChart: readonly (readonly number[])[];
  readonly artilleryChart: readonly (readonly number[])[];
  readonly smallArms: Readonly<Record<SmallArm, readonly Band[]>>;
  readonly canister: Readonly<Record<Calibre, readonly Band[]>>;
  readonly ball: Readonly<Record<Calibre, readonly Band[]>>;
  readonly allowances: typeof ALLOWANCES;
  readonly chargeBonus: typeof CHARGE_BONUS;
}

export const DEFAULT_TABLES: DogTables = {
  nations: NATIONS, casualtyChart: CASUALTY_CHART, artilleryChart: ARTILLERY_CHART,
  smallArms: SMALL_ARMS_RANGES, canister: CANISTER, ball: BALL, allowances: ALLOWANCES, chargeBonus: CHARGE_BONUS,
};

const factor = z.number().int().min(-10).max(20);
const row = z.object({
  name: z.string(), arm: z.enum(['infantry', 'cavalry', 'artillery']),
  fire: factor.optional(), impact: factor.optional(), confused: factor.optional(),
  morale: z.number().int().min(0).max(10), control: factor,
  tags: z.array(z.enum(['heavy', 'light', 'lancer', 'cuirassier', 'cossack', 'rifles', 'skirmish', 'horse', 'landwehr', 'militia'])),
}).strict();
const nation = z.object({
  name: z.string(), british: z.boolean().optional(),
  drill: z.object({ infantry: z.enum(['britFr', 'russ', 'prAu']), cavalry: z.enum(['brit', 'frRuss', 'prAu']), footArtillery: z.enum(['britFr', 'russ', 'prAu']), horseArtillery: z.enum(['brit', 'frRuss', 'prAu']) }).strict(),
  troops: z.object({ infantry: z.record(z.string(), row), cavalry: z.record(z.string(), row), artillery: z.record(z.string(), row) }).strict(),
}).strict();
const chart = (cols: number) => z.array(z.array(z.number().int().min(0)).length(cols)).length(21);
const bands = z.array(z.object({ toMm: z.number().positive(), modifier: z.number().int() }).strict()).min(1);
const byCalibre = z.object({ '3-4': bands, '6-7': bands, '8-9': bands, '12': bands }).strict();
const lineCol = z.object({ line: z.number().positive(), column: z.number().positive() }).strict();

export const tablesSchema = z.object({
  nations: z.record(z.string(), nation),
  casualtyChart: chart(12),
  artilleryChart: chart(8),
  smallArms: z.object({ musket: bands, rifle: bands, mounted: bands, carbine: bands }).strict(),
  canister: byCalibre,
  ball: byCalibre,
  allowances: z.object({ infantry: lineCol, skirmishers: z.number().positive(), lightCavalry: lineCol, heavyCavalry: lineCol, footArtillery: z.number().positive(), horseArtillery: z.number().positive() }).strict(),
  chargeBonus: z.object({ infantry: z.number().min(0), cavalry: z.number().min(0) }).strict(),
}).strict();

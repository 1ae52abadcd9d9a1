/**
 * The scenario file format, version 1. A zod schema is the single source of truth: the
 * TypeScript types are inferred from it and the published JSON Schema
 * (scenarios/scenario.schema.json) is generated from it (`npm run schema`).
 * Distances are table millimetres; angles in files are degrees (clockwise on screen from
 * +x, y down: 90 faces down the screen, -90 faces up).
 */
import { z } from 'zod';
import { isPrototypeName } from '../engine/ids';
import { LIMITS } from './limits';

const finite = z.number().finite();
export const PointSchema = z.tuple([finite, finite]).describe('[x, y] in table millimetres');
const positive = finite.positive();
const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'ids use letters, digits and _ . : - only')
  .refine((s) => !isPrototypeName(s), { message: 'this name cannot be an id: every JavaScript object already has it' });
const points = (min: number) => z.array(PointSchema).min(min).max(LIMITS.vertices);
/** A stand's or a general's base side: 5 to 500 mm (limits.ts). */
const baseMm = finite.min(LIMITS.standMinMm).max(LIMITS.standMaxMm);
const name = z.string().min(1).max(200);

export const PoseSchema = z.object({ x: finite, y: finite, facingDeg: finite }).strict();

export const TerrainSchema = z
  .object({
    id,
    kind: z.enum(['hill', 'wood', 'road', 'stream', 'river', 'village', 'building', 'field', 'marsh', 'lake', 'obstacle', 'ford', 'bridge', 'rough']),
    name,
    polygon: points(3).optional(),
    line: points(2).optional(),
    widthMm: positive.max(LIMITS.lineWidthMm).optional(),
    heightLevel: z.number().int().min(0).max(10).optional(),
    crest: points(2).optional(),
    props: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  })
  .strict()
  .refine((t) => t.polygon !== undefined || (t.line !== undefined && t.widthMm !== undefined), {
    message: 'a terrain feature needs a polygon, or a line with a widthMm',
  });

export const StandSpecSchema = z
  .object({
    id: id.optional(),
    widthMm: baseMm,
    depthMm: baseMm,
    figures: z.number().int().min(0).max(1000).optional(),
    role: z.string().max(32).optional(),
    /** Explicit pose; when absent the unit's formation lays the stand out. */
    at: PoseSchema.optional(),
  })
  .strict();

export const UnitSpecSchema = z
  .object({
    id,
    name,
    side: id,
    parent: id,
    arm: z.enum(['infantry', 'cavalry', 'artillery']),
    troopType: z.string().min(1).max(64),
    quality: z.string().min(1).max(64),
    nationality: z.string().min(1).max(64).optional(),
    formation: z.string().min(1).max(32).default('line'),
    /** Ranks for a line, files for a column. */
    ranks: z.number().int().min(1).max(20).optional(),
    at: PoseSchema,
    stands: z.array(StandSpecSchema).min(1).max(LIMITS.standsPerUnit),
    /** Index into `stands` of the command stand (default: the middle of the front rank). */
    commandStand: z.number().int().min(0).optional(),
    extra: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

export const GeneralSpecSchema = z
  .object({
    id,
    name,
    side: id,
    commands: id,
    at: PoseSchema,
    base: z.object({ widthMm: baseMm, depthMm: baseMm }).strict(),
    extra: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

export const FormationSpecSchema = z
  .object({
    id,
    name,
    side: id,
    level: z.enum(['army', 'corps', 'wing', 'division', 'brigade', 'group']),
    parent: id.optional(),
  })
  .strict();

export const SideSpecSchema = z
  .object({
    id,
    name,
    nationality: z.string().min(1).max(64),
    colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour is #rrggbb'),
    deploymentZone: points(3).optional(),
  })
  .strict();

export const VictoryConditionSchema = z
  .object({
    kind: z.enum(['ruleset', 'hold', 'destroy', 'turn-limit']),
    side: id.optional(),
    terrain: id.optional(),
    description: z.string().max(500).optional(),
  })
  .strict();

export const ScenarioSchema = z
  .object({
    $schema: z.string().max(500).optional(),
    format: z.literal('vedette-scenario'),
    version: z.literal(1),
    id,
    title: name,
    description: z.string().max(5000).optional(),
    rulesets: z
      .array(z.string().min(1).max(64))
      .min(1)
      .max(LIMITS.rulesets)
      .superRefine((ids, ctx) => {
        ids.forEach((r, i) => {
          if (ids.indexOf(r) !== i) ctx.addIssue({ code: 'custom', path: [i], message: `"${r}" is listed twice` });
        });
      }),
    table: z
      .object({ widthMm: positive.max(20000), depthMm: positive.max(20000), metresPerMm: positive.optional() })
      .strict(),
    turnLimit: z.number().int().min(1).max(200).optional(),
    terrain: z.array(TerrainSchema).max(LIMITS.terrain).default([]),
    sides: z.array(SideSpecSchema).length(2),
    formations: z.array(FormationSpecSchema).max(LIMITS.formations),
    generals: z.array(GeneralSpecSchema).max(LIMITS.generals).default([]),
    units: z.array(UnitSpecSchema).min(1).max(LIMITS.units),
    victory: z.array(VictoryConditionSchema).max(LIMITS.victory).default([]),
    /** Ruleset-specific data keyed by ruleset id. */
    rulesetFields: z.record(z.string(), z.unknown()).optional(),
    /**
     * A mid-battle situation: the game starts at `turn`. Casualties, disorder, orders and the
     * like go in each unit's `extra`, which the ruleset validates.
     */
    situation: z.object({ turn: z.number().int().min(1).max(200), description: z.string().max(2000).optional() }).strict().optional(),
  })
  .strict();

export type ScenarioFile = z.infer<typeof ScenarioSchema>;
export type ScenarioInput = z.input<typeof ScenarioSchema>;
export type UnitSpec = z.infer<typeof UnitSpecSchema>;
export type TerrainSpec = z.infer<typeof TerrainSchema>;

/**
 * House-rules files: a named set of table overrides for one ruleset, validated like a scenario
 * (whole file accepted or rejected, each problem with its JSON path).
 *
 *   { "format": "vedette-house-rules", "version": 1, "ruleset": "napoleonic-warfare",
 *     "name": "Our club's fire table", "tables": { "smallArms": { … } } }
 */
import { z } from 'zod';
import { resolveTables } from '../engine/houseRules';
import type { AnyRuleset } from '../engine/ruleset';
import { parseJsonText, type Loaded } from './errors';
import { zodProblems } from './load';
import { capProblems, checkShape, LIMITS } from './limits';

export const HouseRulesSchema = z
  .object({
    $schema: z.string().max(500).optional(),
    format: z.literal('vedette-house-rules'),
    version: z.literal(1),
    ruleset: z.string().min(1).max(64),
    name: z.string().min(1).max(200),
    description: z.string().max(5000).optional(),
    tables: z.record(z.string(), z.unknown()),
  })
  .strict();

export type HouseRulesFile = z.infer<typeof HouseRulesSchema>;

export interface LoadedHouseRules {
  readonly module: AnyRuleset;
  readonly file: HouseRulesFile;
  /** The complete tables in force: the ruleset's defaults with the overrides applied. */
  readonly tables: unknown;
}

export function loadHouseRules(data: unknown, rulesets: readonly AnyRuleset[]): Loaded<LoadedHouseRules> {
  try {
    const shape = checkShape(data);
    if (shape.length > 0) return { ok: false, problems: capProblems(shape) };
    const r = HouseRulesSchema.safeParse(data);
    if (!r.success) return { ok: false, problems: capProblems(zodProblems(r.error)) };
    const module = rulesets.find((m) => m.id === r.data.ruleset);
    if (!module) return { ok: false, problems: [{ path: '$.ruleset', message: `there is no ruleset "${r.data.ruleset}" (known: ${rulesets.map((m) => m.id).join(', ') || 'none'}).` }] };
    const t = resolveTables(module, r.data.tables);
    if (!t.ok) return { ok: false, problems: t.problems };
    return { ok: true, value: { module, file: r.data, tables: t.value } };
  } catch (e) {
    return { ok: false, problems: [{ path: '$', message: `these house rules could not be read (${e instanceof Error ? e.message : String(e)}).` }] };
  }
}

export function loadHouseRulesText(text: string, rulesets: readonly AnyRuleset[]): Loaded<LoadedHouseRules> {
  const p = parseJsonText(text, LIMITS.scenarioChars, LIMITS.depth);
  return p.ok ? loadHouseRules(p.value, rulesets) : p;
}

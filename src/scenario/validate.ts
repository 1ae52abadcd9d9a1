/**
 * Validate any Vedette file — scenario, save or house rules — by its `format` field.
 * Used by `vedette validate` and the app's "load file" dialog.
 */
import { createGame } from '../engine/game';
import type { AnyRuleset } from '../engine/ruleset';
import { findRuleset, RULESETS } from '../rules/registry';
import { parseJsonText, type InputProblem } from './errors';
import { loadHouseRules } from './houseRules';
import { loadScenario } from './load';
import { loadSave } from './save';
import { capProblems } from './limits';
import { idRecord } from '../engine/ids';

export type FileKind = 'scenario' | 'save' | 'house-rules';

export interface Validation {
  readonly kind?: FileKind;
  readonly ok: boolean;
  readonly problems: readonly InputProblem[];
  /** Facts worth telling (never failures): rulesets a scenario names that are not installed. */
  readonly notes: readonly string[];
  /** One line describing what the file is, when it is valid. */
  readonly summary?: string;
}

// No prototype: a file whose format is "constructor" is not a Vedette file (engine ids.ts).
const FORMATS: Record<string, FileKind> = idRecord({ 'vedette-scenario': 'scenario', 'vedette-save': 'save', 'vedette-house-rules': 'house-rules' });

export function validateText(text: string, rulesets: readonly AnyRuleset[] = RULESETS): Validation {
  const p = parseJsonText(text);
  return p.ok ? validateData(p.value, rulesets) : { ok: false, problems: p.problems, notes: [] };
}

export function validateData(data: unknown, rulesets: readonly AnyRuleset[] = RULESETS): Validation {
  const format = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as { format?: unknown }).format : undefined;
  const kind = typeof format === 'string' ? FORMATS[format] : undefined;
  if (!kind)
    return {
      ok: false,
      notes: [],
      problems: [{ path: '$.format', message: 'this is not a Vedette file: "format" should be "vedette-scenario", "vedette-save" or "vedette-house-rules".' }],
    };
  if (kind === 'save') {
    const r = loadSave(data, rulesets);
    if (!r.ok) return { kind, ok: false, problems: r.problems, notes: [] };
    const s = r.value.state;
    return { kind, ok: true, problems: [], notes: [], summary: `save of "${r.value.setup.title}" (${r.value.module.name}), ${r.value.save.log.length} commands, turn ${s.position.turn}${s.result ? `, ended: ${s.result.reason}` : ''}; hash ${r.value.hash} verified` };
  }
  if (kind === 'house-rules') {
    const r = loadHouseRules(data, rulesets);
    if (!r.ok) return { kind, ok: false, problems: r.problems, notes: [] };
    return { kind, ok: true, problems: [], notes: [], summary: `house rules "${r.value.file.name}" for ${r.value.module.name} (${Object.keys(r.value.file.tables).join(', ') || 'no tables'})` };
  }
  const sc = loadScenario(data);
  if (!sc.ok) return { kind, ok: false, problems: sc.problems, notes: [] };
  const notes: string[] = [];
  const problems: InputProblem[] = [];
  for (const id of sc.value.rulesets) {
    const m = findRuleset(id, rulesets);
    if (!m) {
      notes.push(`the ruleset "${id}" is not installed; the scenario was checked only against the common format.`);
      continue;
    }
    // Setting the battle up with default options checks the ruleset's own scenario fields.
    const g = createGame(m, { setup: sc.value, seed: 1 });
    if (!g.ok) problems.push(...g.problems.map((p) => ({ path: p.path, message: `${m.name}: ${p.message}` })));
  }
  problems.splice(0, problems.length, ...capProblems(problems));
  const v = sc.value;
  return {
    kind,
    ok: problems.length === 0,
    problems,
    notes,
    ...(problems.length === 0 ? { summary: `scenario "${v.title}": ${v.units.length} units, ${v.generals.length} generals, ${v.terrain.length} terrain features; rulesets ${v.rulesets.join(', ')}` } : {}),
  };
}

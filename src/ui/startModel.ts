/**
 * The start dialog's logic, apart from the DOM: which scenarios there are, which rulesets a
 * scenario can be played with (those it names AND the registry has), the options each offers,
 * and the seed. Pure; the dialog supplies the random seed (crypto) and the files.
 */
import { isValidSeed, MAX_SEED } from '../engine/dice';
import { deriveSeed, keyFromBytes } from '../engine/seed';
import type { AnyRuleset, OptionInfo, TableNote } from '../engine/ruleset';
import { parseJsonText } from '../scenario/errors';

export interface ScenarioEntry {
  /** Where it came from: 'scenarios/default.json' or a file name. */
  readonly source: string;
  readonly text: string;
  readonly title: string;
  readonly description: string;
  /** Ruleset ids the scenario names. */
  readonly rulesets: readonly string[];
  /** Set when the file is not even a JSON object with a title: shown, not playable. */
  readonly problem?: string;
}

/** Read what the list needs from a scenario file; full validation happens when the battle starts. */
export function scenarioEntry(source: string, text: string): ScenarioEntry {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { source, text, title: source, description: '', rulesets: [], problem: parsed.problems.map((p) => `${p.path}: ${p.message}`).join('\n') };
  const v = parsed.value as Record<string, unknown> | null;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return { source, text, title: source, description: '', rulesets: [], problem: '$: a scenario file is a JSON object.' };
  const rulesets = Array.isArray(v.rulesets) ? v.rulesets.filter((x): x is string => typeof x === 'string') : [];
  return {
    source,
    text,
    title: typeof v.title === 'string' && v.title.trim() ? v.title : source,
    description: typeof v.description === 'string' ? v.description : '',
    rulesets,
  };
}

export type FileKind = 'scenario' | 'save' | 'other';

/**
 * What a file says it is, by its `format` field (`vedette-scenario`, `vedette-save`), so a
 * file given to the wrong button is named for what it is instead of failing the other schema.
 * Unreadable text and other formats are 'other' (their own loader says what is wrong).
 */
export function fileKind(text: string): FileKind {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return 'other';
  const v = parsed.value as { format?: unknown } | null;
  if (typeof v !== 'object' || v === null) return 'other';
  return v.format === 'vedette-scenario' ? 'scenario' : v.format === 'vedette-save' ? 'save' : 'other';
}

/** Built-in scenarios from `import.meta.glob` (path → raw text), the JSON schema left out, sorted by title with the default first. */
export function builtInScenarios(files: Readonly<Record<string, string>>): ScenarioEntry[] {
  return Object.entries(files)
    .filter(([path]) => path.endsWith('.json') && !path.endsWith('.schema.json'))
    .map(([path, text]) => scenarioEntry(path.replace(/^.*\/scenarios\//, 'scenarios/'), text))
    .sort((a, b) => (a.source.endsWith('/default.json') ? -1 : b.source.endsWith('/default.json') ? 1 : a.title.localeCompare(b.title)));
}

export interface RulesetChoice {
  readonly id: string;
  readonly module?: AnyRuleset;
  /** Why it cannot be chosen: the scenario names it but Vedette does not have it. */
  readonly missing: boolean;
}

/** The rulesets a scenario names, each found in the registry or marked missing. */
export function rulesetChoices(entry: ScenarioEntry, registry: readonly AnyRuleset[]): RulesetChoice[] {
  return entry.rulesets.map((id) => {
    const module = registry.find((m) => m.id === id);
    return module ? { id, module, missing: false } : { id, missing: true };
  });
}

export const playable = (choices: readonly RulesetChoice[]): AnyRuleset[] => choices.flatMap((c) => (c.module ? [c.module] : []));

/** Why nothing can be played, in a sentence; undefined when something can. */
export function noRulesetMessage(entry: ScenarioEntry, registry: readonly AnyRuleset[]): string | undefined {
  if (entry.problem) return `This scenario cannot be read: ${entry.problem}`;
  if (playable(rulesetChoices(entry, registry)).length > 0) return undefined;
  const named = entry.rulesets.length ? entry.rulesets.map((r) => `"${r}"`).join(', ') : 'no ruleset';
  const have = registry.length ? `Vedette has ${registry.map((m) => `"${m.id}"`).join(', ')}.` : 'Vedette has no ruleset yet.';
  return `No ruleset is available for this scenario: it names ${named}; ${have}`;
}

/** Does any scenario in the list have a ruleset to play it with? */
export const anyPlayable = (entries: readonly ScenarioEntry[], registry: readonly AnyRuleset[]): boolean =>
  entries.some((e) => noRulesetMessage(e, registry) === undefined);

export type OptionValue = boolean | string | number;

/** The options' starting values: each option's default. */
export function defaultOptionValues(info: readonly OptionInfo[]): Record<string, OptionValue> {
  return Object.fromEntries(info.map((o) => [o.id, o.default]));
}

/** The ruleset's tables that hold house values (with its default tables), as the dialog lists them. */
export function houseValueList(m: AnyRuleset): readonly TableNote[] {
  return m.tables.houseValues?.(m.tables.defaults) ?? [];
}

/** Options grouped as the dialog shows them: optional rules apart from settings. */
export function groupOptions(info: readonly OptionInfo[]): { rules: OptionInfo[]; settings: OptionInfo[] } {
  return { rules: info.filter((o) => o.optionalRule === true), settings: info.filter((o) => o.optionalRule !== true) };
}

/** A form field's text as the option's value (numbers parsed; a bad number is kept as text for the schema to refuse). */
export function optionFromField(o: OptionInfo, field: { checked?: boolean; value?: string }): OptionValue {
  if (o.kind === 'boolean') return field.checked === true;
  if (o.kind === 'number') {
    const n = Number(field.value);
    return field.value !== undefined && field.value.trim() !== '' && Number.isFinite(n) ? n : (field.value ?? '');
  }
  return field.value ?? String(o.default);
}

const SEED_SENTENCE = `A seed is a whole number from 0 to ${MAX_SEED}, or a key of 32 hexadecimal digits (0-9, a-f).`;

/**
 * The seed field's text: a whole number (the battle's dice key is derived from it, so the same
 * number gives the same battle) or a 128-bit key of 32 hex digits (engine seed.ts, seeding 4).
 * With a key, `seed` — which seeds the program players, never the dice — is derived from it.
 */
export function parseSeed(text: string): { ok: true; seed: number; key?: string } | { ok: false; message: string } {
  const t = text.trim();
  if (/^[0-9a-fA-F]{32}$/.test(t)) {
    const key = t.toLowerCase();
    return { ok: true, seed: deriveSeed((parseInt(key.slice(0, 8), 16) ^ parseInt(key.slice(24), 16)) >>> 0, parseInt(key.slice(8, 16), 16), 'seed of a key'), key };
  }
  if (!/^\d+$/.test(t)) return { ok: false, message: SEED_SENTENCE };
  const n = Number(t);
  return isValidSeed(n) ? { ok: true, seed: n } : { ok: false, message: SEED_SENTENCE };
}

/** A random seed from 32 random bits (the caller supplies them: crypto.getRandomValues in the app). */
export function seedFromBits(bits: number): number {
  return bits >>> 0;
}

/** A new battle's key, as the seed field shows it: 32 hex digits from 16 random bytes (crypto.getRandomValues in the app). */
export const keyText = (bytes: ArrayLike<number>): string => keyFromBytes(bytes);

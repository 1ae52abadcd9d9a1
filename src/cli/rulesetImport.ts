/** Load ruleset modules from a file (`--with-ruleset <module>`: development and tests). */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyRuleset } from '../engine/ruleset';

const isRuleset = (x: unknown): x is AnyRuleset => {
  const m = x as Partial<AnyRuleset> | null;
  return typeof m === 'object' && m !== null && typeof m.id === 'string' && typeof m.setup === 'function' && typeof m.legalCommands === 'function' && Array.isArray(m.sequence?.phases);
};

export async function importRulesets(path: string): Promise<AnyRuleset[]> {
  const mod = (await import(pathToFileURL(resolve(path)).href)) as Record<string, unknown>;
  return [...new Set(Object.values(mod).filter(isRuleset))];
}

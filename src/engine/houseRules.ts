/**
 * House rules: a file that overrides some of a ruleset's tables. Overrides are merged into the
 * defaults (objects key by key, arrays and numbers replaced whole) and the result must pass
 * the module's table schema, so a house rule can change one cell of one table but can never
 * leave a table malformed.
 */
import { jsonPath } from './ids';
import type { AnyRuleset, Problem } from './ruleset';

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep merge of plain objects; anything else in `over` replaces what is in `base`. */
export function mergeTables(base: unknown, over: unknown): unknown {
  if (!isPlain(base) || !isPlain(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = k in base ? mergeTables(base[k], v) : v;
  return out;
}

export function resolveTables(module: AnyRuleset, overrides: unknown, pathPrefix = '$.tables'): { ok: true; value: unknown } | { ok: false; problems: Problem[] } {
  if (!isPlain(overrides)) return { ok: false, problems: [{ path: pathPrefix, message: 'the tables are an object keyed by table name.' }] };
  const defaults = module.tables.defaults;
  const problems: Problem[] = [];
  if (isPlain(defaults))
    for (const k of Object.keys(overrides))
      if (!(k in defaults)) problems.push({ path: jsonPath([k], pathPrefix), message: `${module.name} has no table "${k}" (it has ${Object.keys(defaults).join(', ')}).` });
  if (problems.length) return { ok: false, problems };
  const merged = mergeTables(defaults, overrides);
  const r = module.tables.schema.safeParse(merged);
  if (r.success) return { ok: true, value: r.data };
  return {
    ok: false,
    problems: r.error.issues.map((i) => ({
      path: jsonPath(i.path, pathPrefix),
      message: i.message.endsWith('.') ? i.message : `${i.message}.`,
    })),
  };
}

/**
 * Ids and paths at the edge of the engine.
 *
 * Ids come from files and commands, and rulesets keep JSON records keyed by them (JSON state
 * cannot hold a Map). A record keyed by a name that `Object.prototype` already has —
 * `constructor`, `toString`, `__proto__`… — would read a built-in where an entry was expected,
 * so no such name is ever an id: the scenario loader refuses it as an id or a key, and the
 * engine refuses a command that carries one (`prototypeNameIn`). Every name on
 * `Object.prototype` counts, read from the running engine rather than listed by hand.
 *
 * `jsonPath` writes every problem's path one way: `$.units[3].stands[0]`,
 * `$.rulesetFields["seven-years-war"].groups[2]`.
 */

/** Every own name of `Object.prototype` (`__proto__`, `constructor`, `hasOwnProperty`, `toString`, …). */
export const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

export const isPrototypeName = (s: string): boolean => PROTOTYPE_NAMES.has(s);

/**
 * The first prototype name found in a command (as a key or a string value), with where it was;
 * undefined when there is none. Iterative and bounded by `maxNodes`: a command nested deeper or
 * larger than any real one is reported as such rather than walked.
 */
export function prototypeNameIn(value: unknown, maxNodes = 10_000): { readonly path: string; readonly name: string } | { readonly path: string; readonly tooBig: true } | undefined {
  const stack: [unknown, (string | number)[]][] = [[value, []]];
  let n = 0;
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    if (++n > maxNodes) return { path: jsonPath(at), tooBig: true };
    if (typeof v === 'string') {
      if (PROTOTYPE_NAMES.has(v)) return { path: jsonPath(at), name: v };
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push([v[i], [...at, i]]);
    } else if (v !== null && typeof v === 'object') {
      for (const k of Object.keys(v)) {
        if (PROTOTYPE_NAMES.has(k)) return { path: jsonPath([...at, k]), name: k };
        stack.push([(v as Record<string, unknown>)[k], [...at, k]]);
      }
    }
  }
  return undefined;
}

/** `['units', 3, 'stands', 0]` → `$.units[3].stands[0]`; a key that is not a plain name in `["…"]`. */
export function jsonPath(parts: readonly PropertyKey[], root = '$'): string {
  let s = root;
  for (const p of parts) {
    if (typeof p === 'number') s += `[${p}]`;
    else if (typeof p === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(p)) s += `.${p}`;
    else s += `[${JSON.stringify(String(p))}]`;
  }
  return s;
}

/**
 * Ids and paths at the edge of the engine.
 *
 * Ids come from files and commands, and rulesets keep JSON records keyed by them (JSON state
 * cannot hold a Map). A plain object keyed by a name that `Object.prototype` already has —
 * `constructor`, `toString`, `__proto__`… — would read a built-in where no entry is, and
 * assigning `__proto__` would change its prototype instead of adding an entry. So every record
 * keyed by ids has no prototype: `idRecord` makes one, `withId`/`withoutId` change one, and the
 * engine gives every object of a ruleset's state a null prototype whenever the state changes
 * (`dropPrototypes`, engine README). Null-prototype objects are JSON like any other: they
 * stringify, hash and copy the same.
 *
 * Defence in depth: such a name is still never an id. The scenario loader refuses it as an id
 * or a key, and the engine refuses a command that carries one (`prototypeNameIn`). Every name on
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

/** A record keyed by ids, with no prototype: `rec[id]` is an entry or undefined, never a built-in. */
export function idRecord<V>(from?: Readonly<Record<string, V>> | Iterable<readonly [string, V]>): Record<string, V>;
/** From entries built as arrays (`.map(([id, x]) => [id, f(x)])`), typed as `Object.fromEntries` types them. */
export function idRecord(entries: Iterable<readonly unknown[]>): Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export function idRecord<V>(from?: Readonly<Record<string, V>> | Iterable<readonly unknown[]>): Record<string, V> {
  const out = Object.create(null) as Record<string, V>;
  if (from === undefined) return out;
  if (Symbol.iterator in from) for (const [k, v] of from as Iterable<readonly [string, V]>) out[k] = v;
  else for (const k of Object.keys(from)) out[k] = (from as Record<string, V>)[k]!;
  return out;
}

/**
 * The entries of `rec` that `keep` accepts, in its order: `rec` itself when it keeps them all (a
 * view may share the state's own record, whose values are never changed in place), else a new
 * record without prototype.
 */
export function entriesWhere<V>(rec: Readonly<Record<string, V>>, keep: (value: V, id: string) => boolean): Readonly<Record<string, V>> {
  const keys = Object.keys(rec);
  let out: Record<string, V> | undefined;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!, v = rec[k]!;
    if (keep(v, k)) {
      if (out) out[k] = v;
    } else if (!out) {
      // The first entry left out: a new record, with every entry before it.
      out = Object.create(null) as Record<string, V>;
      for (let j = 0; j < i; j++) out[keys[j]!] = rec[keys[j]!]!;
    }
  }
  return out ?? rec;
}

/** A copy of the record `rec` (without prototype) with `id` set to `value`. */
export function withId<V>(rec: Readonly<Record<string, V>> | undefined, id: string, value: V): Record<string, V> {
  const out = idRecord(rec);
  out[id] = value;
  return out;
}

/** A copy of the record `rec` (without prototype) without `id`. */
export function withoutId<V>(rec: Readonly<Record<string, V>> | undefined, id: string): Record<string, V> {
  const out = idRecord(rec);
  delete out[id];
  return out;
}

/** Whether `rec` has an entry `id` of its own (never a built-in). */
export const hasId = (rec: object | undefined, id: string): boolean => rec !== undefined && Object.prototype.hasOwnProperty.call(rec, id);

/**
 * Give every plain object reachable from `value` (through objects and arrays) a null
 * prototype, in place, and return `value`. The engine does this to a ruleset's state whenever it
 * changes (a handler's or hook's change, set-up, a view, a determinisation), so every record a
 * ruleset keys by id has no prototype by the time anything reads it, whatever built it (a
 * spread, `JSON.parse`, a message from a worker). Only objects whose prototype is
 * `Object.prototype` are touched; arrays keep theirs; a frozen object is left as it is.
 *
 * PERF: each field of `value` it has been through (a ruleset state's `units`, `orders`…) is
 * remembered, weakly, and skipped next time with everything under it. A state is never changed
 * in place once made (engine README: the input of `applyCommand` is untouched; a handler changes
 * only its own draft), so what was made safe stays safe, and a change's new records are new to
 * it: after a handler that replaced one record only that record is walked, and a view or a
 * determinisation walks only what it built around the state's own records. (Remembering the
 * records and not every object keeps the bookkeeping to a few entries a change.)
 */
export function dropPrototypes<X>(value: X): X {
  if (!madeSafe(value)) return value;
  const v = value as Record<string, unknown> | unknown[];
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) dropField(v[i]);
  } else {
    for (const k in v) dropField(v[k]);
  }
  return value;
}

/** One field of the value `dropPrototypes` was given: walked unless seen before, then remembered. */
function dropField(x: unknown): void {
  if (typeof x !== 'object' || x === null || SAFE.has(x)) return;
  const stack: unknown[] = [x];
  while (stack.length > 0) {
    const v = stack.pop();
    if (!madeSafe(v)) continue;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) if (typeof v[i] === 'object' && v[i] !== null) stack.push(v[i]);
      continue;
    }
    for (const k in v as Record<string, unknown>) {
      const y = (v as Record<string, unknown>)[k];
      if (typeof y === 'object' && y !== null) stack.push(y);
    }
  }
  SAFE.add(x);
}

/**
 * `v` itself without prototype (a plain object's dropped; an array keeps its own); whether what
 * it holds is to be walked (not for a primitive, a frozen plain object, or an object of a class).
 */
function madeSafe(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return false;
  if (Array.isArray(v)) return true;
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto === Object.prototype) {
    if (!Object.isExtensible(v)) return false;
    Object.setPrototypeOf(v, null);
    return true;
  }
  return proto === null;
}

/** Fields (records, arrays) of a value `dropPrototypes` has been through: they and everything under them have no prototype. */
const SAFE = new WeakSet<object>();

/**
 * Changes held back during a secret step. While a step marked `secret` runs, each side sees the
 * game as it stood when the step's first command came in plus its own changes, and nothing of
 * the other side's: no moved general, no turned unit, no count of commands. The engine keeps one
 * `Seen` copy per side in `GameState.withheld` and carries each command's change into the copy
 * of the side that gave it (a secret command) or of every side (anything public, a concession);
 * views read the copy (view.ts). When the step ends the copies are dropped and every view shows
 * the real state again, so whatever the step's `onExit` reveals is seen by both.
 *
 * A change is carried as the difference between the states before and after the command, path
 * by path, so the other side's changes already in the real state are never copied along:
 * objects key by key, arrays of objects with an `id` element by element (units, stands,
 * generals), any other array whole.
 */
import type { SideId } from './model';
import type { Battle } from './state';
import { hasId, idRecord } from './ids';

/** What one side sees of the battle during a secret step. */
export interface Seen {
  readonly battle: Battle;
  readonly ruleset: unknown;
  /** Commands this side may know of (the other side's secret commands are not counted). */
  readonly commandCount: number;
}

export interface Withheld {
  readonly seen: Readonly<Record<SideId, Seen>>;
}

type Json = unknown;
type Obj = Record<string, Json>;

const isObj = (v: Json): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** `o[k]` if `o` has it, never a built-in. */
const own = (o: Obj, k: string): Json => (hasId(o, k) ? o[k] : undefined);

function deepEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isObj(a) && isObj(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => deepEqual(a[k], b[k]));
  }
  return false;
}

/** An array whose elements are all objects with distinct string ids: carried element by element. */
function idKeyed(a: readonly Json[]): Map<string, Json> | undefined {
  const m = new Map<string, Json>();
  for (const x of a) {
    if (!isObj(x) || typeof x.id !== 'string' || m.has(x.id)) return undefined;
    m.set(x.id, x);
  }
  return m;
}

function carryArray(target: Json, before: readonly Json[], after: readonly Json[]): Json {
  const b = idKeyed(before), a = idKeyed(after);
  const t = Array.isArray(target) ? idKeyed(target) : undefined;
  if (!b || !a || !t || (before.length === 0 && after.length === 0)) return deepEqual(before, after) ? target : after;
  // In the order of `after`: what the copy has (with this change carried in) and what this change
  // added; not what only the other side added (in `before`, not in the copy). Then what the copy
  // has that the other side took away (not in `before`).
  const out: Json[] = [];
  for (const [id, x] of a) {
    if (t.has(id)) out.push(b.has(id) ? carry(t.get(id), b.get(id), x) : t.get(id));
    else if (!b.has(id)) out.push(x);
  }
  for (const [id, x] of t) if (!a.has(id) && !b.has(id)) out.push(x);
  const tt = target as Json[];
  return out.length === tt.length && out.every((x, i) => x === tt[i]) ? target : out;
}

/**
 * `target` with the change from `before` to `after` applied, and nothing else of `after`.
 * Values are JSON; the inputs are never modified; unchanged parts keep their identity.
 */
export function carry(target: Json, before: Json, after: Json): Json {
  if (before === after) return target;
  if (Array.isArray(before) && Array.isArray(after)) return carryArray(target, before, after);
  if (!isObj(before) || !isObj(after)) return deepEqual(before, after) ? target : after;
  const base: Obj = isObj(target) ? target : idRecord();
  let out: Obj | undefined;
  const set = (k: string, v: Json) => {
    // Own fields only: a key may be an id, and no id reads a built-in (ids.ts).
    if (own(base, k) === v && (v !== undefined || !hasId(base, k))) return;
    out ??= Object.getPrototypeOf(base) === null ? idRecord(base) : { ...base };
    if (v === undefined) delete out[k];
    else out[k] = v;
  };
  for (const k of Object.keys(before)) if (own(after, k) === undefined) if (before[k] !== undefined) set(k, undefined);
  for (const k of Object.keys(after)) {
    const bv = own(before, k), av = after[k];
    if (bv === av || av === undefined) continue;
    set(k, bv === undefined ? av : carry(own(base, k), bv, av));
  }
  return out ?? target;
}

/** The per-side copies after a command changed `before` into `after`: only `side`'s copy, or every copy when public. */
export function withhold(current: Withheld | undefined, sides: readonly SideId[], before: Seen, after: Seen, side: SideId | undefined): Withheld {
  const seen = idRecord<Seen>();
  for (const s of sides) {
    const copy = (current && hasId(current.seen, s) ? current.seen[s] : undefined) ?? before;
    seen[s] =
      side === undefined || s === side
        ? { battle: carry(copy.battle, before.battle, after.battle) as Battle, ruleset: carry(copy.ruleset, before.ruleset, after.ruleset), commandCount: copy.commandCount + 1 }
        : copy;
  }
  return { seen };
}

/**
 * Did a command show its author something the author could not see before? Undo must never
 * take such a command back in hot-seat (history.ts): the author would keep what it saw and
 * choose again — the other side's face-down charges turned over by an initiative choice, a
 * hidden unit spotted by a move, everything shown when the game ends.
 *
 * Read from views alone, so it holds for every ruleset: a place in the game (a path through
 * the view; list items with an `id` are found by id, not position) was hidden from the side
 * before the command when the side's view and the referee's differed there; the command
 * revealed it when the side's view now shows the referee's value there, or shows a thing that
 * was absent from it before. What the side changed itself was never hidden from it, so its own
 * moves reveal nothing.
 */
import type { SideId } from './model';
import type { AnyRuleset } from './ruleset';
import type { GameState } from './state';
import { viewFor } from './view';

type Keyed = Map<string, unknown>;

const isObj = (v: unknown): v is object => v !== null && typeof v === 'object';

/** A container's children by key: list items by their `id` when every item has one, else by index. */
function children(v: object): Keyed {
  const m: Keyed = new Map();
  if (Array.isArray(v)) {
    const byId = v.length > 0 && v.every((x) => isObj(x) && typeof (x as { id?: unknown }).id === 'string');
    v.forEach((x, i) => m.set(byId ? `#${(x as { id: string }).id}` : String(i), x));
  } else for (const [k, x] of Object.entries(v)) if (x !== undefined) m.set(k, x);
  return m;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isObj(a) || !isObj(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = children(a), kb = children(b);
  if (ka.size !== kb.size) return false;
  for (const [k, x] of ka) if (!kb.has(k) || !same(x, kb.get(k))) return false;
  return true;
}

/**
 * `sb`/`rb`: the side's and the referee's view before; `sa`/`ra` after. True when some place
 * hidden from the side before is shown to it after.
 */
function learnt(sb: unknown, rb: unknown, sa: unknown, ra: unknown): boolean {
  if (sb === rb || sa === sb) return false; // nothing hidden here before, or nothing new to the side
  const all = [sb, rb, sa, ra];
  if (all.every(isObj) && all.every((x) => Array.isArray(x) === Array.isArray(sb))) {
    const [csb, crb, csa, cra] = all.map((x) => children(x as object)) as [Keyed, Keyed, Keyed, Keyed];
    const keys = new Set([...csb.keys(), ...crb.keys(), ...csa.keys(), ...cra.keys()]);
    for (const k of keys) if (learnt(csb.get(k), crb.get(k), csa.get(k), cra.get(k))) return true;
    return false;
  }
  if (same(sb, rb) || same(sa, sb)) return false;
  return same(sa, ra) || (sb === undefined && sa !== undefined);
}

/** True when going from `before` to `after` showed `side` something it could not see before. */
export function revealedTo(module: AnyRuleset, before: GameState, after: GameState, side: SideId): boolean {
  // The end of the game shows everything (the result screen is the referee's view).
  if (after.result && !before.result) return true;
  const strip = (v: ReturnType<typeof viewFor>) => ({ battle: v.battle, ruleset: v.ruleset, commandCount: v.commandCount });
  return learnt(strip(viewFor(module, before, side)), strip(viewFor(module, before, 'referee')), strip(viewFor(module, after, side)), strip(viewFor(module, after, 'referee')));
}

/**
 * A refusal never names what its author cannot see. A ruleset judges a command on the whole
 * state — hidden units included, since the rules apply to them — and its sentence may name the
 * unit that decided it ("may not move closer to Hidden Grenadiers"). Shown to the player who
 * sent the command, that would give away a unit hidden from them (SYW hidden deployment, NW
 * ambushers), and where it is.
 *
 * `withoutUnseen` is the engine's last word on every refusal: each id or name of a unit or
 * general in the state but not in the author's view (`viewFor`) is replaced in the message by
 * "an unseen enemy". Rulesets should not refuse on what the mover cannot know in the first place
 * (their RULINGS say where they do and why); this makes sure that when one does, or when an
 * internal error quotes an id, the words stay within what the author may see.
 *
 * Nor may a refusal tell a hidden unit from no unit at all: a command that names the id of a
 * unit its author cannot see is judged again with that id replaced by one that exists nowhere
 * (`asIfAbsent`), and the author reads the refusal an unknown id gets — so guessing ids
 * confirms nothing.
 */
import type { Command, Rejection } from './command';
import type { AnyRuleset } from './ruleset';
import type { GameState } from './state';
import { viewFor } from './view';

export const UNSEEN = 'an unseen enemy';

/** The ids and names of units and generals in `state` that `side`'s view leaves out. */
export function unseenBy(module: AnyRuleset, state: GameState, side: string): string[] {
  const view = viewFor(module, state, side);
  const seen = new Set<string>();
  for (const u of view.battle.units) seen.add(u.id);
  for (const g of view.battle.generals) seen.add(g.id);
  const out: string[] = [];
  for (const u of state.battle.units) if (!seen.has(u.id)) out.push(u.id, u.name);
  for (const g of state.battle.generals) if (!seen.has(g.id)) out.push(g.id, g.name);
  return out;
}

const WORDISH = /[\p{L}\p{N}_-]/u;

/**
 * `text` with every whole occurrence of the given words replaced (longest first, so that a name
 * is not cut by an id inside it; "red-1" is not found inside "red-10").
 */
export function redact(text: string, words: readonly string[]): string {
  let out = text;
  for (const w of [...new Set(words)].filter((x) => x.length > 0).sort((a, b) => b.length - a.length)) {
    let from = 0;
    for (let at = out.indexOf(w, from); at >= 0; at = out.indexOf(w, from)) {
      const before = at > 0 ? out[at - 1]! : ' ', after = out[at + w.length] ?? ' ';
      if (WORDISH.test(before) || WORDISH.test(after)) {
        from = at + 1;
        continue;
      }
      out = out.slice(0, at) + UNSEEN + out.slice(at + w.length);
      from = at + UNSEEN.length;
    }
  }
  return out;
}

/** A refusal as its author may read it (see above). Cheap when the message names no unit. */
export function withoutUnseen(module: AnyRuleset, state: GameState, command: unknown, r: Rejection): Rejection {
  const side = typeof command === 'object' && command !== null ? (command as Partial<Command>).side : undefined;
  if (typeof side !== 'string' || !state.battle.sides.some((s) => s.id === side)) return r;
  // PERF: the view is built only when the message mentions some unit or general at all.
  const mentions = (x: { id: string; name: string }) => r.message.includes(x.id) || (x.name.length > 0 && r.message.includes(x.name));
  if (!state.battle.units.some(mentions) && !state.battle.generals.some(mentions)) return r;
  const unseen = unseenBy(module, state, side);
  if (unseen.length === 0) return r;
  const message = redact(r.message, unseen);
  return message === r.message ? r : { ...r, message };
}

/** An id no unit or general has (ids are never empty, never start with a control character). */
const ABSENT = '\u0001absent';

/**
 * The command with every string equal to an id in `unseen` replaced by an id that exists nowhere,
 * and what to put back in the refusal's words; null when the command names no unseen id.
 */
export function asIfAbsent(command: Record<string, unknown>, unseenIds: ReadonlySet<string>): { command: Record<string, unknown>; named: string[] } | null {
  const named: string[] = [];
  const swap = (v: unknown): unknown => {
    if (typeof v === 'string') {
      if (!unseenIds.has(v)) return v;
      named.push(v);
      return `${ABSENT}${named.length - 1}`;
    }
    if (Array.isArray(v)) return v.map(swap);
    if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swap(x)]));
    return v;
  };
  const out = Object.fromEntries(Object.entries(command).map(([k, x]) => [k, k === 'type' || k === 'side' ? x : swap(x)]));
  return named.length === 0 ? null : { command: out, named };
}

/** The refusal of the command judged `asIfAbsent`, in the words the original ids would have had. */
export function restoreNamed(r: Rejection, named: readonly string[]): Rejection {
  let message = r.message;
  named.forEach((id, i) => {
    message = message.split(`${ABSENT}${i}`).join(id);
  });
  return message === r.message ? r : { ...r, message };
}

/** Ids of units and generals in `state` that `side` cannot see, only when `command` names one (cheap otherwise). */
export function unseenIdsNamed(module: AnyRuleset, state: GameState, command: Record<string, unknown>, side: string): Set<string> {
  const ids = new Set<string>();
  for (const u of state.battle.units) if (u.side !== side) ids.add(u.id);
  for (const g of state.battle.generals) if (g.side !== side) ids.add(g.id);
  let names = false;
  const look = (v: unknown): void => {
    if (names) return;
    if (typeof v === 'string') names = ids.has(v);
    else if (Array.isArray(v)) v.forEach(look);
    else if (typeof v === 'object' && v !== null) Object.values(v).forEach(look);
  };
  for (const [k, v] of Object.entries(command)) if (k !== 'type' && k !== 'side') look(v);
  if (!names) return new Set();
  const view = viewFor(module, state, side);
  const seen = new Set<string>();
  for (const u of view.battle.units) seen.add(u.id);
  for (const g of view.battle.generals) seen.add(g.id);
  return new Set([...ids].filter((id) => !seen.has(id)));
}

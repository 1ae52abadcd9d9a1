/**
 * Replay: fold a command log from a fresh game. The game is a pure function of its start and
 * its log, so this reproduces every event and the final state exactly.
 */
import { isRejection, type AnyEvent, type Command, type Rejection } from './command';
import { createGame, type NewGame } from './game';
import { play, startHistory, type History } from './history';
import type { AnyRuleset, Problem } from './ruleset';

export type Replayed =
  | { readonly ok: true; readonly history: History; readonly events: readonly AnyEvent[] }
  | { readonly ok: false; readonly problems: readonly Problem[]; readonly rejectedAt?: number; readonly rejection?: Rejection };

export function replay(module: AnyRuleset, start: NewGame, log: readonly unknown[]): Replayed {
  const created = createGame(module, start);
  if (!created.ok) return created;
  let h = startHistory(created.state, created.events);
  const events: AnyEvent[] = [...created.events];
  for (let i = 0; i < log.length; i++) {
    const r = play(module, h, log[i] as Command);
    if (isRejection(r))
      return { ok: false, problems: [{ path: `$.log[${i}]`, message: `command ${i + 1} (${describeType(log[i])}) was refused on replay: ${r.message}` }], rejectedAt: i, rejection: r };
    h = r.history;
    events.push(...r.applied.events);
  }
  return { ok: true, history: h, events };
}

function describeType(c: unknown): string {
  return typeof c === 'object' && c !== null && typeof (c as { type?: unknown }).type === 'string' ? `"${(c as { type: string }).type}"` : 'not a command';
}

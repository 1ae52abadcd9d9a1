/**
 * Undo and redo. A history keeps the state after every command (states share structure, so
 * this is cheap) and whether that command rolled dice. Undo takes back commands back to the
 * last one that rolled and no further: a die once cast stays cast (STYLE.md). Redo re-applies
 * undone commands; since they did not roll, they give the same result again.
 */
import { isRejection, reject, type AnyEvent, type Command, type Rejection } from './command';
import { applyCommand, type Applied } from './game';
import type { SideId } from './model';
import type { AnyRuleset } from './ruleset';
import type { GameState } from './state';
import { commandFor, type Viewer } from './view';

export interface HistoryEntry {
  readonly command: Command;
  readonly events: readonly AnyEvent[];
  /** State after the command. */
  readonly state: GameState;
  readonly rolled: boolean;
  /** Given in a secret step (hidden from the other side in history lists). */
  readonly secret: boolean;
}

export interface History {
  readonly initial: GameState;
  readonly initialEvents: readonly AnyEvent[];
  readonly entries: readonly HistoryEntry[];
  /** Undone commands, most recently undone last. Cleared by any new command. */
  readonly redoStack: readonly HistoryEntry[];
}

export function startHistory(initial: GameState, initialEvents: readonly AnyEvent[]): History {
  return { initial, initialEvents, entries: [], redoStack: [] };
}

export const currentState = (h: History): GameState => h.entries[h.entries.length - 1]?.state ?? h.initial;

/** The full command log (what a save holds). */
export const commandLog = (h: History): Command[] => h.entries.map((e) => e.command);

function isSecretStep(module: AnyRuleset, state: GameState): boolean {
  const phase = module.sequence.phases.find((p) => p.id === state.position.phase);
  return phase?.steps.find((s) => s.id === state.position.step)?.secret === true;
}

/** Apply a command and record it. The redo stack is cleared. */
export function play(module: AnyRuleset, h: History, command: Command): { history: History; applied: Applied } | Rejection {
  const before = currentState(h);
  const applied = applyCommand(module, before, command);
  if (isRejection(applied)) return applied;
  return { history: record(module, h, command, applied), applied };
}

/** Record a command already applied to `currentState(h)` (saves applying it twice). */
export function record(module: AnyRuleset, h: History, command: Command, applied: Applied): History {
  const entry: HistoryEntry = { command, events: applied.events, state: applied.state, rolled: applied.rolled, secret: isSecretStep(module, currentState(h)) || module.commands[command.type]?.secret === true };
  return { ...h, entries: [...h.entries, entry], redoStack: [] };
}

/**
 * The entries `viewer` may know of one by one (the undo list as that viewer reads it): another
 * side's secret commands are left out, not even counted. Their events, where the viewer may see
 * any, are in the log's per-step line instead.
 */
export function entriesFor(entries: readonly HistoryEntry[], viewer: Viewer): HistoryEntry[] {
  return entries.filter((e) => commandFor(e.command, e.secret, viewer).type !== 'hidden');
}

/**
 * Why the last command cannot be undone, or undefined when it can. With `by` (a hot-seat
 * player) another side's command is refused before anything about it is said, so a secret
 * command's roll is never revealed.
 */
export function undoBlocker(h: History, by?: SideId): Rejection | undefined {
  const last = h.entries[h.entries.length - 1];
  if (!last) return reject('nothing-to-undo', 'There is nothing to undo.', 'engine: undo');
  if (by !== undefined && last.command.side !== by) return reject('not-yours', 'The last command was the other side\'s; only its author may take it back.', 'engine: undo');
  if (last.rolled) return reject('undo-across-roll', 'The last command rolled dice; a roll cannot be taken back.', 'engine: undo');
  return undefined;
}

export function undo(h: History, by?: SideId): History | Rejection {
  const blocked = undoBlocker(h, by);
  if (blocked) return blocked;
  const last = h.entries[h.entries.length - 1]!;
  return { ...h, entries: h.entries.slice(0, -1), redoStack: [...h.redoStack, last] };
}

export function redo(module: AnyRuleset, h: History, by?: SideId): History | Rejection {
  const next = h.redoStack[h.redoStack.length - 1];
  if (!next) return reject('nothing-to-redo', 'There is nothing to redo.', 'engine: undo');
  if (by !== undefined && next.command.side !== by) return reject('not-yours', 'The next command to redo was the other side\'s.', 'engine: undo');
  const r = play(module, h, next.command);
  if (isRejection(r)) return r;
  return { ...r.history, redoStack: h.redoStack.slice(0, -1) };
}

/**
 * Undo and redo. A history keeps the state after every command (states share structure, so
 * this is cheap) and whether that command rolled dice. Undo takes back commands back to the
 * last one that rolled and no further: a die once cast stays cast (STYLE.md). Redo re-applies
 * undone commands; since they did not roll, they give the same result again.
 *
 * In hot-seat (`by` given) undo is a player's, and takes back only what that player could
 * have done without seeing anything new: never another side's command, never one that ended
 * the game, never one that showed its author something hidden (reveal.ts). A viewer who is
 * not a side (the referee's view at the end of a hot-seat game, the hand-over cover) undoes
 * nothing.
 */
import { isRejection, reject, type AnyEvent, type Command, type Rejection } from './command';
import { applyCommand, type Applied } from './game';
import type { AnyRuleset } from './ruleset';
import type { GameState } from './state';
import { revealedTo } from './reveal';
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

/**
 * How a History made here keeps its lists: `items[0..length)` is this value's list; items past
 * `length` belong to newer values made from it. Values made one after another share `items`,
 * so a command is appended in O(1) (amortised) and an undo takes O(1); extending a value that
 * is not the newest on its `items` copies its part first (copy-on-write), so a History once
 * handed out never changes under its holder. `entries` and `redoStack` are made from the run
 * the first time they are read, once per value.
 */
interface Run<T> {
  readonly items: T[];
  readonly length: number;
}

/** A fresh empty run each time: a shared one would have entries pushed onto it. */
const emptyRun = (): Run<HistoryEntry> => ({ items: [], length: 0 });

function pushRun<T>(r: Run<T>, x: T): Run<T> {
  const items = r.items.length === r.length ? r.items : r.items.slice(0, r.length);
  items.push(x);
  return { items, length: r.length + 1 };
}

const popRun = <T>(r: Run<T>): Run<T> => ({ items: r.items, length: r.length - 1 });

interface Runs {
  /** The value these runs belong to: a spread copy of it carries the key but is not its owner. */
  readonly owner: History;
  readonly entries: Run<HistoryEntry>;
  readonly redo: Run<HistoryEntry>;
}

const RUNS = Symbol('history runs');

function makeHistory(initial: GameState, initialEvents: readonly AnyEvent[], entries: Run<HistoryEntry>, redo: Run<HistoryEntry>): History {
  let entryList: HistoryEntry[] | undefined;
  let redoList: HistoryEntry[] | undefined;
  const h = {
    initial,
    initialEvents,
    get entries() {
      return (entryList ??= entries.items.slice(0, entries.length));
    },
    get redoStack() {
      return (redoList ??= redo.items.slice(0, redo.length));
    },
    [RUNS]: undefined as Runs | undefined,
  };
  h[RUNS] = { owner: h, entries, redo };
  return h;
}

const ownRuns = (h: History): Runs | undefined => {
  const r = (h as { [RUNS]?: Runs })[RUNS];
  return r?.owner === h ? r : undefined;
};

/** The runs of `h`; a History built elsewhere (e.g. a spread copy in a test) gets its own copies. */
function runsOf(h: History): { readonly entries: Run<HistoryEntry>; readonly redo: Run<HistoryEntry> } {
  return ownRuns(h) ?? { entries: { items: [...h.entries], length: h.entries.length }, redo: { items: [...h.redoStack], length: h.redoStack.length } };
}

function lastEntry(h: History): HistoryEntry | undefined {
  const r = ownRuns(h)?.entries;
  return r ? r.items[r.length - 1] : h.entries[h.entries.length - 1];
}

export function startHistory(initial: GameState, initialEvents: readonly AnyEvent[]): History {
  return makeHistory(initial, initialEvents, emptyRun(), emptyRun());
}

export const currentState = (h: History): GameState => lastEntry(h)?.state ?? h.initial;

/** The full command log (what a save holds). */
export const commandLog = (h: History): Command[] => {
  const r = ownRuns(h)?.entries;
  return r ? r.items.slice(0, r.length).map((e) => e.command) : h.entries.map((e) => e.command);
};

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
  return makeHistory(h.initial, h.initialEvents, pushRun(runsOf(h).entries, entry), emptyRun());
}

/**
 * The entries `viewer` may know of one by one (the undo list as that viewer reads it): another
 * side's secret commands are left out, not even counted. Their events, where the viewer may see
 * any, are in the log's per-step line instead.
 */
export function entriesFor(entries: readonly HistoryEntry[], viewer: Viewer): HistoryEntry[] {
  return entries.filter((e) => commandFor(e.command, e.secret, viewer).type !== 'hidden');
}

/** Entry i's state before it: the previous entry's state, or the initial one. */
function stateBefore(h: History): GameState {
  const r = ownRuns(h)?.entries;
  const prev = r ? r.items[r.length - 2] : h.entries[h.entries.length - 2];
  return prev?.state ?? h.initial;
}

// PERF: whether an entry revealed something to its author, worked out once per entry (the
// toolbar asks on every render).
const revealedMemo = new WeakMap<HistoryEntry, boolean>();

/**
 * Why the last command cannot be undone, or undefined when it can. With `by` (a hot-seat
 * player) another side's command is refused before anything about it is said, so a secret
 * command's roll is never revealed; so is a command that ended the game, and — given the
 * module, which the app always passes — one that showed its author anything hidden.
 */
export function undoBlocker(h: History, by?: Viewer, module?: AnyRuleset): Rejection | undefined {
  const last = lastEntry(h);
  if (!last) return reject('nothing-to-undo', 'There is nothing to undo.', 'engine: undo');
  if (by !== undefined && last.command.side !== by) return reject('not-yours', 'The last command was the other side\'s; only its author may take it back.', 'engine: undo');
  if (last.rolled) return reject('undo-across-roll', 'The last command rolled dice; a roll cannot be taken back.', 'engine: undo');
  if (by !== undefined) {
    if (last.state.result && !stateBefore(h).result) return reject('undo-reveals', 'The last command ended the battle and showed everything; it cannot be taken back.', 'engine: undo');
    if (module) {
      let shown = revealedMemo.get(last);
      if (shown === undefined) revealedMemo.set(last, (shown = revealedTo(module, stateBefore(h), last.state, last.command.side)));
      if (shown) return reject('undo-reveals', 'The last command showed you something that was hidden; it cannot be taken back.', 'engine: undo');
    }
  }
  return undefined;
}

export function undo(h: History, by?: Viewer, module?: AnyRuleset): History | Rejection {
  const blocked = undoBlocker(h, by, module);
  if (blocked) return blocked;
  const { entries, redo } = runsOf(h);
  return makeHistory(h.initial, h.initialEvents, popRun(entries), pushRun(redo, entries.items[entries.length - 1]!));
}

export function redo(module: AnyRuleset, h: History, by?: Viewer): History | Rejection {
  const redoRun = runsOf(h).redo;
  const next = redoRun.items[redoRun.length - 1];
  if (!next) return reject('nothing-to-redo', 'There is nothing to redo.', 'engine: undo');
  if (by !== undefined && next.command.side !== by) return reject('not-yours', 'The next command to redo was the other side\'s.', 'engine: undo');
  const r = play(module, h, next.command);
  if (isRejection(r)) return r;
  return makeHistory(h.initial, h.initialEvents, runsOf(r.history).entries, popRun(redoRun));
}

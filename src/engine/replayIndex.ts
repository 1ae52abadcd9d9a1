/**
 * A battle to step through (the replay viewer, the battle report): every command with its
 * events, and the state at any point of the log. States are kept as snapshots every
 * `every` commands, not one per command: a point between two snapshots is reached by applying
 * the few commands after the nearer one, which gives the same state exactly (the game is a
 * pure function of its start and log, dice included). Stepping forward from the point last
 * shown costs one command. `npm run bench -- --only replaySeek` prints the seek time.
 *
 * Points are numbered by commands applied: 0 is the start (after set-up), k the state after
 * the k-th command.
 */
import { isRejection, type AnyEvent, type Command } from './command';
import { applyCommand } from './game';
import type { History, HistoryEntry } from './history';
import type { AnyRuleset } from './ruleset';
import type { GameState, Position } from './state';
import { commandFor, eventsFor, type Viewer } from './view';

/**
 * Commands between snapshots: a seek applies at most `every - 1` commands. One by default:
 * a single command of a big battle can cost a second to apply (an engine step that moves and
 * tests every unit), so no larger spacing can promise a point in 100 ms
 * (`npm run bench -- --only replaySeek` prints both). A snapshot per command costs only what
 * that command changed: states share everything else, as the play history's do.
 */
export const SNAPSHOT_EVERY = 1;

export interface ReplayIndex {
  readonly module: AnyRuleset;
  /** Commands in the log (the last point is `length`). */
  readonly length: number;
  readonly initialEvents: readonly AnyEvent[];
  readonly every: number;
  /** The k-th command's entry (1 ≤ k ≤ length), its state built on demand. */
  command(k: number): Command;
  events(k: number): readonly AnyEvent[];
  /** Given in a secret step (hidden from the other side). */
  secret(k: number): boolean;
  /** Where the game stood at point k (kept for every point: it is small and shared). */
  position(k: number): Position;
  /** The state at point k (0…length). */
  stateAt(k: number): GameState;
  /** Point k as a history entry (k ≥ 1), for code that reads the newest entry of a history. */
  entryAt(k: number): HistoryEntry;
  /** The game is over at the last point. */
  readonly over: boolean;
  /** How many snapshots are kept (for the bench). */
  readonly snapshots: number;
}

interface Slim {
  readonly command: Command;
  readonly events: readonly AnyEvent[];
  readonly rolled: boolean;
  readonly secret: boolean;
  readonly position: Position;
}

/** Index a played history (a loaded save's): keeps its commands and events, and every `every`-th state. */
export function indexHistory(module: AnyRuleset, h: History, every: number = SNAPSHOT_EVERY): ReplayIndex {
  const entries = h.entries;
  const slim: Slim[] = entries.map((e) => ({ command: e.command, events: e.events, rolled: e.rolled, secret: e.secret, position: e.state.position }));
  const snaps: GameState[] = [h.initial];
  for (let k = every; k <= entries.length; k += every) snaps.push(entries[k - 1]!.state);
  const last = entries.length > 0 ? entries[entries.length - 1]!.state : h.initial;
  // The state last shown, so a step forward costs one command.
  let cached: { k: number; state: GameState } = { k: entries.length, state: last };
  const entryCache = new Map<number, HistoryEntry>();

  const check = (k: number) => {
    if (!Number.isInteger(k) || k < 0 || k > slim.length) throw new RangeError(`no point ${k} in a log of ${slim.length} commands`);
  };
  const stateAt = (k: number): GameState => {
    check(k);
    if (k === cached.k) return cached.state;
    if (k === slim.length) return (cached = { k, state: last }).state;
    const s0 = Math.floor(k / every);
    // From the cached point when it is on the way and nearer than the snapshot.
    let from = cached.k <= k && cached.k >= s0 * every ? cached : { k: s0 * every, state: snaps[s0]! };
    let state = from.state;
    for (let i = from.k; i < k; i++) {
      const r = applyCommand(module, state, slim[i]!.command);
      if (isRejection(r)) throw new Error(`replay: command ${i + 1} was refused (${r.message}); the log does not replay`);
      state = r.state;
    }
    from = { k, state };
    cached = from;
    return state;
  };

  return {
    module,
    length: slim.length,
    initialEvents: h.initialEvents,
    every,
    command: (k) => slim[k - 1]!.command,
    events: (k) => slim[k - 1]!.events,
    secret: (k) => slim[k - 1]!.secret,
    position: (k) => (k === 0 ? h.initial.position : slim[k - 1]!.position),
    stateAt,
    entryAt(k) {
      let e = entryCache.get(k);
      if (!e) {
        const s = slim[k - 1]!;
        e = { command: s.command, events: s.events, rolled: s.rolled, secret: s.secret, state: stateAt(k) };
        // PERF: a few entries only (the points just shown); each holds a whole state.
        if (entryCache.size > 16) entryCache.delete(entryCache.keys().next().value!);
        entryCache.set(k, e);
      }
      return e;
    },
    over: last.result !== undefined,
    snapshots: snaps.length,
  };
}

/**
 * The points `viewer` may step to: the start, then each command the viewer knew of in play —
 * its own and every open one, and another side's secret command only when it did something the
 * viewer saw (ending its part of the secret step, or the step itself: the events the viewer may
 * see). Another side's secret orders and moves are left out, not even counted.
 */
export function pointsFor(r: ReplayIndex, viewer: Viewer): number[] {
  const out = [0];
  for (let k = 1; k <= r.length; k++)
    if (commandFor(r.command(k), r.secret(k), viewer).type !== 'hidden' || eventsFor(r.events(k), viewer).length > 0) out.push(k);
  return out;
}

/** Of `points`, the first of each turn (the turn-by-turn steps). */
export function turnStarts(r: ReplayIndex, points: readonly number[]): number[] {
  const out: number[] = [];
  let turn = -1;
  for (const k of points) {
    const t = r.position(k).turn;
    if (t !== turn) {
      out.push(k);
      turn = t;
    }
  }
  return out;
}

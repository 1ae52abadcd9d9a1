/**
 * A battle in progress, on the engine: the command history (with undo/redo within the
 * engine's limits), who is looking (hot-seat), and an autosave after every change.
 *
 * Bad input loses nothing: starting from a broken scenario or loading a broken save leaves
 * the battle in progress exactly as it was and reports the problems (JSON path + sentence).
 */
import { createStore } from 'zustand/vanilla';
import type { AnyRuleset, Command, Rejection } from '../engine/ruleset';
import { isRejection } from '../engine/command';
import { createGame } from '../engine/game';
import { commandLog, currentState, play, redo, startHistory, undo, type History } from '../engine/history';
import type { GameState } from '../engine/state';
import { viewFor, type GameView, type Viewer } from '../engine/view';
import type { BattleSetup } from '../engine/model';
import { loadScenario } from '../scenario/load';
import { loadSaveText, makeSave } from '../scenario/save';
import { parseJsonText, type InputProblem } from '../scenario/errors';

/** Where autosaves go: localStorage in the app, a Map in tests. */
export interface SaveStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const AUTOSAVE_KEY = 'vedette.autosave.v1';

export interface Battle {
  /** Which kept battle this is (the library's key): a new battle or an imported file gets a new one; play keeps it. */
  readonly id: string;
  readonly module: AnyRuleset;
  /** The scenario file as parsed JSON (saves embed it). */
  readonly scenario: unknown;
  readonly setup: BattleSetup;
  readonly options: Readonly<Record<string, unknown>>;
  readonly seed: number;
  readonly history: History;
}

export interface StartParams {
  readonly scenarioText: string;
  readonly rulesetId: string;
  readonly options?: Readonly<Record<string, unknown>>;
  readonly seed: number;
  /** The dice's 128-bit key (32 hex digits, engine seed.ts); absent, it is derived from `seed`. */
  readonly key?: string;
}

/** `warnings`: the battle loaded, but the player should be told something about it (save.ts `LoadedSave.warnings`). */
export type Outcome = { readonly ok: true; readonly warnings?: readonly InputProblem[] } | { readonly ok: false; readonly problems: readonly InputProblem[] };

export interface SessionState {
  readonly battle: Battle | null;
  /** Who is looking at the screen: a side in hot-seat, 'referee' in solo (sees both sides' own things). */
  readonly viewer: Viewer;
  readonly lastRejection: Rejection | null;
  start(p: StartParams): Outcome;
  dispatch(command: Command): Rejection | null;
  /** Undo the last command; `by`: the hot-seat player asking (history.ts: what they may take back). */
  undo(by?: Viewer): Rejection | null;
  redo(by?: Viewer): Rejection | null;
  setViewer(v: Viewer): void;
  /**
   * Load a save file's text; on any problem the battle in progress is untouched. `id`: the kept
   * battle it is (resuming from the library goes on with the same entry); a new id without.
   */
  loadSave(text: string, id?: string): Outcome;
  /** Would this save file load? (Checked before asking to replace the battle in progress; `loadSave` of the same text then reuses the work.) */
  checkSave(text: string): Outcome;
  /** The battle as a save file (JSON text). */
  saveText(): string | null;
  /**
   * Resume the autosaved battle, if there is a good one: `from` a kept battle, else the storage's
   * autosave. A battle kept by this browser whose log still replays whole but to another hash
   * (saved by an earlier version) is resumed as it replays now, with a warning; a save file
   * given to `loadSave` is refused for that.
   */
  resume(from?: { readonly text: string; readonly id: string }): Outcome;
}

export const gameOf = (b: Battle): GameState => currentState(b.history);

/** The battle as a save file (JSON text). */
export const saveTextOf = (b: Battle): string =>
  JSON.stringify(makeSave({ module: b.module, scenario: b.scenario, options: b.options, seed: b.seed, log: commandLog(b.history), state: gameOf(b) }));

export interface SessionOptions {
  /** A fresh id for a new battle (the app's are unique across tabs; tests count). */
  readonly newId?: () => string;
}
/**
 * What `viewer` may see of the battle now. Memoised per (history entry, viewer): the phase bar,
 * the inspector, the log and the table all ask for the same view, and it is built once. A
 * history entry is immutable (undo pops it, a new command makes a new one), so the newest
 * entry, or the initial state when there is none, names the position exactly.
 */
export function viewOf(b: Battle, viewer: Viewer): GameView {
  const at: object = b.history.entries[b.history.entries.length - 1] ?? b.history.initial;
  let byViewer = views.get(at);
  if (!byViewer) views.set(at, (byViewer = new Map()));
  let v = byViewer.get(viewer);
  if (!v) byViewer.set(viewer, (v = viewFor(b.module, gameOf(b), viewer)));
  return v;
}
// PERF: a WeakMap, so views of positions no longer in any history are collected with them.
const views = new WeakMap<object, Map<Viewer, GameView>>();

/**
 * `rulesets` is the list, or a function giving the rulesets loaded so far (the app fetches each
 * ruleset on demand, so the list can grow while the session lives).
 */
export function createSession(storage: SaveStorage | null, rulesets: readonly AnyRuleset[] | (() => readonly AnyRuleset[]), opts: SessionOptions = {}) {
  const known = (): readonly AnyRuleset[] => (typeof rulesets === 'function' ? rulesets() : rulesets);
  let count = 0;
  const newId = opts.newId ?? (() => `battle-${++count}`);
  return createStore<SessionState>()((set, get) => {
    const toSave = saveTextOf;
    const commit = (b: Battle, lastRejection: Rejection | null = null) => {
      set({ battle: b, lastRejection });
      try {
        storage?.setItem(AUTOSAVE_KEY, toSave(b));
      } catch {
        // Storage full or refused: the game goes on; the player can still save to a file.
      }
    };
    // PERF: the last save checked, so loading it after the player's answer does not replay it twice.
    let checked: { text: string; kept: boolean; loaded: ReturnType<typeof loadSaveText> } | null = null;
    /** `kept`: a battle this browser kept (autosave, library), loaded despite a changed hash. */
    const read = (text: string, kept = false) => {
      if (checked?.text !== text || checked.kept !== kept) checked = { text, kept, loaded: loadSaveText(text, known(), { hashMismatch: kept ? 'warn' : 'refuse' }) };
      return checked.loaded;
    };
    const adopt = (text: string, id: string = newId(), kept = false): Outcome => {
      const r = read(text, kept);
      checked = null;
      if (!r.ok) return { ok: false, problems: r.problems };
      const v = r.value;
      commit({ id, module: v.module, scenario: v.save.scenario, setup: v.setup, options: v.save.options, seed: v.save.seed, history: v.history });
      return v.warnings && v.warnings.length > 0 ? { ok: true, warnings: v.warnings } : { ok: true };
    };
    return {
      battle: null,
      viewer: 'referee',
      lastRejection: null,
      start: (p) => {
        const parsed = parseJsonText(p.scenarioText);
        if (!parsed.ok) return { ok: false, problems: parsed.problems };
        const sc = loadScenario(parsed.value);
        if (!sc.ok) return { ok: false, problems: sc.problems };
        const module = known().find((m) => m.id === p.rulesetId);
        if (!module) return { ok: false, problems: [{ path: '$.rulesets', message: `Vedette has no ruleset "${p.rulesetId}".` }] };
        const created = createGame(module, { setup: sc.value, options: p.options ?? {}, seed: p.seed, ...(p.key !== undefined ? { key: p.key } : {}) });
        if (!created.ok) return { ok: false, problems: created.problems };
        commit({ id: newId(), module, scenario: parsed.value, setup: sc.value, options: p.options ?? {}, seed: p.seed, history: startHistory(created.state, created.events) });
        return { ok: true };
      },
      dispatch: (command) => {
        const b = get().battle;
        if (!b) return null;
        const r = play(b.module, b.history, command);
        if (isRejection(r)) {
          set({ lastRejection: r });
          return r;
        }
        commit({ ...b, history: r.history });
        return null;
      },
      undo: (by) => {
        const b = get().battle;
        if (!b) return null;
        const h = undo(b.history, by, b.module);
        if (isRejection(h)) {
          set({ lastRejection: h });
          return h;
        }
        commit({ ...b, history: h });
        return null;
      },
      redo: (by) => {
        const b = get().battle;
        if (!b) return null;
        const h = redo(b.module, b.history, by);
        if (isRejection(h)) {
          set({ lastRejection: h });
          return h;
        }
        commit({ ...b, history: h });
        return null;
      },
      setViewer: (viewer) => set({ viewer }),
      loadSave: (text, id) => adopt(text, id),
      checkSave: (text) => {
        const r = read(text);
        return r.ok ? { ok: true } : { ok: false, problems: r.problems };
      },
      saveText: () => {
        const b = get().battle;
        return b ? toSave(b) : null;
      },
      resume: (from) => {
        if (from) return adopt(from.text, from.id, true);
        const text = storage?.getItem(AUTOSAVE_KEY);
        if (!text) return { ok: false, problems: [{ path: '$', message: 'There is no autosaved battle.' }] };
        return adopt(text, undefined, true);
      },
    };
  });
}
export type SessionApi = ReturnType<typeof createSession>;

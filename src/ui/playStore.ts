/**
 * The play screen's own state: solo or hot-seat, the hand-over in progress, which overlay is
 * open and the message the player should read. Separate from the session (the battle) and
 * the UI store (selection, camera, drag), which the canvas shares.
 */
import { createStore } from 'zustand/vanilla';
import type { SideId } from '../engine/model';
import type { InputProblem } from '../scenario/errors';
import type { PlayMode } from './handover';

export type Overlay = 'none' | 'start' | 'help' | 'battles' | 'playtest';

export interface Alert {
  readonly title: string;
  readonly message: string;
  readonly problems?: readonly InputProblem[];
}

/** One answer to a question the app asks (its own dialog, never the browser's confirm). */
export interface Choice {
  readonly id: string;
  readonly label: string;
  readonly primary?: boolean;
}

export interface Question {
  readonly title: string;
  readonly message: string;
  /** In the order shown; the last is the default. Escape or closing answers null. */
  readonly choices: readonly Choice[];
}

/** How strong the AI plays: the scripted player, or the search player over its scripts (src/ai). */
export type AiLevel = 'scripted' | 'search';

/** The AI opponent of a game against the AI. */
export interface AiSetup {
  /** The side the AI commands. */
  readonly side: SideId;
  readonly level: AiLevel;
  /** The person has paused it: it gives no command until resumed. */
  readonly paused: boolean;
  /** A decision is being worked out (in the worker). */
  readonly thinking: boolean;
}

export interface PlayState {
  readonly mode: PlayMode;
  /** The AI opponent, in mode 'ai'. */
  readonly ai: AiSetup | null;
  /** The side the screen is being passed to; null when nobody is waiting at the hand-over screen. */
  readonly handover: SideId | null;
  readonly overlay: Overlay;
  /** A refusal or failure to show (load errors with their JSON paths, undo refused…). */
  readonly alert: Alert | null;
  /** The result panel was closed to look at the table. */
  readonly resultDismissed: boolean;
  /** The question waiting for the player's answer, if any. */
  readonly question: Question | null;
  setMode(m: PlayMode): void;
  setAi(ai: AiSetup | null): void;
  /** Change the AI opponent's pause or thinking flag (nothing when there is none). */
  patchAi(patch: Partial<Pick<AiSetup, 'paused' | 'thinking'>>): void;
  setHandover(to: SideId | null): void;
  open(o: Overlay): void;
  showAlert(a: Alert | null): void;
  dismissResult(v: boolean): void;
  /** Ask the player; resolves with the chosen id, or null when closed. A new question closes an open one. */
  ask(q: Question): Promise<string | null>;
  /** Answer the open question (the dialog's buttons, Escape). */
  answer(id: string | null): void;
}

export const PLAY_PREFS_KEY = 'vedette.play.v1';

export function createPlayStore(mode: PlayMode = 'solo') {
  let settle: ((id: string | null) => void) | null = null;
  return createStore<PlayState>()((set) => ({
    mode,
    ai: null,
    handover: null,
    overlay: 'none',
    alert: null,
    resultDismissed: false,
    question: null,
    setMode: (m) => set({ mode: m }),
    setAi: (ai) => set({ ai }),
    patchAi: (patch) => set((s) => (s.ai ? { ai: { ...s.ai, ...patch } } : {})),
    setHandover: (handover) => set({ handover }),
    open: (overlay) => set({ overlay }),
    showAlert: (alert) => set({ alert }),
    dismissResult: (resultDismissed) => set({ resultDismissed }),
    ask: (question) => {
      settle?.(null);
      return new Promise<string | null>((resolve) => {
        settle = resolve;
        set({ question });
      });
    },
    answer: (id) => {
      const s = settle;
      settle = null;
      set({ question: null });
      s?.(id);
    },
  }));
}
export type PlayStoreApi = ReturnType<typeof createPlayStore>;

/**
 * The mode chosen for the battle in progress, kept beside the autosave so a reload resumes it.
 * Unknown (storage cleared or refused): null, and the caller resumes as hot-seat, the mode
 * that shows no side's secrets without asking.
 */
export function readMode(storage: Pick<Storage, 'getItem'> | null): PlayMode | null {
  try {
    const raw = storage?.getItem(PLAY_PREFS_KEY);
    const v = raw ? (JSON.parse(raw) as { mode?: unknown; ai?: unknown }) : null;
    if (v?.mode === 'ai') return readAi(storage) ? 'ai' : null;
    return v?.mode === 'hotseat' ? 'hotseat' : v?.mode === 'solo' ? 'solo' : null;
  } catch {
    return null;
  }
}

/** An AI opponent as kept (a side and a known level), resumed unpaused; null when it is not one. */
export function aiSetupOf(x: unknown): AiSetup | null {
  const ai = x as { side?: unknown; level?: unknown } | null | undefined;
  if (!ai || typeof ai.side !== 'string' || (ai.level !== 'scripted' && ai.level !== 'search')) return null;
  return { side: ai.side, level: ai.level, paused: false, thinking: false };
}

/** The AI opponent kept beside the mode (its side and level; it resumes unpaused). */
export function readAi(storage: Pick<Storage, 'getItem'> | null): AiSetup | null {
  try {
    const raw = storage?.getItem(PLAY_PREFS_KEY);
    return raw ? aiSetupOf((JSON.parse(raw) as { ai?: unknown }).ai) : null;
  } catch {
    return null;
  }
}

export function writeMode(storage: Pick<Storage, 'setItem'> | null, mode: PlayMode, ai?: AiSetup | null): void {
  try {
    storage?.setItem(PLAY_PREFS_KEY, JSON.stringify(mode === 'ai' && ai ? { mode, ai: { side: ai.side, level: ai.level } } : { mode }));
  } catch {
    // Storage refused: the mode is forgotten; a reload then resumes as hot-seat (readMode).
  }
}

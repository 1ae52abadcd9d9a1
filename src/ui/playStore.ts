/**
 * The play screen's own state: solo or hot-seat, the hand-over in progress, which overlay is
 * open and the message the player should read. Separate from the session (the battle) and
 * the UI store (selection, camera, drag), which the canvas shares.
 */
import { createStore } from 'zustand/vanilla';
import type { SideId } from '../engine/model';
import type { InputProblem } from '../scenario/errors';
import type { PlayMode } from './handover';

export type Overlay = 'none' | 'start' | 'help' | 'battles';

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

export interface PlayState {
  readonly mode: PlayMode;
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
    handover: null,
    overlay: 'none',
    alert: null,
    resultDismissed: false,
    question: null,
    setMode: (m) => set({ mode: m }),
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
    const v = raw ? (JSON.parse(raw) as { mode?: unknown }) : null;
    return v?.mode === 'hotseat' ? 'hotseat' : v?.mode === 'solo' ? 'solo' : null;
  } catch {
    return null;
  }
}

export function writeMode(storage: Pick<Storage, 'setItem'> | null, mode: PlayMode): void {
  try {
    storage?.setItem(PLAY_PREFS_KEY, JSON.stringify({ mode }));
  } catch {
    // Storage refused: the mode is forgotten; a reload then resumes as hot-seat (readMode).
  }
}

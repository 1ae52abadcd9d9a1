/**
 * The play screen's own state: solo or hot-seat, the hand-over in progress, which overlay is
 * open and the message the player should read. Separate from the session (the battle) and
 * the UI store (selection, camera, drag), which the canvas shares.
 */
import { createStore } from 'zustand/vanilla';
import type { SideId } from '../engine/model';
import type { InputProblem } from '../scenario/errors';
import type { PlayMode } from './handover';

export type Overlay = 'none' | 'start' | 'help';

export interface Alert {
  readonly title: string;
  readonly message: string;
  readonly problems?: readonly InputProblem[];
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
  setMode(m: PlayMode): void;
  setHandover(to: SideId | null): void;
  open(o: Overlay): void;
  showAlert(a: Alert | null): void;
  dismissResult(v: boolean): void;
}

export const PLAY_PREFS_KEY = 'vedette.play.v1';

export function createPlayStore(mode: PlayMode = 'solo') {
  return createStore<PlayState>()((set) => ({
    mode,
    handover: null,
    overlay: 'none',
    alert: null,
    resultDismissed: false,
    setMode: (m) => set({ mode: m }),
    setHandover: (handover) => set({ handover }),
    open: (overlay) => set({ overlay }),
    showAlert: (alert) => set({ alert }),
    dismissResult: (resultDismissed) => set({ resultDismissed }),
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

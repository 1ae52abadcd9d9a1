/**
 * The warning above the table when battles are not safe in this browser: a write refused or
 * the storage full (the battle on the table lives on in the page: save it to a file, or make
 * room and try again), no storage at all, or the browser declining to promise to keep them
 * (said once, until the player dismisses it).
 */
import { useState } from 'preact/hooks';
import type { Keeper } from '../store/keeper';
import { mount } from './mount';
import type { PlayStoreApi } from './playStore';
import { useStore } from './useStore';

export const STORAGE_NOTE_KEY = 'vedette.storage-note.v1';

export interface StorageWarningDeps {
  /** Null where the browser has no storage for battles at all. */
  readonly keeper: Keeper | null;
  readonly play: PlayStoreApi;
  /** Save the battle on the table to a file; false when there is none. */
  saveToFile(): boolean;
  /** Where the dismissal of the persistence note is remembered. */
  readonly prefs: Pick<Storage, 'getItem' | 'setItem'> | null;
}

const remembered = (prefs: StorageWarningDeps['prefs']): boolean => {
  try {
    return prefs?.getItem(STORAGE_NOTE_KEY) === 'dismissed';
  } catch {
    return false;
  }
};

export function StorageWarning({ deps }: { readonly deps: StorageWarningDeps }) {
  const failure = useStore(deps.keeper?.status ?? NO_STATUS, (s) => s.failure);
  const persistence = useStore(deps.keeper?.status ?? NO_STATUS, (s) => s.persistence);
  const [dismissed, setDismissed] = useState(() => remembered(deps.prefs));
  const openList = () => deps.play.getState().open('battles');
  if (!deps.keeper)
    return (
      <div class="storage-warning" role="alert" data-testid="storage-warning" data-kind="none">
        <span>⚠ This browser gives Vedette no storage for battles: only the battle on the table is kept, and only until the page closes. Save it to a file to keep it.</span>
        <button type="button" onClick={() => deps.saveToFile()}>
          Save to a file
        </button>
      </div>
    );
  if (failure)
    return (
      <div class="storage-warning" role="alert" data-testid="storage-warning" data-kind={failure}>
        <span data-testid="storage-warning-text">
          ⚠ This battle is not being kept: {failure === 'full' ? "the browser's storage is full" : 'the browser refused to store it'}. Nothing is lost while this page stays open — save it to a file, or delete old battles and try again.
        </span>
        <button type="button" class="primary" data-testid="storage-save-file" onClick={() => deps.saveToFile()}>
          Save to a file
        </button>
        <button type="button" data-testid="storage-retry" onClick={() => void deps.keeper?.keepNow()}>
          Try again
        </button>
        <button type="button" onClick={openList}>
          Saved battles…
        </button>
      </div>
    );
  if ((persistence === 'refused' || persistence === 'unsupported') && !dismissed)
    return (
      <div class="storage-warning mild" role="status" data-testid="storage-warning" data-kind="not-persistent">
        <span data-testid="storage-warning-text">⚠ This browser may clear your kept battles when space runs short (it gave no promise to keep them): export them now and then.</span>
        <button type="button" onClick={openList}>
          Saved battles…
        </button>
        <button
          type="button"
          data-testid="storage-note-dismiss"
          onClick={() => {
            setDismissed(true);
            try {
              deps.prefs?.setItem(STORAGE_NOTE_KEY, 'dismissed');
            } catch {
              // Not remembered: the note comes back after a reload.
            }
          }}
        >
          Got it
        </button>
      </div>
    );
  return null;
}

const NO_STATUS = {
  getState: () => ({ failure: null, pending: false, persistence: 'unknown' as const, usage: null, quota: null, revision: 0 }),
  subscribe: () => () => undefined,
};

export function mountStorageWarning(host: HTMLElement, deps: StorageWarningDeps): () => void {
  return mount(host, <StorageWarning deps={deps} />, 'prepend');
}

/**
 * The journal: the battle on the table, written to localStorage in the same task as the command
 * that changed it, and kept there only until the library (IndexedDB, asynchronous) confirms it
 * has that version. A reload in the same instant as a command therefore resumes with that
 * command: on start, whichever of the journal and the library's entry is newer is resumed (the
 * journal is written into the library first).
 *
 * One battle only (the one on the table), so it stays small beside the library; a journal that
 * will not fit is skipped (the keeper's pending write still asks before the page is left).
 */
import type { BattleLibrary, BattleMeta, KeptBattle } from './library';
import type { SaveStorage } from './session';

export const JOURNAL_KEY = 'vedette.journal.v1';

export interface JournalEntry {
  /** The version's time (the library's `updatedAt` once written): the newer of the two is resumed. */
  readonly at: number;
  readonly meta: BattleMeta;
  readonly save: string;
}

/** Write the journal now; false where the storage refuses it (full, private mode). */
export function writeJournal(storage: SaveStorage | null | undefined, entry: JournalEntry): boolean {
  if (!storage) return false;
  try {
    storage.setItem(JOURNAL_KEY, JSON.stringify(entry));
    return true;
  } catch {
    return false;
  }
}

/** The journal, or null when there is none or it is not one (a broken journal is dropped). */
export function readJournal(storage: SaveStorage | null | undefined): JournalEntry | null {
  let text: string | null = null;
  try {
    text = storage?.getItem(JOURNAL_KEY) ?? null;
  } catch {
    return null;
  }
  if (text === null) return null;
  try {
    const j = JSON.parse(text) as Partial<JournalEntry> | null;
    const m = j?.meta as Partial<BattleMeta> | undefined;
    if (typeof j?.at === 'number' && typeof j.save === 'string' && typeof m?.id === 'string' && typeof m.name === 'string' && typeof m.updatedAt === 'number') return j as JournalEntry;
  } catch {
    // Not JSON: dropped below.
  }
  clear(storage);
  return null;
}

function clear(storage: SaveStorage | null | undefined): void {
  try {
    storage?.removeItem(JOURNAL_KEY);
  } catch {
    // A journal left behind is compared with the library on the next start, and loses to it.
  }
}

/** The library has the version (`id`, `at`): drop the journal, unless it already holds a newer one. */
export function settledJournal(storage: SaveStorage | null | undefined, id: string, at: number): void {
  const j = readJournal(storage);
  if (j && j.meta.id === id && j.at <= at) clear(storage);
}

/**
 * On start: the journal, when it is at least as new as the library's entry for its battle, is
 * written into the library as the battle on the table, then dropped. Returns the battle to
 * resume from the journal when the library would not take it (the journal is then kept for the
 * next start), else undefined (resume from the library, which now has it).
 */
export async function settleJournal(library: BattleLibrary, storage: SaveStorage | null | undefined): Promise<KeptBattle | undefined> {
  const j = readJournal(storage);
  if (!j) return undefined;
  let kept: KeptBattle | undefined;
  try {
    kept = await library.get(j.meta.id);
  } catch {
    return { meta: j.meta, save: j.save };
  }
  // Equal times are the same version (or two commands in one millisecond, the journal's the later).
  if (kept && kept.meta.updatedAt > j.at) {
    clear(storage);
    return undefined;
  }
  try {
    await library.put({ meta: { ...j.meta, bytes: j.save.length }, save: j.save }, { current: true });
  } catch {
    return { meta: j.meta, save: j.save };
  }
  settledJournal(storage, j.meta.id, j.at);
  return undefined;
}

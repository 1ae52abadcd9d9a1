/**
 * The battle library: every battle this browser keeps, in IndexedDB through `idb` (a promise
 * wrapper of a few hundred lines that keeps IndexedDB's own transactions and errors visible,
 * where a query layer such as Dexie would hide them behind its own).
 *
 * Two object stores written together in one transaction, so a battle is never half written:
 *  - `battles`: what the list shows (name, scenario, ruleset, turn, result, when) — small, read
 *    whole to draw the list;
 *  - `saves`: the save file's text (scenario, seed, log, hash), read only to resume, replay or
 *    export one battle.
 * `meta` holds the id of the battle on the table (resumed after a reload).
 *
 * Nothing hidden goes in `battles`: no orders, no command count (a count would tell one hot-seat
 * player how many secret commands the other gave), only what both players see on the table.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export const DB_NAME = 'vedette';
const DB_VERSION = 1;

export interface BattleMeta {
  readonly id: string;
  /** The player's name for it (the scenario's title until renamed). */
  readonly name: string;
  /** The scenario's title and id. */
  readonly title: string;
  readonly scenarioId: string;
  readonly rulesetId: string;
  /** 'solo', 'hotseat' or 'ai': how it is resumed. */
  readonly mode: string;
  /** In mode 'ai', the AI opponent: the side it commands and its level (both sides may know it). */
  readonly ai?: { readonly side: string; readonly level: string };
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Where it stands, in words both sides may read ('Turn 3 · Fire: fire'). */
  readonly where: string;
  readonly turn: number;
  /** The result in words, once the battle is over. */
  readonly result?: string;
  /** The save text's length, for the list's sizes. */
  readonly bytes: number;
}

export interface KeptBattle {
  readonly meta: BattleMeta;
  readonly save: string;
}

interface LibrarySchema extends DBSchema {
  battles: { key: string; value: BattleMeta; indexes: { updatedAt: number } };
  saves: { key: string; value: { id: string; text: string } };
  meta: { key: string; value: { key: string; value: string } };
}

export type StorageFailure = 'full' | 'refused';

/** Why a write failed, in the two cases the player must hear apart. */
export function failureOf(e: unknown): StorageFailure {
  const name = (e as { name?: unknown } | null)?.name;
  const inner = (e as { target?: { error?: { name?: unknown } } } | null)?.target?.error?.name;
  return name === 'QuotaExceededError' || inner === 'QuotaExceededError' ? 'full' : 'refused';
}

export interface BattleLibrary {
  list(): Promise<BattleMeta[]>;
  get(id: string): Promise<KeptBattle | undefined>;
  /**
   * Write a battle (list entry and save text together, or neither). An entry already kept keeps
   * its name and when it was first kept. `current`: it is also the battle on the table.
   */
  put(b: KeptBattle, opts?: { readonly current?: boolean }): Promise<void>;
  rename(id: string, name: string): Promise<void>;
  remove(id: string): Promise<void>;
  current(): Promise<string | undefined>;
  setCurrent(id: string | undefined): Promise<void>;
  close(): void;
}

/** Open (and on first use create) the library. Rejects where the browser has no IndexedDB or refuses it. */
export async function openLibrary(name: string = DB_NAME): Promise<BattleLibrary> {
  const db: IDBPDatabase<LibrarySchema> = await openDB<LibrarySchema>(name, DB_VERSION, {
    upgrade(db) {
      const battles = db.createObjectStore('battles', { keyPath: 'id' });
      battles.createIndex('updatedAt', 'updatedAt');
      db.createObjectStore('saves', { keyPath: 'id' });
      db.createObjectStore('meta', { keyPath: 'key' });
    },
    // A newer Vedette in another tab wants to upgrade the library: let it (this tab's next write fails and says so).
    blocking() {
      db.close();
    },
  });
  return {
    async list() {
      const all = await db.getAllFromIndex('battles', 'updatedAt');
      return all.reverse(); // most recently played first
    },
    async get(id) {
      const tx = db.transaction(['battles', 'saves'], 'readonly');
      const [meta, save] = await Promise.all([tx.objectStore('battles').get(id), tx.objectStore('saves').get(id), tx.done]);
      return meta && save ? { meta, save: save.text } : undefined;
    },
    async put(b, opts) {
      const tx = db.transaction(['battles', 'saves', 'meta'], 'readwrite');
      const battles = tx.objectStore('battles');
      const before = await battles.get(b.meta.id);
      const meta = before ? { ...b.meta, name: before.name, createdAt: before.createdAt } : b.meta;
      await Promise.all([
        battles.put(meta),
        tx.objectStore('saves').put({ id: meta.id, text: b.save }),
        opts?.current ? tx.objectStore('meta').put({ key: 'current', value: meta.id }) : undefined,
        tx.done,
      ]);
    },
    async rename(id, name) {
      const tx = db.transaction('battles', 'readwrite');
      const m = await tx.store.get(id);
      if (m) await tx.store.put({ ...m, name });
      await tx.done;
    },
    async remove(id) {
      const tx = db.transaction(['battles', 'saves', 'meta'], 'readwrite');
      const cur = await tx.objectStore('meta').get('current');
      await Promise.all([
        tx.objectStore('battles').delete(id),
        tx.objectStore('saves').delete(id),
        cur?.value === id ? tx.objectStore('meta').delete('current') : undefined,
        tx.done,
      ]);
    },
    async current() {
      return (await db.get('meta', 'current'))?.value;
    },
    async setCurrent(id) {
      if (id === undefined) await db.delete('meta', 'current');
      else await db.put('meta', { key: 'current', value: id });
    },
    close: () => db.close(),
  };
}

/** A fresh id for a battle: time and randomness, so two tabs never collide. */
export function newBattleId(now: number, random: () => number): string {
  return `b${now.toString(36)}-${Math.floor(random() * 36 ** 6).toString(36).padStart(6, '0')}`;
}

/** What a battle in the old single autosave slot said of itself, read without validating it. */
function metaOfText(text: string, id: string, mode: string, now: number): BattleMeta {
  let data: { scenario?: { title?: unknown; id?: unknown }; ruleset?: { id?: unknown }; summary?: { turn?: unknown; phase?: unknown; step?: unknown; result?: unknown } } = {};
  try {
    data = (JSON.parse(text) as typeof data | null) ?? {};
  } catch {
    // Kept as it is: resuming it will say what is wrong.
  }
  const str = (v: unknown, or: string) => (typeof v === 'string' && v !== '' ? v.slice(0, 200) : or);
  const turn = typeof data.summary?.turn === 'number' ? data.summary.turn : 0;
  const title = str(data.scenario?.title, 'A battle kept before the library');
  return {
    id,
    name: title,
    title,
    scenarioId: str(data.scenario?.id, 'unknown'),
    rulesetId: str(data.ruleset?.id, 'unknown'),
    mode,
    createdAt: now,
    updatedAt: now,
    where: `Turn ${turn}`,
    turn,
    ...(typeof data.summary?.result === 'string' ? { result: data.summary.result.slice(0, 200) } : {}),
    bytes: text.length,
  };
}

/**
 * Move the battle of the old single autosave slot (localStorage) into the library, as the
 * battle on the table; the slot is emptied only once the library has it. Its text is moved
 * as it is: resuming it validates it whole (it loads, or it is refused with a sentence).
 * Returns the new entry's id, or undefined when there was nothing to move (or the move failed,
 * leaving the old slot as it was).
 */
export async function moveOldAutosave(
  library: BattleLibrary,
  storage: { getItem(k: string): string | null; removeItem(k: string): void } | null,
  key: string,
  make: { id: string; mode: string; now: number },
): Promise<string | undefined> {
  let text: string | null = null;
  try {
    text = storage?.getItem(key) ?? null;
  } catch {
    return undefined;
  }
  if (text === null) return undefined;
  await library.put({ meta: metaOfText(text, make.id, make.mode, make.now), save: text }, { current: true });
  try {
    storage?.removeItem(key);
  } catch {
    // The library has it; an old copy left behind is moved again (as a second entry) at worst.
  }
  return make.id;
}

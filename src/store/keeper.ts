/**
 * Keeps the battle on the table in the library (library.ts) after every change, and says how
 * safe the library is: whether the browser promised to keep it (`navigator.storage.persist()`),
 * how much space it uses (`storage.estimate()`), and whether the last write failed.
 *
 * Nothing is lost from the battle in progress when a write fails: the battle lives in the
 * session, the failure is reported (the app shows a warning with "Save to a file") and the
 * next change is written again. Writes are coalesced: while one is in flight only the newest
 * version of each battle waits, so a burst of commands costs one write at the end of it.
 *
 * IndexedDB writes are asynchronous, so each version of the battle on the table is also written
 * at once, in the same task as the command, to the journal (journal.ts, localStorage), which is
 * dropped when the library confirms that version: a reload in the same instant resumes it.
 */
import { createStore } from 'zustand/vanilla';
import { describePosition } from '../engine/sequence';
import { failureOf, type BattleLibrary, type BattleMeta, type StorageFailure } from './library';
import { settledJournal, writeJournal } from './journal';
import { gameOf, saveTextOf, type Battle, type SaveStorage, type SessionApi } from './session';

export type Persistence = 'granted' | 'refused' | 'unsupported' | 'unknown';

export interface KeeperState {
  /** The last write failed, and why; null when the battle on the table is kept. */
  readonly failure: StorageFailure | null;
  /** A write is waiting or in flight. */
  readonly pending: boolean;
  readonly persistence: Persistence;
  /** Bytes used and available to this site (storage.estimate()), when the browser says. */
  readonly usage: number | null;
  readonly quota: number | null;
  /** Bumped whenever the list of kept battles may have changed (the list re-reads it). */
  readonly revision: number;
}

/** The parts of `navigator.storage` used here (absent in old browsers and in node). */
export interface StorageManagerLike {
  persist?(): Promise<boolean>;
  persisted?(): Promise<boolean>;
  estimate?(): Promise<{ usage?: number; quota?: number }>;
}

export interface KeeperDeps {
  readonly library: BattleLibrary;
  readonly session: SessionApi;
  /** How the battle on the table is played ('solo' | 'hotseat' | 'ai'), kept with it. */
  mode(): string;
  /** In mode 'ai', the AI opponent (its side and level), kept with the battle so it resumes against it. */
  ai?(): { readonly side: string; readonly level: string } | null;
  now(): number;
  readonly storage?: StorageManagerLike;
  /** Where the journal goes (localStorage); none: no journal (the pending write still asks before leaving). */
  readonly journal?: SaveStorage | null;
}

/** What the list shows of a battle: nothing either side may not see. */
export function metaOf(b: Battle, mode: string, now: number, ai?: { readonly side: string; readonly level: string } | null): BattleMeta {
  const g = gameOf(b);
  const r = g.result;
  const winner = r?.winner ? (b.setup.sides.find((s) => s.id === r.winner)?.name ?? r.winner) : undefined;
  return {
    id: b.id,
    name: b.setup.title,
    title: b.setup.title,
    scenarioId: b.setup.scenarioId,
    rulesetId: b.module.id,
    mode,
    ...(mode === 'ai' && ai ? { ai: { side: ai.side, level: ai.level } } : {}),
    createdAt: now,
    updatedAt: now,
    where: describePosition(b.module, g),
    turn: g.position.turn,
    ...(r ? { result: winner ? `${winner}: ${r.level} victory` : r.level } : {}),
    bytes: 0,
  };
}

/** A version of a battle waiting to be written: when it was made, how it is played, its save text once made. */
interface Version {
  readonly battle: Battle;
  readonly at: number;
  readonly mode: string;
  /** In mode 'ai', the AI opponent at that moment. */
  readonly ai?: { readonly side: string; readonly level: string } | null;
  readonly save?: string;
}

export function createKeeper(deps: KeeperDeps) {
  const { library, session } = deps;
  const status = createStore<KeeperState>()(() => ({ failure: null, pending: false, persistence: 'unknown', usage: null, quota: null, revision: 0 }));
  // Per battle, the newest version not yet written, in the order the battles were on the table
  // (the last is the current one): a burst of commands costs one write, and a battle left for
  // another is still written as it was left.
  const waiting = new Map<string, Version>();
  let writing: Promise<void> | null = null;
  // Each version's time, strictly increasing (two commands in one millisecond are still told apart).
  let lastAt = -Infinity;

  const refreshEstimate = async (): Promise<void> => {
    try {
      const e = await deps.storage?.estimate?.();
      if (e) status.setState({ usage: e.usage ?? null, quota: e.quota ?? null });
    } catch {
      // The estimate is a courtesy; a browser that will not give it shows none.
    }
  };

  const writeOne = async (v: Version): Promise<void> => {
    try {
      const save = v.save ?? saveTextOf(v.battle);
      const meta = { ...metaOf(v.battle, v.mode, v.at, v.ai), bytes: save.length };
      await library.put({ meta, save }, { current: true });
      // The library has this version: its journal is no longer needed (unless a newer one is journalled).
      if (!waiting.has(v.battle.id)) settledJournal(deps.journal, v.battle.id, v.at);
      status.setState((s) => ({ failure: null, revision: s.revision + 1 }));
    } catch (e) {
      status.setState({ failure: failureOf(e) });
    }
  };

  const drain = async (): Promise<void> => {
    for (let next = waiting.values().next(); !next.done; next = waiting.values().next()) {
      const v = next.value;
      waiting.delete(v.battle.id);
      await writeOne(v);
    }
    writing = null;
    status.setState({ pending: false });
    void refreshEstimate();
  };

  const keep = (b: Battle): void => {
    const at = (lastAt = Math.max(deps.now(), lastAt + 1));
    const mode = deps.mode();
    const ai = deps.ai?.() ?? null;
    let save: string | undefined;
    if (deps.journal) {
      save = saveTextOf(b);
      writeJournal(deps.journal, { at, meta: { ...metaOf(b, mode, at, ai), bytes: save.length }, save });
    }
    waiting.delete(b.id);
    waiting.set(b.id, { battle: b, at, mode, ai, ...(save !== undefined ? { save } : {}) });
    if (!status.getState().pending) status.setState({ pending: true });
    writing ??= drain();
  };

  let last: Battle | null = session.getState().battle;
  const off = session.subscribe((s) => {
    if (s.battle && s.battle !== last) keep(s.battle);
    last = s.battle;
  });

  return {
    status,
    /** Ask the browser to keep the library for good; says what it answered. */
    async requestPersistence(): Promise<Persistence> {
      const sm = deps.storage;
      let p: Persistence = 'unsupported';
      try {
        if (sm?.persisted && (await sm.persisted())) p = 'granted';
        else if (sm?.persist) p = (await sm.persist()) ? 'granted' : 'refused';
      } catch {
        p = 'refused';
      }
      status.setState({ persistence: p });
      void refreshEstimate();
      return p;
    },
    /** Write the battle on the table now (after a failure, or before leaving it). */
    keepNow(): Promise<void> {
      const b = session.getState().battle;
      if (b) keep(b);
      return this.flush();
    },
    /** Resolves when every write asked for so far has been tried. */
    async flush(): Promise<void> {
      while (writing) await writing;
    },
    /** The battle on the table is not safely kept (a write failed or is still waiting). */
    unsaved: (): boolean => session.getState().battle !== null && (status.getState().failure !== null || status.getState().pending),
    /** The list changed by other means (rename, delete, import). */
    touched: (): void => {
      status.setState((s) => ({ revision: s.revision + 1 }));
      void refreshEstimate();
    },
    refreshEstimate,
    dispose: off,
  };
}
export type Keeper = ReturnType<typeof createKeeper>;

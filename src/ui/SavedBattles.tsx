/**
 * Saved battles: every battle this browser keeps, most recently played first, to resume,
 * replay, rename, delete or export; import a save file or a file of many; export them all. The
 * head says how safe they are: the space used, and whether the browser promised to keep them.
 * A row shows only what both sides see on the table (no orders, no command count).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Keeper, KeeperState } from '../store/keeper';
import type { BattleLibrary, BattleMeta } from '../store/library';
import type { SessionApi } from '../store/session';
import { formatBytes, type Battles } from './battles';
import { FileInput } from './FileInput';
import { mount } from './mount';
import type { PlayStoreApi } from './playStore';
import { shallow, useStore } from './useStore';

export interface SavedBattlesDeps {
  readonly play: PlayStoreApi;
  readonly session: SessionApi;
  readonly library: BattleLibrary;
  readonly keeper: Keeper;
  readonly battles: Battles;
  /** Ruleset names by id, for the rows. */
  rulesetName(id: string): string;
  resume(id: string): Promise<void>;
  replay(id: string): Promise<void>;
  /** Open a save file straight in the replay viewer, without keeping it in the list. */
  replayFile(text: string, fileName: string): Promise<void>;
  download(fileName: string, text: string): void;
}

export function persistenceLine(s: Pick<KeeperState, 'persistence' | 'usage' | 'quota'>): { text: string; warn: boolean } {
  const used = s.usage !== null ? `Using ${formatBytes(s.usage)}${s.quota ? ` of ${formatBytes(s.quota)}` : ''}. ` : '';
  switch (s.persistence) {
    case 'granted':
      return { text: `${used}The browser has promised to keep these battles.`, warn: false };
    case 'refused':
      return { text: `${used}The browser has not promised to keep these battles: it may clear them when space runs short or after weeks unused (Safari: seven days). Export them to a file to be safe.`, warn: true };
    case 'unsupported':
      return { text: `${used}This browser cannot promise to keep them: export them to a file to be safe.`, warn: true };
    default:
      return { text: used, warn: false };
  }
}

/**
 * What an exported file holds that the players should know: an unfinished hot-seat or AI
 * battle's dice key (kept from the players until the end; without it the battle could not go on).
 */
export function keyNote(exported: readonly Pick<BattleMeta, 'mode' | 'result'>[]): string {
  const secret = exported.filter((m) => m.mode !== 'solo' && m.result === undefined);
  const n = secret.length;
  if (n === 0) return '';
  const kind = secret.every((m) => m.mode === 'hotseat') ? 'hot-seat' : secret.every((m) => m.mode === 'ai') ? 'AI' : 'hot-seat or AI';
  return `${n === 1 && exported.length === 1 ? `The file holds this unfinished ${kind} battle's dice key` : `The file holds the dice keys of ${n} unfinished ${kind} ${n === 1 ? 'battle' : 'battles'}`}: whoever reads it could foresee the rolls. Keep it from the players until the battle ends.`;
}

const when = (t: number): string => {
  const d = new Date(t);
  return `${d.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })} ${d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}`;
};

function Row({ m, current, deps, refresh, onNote }: { readonly m: BattleMeta; readonly current: boolean; readonly deps: SavedBattlesDeps; readonly refresh: () => void; readonly onNote: (note: string) => void }) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(m.name);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (renaming) input.current?.select();
  }, [renaming]);
  const commitName = async () => {
    setRenaming(false);
    if (name.trim() && name.trim() !== m.name) await deps.battles.rename(m.id, name);
    refresh();
  };
  const remove = async () => {
    const answer = await deps.play.getState().ask({
      title: 'Delete this battle?',
      message: `"${m.name}" (${m.title}, ${m.result ?? m.where}) is removed from this browser for good. Export it first to keep a copy.`,
      choices: [
        { id: 'export', label: 'Export it first' },
        { id: 'cancel', label: 'Cancel' },
        { id: 'delete', label: 'Delete', primary: true },
      ],
    });
    if (answer === 'export') {
      const f = await deps.battles.exportOne(m.id);
      if (f) deps.download(f.fileName, f.text);
      if (f) onNote(keyNote([m]));
      return;
    }
    if (answer !== 'delete') return;
    await deps.battles.remove(m.id);
    refresh();
  };
  const exportOne = async () => {
    const f = await deps.battles.exportOne(m.id);
    if (f) deps.download(f.fileName, f.text);
    if (f) onNote(keyNote([m]));
  };
  return (
    <li class={`battle-row${current ? ' current' : ''}`} data-testid="battle-row" data-id={m.id}>
      <div class="battle-what">
        {renaming ? (
          <input
            ref={input}
            class="battle-name-input"
            data-testid="battle-name-input"
            value={name}
            maxLength={200}
            aria-label="Name of the battle"
            onInput={(e) => setName(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void commitName();
              if (e.key === 'Escape') {
                e.stopPropagation();
                setName(m.name);
                setRenaming(false);
              }
            }}
            onBlur={() => void commitName()}
          />
        ) : (
          <strong class="battle-name" data-testid="battle-name">
            {m.name}
          </strong>
        )}
        {current ? <span class="tag">on the table</span> : null}
        <span class="battle-sub" data-testid="battle-sub">
          {m.name !== m.title ? `${m.title} · ` : ''}
          {deps.rulesetName(m.rulesetId)} · {m.mode === 'solo' ? 'Solo' : m.mode === 'ai' && m.ai ? `Against the AI (${m.ai.level})` : 'Hot-seat'}
        </span>
        <span class="battle-where" data-testid="battle-where">
          {m.result ? `Over — ${m.result}` : m.where}
        </span>
        <span class="battle-when">
          {when(m.updatedAt)} · {formatBytes(m.bytes)}
        </span>
      </div>
      <div class="battle-actions">
        <button type="button" class="primary" data-testid="battle-resume" disabled={current} title={current ? 'This battle is on the table' : 'Go on with this battle'} onClick={() => void deps.resume(m.id)}>
          {m.result ? 'Open' : 'Resume'}
        </button>
        <button type="button" data-testid="battle-replay" title="Step through this battle from the start" onClick={() => void deps.replay(m.id)}>
          Replay
        </button>
        <button type="button" data-testid="battle-rename" onClick={() => setRenaming(true)}>
          Rename
        </button>
        <button type="button" data-testid="battle-export" title="Save this battle to a file" onClick={() => void exportOne()}>
          Export
        </button>
        <button type="button" class="danger" data-testid="battle-delete" disabled={current} title={current ? 'This battle is on the table: start or resume another first' : 'Remove this battle from this browser'} onClick={() => void remove()}>
          Delete
        </button>
      </div>
    </li>
  );
}

export function SavedBattles({ deps }: { readonly deps: SavedBattlesDeps }) {
  const open = useStore(deps.play, (s) => s.overlay === 'battles');
  const status = useStore(deps.keeper.status, (s) => ({ persistence: s.persistence, usage: s.usage, quota: s.quota, revision: s.revision, failure: s.failure }), shallow);
  const currentId = useStore(deps.session, (s) => s.battle?.id);
  const [rows, setRows] = useState<readonly BattleMeta[] | null>(null);
  const [bump, setBump] = useState(0);
  const [note, setNote] = useState('');
  const importer = useRef<HTMLInputElement>(null);
  const replayer = useRef<HTMLInputElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    void deps.keeper.flush().then(() => deps.library.list()).then((l) => live && setRows(l), () => live && setRows([]));
    return () => {
      live = false;
    };
  }, [open, status.revision, bump]);
  useEffect(() => {
    if (open) {
      setNote('');
      close.current?.focus();
      void deps.keeper.refreshEstimate();
    }
  }, [open]);
  const refresh = () => setBump((n) => n + 1);
  const safety = persistenceLine(status);
  const importFile = async (text: string, name: string) => {
    setNote('');
    const r = await deps.battles.importText(text, name);
    if (!r.ok) {
      deps.play.getState().showAlert({ title: 'That file could not be imported', message: `Nothing from "${name}" was kept. What is wrong with it:`, problems: r.problems });
      return;
    }
    setNote(r.ids.length === 1 ? 'One battle imported.' : `${r.ids.length} battles imported.`);
    refresh();
  };
  const exportAll = async () => {
    const f = await deps.battles.exportAll();
    deps.download(f.fileName, f.text);
    setNote(`${f.count} ${f.count === 1 ? 'battle' : 'battles'} exported to ${f.fileName}.${rows && keyNote(rows) ? ` ${keyNote(rows)}` : ''}`);
  };
  if (!open) return null;
  return (
    <div class="modal-backdrop" data-testid="battles" onClick={(e) => e.target === e.currentTarget && deps.play.getState().open('none')}>
      <div class="modal battles" role="dialog" aria-modal="true" aria-labelledby="battles-title">
        <h2 id="battles-title">Saved battles</h2>
        <p class={safety.warn ? 'storage-note warn' : 'storage-note'} data-testid="storage-safety" role={safety.warn ? 'status' : undefined}>
          {safety.warn ? '⚠ ' : ''}
          {safety.text}
        </p>
        {status.failure ? (
          <p class="storage-note warn" data-testid="storage-failure">
            ⚠ The last change to the battle on the table could not be kept ({status.failure === 'full' ? 'the storage is full' : 'the browser refused it'}). Export it, or delete battles you no longer need.
          </p>
        ) : null}
        {rows === null ? (
          <p class="hint">Reading…</p>
        ) : rows.length === 0 ? (
          <p class="hint" data-testid="battles-empty">
            No battles are kept yet. A battle is kept here from its first move.
          </p>
        ) : (
          <ul class="battle-list" data-testid="battle-list">
            {rows.map((m) => (
              <Row key={m.id} m={m} current={m.id === currentId} deps={deps} refresh={refresh} onNote={setNote} />
            ))}
          </ul>
        )}
        {note ? (
          <p class="hint" data-testid="battles-note" role="status">
            {note}
          </p>
        ) : null}
        <div class="modal-actions">
          <FileInput inputRef={importer} accept=".json,application/json" testId="battles-import-input" onText={(t, n) => void importFile(t, n)} />
          <button type="button" data-testid="battles-import" title="Add battles from a save file or a file of battles" onClick={() => importer.current?.click()}>
            Import…
          </button>
          <FileInput inputRef={replayer} accept=".json,application/json" testId="battles-replay-file-input" onText={(t, n) => void deps.replayFile(t, n)} />
          <button type="button" data-testid="battles-replay-file" title="Step through a saved battle from a file, without adding it to this list" onClick={() => replayer.current?.click()}>
            Replay a file…
          </button>
          <button type="button" data-testid="battles-export-all" disabled={!rows || rows.length === 0} title="Every battle here in one file" onClick={() => void exportAll()}>
            Export all
          </button>
          <button ref={close} type="button" class="primary" data-testid="battles-close" onClick={() => deps.play.getState().open('none')}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}

export function mountSavedBattles(host: HTMLElement, deps: SavedBattlesDeps): () => void {
  return mount(host, <SavedBattles deps={deps} />);
}

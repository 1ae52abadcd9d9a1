/**
 * The scenario editor as a mode of the app (`?editor`): the same battle scene drawing the draft,
 * the editor's tool on the table, its panels in the side column, its files in the header —
 * new, open (a file or a built-in), save (only a scenario that validates), "Play this" (the
 * start dialog on the draft) — and its keys. Loaded on demand: the play page never fetches it.
 */
import { createRef } from 'preact';
import type { AnyRuleset } from '../../engine/ruleset';
import type { BattleScene } from '../../render/BattleScene';
import { EditorView } from '../../render/EditorView';
import { createEditorStore, createEditorTable, type EditorStoreApi, type EditorStorage } from '../../store/editorStore';
import type { UiStoreApi } from '../../store/uiStore';
import { zodProblems } from '../../scenario/load';
import { parseJsonText, describeProblems } from '../../scenario/errors';
import { DraftSchema, emptyDraft } from '../../scenario/editor/ops';
import { exportDraft, pieceBox } from '../../scenario/editor/problems';
import type { ScenarioEntry } from '../startModel';
import { FileInput } from '../FileInput';
import { mount } from '../mount';
import { useStore } from '../useStore';
import { EditorSide } from './EditorPanel';
import { installTestHook } from '../testHook';
import './editor.css';
import type { GameStoreApi } from '../../store/gameStore';

export interface EditorDeps {
  readonly stage: HTMLElement;
  readonly side: HTMLElement;
  readonly tools: HTMLElement;
  readonly sub: HTMLElement;
  readonly ui: UiStoreApi;
  readonly storage: EditorStorage | null;
  readonly rulesets: readonly AnyRuleset[];
  readonly builtIns: readonly ScenarioEntry[];
  readonly sceneClass: typeof BattleScene;
  readonly hook: boolean;
  download(fileName: string, text: string): void;
  /** Open the start dialog on this scenario text. */
  playThis(text: string, title: string): void;
  /** Open the Playtest panel (a batch of computer-played battles) on this scenario text. */
  playtest(text: string, title: string): void;
}

/** Read a scenario file for the editor: its data, or why it cannot be edited. */
export function readScenarioText(text: string): { ok: true; draft: ReturnType<typeof emptyDraft> } | { ok: false; message: string } {
  const p = parseJsonText(text);
  if (!p.ok) return { ok: false, message: describeProblems(p.problems) };
  const r = DraftSchema.safeParse(p.value);
  if (!r.success) return { ok: false, message: describeProblems(zodProblems(r.error)) };
  return { ok: true, draft: r.data };
}

function FileBar({ editor, deps, loader }: { editor: EditorStoreApi; deps: EditorDeps; loader: ReturnType<typeof createRef<HTMLInputElement>> }) {
  const history = useStore(editor, (s) => s.history);
  const problems = useStore(editor, (s) => s.problems);
  const checking = useStore(editor, (s) => s.checking);
  const ok = !checking && problems.length === 0;
  const why = checking ? 'Checking the scenario…' : problems.length ? `Fix the ${problems.length} problem${problems.length === 1 ? '' : 's'} listed first.` : '';
  // Replacing the draft is one undoable step, but say so before a click drops work from view.
  const guard = (what: string) => history.past.length === 0 || window.confirm(`${what}? The scenario you are editing can be had back with Undo.`);
  const open = (text: string, source: string) => {
    const r = readScenarioText(text);
    if (!r.ok) return editor.getState().notify(`${source} cannot be edited:\n${r.message}`);
    if (guard(`Open ${source}`)) editor.getState().open(r.draft, source);
  };
  const save = () => {
    const out = exportDraft(editor.getState().history.draft, deps.rulesets);
    if (!out.ok) return editor.getState().notify(`Not saved: ${out.problems.length} problem${out.problems.length === 1 ? '' : 's'} listed.`);
    deps.download(`${editor.getState().history.draft.id}.json`, out.text);
  };
  return (
    <div class="toolbar" role="toolbar" aria-label="Scenario file">
      <FileInput inputRef={loader} accept=".json,application/json" testId="editor-open-input" onText={(text, name) => open(text, name)} />
      <button type="button" data-testid="editor-new" onClick={() => guard('Start a new scenario') && editor.getState().open(emptyDraft(), 'new')}>New</button>
      <button type="button" data-testid="editor-open" onClick={() => loader.current?.click()}>Open…</button>
      <select data-testid="editor-builtin" aria-label="Open a built-in scenario" value="" onChange={(e) => {
        const entry = deps.builtIns.find((b) => b.source === e.currentTarget.value);
        e.currentTarget.value = '';
        if (entry) open(entry.text, entry.title);
      }}>
        <option value="">Built-in…</option>
        {deps.builtIns.map((b) => <option key={b.source} value={b.source}>{b.title}</option>)}
      </select>
      <button type="button" data-testid="editor-undo" title="Undo (Ctrl+Z)" disabled={history.past.length === 0} onClick={() => editor.getState().undo()}>Undo</button>
      <button type="button" data-testid="editor-redo" title="Redo (Ctrl+Shift+Z)" disabled={history.future.length === 0} onClick={() => editor.getState().redo()}>Redo</button>
      <button type="button" data-testid="editor-save" title={ok ? 'Save the scenario as a JSON file' : why} disabled={!ok} onClick={save}>Save</button>
      <button type="button" class="primary" data-testid="editor-play" title={ok ? 'Start a battle on this scenario' : why} disabled={!ok} onClick={() => {
        const out = exportDraft(editor.getState().history.draft, deps.rulesets);
        if (out.ok) deps.playThis(out.text, editor.getState().history.draft.title);
      }}>Play this</button>
      <button type="button" data-testid="editor-playtest" title={ok ? 'Play this scenario many times with computer players and read whether it is balanced' : why} disabled={!ok} onClick={() => {
        const out = exportDraft(editor.getState().history.draft, deps.rulesets);
        if (out.ok) deps.playtest(out.text, editor.getState().history.draft.title);
      }}>Playtest</button>
      <a class="button-link" href={location.pathname} data-testid="editor-leave" title="Back to the battle (the draft is kept)">Leave</a>
    </div>
  );
}

function isTyping(e: KeyboardEvent): boolean {
  const t = e.target as HTMLElement | null;
  return !!t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);
}

export async function startEditor(deps: EditorDeps): Promise<{ editor: EditorStoreApi; view: EditorView }> {
  const editor = createEditorStore({ storage: deps.storage, rulesets: () => deps.rulesets });
  const table = createEditorTable(editor);
  const scene = new deps.sceneClass(table.store, deps.ui, table);
  await scene.mount(deps.stage);
  const view = new EditorView(scene, editor, deps.ui);
  // A problem clicked: the view goes to its piece (panned, and zoomed out if it does not fit).
  let shown: unknown = null;
  editor.subscribe((s) => {
    if (s.highlighted === shown) return;
    shown = s.highlighted;
    const box = s.highlighted ? pieceBox(s.history.draft, s.highlighted) : null;
    if (box) scene.frame(box);
  });
  const loader = createRef<HTMLInputElement>();
  mount(deps.tools, <FileBar editor={editor} deps={deps} loader={loader} />);
  mount(deps.side, <EditorSide editor={editor} ui={deps.ui} modules={deps.rulesets} scenarios={deps.builtIns} />);
  const title = () => {
    deps.sub.textContent = `Editor — ${editor.getState().history.draft.title}`;
  };
  editor.subscribe(title);
  title();

  window.addEventListener('keydown', (e) => {
    if (isTyping(e)) return;
    const s = editor.getState();
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.toLowerCase();
    if (mod && key === 'z') {
      e.preventDefault();
      if (e.shiftKey) s.redo();
      else s.undo();
    } else if (mod && key === 'y') {
      e.preventDefault();
      s.redo();
    } else if (mod) {
      return;
    } else if (e.key === 'Escape') {
      if (s.drawing.length) s.cancelDrawing();
      else s.setTool('select');
    } else if (e.key === 'Enter') {
      if (s.drawing.length) view.finish();
    } else if (e.key === 'Backspace' || e.key === 'Delete') {
      e.preventDefault();
      if (s.drawing.length) return s.removeLastPoint();
      const sel = s.selected;
      if (!sel) return;
      if (sel.kind === 'terrain') s.apply({ op: 'deleteTerrain', id: sel.id }, null);
      else if (sel.kind === 'unit' || sel.kind === 'general') {
        deps.ui.getState().select(null);
        s.apply({ op: 'deletePiece', id: sel.id }, null);
      }
    } else {
      const tool = ({ s: 'select', a: 'area', l: 'line', z: 'zone', u: 'unit' } as const)[key as 's'];
      if (tool) s.setTool(tool);
    }
  });
  if (deps.hook) {
    installTestHook(table.store as GameStoreApi, deps.ui, scene);
    Object.defineProperty(window, '__VEDETTE_EDITOR__', {
      value: Object.freeze({
        draft: () => JSON.parse(JSON.stringify(editor.getState().history.draft)) as unknown,
        problems: () => (editor.getState().checking ? null : JSON.parse(JSON.stringify(editor.getState().problems))) as unknown,
        highlighted: () => editor.getState().highlighted,
        selected: () => editor.getState().selected,
      }),
    });
  }
  return { editor, view };
}

/**
 * The scenario editor's store: the scenario being edited with its undo history (the pure model
 * in src/scenario/editor), the live problems (the loader's own validation, run a moment after
 * each change), the tool and what it is drawing, the selection, and the draft kept across a
 * reload. The table draws `game` (the draft as a battle setup), kept in step with the draft.
 *
 * Previews are not history: a vertex or a piece being dragged lives in `preview` until release.
 */
import { createStore } from 'zustand/vanilla';
import type { AnyRuleset } from '../engine/ruleset';
import type { Unit } from '../engine/model';
import { DraftSchema, emptyDraft, type Draft, type EditOp, type Ring } from '../scenario/editor/ops';
import { canRedo, canUndo, edit, redo, replaceDraft, startHistory, undo, type EditorHistory } from '../scenario/editor/history';
import { checkDraft, draftBattle, type DraftProblem, type PieceRef } from '../scenario/editor/problems';
import type { XY } from '../scenario/editor/shapes';
import type { AreaKind, LineKind } from '../scenario/editor/place';
import { createGameStore, frontCorner, type GameStoreApi } from './gameStore';
import { createFreeTable, type TableController } from './table';
import { radToDeg } from '../geometry/types';

export const DRAFT_KEY = 'vedette.editor.draft';

export type EditorTool = 'select' | 'area' | 'line' | 'zone' | 'unit';

/** A drag of terrain in progress (drawn by the overlay; only the release is an edit). */
export type TerrainPreview =
  | { readonly kind: 'move'; readonly id: string; readonly dxMm: number; readonly dyMm: number }
  | { readonly kind: 'vertex'; readonly id: string; readonly ring: Ring; readonly index: number; readonly to: XY; readonly inserting: boolean }
  | { readonly kind: 'place'; readonly at: XY; readonly facingDeg: number };

export interface EditorState {
  readonly history: EditorHistory;
  readonly problems: readonly DraftProblem[];
  /** True from a change until its problems are known. */
  readonly checking: boolean;
  readonly selected: PieceRef | null;
  /** The piece a problem points at, outlined on the table. */
  readonly highlighted: PieceRef | null;
  readonly tool: EditorTool;
  readonly areaKind: AreaKind;
  readonly lineKind: LineKind;
  readonly zoneSide: 0 | 1;
  readonly unitTemplate: string | null;
  readonly unitSide: 0 | 1;
  /** Points clicked so far by a drawing tool (snapped), and where the pointer is. */
  readonly drawing: readonly XY[];
  readonly hover: XY | null;
  readonly preview: TerrainPreview | null;
  /** Grid spacing when snapping to the grid is on (mm); 0 off. */
  readonly gridMm: number;
  readonly notice: string | null;
  /** Where the draft came from (a file name, a built-in, "new"), for the title and the save name. */
  readonly source: string;
  apply(ops: EditOp | readonly EditOp[], select?: PieceRef | null): boolean;
  undo(): void;
  redo(): void;
  open(draft: Draft, source: string): void;
  select(p: PieceRef | null): void;
  highlight(p: PieceRef | null): void;
  setTool(t: EditorTool): void;
  set(patch: Partial<Pick<EditorState, 'areaKind' | 'lineKind' | 'zoneSide' | 'unitTemplate' | 'unitSide' | 'gridMm' | 'hover' | 'preview'>>): void;
  addPoint(p: XY): void;
  removeLastPoint(): void;
  cancelDrawing(): void;
  notify(m: string | null): void;
  canUndo(): boolean;
  canRedo(): boolean;
}

export interface EditorStorage {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
}

/** The draft kept across a reload, if it is still a scenario. */
export function readDraft(storage: EditorStorage | null): Draft | null {
  try {
    const text = storage?.getItem(DRAFT_KEY);
    if (!text) return null;
    const r = DraftSchema.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

export function createEditorStore(opts: { storage: EditorStorage | null; rulesets: () => readonly AnyRuleset[]; initial?: Draft; source?: string; checkDelayMs?: number }) {
  const initial = opts.initial ?? readDraft(opts.storage) ?? emptyDraft();
  const delay = opts.checkDelayMs ?? 120;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let saveTimer: ReturnType<typeof setTimeout> | null = null;
  const store = createStore<EditorState>()((set, get) => {
    const changed = (history: EditorHistory, extra: Partial<EditorState> = {}) => {
      set({ history, checking: true, ...extra });
      schedule();
    };
    return {
      history: startHistory(initial),
      problems: [],
      checking: true,
      selected: null,
      highlighted: null,
      tool: 'select',
      areaKind: 'hill',
      lineKind: 'road',
      zoneSide: 0,
      unitTemplate: null,
      unitSide: 0,
      drawing: [],
      hover: null,
      preview: null,
      gridMm: 0,
      notice: null,
      source: opts.source ?? 'draft',
      apply: (ops, select) => {
        const r = edit(get().history, ops);
        if (!r.ok) {
          set({ notice: `Not done: ${r.reason}` });
          return false;
        }
        changed(r.history, { notice: null, ...(select !== undefined ? { selected: select } : {}) });
        return true;
      },
      undo: () => {
        if (!canUndo(get().history)) return;
        changed(undo(get().history), { notice: null, preview: null });
      },
      redo: () => {
        if (!canRedo(get().history)) return;
        changed(redo(get().history), { notice: null, preview: null });
      },
      open: (draft, source) => changed(replaceDraft(get().history, draft), { source, selected: null, highlighted: null, drawing: [], preview: null, notice: null }),
      select: (selected) => set({ selected }),
      // A fresh value each time, so a second click on the same problem goes to its piece again.
      highlight: (highlighted) => set({ highlighted: highlighted ? { ...highlighted } : null }),
      setTool: (tool) => set({ tool, drawing: [], preview: null, notice: null }),
      set: (patch) => set(patch),
      addPoint: (p) => set({ drawing: [...get().drawing, p] }),
      removeLastPoint: () => set({ drawing: get().drawing.slice(0, -1) }),
      cancelDrawing: () => set({ drawing: [], preview: null }),
      notify: (notice) => set({ notice }),
      canUndo: () => canUndo(get().history),
      canRedo: () => canRedo(get().history),
    };
  });
  const check = () => {
    timer = null;
    const d = store.getState().history.draft;
    let problems: DraftProblem[];
    try {
      problems = checkDraft(d, opts.rulesets());
    } catch (e) {
      problems = [{ path: '$', message: `the scenario could not be checked (${e instanceof Error ? e.message : String(e)}).`, piece: null }];
    }
    if (store.getState().history.draft === d) store.setState({ problems, checking: false });
  };
  function schedule() {
    if (timer) clearTimeout(timer);
    timer = setTimeout(check, delay);
    if (opts.storage) {
      if (saveTimer) clearTimeout(saveTimer);
      saveTimer = setTimeout(() => {
        saveTimer = null;
        try {
          opts.storage?.setItem(DRAFT_KEY, JSON.stringify(store.getState().history.draft));
        } catch {
          // A full or refused storage loses the draft across a reload, not the edit.
        }
      }, 250);
    }
  }
  schedule();
  return store;
}
export type EditorStoreApi = ReturnType<typeof createEditorStore>;

/**
 * The table's side of the editor: a game store that mirrors the draft, and a controller that
 * turns a dragged or turned piece into an editor edit (pieces go where they are put; the live
 * validation says what is wrong with where).
 */
export function createEditorTable(editor: EditorStoreApi): TableController {
  const game: GameStoreApi = createGameStore();
  // PERF: units are laid out again only when their spec object changed (edits keep the rest).
  const laid = new WeakMap<object, Unit>();
  let seen: Draft | null = null;
  const sync = () => {
    const d = editor.getState().history.draft;
    if (d === seen) return;
    seen = d;
    const b = draftBattle(d);
    const units = b.units.map((u, i) => {
      const spec = d.units.find((x) => x.id === u.id) ?? d.units[i]!;
      const prev = laid.get(spec);
      if (prev) return prev;
      laid.set(spec, u);
      return u;
    });
    const prevTerrain = game.getState().battle?.terrain;
    const sameTerrain = prevTerrain && terrainSeen === d.terrain;
    terrainSeen = d.terrain;
    game.getState().load({ ...b, units, terrain: sameTerrain ? prevTerrain : b.terrain });
  };
  let terrainSeen: unknown = null;
  editor.subscribe(sync);
  sync();
  const free = createFreeTable(game);
  const pieceUnit = (id: string) => {
    const b = game.getState().battle;
    return b?.units.find((u) => u.id === id);
  };
  return {
    ...free,
    commitMove: (id, m) => {
      const d = editor.getState().history.draft;
      const spec = d.units.find((u) => u.id === id) ?? d.generals.find((g) => g.id === id);
      if (!spec) return 'That piece is not in the scenario.';
      const deg = radToDeg(m.dRad);
      if (m.pivot === 'left' || m.pivot === 'right') {
        // A wheel: the anchor turns about the front corner.
        const u = pieceUnit(id);
        if (!u) return null;
        const c = frontCorner(u, m.pivot);
        const cs = Math.cos(m.dRad), sn = Math.sin(m.dRad);
        const rx = spec.at.x - c.x, ry = spec.at.y - c.y;
        editor.getState().apply({ op: 'placePiece', id, at: { x: c.x + rx * cs - ry * sn, y: c.y + rx * sn + ry * cs, facingDeg: spec.at.facingDeg + deg } });
        return null;
      }
      const ops: EditOp[] = [];
      if (m.dxMm !== 0 || m.dyMm !== 0) ops.push({ op: 'movePiece', id, dxMm: m.dxMm, dyMm: m.dyMm });
      if (m.dRad !== 0) ops.push(rotateAboutCentre(id, spec.at, m.dRad, pieceUnit(id)));
      if (ops.length) editor.getState().apply(ops, { kind: d.units.some((u) => u.id === id) ? 'unit' : 'general', id });
      return null;
    },
  };
}

/** A turn about the piece's drawn centre (where the rotate handle turns it), as a new pose. */
function rotateAboutCentre(id: string, at: { x: number; y: number; facingDeg: number }, dRad: number, u: Unit | undefined): EditOp {
  let cx = at.x, cy = at.y;
  if (u && u.stands.length) {
    cx = u.stands.reduce((s, x) => s + x.centre.x, 0) / u.stands.length;
    cy = u.stands.reduce((s, x) => s + x.centre.y, 0) / u.stands.length;
  }
  const cs = Math.cos(dRad), sn = Math.sin(dRad);
  const rx = at.x - cx, ry = at.y - cy;
  return { op: 'placePiece', id, at: { x: cx + rx * cs - ry * sn, y: cy + rx * sn + ry * cs, facingDeg: at.facingDeg + radToDeg(dRad) } };
}

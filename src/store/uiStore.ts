/**
 * The UI store: selection, the drag in progress and the camera. Previews are not history:
 * a drag lives here until it is released, and only then becomes a game command.
 */
import { createStore } from 'zustand/vanilla';
import type { UnitId } from '../engine/model';
import type { MovePreview } from '../engine/ruleset';

export interface Camera {
  /** Screen pixels per table millimetre. */
  readonly scale: number;
  /** Screen position of the table origin (0, 0). */
  readonly x: number;
  readonly y: number;
}

export interface DragPreview {
  readonly unitId: UnitId;
  readonly dxMm: number;
  readonly dyMm: number;
  readonly dRad: number;
}

export type ToolName = 'select' | 'tape' | 'sight';

/** Two table points a tape or a sight line runs between; `fromPiece`/`toPiece` when on a stand. */
export interface Span {
  readonly from: { x: number; y: number };
  readonly to: { x: number; y: number };
  readonly fromPiece?: string;
  readonly toPiece?: string;
}

export interface UiState {
  readonly tool: ToolName;
  readonly tape: Span | null;
  readonly sightLine: Span | null;
  /** A short message for the player (a refused move and its rule); cleared by the next action. */
  readonly notice: string | null;
  /** The live read-out of the drag in progress. */
  readonly movePreview: MovePreview | null;
  readonly selected: UnitId | null;
  readonly hovered: UnitId | null;
  readonly preview: DragPreview | null;
  readonly camera: Camera;
  setTool(t: ToolName): void;
  setTape(s: Span | null): void;
  setSightLine(s: Span | null): void;
  notify(message: string | null): void;
  setMovePreview(p: MovePreview | null): void;
  select(id: UnitId | null): void;
  hover(id: UnitId | null): void;
  setPreview(p: DragPreview | null): void;
  setCamera(c: Camera): void;
}

export const MIN_SCALE = 0.1;
export const MAX_SCALE = 12;

export function createUiStore() {
  return createStore<UiState>()((set) => ({
    tool: 'select',
    tape: null,
    sightLine: null,
    notice: null,
    movePreview: null,
    selected: null,
    hovered: null,
    preview: null,
    camera: { scale: 0.5, x: 0, y: 0 },
    setTool: (tool) => set({ tool }),
    setTape: (tape) => set({ tape }),
    setSightLine: (sightLine) => set({ sightLine }),
    notify: (notice) => set({ notice }),
    setMovePreview: (movePreview) => set({ movePreview }),
    select: (selected) => set({ selected }),
    hover: (hovered) => set({ hovered }),
    setPreview: (preview) => set({ preview }),
    setCamera: (camera) => set({ camera }),
  }));
}
export type UiStoreApi = ReturnType<typeof createUiStore>;

/**
 * The UI store: selection, the drag in progress and the camera. Previews are not history:
 * a drag lives here until it is released, and only then becomes a game command.
 */
import { createStore } from 'zustand/vanilla';
import type { UnitId } from '../engine/model';

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

export interface UiState {
  readonly selected: UnitId | null;
  readonly hovered: UnitId | null;
  readonly preview: DragPreview | null;
  readonly camera: Camera;
  select(id: UnitId | null): void;
  hover(id: UnitId | null): void;
  setPreview(p: DragPreview | null): void;
  setCamera(c: Camera): void;
}

export const MIN_SCALE = 0.1;
export const MAX_SCALE = 12;

export function createUiStore() {
  return createStore<UiState>()((set) => ({
    selected: null,
    hovered: null,
    preview: null,
    camera: { scale: 0.5, x: 0, y: 0 },
    select: (selected) => set({ selected }),
    hover: (hovered) => set({ hovered }),
    setPreview: (preview) => set({ preview }),
    setCamera: (camera) => set({ camera }),
  }));
}
export type UiStoreApi = ReturnType<typeof createUiStore>;

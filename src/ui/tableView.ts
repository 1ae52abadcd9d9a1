/**
 * The table's framing, kept: "fit table" (F), a refit when the page is resized while the table
 * is still framed as fitted (else the table point at the centre stays at the centre), and the
 * camera and selection remembered beside the autosave so a reload comes back to them.
 * The selection is remembered in solo only: in hot-seat a reload resumes behind the hand-over
 * screen, and the next player starts with nothing selected.
 */
import type { Battle, SessionApi } from '../store/session';
import { viewOf } from '../store/session';
import { MAX_SCALE, MIN_SCALE, type Camera, type UiStoreApi } from '../store/uiStore';
import { findPiece } from './inspectModel';
import type { PlayStoreApi } from './playStore';

export const VIEW_KEY = 'vedette.view.v1';

/** The zoom, and the table point (mm) at the centre of the view: the same place comes back in a page of another size. */
export interface KeptFrame {
  readonly scale: number;
  readonly centreXMm: number;
  readonly centreYMm: number;
}

export interface KeptView {
  /** Which battle it was (scenario, ruleset, seed): another battle does not take it. */
  readonly battle: string;
  readonly frame: KeptFrame;
  readonly selected: string | null;
}

export const frameOf = (c: Camera, viewW: number, viewH: number): KeptFrame => ({ scale: c.scale, centreXMm: (viewW / 2 - c.x) / c.scale, centreYMm: (viewH / 2 - c.y) / c.scale });
export const cameraOf = (f: KeptFrame, viewW: number, viewH: number): Camera => ({ scale: f.scale, x: viewW / 2 - f.centreXMm * f.scale, y: viewH / 2 - f.centreYMm * f.scale });

export const battleKey = (b: Pick<Battle, 'setup' | 'module' | 'seed'>): string => `${b.setup.scenarioId}|${b.module.id}|${b.seed}`;

const isFrame = (f: unknown): f is KeptFrame => {
  if (typeof f !== 'object' || f === null) return false;
  const { scale, centreXMm, centreYMm } = f as Record<string, unknown>;
  return typeof scale === 'number' && scale >= MIN_SCALE && scale <= MAX_SCALE && Number.isFinite(centreXMm) && Number.isFinite(centreYMm);
};

/** The kept view, if it is a good one. */
export function readKeptView(storage: Pick<Storage, 'getItem'> | null): KeptView | null {
  try {
    const v = JSON.parse(storage?.getItem(VIEW_KEY) ?? 'null') as Partial<KeptView> | null;
    if (!v || typeof v.battle !== 'string' || !isFrame(v.frame)) return null;
    return { battle: v.battle, frame: v.frame, selected: typeof v.selected === 'string' ? v.selected : null };
  } catch {
    return null;
  }
}

export interface TableViewDeps {
  readonly stage: HTMLElement;
  readonly ui: UiStoreApi;
  readonly session: SessionApi;
  readonly play: PlayStoreApi;
  readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Frame the whole table (the scene's fit). */
  fit(): void;
}

export interface TableView {
  fit(): void;
  /** Bring back the kept camera (and, in solo, the selection) if they belong to this battle; false when there is nothing to bring back. */
  restore(): boolean;
  dispose(): void;
}

const WRITE_DELAY_MS = 300;

export function keepTableView(d: TableViewDeps): TableView {
  let fitted: Camera | null = d.ui.getState().camera;
  const fit = () => {
    d.fit();
    fitted = d.ui.getState().camera;
  };

  let size = { w: d.stage.clientWidth, h: d.stage.clientHeight };
  const resize = new ResizeObserver(() => {
    const now = { w: d.stage.clientWidth, h: d.stage.clientHeight };
    const dw = now.w - size.w;
    const dh = now.h - size.h;
    size = now;
    if (dw === 0 && dh === 0) return;
    // After the scene has resized its canvas (its own observer), on the next frame.
    requestAnimationFrame(() => {
      const c = d.ui.getState().camera;
      if (c === fitted) fit();
      else d.ui.getState().setCamera({ ...c, x: c.x + dw / 2, y: c.y + dh / 2 });
    });
  });
  resize.observe(d.stage);

  const write = () => {
    timer = undefined;
    const b = d.session.getState().battle;
    if (!b) return;
    const s = d.ui.getState();
    const kept: KeptView = { battle: battleKey(b), frame: frameOf(s.camera, size.w, size.h), selected: d.play.getState().mode === 'solo' ? s.selected : null };
    try {
      d.storage?.setItem(VIEW_KEY, JSON.stringify(kept));
    } catch {
      // Storage refused: a reload fits the table instead.
    }
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const offUi = d.ui.subscribe((s, prev) => {
    if (s.camera === prev.camera && s.selected === prev.selected) return;
    if (timer === undefined) timer = setTimeout(write, WRITE_DELAY_MS);
  });
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    write();
  };
  window.addEventListener('pagehide', flush);

  return {
    fit,
    restore() {
      const b = d.session.getState().battle;
      const kept = readKeptView(d.storage);
      if (!b || !kept || kept.battle !== battleKey(b)) return false;
      d.ui.getState().setCamera(cameraOf(kept.frame, size.w, size.h));
      fitted = null;
      const s = d.session.getState();
      if (kept.selected && d.play.getState().mode === 'solo' && findPiece(viewOf(b, s.viewer), kept.selected)) d.ui.getState().select(kept.selected);
      return true;
    },
    dispose() {
      flush();
      resize.disconnect();
      offUi();
      window.removeEventListener('pagehide', flush);
    },
  };
}

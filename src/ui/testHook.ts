/**
 * The dev/test-only window hook: read-only engine state for end-to-end tests, because a
 * canvas cannot be queried like the DOM. Installed only in dev and e2e builds.
 */
import type { GameStoreApi } from '../store/gameStore';
import type { UiStoreApi } from '../store/uiStore';
import { screenToTable, tableToScreen } from '../render/camera';

export interface VedetteTestHook {
  /** A deep copy of the battle state (units, generals, sides), safe to read. */
  battle(): unknown;
  selected(): string | null;
  camera(): { scale: number; x: number; y: number };
  /** Canvas-relative pixels of a table point, and back. */
  tableToScreen(x: number, y: number): { x: number; y: number };
  screenToTable(x: number, y: number): { x: number; y: number };
  /** Canvas-relative pixels of the selected unit's rotate handle. */
  rotateHandle(): { x: number; y: number } | null;
  /** Canvas-relative pixels of the selected unit's wheel handle that pivots on the given front corner. */
  wheelHandle(pivot: 'left' | 'right'): { x: number; y: number } | null;
  /** Frames drawn since start (the scene renders on demand only). */
  frames(): number;
  /** Pieces gliding to a new pose now (render motion.ts), and a way to end their glides. */
  gliding(): readonly string[];
  skipMotion(): void;
  /** Render times (ms) of the most recent frames, for the render benchmark. */
  frameTimes(): number[];
  /** The battle in progress as the page shows it (null on a free table or before a battle). */
  play(): PlayProbe | null;
  /** The table tools' state: active tool, tape and sight spans, the live move read-out, the notice. */
  tools(): ToolsProbe;
  /** Marker chips on the canvas: where (canvas pixels), their text, kind and meaning. */
  markers(): MarkerChipProbe[];
  /** The replay viewer, when it is open (null otherwise): where it stands and who looks. */
  replay(): ReplayProbe | null;
  /** Resolves once every write of the battle asked for so far has been tried (storage is asynchronous). */
  kept(): Promise<void>;
}

export interface ReplayProbe {
  readonly viewer: string;
  /** Index into the viewer's points, and how many there are. */
  readonly at: number;
  readonly points: number;
  /** Commands applied at this point (0: the start). */
  readonly command: number;
  readonly position: { turn: number; phase: string; step: string };
  readonly over: boolean;
}

export interface MarkerChipProbe {
  readonly pieceId: string;
  readonly kind: string;
  readonly text: string;
  readonly title: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface ToolsProbe {
  readonly tool: string;
  readonly tape: unknown;
  readonly sightLine: unknown;
  readonly movePreview: { legal: boolean; reason?: string; rule?: string; readout: { label: string; value: string }[]; command?: unknown } | null;
  readonly notice: string | null;
  /** What the tape and the sight line read on the table. */
  readonly readouts: { tape: string | null; sight: string | null };
}

/** Read-only facts about the battle in progress, for hot-seat and log tests. */
export interface PlayProbe {
  readonly viewer: string;
  readonly mode: 'solo' | 'hotseat' | 'ai';
  /** Against the AI: its side, level, and pause and thinking flags. */
  readonly ai: { side: string; level: string; paused: boolean; thinking: boolean } | null;
  /** The side the screen is being handed to, or null. */
  readonly handover: string | null;
  readonly rulesetId: string;
  readonly position: { turn: number; phase: string; step: string; phasing: string; actors: string[]; done: string[] };
  readonly commandCount: number;
  readonly undoable: number;
  readonly redoable: number;
  readonly result: { winner?: string; level: string; reason: string } | null;
}

/** Where `play()` reads from; main.ts supplies it when a session is running. */
export type PlayProbeSource = () => PlayProbe | null;

export function installTestHook(
  game: GameStoreApi,
  ui: UiStoreApi,
  scene: { frames: number; gliding: readonly string[]; skipMotion(): void; handleOnScreen(): { x: number; y: number } | null; wheelHandleOnScreen(pivot: 'left' | 'right'): { x: number; y: number } | null; recentFrameTimes(): number[]; readouts(): { tape: string | null; sight: string | null }; markerChips(): readonly { pieceId: string; marker: { kind: string; text: string; title: string }; x: number; y: number; width: number; height: number }[] },
  play: PlayProbeSource = () => null,
  replay: () => ReplayProbe | null = () => null,
  kept: () => Promise<void> = () => Promise.resolve(),
): void {
  const hook: VedetteTestHook = {
    battle: () => JSON.parse(JSON.stringify(game.getState().battle)) as unknown,
    selected: () => ui.getState().selected,
    camera: () => ({ ...ui.getState().camera }),
    tableToScreen: (x, y) => tableToScreen(ui.getState().camera, { x, y }),
    screenToTable: (x, y) => {
      const p = screenToTable(ui.getState().camera, x, y);
      return { x: p.x, y: p.y };
    },
    rotateHandle: () => scene.handleOnScreen(),
    wheelHandle: (pivot) => scene.wheelHandleOnScreen(pivot),
    frames: () => scene.frames,
    gliding: () => [...scene.gliding],
    skipMotion: () => scene.skipMotion(),
    frameTimes: () => scene.recentFrameTimes(),
    tools: () => {
      const u = ui.getState();
      return JSON.parse(JSON.stringify({ tool: u.tool, tape: u.tape, sightLine: u.sightLine, movePreview: u.movePreview, notice: u.notice, readouts: scene.readouts() })) as ToolsProbe;
    },
    markers: () => scene.markerChips().map((c) => ({ pieceId: c.pieceId, kind: c.marker.kind, text: c.marker.text, title: c.marker.title, x: c.x, y: c.y, width: c.width, height: c.height })),
    replay: () => {
      const r = replay();
      return r ? (JSON.parse(JSON.stringify(r)) as ReplayProbe) : null;
    },
    kept: () => kept(),
    play: () => {
      const p = play();
      return p ? (JSON.parse(JSON.stringify(p)) as PlayProbe) : null;
    },
  };
  Object.defineProperty(window, '__VEDETTE__', { value: Object.freeze(hook), configurable: false, writable: false });
}

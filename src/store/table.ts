/**
 * The seam between the canvas and the game: what to draw, and what a drag means. Two kinds:
 *  - a free table (no ruleset: a designer placing pieces, or the built-in battle before a
 *    ruleset is chosen): pieces move where they are put;
 *  - a battle table (a session on the engine): a drag is previewed by the ruleset's table
 *    adapter and becomes that ruleset's command on release; illegal moves say why.
 * Either way the canvas draws `store.battle`, which for a battle is the viewer's view.
 */
import type { MovePreview, Marker, Overlay, PieceMove } from '../engine/ruleset';
import type { TerrainFeature, SideId } from '../engine/model';
import type { SightRule } from '../geometry/sightIndex';
import { createGameStore, type GameStoreApi } from './gameStore';
import type { Command, Rejection } from '../engine/ruleset';
import type { Viewer } from '../engine/view';
import { gameOf, viewOf, type Battle } from './session';

/**
 * What a battle table shows and sends commands to: the session (play), or the replay viewer
 * (a point of a battle's log, read-only: `readOnly` says why nothing can be moved).
 */
export interface TableSource {
  getState(): { readonly battle: Battle | null; readonly viewer: Viewer; readonly readOnly?: string; dispatch(c: Command): Rejection | null };
  subscribe(listener: () => void): () => void;
}

export interface Measure {
  readonly unit: 'in' | 'cm' | 'mm';
  readonly mmPerUnit: number;
}

export interface TableController {
  /** What the canvas draws. */
  readonly store: GameStoreApi;
  /** Units for tapes and read-outs. */
  measure(): Measure;
  /** What moving a piece would do; null when the table is free (any move allowed). */
  previewMove(pieceId: string, move: PieceMove): MovePreview | null;
  /** Make the move; returns why not, or null when done. */
  commitMove(pieceId: string, move: PieceMove): string | null;
  /** What dropping a piece onto an enemy would do (a charge), or null when the table cannot say. */
  previewContact(pieceId: string, targetId: string): MovePreview | null;
  /** Declare it; returns why not, or null when done. */
  commitContact(pieceId: string, targetId: string): string | null;
  overlays(pieceId: string): readonly Overlay[];
  markers(pieceId: string): readonly Marker[];
  /** What terrain does to sight, for the line-of-sight tool. */
  sight(): { rule: (f: TerrainFeature) => SightRule; standsBlock: boolean; minGapMm: number };
}

const DEFAULT_SIGHT = {
  rule: (f: TerrainFeature): SightRule => (f.props.blocksSight === true ? { kind: 'opaque' } : { kind: 'clear' }),
  standsBlock: false,
  minGapMm: 0,
};

export function formatDistance(mm: number, m: Measure): string {
  const v = mm / m.mmPerUnit;
  return m.unit === 'in' ? `${v.toFixed(1)}"` : `${v.toFixed(m.unit === 'mm' ? 0 : 1)} ${m.unit}`;
}

/** A table where pieces go where they are put. */
export function createFreeTable(store: GameStoreApi = createGameStore(), measure: Measure = { unit: 'in', mmPerUnit: 25.4 }): TableController {
  return {
    store,
    measure: () => measure,
    previewMove: () => null,
    commitMove: (id, m) => {
      if (m.pivot === 'left' || m.pivot === 'right') store.getState().wheelUnit(id, m.dRad, m.pivot);
      else {
        if (m.dxMm !== 0 || m.dyMm !== 0) store.getState().moveUnit(id, m.dxMm, m.dyMm);
        if (m.dRad !== 0) store.getState().rotateUnit(id, m.dRad);
      }
      return null;
    },
    previewContact: () => null,
    commitContact: () => 'Charges need a battle under a ruleset.',
    overlays: () => [],
    markers: () => [],
    sight: () => DEFAULT_SIGHT,
  };
}

/** The side that owns a piece (unit or general). */
function ownerOf(battle: { units: readonly { id: string; side: SideId }[]; generals: readonly { id: string; side: SideId }[] }, id: string): SideId | undefined {
  return battle.units.find((u) => u.id === id)?.side ?? battle.generals.find((g) => g.id === id)?.side;
}

/**
 * A table over a battle in progress. The canvas store mirrors the viewer's view of the battle
 * whenever the session changes.
 */
export function createBattleTable(session: TableSource): TableController {
  const store = createGameStore();
  // Markers, overlays and read-outs depend on the ruleset's state too (orders, morale), which
  // can change while the battle object does not: any new history or viewer makes views look again.
  let seenHistory: unknown = null;
  let seenViewer: unknown = null;
  const sync = () => {
    const s = session.getState();
    if (!s.battle) return;
    const view = viewOf(s.battle, s.viewer);
    if (store.getState().battle !== view.battle) store.getState().load(view.battle);
    else if (s.battle.history !== seenHistory || s.viewer !== seenViewer) store.getState().touch();
    seenHistory = s.battle.history;
    seenViewer = s.viewer;
  };
  session.subscribe(sync);
  sync();
  const seen = () => {
    const s = session.getState();
    return s.battle ? { module: s.battle.module, game: viewOf(s.battle, s.viewer) } : null;
  };
  /** The side that would give a command for this piece now, or why none can. */
  const actingSide = (pieceId: string): { side: SideId } | { reason: string } => {
    const s = session.getState();
    if (!s.battle) return { reason: 'No battle is in progress.' };
    if (s.readOnly) return { reason: s.readOnly };
    const st = gameOf(s.battle);
    const owner = ownerOf(st.battle, pieceId);
    if (!owner) return { reason: 'That piece is not on the table.' };
    if (s.viewer !== 'referee' && s.viewer !== owner) return { reason: 'That piece belongs to the other side.' };
    if (!st.position.actors.includes(owner) || st.position.done.includes(owner)) return { reason: `It is not ${st.battle.sides.find((x) => x.id === owner)?.name ?? owner}'s turn to act.` };
    return { side: owner };
  };
  type Seen = NonNullable<ReturnType<typeof seen>>;
  type Ask = (g: Seen, side: SideId) => MovePreview | undefined;
  const what = { previewMove: 'move pieces by dragging', previewContact: 'declare charges by dropping a unit on an enemy' } as const;
  const preview = (pieceId: string, kind: keyof typeof what, ask: Ask): MovePreview | null => {
    const g = seen();
    if (!g) return null;
    const who = actingSide(pieceId);
    if ('reason' in who) return { legal: false, reason: who.reason, rule: 'engine', readout: [] };
    return ask(g, who.side) ?? { legal: false, reason: `${g.module.name} does not ${what[kind]}.`, readout: [] };
  };
  /** Ask the adapter again at release (the view may have moved on) and send its command. */
  const commit = (pieceId: string, kind: keyof typeof what, ask: Ask): string | null => {
    const p = preview(pieceId, kind, ask);
    if (!p) return 'No battle is in progress.';
    if (!p.legal || !p.command) return p.reason ?? 'That is not allowed.';
    const rej = session.getState().dispatch(p.command);
    return rej ? `${rej.message} (${rej.rule})` : null;
  };
  return {
    store,
    measure: () => {
      const m = session.getState().battle?.module.measure;
      return m ? { unit: m.unit, mmPerUnit: m.mmPerUnit } : { unit: 'in', mmPerUnit: 25.4 };
    },
    previewMove: (pieceId, move) => preview(pieceId, 'previewMove', (g, side) => g.module.table?.previewMove?.(g.game as never, side, pieceId, move)),
    commitMove: (pieceId, move) => commit(pieceId, 'previewMove', (g, side) => g.module.table?.previewMove?.(g.game as never, side, pieceId, move)),
    previewContact: (pieceId, targetId) => preview(pieceId, 'previewContact', (g, side) => g.module.table?.previewContact?.(g.game as never, side, pieceId, targetId)),
    commitContact: (pieceId, targetId) => commit(pieceId, 'previewContact', (g, side) => g.module.table?.previewContact?.(g.game as never, side, pieceId, targetId)),
    overlays: (pieceId) => {
      const g = seen();
      return g?.module.table?.overlays?.(g.game as never, pieceId) ?? [];
    },
    markers: (pieceId) => {
      const g = seen();
      return g?.module.table?.markers?.(g.game as never, pieceId) ?? [];
    },
    sight: () => {
      const g = seen();
      const s = g?.module.table?.sight?.(g.game as never);
      return s ? { rule: s.rule, standsBlock: s.standsBlock ?? false, minGapMm: s.minGapMm ?? 0 } : DEFAULT_SIGHT;
    },
  };
}

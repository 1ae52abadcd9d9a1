/**
 * The replay viewer's state: a kept or finished battle opened at some point of its log, seen
 * by one viewer. The table reads it through the same `TableSource` shape as the session (the
 * battle at the point, the viewer), read-only.
 *
 * Hidden information: the viewer is a side, or 'referee' ("both sides") once the battle is
 * over — never before, so a battle in progress shows each side only what it saw. A side steps
 * through the points it may know of (`pointsFor`: the other side's secret commands are not
 * even counted) and sees each through its own view (`viewFor`, `eventsFor`).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { HistoryEntry, History } from '../engine/history';
import { indexHistory, pointsFor, turnStarts, type ReplayIndex } from '../engine/replayIndex';
import type { Command, Rejection } from '../engine/ruleset';
import type { Viewer } from '../engine/view';
import type { Battle, SessionApi } from './session';
import type { TableSource } from './table';

export const REPLAY_READ_ONLY = 'This is a replay: close it to go back to play.';

export interface ReplayState {
  readonly open: boolean;
  /** The name it is kept under. */
  readonly name: string;
  readonly index: ReplayIndex | null;
  readonly viewer: Viewer;
  /** The points the viewer may step to, and the first of each turn among them. */
  readonly points: readonly number[];
  readonly turns: readonly number[];
  /** Where we are: an index into `points`. */
  readonly at: number;
  readonly playing: boolean;
  /** Points a second while playing. */
  readonly speed: number;
  /** The battle at the point (what the table draws). */
  readonly battle: Battle | null;
  /** It is the battle on the table, and the viewer follows its later play (else a battle as it was kept). */
  readonly following: boolean;
  readonly readOnly: string;
  dispatch(c: Command): Rejection | null;
}

export interface ReplayInput {
  readonly battle: Omit<Battle, 'history'>;
  readonly history: History;
  readonly name: string;
  /** Who looks; 'referee' is refused (turned into the first side) unless the battle is over. */
  readonly viewer: Viewer;
}

/** The viewers a replay offers: each side, and both once the battle is over. */
export function viewerChoices(index: ReplayIndex, sides: readonly { id: string; name: string }[]): { id: Viewer; label: string }[] {
  return [...sides.map((s) => ({ id: s.id as Viewer, label: s.name })), ...(index.over ? [{ id: 'referee' as Viewer, label: 'Both sides' }] : [])];
}

const REFUSED: Rejection = { rejected: true, code: 'replay', message: REPLAY_READ_ONLY, rule: 'replay' };

export function createReplay() {
  let base: Omit<Battle, 'history'> | null = null;
  let initial: { state: History['initial']; events: History['initialEvents'] } | null = null;
  const store = createStore<ReplayState>()(() => ({
    open: false,
    name: '',
    index: null,
    viewer: 'referee',
    points: [0],
    turns: [0],
    at: 0,
    playing: false,
    speed: 4,
    battle: null,
    following: false,
    readOnly: REPLAY_READ_ONLY,
    dispatch: () => REFUSED,
  }));

  /** The battle at point k: its history ends at that point's entry (the table reads only the newest). */
  const battleAt = (index: ReplayIndex, k: number): Battle => {
    const entries: HistoryEntry[] = k === 0 ? [] : [index.entryAt(k)];
    return { ...base!, history: { initial: initial!.state, initialEvents: initial!.events, entries, redoStack: [] } };
  };

  const seek = (at: number): void => {
    const s = store.getState();
    if (!s.index) return;
    const i = Math.max(0, Math.min(s.points.length - 1, Math.round(at)));
    store.setState({ at: i, battle: battleAt(s.index, s.points[i]!), ...(i === s.points.length - 1 ? { playing: false } : {}) });
  };

  const setViewer = (v: Viewer): void => {
    const s = store.getState();
    if (!s.index || !base) return;
    const viewer: Viewer = v === 'referee' && !s.index.over ? base.setup.sides[0]!.id : v;
    const points = pointsFor(s.index, viewer);
    const k = s.points[s.at] ?? 0;
    // Stay at the same place: the last point of the new viewer's at or before it.
    let at = 0;
    for (let i = 0; i < points.length; i++) if (points[i]! <= k) at = i;
    store.setState({ viewer, points, turns: turnStarts(s.index, points), at, battle: battleAt(s.index, points[at]!) });
  };

  return {
    store,
    open(input: ReplayInput, at: 'start' | 'end' = 'start'): void {
      base = input.battle;
      initial = { state: input.history.initial, events: input.history.initialEvents };
      const index = indexHistory(input.battle.module, input.history);
      store.setState({ open: true, name: input.name, index, playing: false, points: [0], at: 0, following: false });
      setViewer(input.viewer);
      if (at === 'end') seek(store.getState().points.length - 1);
    },
    close(): void {
      base = null;
      initial = null;
      store.setState({ open: false, index: null, battle: null, playing: false, points: [0], turns: [0], at: 0, following: false });
    },
    /**
     * The battle open here went on (or was taken back): its new history. The viewer keeps its
     * point, and stays at the newest one when it was there; the other side's secret commands
     * are left out as before (`pointsFor`).
     */
    follow(history: History): void {
      const s = store.getState();
      if (!s.open || !s.index || !base) return;
      const atEnd = s.at >= s.points.length - 1;
      const k = s.points[s.at] ?? 0;
      initial = { state: history.initial, events: history.initialEvents };
      const index = indexHistory(base.module, history);
      const points = pointsFor(index, s.viewer);
      let at = 0;
      for (let i = 0; i < points.length; i++) if (points[i]! <= k) at = i;
      if (atEnd) at = points.length - 1;
      store.setState({ index, points, turns: turnStarts(index, points), at, battle: battleAt(index, points[at]!), following: true });
    },
    seek,
    step(by: number): void {
      seek(store.getState().at + by);
    },
    /** To the start of the next turn (by 1) or of this/the previous one (by -1). */
    turn(by: 1 | -1): void {
      const s = store.getState();
      const k = s.points[s.at] ?? 0;
      const target = by > 0 ? s.turns.find((t) => t > k) : [...s.turns].reverse().find((t) => t < k);
      const to = target === undefined ? (by > 0 ? s.points.length - 1 : 0) : s.points.indexOf(target);
      seek(to);
    },
    setViewer,
    setPlaying(playing: boolean): void {
      const s = store.getState();
      // Play from the start again when at the end.
      if (playing && s.at >= s.points.length - 1) seek(0);
      store.setState({ playing });
    },
    setSpeed(speed: number): void {
      store.setState({ speed });
    },
  };
}
export type Replay = ReturnType<typeof createReplay>;

/**
 * While the replay shows the battle on the table (`id`), it follows that battle's later play
 * (the AI's moves, a take-back). Stops when the replay closes or the table holds another battle.
 * Returns the way to stop it sooner.
 */
export function followBattle(replay: Replay, session: SessionApi, id: string): () => void {
  let last = session.getState().battle;
  replay.store.setState({ following: true });
  const stop = (): void => {
    offSession();
    offReplay();
    if (replay.store.getState().open) replay.store.setState({ following: false });
  };
  const offSession = session.subscribe((s) => {
    const b = s.battle;
    if (b === last) return;
    last = b;
    if (b?.id !== id) return stop();
    replay.follow(b.history);
  });
  const offReplay = replay.store.subscribe((r) => {
    if (!r.open) stop();
  });
  return stop;
}

/**
 * The table's source: the session, or the replay while it is open. One canvas, one table: the
 * replay takes the table over and gives it back as play left it.
 */
export function createTableSource(session: SessionApi, replay: Replay): TableSource {
  type S = ReturnType<TableSource['getState']>;
  const pick = (): S => {
    const r = replay.store.getState();
    return r.open ? r : session.getState();
  };
  const store: StoreApi<{ current: S }> = createStore(() => ({ current: pick() }));
  const sync = () => {
    const next = pick();
    const cur = store.getState().current;
    if (next.battle !== cur.battle || next.viewer !== cur.viewer || next.readOnly !== cur.readOnly || next !== cur) store.setState({ current: next });
  };
  session.subscribe(sync);
  replay.store.subscribe(sync);
  return {
    getState: () => store.getState().current,
    subscribe: (l) => store.subscribe(l),
  };
}

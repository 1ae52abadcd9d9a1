/**
 * What the play screen's controls do, apart from the DOM: start, resume, end a step, undo,
 * redo, save, load, and who looks at the screen (solo referee, or the hot-seat side to act
 * with a hand-over screen in between). Panels call these; they never change the battle
 * themselves. Runs in node for the tests (the session is a vanilla zustand store).
 */
import type { Command, Rejection } from '../engine/ruleset';
import { undoBlocker } from '../engine/history';
import type { SideId } from '../engine/model';
import { viewFor, type Viewer } from '../engine/view';
import { gameOf, type Outcome, type SessionApi, type StartParams } from '../store/session';
import type { UiStoreApi } from '../store/uiStore';
import { commandsFor, decideViewer, hiddenInPlay, NOBODY, waitingSides, type PlayMode } from './handover';
import { writeMode, type AiSetup, type PlayStoreApi } from './playStore';
import { fileKind } from './startModel';
import { sideWords } from '../rules/words';

export interface ControllerIo {
  /** Offer text as a file to save (the browser downloads it). */
  download(fileName: string, text: string): void;
  /** Where the mode is kept beside the autosave (localStorage in the app). */
  readonly storage: Pick<Storage, 'setItem'> | null;
  /** Fetch the rulesets not loaded yet (the app loads them on demand), before a file is read. */
  ensureRulesets?(): Promise<unknown>;
}

export interface PlayController {
  /** Start a battle; in mode 'ai', `ai` is the opponent (the side it commands and its level). */
  start(p: StartParams, mode: PlayMode, ai?: AiSetup | null): Outcome;
  /**
   * Resume the autosaved battle (`from` a kept battle: its save text and id; in mode 'ai', `ai`
   * the opponent). On failure the battle on the table, the mode and the viewer are as they were.
   */
  resume(mode: PlayMode, from?: { readonly text: string; readonly id: string }, ai?: AiSetup | null): Outcome;
  /** Against the AI: pause it (it gives no command) or let it go on. */
  pauseAi(paused: boolean): void;
  /** Against the AI: the person takes over the AI's side too and plays on solo. */
  takeOverAi(): void;
  /** The player at the hand-over screen says who they are. */
  iAm(side: SideId): void;
  /** End the step for `side`, or for the first side still to act that the viewer commands. */
  endStep(side?: SideId): Rejection | null;
  dispatch(c: Command): Rejection | null;
  /** The side that would concede now (the first side to act the viewer commands), if any. */
  concedingSide(): SideId | undefined;
  /** That side gives up the battle. */
  concede(side: SideId): Rejection | null;
  undo(): Rejection | null;
  /** Why the viewer's undo would be refused now (a hot-seat player: only their own commands), if it would. */
  undoBlocker(): Rejection | undefined;
  redo(): Rejection | null;
  /** Download the battle as a save file; false when there is no battle. */
  save(): boolean;
  /** Load a save file's text; on failure an alert lists the problems and the battle is untouched. */
  loadText(text: string): Outcome;
  /**
   * A save file given to Load or Resume: a scenario is named as one (use New battle); over a
   * battle in progress the player is asked first (save, discard, cancel). Null when cancelled.
   */
  loadFile(text: string, name: string, mode?: PlayMode): Promise<Outcome | null>;
  /** Before anything replaces a battle in progress: ask to save it, discard it or cancel. True to go on. */
  guardReplace(doing: string): Promise<boolean>;
  /** Ask who concedes (solo: either side; hot-seat: the viewer's side, confirmed) and concede. */
  askConcede(): Promise<Rejection | null>;
  /** A battle is in progress (started and not over). */
  inProgress(): boolean;
  /** Sides the viewer may command now (in the step or not). */
  commandable(): SideId[];
  dispose(): void;
}

const refusal = (r: Rejection) => `${r.message} (${r.rule})`;

export function createPlayController(session: SessionApi, ui: UiStoreApi, play: PlayStoreApi, io: ControllerIo): PlayController {
  /** Set the viewer to nobody for the hand-over, unless the ruleset's view cannot take it. */
  const coverViewer = () => {
    const b = session.getState().battle;
    if (!b) return;
    try {
      viewFor(b.module, gameOf(b), NOBODY);
    } catch {
      return; // the ruleset's view needs a real side: keep the outgoing player's view under the cover
    }
    if (session.getState().viewer !== NOBODY) session.getState().setViewer(NOBODY);
  };

  let syncing = false;
  const sync = () => {
    if (syncing) return;
    syncing = true;
    try {
      const s = session.getState();
      const b = s.battle;
      if (!b) return;
      const g = gameOf(b);
      const d = decideViewer({
        mode: play.getState().mode,
        hidden: play.getState().mode === 'hotseat' && hiddenInPlay(b.module, b.history, b.setup.sides.map((x) => x.id)),
        viewer: s.viewer,
        pending: play.getState().handover,
        waiting: waitingSides(g.position),
        over: g.result !== undefined,
        ...(humanSide() !== undefined ? { human: humanSide()! } : {}),
      });
      if (d.kind === 'switch') {
        if (play.getState().handover !== null) play.getState().setHandover(null);
        if (s.viewer !== d.viewer) session.getState().setViewer(d.viewer);
      } else if (d.kind === 'handover') {
        ui.getState().select(null);
        ui.getState().notify(null);
        play.getState().setHandover(d.to);
        coverViewer();
      }
    } finally {
      syncing = false;
    }
  };
  const off = session.subscribe(sync);
  /** Against the AI: the person's side (the one the AI does not command). */
  const humanSide = (): SideId | undefined => {
    const ai = play.getState().ai;
    if (play.getState().mode !== 'ai' || !ai) return undefined;
    return session.getState().battle?.setup.sides.map((x) => x.id).find((id) => id !== ai.side);
  };

  const viewer = (): Viewer => session.getState().viewer;
  const sidesOf = (): SideId[] => session.getState().battle?.setup.sides.map((x) => x.id) ?? [];
  const commandable = (): SideId[] => (play.getState().handover !== null ? [] : commandsFor(viewer(), sidesOf()));
  const refuse = (r: Rejection): Rejection => {
    ui.getState().notify(refusal(r));
    return r;
  };
  /**
   * Undo/redo by a hot-seat player: only their own commands, none that showed them anything
   * (history.ts). Whoever looks in hot-seat asks as themselves — after the battle that is the
   * referee's view, which takes nothing back.
   */
  const by = (): Viewer | undefined => (play.getState().mode === 'hotseat' ? viewer() : undefined);

  const fresh = () => {
    ui.getState().select(null);
    ui.getState().notify(null);
    play.getState().setHandover(null);
    play.getState().dismissResult(false);
  };

  const inProgress = (): boolean => {
    const b = session.getState().battle;
    return b !== null && gameOf(b).result === undefined;
  };
  const sideName = (id: SideId): string => session.getState().battle?.setup.sides.find((x) => x.id === id)?.name ?? id;

  const api: PlayController = {
    start(p, mode, ai) {
      const before = { mode: play.getState().mode, viewer: viewer(), ai: play.getState().ai };
      // Hot-seat and against the AI: nobody looks until the battle is set up and the viewer is
      // decided (sync), so nothing of either side's secrets reaches the page meanwhile.
      play.getState().setMode(mode);
      play.getState().setAi(mode === 'ai' ? (ai ?? null) : null);
      session.getState().setViewer(mode === 'solo' ? 'referee' : NOBODY);
      const r = session.getState().start(p);
      if (!r.ok) {
        play.getState().setMode(before.mode);
        play.getState().setAi(before.ai);
        session.getState().setViewer(before.viewer);
        return r;
      }
      writeMode(io.storage, mode, play.getState().ai);
      fresh();
      sync();
      return r;
    },
    resume(mode, from, ai) {
      const before = { mode: play.getState().mode, viewer: viewer(), ai: play.getState().ai };
      play.getState().setMode(mode);
      play.getState().setAi(mode === 'ai' ? (ai ?? null) : null);
      session.getState().setViewer(mode === 'solo' ? 'referee' : NOBODY);
      const r = session.getState().resume(from);
      if (!r.ok && session.getState().battle) {
        play.getState().setMode(before.mode);
        play.getState().setAi(before.ai);
        session.getState().setViewer(before.viewer);
        return r;
      }
      writeMode(io.storage, mode, play.getState().ai);
      fresh();
      sync();
      // Resumed as it replays now (saved by an earlier version): say so, with both hashes.
      if (r.ok && r.warnings)
        play.getState().showAlert({ title: 'This battle was resumed as it replays today', message: 'It was kept by an earlier version of Vedette. Every command still applies, so it goes on, but it may not stand exactly as you left it:', problems: r.warnings });
      return r;
    },
    iAm(side) {
      if (play.getState().handover !== side) return;
      session.getState().setViewer(side);
      play.getState().setHandover(null);
      sync();
    },
    endStep(side) {
      const b = session.getState().battle;
      if (!b) return null;
      const g = gameOf(b);
      const mine = commandable();
      const who = side ?? waitingSides(g.position).find((x) => mine.includes(x));
      if (who === undefined || !mine.includes(who)) {
        ui.getState().notify('None of the sides you command has a step to end now.');
        return null;
      }
      const r = session.getState().dispatch({ type: 'endStep', side: who });
      return r ? refuse(r) : null;
    },
    dispatch(c) {
      if (!commandable().includes(c.side)) return refuse({ rejected: true, code: 'not-yours', message: 'That command is for the other side.', rule: 'engine' });
      ui.getState().notify(null);
      const r = session.getState().dispatch(c);
      return r ? refuse(r) : null;
    },
    concedingSide() {
      const b = session.getState().battle;
      if (!b || gameOf(b).result) return undefined;
      const mine = commandable();
      return waitingSides(gameOf(b).position).find((x) => mine.includes(x));
    },
    concede(side) {
      if (!commandable().includes(side)) return refuse({ rejected: true, code: 'not-yours', message: 'Only a side\'s own player may concede for it.', rule: 'engine' });
      const r = session.getState().dispatch({ type: 'concede', side });
      return r ? refuse(r) : null;
    },
    undoBlocker() {
      const b = session.getState().battle;
      return b ? undoBlocker(b.history, by(), b.module) : undefined;
    },
    undo() {
      const b = session.getState().battle;
      if (!b) return null;
      const blocked = undoBlocker(b.history, by(), b.module);
      if (blocked) return refuse(blocked);
      const r = session.getState().undo(by());
      if (r) return refuse(r);
      ui.getState().notify(null);
      return null;
    },
    redo() {
      const b = session.getState().battle;
      if (!b) return null;
      const next = b.history.redoStack[b.history.redoStack.length - 1];
      const who = by();
      if (next && who !== undefined && next.command.side !== who)
        return refuse({ rejected: true, code: 'not-yours', message: "The next command to redo was the other side's.", rule: 'engine: undo' });
      const r = session.getState().redo(who);
      if (r) return refuse(r);
      ui.getState().notify(null);
      return null;
    },
    save() {
      const b = session.getState().battle;
      const text = session.getState().saveText();
      if (!b || text === null) return false;
      const turn = gameOf(b).position.turn;
      io.download(`${b.setup.scenarioId}-turn-${turn}.vedette.json`, text);
      // Hot-seat and against the AI: the key is kept from the players until the battle ends; a
      // file saved now must hold it (or the battle could not go on from it), so they are told.
      if (play.getState().mode !== 'solo' && !gameOf(b).result)
        ui.getState().notify('Saved. The file holds the dice\'s secret key, so that the battle can go on from it: whoever reads the file could foresee the rolls. Keep it from both players until the battle ends.');
      return true;
    },
    loadText(text) {
      const r = session.getState().loadSave(text);
      if (!r.ok) {
        play.getState().showAlert({ title: 'That save could not be loaded', message: 'The battle in progress is untouched. What is wrong with the file:', problems: r.problems });
        return r;
      }
      fresh();
      if (play.getState().mode === 'hotseat') coverViewer();
      sync();
      return r;
    },
    async loadFile(text, name, mode) {
      if (fileKind(text) === 'scenario') {
        const problems = [{ path: '$.format', message: `"${name}" is a scenario, not a saved battle — use New battle to start it.` }];
        play.getState().showAlert({ title: 'This is a scenario — use New battle', message: `"${name}" is a scenario file, not a saved battle. Choose it in New battle (Load a scenario file…) to start a battle on it.`, problems });
        return { ok: false, problems };
      }
      await io.ensureRulesets?.(); // a save may be of a ruleset this page has not fetched yet
      const check = session.getState().checkSave(text);
      if (!check.ok) return api.loadText(text); // says what is wrong; the battle in progress is untouched
      if (!(await api.guardReplace('Loading a saved battle'))) return null;
      const before = play.getState().mode;
      if (mode) play.getState().setMode(mode);
      const r = api.loadText(text);
      if (!r.ok) play.getState().setMode(before);
      else writeMode(io.storage, play.getState().mode, play.getState().ai);
      return r;
    },
    async guardReplace(doing) {
      const b = session.getState().battle;
      if (!b || !inProgress()) return true;
      const turn = gameOf(b).position.turn;
      const answer = await play.getState().ask({
        title: 'A battle is in progress',
        message: `${doing} ends "${b.setup.title}" (turn ${turn}). Save it to a file first, or discard it?`,
        choices: [
          { id: 'cancel', label: 'Cancel' },
          { id: 'discard', label: 'Discard it' },
          { id: 'save', label: 'Save it, then go on', primary: true },
        ],
      });
      if (answer === 'save') return api.save();
      return answer === 'discard';
    },
    async askConcede() {
      const conceding = (id: string) => {
        const w = sideWords(sideName(id));
        return `${w.subject} ${w.verb('concede', 'concedes')}`;
      };
      if (!inProgress()) return null;
      const sides = commandable();
      if (sides.length === 0) return null;
      const answer = await play.getState().ask({
        // The side's name with its verb agreeing: 'The Austrians concede?', 'The French Advance Guard concedes?'.
        title: sides.length > 1 ? 'Which side concedes?' : `${conceding(sides[0]!)}?`,
        message: sides.length > 1 ? 'The side that concedes gives up the battle; the other side wins.' : `${sideWords(sideName(sides[0]!)).subject} ${sideWords(sideName(sides[0]!)).verb('give', 'gives')} up the battle; the other side wins.`,
        choices: [{ id: '', label: 'Cancel' }, ...sides.map((id) => ({ id, label: sides.length > 1 ? conceding(id) : 'Concede', primary: sides.length === 1 }))],
      });
      return answer ? api.concede(answer) : null;
    },
    pauseAi(paused) {
      play.getState().patchAi({ paused });
    },
    takeOverAi() {
      if (play.getState().mode !== 'ai') return;
      play.getState().setAi(null);
      play.getState().setMode('solo');
      writeMode(io.storage, 'solo');
      sync();
    },
    inProgress,
    commandable,
    dispose: off,
  };
  return api;
}

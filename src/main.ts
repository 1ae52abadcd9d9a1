/**
 * The app's entry: the play screen. On boot it resumes the autosaved battle, or offers the
 * start dialog (scenario, ruleset, options, seed, solo or hot-seat). Panels get the session
 * and the stores and call the play controller; the canvas draws the viewer's view.
 *
 * Load less: the rulesets and the pixi scene are separate chunks fetched with dynamic
 * `import()` while the shell is up, so the page's first download is the shell and the panels
 * (`npm run size` prints it).
 *
 * URLs:
 *  - `/`                  play: resume or start a battle;
 *  - `?scenario=<url>`    that scenario on a free table (designers share battles as links; the
 *                         render benchmark uses it), with "Play this battle" to start it;
 *  - `?table=free`        the built-in battle on a free table (pieces go where they are put).
 */
import defaultScenario from '../scenarios/default.json?raw';
import { loadScenarioText } from './scenario/load';
import { describeProblems } from './scenario/errors';
import { createRulesetLoader } from './rules/catalog';
import { createGameStore, type GameStoreApi } from './store/gameStore';
import { createUiStore, type UiStoreApi } from './store/uiStore';
import { AUTOSAVE_KEY, createSession, gameOf, viewOf, type Battle, type SaveStorage, type SessionApi } from './store/session';
import { entriesFor } from './engine/history';
import { moveOldAutosave, newBattleId, openLibrary, type BattleLibrary, type KeptBattle } from './store/library';
import { createKeeper, type Keeper } from './store/keeper';
import { settleJournal } from './store/journal';
import { createBattles, resumeAs } from './ui/battles';
import { mountSavedBattles } from './ui/SavedBattles';
import { mountStorageWarning } from './ui/StorageWarning';
import { createReplay, createTableSource, followBattle, type Replay } from './store/replay';
import { replayableSave } from './ui/battles';
import type { InputProblem } from './scenario/errors';
import { mountReplayPanels } from './ui/ReplayPanels';
import { fileStem } from './ui/battles';
import { loadSaveText } from './scenario/save';
import { createBattleTable } from './store/table';
import type { BattleScene } from './render/BattleScene';
import { mountSelectionPanel } from './ui/SelectionPanel';
import { installTestHook, type PlayProbe } from './ui/testHook';
import { button, el, watch } from './ui/dom';
import { createPlayController, type PlayController } from './ui/controller';
import { createPlayStore, readAi, readMode, type PlayStoreApi } from './ui/playStore';
import { anyPlayable, builtInScenarios, noRulesetMessage, scenarioEntry, keyText, type ScenarioEntry } from './ui/startModel';
import { mountStartDialog } from './ui/StartDialog';
import { mountPhaseBar } from './ui/PhaseBar';
import { mountAiBar } from './ui/AiBar';
import { startAiDriver, workerThinker } from './ui/aiDriver';
import { mountLegend } from './ui/Legend';
import { mountHandOver } from './ui/HandOverScreen';
import { mountEventLog } from './ui/EventLog';
import { mountInspector } from './ui/Inspector';
import { mountToolbar } from './ui/Toolbar';
import { mountHelp } from './ui/HelpOverlay';
import { mountResult } from './ui/ResultPanel';
import { mountTurnSummary } from './ui/TurnSummaryDialog';
import { mountNotices } from './ui/Notices';
import { installShortcuts } from './ui/keyboard';
import { keepTableView, type TableView } from './ui/tableView';
import './ui/styles.css';

const BUILT_IN = import.meta.glob(['../scenarios/*.json', '!../scenarios/*.schema.json'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

/** localStorage, or null where the browser refuses it (private modes, sandboxed frames). */
function browserStorage(): SaveStorage | null {
  try {
    const s = window.localStorage;
    s.getItem(AUTOSAVE_KEY);
    return s;
  } catch {
    return null;
  }
}

const randomKey = (): string => keyText(crypto.getRandomValues(new Uint8Array(16)));
const newId = (): string => newBattleId(Date.now(), () => crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32);

/** The battle library, or null where the browser has no IndexedDB or refuses it (then the old single autosave slot is used). */
async function library(): Promise<BattleLibrary | null> {
  try {
    return await openLibrary();
  } catch {
    return null;
  }
}

/**
 * The battle to resume: the library's current one, after moving the old single autosave across
 * (first start after the library came) and settling the journal (journal.ts: the newer of it and
 * the library's entry). Where there is no library, the old slot's.
 */
async function battleToResume(lib: BattleLibrary | null, storage: SaveStorage | null): Promise<KeptBattle | { readonly save: string; readonly meta?: undefined } | undefined> {
  if (!lib) {
    const text = storage?.getItem(AUTOSAVE_KEY);
    return text ? { save: text } : undefined;
  }
  try {
    await moveOldAutosave(lib, storage, AUTOSAVE_KEY, { id: newId(), mode: readMode(storage) ?? 'hotseat', now: Date.now() });
  } catch {
    // The library would not take it: the old slot keeps it, and the next start tries again.
  }
  // A command the library had not confirmed when the page was left is in the journal: the newer wins.
  const journalled = await settleJournal(lib, storage);
  if (journalled) return journalled;
  try {
    const id = await lib.current();
    return id ? await lib.get(id) : undefined;
  } catch {
    return undefined;
  }
}

function download(fileName: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = el('a', { href: url, download: fileName });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

interface Shell {
  readonly root: HTMLElement;
  readonly sub: HTMLElement;
  readonly badges: HTMLElement;
  readonly tools: HTMLElement;
  readonly banner: HTMLElement;
  readonly playArea: HTMLElement;
  readonly stage: HTMLElement;
  readonly side: HTMLElement;
  readonly overlays: HTMLElement;
}

function buildShell(root: HTMLElement): Shell {
  const sub = el('span', { class: 'battle-title', 'data-testid': 'battle-title' });
  const badges = el('span', { class: 'badges' });
  const tools = el('div', { class: 'top-tools' });
  const banner = el('div', { class: 'banner', 'data-testid': 'banner' });
  banner.hidden = true;
  const stage = el('main', { class: 'stage', 'data-testid': 'stage' });
  const playArea = el('div', { class: 'play-area' }, banner, stage);
  const side = el('aside', { class: 'side' });
  const overlays = el('div', { class: 'overlays' });
  root.replaceChildren(el('header', { class: 'top' }, el('h1', {}, 'Vedette'), sub, badges, tools), el('div', { class: 'body' }, playArea, side), overlays);
  return { root, sub, badges, tools, banner, playArea, stage, side, overlays };
}

/** The pixi scene, a chunk of its own (pixi is most of the table's code). */
const loadScene = async (): Promise<typeof BattleScene> => (await import('./render/BattleScene')).BattleScene;

async function fetchScenario(url: string): Promise<string> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} could not be fetched (HTTP ${res.status}).`);
  return res.text();
}

/** A scenario on a free table: pieces go where they are put; no ruleset, no log. */
async function freeTable(shell: Shell, ui: UiStoreApi, text: string, source: string): Promise<{ game: GameStoreApi; scene: BattleScene } | null> {
  const loaded = loadScenarioText(text);
  if (!loaded.ok) {
    shell.side.append(el('pre', { class: 'error', role: 'alert', 'data-testid': 'load-error' }, `${source} could not be loaded:\n${describeProblems(loaded.problems)}`));
    shell.root.dataset.ready = 'error';
    return null;
  }
  shell.sub.textContent = loaded.value.title;
  const game = createGameStore();
  game.getState().load(loaded.value);
  const scene = new (await loadScene())(game, ui);
  await scene.mount(shell.stage);
  mountSelectionPanel(shell.side, game, ui);
  return { game, scene };
}

function probe(session: SessionApi, play: PlayStoreApi): PlayProbe | null {
  const s = session.getState();
  const b = s.battle;
  if (!b) return null;
  const g = gameOf(b);
  const p = g.position;
  return {
    viewer: s.viewer,
    mode: play.getState().mode,
    ai: play.getState().ai,
    handover: play.getState().handover,
    rulesetId: b.module.id,
    position: { turn: p.turn, phase: p.phase, step: p.step, phasing: p.phasing, actors: [...p.actors], done: [...p.done] },
    commandCount: viewOf(b, s.viewer).commandCount,
    // The viewer's undo list: another side's secret commands are not even counted.
    undoable: entriesFor(b.history.entries, s.viewer).length,
    redoable: entriesFor(b.history.redoStack, s.viewer).length,
    result: g.result ? { ...(g.result.winner ? { winner: g.result.winner } : {}), level: g.result.level, reason: g.result.reason } : null,
  };
}

function showBanner(shell: Shell, text: string, ...actions: HTMLElement[]): void {
  shell.banner.replaceChildren(el('span', { 'data-testid': 'banner-text' }, text), ...actions);
  shell.banner.hidden = false;
}

async function main(): Promise<void> {
  const root = document.getElementById('app')!;
  const shell = buildShell(root);
  // Fetch the scene while the shell is built; rulesets are fetched on demand (src/rules/catalog.ts).
  const sceneClass = loadScene();
  const params = new URLSearchParams(location.search);
  const storage = browserStorage();
  // ?scenario=<url> or ?table=free: the free table, as designers and the benchmark use it.
  const scenarioUrl = params.get('scenario');
  // ?editor: the scenario editor, a mode of the same table (loaded on demand).
  const editorMode = params.has('editor');
  const free = scenarioUrl !== null || params.get('table') === 'free' || editorMode;
  const lib = free ? null : await library();
  const toResume = free ? undefined : await battleToResume(lib, storage);
  const autosave = toResume?.save ?? null;
  const hasAutosave = autosave !== null;
  // Resuming a battle needs only its own ruleset; the others come when a new battle or a file
  // needs them. A start dialog lists every built-in scenario, so it needs them all.
  const loader = createRulesetLoader();
  const resumeId = toResume?.meta?.rulesetId ?? (autosave !== null ? savedRulesetId(autosave) : undefined);
  if (resumeId !== undefined && loader.catalog.some((d) => d.id === resumeId)) await loader.load(resumeId);
  else await loader.loadAll();
  const ui = createUiStore();
  // Where the library keeps battles, the session writes none to the old slot.
  const session = createSession(lib ? null : storage, loader.loaded, { newId });
  const play = createPlayStore();
  const controller: PlayController = createPlayController(session, ui, play, { download, storage, ensureRulesets: loader.loadAll });
  const scenarios = builtInScenarios(BUILT_IN);
  const hook = import.meta.env.DEV || import.meta.env.MODE === 'e2e';

  // The start dialog is mounted once every ruleset is here (at once, or the first time it opens).
  let dialog: ReturnType<typeof mountStartDialog> | null = null;
  const mountDialog = () =>
    (dialog ??= mountStartDialog(shell.overlays, {
      registry: loader.loaded(),
      scenarios,
      controller,
      play,
      randomKey,
      hasBattle: () => session.getState().battle !== null,
      onStarted: () => {
        // A battle started from a free table: play it on the battle table (the autosave resumes it).
        if (free) location.assign(location.pathname);
        else tableView?.fit();
      },
    }));
  if (loader.loaded().length === loader.catalog.length) mountDialog();
  else {
    const stop = play.subscribe((s) => {
      if (s.overlay !== 'start') return;
      stop();
      void loader.loadAll().then(mountDialog);
    });
  }
  mountHelp(shell.overlays, play);
  // The Playtest panel (its charts, its workers) is fetched the first time it is opened.
  let playtest: Promise<unknown> | null = null;
  play.subscribe((s) => {
    // The editor mounts its own, on the scenario being edited.
    if (s.overlay !== 'playtest' || playtest || editorMode) return;
    playtest = Promise.all([import('./ui/PlaytestPanel'), loader.loadAll()]).then(([{ mountPlaytest }]) =>
      mountPlaytest(shell.overlays, { scenarios, registry: loader.loaded, play, hasBattle: () => session.getState().battle !== null }),
    );
  });
  let scene: BattleScene | null = null;
  let tableView: TableView | null = null;
  if (editorMode) {
    let editorPlaytest: (() => void) | null = null;
    const { startEditor } = await import('./ui/editor/editorMode');
    await startEditor({
      stage: shell.stage, side: shell.side, tools: shell.tools, sub: shell.sub, ui, storage, hook, download,
      rulesets: loader.loaded(),
      builtIns: scenarios,
      sceneClass: await sceneClass,
      playThis: (text, title) => {
        mountDialog().choose(scenarioEntry(`${title} (from the editor)`, text));
        play.getState().open('start');
      },
      playtest: (text, title) => {
        void Promise.all([import('./ui/PlaytestPanel'), loader.loadAll()]).then(([{ mountPlaytest }]) => {
          editorPlaytest?.();
          editorPlaytest = mountPlaytest(shell.overlays, { scenarios: [scenarioEntry(`${title} (from the editor)`, text), ...scenarios], registry: loader.loaded, play, hasBattle: () => true }); // closing goes back to the editor
          play.getState().open('playtest');
        });
      },
    });
    root.dataset.ready = 'true';
    return;
  }
  if (free) {
    let text = defaultScenario;
    let source = 'the built-in battle';
    if (scenarioUrl) {
      try {
        text = await fetchScenario(scenarioUrl);
        source = scenarioUrl;
      } catch (e) {
        shell.side.append(el('pre', { class: 'error', role: 'alert', 'data-testid': 'load-error' }, e instanceof Error ? e.message : String(e)));
        root.dataset.ready = 'error';
        return;
      }
    }
    const t = await freeTable(shell, ui, text, source);
    if (!t) return;
    scene = t.scene;
    const entry: ScenarioEntry = scenarioEntry(scenarioUrl ?? 'scenarios/default.json', text);
    const why = noRulesetMessage(entry, loader.loaded());
    showBanner(
      shell,
      why ?? 'Free table: pieces go where you put them; nothing is checked against the rules.',
      button('Play this battle…', () => {
        mountDialog().choose(entry);
        play.getState().open('start');
      }, { class: 'primary', 'data-testid': 'play-this' }),
    );
    if (hook) installTestHook(t.game, ui, t.scene);
    installShortcuts(window, { controller, play, ui, pickLoad: () => undefined, hasBattle: () => false, fit: () => t.scene.fit() });
    root.dataset.ready = 'true';
    return;
  }

  // Play: nothing playable at all (no ruleset registered for any scenario) and nothing to resume.
  if (!anyPlayable(scenarios, loader.loaded()) && !hasAutosave) {
    const t = await freeTable(shell, ui, defaultScenario, 'the built-in battle');
    if (!t) return;
    showBanner(
      shell,
      'No ruleset is available yet: the built-in battle is shown on a free table, where pieces go where you put them.',
      button('New battle…', () => play.getState().open('start'), { 'data-testid': 'new-battle' }),
    );
    if (hook) installTestHook(t.game, ui, t.scene);
    installShortcuts(window, { controller, play, ui, pickLoad: () => undefined, hasBattle: () => false });
    root.dataset.ready = 'true';
    return;
  }

  // The replay viewer: a mode of the same screen, on the same table.
  const replay = createReplay();
  watch([replay.store], () => {
    const open = replay.store.getState().open;
    if (open) root.dataset.mode = 'replay';
    else delete root.dataset.mode;
  });
  const closeReplay = () => {
    replay.close();
    tableView?.fit();
  };
  // The battle open in the replay viewer (the report is written from it): as kept or loaded, or the battle on the table as it goes on.
  let replayed: { battle: Battle; name: string } | null = null;
  const exportReport = async () => {
    const r = replay.store.getState();
    if (!replayed || !r.open) return;
    // The report (its maps and charts) is a chunk of its own, fetched the first time it is asked for.
    const { battleReportHtml } = await import('./ui/report/battleReport');
    const b = replayed.battle;
    const scenario = b.scenario as { description?: unknown } | null;
    const out = battleReportHtml({ module: b.module, setup: b.setup, history: b.history, seed: b.seed, name: replayed.name, viewer: r.viewer, ...(typeof scenario?.description === 'string' ? { description: scenario.description } : {}) });
    if (!out.ok) return play.getState().showAlert({ title: 'No report', message: out.message });
    download(`${fileStem(replayed.name)}-report.html`, out.html, 'text/html');
  };
  mountReplayPanels(shell.playArea, shell.side, { replay, close: closeReplay, exportReport: () => void exportReport() });
  installReplayKeys(replay, play);
  let unfollow: (() => void) | null = null;
  /** Open a battle in the viewer: both sides once it is over; else the side looking now (hot-seat), or the first side. */
  const showReplay = (b: Battle, name: string): void => {
    unfollow?.();
    unfollow = null;
    replayed = { battle: b, name };
    const over = gameOf(b).result !== undefined;
    const now = session.getState().viewer;
    const sides = b.setup.sides.map((x) => x.id);
    const viewer = over ? 'referee' : sides.includes(now) ? now : sides[0]!;
    play.getState().open('none');
    ui.getState().select(null);
    replay.open({ battle: b, history: b.history, name, viewer });
    // The battle on the table: the viewer follows its later play (the AI's moves, a take-back).
    if (session.getState().battle?.id === b.id) {
      const stop = followBattle(replay, session, b.id);
      const off = session.subscribe((s) => {
        if (s.battle && s.battle.id === b.id && replayed) replayed = { ...replayed, battle: s.battle };
      });
      unfollow = () => {
        stop();
        off();
      };
    }
    tableView?.fit();
  };
  const openReplay = async (id: string): Promise<void> => {
    // The battle on the table is read from play itself (the library may be a write behind).
    const onTable = session.getState().battle;
    if (onTable?.id === id) {
      const name = lib ? ((await lib.list().catch(() => [])).find((m) => m.id === id)?.name ?? onTable.setup.title) : onTable.setup.title;
      return showReplay(onTable, name);
    }
    if (!lib) return;
    const kept = await lib.get(id);
    if (!kept) return;
    await loader.load(kept.meta.rulesetId);
    // A battle this browser kept: one saved by an earlier version is replayed as it replays today, and the player told.
    const loaded = loadSaveText(kept.save, loader.loaded(), { hashMismatch: 'warn' });
    if (!loaded.ok) {
      play.getState().showAlert({ title: 'That battle cannot be replayed', message: 'What is wrong with the kept battle:', problems: loaded.problems });
      return;
    }
    if (loaded.value.warnings) play.getState().showAlert({ title: 'This battle is replayed as it replays today', message: 'It was kept by an earlier version of Vedette. Every command still applies, but it may not go exactly as you played it:', problems: loaded.value.warnings });
    const v = loaded.value;
    showReplay({ id, module: v.module, scenario: v.save.scenario, setup: v.setup, options: v.save.options, seed: v.save.seed, history: v.history }, kept.meta.name);
  };
  /** Replay a save file straight from disk: nothing is added to the list, the battle on the table is untouched. */
  const replayFile = async (text: string, fileName: string): Promise<void> => {
    const refuse = (problems: readonly InputProblem[]) =>
      play.getState().showAlert({ title: 'That file cannot be replayed', message: `Nothing was changed. What is wrong with "${fileName}":`, problems });
    const save = replayableSave(text, fileName);
    if (!save.ok) return refuse(save.problems);
    const rid = savedRulesetId(save.text);
    if (rid !== undefined && loader.catalog.some((d) => d.id === rid)) await loader.load(rid);
    else await loader.loadAll();
    const loaded = loadSaveText(save.text, loader.loaded());
    if (!loaded.ok) return refuse(loaded.problems);
    const v = loaded.value;
    showReplay({ id: newId(), module: v.module, scenario: v.save.scenario, setup: v.setup, options: v.save.options, seed: v.save.seed, history: v.history }, save.name ?? fileStem(fileName.replace(/\.json$/i, '').replace(/\.vedette$/i, '')));
  };
  const keeper: Keeper | null = lib ? createKeeper({ library: lib, session, mode: () => play.getState().mode, ai: () => play.getState().ai, now: () => Date.now(), storage: navigator.storage, journal: storage }) : null;
  if (keeper) void keeper.requestPersistence();
  // A battle not yet kept (a write failed or is still waiting for the library) is not closed
  // without the browser asking; the journal has the newest version meanwhile, if the player leaves.
  window.addEventListener('beforeunload', (e) => {
    if (keeper ? keeper.unsaved() : session.getState().battle !== null && storage === null) e.preventDefault();
  });
  const toolbar = mountToolbar(shell.tools, session, play, controller, ui, lib !== null);
  mountStorageWarning(shell.playArea, { keeper, play, saveToFile: () => controller.save(), prefs: storage });
  if (lib && keeper) {
    const resumeKept = async (id: string) => {
      const b = session.getState().battle;
      if (b?.id === id) return play.getState().open('none');
      await keeper.flush();
      if (keeper.unsaved() && !(await controller.guardReplace('Resuming another battle'))) return;
      const kept = await lib.get(id);
      if (!kept) return;
      await loader.load(kept.meta.rulesetId);
      const as = resumeAs(kept.meta);
      const r = controller.resume(as.mode, { text: kept.save, id }, as.ai);
      if (!r.ok) {
        play.getState().showAlert({ title: 'That battle could not be resumed', message: 'The battle on the table is untouched. What is wrong with the kept battle:', problems: r.problems });
        return;
      }
      play.getState().open('none');
      tableView?.fit();
    };
    mountSavedBattles(shell.overlays, {
      play,
      session,
      library: lib,
      keeper,
      battles: createBattles({ library: lib, keeper, session, rulesets: loader.loadAll, newId, now: () => Date.now() }),
      rulesetName: (id) => loader.catalog.find((d) => d.id === id)?.name ?? id,
      resume: resumeKept,
      replay: (id) => openReplay(id),
      replayFile: (text, name) => replayFile(text, name),
      download,
    });
  }
  mountPhaseBar(shell.playArea, session, play, controller);
  mountAiBar(shell.playArea, session, play, controller);
  startAiDriver(session, play, ui, workerThinker());
  shell.playArea.prepend(shell.playArea.lastElementChild!); // the phase bar above the banner and the table
  mountNotices(shell.stage, shell.overlays, ui, play);
  mountInspector(shell.side, session, ui, play, controller);
  mountEventLog(shell.side, session, play);
  // A finished battle is kept: the result offers to step through it (both sides, now it is over).
  const replayFinished = (): void => {
    const b = session.getState().battle;
    if (!b || !keeper) return;
    play.getState().dismissResult(true);
    void keeper.flush().then(() => openReplay(b.id));
  };
  mountResult(shell.overlays, session, play, lib ? replayFinished : undefined);
  mountTurnSummary(shell.overlays, session, play);
  mountHandOver(shell.overlays, session, play, controller);
  installShortcuts(window, { controller, play, ui, pickLoad: () => toolbar.pickLoad(), hasBattle: () => session.getState().battle !== null && !replay.store.getState().open, fit: () => tableView?.fit() });

  // The title and badges follow the battle (the replayed one while the replay is open).
  watch([session, play, replay.store], () => {
    const r = replay.store.getState();
    const b = r.open ? r.battle : session.getState().battle;
    shell.sub.textContent = b ? b.setup.title : '';
    const mode = play.getState().mode;
    const badges = !b ? [] : r.open ? [b.module.name, 'Replay'] : [b.module.name, mode === 'hotseat' ? 'Hot-seat' : mode === 'ai' ? 'Against the AI' : 'Solo'];
    // The whole name and the badges in its tooltip: narrow pages cut the one and hide the others.
    shell.sub.title = b ? [b.setup.title, ...badges].join(' · ') : '';
    const key = badges.join('|');
    if (shell.badges.dataset.key !== key) {
      shell.badges.dataset.key = key;
      shell.badges.replaceChildren(...badges.map((x) => el('span', { class: 'tag' }, x)));
    }
  });

  const table = createBattleTable(createTableSource(session, replay));
  mountLegend(shell.stage, { game: table.store, table, ui, play });
  scene = new (await sceneClass)(table.store, ui, table);
  await scene.mount(shell.stage);
  const mounted = scene;
  tableView = keepTableView({ stage: shell.stage, ui, session, play, storage, fit: () => mounted.fit() });
  if (hook) installTestHook(table.store, ui, scene, () => probe(session, play), () => replayProbe(replay), () => keeper?.flush() ?? Promise.resolve());

  if (hasAutosave) {
    const from = toResume?.meta ? { text: toResume.save, id: toResume.meta.id } : undefined;
    // Against the AI: the opponent kept with the battle (or, for one kept before it was, beside the mode); else hot-seat.
    const { mode, ai } = resumeAs(toResume?.meta ?? { mode: readMode(storage) ?? 'hotseat' }, readAi(storage));
    const r = controller.resume(mode, from, ai);
    if (r.ok) {
      if (!tableView.restore()) tableView.fit();
    } else {
      play.getState().showAlert({ title: 'The autosaved battle could not be resumed', message: 'Start a new battle. What is wrong with the autosave:', problems: r.problems });
      play.getState().open('start');
    }
  } else {
    play.getState().open('start');
  }
  root.dataset.ready = 'true';
}

function replayProbe(replay: Replay) {
  const r = replay.store.getState();
  if (!r.open || !r.index || !r.battle) return null;
  const k = r.points[r.at] ?? 0;
  const p = r.index.position(k);
  return { viewer: r.viewer, at: r.at, points: r.points.length, command: k, position: { turn: p.turn, phase: p.phase, step: p.step }, over: r.index.over };
}

/** Keys while the replay is open: ← → a command, PageUp/PageDown a turn, Home/End, space plays. */
function installReplayKeys(replay: Replay, play: PlayStoreApi): void {
  window.addEventListener('keydown', (e) => {
    const r = replay.store.getState();
    if (!r.open || play.getState().overlay !== 'none' || play.getState().question || play.getState().alert) return;
    const t = e.target as HTMLElement | null;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    const act: Record<string, () => void> = {
      ArrowLeft: () => replay.step(-1),
      ArrowRight: () => replay.step(1),
      PageUp: () => replay.turn(-1),
      PageDown: () => replay.turn(1),
      Home: () => replay.seek(0),
      End: () => replay.seek(r.points.length - 1),
      ' ': () => replay.setPlaying(!r.playing),
    };
    const f = act[e.key];
    if (!f) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    f();
  }, { capture: true });
}

/** The ruleset id a saved battle names, read without validating it (the load validates). */
function savedRulesetId(text: string): string | undefined {
  try {
    const id = (JSON.parse(text) as { ruleset?: { id?: unknown } } | null)?.ruleset?.id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

void main();

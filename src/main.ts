/**
 * The app's entry: load a battle and put it on the table. The built-in battle is
 * scenarios/default.json; `?scenario=<url>` loads another scenario file instead (designers
 * share battles as links; the render benchmark uses it for its large battles).
 */
import defaultScenario from '../scenarios/default.json?raw';
import { loadScenarioText } from './scenario/load';
import { describeProblems } from './scenario/errors';
import { createGameStore } from './store/gameStore';
import { createUiStore } from './store/uiStore';
import { BattleScene } from './render/BattleScene';
import { mountSelectionPanel } from './ui/SelectionPanel';
import { installTestHook } from './ui/testHook';
import { el } from './ui/dom';
import './ui/styles.css';

async function scenarioText(): Promise<{ text: string; source: string }> {
  const url = new URLSearchParams(location.search).get('scenario');
  if (!url) return { text: defaultScenario, source: 'the built-in battle' };
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} could not be fetched (HTTP ${res.status}).`);
  return { text: await res.text(), source: url };
}

async function main(): Promise<void> {
  const root = document.getElementById('app')!;
  const game = createGameStore();
  const ui = createUiStore();
  const title = el('h1', {}, 'Vedette');
  const sub = el('span', { class: 'battle-title', 'data-testid': 'battle-title' });
  const stage = el('main', { class: 'stage', 'data-testid': 'stage' });
  const side = el('aside', { class: 'side' });
  root.replaceChildren(el('header', { class: 'top' }, title, sub), el('div', { class: 'body' }, stage, side));
  const fail = (message: string) => {
    side.append(el('pre', { class: 'error', role: 'alert', 'data-testid': 'load-error' }, message));
    root.dataset.ready = 'error';
  };
  let source;
  try {
    source = await scenarioText();
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
    return;
  }
  const loaded = loadScenarioText(source.text);
  if (!loaded.ok) {
    fail(`${source.source} could not be loaded:\n${describeProblems(loaded.problems)}`);
    return;
  }
  sub.textContent = loaded.value.title;
  game.getState().load(loaded.value);
  const scene = new BattleScene(game, ui);
  await scene.mount(stage);
  mountSelectionPanel(side, game, ui);
  if (import.meta.env.DEV || import.meta.env.MODE === 'e2e') installTestHook(game, ui, scene);
  root.dataset.ready = 'true';
}

void main();

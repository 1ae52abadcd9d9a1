/** The app's entry: load the built-in battle and put it on the table. */
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

async function main(): Promise<void> {
  const root = document.getElementById('app')!;
  const game = createGameStore();
  const ui = createUiStore();
  const loaded = loadScenarioText(defaultScenario);
  const title = el('h1', {}, 'Vedette');
  const sub = el('span', { class: 'battle-title', 'data-testid': 'battle-title' });
  const stage = el('main', { class: 'stage', 'data-testid': 'stage' });
  const side = el('aside', { class: 'side' });
  root.replaceChildren(el('header', { class: 'top' }, title, sub), el('div', { class: 'body' }, stage, side));
  if (!loaded.ok) {
    side.append(el('pre', { class: 'error', role: 'alert' }, `The built-in battle could not be loaded:\n${describeProblems(loaded.problems)}`));
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

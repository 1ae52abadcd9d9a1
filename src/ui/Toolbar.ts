/** The header's controls: new battle, undo, redo, save to a file, load from a file, help. */
import type { SessionApi } from '../store/session';
import type { ToolName, UiStoreApi } from '../store/uiStore';
import type { PlayController } from './controller';
import { button, el, watch } from './dom';
import type { PlayStoreApi } from './playStore';

/** A hidden file input; `pick()` opens the browser's file chooser and hands over the text. */
export function filePicker(host: HTMLElement, accept: string, onText: (text: string, name: string) => void, testId: string): { pick(): void } {
  const input = el('input', { type: 'file', accept, class: 'visually-hidden', 'data-testid': testId, tabindex: '-1', 'aria-hidden': 'true' });
  input.addEventListener('change', () => {
    const f = input.files?.[0];
    input.value = '';
    if (!f) return;
    void f.text().then((t) => onText(t, f.name));
  });
  host.append(input);
  return { pick: () => input.click() };
}

export function mountToolbar(host: HTMLElement, session: SessionApi, play: PlayStoreApi, controller: PlayController, ui: UiStoreApi): { dispose(): void; pickLoad(): void } {
  const bar = el('div', { class: 'toolbar', role: 'toolbar', 'aria-label': 'Battle' });
  const loader = filePicker(bar, '.json,application/json', (text) => controller.loadText(text), 'load-input');
  const newBtn = button('New battle', () => play.getState().open('start'), { 'data-testid': 'new-battle', title: 'Start another battle (N)' });
  const undoBtn = button('↶ Undo', () => controller.undo(), { 'data-testid': 'undo', title: 'Undo (Z)' });
  const redoBtn = button('↷ Redo', () => controller.redo(), { 'data-testid': 'redo', title: 'Redo (Y)' });
  const saveBtn = button('Save', () => controller.save(), { 'data-testid': 'save', title: 'Save the battle to a file (S)' });
  const loadBtn = button('Load', () => loader.pick(), { 'data-testid': 'load', title: 'Load a battle from a file (L)' });
  const concedeBtn = button('Concede…', () => {
    const side = controller.concedingSide();
    const name = session.getState().battle?.setup.sides.find((x) => x.id === side)?.name;
    if (side !== undefined && window.confirm(`${name ?? side} concedes the battle?`)) controller.concede(side);
  }, { 'data-testid': 'concede', title: 'The side to act gives up the battle' });
  const helpBtn = button('?', () => play.getState().open(play.getState().overlay === 'help' ? 'none' : 'help'), { class: 'round', 'data-testid': 'help-button', title: 'Keys (?)', 'aria-label': 'Help' });
  // The table's tools (drawn by the canvas): select and move, measuring tape, line of sight.
  const tools: [ToolName, string, string][] = [
    ['select', 'Select', 'Select and move pieces (Esc)'],
    ['tape', 'Tape', 'Measure between two points or stands (M)'],
    ['sight', 'Sight', 'Check the line of sight between two points or stands (V)'],
  ];
  const toolBtns = tools.map(([t, label, title]) => button(label, () => ui.getState().setTool(t), { 'data-testid': `tool-${t}`, title, 'aria-pressed': 'false', class: 'tool' }));
  bar.append(...toolBtns, el('span', { class: 'sep' }));
  bar.append(newBtn, el('span', { class: 'sep' }), undoBtn, redoBtn, el('span', { class: 'sep' }), saveBtn, loadBtn, el('span', { class: 'sep' }), concedeBtn, helpBtn);
  host.append(bar);
  const offTools = watch([ui], () => {
    const t = ui.getState().tool;
    toolBtns.forEach((b, i) => b.setAttribute('aria-pressed', String(tools[i]![0] === t)));
  });
  const off = watch([session, play], () => {
    const s = session.getState();
    const b = s.battle;
    const covered = play.getState().handover !== null;
    for (const x of [undoBtn, redoBtn, saveBtn]) x.disabled = !b || covered;
    if (b && !covered) {
      // Say why undo would be refused before the player tries (a roll cannot be taken back).
      const blocked = controller.undoBlocker();
      undoBtn.title = blocked ? `Undo (Z): ${blocked.message}` : 'Undo the last command (Z)';
      undoBtn.classList.toggle('blocked', blocked !== undefined);
      redoBtn.disabled = b.history.redoStack.length === 0;
    }
    concedeBtn.disabled = !b || covered || controller.concedingSide() === undefined;
  });
  return {
    dispose: () => {
      off();
      offTools();
      bar.remove();
    },
    pickLoad: () => loader.pick(),
  };
}

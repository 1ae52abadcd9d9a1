/**
 * The unit inspector: the selected piece as the viewer may see it (type, quality, strength,
 * state, order) and what it may do now, each action a button sending its command.
 */
import { gameOf, viewOf, type SessionApi } from '../store/session';
import type { UiStoreApi } from '../store/uiStore';
import type { PlayController } from './controller';
import { button, el, watch } from './dom';
import { waitingSides } from './handover';
import { inspect, pieceActions } from './inspectModel';
import type { PlayStoreApi } from './playStore';

export function mountInspector(host: HTMLElement, session: SessionApi, ui: UiStoreApi, play: PlayStoreApi, controller: PlayController): () => void {
  const panel = el('section', { class: 'panel inspector', 'aria-live': 'polite', 'data-testid': 'selection' });
  host.append(panel);
  let key: unknown[] = [];
  const render = () => {
    const s = session.getState();
    const b = s.battle;
    const id = ui.getState().selected;
    const handover = play.getState().handover;
    const k = [b?.history, s.viewer, id, handover];
    if (k.every((x, i) => x === key[i])) return;
    key = k;
    if (!b || handover !== null) {
      panel.replaceChildren();
      return;
    }
    const view = viewOf(b, s.viewer);
    const seen = id ? inspect(b.module, view, id) : undefined;
    if (!seen) {
      panel.replaceChildren(
        el('h2', {}, 'Inspector'),
        el('p', { class: 'hint' }, 'Click a unit or a general to inspect it. Drag empty ground to pan; the wheel zooms. Press ? for the keys.'),
      );
      return;
    }
    const mayAct = controller.commandable().includes(seen.side) && waitingSides(gameOf(b).position).includes(seen.side);
    const actions = mayAct ? pieceActions(b.module, view, seen.side, seen.id) : [];
    const actionsBox = el('div', { class: 'actions', 'data-testid': 'inspector-actions' });
    if (actions.length) {
      actionsBox.append(
        ...actions.map((a) =>
          el(
            'div',
            { class: 'action' },
            button(a.label, () => controller.dispatch(a.command), { 'data-testid': 'inspector-action', title: a.rule ?? '' }),
            ...(a.detail || a.rule ? [el('span', { class: 'action-detail' }, [a.detail, a.rule].filter(Boolean).join(' · '))] : []),
          ),
        ),
      );
    } else {
      actionsBox.append(
        el('p', { class: 'hint' }, mayAct ? `${b.module.name} offers no actions for this piece here; use the table or end the step.` : `${seen.sideName} cannot act now.`),
      );
    }
    panel.replaceChildren(
      el('div', { class: 'insp-kicker', 'data-side': seen.side }, seen.sideName),
      el('h2', { 'data-testid': 'selected-name' }, seen.name),
      el('dl', { 'data-testid': 'inspector-lines' }, ...seen.lines.flatMap((l) => [el('dt', {}, l.label), el('dd', {}, l.value)])),
      el('h3', {}, 'May do now'),
      actionsBox,
    );
  };
  const off = watch([session, ui, play], render);
  return () => {
    off();
    panel.remove();
  };
}

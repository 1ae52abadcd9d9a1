/**
 * Messages for the player: the notice bar (a refused command or move and its rule, from the
 * UI store, which the canvas also writes) and the alert window (a save that would not load,
 * with each problem's JSON path and sentence).
 */
import type { UiStoreApi } from '../store/uiStore';
import { button, el, watch } from './dom';
import type { PlayStoreApi } from './playStore';

export function mountNotices(stageHost: HTMLElement, overlayHost: HTMLElement, ui: UiStoreApi, play: PlayStoreApi): () => void {
  const text = el('span', { class: 'notice-text' });
  const bar = el('div', { class: 'notice', role: 'status', 'aria-live': 'polite', 'data-testid': 'notice' }, text, button('×', () => ui.getState().notify(null), { class: 'link', 'aria-label': 'Dismiss' }));
  bar.hidden = true;
  stageHost.append(bar);
  const alertBox = el('div', { class: 'modal-backdrop', 'data-testid': 'alert' });
  alertBox.hidden = true;
  overlayHost.append(alertBox);
  let shownAlert: unknown = null;
  const off = watch([ui, play], () => {
    const n = play.getState().handover === null ? ui.getState().notice : null;
    bar.hidden = !n;
    if (n && text.textContent !== n) text.textContent = n;
    const a = play.getState().alert;
    if (a === shownAlert) return;
    shownAlert = a;
    if (!a) {
      alertBox.hidden = true;
      alertBox.replaceChildren();
      return;
    }
    const ok = button('OK', () => play.getState().showAlert(null), { class: 'primary', 'data-testid': 'alert-ok' });
    alertBox.replaceChildren(
      el(
        'div',
        { class: 'modal alert', role: 'alertdialog', 'aria-modal': 'true', 'aria-labelledby': 'alert-title' },
        el('h2', { id: 'alert-title', 'data-testid': 'alert-title' }, a.title),
        el('p', {}, a.message),
        ...(a.problems?.length
          ? [el('ul', { class: 'problems', 'data-testid': 'alert-problems' }, ...a.problems.slice(0, 20).map((p) => el('li', {}, el('code', {}, p.path), ' ', p.message)), ...(a.problems.length > 20 ? [el('li', {}, `…and ${a.problems.length - 20} more.`)] : []))]
          : []),
        el('div', { class: 'modal-actions' }, ok),
      ),
    );
    alertBox.hidden = false;
    ok.focus();
  });
  return () => {
    off();
    bar.remove();
    alertBox.remove();
  };
}

/** The help overlay: the keyboard shortcuts, read from the same table the key handler uses. */
import { button, el, watch } from './dom';
import type { PlayStoreApi } from './playStore';
import { SHORTCUTS } from './shortcuts';

export function mountHelp(host: HTMLElement, play: PlayStoreApi): () => void {
  const close = button('Close', () => play.getState().open('none'), { class: 'primary' });
  const box = el(
    'div',
    { class: 'modal-backdrop', 'data-testid': 'help' },
    el(
      'div',
      { class: 'modal help', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'help-title' },
      el('h2', { id: 'help-title' }, 'Keys'),
      el(
        'table',
        { class: 'keys' },
        el('tbody', {}, ...SHORTCUTS.map((s) => el('tr', {}, el('td', {}, ...s.keys.flatMap((k, i) => [...(i ? [' '] : []), el('kbd', {}, k)])), el('td', {}, s.label)))),
      ),
      el('p', { class: 'hint' }, 'On the table: click a piece to inspect it, drag empty ground to pan, use the wheel to zoom.'),
      el('div', { class: 'modal-actions' }, close),
    ),
  );
  box.addEventListener('click', (e) => {
    if (e.target === box) play.getState().open('none');
  });
  host.append(box);
  const off = watch([play], () => {
    const open = play.getState().overlay === 'help';
    if (open && box.hidden) queueMicrotask(() => close.focus());
    box.hidden = !open;
  });
  return () => {
    off();
    box.remove();
  };
}

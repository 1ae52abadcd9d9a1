/** The battle's result: winner, level and reason, shown when the game ends. */
import { gameOf, type SessionApi } from '../store/session';
import { button, el, watch } from './dom';
import type { PlayStoreApi } from './playStore';

export function mountResult(host: HTMLElement, session: SessionApi, play: PlayStoreApi): () => void {
  const box = el('div', { class: 'modal-backdrop result-backdrop', 'data-testid': 'result' });
  box.hidden = true;
  host.append(box);
  let shown: unknown = null;
  const off = watch([session, play], () => {
    const b = session.getState().battle;
    const r = b ? gameOf(b).result : undefined;
    if (!b || !r || play.getState().resultDismissed || play.getState().handover !== null) {
      box.hidden = true;
      shown = null;
      return;
    }
    if (shown === r) return;
    shown = r;
    const name = (id: string) => b.setup.sides.find((s) => s.id === id)?.name ?? id;
    const headline = r.winner ? `Victory to ${name(r.winner)}` : 'A draw';
    const score = r.score ? Object.entries(r.score).map(([side, n]) => el('li', {}, `${name(side)}: ${n}`)) : [];
    box.replaceChildren(
      el(
        'div',
        { class: 'modal result', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'result-title' },
        el('div', { class: 'handover-kicker' }, `After turn ${gameOf(b).position.turn}`),
        el('h2', { id: 'result-title', 'data-testid': 'result-winner' }, headline),
        el('p', { class: 'result-level', 'data-testid': 'result-level' }, r.winner ? `${r.level} victory` : r.level),
        el('p', { 'data-testid': 'result-reason' }, r.reason),
        ...(r.rule ? [el('p', { class: 'rule' }, r.rule)] : []),
        ...(score.length ? [el('ul', { class: 'score' }, ...score)] : []),
        el('div', { class: 'modal-actions' }, button('Look at the table', () => play.getState().dismissResult(true)), button('New battle', () => play.getState().open('start'), { class: 'primary' })),
      ),
    );
    box.hidden = false;
  });
  return () => {
    off();
    box.remove();
  };
}

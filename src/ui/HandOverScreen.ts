/**
 * The hot-seat hand-over screen: covers the whole page while control passes to the other
 * player. Under it the page shows only what both sides may see (the viewer is nobody); the
 * next player's view appears when they click "I am <side>".
 */
import type { SessionApi } from '../store/session';
import type { PlayController } from './controller';
import { button, el, watch } from './dom';
import type { PlayStoreApi } from './playStore';

export function mountHandOver(host: HTMLElement, session: SessionApi, play: PlayStoreApi, controller: PlayController): () => void {
  const screen = el('div', { class: 'handover', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'handover-title', 'data-testid': 'handover' });
  screen.hidden = true;
  host.append(screen);
  let shownFor: string | null = null;
  const render = () => {
    const to = play.getState().handover;
    const b = session.getState().battle;
    if (to === null || !b) {
      screen.hidden = true;
      shownFor = null;
      return;
    }
    if (shownFor === to) return;
    shownFor = to;
    const name = b.setup.sides.find((s) => s.id === to)?.name ?? to;
    const other = b.setup.sides.find((s) => s.id !== to)?.name ?? 'the other player';
    const go = button(`I am ${name}`, () => controller.iAm(to), { class: 'primary big', 'data-testid': 'handover-confirm' });
    screen.replaceChildren(
      el(
        'div',
        { class: 'handover-card' },
        el('div', { class: 'handover-kicker' }, 'Hot-seat'),
        el('h2', { id: 'handover-title', 'data-testid': 'handover-title' }, `Pass to ${name}`),
        el('p', {}, `${other}: hand the screen over and look away. ${name}: click below when you are ready; your own orders and rolls will show, the other side's stay hidden.`),
        go,
      ),
    );
    screen.hidden = false;
    go.focus();
  };
  const off = watch([session, play], render);
  return () => {
    off();
    screen.remove();
  };
}

/** The phase bar: turn, phase, step, who acts, and "End step" for each side the viewer commands. */
import { viewOf, type SessionApi } from '../store/session';
import type { PlayController } from './controller';
import { button, el, watch } from './dom';
import { phaseBarModel } from './phaseModel';
import type { PlayStoreApi } from './playStore';

export function mountPhaseBar(host: HTMLElement, session: SessionApi, play: PlayStoreApi, controller: PlayController): () => void {
  const bar = el('nav', { class: 'phase-bar', 'aria-label': 'Sequence of play', 'data-testid': 'phase-bar' });
  host.append(bar);
  let key = '';
  const render = () => {
    const s = session.getState();
    const handover = play.getState().handover;
    if (!s.battle || handover !== null) {
      if (key !== 'empty') bar.replaceChildren();
      key = 'empty';
      bar.hidden = true;
      return;
    }
    bar.hidden = false;
    const m = phaseBarModel(s.battle.module, viewOf(s.battle, s.viewer), s.viewer);
    const k = JSON.stringify([m, play.getState().mode]);
    if (k === key) return;
    key = k;
    const turn = el('div', { class: 'pb-turn', 'data-testid': 'pb-turn' }, el('span', { class: 'pb-label' }, 'Turn'), el('strong', {}, `${m.turn}${m.turnLimit ? ` / ${m.turnLimit}` : ''}`));
    const where = el(
      'div',
      { class: 'pb-where' },
      el('div', { class: 'pb-phase', 'data-testid': 'pb-phase' }, m.phase, ...(m.phasing ? [el('span', { class: 'pb-phasing' }, ` · ${m.phasing}`)] : [])),
      el('div', { class: 'pb-step-row' }, el('span', { class: 'pb-step', 'data-testid': 'pb-step', title: m.step }, m.step), ...(m.secret ? [el('span', { class: 'pb-secret', title: 'Commands in this step stay face down until it ends' }, 'secret')] : []), ...(m.rule ? [el('span', { class: 'rule' }, m.rule)] : [])),
    );
    const chips = el(
      'div',
      { class: 'pb-actors' },
      ...m.actors.map((a) =>
        el('span', { class: `pb-chip${a.done ? ' done' : ''}`, 'data-side': a.side, title: a.done ? `${a.name} has ended this step` : `${a.name} to act` }, a.done ? `✓ ${a.name}` : a.name),
      ),
    );
    const who = el('div', { class: 'pb-who', 'data-testid': 'pb-who' }, m.who);
    const enders = m.actors.filter((a) => a.canEnd);
    const ends = el(
      'div',
      { class: enders.length > 1 ? 'pb-ends two' : 'pb-ends' },
      ...enders.map((a) =>
          button(
            // Name the side only when there is a button per side (solo, both sides acting).
            enders.length > 1 ? `End step · ${a.name}` : 'End step',
            () => controller.endStep(a.side),
            { class: 'primary', 'data-testid': `end-step-${a.side}`, title: `${a.name} has finished this step (E)` },
          ),
        ),
    );
    bar.replaceChildren(turn, where, el('div', { class: 'pb-acting' }, chips, who), ends);
  };
  const off = watch([session, play], render);
  return () => {
    off();
    bar.remove();
  };
}

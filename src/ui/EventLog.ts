/**
 * The event log: what the viewer may see of the battle so far, newest last. Each roll shows
 * its dice, faces, target, every modifier with its rule, and the outcome; a refused command
 * shows its reason and rule. Appends as the history grows; rebuilds on undo, load or a new viewer.
 */
import type { HistoryEntry } from '../engine/history';
import { viewOf, type SessionApi } from '../store/session';
import { button, el, watch } from './dom';
import { eventItems, entryItems, type LogItem } from './logModel';
import { namesFor } from './names';
import type { PlayStoreApi } from './playStore';
import type { Names } from './format';
import { eventsFor } from '../engine/view';
import type { Rejection } from '../engine/ruleset';

function diceNode(i: Extract<LogItem, { kind: 'dice' }>): HTMLElement {
  const d = i.dice;
  const sides = /d(\d+)$/i.exec(d.roll.split(' ')[0] ?? '')?.[1] ?? '';
  const verdict = d.passed === undefined ? '' : d.passed ? ' pass' : ' fail';
  return el(
    'li',
    { class: `log-dice${verdict}`, 'data-testid': 'log-dice' },
    el('div', { class: 'dice-head' }, el('span', { class: 'dice-purpose' }, d.purpose), el('span', { class: 'rule' }, d.rule)),
    el('div', { class: 'dice-roll' }, el('span', { class: 'dice-faces', 'aria-label': `faces ${d.faces.join(', ')}` }, ...d.faces.map((f) => el('span', { class: `die d${sides}` }, String(f)))), el('span', { class: 'dice-sum' }, d.roll)),
    ...d.emulation.map((t) => el('div', { class: 'dice-line small' }, t)),
    ...(d.modifiers.length ? [el('ul', { class: 'dice-mods', 'data-testid': 'dice-mods' }, ...d.modifiers.map((m) => el('li', {}, m)))] : []),
    ...(d.target ? [el('div', { class: 'dice-line', 'data-testid': 'dice-target' }, d.target)] : []),
    ...(d.table ? [el('div', { class: 'dice-line small' }, d.table)] : []),
    el('div', { class: 'dice-outcome', 'data-testid': 'dice-outcome' }, d.outcome),
  );
}

function itemNode(i: LogItem): HTMLElement {
  switch (i.kind) {
    case 'dice':
      return diceNode(i);
    case 'command':
      return el('li', { class: `log-command${i.hidden ? ' hidden-cmd' : ''}`, 'data-testid': 'log-command' }, i.text);
    case 'sequence':
      return el('li', { class: 'log-seq', 'data-type': i.eventType }, i.text);
    case 'event':
      return el('li', { class: 'log-event' }, i.text, ...(i.rule ? [el('span', { class: 'rule' }, i.rule)] : []));
  }
}

export function mountEventLog(host: HTMLElement, session: SessionApi, play: PlayStoreApi): () => void {
  const list = el('ol', { class: 'log-list', 'data-testid': 'log' });
  const steps = el('input', { type: 'checkbox', checked: '' });
  steps.addEventListener('change', () => panel.classList.toggle('no-seq', !steps.checked));
  const panel = el(
    'section',
    { class: 'panel log', 'aria-label': 'Event log' },
    el('header', { class: 'panel-head' }, el('h2', {}, 'Log'), el('label', { class: 'toggle' }, steps, 'steps')),
    list,
  );
  host.append(panel);
  let rendered: HistoryEntry[] = [];
  let key: unknown = null;
  let lastRejection: Rejection | null = null;
  let names: Names | null = null;

  // Follow the newest entry unless the reader has scrolled back (layout changes do not count).
  let stick = true;
  list.addEventListener('scroll', () => (stick = list.scrollHeight - list.scrollTop - list.clientHeight < 40));
  const toEnd = () => {
    list.scrollTop = list.scrollHeight;
    stick = true;
  };
  const append = (nodes: HTMLElement[]) => {
    list.append(...nodes);
    if (stick) toEnd();
  };
  const entryNode = (items: LogItem[]) => el('li', { class: 'log-entry' }, el('ol', {}, ...items.map(itemNode)));

  const render = () => {
    const s = session.getState();
    const b = s.battle;
    if (!b || play.getState().handover !== null) {
      if (key !== null) list.replaceChildren();
      key = null;
      rendered = [];
      return;
    }
    const view = viewOf(b, s.viewer);
    names = namesFor(b.module, view, [b.setup]);
    const h = b.history;
    const k = [h.initial, s.viewer];
    const sameBase = Array.isArray(key) && key[0] === k[0] && key[1] === k[1] && rendered.every((e, i) => h.entries[i] === e) && h.entries.length >= rendered.length;
    if (!sameBase) {
      key = k;
      rendered = [];
      lastRejection = s.lastRejection; // an old refusal is not news for a new viewer
      list.replaceChildren(el('li', { class: 'log-entry start' }, el('ol', {}, ...eventItems(eventsFor(h.initialEvents, s.viewer), names!, b.module).map(itemNode))));
    }
    const fresh = h.entries.slice(rendered.length);
    if (fresh.length) {
      // An entry that shows the viewer nothing (another side's secret command) leaves no trace.
      append(fresh.map((e) => entryItems(e, s.viewer, names!, b.module)).filter((items) => items.length > 0).map(entryNode));
      rendered = [...h.entries];
    }
    if (s.lastRejection && s.lastRejection !== lastRejection) {
      const r = s.lastRejection;
      append([el('li', { class: 'log-refused', role: 'status', 'data-testid': 'log-refused' }, el('strong', {}, 'Refused: '), r.message, el('span', { class: 'rule' }, r.rule))]);
    }
    lastRejection = s.lastRejection;
    if (!sameBase) toEnd();
  };
  const off = watch([session, play], render);
  const clear = button('Jump to newest', toEnd, { class: 'link small' });
  panel.querySelector('header')!.append(clear);
  return () => {
    off();
    panel.remove();
  };
}

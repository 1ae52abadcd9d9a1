/**
 * The event log: what the viewer may see of the battle so far, newest last. Each roll shows
 * its dice, faces, target, every modifier with its rule, and the outcome; a refused command
 * shows its reason and rule where it happened. Entries are keyed by their place in the
 * history and their items are built once per (entry, viewer); a refusal is news only to the
 * viewer who saw it, and undo, a load or a new viewer start the list afresh.
 */
import { Component, type RefObject } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { HistoryEntry } from '../engine/history';
import type { Rejection } from '../engine/ruleset';
import { eventsFor, type Viewer } from '../engine/view';
import { viewOf, type Battle, type SessionApi } from '../store/session';
import type { Names } from './format';
import { entryItems, eventItems, type LogItem } from './logModel';
import { mount } from './mount';
import { namesFor } from './names';
import type { PlayStoreApi } from './playStore';
import { useStore } from './useStore';

type Dice = Extract<LogItem, { kind: 'dice' }>;

function DiceItem({ item }: { readonly item: Dice }) {
  const d = item.dice;
  const sides = /d(\d+)$/i.exec(d.roll.split(' ')[0] ?? '')?.[1] ?? '';
  const verdict = d.passed === undefined ? '' : d.passed ? ' pass' : ' fail';
  return (
    <li class={`log-dice${verdict}`} data-testid="log-dice">
      <div class="dice-head">
        <span class="dice-purpose">{d.purpose}</span>
        <span class="rule">{d.rule}</span>
      </div>
      <div class="dice-roll">
        <span class="dice-faces" aria-label={`faces ${d.faces.join(', ')}`}>
          {d.faces.map((f, i) => (
            <span key={i} class={`die d${sides}`}>
              {String(f)}
            </span>
          ))}
        </span>
        <span class="dice-sum">{d.roll}</span>
      </div>
      {d.emulation.map((t, i) => (
        <div key={`e${i}`} class="dice-line small">
          {t}
        </div>
      ))}
      {d.modifiers.length > 0 && (
        <ul class="dice-mods" data-testid="dice-mods">
          {d.modifiers.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      )}
      {d.target && (
        <div class="dice-line" data-testid="dice-target">
          {d.target}
        </div>
      )}
      {d.table && <div class="dice-line small">{d.table}</div>}
      <div class="dice-outcome" data-testid="dice-outcome">
        {d.outcome}
      </div>
    </li>
  );
}

export function Item({ item }: { readonly item: LogItem }) {
  switch (item.kind) {
    case 'dice':
      return <DiceItem item={item} />;
    case 'command':
      return (
        <li class={`log-command${item.hidden ? ' hidden-cmd' : ''}`} data-testid="log-command">
          {item.text}
        </li>
      );
    case 'sequence':
      return (
        <li class="log-seq" data-type={item.eventType}>
          {item.text}
        </li>
      );
    case 'event':
      return (
        <li class="log-event">
          {item.text}
          {item.rule && <span class="rule">{item.rule}</span>}
        </li>
      );
  }
}

/** One entry's items; re-renders only when its items change (they are cached per entry and viewer). */
class EntryView extends Component<{ readonly items: readonly LogItem[]; readonly start?: boolean }> {
  override shouldComponentUpdate(next: { readonly items: readonly LogItem[] }): boolean {
    return next.items !== this.props.items;
  }
  override render() {
    return (
      <li class={this.props.start ? 'log-entry start' : 'log-entry'}>
        <ol>
          {this.props.items.map((i, n) => (
            <Item key={n} item={i} />
          ))}
        </ol>
      </li>
    );
  }
}

// PERF: a history entry's items for a viewer are built once; the log re-renders only the new ones.
const itemCache = new WeakMap<object, Map<Viewer, readonly LogItem[]>>();
function cached(at: object, viewer: Viewer, build: () => readonly LogItem[]): readonly LogItem[] {
  let byViewer = itemCache.get(at);
  if (!byViewer) itemCache.set(at, (byViewer = new Map()));
  let items = byViewer.get(viewer);
  if (!items) byViewer.set(viewer, (items = build()));
  return items;
}

interface Refusal {
  readonly rejection: Rejection;
  /** Shown after this many history entries. */
  readonly after: number;
}

/**
 * Refusals since the list last started afresh. The list starts afresh on a new battle or
 * viewer, and when an entry it showed is gone (undo, load); a refusal already standing
 * then is not news.
 */
function useRefusals(b: Battle, viewer: Viewer, last: Rejection | null): { refusals: readonly Refusal[]; base: object } {
  const memo = useRef<{ base: object; initial: unknown; viewer: Viewer; shown: readonly HistoryEntry[]; seen: Rejection | null; refusals: Refusal[] } | null>(null);
  const h = b.history;
  let m = memo.current;
  const sameBase = m !== null && m.initial === h.initial && m.viewer === viewer && h.entries.length >= m.shown.length && m.shown.every((e, i) => h.entries[i] === e);
  if (!m || !sameBase) m = memo.current = { base: {}, initial: h.initial, viewer, shown: h.entries, seen: last, refusals: [] };
  m.shown = h.entries;
  if (last && last !== m.seen) m.refusals = [...m.refusals, { rejection: last, after: h.entries.length }];
  m.seen = last;
  return { refusals: m.refusals, base: m.base };
}

const nearEnd = (el: HTMLElement): boolean => el.scrollHeight - el.scrollTop - el.clientHeight < 40;

interface Scroll {
  readonly list: RefObject<HTMLOListElement | null>;
  /** Follow the newest entry unless the reader has scrolled back (layout changes do not count). */
  readonly stick: RefObject<boolean>;
}

function LogList({ b, viewer, last, scroll }: { readonly b: Battle; readonly viewer: Viewer; readonly last: Rejection | null; readonly scroll: Scroll }) {
  const { list, stick } = scroll;
  const { refusals, base } = useRefusals(b, viewer, last);
  const lastBase = useRef<object | null>(null);
  const h = b.history;
  const names: Names = namesFor(b.module, viewOf(b, viewer), [b.setup]);
  const initial = cached(h.initial, viewer, () => eventItems(eventsFor(h.initialEvents, viewer), names, b.module));
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    if (lastBase.current !== base) stick.current = true;
    lastBase.current = base;
    if (stick.current) el.scrollTop = el.scrollHeight;
  });
  const rows = [<EntryView key="start" items={initial} start />];
  const refusalAt = (n: number) =>
    refusals
      .filter((r) => r.after === n)
      .forEach((r, i) =>
        rows.push(
          <li key={`r${n}.${i}`} class="log-refused" role="status" data-testid="log-refused">
            <strong>Refused: </strong>
            {r.rejection.message}
            <span class="rule">{r.rejection.rule}</span>
          </li>,
        ),
      );
  refusalAt(0);
  h.entries.forEach((e, n) => {
    const items = cached(e, viewer, () => entryItems(e, viewer, names, b.module));
    // An entry that shows the viewer nothing (another side's secret command) leaves no trace.
    if (items.length > 0) rows.push(<EntryView key={`e${n}`} items={items} />);
    refusalAt(n + 1);
  });
  return (
    <ol class="log-list" data-testid="log" ref={list} onScroll={(ev) => (stick.current = nearEnd(ev.currentTarget))}>
      {rows}
    </ol>
  );
}

export function EventLog({ session, play }: { readonly session: SessionApi; readonly play: PlayStoreApi }) {
  const b = useStore(session, (s) => s.battle);
  const viewer = useStore(session, (s) => s.viewer);
  const last = useStore(session, (s) => s.lastRejection);
  const covered = useStore(play, (s) => s.handover !== null);
  const [steps, setSteps] = useState(true);
  const scroll: Scroll = { list: useRef<HTMLOListElement>(null), stick: useRef(true) };
  const jump = () => {
    const el = scroll.list.current;
    if (el) el.scrollTop = el.scrollHeight;
    scroll.stick.current = true;
  };
  return (
    <section class={steps ? 'panel log' : 'panel log no-seq'} aria-label="Event log">
      <header class="panel-head">
        <h2>Log</h2>
        <label class="toggle">
          <input type="checkbox" checked={steps} onChange={(e) => setSteps(e.currentTarget.checked)} />
          steps
        </label>
        <button type="button" class="link small" onClick={jump}>
          Jump to newest
        </button>
      </header>
      {b && !covered ? <LogList b={b} viewer={viewer} last={last} scroll={scroll} /> : <ol class="log-list" data-testid="log" />}
    </section>
  );
}

export function mountEventLog(host: HTMLElement, session: SessionApi, play: PlayStoreApi): () => void {
  return mount(host, <EventLog session={session} play={play} />);
}

/**
 * The replay viewer's panels: the bar above the table (step command by command or turn by
 * turn, the scrubber, play/pause and speed, whose eyes, export the report, close) and the log
 * beside it (what happened at this point, every roll explained as in play, and what came just
 * before). Everything is read as the chosen viewer saw it: `eventsFor`/`commandFor` in the log,
 * the viewer's view on the table.
 */
import { useEffect } from 'preact/hooks';
import { eventsFor } from '../engine/view';
import { describePosition } from '../engine/sequence';
import { gameOf, viewOf } from '../store/session';
import { viewerChoices, type Replay, type ReplayState } from '../store/replay';
import { Item } from './EventLog';
import type { LogItem } from './logModel';
import { entryItems, eventItems } from './logModel';
import { mount } from './mount';
import { namesFor } from './names';
import { shallow, useStore } from './useStore';

export interface ReplayPanelDeps {
  readonly replay: Replay;
  close(): void;
  exportReport(): void;
}

const SPEEDS: readonly { v: number; label: string }[] = [
  { v: 1, label: '1 a second' },
  { v: 4, label: '4 a second' },
  { v: 12, label: '12 a second' },
  { v: 40, label: '40 a second' },
];

export function ReplayBar({ deps }: { readonly deps: ReplayPanelDeps }) {
  const r = deps.replay;
  const s = useStore(r.store, (x) => ({ open: x.open, at: x.at, n: x.points.length, playing: x.playing, speed: x.speed, viewer: x.viewer, battle: x.battle, name: x.name, index: x.index, following: x.following }), shallow);
  // Play: one point every 1/speed seconds until the end.
  useEffect(() => {
    if (!s.open || !s.playing) return;
    const t = setInterval(() => r.step(1), 1000 / s.speed);
    return () => clearInterval(t);
  }, [s.open, s.playing, s.speed]);
  if (!s.open || !s.battle || !s.index) return null;
  const b = s.battle;
  const g = gameOf(b);
  const k = r.store.getState().points[s.at] ?? 0;
  const choices = viewerChoices(s.index, b.setup.sides);
  return (
    <div class="replay-bar" role="toolbar" aria-label="Replay" data-testid="replay-bar">
      <div class="replay-row">
        <strong class="replay-title">Replay</strong>
        <span class="replay-name" data-testid="replay-name">
          {s.name}
        </span>
        <span class="replay-where" data-testid="replay-where">
          {describePosition(b.module, g)}
        </span>
        <span class="replay-count" data-testid="replay-count">
          {k === 0 ? 'Set-up' : `Command ${s.at} of ${s.n - 1}`}
        </span>
        {s.following && (
          <span class="tag replay-live" data-testid="replay-following" title="This is the battle on the table: what is played while the replay is open is added here as it happens">
            Follows the battle on the table
          </span>
        )}
      </div>
      <div class="replay-row">
        <button type="button" data-testid="replay-turn-back" title="To the start of the turn (or the one before)" onClick={() => r.turn(-1)} disabled={s.at === 0}>
          ◀◀ Turn
        </button>
        <button type="button" data-testid="replay-back" title="One command back (←)" onClick={() => r.step(-1)} disabled={s.at === 0}>
          ◀
        </button>
        <button type="button" class="primary" data-testid="replay-play" title={s.playing ? 'Pause (space)' : 'Play (space)'} onClick={() => r.setPlaying(!s.playing)}>
          {s.playing ? '⏸ Pause' : '▶ Play'}
        </button>
        <button type="button" data-testid="replay-forward" title="One command forward (→)" onClick={() => r.step(1)} disabled={s.at >= s.n - 1}>
          ▶
        </button>
        <button type="button" data-testid="replay-turn-forward" title="To the start of the next turn" onClick={() => r.turn(1)} disabled={s.at >= s.n - 1}>
          Turn ▶▶
        </button>
        <input
          type="range"
          class="replay-scrubber"
          data-testid="replay-scrubber"
          aria-label="Point in the battle"
          min={0}
          max={s.n - 1}
          step={1}
          value={s.at}
          onInput={(e) => r.seek(Number(e.currentTarget.value))}
        />
        <label class="replay-field">
          Speed
          <select data-testid="replay-speed" value={String(s.speed)} onChange={(e) => r.setSpeed(Number(e.currentTarget.value))}>
            {SPEEDS.map((x) => (
              <option key={x.v} value={String(x.v)}>
                {x.label}
              </option>
            ))}
          </select>
        </label>
        <label class="replay-field" title={s.index.over ? 'Whose eyes: a side sees only what it saw' : 'Whose eyes: "both sides" is offered once the battle is over'}>
          Seen by
          <select data-testid="replay-viewer" value={s.viewer} onChange={(e) => r.setViewer(e.currentTarget.value)}>
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" data-testid="replay-export-report" title="A page with the map turn by turn, charts and the whole log" onClick={() => deps.exportReport()}>
          Export report
        </button>
        <button type="button" data-testid="replay-close" onClick={() => deps.close()}>
          Close replay
        </button>
      </div>
    </div>
  );
}

/** The last few points before this one: the log reads like the play log, newest last. */
const EARLIER = 12;

function itemsAt(s: ReplayState, i: number): readonly LogItem[] {
  const index = s.index!;
  const b = s.battle!;
  const k = s.points[i]!;
  const names = namesFor(b.module, viewOf(b, s.viewer), [b.setup]);
  if (k === 0) return eventItems(eventsFor(index.initialEvents, s.viewer), names, b.module);
  return entryItems(index.entryAt(k), s.viewer, names, b.module);
}

export function ReplayLog({ deps }: { readonly deps: ReplayPanelDeps }) {
  const s = useStore(deps.replay.store, (x) => x);
  if (!s.open || !s.battle || !s.index) return null;
  const from = Math.max(0, s.at - EARLIER);
  const earlier = [];
  for (let i = from; i < s.at; i++) earlier.push({ i, items: itemsAt(s, i) });
  const now = itemsAt(s, s.at);
  return (
    <section class="panel replay-log" data-testid="replay-log" aria-label="Replay log">
      <h2>At this point</h2>
      <ol class="log-list replay-now" data-testid="replay-now">
        {now.length === 0 ? <li class="log-seq">Nothing this viewer may see.</li> : now.map((it, n) => <Item key={n} item={it} />)}
      </ol>
      {earlier.length > 0 ? (
        <>
          <h3>Just before</h3>
          <ol class="log-list replay-earlier">
            {from > 0 ? <li class="log-seq">… {from} earlier</li> : null}
            {earlier.map((e) => (
              <li key={e.i} class="log-entry">
                <ol>
                  {e.items.map((it, n) => (
                    <Item key={n} item={it} />
                  ))}
                </ol>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}

export function mountReplayPanels(bar: HTMLElement, side: HTMLElement, deps: ReplayPanelDeps): () => void {
  const a = mount(bar, <ReplayBar deps={deps} />, 'prepend');
  const b = mount(side, <ReplayLog deps={deps} />, 'prepend');
  for (const host of [bar, side]) host.querySelector(':scope > .mount')?.classList.add('replay-mount');
  return () => {
    a();
    b();
  };
}

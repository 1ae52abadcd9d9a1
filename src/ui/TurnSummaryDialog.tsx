/**
 * The end of a turn pauses on what happened in it (turnSummary.ts): per side, losses, units
 * lost, routed and rallied, ground taken — only what the viewer may see. Shown once per turn
 * and viewer when a turn ends in play (not for turns that had already ended when a battle was
 * loaded or resumed), never behind the hand-over screen or over the result; Continue dismisses it.
 */
import { useMemo, useRef, useState } from 'preact/hooks';
import { gameOf, viewOf, type SessionApi } from '../store/session';
import { mount } from './mount';
import { namesFor } from './names';
import type { PlayStoreApi } from './playStore';
import { lastEndedTurn, turnEvents, turnSummary, type SideSummary } from './turnSummary';
import { useStore } from './useStore';

interface Props {
  readonly session: SessionApi;
  readonly play: PlayStoreApi;
}

function SideColumn({ s }: { readonly s: SideSummary }) {
  const rows: [string, readonly string[]][] = [
    ['Losses', s.casualties],
    ['Units lost', s.lost],
    ['Routed', s.routed],
    ['Rallied', s.rallied],
    ['Ground taken', s.ground],
  ];
  const shown = rows.filter(([, v]) => v.length > 0);
  return (
    <section class="turn-side" data-testid="turn-summary-side">
      <h3>{s.name}</h3>
      {shown.length === 0 ? (
        <p class="small">Nothing lost, routed or taken.</p>
      ) : (
        <dl>
          {shown.map(([label, v]) => [<dt key={`t${label}`}>{label}</dt>, <dd key={`d${label}`}>{v.join(', ')}</dd>])}
        </dl>
      )}
    </section>
  );
}

export function TurnSummaryDialog({ session, play }: Props) {
  const b = useStore(session, (s) => s.battle);
  const viewer = useStore(session, (s) => s.viewer);
  const covered = useStore(play, (s) => s.handover !== null);
  const [dismissed, setDismissed] = useState<Readonly<Record<string, number>>>({});
  // Turns that had ended when this battle was first seen (loaded, resumed) are not news.
  const seen = useRef<{ initial: object; base: number } | null>(null);
  if (b && seen.current?.initial !== b.history.initial) seen.current = { initial: b.history.initial, base: lastEndedTurn(b.history) };
  const ended = b ? lastEndedTurn(b.history) : 0;
  const due = b !== null && !covered && gameOf(b).result === undefined && ended > Math.max(seen.current?.base ?? 0, dismissed[viewer] ?? 0);
  const summary = useMemo(() => {
    if (!b || !due) return null;
    const game = viewOf(b, viewer);
    const pieces = new Map([...b.setup.units, ...b.setup.generals].map((p) => [p.id, p.side] as const));
    return turnSummary(turnEvents(b.history, ended), viewer, { module: b.module, game, names: namesFor(b.module, game, [b.setup]), sideOf: (id) => pieces.get(id) });
  }, [b, viewer, ended, due]);
  if (!summary) return <div class="modal-backdrop" data-testid="turn-summary" hidden />;
  return (
    <div class="modal-backdrop" data-testid="turn-summary">
      <div class="modal turn-summary" role="dialog" aria-modal="true" aria-labelledby="turn-summary-title">
        <h2 id="turn-summary-title">{`Turn ${summary.turn} is over`}</h2>
        {summary.quiet ? <p>A quiet turn: no losses, no routs, no ground taken.</p> : null}
        <div class="turn-sides">
          {summary.sides.map((s) => (
            <SideColumn key={s.side} s={s} />
          ))}
        </div>
        <div class="modal-actions">
          <button type="button" class="primary" data-testid="turn-summary-continue" autofocus onClick={() => setDismissed({ ...dismissed, [viewer]: ended })}>
            Continue
          </button>
        </div>
      </div>
    </div>
  );
}

export function mountTurnSummary(host: HTMLElement, session: SessionApi, play: PlayStoreApi): () => void {
  return mount(host, <TurnSummaryDialog session={session} play={play} />);
}

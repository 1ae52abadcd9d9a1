/** The battle's result: winner, level and reason, shown when the game ends. */
import { gameOf, type SessionApi } from '../store/session';
import { mount } from './mount';
import type { PlayStoreApi } from './playStore';
import { useStore } from './useStore';
import { phraseWithNames, plainNames } from './format';

/** 'by concession' → 'By concession': the first letter only (a level is the ruleset's word, as it wrote it). */
const sentenceCase = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

interface Props {
  readonly session: SessionApi;
  readonly play: PlayStoreApi;
  /** Step through the finished battle in the replay viewer (where battles are kept). */
  readonly replay?: () => void;
}

export function ResultPanel({ session, play, replay }: Props) {
  const b = useStore(session, (s) => s.battle);
  const dismissed = useStore(play, (s) => s.resultDismissed);
  const covered = useStore(play, (s) => s.handover !== null);
  const r = b ? gameOf(b).result : undefined;
  if (!b || !r || dismissed || covered) return <div class="modal-backdrop result-backdrop" data-testid="result" hidden />;
  const name = (id: string) => b.setup.sides.find((s) => s.id === id)?.name ?? id;
  const score = r.score ? Object.entries(r.score) : [];
  return (
    <div class="modal-backdrop result-backdrop" data-testid="result">
      <div class="modal result" role="dialog" aria-modal="true" aria-labelledby="result-title">
        <div class="handover-kicker">{`After turn ${gameOf(b).position.turn}`}</div>
        <h2 id="result-title" data-testid="result-winner">
          {r.winner ? `Victory to ${name(r.winner)}` : 'A draw'}
        </h2>
        <p class="result-level" data-testid="result-level">
          {/* A concession is not a grade of victory: 'By concession', the reason says who conceded. Written as a sentence starts, not in title case. */}
          {sentenceCase(r.winner ? (r.level === 'concession' ? 'by concession' : `${r.level} victory`) : r.level)}
        </p>
        <p data-testid="result-reason">{phraseWithNames(r.reason, { ...plainNames, sides: new Map(b.setup.sides.map((s) => [s.id, s.name])) })}</p>
        {r.rule && <p class="rule">{r.rule}</p>}
        {score.length > 0 && (
          <ul class="score">
            {score.map(([side, n]) => (
              <li key={side}>{`${name(side)}: ${n}`}</li>
            ))}
          </ul>
        )}
        <div class="modal-actions">
          <button type="button" onClick={() => play.getState().dismissResult(true)}>
            Look at the table
          </button>
          {replay ? (
            <button type="button" data-testid="result-replay" title="Step through the battle, seen by both sides" onClick={() => replay()}>
              Replay the battle
            </button>
          ) : null}
          <button type="button" class="primary" onClick={() => play.getState().open('start')}>
            New battle
          </button>
        </div>
      </div>
    </div>
  );
}

export function mountResult(host: HTMLElement, session: SessionApi, play: PlayStoreApi, replay?: () => void): () => void {
  return mount(host, <ResultPanel session={session} play={play} {...(replay ? { replay } : {})} />);
}

/**
 * Messages for the player: the notice bar (a refused command or move and its rule, from the
 * UI store, which the canvas also writes) and the alert window (a save that would not load,
 * with each problem's JSON path and sentence).
 */
import { useEffect, useRef } from 'preact/hooks';
import type { UiStoreApi } from '../store/uiStore';
import { mount } from './mount';
import type { PlayStoreApi } from './playStore';
import { useStore } from './useStore';

const MAX_PROBLEMS = 20;

export function NoticeBar({ ui, play }: { readonly ui: UiStoreApi; readonly play: PlayStoreApi }) {
  const notice = useStore(ui, (s) => s.notice);
  const covered = useStore(play, (s) => s.handover !== null);
  const n = covered ? null : notice;
  return (
    <div class="notice" role="status" aria-live="polite" data-testid="notice" hidden={!n}>
      <span class="notice-text">{n ?? ''}</span>
      <button type="button" class="link" aria-label="Dismiss" onClick={() => ui.getState().notify(null)}>
        ×
      </button>
    </div>
  );
}

export function AlertWindow({ play }: { readonly play: PlayStoreApi }) {
  const a = useStore(play, (s) => s.alert);
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (a) ok.current?.focus();
  }, [a]);
  if (!a) return <div class="modal-backdrop" data-testid="alert" hidden />;
  const problems = a.problems ?? [];
  return (
    <div class="modal-backdrop" data-testid="alert">
      <div class="modal alert" role="alertdialog" aria-modal="true" aria-labelledby="alert-title">
        <h2 id="alert-title" data-testid="alert-title">
          {a.title}
        </h2>
        <p>{a.message}</p>
        {problems.length > 0 && (
          <ul class="problems" data-testid="alert-problems">
            {problems.slice(0, MAX_PROBLEMS).map((p, i) => (
              <li key={i}>
                <code>{p.path}</code> {p.message}
              </li>
            ))}
            {problems.length > MAX_PROBLEMS && <li>{`…and ${problems.length - MAX_PROBLEMS} more.`}</li>}
          </ul>
        )}
        <div class="modal-actions">
          <button ref={ok} type="button" class="primary" data-testid="alert-ok" onClick={() => play.getState().showAlert(null)}>
            OK
          </button>
        </div>
      </div>
    </div>
  );
}

/** The app's own question window (start over a battle in progress, concede): one button per answer. */
export function QuestionWindow({ play }: { readonly play: PlayStoreApi }) {
  const q = useStore(play, (s) => s.question);
  const main = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (q) main.current?.focus();
  }, [q]);
  if (!q) return <div class="modal-backdrop" data-testid="question" hidden />;
  const focus = q.choices.find((c) => c.primary) ?? q.choices[q.choices.length - 1];
  return (
    <div class="modal-backdrop question-backdrop" data-testid="question" onClick={(e) => e.target === e.currentTarget && play.getState().answer(null)}>
      <div class="modal question" role="alertdialog" aria-modal="true" aria-labelledby="question-title" aria-describedby="question-text">
        <h2 id="question-title" data-testid="question-title">
          {q.title}
        </h2>
        <p id="question-text">{q.message}</p>
        <div class="modal-actions">
          {q.choices.map((c) => (
            <button key={c.id} ref={c === focus ? main : undefined} type="button" class={c.primary ? 'primary' : undefined} data-testid={`answer-${c.id || 'cancel'}`} onClick={() => play.getState().answer(c.id)}>
              {c.label}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}

export function mountNotices(stageHost: HTMLElement, overlayHost: HTMLElement, ui: UiStoreApi, play: PlayStoreApi): () => void {
  const offBar = mount(stageHost, <NoticeBar ui={ui} play={play} />);
  const offAlert = mount(overlayHost, <AlertWindow play={play} />);
  const offQuestion = mount(overlayHost, <QuestionWindow play={play} />);
  return () => {
    offBar();
    offAlert();
    offQuestion();
  };
}

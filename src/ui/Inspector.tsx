/**
 * The unit inspector: the selected piece as the viewer may see it (type, quality, strength,
 * state, order) and what it may do now, each action a button sending its command.
 */
import { gameOf, viewOf, type SessionApi } from '../store/session';
import type { UiStoreApi } from '../store/uiStore';
import type { PlayController } from './controller';
import { waitingSides } from './handover';
import { inspect, pieceActions, whyNot } from './inspectModel';
import { mount } from './mount';
import type { PlayStoreApi } from './playStore';
import { useStore } from './useStore';

interface Props {
  readonly session: SessionApi;
  readonly ui: UiStoreApi;
  readonly play: PlayStoreApi;
  readonly controller: PlayController;
}

export function Inspector({ session, ui, play, controller }: Props) {
  const b = useStore(session, (s) => s.battle);
  const viewer = useStore(session, (s) => s.viewer);
  const id = useStore(ui, (s) => s.selected);
  const handover = useStore(play, (s) => s.handover);
  if (!b || handover !== null) return <section class="panel inspector" aria-live="polite" data-testid="selection" hidden />;
  const view = viewOf(b, viewer);
  const seen = id ? inspect(b.module, view, id) : undefined;
  if (!seen) {
    return (
      <section class="panel inspector" aria-live="polite" data-testid="selection">
        <h2>Inspector</h2>
        <p class="hint">Click a unit or a general to inspect it. Drag empty ground to pan; the wheel zooms. Press ? for the keys.</p>
      </section>
    );
  }
  const mayAct = controller.commandable().includes(seen.side) && waitingSides(gameOf(b).position).includes(seen.side);
  const actions = mayAct ? pieceActions(b.module, view, seen.side, seen.id) : [];
  const missing = mayAct ? whyNot(b.module, view, seen.side, seen.id) : undefined;
  return (
    <section class="panel inspector" aria-live="polite" data-testid="selection">
      <div class="insp-kicker" data-side={seen.side}>
        {seen.sideName}
      </div>
      <h2 data-testid="selected-name">{seen.name}</h2>
      <dl data-testid="inspector-lines">
        {seen.lines.map((l, i) => [<dt key={`t${i}`}>{l.label}</dt>, <dd key={`d${i}`}>{l.value}</dd>])}
      </dl>
      <h3>May do now</h3>
      {missing && (
        <p class="why-not" role="note" data-testid="why-not">
          {missing}
        </p>
      )}
      <div class="actions" data-testid="inspector-actions">
        {actions.length ? (
          actions.map((a, i) => (
            <div class="action" key={`${i}:${a.label}`}>
              <button type="button" data-testid="inspector-action" title={a.rule ?? ''} onClick={() => controller.dispatch(a.command)}>
                {a.label}
              </button>
              {(a.detail || a.rule) && <span class="action-detail">{[a.detail, a.rule].filter(Boolean).join(' · ')}</span>}
            </div>
          ))
        ) : (
          <p class="hint">{mayAct ? `${b.module.name} offers no actions for this piece here; use the table or end the step.` : `${seen.sideName} cannot act now.`}</p>
        )}
      </div>
    </section>
  );
}

export function mountInspector(host: HTMLElement, session: SessionApi, ui: UiStoreApi, play: PlayStoreApi, controller: PlayController): () => void {
  return mount(host, <Inspector session={session} ui={ui} play={play} controller={controller} />);
}

/** The phase bar: turn, phase, step, who acts, and "End step" for each side the viewer commands. */
import { viewOf, type SessionApi } from '../store/session';
import type { PlayController } from './controller';
import { mount } from './mount';
import { phaseBarModel } from './phaseModel';
import type { PlayStoreApi } from './playStore';
import { useStore } from './useStore';

interface Props {
  readonly session: SessionApi;
  readonly play: PlayStoreApi;
  readonly controller: PlayController;
}

export function PhaseBar({ session, play, controller }: Props) {
  const battle = useStore(session, (s) => s.battle);
  const viewer = useStore(session, (s) => s.viewer);
  const handover = useStore(play, (s) => s.handover);
  if (!battle || handover !== null) return <nav class="phase-bar" aria-label="Sequence of play" data-testid="phase-bar" hidden />;
  const m = phaseBarModel(battle.module, viewOf(battle, viewer), viewer);
  const enders = m.actors.filter((a) => a.canEnd);
  return (
    <nav class="phase-bar" aria-label="Sequence of play" data-testid="phase-bar">
      <div class="pb-turn" data-testid="pb-turn">
        <span class="pb-label">Turn</span>
        <strong>{`${m.turn}${m.turnLimit ? ` / ${m.turnLimit}` : ''}`}</strong>
      </div>
      <div class="pb-where">
        <div class="pb-phase" data-testid="pb-phase">
          {m.phase}
          {m.phasing && <span class="pb-phasing">{` · ${m.phasing}`}</span>}
        </div>
        <div class="pb-step-row">
          <span class="pb-step" data-testid="pb-step" title={m.step}>
            {m.step}
          </span>
          {m.secret && (
            <span class="pb-secret" title="Commands in this step stay face down until it ends">
              secret
            </span>
          )}
          {m.rule && <span class="rule">{m.rule}</span>}
        </div>
      </div>
      <div class="pb-acting">
        <div class="pb-actors">
          {m.actors.map((a) => (
            <span key={a.side} class={`pb-chip${a.done ? ' done' : ''}`} data-side={a.side} title={a.done ? `${a.name} has ended this step` : `${a.name} to act`}>
              {a.done ? `✓ ${a.name}` : a.name}
            </span>
          ))}
        </div>
        <div class="pb-who" data-testid="pb-who">
          {m.who}
        </div>
      </div>
      <div class={enders.length > 1 ? 'pb-ends two' : 'pb-ends'}>
        {enders.map((a) => (
          <button key={a.side} type="button" class="primary" data-testid={`end-step-${a.side}`} title={`${a.name} has finished this step (E)`} onClick={() => controller.endStep(a.side)}>
            {/* Name the side only when there is a button per side (solo, both sides acting). */}
            {enders.length > 1 ? `End step · ${a.name}` : 'End step'}
          </button>
        ))}
      </div>
    </nav>
  );
}

export function mountPhaseBar(host: HTMLElement, session: SessionApi, play: PlayStoreApi, controller: PlayController): () => void {
  return mount(host, <PhaseBar session={session} play={play} controller={controller} />);
}

/**
 * The AI opponent's bar, in a game against the AI: whom it commands and how strongly, a
 * "thinking" indicator while it works out a move (in its worker: the page stays live), and the
 * person's two controls — pause it (and resume), or take over its side and play on solo.
 */
import { gameOf, type SessionApi } from '../store/session';
import type { PlayController } from './controller';
import { mount } from './mount';
import type { PlayStoreApi } from './playStore';
import { useStore } from './useStore';

export const AI_LEVELS = [
  { id: 'scripted', label: 'Steady', note: 'plays its scripts: keeps its line, fires, charges when the odds are good' },
  { id: 'search', label: 'Cunning', note: 'tries its scripts against each other in playouts before each step' },
] as const;

export function AiBar({ session, play, controller }: { readonly session: SessionApi; readonly play: PlayStoreApi; readonly controller: PlayController }) {
  const ai = useStore(play, (s) => (s.mode === 'ai' ? s.ai : null));
  const sideName = useStore(session, (s) => (ai ? (s.battle?.setup.sides.find((x) => x.id === ai.side)?.name ?? ai.side) : ''));
  const over = useStore(session, (s) => s.battle === null || gameOf(s.battle).result !== undefined);
  if (!ai) return <div class="ai-bar" data-testid="ai-bar" hidden />;
  const level = AI_LEVELS.find((l) => l.id === ai.level)?.label ?? ai.level;
  const status = over ? 'The battle is over.' : ai.paused ? 'Paused.' : ai.thinking ? 'Thinking…' : 'Waiting for you.';
  return (
    <div class="ai-bar" data-testid="ai-bar" role="status" aria-live="polite">
      <span class="ai-who">
        {sideName} — the AI ({level})
      </span>
      <span class={`ai-status${ai.thinking && !ai.paused ? ' thinking' : ''}`} data-testid="ai-status" data-thinking={ai.thinking && !ai.paused ? 'true' : 'false'}>
        {status}
      </span>
      <span class="ai-actions">
        <button type="button" data-testid="ai-pause" disabled={over} title={ai.paused ? 'Let the AI play on' : 'Stop the AI giving commands until you resume it'} onClick={() => controller.pauseAi(!ai.paused)}>
          {ai.paused ? 'Resume the AI' : 'Pause the AI'}
        </button>
        <button type="button" data-testid="ai-take-over" disabled={over} title={`Command the ${sideName} yourself and play on solo`} onClick={() => controller.takeOverAi()}>
          Take over
        </button>
      </span>
    </div>
  );
}

export function mountAiBar(host: HTMLElement, session: SessionApi, play: PlayStoreApi, controller: PlayController): () => void {
  return mount(host, <AiBar session={session} play={play} controller={controller} />);
}

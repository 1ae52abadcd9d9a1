/**
 * The hot-seat hand-over screen: covers the whole page while control passes to the other
 * player. Under it the page shows only what both sides may see (the viewer is nobody); the
 * next player's view appears when they click "I am <side>".
 */
import { useEffect, useRef } from 'preact/hooks';
import type { SessionApi } from '../store/session';
import type { PlayController } from './controller';
import { mount } from './mount';
import type { PlayStoreApi } from './playStore';
import { useStore } from './useStore';

interface Props {
  readonly session: SessionApi;
  readonly play: PlayStoreApi;
  readonly controller: PlayController;
}

export function HandOverScreen({ session, play, controller }: Props) {
  const to = useStore(play, (s) => s.handover);
  const setup = useStore(session, (s) => s.battle?.setup);
  const go = useRef<HTMLButtonElement>(null);
  const shown = to !== null && setup !== undefined;
  useEffect(() => {
    if (shown) go.current?.focus();
  }, [shown, to]);
  if (!shown) return <div class="handover" role="dialog" aria-modal="true" data-testid="handover" hidden />;
  const name = setup.sides.find((s) => s.id === to)?.name ?? to;
  const other = setup.sides.find((s) => s.id !== to)?.name ?? 'the other player';
  return (
    <div class="handover" role="dialog" aria-modal="true" aria-labelledby="handover-title" data-testid="handover">
      <div class="handover-card">
        <div class="handover-kicker">Hot-seat</div>
        <h2 id="handover-title" data-testid="handover-title">{`Pass to ${name}`}</h2>
        <p>{`${other}: hand the screen over and look away. ${name}: click below when you are ready; your own orders and rolls will show, the other side's stay hidden.`}</p>
        <button ref={go} type="button" class="primary big" data-testid="handover-confirm" onClick={() => controller.iAm(to)}>
          {`I am ${name}`}
        </button>
      </div>
    </div>
  );
}

export function mountHandOver(host: HTMLElement, session: SessionApi, play: PlayStoreApi, controller: PlayController): () => void {
  return mount(host, <HandOverScreen session={session} play={play} controller={controller} />);
}

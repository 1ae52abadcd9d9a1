/** The help overlay: the keyboard shortcuts, read from the same table the key handler uses. */
import { useEffect, useRef } from 'preact/hooks';
import { mount } from './mount';
import type { PlayStoreApi } from './playStore';
import { SHORTCUTS } from './shortcuts';
import { useStore } from './useStore';

export function HelpOverlay({ play }: { readonly play: PlayStoreApi }) {
  const open = useStore(play, (s) => s.overlay === 'help');
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) close.current?.focus();
  }, [open]);
  return (
    <div class="modal-backdrop" data-testid="help" hidden={!open} onClick={(e) => e.target === e.currentTarget && play.getState().open('none')}>
      <div class="modal help" role="dialog" aria-modal="true" aria-labelledby="help-title">
        <h2 id="help-title">Keys</h2>
        <table class="keys">
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s.action}>
                <td>
                  {s.keys.map((k, i) => (
                    <span key={k}>
                      {i ? ' ' : ''}
                      <kbd>{k}</kbd>
                    </span>
                  ))}
                </td>
                <td>{s.label}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p class="hint">On the table: click a piece to inspect it, drag empty ground to pan, use the wheel to zoom.</p>
        <div class="modal-actions">
          <button ref={close} type="button" class="primary" onClick={() => play.getState().open('none')}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}

export function mountHelp(host: HTMLElement, play: PlayStoreApi): () => void {
  return mount(host, <HelpOverlay play={play} />);
}

/** Binds the shortcut table (shortcuts.ts) to the window's keys. */
import type { UiStoreApi } from '../store/uiStore';
import type { PlayController } from './controller';
import type { PlayStoreApi } from './playStore';
import { actionForKey } from './shortcuts';

export interface ShortcutTargets {
  readonly controller: PlayController;
  readonly play: PlayStoreApi;
  readonly ui: UiStoreApi;
  /** Open the file chooser to load a save. */
  pickLoad(): void;
  /** Is a battle in progress (else only help, new battle and load work)? */
  hasBattle(): boolean;
  /** Frame the whole table. */
  fit?(): void;
}

/** Text fields and selects take letters themselves; a focused button does not (its keys are Space and Enter). */
const isField = (t: EventTarget | null): boolean =>
  t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(t.tagName));

export function installShortcuts(target: Window, t: ShortcutTargets): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (e.defaultPrevented || e.repeat) return;
    const a = actionForKey({ key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, shiftKey: e.shiftKey, altKey: e.altKey, inField: isField(e.target) });
    if (!a) return;
    const p = t.play.getState();
    if (a === 'escape') {
      if (p.question) p.answer(null);
      else if (p.alert) p.showAlert(null);
      else if (p.overlay === 'help' || p.overlay === 'battles') p.open('none');
      else if (p.overlay === 'playtest') p.open(t.hasBattle() ? 'none' : 'start');
      else if (p.overlay === 'start' && t.hasBattle()) p.open('none');
      else {
        t.ui.getState().setTool('select');
        t.ui.getState().select(null);
        t.ui.getState().notify(null);
      }
      return;
    }
    // A modal window or the hand-over screen is up: its own buttons only.
    if (p.handover !== null || p.alert !== null || p.question !== null || p.overlay === 'start' || p.overlay === 'battles') return;
    e.preventDefault();
    switch (a) {
      case 'help':
        p.open(p.overlay === 'help' ? 'none' : 'help');
        return;
      case 'newBattle':
        p.open('start');
        return;
      case 'load':
        t.pickLoad();
        return;
      case 'fit':
        t.fit?.();
        return;
      case 'tape':
      case 'sight':
        t.ui.getState().setTool(t.ui.getState().tool === a ? 'select' : a);
        return;
    }
    if (p.overlay === 'help' || !t.hasBattle()) return;
    if (a === 'endStep') t.controller.endStep();
    else if (a === 'undo') t.controller.undo();
    else if (a === 'redo') t.controller.redo();
    else if (a === 'save') t.controller.save();
  };
  target.addEventListener('keydown', onKey);
  return () => target.removeEventListener('keydown', onKey);
}

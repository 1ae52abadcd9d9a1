/** The header's controls: the table's tools, new battle, undo, redo, save, load, concede, help. */
import { createRef } from 'preact';
import { entriesFor } from '../engine/history';
import type { SessionApi } from '../store/session';
import type { ToolName, UiStoreApi } from '../store/uiStore';
import type { PlayController } from './controller';
import { FileInput } from './FileInput';
import { mount } from './mount';
import type { PlayStoreApi } from './playStore';
import { useStore } from './useStore';

// The table's tools (drawn by the canvas): select and move, measuring tape, line of sight.
const TOOLS: readonly (readonly [ToolName, string, string])[] = [
  ['select', 'Select', 'Select and move pieces (Esc)'],
  ['tape', 'Tape', 'Measure between two points or stands (M)'],
  ['sight', 'Sight', 'Check the line of sight between two points or stands (V)'],
];

interface Props {
  readonly session: SessionApi;
  readonly play: PlayStoreApi;
  readonly controller: PlayController;
  readonly ui: UiStoreApi;
  readonly loader: ReturnType<typeof createRef<HTMLInputElement>>;
  /** The browser keeps battles: offer the list of them. */
  readonly library: boolean;
}

export function Toolbar({ session, play, controller, ui, loader, library }: Props) {
  const tool = useStore(ui, (s) => s.tool);
  const b = useStore(session, (s) => s.battle);
  const viewer = useStore(session, (s) => s.viewer);
  const covered = useStore(play, (s) => s.handover !== null);
  const off = !b || covered;
  // Say why undo would be refused before the player tries (a roll cannot be taken back).
  const blocked = b && !covered ? controller.undoBlocker() : undefined;
  return (
    <div class="toolbar" role="toolbar" aria-label="Battle">
      <FileInput inputRef={loader} accept=".json,application/json" testId="load-input" onText={(text, name) => void controller.loadFile(text, name)} />
      {TOOLS.map(([t, label, title]) => (
        <button key={t} type="button" class="tool" data-testid={`tool-${t}`} title={title} aria-pressed={tool === t} onClick={() => ui.getState().setTool(t)}>
          {label}
        </button>
      ))}
      <span class="sep" />
      <button type="button" data-testid="new-battle" title="Start another battle (N)" onClick={() => play.getState().open('start')}>
        New battle
      </button>
      {library ? (
        <button type="button" data-testid="saved-battles" title="Battles kept in this browser: resume, replay, rename, export" onClick={() => play.getState().open('battles')}>
          Battles
        </button>
      ) : null}
      <button type="button" data-testid="playtest-button" title="Play a scenario many times with computer players and read whether it is balanced" onClick={() => play.getState().open('playtest')}>
        Playtest
      </button>
      <span class="sep" />
      <button type="button" data-testid="undo" class={blocked ? 'blocked' : undefined} disabled={off} title={blocked ? `Undo (Z): ${blocked.message}` : b && !covered ? 'Undo the last command (Z)' : 'Undo (Z)'} onClick={() => controller.undo()}>
        ↶ Undo
      </button>
      <button type="button" data-testid="redo" disabled={off || entriesFor(b.history.redoStack, viewer).length === 0} title="Redo (Y)" onClick={() => controller.redo()}>
        ↷ Redo
      </button>
      <span class="sep" />
      <button type="button" data-testid="save" disabled={off} title="Save the battle to a file (S)" onClick={() => controller.save()}>
        Save
      </button>
      <button type="button" data-testid="load" title="Load a battle from a file (L)" onClick={() => loader.current?.click()}>
        Load
      </button>
      <span class="sep" />
      <button type="button" data-testid="concede" disabled={off || controller.concedingSide() === undefined} title="A side gives up the battle" onClick={() => void controller.askConcede()}>
        Concede…
      </button>
      <button type="button" class="round" data-testid="help-button" title="Keys (?)" aria-label="Help" onClick={() => play.getState().open(play.getState().overlay === 'help' ? 'none' : 'help')}>
        ?
      </button>
    </div>
  );
}

export function mountToolbar(host: HTMLElement, session: SessionApi, play: PlayStoreApi, controller: PlayController, ui: UiStoreApi, library = false): { dispose(): void; pickLoad(): void } {
  const loader = createRef<HTMLInputElement>();
  const dispose = mount(host, <Toolbar session={session} play={play} controller={controller} ui={ui} loader={loader} library={library} />);
  return { dispose, pickLoad: () => loader.current?.click() };
}

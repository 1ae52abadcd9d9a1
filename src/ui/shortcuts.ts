/**
 * Keyboard shortcuts for the common actions, as data: the help overlay lists this table and
 * the key handler reads it. Pure: `actionForKey` takes the fields of a KeyboardEvent it needs.
 */
export type ShortcutAction = 'tape' | 'sight' | 'fit' | 'endStep' | 'undo' | 'redo' | 'save' | 'load' | 'newBattle' | 'help' | 'escape';

export interface Shortcut {
  readonly action: ShortcutAction;
  /** Keys as the help shows them. */
  readonly keys: readonly string[];
  readonly label: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { action: 'tape', keys: ['M'], label: 'Measuring tape (again: back to selecting)' },
  { action: 'sight', keys: ['V'], label: 'Line of sight (again: back to selecting)' },
  { action: 'fit', keys: ['F'], label: 'Fit the whole table in view' },
  { action: 'endStep', keys: ['E'], label: 'End the step (for the first side still to act that you command)' },
  { action: 'undo', keys: ['Z', 'Ctrl+Z'], label: 'Undo the last command (never a die roll)' },
  { action: 'redo', keys: ['Y', 'Ctrl+Y', 'Ctrl+Shift+Z'], label: 'Redo' },
  { action: 'save', keys: ['S', 'Ctrl+S'], label: 'Save the battle to a file' },
  { action: 'load', keys: ['L', 'Ctrl+O'], label: 'Load a battle from a file' },
  { action: 'newBattle', keys: ['N'], label: 'New battle' },
  { action: 'help', keys: ['?', 'F1'], label: 'Show or hide this help' },
  { action: 'escape', keys: ['Esc'], label: 'Close a window; else back to selecting, and clear the selection' },
];

export interface KeyInput {
  readonly key: string;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
  readonly shiftKey?: boolean;
  readonly altKey?: boolean;
  /** The element with focus is a text field, select or button (its keys are its own). */
  readonly inField?: boolean;
}

export function actionForKey(k: KeyInput): ShortcutAction | null {
  const mod = k.ctrlKey === true || k.metaKey === true;
  if (k.key === 'Escape') return 'escape';
  if (k.inField || k.altKey) return null;
  const key = k.key.length === 1 ? k.key.toLowerCase() : k.key;
  if (mod) {
    if (key === 'z') return k.shiftKey ? 'redo' : 'undo';
    if (key === 'y') return 'redo';
    if (key === 's') return 'save';
    if (key === 'o') return 'load';
    return null;
  }
  if (key === '?' || key === 'F1') return 'help';
  switch (key) {
    case 'e':
      return 'endStep';
    case 'm':
      return 'tape';
    case 'v':
      return 'sight';
    case 'f':
      return 'fit';
    case 'z':
      return 'undo';
    case 'y':
      return 'redo';
    case 's':
      return 'save';
    case 'l':
      return 'load';
    case 'n':
      return 'newBattle';
    default:
      return null;
  }
}

/** The keyboard: each common action has a key, and keys typed into fields are left alone. */
import { describe, expect, it } from 'vitest';
import { actionForKey, SHORTCUTS } from '../../src/ui/shortcuts';

describe('keyboard shortcuts', () => {
  it.each([
    [{ key: 'e' }, 'endStep'],
    [{ key: 'm' }, 'tape'],
    [{ key: 'v' }, 'sight'],
    [{ key: 'f' }, 'fit'],
    [{ key: 'E', shiftKey: true }, 'endStep'],
    [{ key: 'z' }, 'undo'],
    [{ key: 'z', ctrlKey: true }, 'undo'],
    [{ key: 'Z', ctrlKey: true, shiftKey: true }, 'redo'],
    [{ key: 'z', metaKey: true, shiftKey: true }, 'redo'],
    [{ key: 'y' }, 'redo'],
    [{ key: 'y', ctrlKey: true }, 'redo'],
    [{ key: 's' }, 'save'],
    [{ key: 's', ctrlKey: true }, 'save'],
    [{ key: 'o', ctrlKey: true }, 'load'],
    [{ key: 'l' }, 'load'],
    [{ key: 'n' }, 'newBattle'],
    [{ key: '?', shiftKey: true }, 'help'],
    [{ key: 'F1' }, 'help'],
    [{ key: 'Escape' }, 'escape'],
  ] as const)('%o → %s', (k, action) => {
    expect(actionForKey(k)).toBe(action);
  });

  it('ignores keys typed into a field, except Escape', () => {
    expect(actionForKey({ key: 'e', inField: true })).toBeNull();
    expect(actionForKey({ key: 'z', ctrlKey: true, inField: true })).toBeNull();
    expect(actionForKey({ key: 'Escape', inField: true })).toBe('escape');
  });

  it('ignores Alt combinations and keys it does not know', () => {
    expect(actionForKey({ key: 'e', altKey: true })).toBeNull();
    expect(actionForKey({ key: 'q' })).toBeNull();
    expect(actionForKey({ key: 'x', ctrlKey: true })).toBeNull();
  });

  it('lists every action in the help, each with a key the handler accepts', () => {
    const actions = new Set(SHORTCUTS.map((s) => s.action));
    expect(actions).toEqual(new Set(['tape', 'sight', 'fit', 'endStep', 'undo', 'redo', 'save', 'load', 'newBattle', 'help', 'escape']));
    for (const s of SHORTCUTS) {
      const first = s.keys[0]!;
      const key = first === 'Esc' ? 'Escape' : first.replace(/^Ctrl\+(Shift\+)?/, '');
      expect(actionForKey({ key, ctrlKey: first.startsWith('Ctrl+'), shiftKey: first.includes('Shift+') })).toBe(s.action);
    }
  });
});

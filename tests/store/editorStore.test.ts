import { describe, expect, it } from 'vitest';
import { createEditorStore, DRAFT_KEY, readDraft } from '../../src/store/editorStore';
import { emptyDraft } from '../../src/scenario/editor/ops';
import { RULESETS } from '../../src/rules/registry';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('The editor store', () => {
  it('keeps the draft across a reload and lists its problems a moment after each change', async () => {
    const storage = memoryStorage();
    const ed = createEditorStore({ storage, rulesets: () => RULESETS, checkDelayMs: 1 });
    expect(ed.getState().apply({ op: 'setSettings', patch: { title: 'Kept' } })).toBe(true);
    await wait(400);
    expect(ed.getState().checking).toBe(false);
    expect(ed.getState().problems.map((p) => p.path)).toContain('$.units');
    expect(readDraft(storage)?.title).toBe('Kept');
    const again = createEditorStore({ storage, rulesets: () => RULESETS, checkDelayMs: 1 });
    expect(again.getState().history.draft.title).toBe('Kept');
  });
  it('says why an edit is refused and undoes and redoes', () => {
    const ed = createEditorStore({ storage: null, rulesets: () => RULESETS, initial: emptyDraft() });
    expect(ed.getState().apply({ op: 'setSettings', patch: { turnLimit: 0 } })).toBe(false);
    expect(ed.getState().notice).toMatch(/^Not done: a turn limit/);
    ed.getState().apply({ op: 'setSettings', patch: { turnLimit: 5 } });
    ed.getState().undo();
    expect(ed.getState().history.draft.turnLimit).toBe(12);
    ed.getState().redo();
    expect(ed.getState().history.draft.turnLimit).toBe(5);
  });
  it('ignores a stored draft that is not a scenario', () => {
    const storage = memoryStorage();
    storage.setItem(DRAFT_KEY, '{"format":"something else"}');
    expect(readDraft(storage)).toBeNull();
  });
});

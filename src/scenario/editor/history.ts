/**
 * The editor's undo and redo: a list of scenarios before the present one and a list after it
 * (the scenario is an immutable value, so each entry is a whole scenario sharing what did not
 * change). A refused edit changes nothing and is not history; a new edit clears the redo list.
 */
import { applyEdit, type Draft, type EditOp } from './ops';

export interface EditorHistory {
  readonly draft: Draft;
  readonly past: readonly Draft[];
  readonly future: readonly Draft[];
}

/** Undo steps kept; the oldest drop off. */
export const UNDO_LIMIT = 200;

export const startHistory = (draft: Draft): EditorHistory => ({ draft, past: [], future: [] });

export type Edited = { readonly ok: true; readonly history: EditorHistory } | { readonly ok: false; readonly reason: string; readonly history: EditorHistory };

/** Apply one edit (or several as one undo step). */
export function edit(h: EditorHistory, ops: EditOp | readonly EditOp[]): Edited {
  let d = h.draft;
  for (const op of Array.isArray(ops) ? (ops as readonly EditOp[]) : [ops as EditOp]) {
    const r = applyEdit(d, op);
    if (!r.ok) return { ok: false, reason: r.reason, history: h };
    d = r.draft;
  }
  if (d === h.draft) return { ok: true, history: h };
  return { ok: true, history: { draft: d, past: [...h.past, h.draft].slice(-UNDO_LIMIT), future: [] } };
}

/** Replace the scenario (a file opened, a new table) as one undoable step. */
export function replaceDraft(h: EditorHistory, d: Draft): EditorHistory {
  return { draft: d, past: [...h.past, h.draft].slice(-UNDO_LIMIT), future: [] };
}

export const canUndo = (h: EditorHistory): boolean => h.past.length > 0;
export const canRedo = (h: EditorHistory): boolean => h.future.length > 0;

export function undo(h: EditorHistory): EditorHistory {
  if (!h.past.length) return h;
  return { draft: h.past[h.past.length - 1]!, past: h.past.slice(0, -1), future: [h.draft, ...h.future] };
}

export function redo(h: EditorHistory): EditorHistory {
  if (!h.future.length) return h;
  return { draft: h.future[0]!, past: [...h.past, h.draft], future: h.future.slice(1) };
}

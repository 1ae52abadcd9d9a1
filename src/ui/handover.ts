/**
 * Who looks at the screen. Solo: the referee (one person commands both sides). Hot-seat: the
 * side whose turn it is; when the side to act changes while hidden information is in play,
 * the screen is covered ("Pass to Austrians") and the page shows only what both sides may
 * see until the next player says who they are. Pure decisions, tested in tests/ui.
 */
import type { AnyEvent } from '../engine/command';
import { currentState, type History, type HistoryEntry } from '../engine/history';
import type { SideId } from '../engine/model';
import type { AnyRuleset } from '../engine/ruleset';
import type { Position } from '../engine/state';
import { viewFor, type Viewer } from '../engine/view';

/** Solo: one person, both sides. Hot-seat: two people at one screen. AI: one person against a program, who sees only his side. */
export type PlayMode = 'solo' | 'hotseat' | 'ai';

/**
 * The viewer while the screen is handed over: a side that is nobody, so a ruleset's view
 * hides every side's secrets and `eventsFor` drops every side's private events.
 */
export const NOBODY: SideId = '(hand-over)';

/** True when the ruleset could hide anything from a side: a `view`, or secret steps. */
export function hasHiddenInformation(module: AnyRuleset): boolean {
  return module.view !== undefined || module.sequence.phases.some((p) => p.steps.some((s) => s.secret === true));
}

const restricted = (e: AnyEvent, sides: readonly SideId[]) => e.visibleTo !== undefined && sides.some((s) => !e.visibleTo!.includes(s));
const entrySecrets = new WeakMap<HistoryEntry, boolean>();

/**
 * Is hidden information in play now? True when the current step is secret, when the log holds
 * an event one side may not see (a face-down order given earlier stays private in the log), or
 * when the ruleset's view now shows the sides different things (hidden deployment, unrevealed
 * orders). A ruleset whose optional hidden rules are off plays hot-seat without hand-overs.
 */
export function hiddenInPlay(module: AnyRuleset, history: History, sides: readonly SideId[]): boolean {
  if (!hasHiddenInformation(module)) return false;
  const state = currentState(history);
  const phase = module.sequence.phases.find((p) => p.id === state.position.phase);
  if (phase?.steps.find((s) => s.id === state.position.step)?.secret === true) return true;
  if (history.initialEvents.some((e) => restricted(e, sides))) return true;
  for (const entry of history.entries) {
    let secret = entrySecrets.get(entry);
    if (secret === undefined) entrySecrets.set(entry, (secret = entry.secret || entry.events.some((e) => restricted(e, sides))));
    if (secret) return true;
  }
  if (!module.view) return false;
  const all = viewFor(module, state, 'referee');
  for (const side of sides) {
    const v = viewFor(module, state, side);
    if (v.battle === all.battle && v.ruleset === all.ruleset) continue;
    // PERF: only when the view made new objects; a ruleset that hides nothing returns its own.
    if (JSON.stringify([v.battle, v.ruleset]) !== JSON.stringify([all.battle, all.ruleset])) return true;
  }
  return false;
}

/** Sides that may still act in the current step. */
export const waitingSides = (p: Pick<Position, 'actors' | 'done'>): SideId[] => p.actors.filter((a) => !p.done.includes(a));

export interface ViewerInput {
  readonly mode: PlayMode;
  readonly hidden: boolean;
  readonly viewer: Viewer;
  /** The side the screen is being handed to, while the hand-over screen is up. */
  readonly pending: SideId | null;
  readonly waiting: readonly SideId[];
  readonly over: boolean;
  /** Against the AI: the person's side, the only one the screen ever shows until the battle is over. */
  readonly human?: SideId;
}

export type ViewerDecision =
  | { readonly kind: 'stay' }
  /** Show this viewer at once (no secrets to keep, or solo). */
  | { readonly kind: 'switch'; readonly viewer: Viewer }
  /** Cover the screen and wait for `to` to say who they are. */
  | { readonly kind: 'handover'; readonly to: SideId };

export function decideViewer(i: ViewerInput): ViewerDecision {
  if (i.mode === 'ai' && !i.over && i.human !== undefined) return i.viewer === i.human && i.pending === null ? { kind: 'stay' } : { kind: 'switch', viewer: i.human };
  if (i.mode === 'solo' || i.mode === 'ai' || i.over) {
    return i.viewer === 'referee' && i.pending === null ? { kind: 'stay' } : { kind: 'switch', viewer: 'referee' };
  }
  if (i.pending !== null) {
    if (i.waiting.includes(i.pending) || i.waiting.length === 0) return { kind: 'stay' };
    return { kind: 'handover', to: i.waiting[0]! };
  }
  if (i.waiting.length === 0) return { kind: 'stay' };
  if (i.viewer !== 'referee' && i.viewer !== NOBODY && i.waiting.includes(i.viewer)) return { kind: 'stay' };
  const next = i.waiting[0]!;
  return i.hidden ? { kind: 'handover', to: next } : { kind: 'switch', viewer: next };
}

/** Sides a viewer may give commands for: both for the referee, its own for a side. */
export function commandsFor(viewer: Viewer, sides: readonly SideId[]): SideId[] {
  if (viewer === 'referee') return [...sides];
  return sides.includes(viewer) ? [viewer] : [];
}

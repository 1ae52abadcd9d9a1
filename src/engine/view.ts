/**
 * What one side may see. The rest of the app reads views, never the raw state: a view drops
 * the dice generator's state and the seed (with them the next rolls could be foreseen), and
 * whatever the ruleset's `view` hides (face-down orders), and in a secret step every change the
 * other side made in it (withheld.ts). `eventsFor` drops events that are not `visibleTo` the viewer.
 */
import type { AnyEvent, Command } from './command';
import { dropPrototypes, hasId } from './ids';
import type { SideId } from './model';
import type { AnyRuleset } from './ruleset';
import type { Battle, GameResult, GameState, Position } from './state';

/** Who is looking: a side, or 'referee' (solo play and tests: everything but the dice state). */
export type Viewer = SideId | 'referee';

export interface GameView {
  readonly viewer: Viewer;
  readonly rulesetId: string;
  readonly options: unknown;
  readonly tables: unknown;
  readonly battle: Battle;
  readonly ruleset: unknown;
  readonly position: Position;
  readonly commandCount: number;
  readonly result?: GameResult;
}

export function viewFor(module: AnyRuleset, state: GameState, viewer: Viewer): GameView {
  // In a secret step a side sees its own copy: the other side's changes are held back (withheld.ts).
  const held = viewer === 'referee' || !state.withheld || !hasId(state.withheld.seen, viewer) ? undefined : state.withheld.seen[viewer];
  const shown = held ? { ...state, battle: held.battle, ruleset: held.ruleset } : state;
  const seen = viewer === 'referee' || !module.view ? { battle: shown.battle, ruleset: shown.ruleset } : module.view(shown, viewer);
  // A view the ruleset built, or a side's held-back copy, keeps records without prototype too (ids.ts).
  if (seen.ruleset !== state.ruleset) dropPrototypes(seen.ruleset);
  return {
    viewer,
    rulesetId: state.rulesetId,
    options: state.options,
    tables: state.tables,
    battle: seen.battle,
    ruleset: seen.ruleset,
    position: state.position,
    commandCount: held?.commandCount ?? state.commandCount,
    ...(state.result ? { result: state.result } : {}),
  };
}

export const canSee = (event: AnyEvent, viewer: Viewer): boolean =>
  viewer === 'referee' || event.visibleTo === undefined || event.visibleTo.includes(viewer);

export function eventsFor(events: readonly AnyEvent[], viewer: Viewer): AnyEvent[] {
  return events.filter((e) => canSee(e, viewer));
}

/** A command as `viewer` may see it in a history list: another side's secret command is masked. */
export function commandFor(command: Command, secret: boolean, viewer: Viewer): Command {
  return !secret || viewer === 'referee' || viewer === command.side ? command : { type: 'hidden', side: command.side };
}

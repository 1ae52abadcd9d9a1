/**
 * What one side may see. The rest of the app reads views, never the raw state: a view drops
 * the dice generator's state and the seed (with them the next rolls could be foreseen), and
 * whatever the ruleset's `view` hides (face-down orders). `eventsFor` drops events that are
 * not `visibleTo` the viewer.
 */
import type { AnyEvent, Command } from './command';
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
  const seen = viewer === 'referee' || !module.view ? { battle: state.battle, ruleset: state.ruleset } : module.view(state, viewer);
  return {
    viewer,
    rulesetId: state.rulesetId,
    options: state.options,
    tables: state.tables,
    battle: seen.battle,
    ruleset: seen.ruleset,
    position: state.position,
    commandCount: state.commandCount,
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

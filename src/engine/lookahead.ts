/**
 * What the engine gives a player that is a program (src/ai): the same view a person gets, never
 * the state. Four things, all pure:
 *
 *   - `legalFor(module, state, side, sampler)` — the ruleset's sample of commands, computed from
 *     `viewFor(module, state, side)`. A ruleset's `legalCommands` receives only that view (its
 *     type has no dice, no seed, nothing the view hides), so it cannot leak hidden information.
 *   - `determinise(module, view, side, sampler, diceSeed)` — a full state for look-ahead: the
 *     view's public parts, the ruleset's plausible values for what the view hides (NW: the face-
 *     down orders; SYW: unknown CinC counters), and dice seeded by the caller. The real dice
 *     state is in no view, so nothing built from a view can foresee a real roll.
 *   - `applyHypothetical(module, state, command, dice)` — apply a command to such a state with the
 *     caller's own dice (`applyCommand` underneath, so every rule and step check holds).
 *   - `evaluate` and `metrics` — the ruleset's score of a view for one side, and its per-side
 *     figures of a finished or running game for reports (`RulesetModule.ai`).
 */
import type { Command, Rejection } from './command';
import { scriptDice, seedDice, type DiceState } from './dice';
import { applyCommand, type Applied } from './game';
import type { SideId } from './model';
import type { AnyRuleset, Sampler, SeenGame, SideMetrics } from './ruleset';
import { deriveSeed } from './seed';
import { STATE_VERSION, type GameState } from './state';
import { dropPrototypes } from './ids';
import { viewFor } from './view';

/**
 * Dice that refuse to roll: an empty strict script (dice.ts). A state built from a view for
 * reading (legal commands, previews) carries these, so a roll there is a programming error.
 */
export const NO_DICE: DiceState = scriptDice(seedDice(0), []);

/**
 * A state with a view's contents and the given dice (default: none). The seed is 0 — the real
 * seed is not in a view. For rulesets whose helpers take a `GameState` (a draft, a work object)
 * and for look-ahead.
 */
export function stateFromView<RS, O, T>(view: SeenGame<RS, O, T>, dice: DiceState = NO_DICE): GameState<RS, O, T> {
  return {
    version: STATE_VERSION,
    rulesetId: view.rulesetId,
    seed: 0,
    options: view.options,
    tables: view.tables,
    battle: view.battle,
    // A view may have come from another thread (a worker's message): its records get their null prototype back (ids.ts).
    ruleset: dropPrototypes(view.ruleset),
    dice,
    position: view.position,
    commandCount: view.commandCount,
    ...(view.result ? { result: view.result } : {}),
  };
}

/** The view one side has of the game, typed for a module (what `viewFor` returns). */
export const sideView = (module: AnyRuleset, state: GameState, side: SideId): SeenGame<unknown, unknown, unknown> =>
  viewFor(module, state, side) as SeenGame<unknown, unknown, unknown>;

/** The ruleset's sample of commands for `side`, computed from that side's view only. */
export function legalFor(module: AnyRuleset, state: GameState, side: SideId, sampler: Sampler): readonly Command[] {
  return module.legalCommands(sideView(module, state, side), side, sampler);
}

/**
 * A full state consistent with what `side` sees: hidden parts filled by the ruleset
 * (`ai.determinise`; without it, what is hidden stays absent) and dice seeded from `diceSeed`
 * (the caller's own stream — derive it with `deriveSeed`, never from the game's seed).
 */
export function determinise(module: AnyRuleset, view: SeenGame<unknown, unknown, unknown>, side: SideId, sampler: Sampler, diceSeed: number): GameState {
  if (view.viewer !== side) throw new RangeError(`a determinisation for ${side} starts from ${side}'s view, not ${String(view.viewer)}'s`);
  const filled = module.ai?.determinise ? module.ai.determinise(view, side, sampler) : { battle: view.battle, ruleset: view.ruleset };
  return stateFromView({ ...view, battle: filled.battle, ruleset: filled.ruleset }, seedDice(diceSeed));
}

/** Apply `command` to a look-ahead state with the caller's dice. The state need not be real. */
export function applyHypothetical(module: AnyRuleset, state: GameState, command: Command, dice: DiceState): Applied | Rejection {
  return applyCommand(module, { ...state, dice }, command);
}

/** The seed of look-ahead dice number `index` for a player whose own seed is `playerSeed`. */
export const lookaheadSeed = (playerSeed: number, index: number): number => deriveSeed(playerSeed, index, 'lookahead-dice');

/** The ruleset's score of `side`'s view (higher is better for `side`); 0 when it has none. */
export function evaluateFor(module: AnyRuleset, state: GameState, side: SideId): number {
  return module.ai?.evaluate ? module.ai.evaluate(sideView(module, state, side), side) : 0;
}

/** Per-side figures of a game for reports (referee's knowledge: the whole state). */
export function metricsOf(module: AnyRuleset, state: GameState): readonly SideMetrics[] {
  return module.ai?.metrics ? module.ai.metrics(state) : [];
}

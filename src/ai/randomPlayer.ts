/**
 * A random legal player: in any state, ask the ruleset for a sample of commands for a side
 * that must act (continuous moves sampled), try them in random order, and play the first the
 * engine accepts; finish the step now and then, and always when nothing else is accepted.
 * Used by property tests, `vedette play --auto random`, and later as the AI's baseline.
 */
import { ENGINE_COMMANDS, isRejection, type AnyEvent, type Command, type Rejection } from '../engine/command';
import { legalFor } from '../engine/lookahead';
import { applyCommand, type Applied } from '../engine/game';
import { currentState, record, type History } from '../engine/history';
import type { SideId } from '../engine/model';
import type { AnyRuleset, Sampler } from '../engine/ruleset';
import type { GameState } from '../engine/state';

export interface RandomPlayerOptions {
  /** Chance of ending the step instead of trying a command (default 0.1). */
  readonly endStepChance?: number;
  /** Candidates tried before giving up and ending the step (default 12). */
  readonly tries?: number;
  /** Commands one side may give in one step before it is made to end it (default 60). */
  readonly maxPerStep?: number;
}

export interface Choice {
  readonly command: Command;
  readonly applied: Applied;
  /** Candidates the engine refused on the way (useful to spot a ruleset offering bad moves). */
  readonly refused: readonly Rejection[];
}

/** The sides that must act now (actors who have not finished). */
export const waitingSides = (s: GameState): SideId[] => s.position.actors.filter((a) => !s.position.done.includes(a));

/** Choose and apply one command for `side`. Undefined when the game is over or `side` need not act. */
export function chooseCommand(module: AnyRuleset, state: GameState, side: SideId, sampler: Sampler, givenThisStep = 0, opts: RandomPlayerOptions = {}): Choice | undefined {
  if (state.result || !waitingSides(state).includes(side)) return undefined;
  const refused: Rejection[] = [];
  const endStep: Command = { type: 'endStep', side };
  const tryEnd = (): Choice | undefined => {
    const a = applyCommand(module, state, endStep);
    if (isRejection(a)) return undefined;
    return { command: endStep, applied: a, refused };
  };
  if (givenThisStep >= (opts.maxPerStep ?? 60) || sampler.chance(opts.endStepChance ?? 0.1)) return tryEnd();
  // The candidates come from this side's view only (engine lookahead.ts): never the state.
  const candidates = [...legalFor(module, state, side, sampler)].filter((c) => !ENGINE_COMMANDS.includes(c.type));
  const tries = Math.min(opts.tries ?? 12, candidates.length);
  for (let i = 0; i < tries; i++) {
    const j = sampler.int(i, candidates.length - 1);
    [candidates[i], candidates[j]] = [candidates[j]!, candidates[i]!];
    const c = candidates[i]!;
    const a = applyCommand(module, state, c);
    if (isRejection(a)) refused.push(a);
    else return { command: c, applied: a, refused };
  }
  return tryEnd();
}

export interface RandomGame {
  readonly history: History;
  readonly events: readonly AnyEvent[];
  readonly stoppedBy: 'result' | 'turns' | 'max-commands' | 'stuck';
  /** Every refusal with code 'internal-error' (a ruleset bug). */
  readonly internalErrors: readonly Rejection[];
}

export interface PlayRandomOptions extends RandomPlayerOptions {
  /** Stop when this turn would begin (the game continues to be resumable). */
  readonly maxTurns?: number;
  readonly maxCommands?: number;
  /** Called after each command (property tests check invariants here). */
  readonly onApplied?: (command: Command, applied: Applied) => void;
}

/** Play random legal commands for every side until the game ends or a limit is reached. */
export function playRandom(module: AnyRuleset, start: History, sampler: Sampler, opts: PlayRandomOptions = {}): RandomGame {
  let h = start;
  const events: AnyEvent[] = [];
  const internalErrors: Rejection[] = [];
  let given = 0;
  let stepKey = '';
  const maxCommands = opts.maxCommands ?? 100_000;
  for (let n = 0; n < maxCommands; n++) {
    const s = currentState(h);
    if (s.result) return { history: h, events, stoppedBy: 'result', internalErrors };
    if (opts.maxTurns !== undefined && s.position.turn > opts.maxTurns) return { history: h, events, stoppedBy: 'turns', internalErrors };
    const key = `${s.position.turn}/${s.position.slot}/${s.position.stepIndex}`;
    if (key !== stepKey) {
      stepKey = key;
      given = 0;
    }
    const waiting = waitingSides(s);
    if (waiting.length === 0) return { history: h, events, stoppedBy: 'stuck', internalErrors };
    const side = sampler.pick(waiting);
    const choice = chooseCommand(module, s, side, sampler, given, opts);
    if (!choice) return { history: h, events, stoppedBy: 'stuck', internalErrors };
    internalErrors.push(...choice.refused.filter((r) => r.code === 'internal-error'));
    given++;
    h = record(module, h, choice.command, choice.applied);
    events.push(...choice.applied.events);
    opts.onApplied?.(choice.command, choice.applied);
  }
  return { history: h, events, stoppedBy: 'max-commands', internalErrors };
}

/**
 * The random legal player, the one random player of Vedette: in any state, ask the ruleset for a
 * sample of commands for a side that must act (continuous moves sampled), try them in random
 * order, and play the first the rules accept; finish the step now and then, and always when
 * nothing else is accepted. `randomCommand` is the choice itself; `RandomLegalPlayer` is it as a
 * `Player` (the AI's baseline, `makePlayer('random')`), trying commands on what its side sees;
 * `chooseCommand` and `playRandom` drive it on a game state (property tests, `vedette play --auto
 * random`, batches), submitting each command to the engine as a person at the table does.
 */
import { ENGINE_COMMANDS, isRejection, type AnyEvent, type Command, type Rejection } from '../engine/command';
import { applyCommand, type Applied } from '../engine/game';
import { currentState, record, type History } from '../engine/history';
import type { SideId } from '../engine/model';
import type { AnyRuleset, Sampler } from '../engine/ruleset';
import type { GameState } from '../engine/state';
import { viewFor } from '../engine/view';
import { playerSampler, stepKey, Trier, waitingSides, type Player, type PlayerKind, type View } from './player';

export { waitingSides } from './player';

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

/**
 * The random choice: `endStep` now and then (chance `endStepChance`), after `maxPerStep` commands
 * in a step, or when none of `tries` sampled candidates is accepted by `accepts`; else the first
 * candidate, in random order, that it accepts. Candidates come from `view` only (engine
 * ruleset.legalCommands on a side's view).
 */
export function randomCommand(module: AnyRuleset, view: View, side: SideId, sampler: Sampler, givenThisStep: number, opts: RandomPlayerOptions, accepts: (c: Command) => boolean): Command {
  const endStep: Command = { type: 'endStep', side };
  if (view.result || givenThisStep >= (opts.maxPerStep ?? 60) || sampler.chance(opts.endStepChance ?? 0.1)) return endStep;
  const candidates = module.legalCommands(view, side, sampler).filter((c) => !ENGINE_COMMANDS.includes(c.type));
  const tries = Math.min(opts.tries ?? 12, candidates.length);
  for (let i = 0; i < tries; i++) {
    const j = sampler.int(i, candidates.length - 1);
    [candidates[i], candidates[j]] = [candidates[j]!, candidates[i]!];
    if (accepts(candidates[i]!)) return candidates[i]!;
  }
  return endStep;
}

/**
 * The random legal player as a `Player`: `randomCommand`, trying each candidate on a state
 * determinised from its view with its own dice (`Trier`), so it sends only what the rules accept
 * on what it sees.
 */
export class RandomLegalPlayer implements Player {
  readonly kind: PlayerKind = 'random';
  private readonly sampler: Sampler;
  private readonly trier: Trier;
  private key = '';
  private given = 0;
  constructor(seed: number, private readonly opts: RandomPlayerOptions = {}) {
    this.sampler = playerSampler(seed);
    this.trier = new Trier(seed);
  }
  decide(module: AnyRuleset, view: View, side: SideId): Command {
    const key = `${stepKey(view)}/${side}`;
    if (key !== this.key) {
      this.key = key;
      this.given = 0;
    }
    const c = randomCommand(module, view, side, this.sampler, this.given, this.opts, (x) => this.trier.accepts(module, view, side, x));
    if (c.type !== 'endStep') this.given++;
    return c;
  }
}

/**
 * Choose and apply one command for `side` on a game state: `randomCommand` on its side's view,
 * each candidate submitted to the engine (a refusal is all it learns). Undefined when the game
 * is over or `side` need not act.
 */
export function chooseCommand(module: AnyRuleset, state: GameState, side: SideId, sampler: Sampler, givenThisStep = 0, opts: RandomPlayerOptions = {}): Choice | undefined {
  if (state.result || !waitingSides(state).includes(side)) return undefined;
  const refused: Rejection[] = [];
  let applied: Applied | undefined;
  const command = randomCommand(module, viewFor(module, state, side) as View, side, sampler, givenThisStep, opts, (c) => {
    const a = applyCommand(module, state, c);
    if (isRejection(a)) refused.push(a);
    else applied = a;
    return !isRejection(a);
  });
  if (command.type === 'endStep') {
    const a = applyCommand(module, state, command);
    return isRejection(a) ? undefined : { command, applied: a, refused };
  }
  return { command, applied: applied!, refused };
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

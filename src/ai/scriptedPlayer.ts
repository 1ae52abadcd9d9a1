/**
 * The scripted player: each of its actors (units, or groups where the rules command groups) runs
 * the script the ruleset chooses for it (`AiScripts.choose`), and the player sends, one at a
 * time, the first command of that script the rules accept on what it sees; side-wide choices
 * (who has the initiative…) come first. When nothing is left to do it ends the step.
 *
 * Memory is per step: an actor is given at most `MAX_PER_ACTOR` commands in a step, never the
 * same one twice, and an actor none of whose commands the rules accept is left alone for the
 * rest of the step (so a step costs a bounded number of tries).
 */
import { ENGINE_COMMANDS, type Command } from '../engine/command';
import { evaluateFor } from '../engine/lookahead';
import type { SideId } from '../engine/model';
import type { GameState } from '../engine/state';
import type { AiScripts, AnyRuleset, Sampler } from '../engine/ruleset';
import { playerSampler, stepKey, Trier, type Player, type PlayerKind, type View } from './player';

/** Commands one actor may be given in one step (SYW: dress, move, charge; a group's units each shoot). */
export const MAX_PER_ACTOR = 8;
/** How far one command may lower the side's evaluation at once before the next candidate is preferred. */
export const HARM_TOLERANCE = 0.1;

type Scripts = AiScripts<unknown, unknown, unknown>;

export const scriptsOf = (module: AnyRuleset): Scripts | undefined => module.ai?.scripts;

/** What a player remembers within one step. */
interface StepMemory {
  key: string;
  sent: Set<string>;
  given: Map<string, number>;
  idle: Set<string>;
}

export class ScriptedPlayer implements Player {
  readonly kind: PlayerKind = 'scripted';
  protected readonly sampler: Sampler;
  protected readonly trier: Trier;
  private memory: StepMemory = { key: '', sent: new Set(), given: new Map(), idle: new Set() };

  constructor(protected readonly seed: number) {
    this.sampler = playerSampler(seed);
    this.trier = new Trier(seed);
  }

  /** The script `actor` runs now (the search player overrides this with its plan). */
  protected scriptFor(module: AnyRuleset, scripts: Scripts, view: View, side: SideId, actor: string): string {
    void module;
    // PERF: in a step whose commands no script changes (`AiScripts.sameForEveryScript`), none is chosen.
    if (scripts.sameForEveryScript?.(view)) return scripts.names[0]!;
    return scripts.choose(view, side, actor);
  }

  /** The state commands are tried on: one determinised from the view (a playout has its own). */
  protected trialState(module: AnyRuleset, view: View, side: SideId): GameState {
    return this.trier.stateFor(module, view, side);
  }

  /** The state `command` would leave on what `side` sees, or undefined when the rules refuse it. */
  protected tryOn(module: AnyRuleset, view: View, side: SideId, command: Command): GameState | undefined {
    return this.trier.attempt(module, view, side, command);
  }

  /** A command passed over untried (the ruleset knows the rules refuse it) uses up what its try would have. */
  protected passOver(module: AnyRuleset, view: View, side: SideId): void {
    this.trier.passOver(module, view, side);
  }

  /** Called once when the player first decides in a step (the search player plans here). */
  protected onNewStep(_module: AnyRuleset, _scripts: Scripts, _view: View, _side: SideId): void {}

  /** Called before every later decision in the same step (the search player plans again here, for the actors still to act). */
  protected onNextDecision(_module: AnyRuleset, _scripts: Scripts, _view: View, _side: SideId): void {}

  /** Whether `actor` has been given no command yet in this step and is not left alone. */
  protected untouched(actor: string): boolean {
    return !this.memory.given.has(actor) && !this.memory.idle.has(actor);
  }

  decide(module: AnyRuleset, view: View, side: SideId): Command {
    const endStep: Command = { type: 'endStep', side };
    if (view.result) return endStep;
    const scripts = scriptsOf(module);
    if (!scripts) return this.anyLegal(module, view, side) ?? endStep;
    const key = `${stepKey(view)}/${side}`;
    if (this.memory.key !== key) {
      this.memory = { key, sent: new Set(), given: new Map(), idle: new Set() };
      this.onNewStep(module, scripts, view, side);
    } else this.onNextDecision(module, scripts, view, side);
    const m = this.memory;
    const fresh = (c: Command) => !m.sent.has(JSON.stringify(c));
    const send = (c: Command, actor?: string): Command => {
      m.sent.add(JSON.stringify(c));
      if (actor !== undefined) m.given.set(actor, (m.given.get(actor) ?? 0) + 1);
      return c;
    };
    for (const c of scripts.sideCommands?.(view, side, this.sampler) ?? []) if (fresh(c) && this.sound(module, scripts, view, side, c)) return send(c);
    for (const actor of scripts.actors(view, side)) {
      if (m.idle.has(actor) || (m.given.get(actor) ?? 0) >= MAX_PER_ACTOR) continue;
      const script = this.scriptFor(module, scripts, view, side, actor);
      const c = this.firstSound(module, scripts, view, side, scripts.commands(view, side, actor, script, this.sampler).filter(fresh));
      if (c) return send(c, actor);
      m.idle.add(actor);
    }
    return endStep;
  }

  /**
   * The first command the rules accept that does not cost the side dearly at once, tried on what
   * it sees with its own dice: a move that would disorder its own troops (passing through friends,
   * a marsh) is passed over for the next. When every accepted command costs, the least costly.
   */
  private firstSound(module: AnyRuleset, scripts: Scripts, view: View, side: SideId, commands: readonly Command[]): Command | undefined {
    let base: number | undefined;
    let least: { c: Command; v: number } | undefined;
    for (const c of commands) {
      // PERF: a command the ruleset knows the rules refuse (`AiScripts.refuses`) is passed over
      // untried; one it knows they accept, leaving the evaluation as it was (`accepts`), is sent untried.
      if (scripts.refuses?.(view, side, c)) {
        this.passOver(module, view, side);
        continue;
      }
      if (scripts.accepts?.(view, side, c)) {
        this.passOver(module, view, side);
        return c;
      }
      const after = this.tryOn(module, view, side, c);
      if (!after) continue;
      base ??= evaluateFor(module, this.trialState(module, view, side), side);
      const v = evaluateFor(module, after, side);
      if (v >= base - HARM_TOLERANCE) return c;
      if (!least || v > least.v) least = { c, v };
    }
    return least?.c;
  }

  /** Do the rules accept the side-wide command `c` on what `side` sees? Tried, unless the ruleset knows (`AiScripts.accepts`). */
  private sound(module: AnyRuleset, scripts: Scripts, view: View, side: SideId, c: Command): boolean {
    if (scripts.accepts?.(view, side, c)) {
      this.passOver(module, view, side);
      return true;
    }
    return this.tryOn(module, view, side, c) !== undefined;
  }

  /** A ruleset without scripts: the first of its sampled legal commands the rules accept. */
  private anyLegal(module: AnyRuleset, view: View, side: SideId): Command | undefined {
    const key = `${stepKey(view)}/${side}`;
    if (this.memory.key !== key) this.memory = { key, sent: new Set(), given: new Map(), idle: new Set() };
    const c = module.legalCommands(view, side, this.sampler).find((x) => !ENGINE_COMMANDS.includes(x.type) && !this.memory.sent.has(JSON.stringify(x)) && this.trier.accepts(module, view, side, x));
    if (c) this.memory.sent.add(JSON.stringify(c));
    return c;
  }
}

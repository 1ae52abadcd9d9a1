/**
 * The search player: portfolio greedy search (Churchill & Buro, "Portfolio Greedy Search and
 * Simulation for Large-Scale Combat in StarCraft", 2013) over the ruleset's scripts.
 *
 * When its side first acts in a step, every actor starts on the script the scripted player
 * would run (`AiScripts.choose`). Then, while the time budget lasts, it takes each actor in turn
 * and tries every other script of the portfolio for it, keeping a change when playouts score the
 * new assignment higher; it sweeps the actors again while a sweep improves anything. A playout
 * determinises its side's view (the hidden parts filled by the ruleset, engine lookahead.ts),
 * plays its side by the assignment and every other side by the scripted player, with dice of its
 * own (`lookaheadSeed`), to the end of the game turn, and scores the end with the ruleset's
 * `evaluate` (a win or loss counts beyond any evaluation). Every assignment is scored on the same
 * determinisations (common random numbers), so a change is compared on the same luck, and a
 * change is kept only when it scores better on every one of them (`betterEverywhere`).
 *
 * The budget is milliseconds on the clock it is given, read once before each assignment is
 * scored: with `playoutClock` (tests) it counts assignments and the search is deterministic.
 * The plan then runs like the scripted player for the rest of the step.
 */
import { isRejection, type Command, type Rejection } from '../engine/command';
import { applyCommand, type Applied } from '../engine/game';
import { determinise, evaluateFor, lookaheadSeed } from '../engine/lookahead';
import type { SideId } from '../engine/model';
import type { AiScripts, AnyRuleset } from '../engine/ruleset';
import { deriveSeed } from '../engine/seed';
import type { GameState } from '../engine/state';
import { viewFor } from '../engine/view';
import { waitingSides, type Clock, type PlayerKind, type View } from './player';
import { makeSampler } from './sampler';
import { ScriptedPlayer } from './scriptedPlayer';

type Scripts = AiScripts<unknown, unknown, unknown>;

/** Determinisations each assignment is scored on. */
export const PLAYOUT_SAMPLES = 2;
/** Commands a playout may run before it is scored where it stands. */
export const PLAYOUT_MAX_COMMANDS = 600;
/**
 * How much better an assignment must score to replace the one held: playouts with their own dice
 * are noisy, and a change on noise makes the search worse than its scripts (about a stand lost
 * in a small army, on the rulesets' evaluations).
 */
export const MIN_GAIN = 0.05;
/** What a decided battle is worth in a playout, beyond any evaluation (evaluations lie in about ±6). */
const WIN_SCORE = 20;

/**
 * Whether scores `v` beat `held`, determinisation by determinisation: better on every one and by
 * MIN_GAIN on their mean. A change that wins on one fill of the hidden parts and loses on another
 * bets on what cannot be seen, and playouts with their own dice reward such bets by luck.
 */
export function betterEverywhere(v: readonly number[], held: readonly number[], mean: (xs: readonly number[]) => number): boolean {
  return v.every((x, k) => x > held[k]!) && mean(v) > mean(held) + MIN_GAIN;
}

/**
 * A scripted player inside a playout, whose scripts for some actors are fixed (the assignment a
 * playout tries; none for the other side). The playout's state is already a determinisation of
 * the searcher's view with the searcher's own dice, so a command is tried on it directly, once,
 * and the playout keeps that result instead of applying the command again.
 * PERF: about a third of the applies of a player that determinises each view and tries a
 * command three ways, so a decision's budget scores several times the assignments.
 */
class PlayoutPlayer extends ScriptedPlayer {
  /** The playout's state when `decide` is called; the views it is given are views of it. */
  at: GameState | undefined;
  private tried = new Map<string, Applied>();
  constructor(seed: number, private readonly assignment: ReadonlyMap<string, string>) {
    super(seed);
  }
  protected override scriptFor(module: AnyRuleset, scripts: Scripts, view: View, side: SideId, actor: string): string {
    return this.assignment.get(actor) ?? super.scriptFor(module, scripts, view, side, actor);
  }
  protected override trialState(module: AnyRuleset, view: View, side: SideId): GameState {
    return this.at ?? super.trialState(module, view, side);
  }
  protected override tryOn(module: AnyRuleset, view: View, side: SideId, command: Command): GameState | undefined {
    if (!this.at) return super.tryOn(module, view, side, command);
    const a = applyCommand(module, this.at, command);
    if (isRejection(a)) return undefined;
    this.tried.set(JSON.stringify(command), a);
    return a.state;
  }
  protected override passOver(module: AnyRuleset, view: View, side: SideId): void {
    if (!this.at) super.passOver(module, view, side);
  }
  /** The next command and what it does to the playout's state `s`. */
  step(module: AnyRuleset, s: GameState, side: SideId): { command: Command; applied: Applied | Rejection } {
    this.at = s;
    this.tried.clear();
    const command = this.decide(module, viewFor(module, s, side) as View, side);
    return { command, applied: this.tried.get(JSON.stringify(command)) ?? applyCommand(module, s, command) };
  }
}

export interface SearchStats {
  /** Assignments scored in the last plan (each on PLAYOUT_SAMPLES playouts). */
  readonly scored: number;
  readonly actors: number;
  /** Actors whose script the search changed from the scripted choice. */
  readonly changed: number;
}

export class SearchPlayer extends ScriptedPlayer {
  override readonly kind: PlayerKind = 'search';
  private plan = new Map<string, string>();
  private decisions = 0;
  lastStats: SearchStats = { scored: 0, actors: 0, changed: 0 };

  constructor(seed: number, private readonly budgetMs: number, private readonly clock: Clock) {
    super(seed);
  }

  protected override scriptFor(module: AnyRuleset, scripts: Scripts, view: View, side: SideId, actor: string): string {
    return this.plan.get(actor) ?? super.scriptFor(module, scripts, view, side, actor);
  }

  protected override onNewStep(module: AnyRuleset, scripts: Scripts, view: View, side: SideId): void {
    this.plan = new Map();
    const actors = scripts.actors(view, side);
    const decision = this.decisions++;
    if (actors.length === 0 || scripts.names.length < 2) return;
    const deadline = this.clock.now() + this.budgetMs;
    const initial = new Map(actors.map((a) => [a, scripts.choose(view, side, a)]));
    const fills = Array.from({ length: PLAYOUT_SAMPLES }, (_, k) => determinise(module, view, side, makeSampler(deriveSeed(this.seed, decision * PLAYOUT_SAMPLES + k, 'playout-fill')), lookaheadSeed(this.seed, 1_000_000 + decision * PLAYOUT_SAMPLES + k)));
    // One score per determinisation: a change must win on each of them, not on their mean.
    const score = (asg: ReadonlyMap<string, string>): number[] => fills.map((s, k) => this.playout(module, s, side, asg, deriveSeed(this.seed, decision * PLAYOUT_SAMPLES + k, 'playout-players')));
    const mean = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
    let scored = 0;
    let best = initial;
    let bestScores: number[] | undefined;
    if (this.clock.now() < deadline) {
      bestScores = score(initial);
      scored++;
    }
    sweeps: for (let sweep = 0; sweep < 4 && bestScores; sweep++) {
      let improved = false;
      for (const actor of actors) {
        for (const name of scripts.names) {
          if (name === best.get(actor)) continue;
          if (this.clock.now() >= deadline) break sweeps;
          const trial = new Map(best).set(actor, name);
          const v = score(trial);
          scored++;
          if (betterEverywhere(v, bestScores, mean)) {
            best = trial;
            bestScores = v;
            improved = true;
          }
        }
      }
      if (!improved) break;
    }
    this.plan = best;
    this.lastStats = { scored, actors: actors.length, changed: actors.filter((a) => best.get(a) !== initial.get(a)).length };
  }

  /** Play `start` (a determinised state) to the end of the turn (or as far as the ruleset's `playoutDone` asks): `side` by `asg`, the others scripted. */
  private playout(module: AnyRuleset, start: GameState, side: SideId, asg: ReadonlyMap<string, string>, seed: number): number {
    const players = new Map<SideId, PlayoutPlayer>(start.battle.sides.map((x, i) => [x.id, new PlayoutPlayer(deriveSeed(seed, i, x.id === side ? 'me' : 'them'), x.id === side ? asg : new Map())]));
    const turn = start.position.turn;
    const done = module.ai?.scripts?.playoutDone;
    let s = start;
    for (let n = 0; n < PLAYOUT_MAX_COMMANDS && !s.result && (done ? !done(start, s) : s.position.turn === turn); n++) {
      const waiting = waitingSides(s);
      const who = s.battle.sides.map((x) => x.id).find((id) => waiting.includes(id));
      if (who === undefined) break;
      let a = players.get(who)!.step(module, s, who).applied;
      if (isRejection(a)) {
        a = applyCommand(module, s, { type: 'endStep', side: who });
        if (isRejection(a)) break;
      }
      s = a.state;
    }
    if (s.result) return s.result.winner === side ? WIN_SCORE : s.result.winner === undefined ? 0 : -WIN_SCORE;
    return evaluateFor(module, s, side);
  }
}

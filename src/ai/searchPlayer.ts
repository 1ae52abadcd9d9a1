/**
 * The search player: portfolio greedy search (Churchill & Buro, "Portfolio Greedy Search and
 * Simulation for Large-Scale Combat in StarCraft", 2013) over the ruleset's scripts.
 *
 * When its side first acts in a step, every actor starts on the script the scripted player
 * would run (`AiScripts.choose`). Then, while the time budget lasts, it takes each actor in turn
 * and tries every other script of the portfolio that gives it other commands now
 * (`distinctScripts`), keeping a change when playouts score the new assignment higher; it sweeps
 * the actors again while a sweep improves anything (optionally it searches again before each
 * later command of the step, for the actors still to act: `SearchOptions.eachDecision`).
 * A playout determinises its side's view (the hidden parts filled by the ruleset, engine
 * lookahead.ts), plays its side by the assignment and every other side by the scripted player,
 * with dice of its own (`lookaheadSeed`), to the end of the game turn, and scores the end with
 * the ruleset's `evaluate` (a win or loss counts beyond any evaluation). Every assignment is
 * scored on the same determinisations (common random numbers), so a change is compared on the
 * same luck, and a change is kept only when it scores better on every one of them (`betterEverywhere`).
 *
 * The budget is milliseconds on the clock it is given, read once before each assignment is
 * scored: with `playoutClock` (tests) it counts assignments and the search is deterministic.
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
/**
 * Further determinisations a change that passed on the first PLAYOUT_SAMPLES must also win on
 * before it is kept. Measured (shako, 8 assignments a decision): changes kept on two playouts
 * alone scored no better than the scripted choice on fresh determinisations (6 better, 6 worse),
 * so a change that is only luck is sent back to be tried on luck it has not seen.
 */
export const CONFIRM_SAMPLES = 2;
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
  /** Scripts worth trying over all actors: those that give their actor other commands now than its held script. */
  readonly alternatives: number;
  /** Actors whose script the search changed from the scripted choice. */
  readonly changed: number;
}

/**
 * For each actor, the scripts that give it different commands now, the held one first: scripts
 * that give an actor the same commands in this step are the same choice here (the next step is
 * planned afresh), so only one of each is scored. `commandsOf` is asked with one sampler stream
 * per script, the same for every script, so sampled choices do not make equal scripts differ.
 */
export function distinctScripts(names: readonly string[], held: string, commandsOf: (script: string) => readonly Command[]): string[] {
  const seen = new Map<string, string>();
  const out: string[] = [];
  for (const name of [held, ...names.filter((n) => n !== held)]) {
    const key = JSON.stringify(commandsOf(name));
    if (seen.has(key)) continue;
    seen.set(key, name);
    out.push(name);
  }
  return out;
}

export interface SearchOptions {
  /**
   * Search again before every later command of a step, for the actors still to act, from what
   * the side now sees (its earlier commands' real dice known), each time within the budget;
   * otherwise (the default) the plan made at the step's first command stands for the step.
   * Off by default: it multiplies the search's CPU time a battle by about three (NW, two turns at
   * six assignments a decision: 6.3 s against 2.3 s) and no gain in battles has been measured yet.
   */
  readonly eachDecision?: boolean;
  /**
   * Game turns a playout runs before it is scored: 1 (the default) to the end of this turn, or as
   * far as the ruleset's `playoutDone` asks; more to let a change's consequences (a charge
   * declared now, fought next turn) reach the evaluation.
   */
  readonly playoutTurns?: number;
  /** Whether a change must also win on CONFIRM_SAMPLES fresh determinisations (default true). */
  readonly confirm?: boolean;
}

export class SearchPlayer extends ScriptedPlayer {
  override readonly kind: PlayerKind = 'search';
  /** Actor → the script it runs in this step; an actor without one runs the scripted choice. */
  private plan = new Map<string, string>();
  /** Actors whose script the search changed in this step (kept when it plans again). */
  private changedHere = new Set<string>();
  private decisions = 0;
  lastStats: SearchStats = { scored: 0, actors: 0, alternatives: 0, changed: 0 };
  /** Every search of this player so far, summed (the AI bench prints them): searches, those with an alternative to score, assignments scored, searches that changed a script. */
  readonly totals = { searches: 0, withAlternatives: 0, scored: 0, changing: 0 };

  constructor(seed: number, private readonly budgetMs: number, private readonly clock: Clock, private readonly options: SearchOptions = {}) {
    super(seed);
  }

  protected override scriptFor(module: AnyRuleset, scripts: Scripts, view: View, side: SideId, actor: string): string {
    return this.plan.get(actor) ?? super.scriptFor(module, scripts, view, side, actor);
  }

  protected override onNewStep(module: AnyRuleset, scripts: Scripts, view: View, side: SideId): void {
    this.plan = new Map();
    this.changedHere = new Set();
    this.search(module, scripts, view, side, scripts.actors(view, side));
  }

  protected override onNextDecision(module: AnyRuleset, scripts: Scripts, view: View, side: SideId): void {
    if (this.options.eachDecision !== true) return;
    const waiting = scripts.actors(view, side).filter((a) => this.untouched(a));
    // Those already acting keep their scripts; those still to act are planned again from here.
    for (const a of waiting) if (!this.changedHere.has(a)) this.plan.delete(a);
    this.search(module, scripts, view, side, waiting);
  }

  /**
   * Portfolio greedy search over `actors` (the rest of the side keep their scripts): each starts on
   * its held script (the search's earlier change in this step, else the scripted choice), then
   * each other script that changes what it does now is scored, sweep after sweep while the budget lasts.
   */
  private search(module: AnyRuleset, scripts: Scripts, view: View, side: SideId, actors: readonly string[]): void {
    const decision = this.decisions++;
    if (actors.length === 0 || scripts.names.length < 2) return;
    const deadline = this.clock.now() + this.budgetMs;
    const initial = new Map(this.plan);
    for (const a of actors) if (!initial.has(a)) initial.set(a, scripts.choose(view, side, a));
    // The budget goes to real alternatives only: an actor none of whose scripts changes what it does now is not searched.
    const options = new Map(actors.map((a) => [a, distinctScripts(scripts.names, initial.get(a)!, (name) => scripts.commands(view, side, a, name, makeSampler(deriveSeed(this.seed, decision, 'alternatives'))))]));
    const searched = actors.filter((a) => options.get(a)!.length > 1);
    const alternatives = searched.reduce((n, a) => n + options.get(a)!.length - 1, 0);
    this.plan = initial;
    this.totals.searches++;
    if (searched.length === 0) {
      this.lastStats = { scored: 0, actors: actors.length, alternatives, changed: 0 };
      return;
    }
    const FILLS = PLAYOUT_SAMPLES + CONFIRM_SAMPLES;
    const fill = (k: number) => determinise(module, view, side, makeSampler(deriveSeed(this.seed, decision * FILLS + k, 'playout-fill')), lookaheadSeed(this.seed, 1_000_000 + decision * FILLS + k));
    const fills: GameState[] = [];
    // One score per determinisation: a change must win on each of them, not on their mean.
    const score = (asg: ReadonlyMap<string, string>, from: number, count: number): number[] =>
      Array.from({ length: count }, (_, i) => {
        const k = from + i;
        fills[k] ??= fill(k);
        return this.playout(module, fills[k], side, asg, deriveSeed(this.seed, decision * FILLS + k, 'playout-players'));
      });
    const mean = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
    const confirm = this.options.confirm !== false && CONFIRM_SAMPLES > 0;
    let scored = 0;
    let best = initial;
    let bestScores: number[] | undefined;
    /** The held assignment's scores on the confirming determinisations, once asked for. */
    let bestConfirm: number[] | undefined;
    if (this.clock.now() < deadline) {
      bestScores = score(initial, 0, PLAYOUT_SAMPLES);
      scored++;
    }
    sweeps: for (let sweep = 0; sweep < 4 && bestScores; sweep++) {
      let improved = false;
      for (const actor of searched) {
        for (const name of options.get(actor)!) {
          if (name === best.get(actor)) continue;
          if (this.clock.now() >= deadline) break sweeps;
          const trial = new Map(best).set(actor, name);
          const v = score(trial, 0, PLAYOUT_SAMPLES);
          scored++;
          if (!betterEverywhere(v, bestScores, mean)) continue;
          let c: number[] | undefined;
          if (confirm) {
            // Confirm on determinisations the screen did not see (the held assignment scored on them once).
            if (!bestConfirm) {
              if (this.clock.now() >= deadline) break sweeps;
              bestConfirm = score(best, PLAYOUT_SAMPLES, CONFIRM_SAMPLES);
              scored++;
            }
            if (this.clock.now() >= deadline) break sweeps;
            c = score(trial, PLAYOUT_SAMPLES, CONFIRM_SAMPLES);
            scored++;
            if (!betterEverywhere(c, bestConfirm, mean)) continue;
          }
          best = trial;
          bestScores = v;
          bestConfirm = c;
          improved = true;
        }
      }
      if (!improved) break;
    }
    this.plan = best;
    const changed = actors.filter((a) => best.get(a) !== initial.get(a));
    for (const a of changed) this.changedHere.add(a);
    this.totals.withAlternatives++;
    this.totals.scored += scored;
    if (changed.length > 0) this.totals.changing++;
    this.lastStats = { scored, actors: actors.length, alternatives, changed: changed.length };
  }

  /** Play `start` (a determinised state) to the end of the turn (or as far as the ruleset's `playoutDone` asks, or `playoutTurns` turns): `side` by `asg`, the others scripted. */
  protected playout(module: AnyRuleset, start: GameState, side: SideId, asg: ReadonlyMap<string, string>, seed: number, turns = this.options.playoutTurns ?? 1): number {
    const players = new Map<SideId, PlayoutPlayer>(start.battle.sides.map((x, i) => [x.id, new PlayoutPlayer(deriveSeed(seed, i, x.id === side ? 'me' : 'them'), x.id === side ? asg : new Map())]));
    const turn = start.position.turn;
    const done = turns <= 1 ? module.ai?.scripts?.playoutDone : undefined;
    let s = start;
    for (let n = 0; n < PLAYOUT_MAX_COMMANDS * turns && !s.result && (done ? !done(start, s) : s.position.turn < turn + turns); n++) {
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

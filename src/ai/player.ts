/**
 * The one interface of a player that is a program: from what its side sees (a view), with its
 * own seeded generator and a time budget, choose the next command. Every built-in player —
 * random, scripted, search — is a `Player`; `makePlayer(kind, options)` builds one, and
 * `playBattle` lets players command the sides of a game until it ends.
 *
 * A player never reads the game state: `decide` gets a view (engine view.ts), and whatever it
 * tries before answering it tries on a determinised copy with its own dice (engine
 * lookahead.ts). It answers only with a command the rules accept on what it sees, or `endStep`.
 */
import { isRejection, type AnyEvent, type Command, type Rejection } from '../engine/command';
import { applyCommand, type Applied } from '../engine/game';
import { currentState, record, type History } from '../engine/history';
import { applyHypothetical, determinise, lookaheadSeed } from '../engine/lookahead';
import type { SideId } from '../engine/model';
import type { AnyRuleset, Sampler, SeenGame } from '../engine/ruleset';
import type { GameState } from '../engine/state';
import { scriptDice, seedDice, type DiceRolled } from '../engine/dice';
import { viewFor } from '../engine/view';
import { deriveSeed } from '../engine/seed';
import { makeSampler } from './sampler';

/** What a player sees: one side's view of the game, typed loosely (any ruleset). */
export type View = SeenGame<unknown, unknown, unknown>;

/**
 * Milliseconds from some fixed point. Passed in (the AI layer reads no clock of its own):
 * `performance.now` in the app and the CLI; `playoutClock` in tests, where a budget then counts
 * playouts and a search is deterministic.
 */
export interface Clock {
  now(): number;
}

/** A clock that moves `msPerRead` each time it is read: a search reads it once a playout. */
export function playoutClock(msPerRead = 1): Clock {
  let t = 0;
  return { now: () => (t += msPerRead) };
}

export type PlayerKind = 'random' | 'scripted' | 'search';
export const PLAYER_KINDS: readonly PlayerKind[] = ['random', 'scripted', 'search'];

export interface PlayerOptions {
  /** The player's own seed (derive it from the battle's with `playerSeed`, never the dice seed). */
  readonly seed: number;
  /** Thinking time a decision may take, in milliseconds (search; default 100). */
  readonly budgetMs?: number;
  /** The clock the budget is measured on (required by the search player). */
  readonly clock?: Clock;
}

export interface Player {
  readonly kind: PlayerKind;
  /** The next command for `side`, seeing only `view` (its own): one the rules accept, or `endStep`. */
  decide(module: AnyRuleset, view: View, side: SideId): Command;
}

/** The sides that must act now (actors who have not finished). */
export const waitingSides = (s: { position: GameState['position'] }): SideId[] => s.position.actors.filter((a) => !s.position.done.includes(a));

/** The key of the step a position stands in: a player's memory of "this step" starts afresh when it changes. */
export const stepKey = (v: { position: GameState['position'] }): string => `${v.position.turn}/${v.position.slot}/${v.position.stepIndex}`;

/**
 * Tries commands on what a side sees: a state determinised from its view (the hidden parts
 * filled with plausible values) and dice of its own. Nothing here reads the real state.
 */
export class Trier {
  private n = 0;
  private cache?: { view: View; n: number; state?: GameState };
  constructor(private readonly seed: number) {}

  /** The seeds of `view`'s determinisation, taken when the view is first met (see stateFor). */
  private reserve(view: View): { view: View; n: number; state?: GameState } {
    if (this.cache?.view !== view) {
      this.cache = { view, n: this.n };
      this.n += 2;
    }
    return this.cache;
  }

  /**
   * A state consistent with `view` for trying commands (one per view, reused). PERF: its seeds
   * are taken when the view is first met, the state built only when a command is tried on it.
   */
  stateFor(module: AnyRuleset, view: View, side: SideId): GameState {
    const c = this.reserve(view);
    c.state ??= determinise(module, view, side, makeSampler(deriveSeed(this.seed, c.n, 'determinise')), lookaheadSeed(this.seed, c.n + 1));
    return c.state;
  }

  /**
   * A command known to be refused, or known to be accepted (`AiScripts.refuses`, `accepts`), is
   * passed over untried: it still uses up the determinisation and look-ahead dice its try would
   * have had, so every later try is the same whether it was tried or not.
   */
  passOver(_module: AnyRuleset, view: View, _side: SideId): void {
    this.reserve(view);
    this.n++;
  }

  /** Does the engine accept `command` on what `side` sees? */
  accepts(module: AnyRuleset, view: View, side: SideId, command: Command): boolean {
    return this.attempt(module, view, side, command) !== undefined;
  }

  /**
   * The state `command` would leave on what `side` sees (its own dice), or undefined when the
   * rules refuse it. A command whose acceptance hangs on its own dice (SYW: a D4 off the move in
   * rough ground, (4) p.9) is tried again with every die at its lowest and at its highest face,
   * and is refused if either refuses it: a player cannot know the real roll, so it offers only
   * what holds whatever the dice say (when the rolls are monotone, as the rulebooks' are). A
   * command type the ruleset says is settled before any roll (a prompt, a shot) is tried once.
   */
  attempt(module: AnyRuleset, view: View, side: SideId, command: Command): GameState | undefined {
    const state = this.stateFor(module, view, side);
    const r = applyHypothetical(module, state, command, seedDice(lookaheadSeed(this.seed, this.n++)));
    if (isRejection(r)) return undefined;
    const rolls = r.events.filter((e): e is DiceRolled => e.type === 'DiceRolled');
    // Types whose acceptance no die decides (`AiScripts.settledBeforeDice`) are proved by one try.
    if (rolls.length === 0 || module.ai?.scripts?.settledBeforeDice?.includes(command.type)) return r.state;
    const sides: number[] = [];
    for (const roll of rolls) {
      const m = /^(\d*)d(\d+)$/.exec(roll.dice);
      if (!m || roll.emulated || m[2] === '100') return r.state;
      for (let i = 0; i < roll.faces.length; i++) sides.push(Number(m[2]));
    }
    for (const faces of [sides.map(() => 1), sides]) {
      const x = applyHypothetical(module, state, command, scriptDice(seedDice(lookaheadSeed(this.seed, this.n++)), faces));
      // A different number of dice under other faces (internal-error from the strict script) proves nothing.
      if (isRejection(x) && x.code !== 'internal-error') return undefined;
    }
    return r.state;
  }
}

export interface PlayedBattle {
  readonly history: History;
  readonly events: readonly AnyEvent[];
  readonly stoppedBy: 'result' | 'turns' | 'max-commands' | 'stuck';
  /** Commands a player gave that the engine refused (a player should give none). */
  readonly refused: readonly { readonly side: SideId; readonly command: Command; readonly rejection: Rejection }[];
}

export interface PlayBattleOptions {
  /** Stop when this turn would begin. */
  readonly maxTurns?: number;
  readonly maxCommands?: number;
  /** Commands one side may give in one step before it is made to end it (default 400). */
  readonly maxPerStep?: number;
  readonly onApplied?: (side: SideId, command: Command, applied: Applied) => void;
}

/**
 * Let `players` (one per side id) command a game from `start` until it ends or a limit is hit.
 * Each player sees its side's view only. When both sides act at once (NW's face-down orders),
 * the first waiting side in the scenario's order goes first; the steps are secret, so the order
 * gives nothing away. A refused command is recorded and the side's step ended for it.
 */
export function playBattle(module: AnyRuleset, start: History, players: Readonly<Record<SideId, Player>>, opts: PlayBattleOptions = {}): PlayedBattle {
  let h = start;
  const events: AnyEvent[] = [];
  const refused: { side: SideId; command: Command; rejection: Rejection }[] = [];
  const maxCommands = opts.maxCommands ?? 100_000;
  let key = '';
  let given = 0;
  for (let n = 0; n < maxCommands; n++) {
    const s = currentState(h);
    if (s.result) return { history: h, events, stoppedBy: 'result', refused };
    if (opts.maxTurns !== undefined && s.position.turn > opts.maxTurns) return { history: h, events, stoppedBy: 'turns', refused };
    const waiting = waitingSides(s);
    const side = s.battle.sides.map((x) => x.id).find((id) => waiting.includes(id)) ?? waiting[0];
    if (side === undefined) return { history: h, events, stoppedBy: 'stuck', refused };
    const k = `${stepKey(s)}/${side}`;
    if (k !== key) {
      key = k;
      given = 0;
    }
    const player = players[side];
    if (!player) throw new RangeError(`no player for side ${side}`);
    let command: Command = given >= (opts.maxPerStep ?? 400) ? { type: 'endStep', side } : player.decide(module, viewFor(module, s, side) as View, side);
    let applied = applyCommand(module, s, command);
    if (isRejection(applied)) {
      refused.push({ side, command, rejection: applied });
      command = { type: 'endStep', side };
      applied = applyCommand(module, s, command);
      if (isRejection(applied)) return { history: h, events, stoppedBy: 'stuck', refused };
    }
    given++;
    h = record(module, h, command, applied);
    events.push(...applied.events);
    opts.onApplied?.(side, command, applied);
  }
  return { history: h, events, stoppedBy: 'max-commands', refused };
}

/** A sampler for a player's choices, from its seed (the same seed, the same choices). */
export const playerSampler = (seed: number): Sampler => makeSampler(deriveSeed(seed, 0, 'choices'));

/**
 * The game state: everything needed to continue a battle, as plain immutable JSON.
 *
 *   battle   — the shared battle model (model.ts): table, terrain, sides, formations,
 *              generals, units and their stands. Ruleset-owned per-unit data lives in
 *              `unit.extra` / `general.extra`.
 *   ruleset  — the ruleset's own state (orders, initiative, morale markers…), typed `RS`.
 *   options  — the validated options (optional rules, base scale…), typed `O`.
 *   tables   — the tables in force (the ruleset's defaults with any house rules applied), `T`.
 *   dice     — the seeded generator's state (dice.ts). Never shown to players: a view omits it.
 *   seeding  — how the seed was expanded into `dice` (seed.ts); absent for version 1.
 *   position — where the game stands in the sequence of play.
 *   result   — set once the game is over.
 *   withheld — in a secret step, each side's copy without the other side's changes (withheld.ts).
 *
 * A state is never mutated; `applyCommand` returns a new one. Everything here is JSON so that
 * `stateHash` (hash.ts) can fingerprint it deterministically.
 */
import type { BattleSetup, SideId } from './model';
import type { DiceState } from './dice';
import type { SeedingVersion } from './seed';
import type { Withheld } from './withheld';

/** The battle model in play. Same shape as the scenario's setup; units move, stands are lost. */
export type Battle = BattleSetup;

/** Where the game stands. */
export interface Position {
  /** Game turn, from 1. */
  readonly turn: number;
  /** Index into this turn's schedule of phases (see `turnSchedule` in sequence.ts). */
  readonly slot: number;
  /** Index of the step within the phase. */
  readonly stepIndex: number;
  readonly phase: string;
  readonly step: string;
  /**
   * The phasing player in alternate-player phases (SYW: each player in turn runs the phasing
   * phases). In phases that are not per player it is the first side of `phasingOrder`.
   */
  readonly phasing: SideId;
  /** Order in which sides take their player turns this game turn (decided at turn start). */
  readonly phasingOrder: readonly SideId[];
  /** Sides that may act now. Empty: the engine is running the step. Two sides: simultaneous. */
  readonly actors: readonly SideId[];
  /** Actors who have ended their part of this step (`endStep`); they may not act again in it. */
  readonly done: readonly SideId[];
}

/** How a battle ended. */
export interface GameResult {
  /** The winning side; absent for a draw. */
  readonly winner?: SideId;
  /** The ruleset's words for the level of victory: 'decisive', 'marginal', 'draw'… */
  readonly level: string;
  /** Why, in a sentence: 'The Austrians lost a third of their units.' */
  readonly reason: string;
  readonly rule?: string;
  /** Victory points or other score, by side, where the ruleset counts them. */
  readonly score?: Readonly<Record<SideId, number>>;
}

export const STATE_VERSION = 1;

export interface GameState<RS = unknown, O = unknown, T = unknown> {
  readonly version: typeof STATE_VERSION;
  readonly rulesetId: string;
  readonly seed: number;
  /**
   * How the seed became the dice state (seed.ts). Absent: version 1, the raw seeding of games
   * begun before seeds were expanded (their saves replay to their hashes). 2: one expanded
   * stream. 3: a stream per command from the seed as key and the commands so far. New games: 4,
   * the same with a 128-bit key (held in `dice`, never in a view).
   */
  readonly seeding?: Exclude<SeedingVersion, 1>;
  readonly options: O;
  readonly tables: T;
  readonly battle: Battle;
  readonly ruleset: RS;
  readonly dice: DiceState;
  readonly position: Position;
  /** Commands applied so far (the length of the log that produced this state). */
  readonly commandCount: number;
  readonly result?: GameResult;
  /**
   * During a secret step, once a command has been given in it: what each side sees (the state
   * at the step's first command plus that side's own changes). Dropped when the step ends.
   */
  readonly withheld?: Withheld;
}

export const isOver = (s: GameState): boolean => s.result !== undefined;

/** The side that is not `side` (battles have exactly two sides). */
export function otherSide(battle: Battle, side: SideId): SideId {
  return battle.sides[0].id === side ? battle.sides[1].id : battle.sides[0].id;
}

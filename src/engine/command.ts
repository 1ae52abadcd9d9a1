/**
 * Commands in, events out. A command is a player's (or a script's) request, plain JSON so it
 * can be logged and saved; an event is what happened, plain JSON so the log explains itself;
 * a rejection says why a command was refused, with the rule behind the refusal.
 */
import type { SideId } from './model';
import type { DiceRolled } from './dice';
import type { GameResult } from './state';

/**
 * A request to change the game. `type` is imperative (`moveUnit`, `placeOrder`); `side` is the
 * side giving it. Every other field is the command's payload, validated by the schema the
 * ruleset declares for that type before its handler runs.
 */
export interface Command {
  readonly type: string;
  readonly side: SideId;
  readonly [field: string]: unknown;
}

/** Commands every game understands, whatever the ruleset. */
export type EngineCommand =
  /** The side has finished acting in the current step. */
  | { readonly type: 'endStep'; readonly side: SideId }
  /** The side gives up the battle (NW Victory: concession). */
  | { readonly type: 'concede'; readonly side: SideId };

export const ENGINE_COMMANDS: readonly string[] = ['endStep', 'concede'];

/**
 * Something that happened, past tense (`UnitMoved`, `OrderPlaced`). Rolls are `DiceRolled`
 * (dice.ts). `visibleTo` hides an event from the other side (face-down orders): views and
 * `eventsFor` drop it for anyone not listed.
 */
export interface GameEvent {
  readonly type: string;
  readonly visibleTo?: readonly SideId[];
  readonly rule?: string;
  readonly [field: string]: unknown;
}

export type AnyEvent = GameEvent | DiceRolled;

/** Why a command was refused. The state is untouched. */
export interface Rejection {
  readonly rejected: true;
  /** Machine-readable reason: 'out-of-range', 'not-your-turn', 'too-far'… */
  readonly code: string;
  /** A plain sentence for the player: 'The Hussars can move 12" but the path is 14".' */
  readonly message: string;
  /** The rule the refusal comes from: 'NW §Orders/Advance', or 'engine' for sequence rules. */
  readonly rule: string;
}

export function reject(code: string, message: string, rule: string): Rejection {
  return { rejected: true, code, message, rule };
}

export function isRejection(x: unknown): x is Rejection {
  return typeof x === 'object' && x !== null && (x as { rejected?: unknown }).rejected === true;
}

/** Events the engine itself emits while running the sequence of play. */
export type SequenceEvent =
  | { readonly type: 'GameStarted'; readonly rulesetId: string; readonly seed: number }
  | { readonly type: 'TurnStarted'; readonly turn: number; readonly phasingOrder: readonly SideId[] }
  | { readonly type: 'PhaseStarted'; readonly turn: number; readonly phase: string; readonly phasing: SideId }
  | { readonly type: 'StepStarted'; readonly turn: number; readonly phase: string; readonly step: string; readonly actors: readonly SideId[] }
  | { readonly type: 'SideFinishedStep'; readonly side: SideId; readonly step: string }
  | { readonly type: 'StepEnded'; readonly turn: number; readonly phase: string; readonly step: string }
  | { readonly type: 'PhaseEnded'; readonly turn: number; readonly phase: string }
  | { readonly type: 'TurnEnded'; readonly turn: number }
  | { readonly type: 'GameEnded'; readonly result: GameResult };

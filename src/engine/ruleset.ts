// STATUS: interface ready
/**
 * The one interface every ruleset implements. The engine knows no ruleset by name: it runs
 * whatever `RulesetModule` the registry (src/rules/registry.ts) hands it. A module supplies
 *
 *   - identity:    id, name, version, the unit players measure in;
 *   - options:     a zod schema (defaults included) plus descriptions for the start dialog —
 *                  optional rules, base sizes…;
 *   - dieEmulation: how a die is made from other dice (NW §6 2d6 for a d10), if ever;
 *   - tables:      typed data with a zod schema; house-rule files override them and are
 *                  validated against the same schema (houseRules.ts);
 *   - setup:       the ruleset's initial state from the scenario's battle (may roll dice);
 *   - sequence:    the sequence of play as data — phases of steps, who acts in each step,
 *                  which commands each step allows, onEnter/onExit hooks, when a step ends,
 *                  per-player phases and the phasing order for alternate-player games;
 *   - commands:    a schema and a handler per command type; a handler returns a change (new
 *                  battle/ruleset state, events) or a Rejection {code, message, rule};
 *   - legalCommands: a sample of plausible commands for a side (the random player, the AI);
 *   - view:        the state as one side may see it (hidden orders removed);
 *   - victory:     checked after every command and step; and the result at the turn limit.
 *
 * Handlers and hooks are pure: no clocks, no Math.random (dice come from `ctx.roll`), no
 * mutation of their inputs. They may throw only on a programming error; the engine turns a
 * throw into an `internal-error` rejection and leaves the state untouched.
 *
 * Units: distances are table millimetres (model.ts); inches/cm exist only inside the ruleset.
 * See src/engine/README.md for a worked example.
 */
import type { z } from 'zod';
import type { BattleSetup, SideId, TerrainFeature } from './model';
import type { SightRule } from '../geometry/sightIndex';
import type { Battle, GameResult, GameState } from './state';
import type { AnyEvent, Command, GameEvent, Rejection } from './command';
import type { DiceRolled, DieEmulations, RollSpec, TableRef } from './dice';

export type { Command, GameEvent, Rejection } from './command';
export { reject, isRejection } from './command';
export type { Battle, GameResult, GameState, Position } from './state';
export type { DiceRolled, RollSpec, Modifier, Target, TableRef, DiceCode, DieEmulation, DieEmulations, DrawDie, EmulationDetail } from './dice';

/** One thing wrong with an input (a JSON path from `$` and a plain sentence). Same shape as scenario's InputProblem. */
export interface Problem {
  readonly path: string;
  readonly message: string;
}

/**
 * What a handler or hook may do besides returning a change: roll dice (each roll is logged as a
 * `DiceRolled` event, in order with emitted events) and emit events.
 */
export interface Ctx {
  /** Roll and log. The returned event has faces, total, modified total, pass/fail, outcome. */
  roll(spec: RollSpec): DiceRolled;
  /** Log an event now (so it sits between the rolls around it). */
  emit(event: GameEvent): void;
}

/**
 * What a handler or hook changes. Omitted fields are unchanged. `events` are appended after
 * anything emitted through `ctx`. Setting `result` ends the game.
 */
export interface Change<RS> {
  readonly battle?: Battle;
  readonly ruleset?: RS;
  readonly events?: readonly GameEvent[];
  readonly result?: GameResult;
}

/** A hook run by the engine when entering/leaving a step or phase, or at a turn's start/end. */
export type Hook<RS, O, T> = (state: GameState<RS, O, T>, ctx: Ctx) => Change<RS> | void;

/**
 * Who acts in a step:
 *  - 'phasing' / 'non-phasing': relative to the phasing player (`position.phasing`);
 *  - 'both': both sides at once (simultaneous face-down orders); the step ends when both have
 *    sent `endStep` (or `endWhen` says so);
 *  - 'engine': nobody; the step's onEnter does the work and the engine moves on;
 *  - a function: computed on entering the step and again after every command, e.g. "the side
 *    with the initiative" or alternating activations. An empty list means the engine.
 */
export type ActorRule<RS, O, T> = 'phasing' | 'non-phasing' | 'both' | 'engine' | ((state: GameState<RS, O, T>) => readonly SideId[]);

export interface StepSpec<RS, O, T> {
  /** Unique within its phase; stable (saves and the UI refer to it). */
  readonly id: string;
  readonly name: string;
  readonly rule?: string;
  readonly actors: ActorRule<RS, O, T>;
  /** Ruleset command types allowed in this step. `endStep` and `concede` are always allowed to actors. */
  readonly commands: readonly string[];
  /**
   * Commands in this step are secret until it ends (NW: orders placed face down). Events emitted
   * during the step without an explicit `visibleTo` are shown only to the commanding side; the
   * UI hands over the screen between players. Reveal in `onExit`.
   */
  readonly secret?: boolean;
  /**
   * What a side has done when it ends this secret step, as every side's log says it, in the
   * plural ('placed their orders' → 'The French have placed their orders.'). The log shows this
   * one line per side and step instead of a line per secret command, which would count them.
   */
  readonly secretDone?: string;
  /** Skip the step entirely (no hooks run) when this returns false on reaching it. */
  readonly when?: (state: GameState<RS, O, T>) => boolean;
  readonly onEnter?: Hook<RS, O, T>;
  readonly onExit?: Hook<RS, O, T>;
  /**
   * Run when a side ends its part of this step (`endStep`), with that side already in
   * `position.done` and before the step is judged over: what the side still owed is settled
   * here (a choice it left open taken by default), not lazily inside the next side's command.
   */
  readonly onSideDone?: Hook<RS, O, T>;
  /** Checked after onEnter and after every command: true ends the step at once. */
  readonly endWhen?: (state: GameState<RS, O, T>) => boolean;
}

export interface PhaseSpec<RS, O, T> {
  readonly id: string;
  readonly name: string;
  readonly rule?: string;
  /**
   * Run once for each side in the turn's `phasingOrder`, that side phasing (SYW: the attacker's
   * phases, then the defender's). Consecutive per-player phases form one player turn: with phases
   * [A, B*, C*, D] (* per player) and order [x, y] a turn runs A, B(x), C(x), B(y), C(y), D.
   */
  readonly perPlayer?: boolean;
  readonly when?: (state: GameState<RS, O, T>) => boolean;
  readonly onEnter?: Hook<RS, O, T>;
  readonly onExit?: Hook<RS, O, T>;
  readonly steps: readonly StepSpec<RS, O, T>[];
}

export interface SequenceSpec<RS, O, T> {
  readonly phases: readonly PhaseSpec<RS, O, T>[];
  /** Order of player turns this game turn; called after `onTurnStart`. Default: scenario side order. */
  readonly phasingOrder?: (state: GameState<RS, O, T>) => readonly SideId[];
  readonly onTurnStart?: Hook<RS, O, T>;
  readonly onTurnEnd?: Hook<RS, O, T>;
}

/**
 * A command type. The engine validates a command against `schema` (which should check `type`
 * and `side` too, e.g. `z.object({type: z.literal('moveUnit'), side: z.string(), ...}).strict()`)
 * and rejects it with code 'bad-command' if it does not fit, so `handle` sees only well-formed
 * payloads.
 */
export interface CommandSpec<RS, O, T, C extends Command = Command> {
  readonly schema: z.ZodType<C>;
  /** One line for help text and the UI: 'Move a unit along a path.' */
  readonly describe: string;
  readonly handle: (state: GameState<RS, O, T>, command: C, ctx: Ctx) => Change<RS> | Rejection;
  /**
   * The command is secret wherever it is given (not only in a secret step): history lists show it
   * to the other side masked (SYW: moving a hidden unit on the map). Its events still need
   * `visibleTo` to be hidden.
   */
  readonly secret?: boolean;
}

/**
 * Store a typed command spec in a module's `commands` record. Sound because the engine only
 * calls `handle` with the output of `schema`.
 */
export function defineCommand<RS, O, T, C extends Command>(spec: CommandSpec<RS, O, T, C>): CommandSpec<RS, O, T> {
  return spec as unknown as CommandSpec<RS, O, T>;
}

/** A table holding house values (`RulesetModule.tables.houseValues`). */
export interface TableNote {
  /** The table's key in the tables object (what a house-rules file overrides). */
  readonly id: string;
  readonly label: string;
  readonly note: string;
}

/** An option as the start dialog shows it. The schema is the authority; this is its description. */
export interface OptionInfo {
  /** Key in the options object. */
  readonly id: string;
  readonly label: string;
  readonly description?: string;
  readonly rule?: string;
  readonly kind: 'boolean' | 'choice' | 'number';
  readonly choices?: readonly { readonly value: string; readonly label: string }[];
  readonly default: boolean | string | number;
  /** true for optional rules the players switch on (as opposed to settings like base scale). */
  readonly optionalRule?: boolean;
}

/** Randomness for choosing commands (the random player's own generator, never the game's dice). */
export interface Sampler {
  /** Integer in [lo, hi]. */
  int(lo: number, hi: number): number;
  /** Float in [lo, hi). */
  float(lo: number, hi: number): number;
  pick<X>(xs: readonly X[]): X;
  chance(p: number): boolean;
}

/** The setup input: the scenario's battle, validated options and tables in force, the seed. */
export interface SetupInput<O, T> {
  readonly battle: Battle;
  readonly options: O;
  readonly tables: T;
  readonly seed: number;
}

export interface SetupResult<RS> {
  readonly battle?: Battle;
  readonly ruleset: RS;
  readonly events?: readonly GameEvent[];
}

export interface RulesetModule<RS = unknown, O = unknown, T = unknown> {
  /** Stable id, as scenarios name it: 'napoleonic-warfare'. */
  readonly id: string;
  readonly name: string;
  /** Version of the module's rules interpretation; saved with games. */
  readonly version: string;
  readonly description?: string;
  /** The unit players measure in, for tapes and move read-outs. */
  readonly measure: { readonly unit: 'in' | 'cm' | 'mm'; readonly mmPerUnit: number };

  readonly options: {
    /** Must accept `{}` and fill in defaults: `schema.parse({})` gives the default options. */
    readonly schema: z.ZodType<O>;
    readonly info: readonly OptionInfo[];
  };

  readonly tables: {
    readonly defaults: T;
    /** Validates a complete set of tables (defaults merged with a house-rules file). */
    readonly schema: z.ZodType<T>;
    /**
     * The tables in force that hold house values rather than the printed ones (a ruleset whose
     * source book is not in our documents ships stand-ins), each with its label and a note; the
     * start dialog lists them so that players know what a house-rules file would replace.
     */
    readonly houseValues?: (tables: T) => readonly TableNote[];
  };

  /** Validates `setup.rulesetFields[id]` when a scenario names this ruleset. */
  readonly scenarioFields?: z.ZodType;
  /** Further checks of a scenario for this ruleset (troop types it knows, base sizes…). */
  readonly validateSetup?: (setup: BattleSetup, options: O) => readonly Problem[];

  /**
   * How this ruleset makes a die from other dice under these options (NW §6: a d10 from a white
   * and a coloured d6 when the option is on), keyed by the sides of the die made. Rolls with
   * `emulate: true` draw such dice through it; the engine knows no emulation itself.
   */
  readonly dieEmulation?: (options: O) => DieEmulations | undefined;

  /** The ruleset's initial state. May roll (NW generals' ability) through ctx. */
  readonly setup: (input: SetupInput<O, T>, ctx: Ctx) => SetupResult<RS>;

  readonly sequence: SequenceSpec<RS, O, T>;

  /** Keyed by command type. Use `defineCommand` to store typed specs. */
  readonly commands: Readonly<Record<string, CommandSpec<RS, O, T>>>;

  /**
   * A sample of commands `side` could give now, used by the random player, the AI and property
   * tests, computed from `side`'s view only (engine lookahead.ts `legalFor` passes
   * `viewFor(module, state, side)`; `stateFromView` makes a state of it for helpers that want
   * one). Continuous choices (move distance, angle, destination) are sampled with `sampler`.
   * Need not be exhaustive, and may include commands the handler would reject (the player
   * retries), but should mostly be legal. `endStep` is added by the engine.
   */
  readonly legalCommands: (view: SeenGame<RS, O, T>, side: SideId, sampler: Sampler) => readonly Command[];

  /** What an AI needs beyond legal commands: determinisation, evaluation, report figures (engine lookahead.ts). */
  readonly ai?: AiAdapter<RS, O, T>;

  /** Random terrain from the ruleset's own tables, for the scenario editor's Generate button. */
  readonly terrainGenerator?: TerrainGenerator;

  /** The battle and ruleset state as `viewer` may see them. Default: everything. */
  readonly view?: (state: GameState<RS, O, T>, viewer: SideId) => { readonly battle: Battle; readonly ruleset: RS };

  /**
   * A side concedes (`{type: 'concede', side}`). Optional: without it the engine ends the game at
   * once, the other side winning. With it, the ruleset decides: a change with a `result` ends the
   * game now; a change without one records the concession and play goes on (NW §10 plays out the
   * current turn and counts Loss Points first). Return a Rejection to refuse (conceded already).
   */
  readonly onConcede?: (state: GameState<RS, O, T>, side: SideId, ctx: Ctx) => Change<RS> | Rejection;

  /** Checked after every command and step change; a result ends the game. */
  readonly victory?: (state: GameState<RS, O, T>) => GameResult | undefined;
  /** The result when the turn limit is reached. Default: a draw. */
  readonly atTurnLimit?: (state: GameState<RS, O, T>) => GameResult;

  /** Ruleset invariants, each broken one a sentence (property tests: e.g. no negative strength). */
  readonly invariants?: (state: GameState<RS, O, T>) => readonly string[];

  /** One line for logs: 'French: 1/45e Ligne advances 8".' */
  readonly describeCommand?: (state: GameState<RS, O, T>, command: Command, names?: EventNames) => string | undefined;

  /**
   * Names for ids the ruleset's events and commands mention that are not pieces on the table
   * (SYW groups, named by their units), as the viewer knows them: the log's lookup adds them.
   */
  readonly pieceNames?: (game: SeenGame<RS, O, T>) => Readonly<Record<string, string>>;

  /**
   * One sentence for one of the ruleset's own events in the log ('1/45e Ligne is pushed back
   * 1".'); undefined leaves the generic line. Only words: the event itself is unchanged.
   * `names` gives pieces' and sides' names as the viewer knows them; `earlier`, the events
   * before it from the same command as the viewer sees them (a combat's rolls, for its result).
   */
  readonly describeEvent?: (event: AnyEvent, names: EventNames, earlier?: readonly AnyEvent[]) => string | undefined;

  /**
   * The table a roll was read from (`DiceRolled.table`: its id, row and column), in the rules'
   * words: 'CinC ability table, Prussian column'. The log shows it under the roll; undefined
   * leaves a generic line that spells the ids out. Only words: the event is unchanged.
   */
  readonly describeTable?: (table: TableRef) => string | undefined;

  /** How the table's tools become this ruleset's commands, and what the table shows (UI). */
  readonly table?: TableAdapter<RS, O, T>;

  /**
   * What one of the ruleset's events counts for in a turn's summary (a unit lost, routed or
   * rallied, ground taken, casualties), read against the viewer's game; [] when nothing.
   */
  readonly tally?: (event: AnyEvent, game: SeenGame<RS, O, T>) => readonly Tally[];
}

/** One thing an event counts for in a turn's summary (`RulesetModule.tally`). */
export interface Tally {
  readonly kind: 'lost' | 'routed' | 'rallied' | 'ground' | 'casualties';
  /** The unit (or SYW group) concerned. */
  readonly piece: string;
  /** Its side, when the piece is not on the table to look up (a group, a unit removed). */
  readonly side?: SideId;
  /** For casualties: how many, and of what ('casualty', 'stand'). */
  readonly count?: number;
  readonly noun?: string;
}

/** Per-side figures of a game for reports and batch statistics (`AiAdapter.metrics`). */
export interface SideMetrics {
  readonly side: SideId;
  /** Stands lost, by troop type (the scenario's `troopType`). */
  readonly standsLostByType: Readonly<Record<string, number>>;
  /** Units by their morale or order state in the ruleset's words ('good', 'routed', 'gone'…). */
  readonly unitsByState: Readonly<Record<string, number>>;
  /** Ground held: the ruleset's measure in [0, 1] (share of the table's depth the side's units stand forward). */
  readonly ground: number;
  /** Other figures the ruleset reports (loss points, army break…). */
  readonly extra?: Readonly<Record<string, number>>;
}

/**
 * The ruleset's part of the AI interface. Every function is pure and sees a view (the acting
 * side's) except `metrics`, which reports on the whole game for a referee or a batch.
 */
export interface AiAdapter<RS, O, T> {
  /**
   * Fill what `side`'s view hides with plausible values (NW: the other side's face-down orders;
   * SYW: an unknown enemy CinC counter) so that the engine can apply commands to the result.
   * Must not consult anything but the view and the sampler.
   */
  readonly determinise?: (view: SeenGame<RS, O, T>, side: SideId, sampler: Sampler) => { readonly battle: Battle; readonly ruleset: RS };
  /** How good the position looks to `side` (higher better): material, morale, ground… */
  readonly evaluate?: (view: SeenGame<RS, O, T>, side: SideId) => number;
  /** Per-side figures for reports. */
  readonly metrics?: (state: GameState<RS, O, T>) => readonly SideMetrics[];
  /** What a player program may do with each of its pieces: a portfolio of scripts (src/ai README). */
  readonly scripts?: AiScripts<RS, O, T>;
}

/**
 * A ruleset's scripts (Churchill & Buro's portfolio): for each actor of a side — a unit, or a
 * group where the rules command groups (SYW) — a few named policies ('attack', 'hold'…), each
 * of which says what that actor would be given now, in this step. The scripted player runs the
 * script `choose` names for each actor; the search player tries other assignments in playouts.
 * All of it is computed from the side's view only, like `legalCommands`.
 */
export interface AiScripts<RS, O, T> {
  /** The portfolio, by name; every actor may run any of them (a script with nothing to do for an actor returns []). */
  readonly names: readonly string[];
  /**
   * The actors `side` may still give a command to in this step, in the order a player would take
   * them (NW §13 (4): across the table from a flank). Empty when only side-wide choices remain.
   */
  readonly actors: (view: SeenGame<RS, O, T>, side: SideId) => readonly string[];
  /** The script a purposeful player runs for `actor` in this position (the scripted player's choice). */
  readonly choose: (view: SeenGame<RS, O, T>, side: SideId, actor: string) => string;
  /**
   * The commands `actor` would be given under `script` now, best first: the player sends the
   * first the rules accept, one command at a time, then asks again (an actor may take several
   * commands in a step: SYW dresses a group, then moves it). [] when it has nothing to do.
   */
  readonly commands: (view: SeenGame<RS, O, T>, side: SideId, actor: string, script: string, sampler: Sampler) => readonly Command[];
  /** Side-wide commands this step wants, best first (NW: who has the initiative; SYW: a CinC's counter). */
  readonly sideCommands?: (view: SeenGame<RS, O, T>, side: SideId, sampler: Sampler) => readonly Command[];
  /**
   * Command types the rules accept or refuse before any die is rolled (a prompt's D6 decides
   * whether it works, never whether it may be tried): one accepted try proves such a command,
   * where others are tried again with every die at its lowest and highest face (src/ai Trier).
   */
  readonly settledBeforeDice?: readonly string[];
  /**
   * A cheap test, on what `side` sees, of a refusal the rules are sure to give `command` (NW: a
   * move over its allowance): the player passes such a command over without trying it. It must
   * never say true of a command the rules would accept.
   */
  readonly refuses?: (view: SeenGame<RS, O, T>, side: SideId, command: Command) => boolean;
  /**
   * A cheap proof, on what `side` sees, that the rules accept `command` as it stands, with no die
   * deciding it, and that it leaves the side's evaluation as it was (NW: an order marker a
   * general in command places, a general's ride): the player sends such a command without trying
   * it. It must never say true of a command the rules would refuse; the ruleset proves it with
   * the same checks its handler makes.
   */
  readonly accepts?: (view: SeenGame<RS, O, T>, side: SideId, command: Command) => boolean;
  /**
   * True in a step whose `commands` are the same whatever the script (SYW: a group's shots): the
   * scripted player then does not `choose` one. Optional.
   */
  readonly sameForEveryScript?: (view: SeenGame<RS, O, T>) => boolean;
  /**
   * Whether a search's playout begun at `start` (a determinised state) has played far enough to
   * be scored at `now` (src/ai searchPlayer.ts). Without it a playout stops at the end of the game
   * turn; a ruleset whose sides take phases in turn within a game turn (SYW) asks for the other
   * side's answer as well, so the side phasing second does not score its own phase unanswered.
   */
  readonly playoutDone?: (start: GameState<RS, O, T>, now: GameState<RS, O, T>) => boolean;
}

/** Names for ids as a viewer knows them (the log's lookup), for `describeEvent`. */
export interface EventNames {
  piece(id: string): string;
  side(id: string): string;
}

/**
 * The game as one viewer sees it, typed for a ruleset (a `GameView` from view.ts). Table
 * adapters receive only views, so nothing they show can leak what the viewer may not see.
 */
export interface SeenGame<RS, O, T> {
  readonly viewer: SideId | 'referee';
  readonly rulesetId: string;
  readonly options: O;
  readonly tables: T;
  readonly battle: Battle;
  readonly ruleset: RS;
  readonly position: GameState['position'];
  readonly commandCount: number;
  readonly result?: GameResult;
}

/** A piece moved on the table: translated by (dx, dy) mm and turned by dRad about `pivot`. */
export interface PieceMove {
  readonly dxMm: number;
  readonly dyMm: number;
  readonly dRad: number;
  /** What the turn pivots on: the unit's centre (default) or a flank stand's outer front corner (a wheel). */
  readonly pivot?: 'centre' | 'left' | 'right';
}

/** A line of a read-out: 'Used' → '6.5"', 'Left' → '1.5"', 'Wheel' → '2"', 'Terrain' → '+2" (wood)'. */
export interface ReadOut {
  readonly label: string;
  readonly value: string;
}

/** What a drag would do, shown live while dragging and sent on release when legal. */
export interface MovePreview {
  readonly legal: boolean;
  /** The command to send on release (present when legal). */
  readonly command?: Command;
  /** Why not, in a sentence, and the rule behind it (when not legal). */
  readonly reason?: string;
  readonly rule?: string;
  readonly readout: readonly ReadOut[];
  /** A legal move with a consequence the player should know before making it (NW §13 (4): choices it would lock). */
  readonly warning?: { readonly message: string; readonly rule: string };
}

/** Something a player can do with a piece now, for its menu (formation change, order, fire…). */
export interface PieceAction {
  readonly label: string;
  readonly command: Command;
  /** What it costs or does: 'half a move', 'uses the Deploy order'. */
  readonly detail?: string;
  readonly rule?: string;
}

/** A shape drawn for the selected piece: a firing arc, a command radius, charge reach… */
export interface Overlay {
  readonly kind: 'fire' | 'charge' | 'command' | 'engagement' | 'move' | 'zone';
  readonly label: string;
  /** Closed outline in table millimetres. */
  readonly polygon: readonly { readonly x: number; readonly y: number }[];
}

/** A marker on a piece: disorder and worse, an order (face down to the other side), casualties… */
export interface Marker {
  readonly kind: 'state' | 'order' | 'casualties' | 'ammunition' | 'general' | 'other';
  /** Short text on the marker: 'D', 'Adv', '?' for a face-down order, '-2'. */
  readonly text: string;
  /** Long text for the tooltip and inspector: 'Disordered (NW Morale)'. */
  readonly title: string;
}

/** Table adapter: all optional; the UI offers only what a ruleset supplies. */
export interface TableAdapter<RS, O, T> {
  /** A piece dragged or turned to a new pose by `side` (its own, in the current step). */
  readonly previewMove?: (game: SeenGame<RS, O, T>, side: SideId, pieceId: string, move: PieceMove) => MovePreview;
  /** A piece dropped on an enemy: a charge or an attack, with its reach. */
  readonly previewContact?: (game: SeenGame<RS, O, T>, side: SideId, pieceId: string, targetId: string) => MovePreview;
  /** What `side` may do with a piece now (menus, buttons, keyboard). */
  readonly actions?: (game: SeenGame<RS, O, T>, side: SideId, pieceId: string) => readonly PieceAction[];
  /** Choices that belong to the whole side, not to one piece (who has the initiative, a CinC's counter): the phase bar offers them. */
  readonly sideActions?: (game: SeenGame<RS, O, T>, side: SideId) => readonly PieceAction[];
  /** Why a piece of `side` lacks an action a player would expect now ('beyond every general's command radius'), with its rule; undefined when there is nothing to say. */
  readonly whyNot?: (game: SeenGame<RS, O, T>, side: SideId, pieceId: string) => string | undefined;
  /** Shapes for the selected piece: firing arcs, engagement and command ranges, charge reach. */
  readonly overlays?: (game: SeenGame<RS, O, T>, pieceId: string) => readonly Overlay[];
  /** Inspector lines: type, quality, strength, state, order (as the viewer may see it), what it may do. */
  readonly inspect?: (game: SeenGame<RS, O, T>, pieceId: string) => readonly ReadOut[];
  /** Markers on a piece, as the viewer may see them. */
  readonly markers?: (game: SeenGame<RS, O, T>, pieceId: string) => readonly Marker[];
  /**
   * What terrain does to sight in this ruleset, for the line-of-sight tool (woods seen into to a
   * depth, villages opaque…), and whether stands block. Default: features with
   * `props.blocksSight` are opaque, nothing else blocks.
   */
  readonly sight?: (game: SeenGame<RS, O, T>) => { readonly rule: (feature: TerrainFeature) => SightRule; readonly standsBlock?: boolean; readonly minGapMm?: number };
}

/** A module with its type parameters erased, as the registry holds it. */
export type AnyRuleset = RulesetModule<unknown, unknown, unknown>;

/**
 * Erase a module's type parameters for the registry. Sound at run time: the engine only ever
 * hands a module states it created itself.
 */
export function registerable<RS, O, T>(m: RulesetModule<RS, O, T>): AnyRuleset {
  return m as unknown as AnyRuleset;
}

/**
 * A ruleset's terrain generation as the scenario editor calls it: the table, each side's
 * baseline, and a die roller (the only source of chance, seeded by the editor). Each feature's
 * `placedBy` says which table row and which dice put it there.
 */
export interface TerrainGenerator {
  /** The procedure's name and section, shown on the button ("NW §9 Terrain Generation"). */
  readonly name: string;
  generate(
    input: { readonly widthMm: number; readonly depthMm: number; readonly sides: readonly { readonly id: SideId; readonly baseline: 'top' | 'bottom' }[] },
    roll: (faces: 3 | 4 | 6 | 10, purpose: string) => number,
  ): { readonly features: readonly TerrainFeature[]; readonly placedBy: Readonly<Record<string, string>> };
}

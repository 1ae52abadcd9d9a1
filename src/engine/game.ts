/**
 * The engine's two entry points: `createGame` (scenario + ruleset + options + seed → the first
 * state where someone must act) and `applyCommand` (state + command → next state and events,
 * or a Rejection). Both are pure and neither throws: bad input comes back as problems or
 * rejections, and a ruleset bug comes back as an `internal-error` rejection.
 */
import { ENGINE_COMMANDS, isRejection, reject, type AnyEvent, type Command, type Rejection } from './command';
import { diceForCommand, endScript, isValidSeed, MAX_SEED, scriptDice, seedDice, type DiceState } from './dice';
import { dropPrototypes, jsonPath, prototypeNameIn } from './ids';
import { asIfAbsent, restoreNamed, unseenIdsNamed, withoutUnseen } from './unseen';
import { isKey, isSeedingVersion, SEEDING_VERSION, type SeedingVersion } from './seed';
import type { BattleSetup, SideId } from './model';
import type { AnyRuleset, Problem } from './ruleset';
import { Run } from './sequence';
import { sideWords } from './words';
import { otherSide, STATE_VERSION, type GameState } from './state';

export interface Applied {
  readonly state: GameState;
  readonly events: readonly AnyEvent[];
  /** True when a die was rolled (by the command or any engine step it set off): undo stops here. */
  readonly rolled: boolean;
}

export type Created = { readonly ok: true; readonly state: GameState; readonly events: readonly AnyEvent[] } | { readonly ok: false; readonly problems: readonly Problem[] };

export interface NewGame {
  readonly setup: BattleSetup;
  /** Raw options; validated (and defaulted) with the module's schema. */
  readonly options?: unknown;
  /** Tables in force; default the module's. Use `resolveTables` (houseRules.ts) to build them. */
  readonly tables?: unknown;
  readonly seed: number;
  /**
   * How the seed is expanded into the dice state (seed.ts). Default: `SEEDING_VERSION` (new
   * games). A save records it; version 1 replays games saved before seeds were expanded.
   */
  readonly seeding?: SeedingVersion;
  /**
   * Seeding 4: the dice's secret key, 128 bits as 32 lowercase hex digits (seed.ts). Absent, the
   * key is derived from `seed` (reproducible, and as guessable as the seed): a new battle in the
   * app or the CLI passes a random one.
   */
  readonly key?: string;
  /**
   * Faces queued for the set-up rolls (tests only, like `scriptDice`): the ruleset's `setup` (and
   * anything after it) takes these before drawing from the seeded generator. Not part of a save:
   * a game made with it does not replay from its seed alone.
   */
  readonly setupDice?: readonly number[];
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

function zodToProblems(prefix: string, issues: readonly { path: readonly PropertyKey[]; message: string }[]): Problem[] {
  return issues.map((i) => ({
    path: jsonPath(i.path, prefix),
    message: i.message.endsWith('.') ? i.message : `${i.message}.`,
  }));
}

/** Validate options against a module's schema (defaults filled in). */
export function resolveOptions(module: AnyRuleset, raw: unknown): { ok: true; value: unknown } | { ok: false; problems: Problem[] } {
  const r = module.options.schema.safeParse(raw ?? {});
  return r.success ? { ok: true, value: r.data } : { ok: false, problems: zodToProblems('$.options', r.error.issues) };
}

export function createGame(module: AnyRuleset, input: NewGame): Created {
  try {
    const problems: Problem[] = [];
    if (!isValidSeed(input.seed)) problems.push({ path: '$.seed', message: `a seed is a whole number from 0 to ${MAX_SEED}.` });
    if (input.seeding !== undefined && !isSeedingVersion(input.seeding)) problems.push({ path: '$.seeding', message: 'the seeding version is 1, 2, 3 or 4.' });
    if (input.key !== undefined && !isKey(input.key)) problems.push({ path: '$.key', message: 'a key is 32 hexadecimal digits (0-9, a-f).' });
    if (input.key !== undefined && (input.seeding ?? SEEDING_VERSION) !== 4) problems.push({ path: '$.key', message: 'only seeding 4 takes a key.' });
    if (!input.setup.rulesets.includes(module.id))
      problems.push({ path: '$.rulesets', message: `this scenario is not written for ${module.name} ("${module.id}"); it names ${input.setup.rulesets.map((r) => `"${r}"`).join(', ')}.` });
    const opts = resolveOptions(module, input.options);
    if (!opts.ok) problems.push(...opts.problems);
    let tables: unknown = module.tables.defaults;
    if (input.tables !== undefined) {
      const t = module.tables.schema.safeParse(input.tables);
      if (t.success) tables = t.data;
      else problems.push(...zodToProblems('$.tables', t.error.issues));
    }
    if (module.scenarioFields) {
      const f = module.scenarioFields.safeParse(input.setup.rulesetFields[module.id] ?? {});
      if (!f.success) problems.push(...zodToProblems(jsonPath(['rulesetFields', module.id]), f.error.issues));
    }
    if (problems.length > 0 || !opts.ok) return { ok: false, problems };
    problems.push(...(module.validateSetup?.(input.setup, opts.value) ?? []));
    if (problems.length > 0) return { ok: false, problems };

    const sides = input.setup.sides.map((s) => s.id);
    const seeding = input.seeding ?? SEEDING_VERSION;
    const dice = seedDice(input.seed, seeding, input.key);
    const start: GameState = {
      version: STATE_VERSION,
      rulesetId: module.id,
      seed: input.seed,
      ...(seeding !== 1 ? { seeding } : {}),
      options: opts.value,
      tables,
      battle: input.setup,
      ruleset: undefined,
      dice: input.setupDice && input.setupDice.length > 0 ? scriptDice(dice, input.setupDice) : dice,
      position: { turn: 0, slot: 0, stepIndex: 0, phase: '', step: '', phasing: sides[0]!, phasingOrder: sides, actors: [], done: [] },
      commandCount: 0,
    };
    const run = new Run(module, start);
    run.push({ type: 'GameStarted', rulesetId: module.id, seed: input.seed });
    const set = module.setup({ battle: input.setup, options: opts.value, tables, seed: input.seed }, run.ctx);
    run.state = { ...run.state, battle: set.battle ?? run.state.battle, ruleset: dropPrototypes(set.ruleset) };
    for (const e of set.events ?? []) run.push(e);
    run.checkVictory();
    if (!run.state.result) run.startTurn(input.setup.situation?.turn ?? 1);
    // Strict scripted dice: every set-up face must have been rolled; then the seed takes over.
    return { ok: true, state: { ...run.state, dice: endScript(run.state.dice, 'the set-up') }, events: run.events };
  } catch (e) {
    return { ok: false, problems: [{ path: '$', message: `the ruleset "${module.id}" failed to set up this battle (${message(e)}).` }] };
  }
}

const SEQ = 'engine: sequence of play';

function check(module: AnyRuleset, state: GameState, command: unknown): Rejection | Command {
  if (typeof command !== 'object' || command === null || Array.isArray(command)) return reject('bad-command', 'A command is an object with a type and a side.', 'engine');
  const c = command as Record<string, unknown>;
  if (typeof c.type !== 'string' || c.type === '') return reject('bad-command', 'A command needs a "type".', 'engine');
  if (typeof c.side !== 'string' || !state.battle.sides.some((s) => s.id === c.side))
    return reject('bad-command', `A command needs a "side", one of ${state.battle.sides.map((s) => `"${s.id}"`).join(' or ')}.`, 'engine');
  // No id is ever a name Object.prototype has (ids.ts): a command naming one would make a ruleset's
  // id-keyed record read a built-in. Refused here, before any ruleset code sees it.
  const odd = prototypeNameIn(c);
  if (odd) return reject('bad-command', 'tooBig' in odd ? 'The command is larger than any command can be.' : `The command names "${odd.name}" (at ${odd.path}), which is never an id.`, 'engine');
  if (state.rulesetId !== module.id) return reject('wrong-ruleset', `This game is played with "${state.rulesetId}", not "${module.id}".`, 'engine');
  if (state.result) return reject('game-over', 'The battle is over.', SEQ);
  return c as Command;
}

/**
 * Apply one command. Pure: `state` is never modified. Returns the next state with the events
 * the command (and any engine steps it set off) produced, or a Rejection.
 */
export function applyCommand(module: AnyRuleset, state: GameState, command: unknown): Applied | Rejection {
  const seen = { dice: state.dice };
  const checked = applyChecked(module, state, command, seen);
  // A refusal never names a unit its author cannot see, nor tells it from a unit that is not there (unseen.ts).
  const r = isRejection(checked) ? refusalFor(module, state, command, checked) : checked;
  if (!isRejection(r) || r.code === 'internal-error' || seen.dice.scripted === undefined) return r;
  try {
    // Strict scripted dice (tests): a refused command must not leave queued faces unrolled either.
    endScript(seen.dice, `a command refused with "${r.code}" (${r.message})`);
    return r;
  } catch (e) {
    return reject('internal-error', `The engine could not apply this command (${message(e)}). The game is unchanged.`, 'engine');
  }
}

/**
 * The refusal as its author reads it: a command that names an unseen unit's id is refused as one
 * naming an id that does not exist (the author's own words given back, nothing more); and no
 * other unseen unit is named in it.
 */
function refusalFor(module: AnyRuleset, state: GameState, command: unknown, r: Rejection): Rejection {
  if (r.code === 'internal-error' || typeof command !== 'object' || command === null || Array.isArray(command)) return withoutUnseenSafe(module, state, command, r);
  const c = command as Record<string, unknown>;
  if (typeof c.side !== 'string' || !state.battle.sides.some((s) => s.id === c.side)) return withoutUnseenSafe(module, state, command, r);
  let swapped: ReturnType<typeof asIfAbsent> = null;
  try {
    swapped = asIfAbsent(c, unseenIdsNamed(module, state, c, c.side));
  } catch {
    return { ...r, message: 'This command was refused.' };
  }
  if (!swapped) return withoutUnseenSafe(module, state, command, r);
  const again = applyChecked(module, state, swapped.command, { dice: state.dice });
  // Accepted with no such unit: the first refusal, its unseen names taken out, is all that can be said.
  if (!isRejection(again)) return withoutUnseenSafe(module, state, command, r);
  return restoreNamed(withoutUnseenSafe(module, state, swapped.command, again), swapped.named);
}

function withoutUnseenSafe(module: AnyRuleset, state: GameState, command: unknown, r: Rejection): Rejection {
  try {
    return withoutUnseen(module, state, command, r);
  } catch {
    // The view could not be built: say nothing particular rather than risk naming a hidden unit.
    return { ...r, message: 'This command was refused.' };
  }
}

/** `applyCommand` itself; `seen.dice` is the dice after the ruleset's handler, if it ran. */
function applyChecked(module: AnyRuleset, state: GameState, command: unknown, seen: { dice: DiceState }): Applied | Rejection {
  try {
    const c = check(module, state, command);
    if (isRejection(c)) return c;
    // Seeding 3 and 4: this command's dice come from the key and every command so far (seed.ts).
    const run = new Run(module, state.dice.chain === undefined ? state : { ...state, dice: diceForCommand(state.dice, c) });
    const pos = state.position;
    const side: SideId = c.side;
    const sideName = state.battle.sides.find((s) => s.id === side)?.name ?? side;

    if (c.type === 'concede') {
      if (Object.keys(c).some((k) => k !== 'type' && k !== 'side')) return reject('bad-command', 'concede takes only a side.', 'engine');
      if (module.onConcede) {
        // The ruleset decides what a concession does (it may play the turn out first).
        const out = module.onConcede(run.state, side, run.ctx);
        seen.dice = run.state.dice;
        if (isRejection(out)) return out;
        run.apply(out);
        run.withhold(state, undefined);
        run.checkVictory();
        return finish(run);
      }
      run.end({ winner: otherSide(state.battle, side), level: 'concession', reason: `${sideWords(sideName).subject} conceded the battle.`, rule: 'concession' });
      return finish(run);
    }

    const cur = run.currentStep();
    if (!cur) return reject('no-step', 'The game is not waiting for a command.', SEQ);
    const waiting = pos.actors.filter((a) => !pos.done.includes(a));
    const phaseName = cur.phase.name, stepName = cur.step.name;

    if (c.type === 'endStep') {
      if (Object.keys(c).some((k) => k !== 'type' && k !== 'side')) return reject('bad-command', 'endStep takes only a side.', 'engine');
      if (!waiting.includes(side)) return reject('not-your-turn', `${sideName} has nothing to finish in ${phaseName}: ${stepName}.`, SEQ);
      run.state = { ...run.state, position: { ...run.state.position, done: [...pos.done, side] } };
      run.push({ type: 'SideFinishedStep', side, step: cur.step.id });
      run.hook(cur.step.onSideDone as Parameters<typeof run.hook>[0]);
      run.withhold(state, undefined);
      run.settle();
      return finish(run);
    }

    const spec = module.commands[c.type];
    if (!spec || ENGINE_COMMANDS.includes(c.type)) return reject('unknown-command', `"${c.type}" is not a command of ${module.name}.`, 'engine');
    if (!cur.step.commands.includes(c.type))
      return reject('not-now', `"${c.type}" is not allowed in ${phaseName}: ${stepName}${cur.step.commands.length ? ` (allowed: ${cur.step.commands.join(', ')})` : ''}.`, cur.step.rule ?? SEQ);
    if (!waiting.includes(side)) {
      const who = waiting.length === 0 ? 'nobody' : waiting.map((a) => state.battle.sides.find((s) => s.id === a)?.name ?? a).join(' and ');
      return reject('not-your-turn', `It is not ${sideName}'s turn to act in ${phaseName}: ${stepName} (waiting for ${who}).`, cur.step.rule ?? SEQ);
    }
    const parsed = spec.schema.safeParse(c);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first && first.path.length ? ` at ${first.path.map(String).join('.')}` : '';
      return reject('bad-command', `The ${c.type} command is malformed${where}: ${first?.message ?? 'invalid'}.`, 'engine');
    }
    if (cur.step.secret) run.secretSide = side;
    const out = spec.handle(run.state, parsed.data, run.ctx);
    seen.dice = run.state.dice;
    if (isRejection(out)) return out;
    run.apply(out);
    run.secretSide = undefined;
    // A secret step's change is held back from the other side until the step ends (withheld.ts).
    run.withhold(state, cur.step.secret ? side : undefined);
    run.settle();
    return finish(run);
  } catch (e) {
    return reject('internal-error', `The engine could not apply this command (${message(e)}). The game is unchanged.`, 'engine');
  }
}

function finish(run: Run): Applied {
  // Strict scripted dice (tests): faces queued for a command must all be rolled by it.
  const state = { ...run.state, dice: endScript(run.state.dice), commandCount: run.state.commandCount + 1 };
  return { state, events: run.events, rolled: run.events.some((e) => e.type === 'DiceRolled') };
}

/** An engine with the ruleset bound: `engine.applyCommand(state, command)`. */
export interface Engine {
  readonly module: AnyRuleset;
  newGame(input: NewGame): Created;
  applyCommand(state: GameState, command: unknown): Applied | Rejection;
}

export function bindRuleset(module: AnyRuleset): Engine {
  return {
    module,
    newGame: (input) => createGame(module, input),
    applyCommand: (state, command) => applyCommand(module, state, command),
  };
}

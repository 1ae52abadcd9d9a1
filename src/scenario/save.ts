/**
 * Saved games. A save is versioned JSON holding everything the game is a function of — the
 * scenario file itself, the ruleset id and version, options, house rules, seed — plus the
 * command log and the hash of the final state. Loading replays the log from the start and
 * checks the hash; any problem rejects the whole file and no game is produced.
 *
 * Saves hold the raw scenario (not a reference to a file) so that a save stays playable when
 * the scenario file changes or is not at hand.
 */
import { z } from 'zod';
import type { Command } from '../engine/command';
import { MAX_SEED } from '../engine/dice';
import { stateHash } from '../engine/hash';
import { KEY_PATTERN, keyFromSeed } from '../engine/seed';
import { currentState, type History } from '../engine/history';
import type { BattleSetup } from '../engine/model';
import { replay } from '../engine/replay';
import type { AnyRuleset } from '../engine/ruleset';
import type { GameState } from '../engine/state';
import { withSideNames } from '../engine/words';
import { parseJsonText, type InputProblem, type Loaded } from './errors';
import { loadHouseRules, type HouseRulesFile } from './houseRules';
import { loadScenario, zodProblems } from './load';
import { capProblems, checkShape, LIMITS } from './limits';

export const SAVE_VERSION = 1;

/**
 * A command in a save's log: an object with a type and a side, each 1-64 characters. Checked by
 * hand, not by a schema per command: a log of a million commands is checked in one loop.
 */
export const COMMAND_FIELD_MAX = 64;
const CommandShape = z.custom<Command>((c) => {
  if (c === null || typeof c !== 'object' || Array.isArray(c)) return false;
  const { type, side } = c as { type?: unknown; side?: unknown };
  return typeof type === 'string' && type.length >= 1 && type.length <= COMMAND_FIELD_MAX && typeof side === 'string' && side.length >= 1 && side.length <= COMMAND_FIELD_MAX;
}, `a command is an object with a "type" and a "side", each 1 to ${COMMAND_FIELD_MAX} characters`);

export const SaveSchema = z
  .object({
    $schema: z.string().max(500).optional(),
    format: z.literal('vedette-save'),
    version: z.literal(SAVE_VERSION),
    ruleset: z.object({ id: z.string().min(1).max(64), version: z.string().max(64) }).strict(),
    scenario: z.unknown(),
    options: z.record(z.string(), z.unknown()).default({}),
    houseRules: z.unknown().optional(),
    seed: z.number().int().min(0).max(MAX_SEED),
    /**
     * How the seed became the dice (engine seed.ts): 4 for new games (a stream per command from
     * a 128-bit key and the commands so far, through SipHash), 3 for the same with the seed as a
     * 32-bit key, 2 for one expanded stream. Absent in saves written before seeds were expanded:
     * those are version 1 and replay with the raw seeding.
     */
    seeding: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional(),
    /**
     * Seeding 4: the dice's secret key, 32 hex digits. Absent, the key is derived from the seed
     * (a battle started with a number seed, as `--seed n` does).
     */
    key: z.string().regex(KEY_PATTERN, 'a key is 32 hexadecimal digits (0-9, a-f)').optional(),
    log: z.array(CommandShape).max(1_000_000),
    hash: z.string().regex(/^fnv1a64:[0-9a-f]{16}$/, 'a hash reads "fnv1a64:" and 16 hex digits'),
    /** Informational: where the game stood when saved. Not trusted on load. */
    summary: z
      .object({ turn: z.number(), phase: z.string(), step: z.string(), result: z.string().optional() })
      .strict()
      .optional(),
  })
  .strict();

export type SaveFile = z.infer<typeof SaveSchema>;

export interface LoadedSave {
  readonly module: AnyRuleset;
  readonly setup: BattleSetup;
  readonly save: SaveFile;
  /** The replayed game, ready to continue (and to undo within the rules of undo). */
  readonly history: History;
  readonly state: GameState;
  readonly hash: string;
  /**
   * What the player should be told about a save that loaded anyway: with `hashMismatch: 'warn'`,
   * a log that replays whole but to another hash (the old hash is in the sentence). Absent when
   * there is nothing to say.
   */
  readonly warnings?: readonly InputProblem[];
}

export interface LoadSaveOptions {
  /**
   * A log that replays without a refused command but not to the hash the file records: refuse
   * it (the default: a file from elsewhere is checked as it was sent), or load it as it replays
   * now with a warning (the app's own kept battles: one saved before the dice and geometry were
   * made identical in every browser rolls and measures a little differently today).
   */
  readonly hashMismatch?: 'refuse' | 'warn';
}

/** Replace the leading `$` of nested problems' paths: `$.units[0]` → `$.scenario.units[0]`. */
export const nest = (prefix: string, problems: readonly InputProblem[]): InputProblem[] =>
  problems.map((p) => ({ path: prefix + p.path.slice(1), message: p.message }));

export interface SaveInput {
  readonly module: AnyRuleset;
  /** The scenario file as loaded (the parsed JSON, not the BattleSetup). */
  readonly scenario: unknown;
  readonly options?: Readonly<Record<string, unknown>>;
  readonly houseRules?: HouseRulesFile;
  readonly seed: number;
  readonly log: readonly Command[];
  /** The state after the log (its hash is stored). */
  readonly state: GameState;
}

export function makeSave(input: SaveInput): SaveFile {
  const p = input.state.position;
  return {
    format: 'vedette-save',
    version: SAVE_VERSION,
    ruleset: { id: input.module.id, version: input.module.version },
    scenario: input.scenario,
    options: { ...(input.options ?? {}) },
    ...(input.houseRules ? { houseRules: input.houseRules } : {}),
    seed: input.seed,
    seeding: input.state.seeding ?? 1,
    // Seeding 4: the key, unless it is the one the seed gives anyway.
    ...(typeof input.state.dice.key === 'string' && input.state.dice.key !== keyFromSeed(input.seed) ? { key: input.state.dice.key } : {}),
    log: input.log.map((c) => ({ ...c })),
    hash: stateHash(input.state),
    // The summary is for people (the Battles list): sides by name, not by id (engine words.ts).
    summary: { turn: p.turn, phase: p.phase, step: p.step, ...(input.state.result ? { result: withSideNames(input.state.result.reason, input.state.battle.sides) } : {}) },
  };
}

/**
 * A save of another version, said in one sentence before anything else is read (its other
 * fields may mean something else, so their problems would mislead).
 */
export function saveVersionProblem(data: unknown): InputProblem | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as { format?: unknown; version?: unknown };
  if (d.format !== 'vedette-save' || typeof d.version !== 'number' || d.version === SAVE_VERSION) return undefined;
  return d.version > SAVE_VERSION
    ? { path: '$.version', message: `this battle was saved by a newer version of Vedette (save version ${d.version}); this version reads save version ${SAVE_VERSION}. Open it in a newer Vedette.` }
    : { path: '$.version', message: `this battle was saved in save version ${d.version}, which this version of Vedette no longer reads (it reads version ${SAVE_VERSION}).` };
}

export function loadSave(data: unknown, rulesets: readonly AnyRuleset[], opts: LoadSaveOptions = {}): Loaded<LoadedSave> {
  try {
    const wrongVersion = saveVersionProblem(data);
    if (wrongVersion) return { ok: false, problems: [wrongVersion] };
    const shape = checkShape(data, LIMITS.saveDepth);
    if (shape.length > 0) return { ok: false, problems: capProblems(shape) };
    const r = SaveSchema.safeParse(data);
    if (!r.success) return { ok: false, problems: capProblems(zodProblems(r.error)) };
    const save = r.data;
    const module = rulesets.find((m) => m.id === save.ruleset.id);
    if (!module) return { ok: false, problems: [{ path: '$.ruleset.id', message: `this save is for the ruleset "${save.ruleset.id}", which this version of Vedette does not have.` }] };
    const sc = loadScenario(save.scenario);
    if (!sc.ok) return { ok: false, problems: nest('$.scenario', sc.problems) };
    let tables: unknown;
    if (save.houseRules !== undefined) {
      const h = loadHouseRules(save.houseRules, rulesets);
      if (!h.ok) return { ok: false, problems: nest('$.houseRules', h.problems) };
      if (h.value.module.id !== module.id) return { ok: false, problems: [{ path: '$.houseRules.ruleset', message: `the house rules are for "${h.value.module.id}" but the game is "${module.id}".` }] };
      tables = h.value.tables;
    }
    const rep = replay(module, { setup: sc.value, options: save.options, seed: save.seed, seeding: save.seeding ?? 1, ...(save.key !== undefined ? { key: save.key } : {}), ...(tables !== undefined ? { tables } : {}) }, save.log);
    if (!rep.ok) return { ok: false, problems: capProblems(rep.problems) };
    const state = currentState(rep.history);
    const hash = stateHash(state);
    if (hash !== save.hash && opts.hashMismatch === 'warn')
      return {
        ok: true,
        value: {
          module,
          setup: sc.value,
          save,
          history: rep.history,
          state,
          hash,
          warnings: [
            {
              path: '$.hash',
              message: `this battle does not replay to the position it was saved at: every one of its ${save.log.length} commands still applies, but replaying them gives ${hash} where the save says ${save.hash}. It was most likely saved by an earlier version of Vedette, whose dice or measurements differed slightly; it is loaded as it replays now, so rolls and positions may differ from what you saw, and it is kept from now on with the new hash.`,
            },
          ],
        },
      };
    if (hash !== save.hash)
      return {
        ok: false,
        problems: [{ path: '$.hash', message: `the save does not match its own game: replaying its log gives ${hash}, but the file says ${save.hash}. It was altered or made by an incompatible version.` }],
      };
    return { ok: true, value: { module, setup: sc.value, save, history: rep.history, state, hash } };
  } catch (e) {
    return { ok: false, problems: [{ path: '$', message: `this save could not be read (${e instanceof Error ? e.message : String(e)}).` }] };
  }
}

export function loadSaveText(text: string, rulesets: readonly AnyRuleset[], opts: LoadSaveOptions = {}): Loaded<LoadedSave> {
  const p = parseJsonText(text);
  return p.ok ? loadSave(p.value, rulesets, opts) : p;
}

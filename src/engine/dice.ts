/**
 * Seeded dice. The generator is pure-rand's xoroshiro128+, and its whole state (four 32-bit
 * integers) lives in `GameState.dice`, so a game is a pure function of its seed and its command
 * log: rolling never touches a global, and replaying the same commands rolls the same faces.
 *
 * Every roll becomes a `DiceRolled` event that explains itself: which dice, the faces, what the
 * roll was for, the target or table row, each modifier with a label, value and rule, the
 * modified result and the outcome. Rulesets never read the generator directly; they call
 * `ctx.roll(spec)` inside a handler or hook (see ruleset.ts), which goes through `rollDice` here.
 *
 * Supported dice codes: `d4 d6 d8 d10 d12 d20` with a count (`2d6`, `3d10`), `D3` (a d6 read
 * 1-2 → 1, 3-4 → 2, 5-6 → 3, as Seven Years War uses it), and `d100` (percentile: two d10, tens
 * and units, "00" with "0" reads 100). A d10 reads 1..10 ("0 reads 10").
 *
 * Die emulation is a ruleset's business: a ruleset may declare how one die is made from others
 * (`RulesetModule.dieEmulation`, e.g. a d10 from two d6) and a roll with `emulate: true` then
 * draws each such die through that procedure. The engine only hands it the draws and logs the
 * throws it reports (`DiceRolled.emulated`); it knows no particular emulation.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { SideId } from './model';
import { canonicalJson, fnv1a64 } from './hash';
import { chainNext, chainNext4, chainStart, chainStart4, keyFromSeed, SEEDING_VERSION, seedWords, streamWords, streamWords4, type SeedingVersion } from './seed';

/** The generator state held in the game state. Plain JSON: it survives saves and hashing. */
export interface DiceState {
  readonly algorithm: 'xoroshiro128+';
  /** pure-rand's xoroshiro128+ state words. */
  readonly words: readonly number[];
  /** How many `rollDice` calls have been made; the next roll's `rollIndex`. */
  readonly rolls: number;
  /**
   * Faces queued by tests (`scriptDice`): each physical die takes the next queued face instead
   * of drawing from the generator. Never set by a real game. Strict: while a script is present
   * (even empty) every die must come from it — a die wanted after the last face throws
   * `ScriptedDiceError` — and the engine refuses a command that leaves faces unused
   * (`endScript`), so a test cannot pass on dice it did not mean to roll or never rolled.
   */
  readonly scripted?: readonly number[];
  /**
   * Seeding 3 and 4 (seed.ts): the game's key (3: the 32-bit seed; 4: 128 bits as 32 hex digits)
   * and the chain of the commands so far. Present, they give every command a stream of its own
   * (`diceForCommand`). Hidden like the rest of the dice.
   */
  readonly key?: number | string;
  readonly chain?: string;
}

/** Largest seed accepted: seeds are unsigned 32-bit integers. */
export const MAX_SEED = 0xffff_ffff;

export function isValidSeed(seed: unknown): seed is number {
  return typeof seed === 'number' && Number.isInteger(seed) && seed >= 0 && seed <= MAX_SEED;
}

/**
 * The dice of a new game. The seed is expanded into the generator's whole state (seed.ts);
 * `seeding: 1` reproduces the raw seeding of games saved before that, so they replay. Seeding 4
 * takes its 128-bit `key` (32 hex digits), or derives one from the seed when none is given.
 */
export function seedDice(seed: number, seeding: SeedingVersion = SEEDING_VERSION, key?: string): DiceState {
  if (!isValidSeed(seed)) throw new RangeError(`a seed is an integer from 0 to ${MAX_SEED}, not ${String(seed)}`);
  if (seeding === 4) {
    const k = key ?? keyFromSeed(seed);
    const chain = chainStart4(k);
    return { algorithm: 'xoroshiro128+', words: streamWords4(k, chain), rolls: 0, key: k, chain };
  }
  if (seeding === 3) return { algorithm: 'xoroshiro128+', words: seedWords(seed, 3), rolls: 0, key: seed, chain: chainStart(seed) };
  return { algorithm: 'xoroshiro128+', words: seedWords(seed, seeding), rolls: 0 };
}

/**
 * The dice a command rolls with. Seeding 3 and 4: the chain takes in the command and the generator
 * starts on the stream of (key, chain), so the faces depend on every command given so far and
 * not on how many rolls were made before. Earlier seedings: the dice as they are.
 */
export function diceForCommand(dice: DiceState, command: unknown): DiceState {
  if (dice.chain === undefined || dice.key === undefined) return dice;
  if (typeof dice.key === 'string') {
    const chain = chainNext4(dice.key, dice.chain, fnv1a64(canonicalJson(command)));
    return { ...dice, chain, words: streamWords4(dice.key, chain) };
  }
  const chain = chainNext(dice.chain, fnv1a64(canonicalJson(command)));
  return { ...dice, chain, words: streamWords(dice.key, chain) };
}

/** Queue faces for the next physical dice (tests and scripted scenarios). */
export function scriptDice(dice: DiceState, faces: readonly number[]): DiceState {
  return { ...dice, scripted: [...(dice.scripted ?? []), ...faces] };
}

/** A script was misused: it ran out, or faces were left over. A test's error, never a game's. */
export class ScriptedDiceError extends Error {
  override readonly name = 'ScriptedDiceError';
}

/** Faces still queued (0 when none, or not scripted). */
export const scriptedLeft = (dice: DiceState): number => dice.scripted?.length ?? 0;

/**
 * Close a script: throws `ScriptedDiceError` when faces are left over (the test queued dice that
 * were never rolled, so it did not check what it meant to); otherwise the dice without the script,
 * drawing from the generator again.
 */
export function endScript(dice: DiceState, what = 'the command'): DiceState {
  if (dice.scripted === undefined) return dice;
  if (dice.scripted.length > 0)
    throw new ScriptedDiceError(`${dice.scripted.length} scripted dice face(s) [${dice.scripted.join(', ')}] were left over after ${what}: script only the dice it rolls`);
  const { scripted: _done, ...rest } = dice;
  return rest;
}

/** One physical die drawn from the engine's source (the seeded generator, or a test's script). */
export type DrawDie = (sides: number) => number;

/**
 * The throws that made one emulated die, named by the ruleset: `{ white: [6, 3], coloured: 4 }`.
 * Plain JSON; the log shows each entry as its name and faces ('white 6, 3; coloured 4').
 */
export type EmulationDetail = Readonly<Record<string, number | readonly number[]>>;

/** How a ruleset produces one die from other dice (NW §6: a d10 from a white and a coloured d6). */
export interface DieEmulation {
  /** The rule that allows it. */
  readonly rule: string;
  /** Draw the dice it needs with `draw`; return the emulated face and the throws that made it. */
  emulate(draw: DrawDie): { readonly face: number; readonly detail: EmulationDetail };
}

/** A ruleset's emulations by the number of sides of the die emulated (`{ 10: d10From2d6 }`). */
export type DieEmulations = Readonly<Partial<Record<number, DieEmulation>>>;

/** `2d6`, `d10`, `3d10`, `D3`, `2D3`, `d100`… The count defaults to 1. */
export type DiceCode = `${'' | number}${'d' | 'D'}${3 | 4 | 6 | 8 | 10 | 12 | 20 | 100}`;

export interface ParsedDice {
  readonly count: number;
  /** 3 means a D3 (a halved d6); 100 means percentile dice. */
  readonly sides: 3 | 4 | 6 | 8 | 10 | 12 | 20 | 100;
}

const DICE_RE = /^(\d{0,2})[dD](3|4|6|8|10|12|20|100)$/;

export function parseDice(code: string): ParsedDice | undefined {
  const m = DICE_RE.exec(code);
  if (!m) return undefined;
  const count = m[1] === '' ? 1 : Number(m[1]);
  if (count < 1 || count > 60) return undefined;
  return { count, sides: Number(m[2]) as ParsedDice['sides'] };
}

/** A labelled adjustment, always with the rule it comes from. */
export interface Modifier {
  readonly label: string;
  readonly value: number;
  readonly rule: string;
  /**
   * What the modifier adjusts: the rolled total (default) or the target number. NW fire
   * modifiers move the to-hit number (plus is worse), so they apply to `'target'`.
   */
  readonly appliesTo?: 'roll' | 'target';
}

/** How a roll passes: `atLeast` means modified roll ≥ target (NW "To Pass", "To Hit"). */
export type PassWhen = 'atLeast' | 'atMost' | 'above' | 'below';

export interface Target {
  readonly value: number;
  readonly pass: PassWhen;
  /** e.g. 'To Pass 7 (Veteran)'. */
  readonly label?: string;
}

/** Where a result is read: a table id from the ruleset's tables, and the row/column used. */
export interface TableRef {
  readonly id: string;
  readonly row?: string;
  readonly column?: string;
}

/** The numbers a roll produced, handed to an `outcome` function. */
export interface RollValues {
  readonly faces: readonly number[];
  readonly total: number;
  readonly modified: number;
  readonly target?: number;
  readonly passed?: boolean;
  readonly successes?: number;
}

/** What to roll and why. Functions in a spec run at roll time; only their answers are logged. */
export interface RollSpec {
  readonly dice: DiceCode;
  /** Plain words for the log: 'Small arms fire: 2/Leib at Uhlans'. */
  readonly purpose: string;
  /** The rule that calls for the roll: 'NW §Fire/Small Arms'. */
  readonly rule: string;
  readonly modifiers?: readonly Modifier[];
  readonly target?: Target;
  /**
   * Compare each die with the target separately and count `successes` (NW: one d10 per firing
   * stand, each scoring the To Hit number or better is a hit). Roll modifiers apply to each die.
   */
  readonly eachDie?: boolean;
  readonly table?: TableRef;
  /**
   * The outcome in words, or a function producing it (and optionally the table row read).
   * Default: 'pass'/'fail' with a target, `${successes} successes` with eachDie, else the total.
   */
  readonly outcome?: string | ((r: RollValues) => string | { readonly outcome: string; readonly row?: string });
  /**
   * Produce each die through the ruleset's emulation of it, where the ruleset declares one for
   * these dice (`RulesetModule.dieEmulation`); otherwise the dice are rolled as they are.
   * Percentile dice and D3 are never emulated.
   */
  readonly emulate?: boolean;
  /** Units, stands or generals the roll concerns, for filtering the log. */
  readonly subjects?: readonly string[];
  /** Hidden roll: only these sides see the event (default: everyone). */
  readonly visibleTo?: readonly SideId[];
}

/** The event every roll produces. Plain JSON. */
export interface DiceRolled {
  readonly type: 'DiceRolled';
  readonly rollIndex: number;
  readonly dice: DiceCode;
  readonly purpose: string;
  readonly rule: string;
  /**
   * The dice as read: d10 faces are 1..10; D3 faces 1..3; for d100 the pairs [tens, units] as
   * digits 0..9 (so `faces` has two entries per percentile die).
   */
  readonly faces: readonly number[];
  /** Per emulated die, in order, the throws that made it as the ruleset's emulation named them. */
  readonly emulated?: readonly EmulationDetail[];
  readonly total: number;
  readonly modifiers: readonly Modifier[];
  /** Total plus the roll modifiers (with eachDie: the best modified die). */
  readonly modified: number;
  readonly target?: Target & { readonly modifiedValue: number };
  readonly passed?: boolean;
  readonly successes?: number;
  readonly table?: TableRef;
  readonly outcome: string;
  readonly subjects?: readonly string[];
  readonly visibleTo?: readonly SideId[];
}

/** One physical die with `sides` faces, uniformly 1..sides. */
function draw(words: readonly number[], scripted: readonly number[] | undefined, sides: number): [number, number[], readonly number[] | undefined] {
  if (scripted !== undefined) {
    if (scripted.length === 0) throw new ScriptedDiceError(`the scripted dice ran out: a d${sides} was wanted after the last queued face`);
    const face = scripted[0]!;
    if (!Number.isInteger(face) || face < 1 || face > sides) throw new RangeError(`scripted face ${face} is not on a d${sides}`);
    return [face, [...words], scripted.slice(1)];
  }
  const rng = xoroshiro128plusFromState(words);
  const face = uniformInt(rng, 1, sides);
  return [face, [...rng.getState()], scripted];
}

const passes = (value: number, target: number, when: PassWhen): boolean =>
  when === 'atLeast' ? value >= target : when === 'atMost' ? value <= target : when === 'above' ? value > target : value < target;

/**
 * Roll the dice a spec asks for. Pure: returns the event and the next dice state.
 * Throws only on a programming error (an unknown dice code, a bad scripted face); the engine
 * turns that into an `internal-error` rejection.
 */
export function rollDice(dice: DiceState, spec: RollSpec, emulations?: DieEmulations): [DiceRolled, DiceState] {
  const parsed = parseDice(spec.dice);
  if (!parsed) throw new RangeError(`"${spec.dice}" is not a dice code`);
  let words: readonly number[] = dice.words;
  let scripted: readonly number[] | undefined = dice.scripted;
  const d = (sides: number): number => {
    let drawn: ReturnType<typeof draw>;
    try {
      drawn = draw(words, scripted, sides);
    } catch (e) {
      if (e instanceof ScriptedDiceError) throw new ScriptedDiceError(`${e.message} (rolling ${spec.dice} for "${spec.purpose}", ${spec.rule})`);
      throw e;
    }
    const [face, w, s] = drawn;
    words = w;
    scripted = s;
    return face;
  };
  const faces: number[] = [];
  const values: number[] = [];
  const emulated: EmulationDetail[] = [];
  const emulation = spec.emulate && parsed.sides !== 3 && parsed.sides !== 100 ? emulations?.[parsed.sides] : undefined;
  for (let i = 0; i < parsed.count; i++) {
    if (parsed.sides === 3) {
      const v = Math.ceil(d(6) / 2);
      faces.push(v);
      values.push(v);
    } else if (parsed.sides === 100) {
      const tens = d(10) % 10;
      const units = d(10) % 10;
      faces.push(tens, units);
      values.push(tens === 0 && units === 0 ? 100 : tens * 10 + units);
    } else if (emulation) {
      const { face, detail } = emulation.emulate(d);
      if (!Number.isInteger(face) || face < 1 || face > parsed.sides) throw new RangeError(`the emulation (${emulation.rule}) gave ${face}, not a face of a d${parsed.sides}`);
      emulated.push(detail);
      faces.push(face);
      values.push(face);
    } else {
      const v = d(parsed.sides);
      faces.push(v);
      values.push(v);
    }
  }
  const mods = spec.modifiers ?? [];
  const rollMod = mods.filter((m) => (m.appliesTo ?? 'roll') === 'roll').reduce((a, m) => a + m.value, 0);
  const targetMod = mods.filter((m) => m.appliesTo === 'target').reduce((a, m) => a + m.value, 0);
  const total = values.reduce((a, v) => a + v, 0);
  const modifiedTarget = spec.target ? spec.target.value + targetMod : undefined;
  let modified = total + rollMod;
  let passed: boolean | undefined;
  let successes: number | undefined;
  if (spec.eachDie) {
    const each = values.map((v) => v + rollMod);
    modified = each.length > 0 ? Math.max(...each) : rollMod;
    if (spec.target) {
      successes = each.filter((v) => passes(v, modifiedTarget!, spec.target!.pass)).length;
      passed = successes > 0;
    }
  } else if (spec.target) {
    passed = passes(modified, modifiedTarget!, spec.target.pass);
  }
  const rv: RollValues = {
    faces,
    total,
    modified,
    ...(modifiedTarget !== undefined ? { target: modifiedTarget } : {}),
    ...(passed !== undefined ? { passed } : {}),
    ...(successes !== undefined ? { successes } : {}),
  };
  let outcome: string;
  let table = spec.table;
  if (typeof spec.outcome === 'string') outcome = spec.outcome;
  else if (typeof spec.outcome === 'function') {
    const o = spec.outcome(rv);
    if (typeof o === 'string') outcome = o;
    else {
      outcome = o.outcome;
      if (o.row !== undefined) table = { id: table?.id ?? 'table', ...table, row: o.row };
    }
  } else if (successes !== undefined) outcome = `${successes} success${successes === 1 ? '' : 'es'}`;
  else if (passed !== undefined) outcome = passed ? 'pass' : 'fail';
  else outcome = String(modified);

  const event: DiceRolled = {
    type: 'DiceRolled',
    rollIndex: dice.rolls,
    dice: spec.dice,
    purpose: spec.purpose,
    rule: spec.rule,
    faces,
    ...(emulated.length > 0 ? { emulated } : {}),
    total,
    modifiers: mods.map((m) => ({ ...m })),
    modified,
    ...(spec.target ? { target: { ...spec.target, modifiedValue: modifiedTarget! } } : {}),
    ...(passed !== undefined ? { passed } : {}),
    ...(successes !== undefined ? { successes } : {}),
    ...(table ? { table: { ...table } } : {}),
    outcome,
    ...(spec.subjects ? { subjects: [...spec.subjects] } : {}),
    ...(spec.visibleTo ? { visibleTo: [...spec.visibleTo] } : {}),
  };
  const next: DiceState = {
    algorithm: 'xoroshiro128+',
    words,
    rolls: dice.rolls + 1,
    ...(scripted !== undefined ? { scripted } : {}),
    ...(dice.key !== undefined ? { key: dice.key } : {}),
    ...(dice.chain !== undefined ? { chain: dice.chain } : {}),
  };
  return [event, next];
}

/** Lowest and highest total a dice code can produce (before modifiers). */
export function diceRange(code: DiceCode): { min: number; max: number } {
  const p = parseDice(code);
  if (!p) throw new RangeError(`"${code}" is not a dice code`);
  return { min: p.count, max: p.count * p.sides };
}

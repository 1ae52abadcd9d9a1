/**
 * No id can collide with a built-in (engine ids.ts, README "Ids that every object has"): every
 * id-keyed structure in the engine and the rulesets is a null-prototype record or a Map, so a
 * unit, stand, group, general or side named `constructor`, `__proto__`, `toString`,
 * `hasOwnProperty` or `valueOf` is an ordinary id. The way in still refuses such names (defence
 * in depth, tests/scenario/prototypeNames.test.ts); this file takes that door away — `vi.mock`
 * below, in this file only, makes the ids module call no name a prototype name — and plays each
 * registered ruleset with those names.
 *
 * The measure is a twin battle: the same scenario with each such name followed by `_`
 * (`constructor_`), which no object has. The twin's ids sort exactly as the hostile ones do
 * against every other id, so with the same dice the two battles must be the same battle: the
 * same commands, the same events and the same state, name for name. The dice are seeding 2 (one
 * stream that does not depend on the commands), because seeding 4 folds the ids of each command
 * into its dice and would give the twins different rolls. Then the hostile battle's log is
 * replayed from a fresh game and from its own save text, to the same hash.
 */
import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as Ids from '../../src/engine/ids';

vi.mock('../../src/engine/ids', async (importOriginal) => {
  const real = await importOriginal<typeof Ids>();
  return { ...real, isPrototypeName: () => false, prototypeNameIn: () => undefined };
});

import { canonicalJson, stateHash } from '../../src/engine/hash';
import { createGame } from '../../src/engine/game';
import { commandLog, currentState, startHistory } from '../../src/engine/history';
import { checkInvariants } from '../../src/engine/invariants';
import { replay } from '../../src/engine/replay';
import type { AnyRuleset } from '../../src/engine/ruleset';
import { playRandom } from '../../src/ai/randomPlayer';
import { makeSampler } from '../../src/ai/sampler';
import { RULESETS } from '../../src/rules/registry';
import { loadScenarioText } from '../../src/scenario/load';
import { loadSaveText, makeSave } from '../../src/scenario/save';
import { ROOT } from './fixtures/helpers';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The names the issue names, each given in turn to every kind of id. */
const NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'] as const;
/** More of Object.prototype's names, for the ids the five do not cover in a variant. */
const MORE = ['isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', '__defineGetter__', '__lookupSetter__'] as const;
const TWIN = '_';

const SCENARIOS: Record<string, string> = {
  'napoleonic-warfare': 'default.json',
  'seven-years-war': 'seven-years-war-kolin-ridge.json',
  'death-or-glory': 'death-or-glory-rodern.json',
  battalion: 'battalion-vellarde.json',
  'advanced-shako': 'advanced-shako-valdemora.json',
};
const COMMANDS = 200;

/**
 * Variant `v` of a scenario: the old id → new id map. Kinds in turn get NAMES[(v + k) % 5]: a
 * side, a unit, a general, a stand, and a group (SYW) or formation (the others); the other side,
 * another unit of each side, another general and a formation get names from MORE.
 */
function renames(doc: Doc, v: number): { ids: Map<string, string>; stand: { unit: string; name: string } } {
  const name = (k: number) => NAMES[(v + k) % NAMES.length]!;
  const ids = new Map<string, string>();
  const [a, b] = doc.sides as Doc[];
  const unitsOf = (side: string) => (doc.units as Doc[]).filter((u) => u.side === side);
  const generalsOf = (side: string) => (doc.generals as Doc[]).filter((g) => g.side === side);
  ids.set(a!.id, name(0));
  ids.set(b!.id, MORE[0]);
  ids.set(unitsOf(a!.id)[0]!.id, name(1));
  ids.set(unitsOf(b!.id)[0]!.id, MORE[1]);
  ids.set(unitsOf(a!.id)[1]!.id, MORE[2]);
  ids.set(generalsOf(a!.id)[0]!.id, name(2));
  ids.set(generalsOf(b!.id)[0]!.id, MORE[3]);
  const groups = (doc.rulesetFields?.['seven-years-war']?.groups ?? []) as Doc[];
  if (groups.length > 0) {
    ids.set(groups[0]!.id, name(4));
    ids.set((doc.formations as Doc[]).find((f) => f.side === b!.id)!.id, MORE[4]);
  } else {
    ids.set(unitsOf(a!.id)[0]!.parent as string, name(4));
    ids.set((doc.formations as Doc[]).find((f) => f.side === b!.id && !f.parent)!.id, MORE[4]);
  }
  return { ids, stand: { unit: unitsOf(b!.id)[1]!.id, name: name(3) } };
}

/** The scenario with every id renamed (strings equal to an id, and keys), suffixed by `suffix`. */
function renamed(doc: Doc, v: number, suffix: string): Doc {
  const { ids, stand } = renames(doc, v);
  const walk = (x: unknown): unknown => {
    if (typeof x === 'string') return ids.has(x) ? ids.get(x)! + suffix : x;
    if (Array.isArray(x)) return x.map(walk);
    if (x !== null && typeof x === 'object') {
      const out: Doc = {};
      for (const [k, val] of Object.entries(x)) Object.defineProperty(out, ids.has(k) ? ids.get(k)! + suffix : k, { value: walk(val), enumerable: true, writable: true, configurable: true });
      return out;
    }
    return x;
  };
  const out = walk(doc) as Doc;
  const u = (out.units as Doc[]).find((x) => x.id === (ids.get(stand.unit) ?? stand.unit) + (ids.has(stand.unit) ? suffix : ''))!;
  u.stands[0] = { ...u.stands[0], id: stand.name + suffix };
  return out;
}

/** Where two texts first differ, with some of each around it ('' when they are the same). */
function firstDifference(a: string, b: string): string {
  if (a === b) return '';
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at ${i}:\n  ${a.slice(Math.max(0, i - 300), i + 200)}\n  ${b.slice(Math.max(0, i - 300), i + 200)}`;
}

/** The twin's text with the suffix taken off every hostile name. */
const untwinned = (text: string): string => [...NAMES, ...MORE].reduce((t, n) => t.split(n + TWIN).join(n), text);

function battle(module: AnyRuleset, doc: Doc, seed: number) {
  const text = JSON.stringify(doc);
  const setup = loadScenarioText(text);
  if (!setup.ok) throw new Error(setup.problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
  const g = createGame(module, { setup: setup.value, seed, seeding: 2 });
  if (!g.ok) throw new Error(g.problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
  const broken: string[] = [];
  const game = playRandom(module, startHistory(g.state, g.events), makeSampler(seed), {
    maxCommands: COMMANDS,
    onApplied: (_c, applied) => {
      if (broken.length === 0) broken.push(...checkInvariants(module, applied.state));
    },
  });
  return { setup: setup.value, game, broken, doc };
}

const CASES = RULESETS.flatMap((module) => NAMES.map((_, v) => ({ module, v, id: module.id })));

describe('Ids named like the built-ins of every object play as ordinary ids', () => {
  it.each(CASES)('$id, variant $v', ({ module, v }) => {
    const file = SCENARIOS[module.id];
    expect(file, `a scenario for ${module.id}`).toBeDefined();
    const doc = JSON.parse(readFileSync(join(ROOT, 'scenarios', file!), 'utf8')) as Doc;
    const seed = 11 + v;
    const hostile = battle(module, renamed(doc, v, ''), seed);
    const twin = battle(module, renamed(doc, v, TWIN), seed);

    expect(hostile.broken).toEqual([]);
    expect(hostile.game.internalErrors.map((r) => r.message)).toEqual([]);
    expect(twin.game.internalErrors).toEqual([]);
    const log = commandLog(hostile.game.history);
    expect(commandLog(twin.game.history).length).toBeGreaterThan(20);
    // The same battle, name for name: commands, events, state.
    expect(firstDifference(canonicalJson(hostile.game.events), untwinned(canonicalJson(twin.game.events)))).toBe('');
    expect(firstDifference(canonicalJson(log), untwinned(canonicalJson(commandLog(twin.game.history))))).toBe('');
    const state = currentState(hostile.game.history);
    expect(firstDifference(canonicalJson(state), untwinned(canonicalJson(currentState(twin.game.history))))).toBe('');

    // Replayed from a fresh game, and from its own save, to the same hash.
    const again = replay(module, { setup: hostile.setup, seed, seeding: 2 }, log);
    expect(again.ok && stateHash(currentState(again.history))).toBe(stateHash(state));
    const save = JSON.stringify(makeSave({ module, scenario: hostile.doc, seed, log, state }));
    const loaded = loadSaveText(save, RULESETS);
    expect(loaded.ok && stateHash(currentState(loaded.value.history))).toBe(stateHash(state));
    // Nothing global was touched.
    expect(({} as Doc).polluted).toBeUndefined();
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  }, 240_000);
});

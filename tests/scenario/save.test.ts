import { describe, expect, it } from 'vitest';
import { commandLog, currentState, startHistory } from '../../src/engine/history';
import { stateHash } from '../../src/engine/hash';
import { createGame } from '../../src/engine/game';
import { playRandom } from '../../src/ai/randomPlayer';
import { makeSampler } from '../../src/ai/sampler';
import { loadSave, makeSave, type SaveFile } from '../../src/scenario/save';
import { loadHouseRules } from '../../src/scenario/houseRules';
import { validateData } from '../../src/scenario/validate';
import { loadScenarioText } from '../../src/scenario/load';
import { allModules, fixtureGame, fixtureScenarioText } from '../engine/fixtures/helpers';
import { skirmishModule } from '../engine/fixtures/skirmish';

function savedGame(): SaveFile {
  const g = fixtureGame(21);
  const game = playRandom(skirmishModule, startHistory(g.state, g.events), makeSampler(9), { maxTurns: 3 });
  return makeSave({ module: skirmishModule, scenario: JSON.parse(fixtureScenarioText()), seed: 21, log: commandLog(game.history), state: currentState(game.history) });
}
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe('saves', () => {
  const save = savedGame();

  it('a save replays to its hash and can be continued where it stood', () => {
    const r = loadSave(clone(save), allModules());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.hash).toBe(save.hash);
    expect(r.value.state.position.turn).toBe(save.summary!.turn);
    expect(stateHash(r.value.state)).toBe(save.hash);
  });

  it('a save whose hash does not match is rejected at $.hash', () => {
    const bad = { ...clone(save), hash: 'fnv1a64:0000000000000000' };
    const r = loadSave(bad, allModules());
    expect(!r.ok && r.problems.map((p) => p.path)).toEqual(['$.hash']);
  });

  it('a kept battle whose log replays whole to another hash loads with a warning naming both hashes; one that does not replay is refused', () => {
    // What a battle saved before the dice and geometry were made identical everywhere looks
    // like: every command applies, the position it reaches is not the one hashed at saving.
    const old = { ...clone(save), hash: 'fnv1a64:0123456789abcdef' };
    const strict = loadSave(clone(old), allModules());
    expect(!strict.ok && strict.problems.map((p) => p.path)).toEqual(['$.hash']);
    const r = loadSave(clone(old), allModules(), { hashMismatch: 'warn' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.hash).toBe(save.hash); // recomputed from the replay
    expect(r.value.warnings?.map((w) => w.path)).toEqual(['$.hash']);
    expect(r.value.warnings![0]!.message).toContain('fnv1a64:0123456789abcdef');
    expect(r.value.warnings![0]!.message).toContain(save.hash);
    expect(r.value.history.entries.length).toBe(save.log.length);
    // The same save untouched loads without a warning.
    const good = loadSave(clone(save), allModules(), { hashMismatch: 'warn' });
    expect(good.ok && good.value.warnings).toBeUndefined();
    // A command refused on replay is refused however lenient the load.
    const broken = clone(old);
    const i = broken.log.findIndex((c) => c.type === 'placeOrder');
    broken.log[i] = { ...broken.log[i]!, unit: 'nobody' };
    const b = loadSave(broken, allModules(), { hashMismatch: 'warn' });
    expect(!b.ok && b.problems[0]!.path).toBe(`$.log[${i}]`);
  });

  it('a tampered log is rejected at the command that no longer applies, or by the hash', () => {
    const bad = clone(save);
    const i = bad.log.findIndex((c) => c.type === 'placeOrder');
    bad.log[i] = { ...bad.log[i]!, unit: 'nobody' };
    const r = loadSave(bad, allModules());
    expect(!r.ok && r.problems[0]!.path).toBe(`$.log[${i}]`);
    const bad2 = clone(save);
    bad2.seed = save.seed + 1;
    const r2 = loadSave(bad2, allModules());
    expect(r2.ok).toBe(false);
  });

  it('a broken scenario inside a save is reported under $.scenario', () => {
    const bad = clone(save) as SaveFile & { scenario: { units: { side: string }[] } };
    bad.scenario.units[0]!.side = 'green';
    const r = loadSave(bad, allModules());
    expect(!r.ok && r.problems[0]!.path).toBe('$.scenario.units[0].side');
  });

  it('an unknown ruleset or version is refused', () => {
    expect(loadSave({ ...clone(save), ruleset: { id: 'chess', version: '1' } }, allModules()).ok).toBe(false);
    expect(loadSave({ ...clone(save), version: 2 }, allModules()).ok).toBe(false);
  });
});

describe('house rules', () => {
  const base = { format: 'vedette-house-rules', version: 1, ruleset: 'fixture-skirmish', name: 'Long muskets' };
  it('override one cell of a table, keeping the rest', () => {
    const r = loadHouseRules({ ...base, tables: { hitOn: { d6: 4 } } }, allModules());
    expect(r.ok && r.value.tables).toEqual({ moveMm: 150, rangeMm: 300, hitOn: { d6: 4, d10: 8 }, moraleTarget: 7 });
  });
  it('are validated against the ruleset table schema, with paths', () => {
    const r = loadHouseRules({ ...base, tables: { hitOn: { d6: 'four' } } }, allModules());
    expect(!r.ok && r.problems[0]!.path).toBe('$.tables.hitOn.d6');
    const r2 = loadHouseRules({ ...base, tables: { fireTable: {} } }, allModules());
    expect(!r2.ok && r2.problems[0]!.message).toMatch(/no table "fireTable"/);
    const r3 = loadHouseRules({ ...base, ruleset: 'nope', tables: {} }, allModules());
    expect(!r3.ok && r3.problems[0]!.path).toBe('$.ruleset');
  });
});

describe('validate', () => {
  it('tells scenario, save and house rules apart, and refuses anything else', () => {
    expect(validateData(JSON.parse(fixtureScenarioText()), allModules())).toMatchObject({ kind: 'scenario', ok: true });
    expect(validateData(clone(savedGame()), allModules())).toMatchObject({ kind: 'save', ok: true });
    expect(validateData({ format: 'vedette-house-rules', version: 1, ruleset: 'fixture-skirmish', name: 'x', tables: {} }, allModules())).toMatchObject({ kind: 'house-rules', ok: true });
    expect(validateData([1, 2], allModules())).toMatchObject({ ok: false, problems: [{ path: '$.format' }] });
  });
  it('checks a scenario against the ruleset-specific fields of each ruleset it names', () => {
    const doc = JSON.parse(fixtureScenarioText()) as Record<string, unknown>;
    const v = validateData({ ...doc, rulesetFields: { 'fixture-skirmish': { note: 5 } } }, allModules());
    expect(v.ok).toBe(false);
    expect(v.problems[0]!.path).toBe('$.rulesetFields["fixture-skirmish"].note');
  });
});

describe('scenario format extensions', () => {
  it('a mid-battle situation is read', () => {
    const doc = { ...(JSON.parse(fixtureScenarioText()) as object), situation: { turn: 3, description: 'after the first clash' } };
    const r = loadScenarioText(JSON.stringify(doc));
    expect(r.ok && r.value.situation).toEqual({ turn: 3, description: 'after the first clash' });
  });
});

describe('saves record how the seed became the dice (engine seed.ts)', () => {
  const save = savedGame();

  it('a new game is saved with seeding version 4 (dice keyed by a 128-bit key and the commands so far) and replays with it', () => {
    expect(save.seeding).toBe(4);
    expect(loadSave(clone(save), allModules()).ok).toBe(true);
  });

  it('the same log under the other seeding is a different game: the hash refuses it', () => {
    const old = clone(save) as Record<string, unknown>;
    delete old.seeding; // a save without the field is version 1 (written before seeds were expanded)
    const r = loadSave(old, allModules());
    expect(r.ok).toBe(false);
  });

  it('a battle with a random 128-bit key saves the key and replays with it; without it the hash refuses the file', () => {
    const key = 'f00dfeed0123456789abcdef0badcafe';
    const setup = fixtureGame(21).state.battle;
    const created = createGame(skirmishModule, { setup, seed: 21, key });
    if (!created.ok) throw new Error(created.problems[0]!.message);
    const game = playRandom(skirmishModule, startHistory(created.state, created.events), makeSampler(9), { maxTurns: 3 });
    const keyed = makeSave({ module: skirmishModule, scenario: JSON.parse(fixtureScenarioText()), seed: 21, log: commandLog(game.history), state: currentState(game.history) });
    expect(keyed.key).toBe(key);
    expect(save.key).toBeUndefined(); // a number seed's key is derived from it, not written
    const r = loadSave(clone(keyed), allModules());
    expect(r.ok && r.value.hash).toBe(keyed.hash);
    const keyless = clone(keyed) as Record<string, unknown>;
    delete keyless.key;
    const k = loadSave(keyless, allModules());
    expect(k.ok || k.problems[0]!.path).toBe('$.hash');
    const bad = loadSave({ ...clone(keyed), key: 'F00D' }, allModules());
    expect(bad.ok || bad.problems[0]!.path).toBe('$.key');
  });

  it('a version 1 game (raw seed) saves as version 1 and replays to its hash', () => {
    const g = fixtureGame(21);
    const setup = g.state.battle;
    const created = createGame(skirmishModule, { setup, seed: 21, seeding: 1 });
    expect(created.ok && created.state.seeding).toBeUndefined();
    if (!created.ok) return;
    const game = playRandom(skirmishModule, startHistory(created.state, created.events), makeSampler(9), { maxTurns: 2 });
    const v1 = makeSave({ module: skirmishModule, scenario: JSON.parse(fixtureScenarioText()), seed: 21, log: commandLog(game.history), state: currentState(game.history) });
    expect(v1.seeding).toBe(1);
    const r = loadSave(clone(v1), allModules());
    expect(r.ok && r.value.hash).toBe(v1.hash);
  });
});

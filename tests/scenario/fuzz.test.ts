/**
 * Fuzz: thousands of mutated scenario, save and house-rules files. Every one must come back
 * either accepted whole or rejected with problems that each have a JSON path and a sentence —
 * never an exception, never a hang, never a half-loaded game.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadScenarioText } from '../../src/scenario/load';
import { loadSaveText, makeSave } from '../../src/scenario/save';
import { loadHouseRulesText } from '../../src/scenario/houseRules';
import { validateText } from '../../src/scenario/validate';
import { commandLog, currentState, startHistory } from '../../src/engine/history';
import { playRandom } from '../../src/ai/randomPlayer';
import { makeSampler } from '../../src/ai/sampler';
import type { InputProblem, Loaded } from '../../src/scenario/errors';
import { allModules, fixtureGame, fixtureScenarioText, ROOT } from '../engine/fixtures/helpers';
import { skirmishModule } from '../engine/fixtures/skirmish';

type J = unknown;
const ODD: J[] = [null, -1, 0, 1e300, 'x', '', [], {}, true, -0.5, 99999999, 'b1', 'blue', '../../etc', '<script>'];

/** Paths to every node of a JSON value. */
function paths(v: J, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...prefix, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) paths(x, [...prefix, k], out);
  return out;
}

function mutate(doc: J, pick: number, kind: number, odd: J): J {
  const copy = JSON.parse(JSON.stringify(doc)) as J;
  const all = paths(copy).filter((p) => p.length > 0);
  const path = all[pick % all.length]!;
  let parent = copy as Record<string | number, J>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, J>;
  const key = path.at(-1)!;
  switch (kind % 5) {
    case 0: // replace with an odd value
      parent[key] = odd;
      break;
    case 1: // delete
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
      break;
    case 2: // duplicate into an array or add an unknown field
      if (Array.isArray(parent)) parent.push(JSON.parse(JSON.stringify(parent[key] ?? null)) as J);
      else parent[`${String(key)}_extra`] = odd;
      break;
    case 3: // numeric nudge
      parent[key] = typeof parent[key] === 'number' ? (parent[key] as number) * -3 + 1 : odd;
      break;
    default: // swap with a sibling
      if (Array.isArray(parent) && parent.length > 1) [parent[0], parent[parent.length - 1]] = [parent[parent.length - 1], parent[0]];
      else parent[key] = odd;
  }
  return copy;
}

function wellFormed<T>(r: Loaded<T>): void {
  if (r.ok) {
    expect(r.value).toBeDefined();
    expect((r as { problems?: unknown }).problems).toBeUndefined();
    return;
  }
  expect((r as { value?: unknown }).value).toBeUndefined();
  expect(r.problems.length).toBeGreaterThan(0);
  for (const p of r.problems as InputProblem[]) {
    expect(p.path).toMatch(/^\$/);
    expect(p.message.length).toBeGreaterThan(3);
  }
}

const defaultScenario = readFileSync(join(ROOT, 'scenarios/default.json'), 'utf8');
const fixture = fixtureScenarioText();

// One real save of a random fixture game to mutate.
const g = fixtureGame(11);
const game = playRandom(skirmishModule, startHistory(g.state, g.events), makeSampler(3), { maxTurns: 2 });
const saveDoc = makeSave({ module: skirmishModule, scenario: JSON.parse(fixture), seed: 11, log: commandLog(game.history), state: currentState(game.history) });
const houseDoc = { format: 'vedette-house-rules', version: 1, ruleset: 'fixture-skirmish', name: 'Short range', tables: { rangeMm: 200, hitOn: { d6: 4 } } };

describe('fuzzed inputs are accepted whole or rejected with paths', () => {
  it('the unmutated files load', () => {
    expect(loadScenarioText(defaultScenario).ok).toBe(true);
    expect(loadSaveText(JSON.stringify(saveDoc), allModules()).ok).toBe(true);
    expect(loadHouseRulesText(JSON.stringify(houseDoc), allModules()).ok).toBe(true);
  });

  it.each([
    ['scenarios/default.json', JSON.parse(defaultScenario) as J],
    ['fixture scenario', JSON.parse(fixture) as J],
  ])('%s: 1500 structural mutations', (_n, doc) => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.constantFrom(...ODD), (pick, kind, odd) => {
        wellFormed(loadScenarioText(JSON.stringify(mutate(doc, pick, kind, odd))));
      }),
      { numRuns: 1500 },
    );
  }, 120_000);

  it('scenario text: 1000 truncations and byte flips', () => {
    fc.assert(
      fc.property(fc.nat({ max: fixture.length }), fc.integer({ min: 32, max: 126 }), fc.boolean(), (at, ch, truncate) => {
        const text = truncate ? fixture.slice(0, at) : fixture.slice(0, at) + String.fromCharCode(ch) + fixture.slice(at + 1);
        wellFormed(loadScenarioText(text));
        const v = validateText(text, allModules());
        expect(v.ok || v.problems.length > 0).toBe(true);
      }),
      { numRuns: 1000 },
    );
  }, 120_000);

  it('saves: 1000 mutations never load a game that differs from its hash', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.constantFrom(...ODD), (pick, kind, odd) => {
        const r = loadSaveText(JSON.stringify(mutate(saveDoc, pick, kind, odd)), allModules());
        wellFormed(r);
        if (r.ok) expect(r.value.hash).toBe(r.value.save.hash);
      }),
      { numRuns: 1000 },
    );
  }, 120_000);

  it('house rules: 500 mutations', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.constantFrom(...ODD), (pick, kind, odd) => {
        wellFormed(loadHouseRulesText(JSON.stringify(mutate(houseDoc, pick, kind, odd)), allModules()));
      }),
      { numRuns: 500 },
    );
  });
});

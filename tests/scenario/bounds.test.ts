/**
 * Files that bound the world (limits.ts): whatever a scenario, save or house-rules file says,
 * it is refused whole with a JSON path and a sentence naming the limit, or it is accepted and
 * can be played, hashed and saved. Each case here is a shape that once passed validation and
 * then broke the game: a far vertex, an id that is a name every object has, a stand id taken
 * from a general, a unit in two groups, nesting deep enough to overflow the hash, stacked
 * stands, a list of one ruleset 100,000 times.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyCommand } from '../../src/engine/game';
import { isRejection } from '../../src/engine/command';
import { PROTOTYPE_NAMES } from '../../src/engine/ids';
import { stateHash } from '../../src/engine/hash';
import { LIMITS } from '../../src/scenario/limits';
import { loadScenario, loadScenarioText } from '../../src/scenario/load';
import { loadSaveText } from '../../src/scenario/save';
import { validateData, validateText } from '../../src/scenario/validate';
import { fixtureGame, ROOT } from '../engine/fixtures/helpers';
import { skirmishModule } from '../engine/fixtures/skirmish';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const read = (f: string): Doc => JSON.parse(readFileSync(join(ROOT, 'scenarios', f), 'utf8')) as Doc;
const kolin = () => read('seven-years-war-kolin-ridge.json');
const aldern = () => read('default.json');

function refused(doc: unknown, path: RegExp | string, message: RegExp) {
  const v = validateData(doc);
  expect(v.ok, JSON.stringify(v.problems.slice(0, 3))).toBe(false);
  const hit = v.problems.find((p) => (typeof path === 'string' ? p.path === path : path.test(p.path)) && message.test(p.message));
  expect(hit, JSON.stringify(v.problems.slice(0, 5))).toBeDefined();
  return v;
}

describe('Terrain, zones and stands stay on the table (plus a margin for terrain)', () => {
  it.each([1e8, 1e15, -5000])('a terrain vertex at y = %d is refused, naming the margin', (y) => {
    const d = kolin();
    d.terrain[0].polygon[2] = [d.terrain[0].polygon[2][0], y];
    refused(d, '$.terrain[0].polygon[2]', new RegExp(`more than ${LIMITS.tableMarginMm} mm off the table`));
  });

  it('a road may leave the table by the margin, and no further', () => {
    const d = aldern();
    const road = d.terrain.find((t: Doc) => t.line);
    road.line[0] = [-LIMITS.tableMarginMm + 1, road.line[0][1]];
    expect(validateData(d).ok).toBe(true);
    road.line[0] = [-LIMITS.tableMarginMm - 1, road.line[0][1]];
    refused(d, /^\$\.terrain\[\d+\]\.line\[0\]$/, /off the table/);
  });

  it('a deployment zone far off the table is refused', () => {
    const d = aldern();
    d.sides[0].deploymentZone = [[0, 0], [100, 0], [100, 1e9]];
    refused(d, '$.sides[0].deploymentZone[2]', /off the table/);
  });

  it('a stand smaller or larger than a base can be is refused', () => {
    const d = aldern();
    d.units[0].stands[0].widthMm = 1;
    d.units[1].stands[0].depthMm = 1e6;
    const v = validateData(d);
    expect(v.problems.map((p) => p.path)).toEqual(expect.arrayContaining(['$.units[0].stands[0].widthMm', '$.units[1].stands[0].depthMm']));
  });
});

describe('Ids are never names every object already has', () => {
  it(`every name on Object.prototype (${PROTOTYPE_NAMES.size} of them) is refused as a unit id`, () => {
    expect(PROTOTYPE_NAMES.has('__proto__') && PROTOTYPE_NAMES.has('constructor') && PROTOTYPE_NAMES.has('toString')).toBe(true);
    for (const name of PROTOTYPE_NAMES) {
      const d = aldern();
      d.units[0].id = name;
      refused(d, /^\$\.units\[0\]\.id$/, /cannot be an id/);
    }
  });

  it('as a side, formation, general or stand id, and as a key anywhere in the file', () => {
    const a = aldern();
    a.units[0].stands[0].id = 'toString';
    refused(a, '$.units[0].stands[0].id', /cannot be an id/);
    const b = aldern();
    b.formations[0].id = 'constructor';
    refused(b, '$.formations[0].id', /cannot be an id/);
    const c = JSON.parse(JSON.stringify(aldern()).replace('"extra":{', '"extra":{"__proto__":{"polluted":true},')) as Doc;
    const text = `{"__proto__":{"x":1},${JSON.stringify(aldern()).slice(1)}`;
    for (const v of [validateText(text), ...(JSON.stringify(c).includes('__proto__') ? [validateData(c)] : [])]) {
      expect(v.ok).toBe(false);
      expect(v.problems.some((p) => /__proto__/.test(p.path) && /cannot be a field name/.test(p.message))).toBe(true);
    }
    expect(({} as Doc).polluted).toBeUndefined();
  });

  it('a command carrying a prototype name is refused by the engine, whatever the ruleset', () => {
    const g = fixtureGame(3);
    for (const name of PROTOTYPE_NAMES) {
      const r = applyCommand(skirmishModule, g.state, { type: 'move', side: 'red', unit: name, dx: 1, dy: 0 });
      expect(isRejection(r) && r.code).toBe('bad-command');
    }
    const nested = applyCommand(skirmishModule, g.state, JSON.parse('{"type":"move","side":"red","__proto__":{"unit":"r1"}}'));
    expect(isRejection(nested) && nested.code).toBe('bad-command');
  });
});

describe('Cross-references', () => {
  it("a unit's stand id equal to a general's generated stand id is refused", () => {
    const d = aldern();
    d.units[0].stands[0].id = `${d.generals[0].id}.stand`;
    refused(d, /^\$\.generals\[0\]\.id$|^\$\.units\[0\]\.stands\[0\]\.id$/, /already used/);
  });

  it('an SYW unit listed in two groups is refused (SYW (1) Groups p.5)', () => {
    const d = kolin();
    const g = d.rulesetFields['seven-years-war'].groups;
    g.push({ id: 'pr-again', units: [g[0].units[0]] });
    refused(d, '$.rulesetFields["seven-years-war"].groups[1].units[0]', /already in group 1/);
  });

  it('an SYW group named after a unit outside it, or listing a unit that does not exist, is refused', () => {
    const d = kolin();
    const other = d.units.find((u: Doc) => !d.rulesetFields['seven-years-war'].groups[0].units.includes(u.id)).id;
    d.rulesetFields['seven-years-war'].groups[0].id = other;
    refused(d, '$.rulesetFields["seven-years-war"].groups[0].id', /unit outside this group/);
    const e = kolin();
    e.rulesetFields['seven-years-war'].groups[0].units.push('nobody');
    refused(e, /groups\[0\]\.units\[2\]$/, /no unit "nobody"/);
  });
});

describe('Sizes and depths are capped, each with a sentence naming the limit', () => {
  it('extra nested 2,200 deep is refused before anything walks it (it once overflowed the hash)', () => {
    const d = aldern();
    let deep: unknown = 1;
    for (let i = 0; i < 2200; i++) deep = { a: deep };
    d.units[0].extra = { deep };
    refused(d, /^\$\.units\[0\]\.extra\.deep(\.a)*$/, new RegExp(`nested more than ${LIMITS.depth} levels`));
    const r = { ...aldern(), rulesetFields: { x: deep } };
    refused(r, /^\$\.rulesetFields\.x/, /nested more than/);
  });

  it('a file nested within the limit is accepted, played and hashed', () => {
    const d = aldern();
    let deep: unknown = 1;
    for (let i = 0; i < LIMITS.depth - 5; i++) deep = [deep];
    d.units[0].extra = { ...d.units[0].extra, deep };
    const l = loadScenario(d);
    expect(l.ok).toBe(true);
    if (l.ok) expect(stateHash(l.value)).toMatch(/^fnv1a64:/);
  });

  it('300 units of 200 stacked stands are past the unit and stand limits; 50 such units (10,000 stands, the limit) are refused with the first 100 problems and a count of the rest', () => {
    const d = aldern();
    const u0 = d.units[0];
    const stack = (n: number) => Array.from({ length: n }, (_, i) => ({ ...u0, id: `u${i}`, name: `U${i}`, stands: Array.from({ length: 200 }, () => ({ widthMm: 20, depthMm: 20, at: { x: 500, y: 500, facingDeg: 0 } })) }));
    refused({ ...d, units: stack(300) }, '$.units', /60,000 stands in all; the limit is 10,000/);
    d.units = Array.from({ length: 50 }, (_, i) => ({ ...u0, id: `u${i}`, name: `U${i}`, stands: Array.from({ length: 200 }, () => ({ widthMm: 20, depthMm: 20, at: { x: 500, y: 500, facingDeg: 0 } })) }));
    const v = validateData(d);
    expect(v.ok).toBe(false);
    expect(v.problems.length).toBe(LIMITS.problems + 1);
    // 10,000 stands on one spot: the first stands, the other 9,999 each overlap it.
    expect(v.problems.at(-1)!.message).toBe('…and 9,899 more problems.');
    expect(v.problems[0]!.message).toMatch(/overlaps stand 1 of its own unit/);
  });

  it('the same ruleset listed 100,000 times is refused; so is one listed twice', () => {
    const d = aldern();
    d.rulesets = Array.from({ length: 100_000 }, () => 'napoleonic-warfare');
    refused(d, '$.rulesets', /at most|too big|<=|16/i);
    const e = aldern();
    e.rulesets = ['napoleonic-warfare', 'napoleonic-warfare'];
    refused(e, '$.rulesets[1]', /listed twice/);
  });

  it('too many stands in all, too long a text, too big a file', () => {
    const d = aldern();
    const u0 = d.units[0];
    d.units = Array.from({ length: 51 }, (_, i) => ({ ...u0, id: `u${i}`, stands: Array.from({ length: 200 }, () => ({ widthMm: 20, depthMm: 20 })) }));
    refused(d, '$.units', new RegExp(`limit is ${LIMITS.stands.toLocaleString('en')}`));
    const t = aldern();
    t.units[0].extra = { note: 'x'.repeat(LIMITS.stringChars + 1) };
    refused(t, '$.units[0].extra.note', /characters long; the limit/);
    const big = loadScenarioText(' '.repeat(LIMITS.scenarioChars + 1));
    expect(!big.ok && big.problems[0]!.message).toMatch(/the limit is 10\.0 MB/);
  });
});

describe('Reading files', () => {
  it('a byte-order mark is accepted', () => {
    const text = '\uFEFF' + readFileSync(join(ROOT, 'scenarios/default.json'), 'utf8');
    expect(validateText(text).ok).toBe(true);
    expect(loadScenarioText(text).ok).toBe(true);
  });

  it('every path is written one way: names with dots, anything else in ["…"], indices in [n]', () => {
    const d = kolin();
    d.rulesetFields['seven-years-war'].groups[0].units.push('nobody');
    d.units[0].troopType = 'zzz';
    const v = validateData(d);
    for (const p of v.problems) expect(p.path).toMatch(/^\$((\.[A-Za-z_][A-Za-z0-9_]*)|(\["[^"]*"\])|(\[\d+\]))*$/);
    const save = loadSaveText('{"format":"vedette-save","version":1,"bad key":1}', []);
    expect(!save.ok && save.problems.some((p) => p.path === '$')).toBe(true);
  });
});

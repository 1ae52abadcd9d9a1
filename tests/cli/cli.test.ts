import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, type Io } from '../../src/cli/program';
import { PUBLISHED } from '../../src/cli/schema';
import { FIXTURE_SCENARIO_PATH, ROOT } from '../engine/fixtures/helpers';
import { skirmishModule } from '../engine/fixtures/skirmish';

const FIXTURE_MODULE = join(ROOT, 'tests/engine/fixtures/skirmish.ts');
const dir = mkdtempSync(join(tmpdir(), 'vedette-cli-'));

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [], err: string[] = [];
  const io: Io = {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    readFile: (p) => readFileSync(p, 'utf8'),
    writeFile: (p, t) => writeFileSync(p, t),
    importRulesets: async () => [skirmishModule],
  };
  const code = await runCli(args, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}
const W = ['--with-ruleset', FIXTURE_MODULE];

describe('vedette play / replay / validate (in process)', () => {
  it('play --auto random prints a summary with the result and saves; replay verifies the save', async () => {
    const save = join(dir, 'a.save.json');
    const p = await cli([...W, 'play', FIXTURE_SCENARIO_PATH, '--seed', '5', '--auto', 'random', '--save', save]);
    expect(p.code).toBe(0);
    expect(p.err).toMatch(/Result: /);
    const hash = /State hash: (fnv1a64:[0-9a-f]{16})/.exec(p.err)![1];
    const r = await cli([...W, 'replay', save]);
    expect(r.code).toBe(0);
    expect(r.out.trim()).toBe(hash);
    const v = await cli([...W, 'validate', save]);
    expect(v.code).toBe(0);
    expect(v.out).toMatch(/valid save/);
  });

  it('play --script applies commands; a refused command fails with its reason', async () => {
    const ok = join(dir, 'ok.json');
    writeFileSync(ok, JSON.stringify([{ type: 'placeOrder', side: 'blue', unit: 'b1', order: 'hold' }, { type: 'endStep', side: 'blue' }]));
    const a = await cli([...W, 'play', FIXTURE_SCENARIO_PATH, '--seed', '1', '--script', ok, '--events']);
    expect(a.code).toBe(0);
    const lines = a.out.split('\n').map((l) => JSON.parse(l) as { type: string; at: number });
    expect(lines[0]).toMatchObject({ type: 'GameStarted', at: 0 });
    expect(lines.some((l) => l.type === 'OrderPlaced' && l.at === 1)).toBe(true);
    expect(a.err).toMatch(/No result yet/);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify([{ type: 'fireAt', side: 'blue', unit: 'b1', target: 'r1' }]));
    const b = await cli([...W, 'play', FIXTURE_SCENARIO_PATH, '--seed', '1', '--script', bad]);
    expect(b.code).toBe(1);
    expect(b.err).toMatch(/Script command 1 .* was refused \[not-now\]/);
  });

  it('play --auto scripted / per side with search: the AI players command the sides; the save replays', async () => {
    const save = join(dir, 'ai.save.json');
    const p = await cli(['play', join(ROOT, 'scenarios/default.json'), '--seed', '4', '--auto', 'fr=search,au=scripted', '--budget', '20', '--turns', '1', '--save', save]);
    expect(p.code).toBe(0);
    expect(p.err).toMatch(/stopped after turn 1/);
    expect(p.err).not.toMatch(/refused/);
    const hash = /State hash: (fnv1a64:[0-9a-f]{16})/.exec(p.err)![1];
    const r = await cli(['replay', save]);
    expect(r.out.trim()).toBe(hash);
    const s = await cli(['play', join(ROOT, 'scenarios/seven-years-war-kolin-ridge.json'), '--seed', '4', '--auto', 'scripted', '--turns', '1']);
    expect(s.code).toBe(0);
    expect((await cli(['play', join(ROOT, 'scenarios/default.json'), '--seed', '4', '--auto', 'clever'])).code).toBe(2);
    expect((await cli(['play', join(ROOT, 'scenarios/default.json'), '--seed', '4', '--auto', 'xx=search'])).code).toBe(2);
  }, 60_000);

  it('--seed n is the same battle every time; --key random draws a 128-bit key, says it, saves it, and the save replays', async () => {
    const hashOf = (err: string) => /State hash: (fnv1a64:[0-9a-f]{16})/.exec(err)![1];
    const a = await cli([...W, 'play', FIXTURE_SCENARIO_PATH, '--seed', '3', '--auto', 'random', '--turns', '2']);
    const b = await cli([...W, 'play', FIXTURE_SCENARIO_PATH, '--seed', '3', '--auto', 'random', '--turns', '2']);
    expect(hashOf(a.err)).toBe(hashOf(b.err));
    const save = join(dir, 'keyed.save.json');
    const k = await cli([...W, 'play', FIXTURE_SCENARIO_PATH, '--seed', '3', '--auto', 'random', '--turns', '2', '--key', 'random', '--save', save]);
    expect(k.code).toBe(0);
    const key = /Dice key: ([0-9a-f]{32})/.exec(k.err)![1];
    const file = JSON.parse(readFileSync(save, 'utf8')) as { key?: string; seeding?: number };
    expect(file).toMatchObject({ key, seeding: 4 });
    expect((await cli([...W, 'replay', save])).out.trim()).toBe(hashOf(k.err));
    const again = await cli([...W, 'play', FIXTURE_SCENARIO_PATH, '--seed', '3', '--auto', 'random', '--turns', '2', '--key', key!]);
    expect(hashOf(again.err)).toBe(hashOf(k.err));
    expect((await cli([...W, 'play', FIXTURE_SCENARIO_PATH, '--seed', '3', '--auto', 'random', '--key', '1234'])).code).toBe(2);
  }, 60_000);

  it('--turns stops the battle early', async () => {
    const a = await cli([...W, 'play', FIXTURE_SCENARIO_PATH, '--seed', '2', '--auto', 'random', '--turns', '1']);
    expect(a.code).toBe(0);
    expect(a.err).toMatch(/stopped after turn 1/);
  });

  it('usage errors exit 2; broken files exit 1 with a path and a sentence', async () => {
    expect((await cli([...W, 'play', FIXTURE_SCENARIO_PATH, '--seed', 'x', '--auto', 'random'])).code).toBe(2);
    expect((await cli([...W, 'play', FIXTURE_SCENARIO_PATH, '--seed', '1'])).code).toBe(2);
    expect((await cli(['bogus'])).code).toBe(2);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, readFileSync(FIXTURE_SCENARIO_PATH, 'utf8').replace('"side": "blue", "parent"', '"side": "green", "parent"'));
    const v = await cli([...W, 'validate', broken]);
    expect(v.code).toBe(1);
    expect(v.err).toMatch(/\$\.units\[0\]\.side: there is no side "green"/);
    const notJson = join(dir, 'x.json');
    writeFileSync(notJson, '{"format": ');
    expect((await cli(['validate', notJson])).err).toMatch(/not valid JSON/);
    expect((await cli(['validate', join(dir, 'missing.json')])).code).toBe(1);
  });

  it('validate accepts the built-in scenario and notes rulesets that are not installed', async () => {
    const v = await cli(['validate', join(ROOT, 'scenarios/default.json')]);
    expect(v.code).toBe(0);
    expect(v.out).toMatch(/valid scenario/);
  });
});

describe('vedette report <save> --out (the battle report)', () => {
  it('writes the self-contained page of a finished battle; a battle in progress needs a side', async () => {
    const done = join(dir, 'done.save.json');
    expect((await cli([...W, 'play', FIXTURE_SCENARIO_PATH, '--seed', '5', '--auto', 'random', '--save', done])).code).toBe(0);
    const page = join(dir, 'report.html');
    const r = await cli([...W, 'report', done, '--out', page]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/Battle report written to .*report\.html .*seen by both/);
    const html = readFileSync(page, 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('data-testid="report-result"');
    expect(html).not.toMatch(/<script/i);

    const part = join(dir, 'part.save.json');
    expect((await cli([...W, 'play', FIXTURE_SCENARIO_PATH, '--seed', '5', '--auto', 'random', '--turns', '1', '--save', part])).code).toBe(0);
    const refused = await cli([...W, 'report', part, '--out', join(dir, 'no.html')]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/not over.*--viewer blue or --viewer red/s);
    const blue = await cli([...W, 'report', part, '--out', join(dir, 'blue.html'), '--viewer', 'blue']);
    expect(blue.code, blue.err).toBe(0);
    expect((await cli([...W, 'report', part])).code).toBe(2);
  });
});

describe('the published JSON Schemas (scenario, save, house rules)', () => {
  it.each(PUBLISHED.map((p) => [p.path, p.source, p.text] as const))('%s is up to date with %s (run npm run schema)', (path, _source, text) => {
    expect(readFileSync(join(ROOT, path), 'utf8')).toBe(text());
  });
  it("a save's scenario and house rules refer to the published scenario and house-rules schemas by their $id", () => {
    const read = (p: string) => JSON.parse(readFileSync(join(ROOT, p), 'utf8')) as { $id: string; properties: Record<string, { $ref?: string }>; required: string[] };
    const save = read('scenarios/save.schema.json');
    const resolveRef = (ref: string) => new URL(ref, save.$id).href;
    expect(resolveRef(save.properties.scenario!.$ref!)).toBe(read('scenarios/scenario.schema.json').$id);
    expect(resolveRef(save.properties.houseRules!.$ref!)).toBe(read('scenarios/house-rules.schema.json').$id);
    expect(save.required).toEqual(expect.arrayContaining(['format', 'version', 'ruleset', 'seed', 'log', 'hash']));
  });
});

describe('determinism across processes', () => {
  it('two processes give a byte-identical event log and the same state hash', () => {
    const run = () =>
      spawnSync(process.execPath, [join(ROOT, 'bin/vedette.mjs'), ...W, 'play', FIXTURE_SCENARIO_PATH, '--seed', '90210', '--auto', 'random', '--events'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    const a = run(), b = run();
    expect(a.status, a.stderr).toBe(0);
    expect(b.status, b.stderr).toBe(0);
    expect(a.stdout.length).toBeGreaterThan(1000);
    expect(a.stdout).toBe(b.stdout);
    const hash = (s: string) => /State hash: (\S+)/.exec(s)?.[1];
    expect(hash(a.stderr)).toBeDefined();
    expect(hash(a.stderr)).toBe(hash(b.stderr));
    expect(a.stdout).toContain('"type":"DiceRolled"');
  }, 120_000);
});

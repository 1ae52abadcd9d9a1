/**
 * `vedette simulate` and `vedette report` in process, on the skirmish fixture ruleset (fast).
 * A batch is a pure function of its master seed: the same bytes from one thread or two workers,
 * interrupted and resumed, or played in shards and merged.
 */
import { appendFileSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, type Io } from '../../src/cli/program';
import { FIXTURE_SCENARIO_PATH, ROOT } from '../engine/fixtures/helpers';
import { skirmishModule } from '../engine/fixtures/skirmish';

const FIXTURE_MODULE = join(ROOT, 'tests/engine/fixtures/skirmish.ts');
const dir = mkdtempSync(join(tmpdir(), 'vedette-simulate-'));
const W = ['--with-ruleset', FIXTURE_MODULE];

async function cli(args: string[], extra: Partial<Io> = {}): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [], err: string[] = [];
  const io: Io = {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    readFile: (p) => readFileSync(p, 'utf8'),
    writeFile: (p, t) => writeFileSync(p, t),
    appendFile: (p, t) => appendFileSync(p, t),
    replaceFile: (p, t) => {
      writeFileSync(`${p}.part`, t);
      renameSync(`${p}.part`, p);
    },
    importRulesets: async () => [skirmishModule],
    ...extra,
  };
  const code = await runCli(args, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const sim = (more: string[]) => [...W, 'simulate', FIXTURE_SCENARIO_PATH, '-n', '12', '--seed', '77', ...more];

describe('vedette simulate', () => {
  it('the same master seed gives a byte-identical batch: twice in one thread, and on two worker threads', async () => {
    const a = await cli(sim(['--workers', '0']));
    const b = await cli(sim(['--workers', '0']));
    const file = join(dir, 'workers.jsonl');
    const c = await cli(sim(['--workers', '2', '--out', file]));
    expect([a.code, b.code, c.code]).toEqual([0, 0, 0]);
    const lines = a.out.split('\n');
    expect(lines).toHaveLength(13);
    expect(JSON.parse(lines[0]!)).toMatchObject({ format: 'vedette-batch', masterSeed: 77, battles: 12, players: ['random', 'random'] });
    expect(lines.slice(1).map((l) => (JSON.parse(l) as { index: number }).index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(b.out).toBe(a.out);
    expect(readFileSync(file, 'utf8')).toBe(`${a.out}\n`);
    // Another master seed gives other battles.
    const d = await cli([...W, 'simulate', FIXTURE_SCENARIO_PATH, '-n', '12', '--seed', '78', '--workers', '0']);
    expect(d.out.split('\n').slice(1)).not.toEqual(lines.slice(1));
  }, 120_000);

  it('a registered ruleset runs on workers bundled for the batch, with the same bytes as in one thread', async () => {
    const args = ['simulate', join(ROOT, 'scenarios/default.json'), '-n', '2', '--seed', '4'];
    const here = await cli([...args, '--workers', '0']);
    const there = await cli([...args, '--workers', '2']);
    expect([here.code, there.code]).toEqual([0, 0]);
    expect(there.out).toBe(here.out);
    expect(here.out.split('\n')).toHaveLength(3);
  }, 180_000);

  it('interrupted (Ctrl-C), a batch keeps its finished battles; --resume finishes it as one run would have written it', async () => {
    const whole = await cli(sim(['--workers', '0']));
    for (const workers of ['0', '2']) {
      const file = join(dir, `resume-${workers}.jsonl`);
      const stop = new AbortController();
      const first = await cli(sim(['--workers', workers, '--out', file]), { signal: stop.signal, onBattle: (done) => (done >= 5 ? stop.abort() : undefined) });
      expect(first.code).toBe(130);
      expect(first.err).toMatch(/Interrupted: \d+ of 12 battles kept/);
      const kept = readFileSync(file, 'utf8').trim().split('\n').length - 1;
      expect(kept).toBeGreaterThanOrEqual(5);
      expect(kept).toBeLessThan(12);
      // Without --resume the kept battles are not thrown away.
      const refused = await cli(sim(['--workers', workers, '--out', file]));
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/already holds \d+ battle\(s\): add --resume/);
      const second = await cli(sim(['--workers', workers, '--out', file, '--resume']));
      expect(second.code).toBe(0);
      expect(second.err).toMatch(new RegExp(`Simulating ${12 - kept} battle\\(s\\) \\(${kept} already done\\)`));
      expect(readFileSync(file, 'utf8')).toBe(`${whole.out}\n`);
    }
  }, 180_000);

  it('--resume refuses another batch in the file', async () => {
    const file = join(dir, 'other.jsonl');
    await cli([...W, 'simulate', FIXTURE_SCENARIO_PATH, '-n', '2', '--seed', '1', '--workers', '0', '--out', file]);
    const r = await cli([...W, 'simulate', FIXTURE_SCENARIO_PATH, '-n', '2', '--seed', '2', '--workers', '0', '--out', file, '--resume']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/is another batch/);
  });

  it('shards played apart and reported together give the report of one run', async () => {
    const one = join(dir, 'one.jsonl');
    await cli(sim(['--workers', '0', '--out', one]));
    const shards = [1, 2, 3].map((i) => join(dir, `shard-${i}.jsonl`));
    for (const [i, f] of shards.entries()) expect((await cli(sim(['--workers', '0', '--shard', `${i + 1}/3`, '--out', f]))).code).toBe(0);
    const sizes = shards.map((f) => readFileSync(f, 'utf8').trim().split('\n').length - 1);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(12);
    const page = join(dir, 'merged.html');
    const merged = await cli([...W, 'report', FIXTURE_SCENARIO_PATH, ...shards.reverse(), '--html', page]);
    const single = await cli([...W, 'report', FIXTURE_SCENARIO_PATH, one]);
    expect(merged.code).toBe(0);
    expect(merged.out).toBe(single.out);
    expect(merged.out).toMatch(/^Balance of ".*" — .*, random v random, master seed 77, 12 battles/);
    const html = readFileSync(page, 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org\/2000\/svg)/); // nothing runs, nothing fetched
    expect(html.match(/<svg /g)!.length).toBeGreaterThanOrEqual(6);
  }, 120_000);

  it('two different players meet in pairs of battles on one seed, the sides swapped; scripted and search players give the same bytes again', async () => {
    const args = [...W, 'simulate', FIXTURE_SCENARIO_PATH, '-n', '4', '--seed', '9', '--workers', '0', '--players', 'scripted,search@5'];
    const a = await cli(args);
    const b = await cli(args);
    expect(a.code).toBe(0);
    expect(b.out).toBe(a.out);
    const recs = a.out.split('\n').slice(1).map((l) => JSON.parse(l) as { seed: number; players: string[] });
    expect(recs.map((r) => r.players)).toEqual([
      ['scripted', 'search@5'],
      ['search@5', 'scripted'],
      ['scripted', 'search@5'],
      ['search@5', 'scripted'],
    ]);
    expect(recs[1]!.seed).toBe(recs[0]!.seed);
    expect(recs[2]!.seed).not.toBe(recs[0]!.seed);
  }, 120_000);

  it('usage errors say what is wanted', async () => {
    expect((await cli(sim(['--players', 'chess-engine']))).err).toMatch(/There is no player "chess-engine" \(players: random/);
    expect((await cli(sim(['--shard', '4/3']))).err).toMatch(/--shard 4\/3: i runs from 1 to n/);
    expect((await cli(sim(['--resume']))).err).toMatch(/--resume continues a batch file: name it with --out/);
  });
});

/**
 * Replay goldens (STYLE.md Tests): NW and SYW battles saved before the platform refactor,
 * re-applied command by command, must reach the same final state hash and the same events.
 * A change that alters a result fails here; if it is intended, regenerate with
 * `npx tsx scripts/goldens.ts` and explain each changed hash in the commit.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { goldenDir, replayGolden, type GoldenSummary } from './golden';

const expected = JSON.parse(readFileSync(`${goldenDir}/expected.json`, 'utf8')) as Record<string, GoldenSummary>;
const files = readdirSync(goldenDir).filter((f) => f.endsWith('.save.json')).sort();

describe('Replay goldens', () => {
  it('every committed golden save has an expectation and vice versa', () => {
    expect(files).toEqual(Object.keys(expected).sort());
    expect(files.length).toBeGreaterThanOrEqual(8);
  });
  for (const f of files) {
    it(`${f} replays to its recorded state hash and events`, () => {
      const save = JSON.parse(readFileSync(`${goldenDir}/${f}`, 'utf8')) as { hash: string };
      const got = replayGolden(save);
      expect(got.hash).toBe(save.hash);
      expect(got).toEqual(expected[f]);
      expect(got.commands).toBeGreaterThanOrEqual(100);
    }, 120_000); // a few hundred commands each: seconds on a quiet machine, more on a loaded one
  }
});

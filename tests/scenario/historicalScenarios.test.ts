/**
 * The historical built-in scenarios are made by scripts/make-scenarios.ts with the editor's
 * model: the committed files are exactly what the script builds, they pass the loader's
 * validation (ruleset checks included), and they are the sizes the issue asks for — a small
 * battle, a corps a side (about 150 units) and a large one (about 400 units and 2,000 stands).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { BATTLES, buildBattle } from '../../scripts/make-scenarios';
import { validateText } from '../../src/scenario/validate';

const read = (file: string) => readFileSync(`scenarios/${file}`, 'utf8');

describe('Historical scenarios made with the editor model', () => {
  for (const b of BATTLES) {
    it(`${b.title}: the committed file is what the script builds, and it validates`, () => {
      const built = buildBattle(b);
      expect(JSON.parse(read(b.file))).toEqual(JSON.parse(JSON.stringify({ $schema: './scenario.schema.json', ...built })));
      const v = validateText(read(b.file));
      expect(v.problems).toEqual([]);
      expect(v.ok).toBe(true);
      expect(built.description).toMatch(/Sources: /);
      // The orders of battle were not checked unit by unit against the sources; the file says so.
      expect(built.description).toMatch(/approximate and simplified/);
    });
  }
  it('has a small, a medium (a corps a side) and a large battle', () => {
    const sizes = BATTLES.map((b) => {
      const d = JSON.parse(read(b.file)) as { units: { stands: unknown[] }[] };
      return { units: d.units.length, stands: d.units.reduce((n, u) => n + u.stands.length, 0) };
    });
    expect(sizes.some((s) => s.units <= 40)).toBe(true);
    expect(sizes.some((s) => s.units >= 130 && s.units <= 170)).toBe(true);
    expect(sizes.some((s) => s.units >= 380 && s.stands >= 1900)).toBe(true);
  });
});

/** DoG Basing and Scale, Nationality Tables, Command Ratings at set-up: a scenario whose Death or Glory! fields are wrong is refused whole, with the JSON path and a sentence. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../../src/scenario/load';
import { createGame } from '../../../src/engine/game';
import { validateSetup, basingProblem } from '../../../src/rules/death-or-glory/setup/setup';
import { DOG } from './build';

const rodern = () => JSON.parse(readFileSync('scenarios/death-or-glory-rodern.json', 'utf8'));

describe('The built-in Death or Glory! battle (fictional, at Rödern)', () => {
  it('loads, passes the ruleset\'s checks and starts in the secret orders step of turn 1', () => {
    const l = loadScenario(rodern());
    expect(l.ok).toBe(true);
    if (!l.ok) return;
    expect(validateSetup(l.value)).toEqual([]);
    const g = createGame(DOG, { setup: l.value, seed: 1 });
    expect(g.ok).toBe(true);
    if (g.ok) expect([g.state.position.turn, g.state.position.step]).toEqual([1, 'orders']);
  });
});

describe('DoG Basing and Scale: figures must fit their bases', () => {
  it('infantry 11 mm a figure in whole ranks, cavalry 33 mm, artillery 10 mm a gun', () => {
    expect(basingProblem('infantry', 33, 6)).toBeUndefined();
    expect(basingProblem('infantry', 33, 5)).toMatch(/whole ranks/);
    expect(basingProblem('infantry', 40, 6)).toMatch(/not a whole number/);
    expect(basingProblem('cavalry', 66, 2)).toBeUndefined();
    expect(basingProblem('artillery', 60, 6)).toBeUndefined();
    expect(basingProblem('artillery', 60, 4)).toMatch(/6 guns/);
    expect(basingProblem('infantry', 33, undefined)).toMatch(/no figures/);
  });
});

describe('A scenario with wrong Death or Glory! fields is refused with the JSON path', () => {
  const problems = (mutate: (d: ReturnType<typeof rodern>) => void) => {
    const d = rodern();
    mutate(d);
    const l = loadScenario(d);
    if (!l.ok) return l.problems.map((p) => p.path);
    return validateSetup(l.value).map((p) => p.path);
  };
  it('an unknown nation', () => expect(problems((d) => { d.units[0].nationality = 'atlantis'; })).toContain('$.units[0].nationality'));
  it('a troop type the nation does not have', () => expect(problems((d) => { d.units[0].troopType = 'old-guard'; })).toContain('$.units[0].troopType'));
  it('figures that do not fit the base', () => expect(problems((d) => { d.units[0].stands[1].figures = 5; })).toContain('$.units[0].stands[1].figures'));
  it('a battery without its calibre', () => expect(problems((d) => { const a = d.units.find((u: { arm: string }) => u.arm === 'artillery'); a.extra = {}; })).toEqual(expect.arrayContaining([expect.stringMatching(/extra\.calibre$/)])));
  it('a C-in-C bonus other than 1, 2 or 3', () => expect(problems((d) => { d.generals[0].extra = { ...(d.generals[0].extra ?? {}), cincBonus: 5 }; })).toContain('$.generals[0].extra.cincBonus'));
  it('an unknown quality', () => expect(problems((d) => { d.units[0].quality = 'heroic'; })).toContain('$.units[0].quality'));
});

describe('DoG Command Ratings: "Otherwise, roll 1 fire die for each commander"', () => {
  it('a general without a rating rolls one at set-up, read on the fire die', () => {
    const l = loadScenario(rodern());
    if (!l.ok) throw new Error('no');
    // Oberst Rauch and Général Vautrin have no rating in the scenario.
    const g = createGame(DOG, { setup: l.value, seed: 1, setupDice: [8, 10, 9, 2] });
    expect(g.ok).toBe(true);
    if (!g.ok) return;
    const rs = g.state.ruleset as { generals: Record<string, { rating: number }> };
    expect([rs.generals['pr-g2']!.rating, rs.generals['fr-g1']!.rating]).toEqual([3, 4]);
  });
});

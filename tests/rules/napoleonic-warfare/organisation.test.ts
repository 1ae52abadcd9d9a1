// NW Organizing Your Army / Generals §1 / Setting up Armies, checked when a battle is set up by the book (standardSetUp).
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../../src/scenario/load';
import { validateSetup } from '../../../src/rules/napoleonic-warfare/setup';
import { scenarioObject, IN, type UnitSpec } from './harness';

type Scen = ReturnType<typeof scenarioObject> & { formations: { id: string; name: string; side: string; level: string; parent?: string }[]; units: { parent: string; at: { y: number } }[]; generals: { id: string; commands: string }[] };

/** One division a side of two brigades of two units, two generals each, 4" from the baseline. */
function byTheBook(): Scen {
  const units: UnitSpec[] = [];
  for (const side of ['fr', 'au'] as const) {
    [28, 33, 38, 43].forEach((x, i) => units.push({ id: `${side}${i}`, side, x, y: side === 'fr' ? 4 : 44, facingDeg: side === 'fr' ? 90 : -90 }));
  }
  const gens = [
    { id: 'fr-div-g', side: 'fr' as const, x: 36, y: 2 }, { id: 'fr-b1-g', side: 'fr' as const, x: 30, y: 1 },
    { id: 'au-div-g', side: 'au' as const, x: 36, y: 46 }, { id: 'au-b1-g', side: 'au' as const, x: 30, y: 47 },
  ];
  const s = scenarioObject(units, { generals: gens, fields: { standardSetUp: true } }) as Scen;
  s.formations = ['fr', 'au'].flatMap((side) => [
    { id: `${side}-div`, name: `${side} division`, side, level: 'division' },
    { id: `${side}-b1`, name: `${side} 1st brigade`, side, level: 'brigade', parent: `${side}-div` },
    { id: `${side}-b2`, name: `${side} 2nd brigade`, side, level: 'brigade', parent: `${side}-div` },
  ]);
  s.units.forEach((u, i) => { u.parent = `${i < 4 ? 'fr' : 'au'}-b${(i % 4) < 2 ? 1 : 2}`; });
  s.generals.forEach((g) => { g.commands = g.id.includes('div') ? `${g.id.slice(0, 2)}-div` : `${g.id.slice(0, 2)}-b1`; });
  return s;
}
const problems = (s: Scen) => {
  const l = loadScenario(s);
  if (!l.ok) throw new Error(JSON.stringify(l.problems));
  return validateSetup(l.value, { baseScale: 'medium', d10Via2d6: false }).map((p) => p.message);
};

describe('When an army is set up by the book (NW Organizing Your Army; Setting up Armies)', () => {
  it('two brigades of two units, two generals a division, 4" from the baseline and in command: no problems', () => {
    expect(problems(byTheBook())).toEqual([]);
  });
  it('a brigade of one unit is refused (2 to 8 units)', () => {
    const s = byTheBook();
    s.units[1]!.parent = 'fr-b2';
    expect(problems(s).some((m) => m.includes('fr 1st brigade has 1 units'))).toBe(true);
  });
  it('a division of one brigade is refused (2 to 5 brigades)', () => {
    const s = byTheBook();
    s.formations = s.formations.filter((f) => f.id !== 'au-b2');
    s.units.forEach((u) => { if (u.parent === 'au-b2') u.parent = 'au-b1'; });
    expect(problems(s).some((m) => m.includes('au division has 1 brigades'))).toBe(true);
  });
  it('a division with one general is refused (at least 2)', () => {
    const s = byTheBook();
    s.generals = s.generals.filter((g) => g.id !== 'fr-b1-g');
    expect(problems(s).some((m) => m.includes('fr division has 1 general;'))).toBe(true);
  });
  it('a unit 10" from its baseline is refused; 8" is refused at medium scale (6") but allowed at large (9")', () => {
    const s = byTheBook();
    s.units[0]!.at.y = 10 * IN;
    expect(problems(s).some((m) => m.includes('fr0 stands 10.0" from its baseline'))).toBe(true);
    const t = byTheBook();
    t.units[0]!.at.y = 8 * IN;
    const l = loadScenario(t);
    if (!l.ok) throw new Error('load');
    expect(validateSetup(l.value, { baseScale: 'large', d10Via2d6: false }).some((p) => p.message.includes('baseline'))).toBe(false);
    expect(problems(t).some((m) => m.includes('fr0 stands 8.0" from its baseline'))).toBe(true);
  });
  it('a unit beyond its division general\'s Command Range (Good: 8" medium) is refused (NW Generals §1)', () => {
    const s = byTheBook() as Scen & { units: { at: { x: number; y: number } }[] };
    s.units[3]!.at.x = 60 * IN;
    expect(problems(s).some((m) => m.includes('fr3 starts') && m.includes('Command Range'))).toBe(true);
  });
  it('a historical scenario that does not ask for the standard set-up is not held to it', () => {
    const s = byTheBook();
    ((s as unknown as { rulesetFields: Record<string, Record<string, unknown>> }).rulesetFields['napoleonic-warfare']!)['standardSetUp'] = false;
    s.units[1]!.parent = 'fr-b2';
    expect(problems(s)).toEqual([]);
  });
});

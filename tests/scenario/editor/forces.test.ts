import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ScenarioSchema } from '../../../src/scenario/schema';
import { applyEdit, type Draft } from '../../../src/scenario/editor/ops';
import { nwArmyList, setNwArmyList, sywPoints } from '../../../src/scenario/editor/forces';
import { checkDraft } from '../../../src/scenario/editor/problems';
import { templatesForSide } from '../../../src/scenario/editor/place';

const load = (f: string): Draft => ScenarioSchema.parse(JSON.parse(readFileSync(`scenarios/${f}`, 'utf8')));

describe('Forces: points and army lists, live', () => {
  it('SYW 9 Points system (p.20): each side\'s points from the unit table', () => {
    const p = sywPoints(load('seven-years-war-rossbach.json'))!;
    expect(p['prussia']).toBeGreaterThan(0);
    expect(p['allies']).toBeGreaterThan(0);
    expect(sywPoints(load('napoleonic-warfare-maida.json'))).toBeNull();
  });
  it('NW Preparing for Battle §1: a side checked against the wrong nation\'s list is listed with the list\'s reason; the right one passes', () => {
    const d = load('napoleonic-warfare-maida.json');
    const wrong = applyEdit(d, setNwArmyList(d, 'french', { nation: 'russia', year: 1806 }));
    if (!wrong.ok) throw new Error(wrong.reason);
    expect(nwArmyList(wrong.draft, 'french')).toEqual({ nation: 'russia', year: 1806 });
    const problems = checkDraft(wrong.draft);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.some((p) => /list/.test(p.message))).toBe(true);
    const none = applyEdit(wrong.draft, setNwArmyList(wrong.draft, 'french', null));
    expect(none.ok && none.draft.rulesetFields?.['napoleonic-warfare']).toBeFalsy();
    // Units added while a list is chosen come from that list, graded for its year.
    const t = templatesForSide(wrong.draft, 1);
    expect(t.every((x) => x.key.startsWith('nw:russia:'))).toBe(true);
  });
});

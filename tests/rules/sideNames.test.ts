import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isPluralName, sideWords, victorySentence, withSideNames } from '../../src/rules/words';
import { makeSave } from '../../src/scenario/save';
import { formatDice } from '../../src/ui/format';
import type { DiceRolled } from '../../src/engine/dice';
import { createGame } from '../../src/engine/game';
import { findRuleset } from '../../src/rules/registry';
import { loadScenarioText } from '../../src/scenario/load';

// Every side name of the built-in scenarios, and the verb each takes.
describe('A side name and the verb that agrees with it', () => {
  it.each([
    ['French Advance Guard', 'The French Advance Guard wins'],
    ['Austrian Brigade Mayer', 'The Austrian Brigade Mayer wins'],
    ['French', 'The French win'],
    ['Austrians', 'The Austrians win'],
    ['British', 'The British win'],
    ['British (Stuart)', 'The British (Stuart) win'],
    ['French (Reynier)', 'The French (Reynier) win'],
    ['Prussians', 'The Prussians win'],
    ['Prussians (Frederick)', 'The Prussians (Frederick) win'],
    ['Franco-Imperials (Soubise)', 'The Franco-Imperials (Soubise) win'],
    ['III Corps (Davout)', 'The III Corps (Davout) wins'],
    ['III Armeekorps (Hohenzollern)', 'III Armeekorps (Hohenzollern) wins'],
    ["Armée d'Allemagne (Napoleon)", "Armée d'Allemagne (Napoleon) wins"],
    ['Hauptarmee (Archduke Charles)', 'Hauptarmee (Archduke Charles) wins'],
    ['Army of Bohemia', 'The Army of Bohemia wins'],
    ['The Swiss', 'The Swiss win'],
    ['Imperial Guards', 'The Imperial Guards win'],
    ['Highlanders, 42nd Foot', 'The Highlanders, 42nd Foot win'],
  ])('%s: "%s"', (name, sentence) => {
    const w = sideWords(name);
    expect(`${w.subject} ${w.verb('win', 'wins')}`).toBe(sentence);
    expect(w.their).toBe(isPluralName(name) ? 'their' : 'its');
  });

  it('inside a sentence the article is lower case, and a bare name stays bare', () => {
    expect(sideWords('Austrians').noun).toBe('the Austrians');
    expect(sideWords('French Advance Guard').noun).toBe('the French Advance Guard');
    expect(sideWords('The Army of Italy').noun).toBe('the Army of Italy');
    expect(sideWords('Hauptarmee (Archduke Charles)').noun).toBe('Hauptarmee (Archduke Charles)');
  });

  it('a victory is worded with the same agreement (the log, the battle report)', () => {
    expect(victorySentence('French Advance Guard', 'strategic')).toBe('The French Advance Guard wins a strategic victory');
    expect(victorySentence('Austrians', 'overwhelming', true)).toBe('the Austrians win an overwhelming victory');
  });

  it('a concession says who conceded, not "a concession victory"', () => {
    expect(victorySentence('Prussians', 'concession', false, 'Austrians')).toBe('The Austrians concede; the Prussians win');
    expect(victorySentence('Austrians', 'concession', true, 'French Advance Guard')).toBe('the French Advance Guard concedes; the Austrians win');
  });
});

describe('A roll says whose it is by name (the log)', () => {
  it('SYW 9 p.19: the CinC ability roll names the side and the table\'s column, not "(Prussians, prussian)"', () => {
    const text = readFileSync(fileURLToPath(new URL('../../scenarios/seven-years-war-kolin-ridge.json', import.meta.url)), 'utf8');
    const sc = loadScenarioText(text);
    if (!sc.ok) throw new Error('Kolin does not load');
    const g = createGame(findRuleset('seven-years-war')!, { setup: sc.value, seed: 3 });
    if (!g.ok) throw new Error(g.problems[0]!.message);
    const purposes = g.events.filter((e) => e.type === 'DiceRolled').map((e) => (e as { purpose: string }).purpose).filter((p) => p.startsWith('CinC ability'));
    expect(purposes).toEqual(['CinC ability: the Prussians (Prussian column)', 'CinC ability: the Austrians (Austrian column)']);
  });
});

describe('What a player reads names sides and tables, never their ids', () => {
  it('NW §10: the victory points reason, kept with side ids in the state, is shown with side names (command line, save summary)', () => {
    const sides = [{ id: 'fr', name: 'French Advance Guard' }, { id: 'au', name: 'Austrian Brigade Mayer' }];
    const reason = 'The turn limit was reached. Minor Victory: fr 6 VP (enemy general lost; 3 LP lost), au 2 VP (none; 7 LP lost).';
    expect(withSideNames(reason, sides)).toBe('The turn limit was reached. Minor Victory: French Advance Guard 6 VP (enemy general lost; 3 LP lost), Austrian Brigade Mayer 2 VP (none; 7 LP lost).');
    // Only whole ids: a word that merely contains one is left alone.
    expect(withSideNames('from fr-2-45 and fr', sides)).toBe('from fr-2-45 and French Advance Guard');

    const text = readFileSync(fileURLToPath(new URL('../../scenarios/default.json', import.meta.url)), 'utf8');
    const setup = loadScenarioText(text);
    if (!setup.ok) throw new Error(setup.problems[0]!.message);
    const module = findRuleset('napoleonic-warfare')!;
    const g = createGame(module, { setup: setup.value, seed: 3 });
    if (!g.ok) throw new Error(g.problems[0]!.message);
    const state = { ...g.state, result: { winner: 'fr', level: 'minor', reason } };
    const save = makeSave({ module, scenario: JSON.parse(text), seed: 3, log: [], state });
    expect(save.summary?.result).toMatch(/^The turn limit was reached\. Minor Victory: French Advance Guard 6 VP .*, Austrian Brigade Mayer 2 VP/);
  });

  it('a roll read from a table names the table and its column as the rules do (SYW 9 CinC ability p.19)', () => {
    const text = readFileSync(fileURLToPath(new URL('../../scenarios/seven-years-war-kolin-ridge.json', import.meta.url)), 'utf8');
    const setup = loadScenarioText(text);
    if (!setup.ok) throw new Error(setup.problems[0]!.message);
    const module = findRuleset('seven-years-war')!;
    const g = createGame(module, { setup: setup.value, seed: 5 });
    if (!g.ok) throw new Error(g.problems[0]!.message);
    const cinc = g.events.filter((e): e is DiceRolled => e.type === 'DiceRolled' && (e as DiceRolled).table?.id === 'cincAbility');
    expect(cinc.map((e) => formatDice(e, undefined, module).table)).toEqual(cinc.map((e, i) => `CinC ability table, row ${e.faces[0]}, ${['Prussian', 'Austrian'][i]} column`));
  });

  it('NW: the To Pass table by grade, the fire tables by range (NW §6, §16)', () => {
    const nw = findRuleset('napoleonic-warfare')!;
    expect(nw.describeTable!({ id: 'toPass', row: 'veteran' })).toBe('To Pass table, Veteran');
    expect(nw.describeTable!({ id: 'smallArms', row: 'close', column: 'close' })).toBe('small arms fire table, close range');
    expect(nw.describeTable!({ id: 'artilleryToHit', row: 'light', column: 'long' })).toBe('artillery fire table, light guns at long range');
  });
});

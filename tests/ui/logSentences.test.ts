/**
 * The log a player reads (ui/logModel with the rulesets' words): a scripted NW fire, an NW close
 * combat and an SYW shooting come out as sentences with names — no unit, group, general or side
 * id anywhere — each die checked on its own shown on its own, the close-combat score with how it
 * was built, and the grammar right ('1 casualty', 'the Austrians win').
 */
import { describe, expect, it } from 'vitest';
import type { AnyEvent } from '../../src/engine/command';
import type { GameState } from '../../src/engine/state';
import { currentState, play, startHistory, type History } from '../../src/engine/history';
import { isRejection, registerable, type AnyRuleset } from '../../src/engine/ruleset';
import { viewFor } from '../../src/engine/view';
import { napoleonicWarfare } from '../../src/rules/napoleonic-warfare';
import { firePhase } from '../../src/rules/napoleonic-warfare/fire';
import { startCombat } from '../../src/rules/napoleonic-warfare/charges';
import { resolveCombat } from '../../src/rules/napoleonic-warfare/combat';
import type { NwGameState } from '../../src/rules/napoleonic-warfare/types';
import { buildLog, eventItems, logText, type LogItem } from '../../src/ui/logModel';
import { describeCommandLine, describeEvent, plainNames } from '../../src/ui/format';
import { describePosition } from '../../src/engine/sequence';
import { namesFor } from '../../src/ui/names';
import { battle as nwBattle, draftWith } from '../rules/napoleonic-warfare/harness';
import { SYW, advanceTo, battle as sywBattle, withDice, type St, type U } from '../rules/seven-years-war/build';

const NW = registerable(napoleonicWarfare);

/** The same battle with real names on its pieces (the builders name pieces by their ids). */
function named<S extends GameState>(s: S, names: Record<string, string>): S {
  const battle = {
    ...s.battle,
    units: s.battle.units.map((u) => ({ ...u, name: names[u.id] ?? u.name })),
    generals: s.battle.generals.map((g) => ({ ...g, name: names[g.id] ?? g.name })),
  };
  return { ...s, battle };
}

const line = (i: LogItem): string => (i.kind === 'dice' ? [i.dice.purpose, i.dice.roll, ...i.dice.modifiers, i.dice.target ?? '', i.dice.outcome].join(' | ') : i.text);

/** Every id of the battle (pieces, sides, SYW groups) that must not appear as a word in the log. */
function idsOf(s: GameState): string[] {
  const groups = Object.keys((s.ruleset as { groups?: Record<string, unknown> }).groups ?? {});
  return [...s.battle.units.map((u) => u.id), ...s.battle.generals.map((g) => g.id), ...s.battle.sides.map((x) => x.id), ...groups];
}

function expectNoIds(lines: readonly string[], ids: readonly string[]): void {
  for (const id of ids) {
    const re = new RegExp(`(?<![\\w-])${id.replace(/[-]/g, '\\-')}(?![\\w-])`);
    expect(lines.filter((l) => re.test(l)), `id "${id}"`).toEqual([]);
  }
}

function nwLog(s: GameState, events: readonly AnyEvent[]): string[] {
  return eventItems(events, namesFor(NW, viewFor(NW, s, 'referee'), [s.battle]), NW).map(line);
}

const NW_NAMES = { fr1: '1/45e Ligne', fr2: '2/45e Ligne', au1: 'IR 4 Deutschmeister', au2: 'Grenz IR 1', 'g-fr': 'Legrand', 'g-au': 'Mayer' };

describe('The log of a scripted NW fire (NW §5 Fire: one d10 per firing stand)', () => {
  it('reads as sentences with names, each die on its own', () => {
    const s = named(nwBattle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 23, facingDeg: -90 },
    ]), NW_NAMES) as NwGameState;
    const { d, events } = draftWith(s, [9, 2, 7, 10, 1, 1, 1, 1]);
    firePhase(d);
    const lines = nwLog(s, events);
    expectNoIds(lines, idsOf(s));
    const fire = lines.find((l) => l.startsWith('1/45e Ligne fire'))!;
    expect(fire).toContain('4d10 → 9, 2, 7, 10'); // each die shown, never summed
    expect(fire).not.toMatch(/9 \+ 2 \+ 7 \+ 10/);
    expect(fire).toMatch(/Each die.*against .*each die; \d+ succeeded/);
    expect(lines.some((l) => /^IR 4 Deutschmeister suffers \d+ casualt(y|ies) from fire (by|from) 1\/45e Ligne/.test(l))).toBe(true);
    expect(lines.join('\n')).not.toMatch(/\b1 casualties\b/);
  });
});

describe('The log of a scripted NW close combat (NW Close Combat §5: score = grade + circumstances, the die winner\'s margin)', () => {
  it('shows how each side\'s score was built: its die, each factor and the total', () => {
    const s = named(nwBattle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', quality: 'line-2nd', x: 36, y: 24, facingDeg: -90 },
    ]), NW_NAMES) as NwGameState;
    const { d, events } = draftWith(s, [6, 1, 9]);
    startCombat(d, 'fr1', 'au1', { charged: false, pursuing: false });
    resolveCombat(d, d.rs.combats[0]!, new Map());
    const lines = nwLog(s, events);
    expectNoIds(lines, idsOf(s));
    const result = lines.find((l) => l.startsWith('Close combat, round 1'))!;
    expect(result).toMatch(/^Close combat, round 1: 1\/45e Ligne \(\d stands fighting, score die 6; grade \([^)]*\) [+−]\d+, won the combat die 6 v 1 \+5[^)]* = \d+\) against IR 4 Deutschmeister \(\d stands fighting, score die 1; grade/);
    expect(result).toMatch(/1\/45e Ligne suffers \d+ casualt(y|ies), IR 4 Deutschmeister \d+ casualt(y|ies)\.$/);
    expect(result).not.toMatch(/\b1 casualties\b/);
  });
});

describe('The log of a scripted SYW shooting ((5) Shooting p.11), played through the engine', () => {
  const gun: U = { id: 'blue-art', side: 'blue', type: 'heavy-artillery', x: 900, y: 300, facingDeg: 90, n: 1, depth: 40 };
  const red: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 550, facingDeg: -90, n: 4, depth: 15, ranks: 2 };
  const red2: U = { ...red, id: 'red-2', y: 640 };

  function played(module: AnyRuleset, s: St, commands: Record<string, unknown>[]): History {
    let h = startHistory(s, []);
    for (const c of commands) {
      const r = play(module, h, c as never);
      if (isRejection(r)) throw new Error(r.message);
      h = r.history;
    }
    return h;
  }

  it('reads as sentences naming the guns, their target and its group — no ids — and the side\'s steps', () => {
    const s0 = named(advanceTo(sywBattle([gun, red, red2]), 'shootingPhasing'), { 'blue-art': 'Prussian 12pdr Battery', 'red-1': 'IR Harrach', 'red-2': 'IR Botta', 'blue-cinc': 'Frederick', 'red-cinc': 'Daun' });
    const h = played(SYW, withDice(s0, [5, 5]), [{ type: 'shoot', side: 'blue', unit: 'blue-art', target: 'red-1' }, { type: 'endStep', side: 'blue' }]);
    const view = viewFor(SYW, currentState(h), 'referee');
    const lines = logText(buildLog(h, 'referee', namesFor(SYW, view, [s0.battle]), SYW));
    expectNoIds(lines, idsOf(s0));
    expect(lines).toContain('Blue: Prussian 12pdr Battery shoots at IR Harrach.');
    expect(lines.some((l) => l.startsWith('Prussian 12pdr Battery shoots at IR Harrach (long)'))).toBe(true);
    expect(lines.some((l) => l.startsWith('Bounce through: Prussian 12pdr Battery shoots at IR Botta (long)'))).toBe(true);
    expect(lines.join('\n')).not.toMatch(/costMm|allowanceMm|group [a-z]+-/);
  });

  it('a group is named by its units, its moves in centimetres, never "group pr-garde, costMm 125, allowanceMm 200"', () => {
    const s = named(sywBattle([red, red2]), { 'red-1': 'IR Harrach', 'red-2': 'IR Botta' });
    const view = viewFor(SYW, s, 'referee');
    const groups = { 'red-grp': { ...Object.values(s.ruleset.groups)[0]!, id: 'red-grp', units: ['red-1', 'red-2'] } };
    const names = namesFor(SYW, { ...view, ruleset: { ...s.ruleset, groups } });
    const items = eventItems([{ type: 'GroupMoved', group: 'red-grp', legs: [{ kind: 'forward', mm: 125 }], costMm: 125, allowanceMm: 200, rule: 'SYW (4) Movement' }], names, SYW);
    expect(items.map(line)).toEqual(['The group of IR Harrach and IR Botta moves forward 13cm (13cm of its 20cm).']);
  });
});

describe('Grammar in the log', () => {
  it('a plural side wins, a singular one wins too; an unnamed level reads as a draw', () => {
    const names = { ...plainNames, side: (s: string) => ({ au: 'Austrians', fr: 'French Advance Guard' })[s] ?? s };
    expect(describeEvent({ type: 'GameEnded', result: { winner: 'au', level: 'decisive', reason: 'The French broke.' } }, names)).toBe('The battle is over: the Austrians win a decisive victory. The French broke.');
    expect(describeEvent({ type: 'GameEnded', result: { winner: 'fr', level: 'marginal', reason: 'Time ran out.' } }, names)).toBe('The battle is over: the French Advance Guard wins a marginal victory. Time ran out.');
  });

  it('a concession says who conceded and who wins, once', () => {
    const sides = new Map([['au', 'Austrians'], ['pr', 'Prussians']]);
    const names = { ...plainNames, sides, side: (s: string) => sides.get(s) ?? s };
    expect(describeEvent({ type: 'GameEnded', result: { winner: 'pr', level: 'concession', reason: 'The Austrians conceded the battle.' } }, names)).toBe('The battle is over: the Austrians concede; the Prussians win.');
  });

  it('the concession command and the position after it read with the verb agreeing', () => {
    const sides = new Map([['au', 'Austrians'], ['fr', 'French Advance Guard']]);
    const names = { ...plainNames, sides, side: (s: string) => sides.get(s) ?? s };
    expect(describeCommandLine({ type: 'concede', side: 'au' }, names)).toBe('The Austrians concede.');
    expect(describeCommandLine({ type: 'concede', side: 'fr' }, names)).toBe('The French Advance Guard concedes.');
    const s = nwBattle([
      { id: 'fr1', side: 'fr', x: 36, y: 10, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 40, facingDeg: -90 },
    ]);
    const over = { ...s, result: { winner: 'fr', level: 'concession', reason: 'The Austrians conceded the battle.', rule: 'concession' } } as NwGameState;
    expect(describePosition(registerable(napoleonicWarfare), over)).toBe(`Game over after turn ${s.position.turn}: the Austrians concede; the French win.`);
  });
});

/** Every word of an item: a roll's purpose, dice, modifiers, target, table, outcome and rule too. */
const fullLine = (i: LogItem): string =>
  i.kind === 'dice' ? [i.dice.purpose, i.dice.roll, ...i.dice.modifiers, i.dice.target ?? '', i.dice.table ?? '', i.dice.outcome, i.dice.rule, ...i.dice.emulation].join(' | ') : i.text;

async function goldenLog(file: string) {
  const { readFileSync } = await import('node:fs');
  const { loadSave } = await import('../../src/scenario/save');
  const { RULESETS } = await import('../../src/rules/registry');
  const r = loadSave(JSON.parse(readFileSync(`tests/replay/goldens/${file}`, 'utf8')), RULESETS);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  const { module, history } = r.value;
  const viewers = ['referee', ...history.initial.battle.sides.map((x) => x.id)] as const;
  return {
    ids: idsOf(history.initial),
    logs: viewers.map((viewer) => {
      const view = viewFor(module, currentState(history), viewer);
      const model = buildLog(history, viewer, namesFor(module, view, [history.initial.battle]), module);
      return [...model.initial, ...model.entries.flat()];
    }),
  };
}

describe('A whole saved SYW battle, as each side reads its log', () => {
  it('has no unit, group, general or side id in any line (the Kolin golden, 242 commands)', { timeout: 60_000 }, async () => {
    const { ids, logs } = await goldenLog('syw-kolin-2.save.json');
    for (const items of logs) {
      const lines = items.map(fullLine);
      expect(lines.length).toBeGreaterThan(500);
      expectNoIds(lines, ids);
      expect(lines.filter((l) => /Mm\b|[a-z][A-Z]\w+ \d/.test(l))).toEqual([]);
    }
  });
});

describe('A whole saved NW battle, as each side reads its log', () => {
  // NW Sequence §3 Initiative and §9 Terrain Generation name the side rolling in the roll's words.
  it('names every side and piece in every roll and sentence — "Initiative: French", never "Initiative: fr" (Eckmühl and a generated-terrain battle)', { timeout: 60_000 }, async () => {
    for (const file of ['nw-eckmuhl-1.save.json', 'nw-default-2d6-terrain-5.save.json']) {
      const { ids, logs } = await goldenLog(file);
      for (const items of logs) {
        const lines = items.map(fullLine);
        expect(lines.length).toBeGreaterThan(500);
        expectNoIds(lines, ids);
        expect(lines.filter((l) => /\bundefined\b|\bNaN\b|\[object/.test(l))).toEqual([]);
      }
    }
  });
});

describe('Each die checked on its own is shown on its own, in whole battles', () => {
  it('a roll whose dice pass or fail one by one lists each face and is never summed', { timeout: 60_000 }, async () => {
    let each = 0;
    for (const file of ['nw-eckmuhl-1.save.json', 'syw-kolin-2.save.json']) {
      const { logs } = await goldenLog(file);
      for (const i of logs[0]!) {
        if (i.kind !== 'dice' || i.event.successes === undefined) continue;
        each++;
        expect(i.dice.roll).not.toContain('=');
        expect(i.dice.roll).toContain(i.event.faces.join(', '));
        expect(i.dice.target ?? '').toMatch(/each die/);
      }
    }
    expect(each).toBeGreaterThan(0);
  });
});

/** Formatting a roll for the log: every die, modifier (with its rule), target and outcome is shown. */
import { describe, expect, it } from 'vitest';
import { seedDice, type DieEmulations, type rollDice } from '../../src/engine/dice';
import { D10_FROM_2D6 } from '../../src/rules/napoleonic-warfare/tables/dice';
import { scriptedRoller } from '../support/scriptedDice';
import { describeEvent, diceText, formatDice, humanise, modifierLine, plainNames, type Names } from '../../src/ui/format';

const roll = (faces: number[], spec: Parameters<typeof rollDice>[1], emulations?: DieEmulations) => scriptedRoller(seedDice(1), faces, 'format test').roll(spec, emulations);

describe('a DiceRolled in the log', () => {
  it('shows the dice, each face, the total, each modifier with label, value and rule, the target and the outcome', () => {
    const e = roll([3, 5], {
      dice: '2d6',
      purpose: 'Morale: 1st Blue Foot',
      rule: 'SK §4',
      modifiers: [
        { label: 'veteran', value: 1, rule: 'SK §4.1' },
        { label: 'lost a stand', value: -2, rule: 'SK §4.2' },
      ],
      target: { value: 7, pass: 'atLeast', label: 'To pass' },
    });
    const d = formatDice(e);
    expect(d.purpose).toBe('Morale: 1st Blue Foot');
    expect(d.faces).toEqual([3, 5]);
    expect(d.roll).toBe('2d6 → 3 + 5 = 8');
    expect(d.modifiers).toEqual(['+1 veteran (SK §4.1)', '−2 lost a stand (SK §4.2)']);
    expect(d.target).toBe('Modified roll 7 against To pass 7: needs ≥ 7');
    expect(d.outcome).toBe('Outcome: pass');
    expect(d.passed).toBe(true);
    expect(d.rule).toBe('SK §4');
  });

  it('says when a modifier moves the target rather than the roll, and shows the modified target', () => {
    const e = roll([6], {
      dice: 'd10',
      purpose: 'Fire',
      rule: 'NW Fire',
      modifiers: [{ label: 'target in cover', value: 2, rule: 'NW Fire/Cover', appliesTo: 'target' }],
      target: { value: 5, pass: 'atLeast', label: 'To hit' },
    });
    const d = formatDice(e);
    expect(d.modifiers).toEqual(['+2 target in cover to the target (NW Fire/Cover)']);
    expect(d.target).toBe('Roll 6 against To hit 5 (5 modified to 7): needs ≥ 7');
    expect(d.outcome).toBe('Outcome: fail');
    expect(d.passed).toBe(false);
  });

  it('counts successes die by die, and names the table row read', () => {
    const e = roll([5, 2, 6], { dice: '3d6', purpose: 'Fire: b1 at r1', rule: 'SK §3', eachDie: true, target: { value: 5, pass: 'atLeast', label: 'To hit' }, table: { id: 'hitOn', row: 'd6' } });
    const d = formatDice(e);
    expect(d.target).toContain('each die; 2 succeeded');
    // Without the ruleset's names for its tables, the id is spelt out in words (never shown as code).
    expect(d.table).toBe('Hit on table, row d6');
    expect(d.outcome).toBe('Outcome: 2 successes');
  });

  it('shows the NW §6 emulation of a d10 by two d6', () => {
    const e = roll([6, 2, 5], { dice: 'd10', purpose: 'Morale', rule: 'NW §6', emulate: true }, { 10: D10_FROM_2D6 });
    expect(formatDice(e).emulation).toEqual(['d10 #1: white 6, 2; coloured 5 → 7']);
    expect(diceText(e)).toEqual(['Morale (NW §6)', 'd10 → 7', 'd10 #1: white 6, 2; coloured 5 → 7', 'Outcome: 7']);
  });

  it('writes a zero modifier as ±0', () => {
    expect(modifierLine({ label: 'nothing', value: 0, rule: 'X' })).toBe('±0 nothing (X)');
  });
});

describe('other events in the log', () => {
  const names: Names = { ...plainNames, side: (s) => ({ blue: 'Blue', red: 'Red' })[s] ?? s, piece: (p) => (p === 'b1' ? '1st Blue Foot' : p), phase: (p) => (p === 'orders' ? 'Orders' : p), step: (_p, s) => (s === 'place' ? 'Place orders' : s) };

  it('puts the sequence of play into sentences with names', () => {
    expect(describeEvent({ type: 'StepStarted', turn: 1, phase: 'orders', step: 'place', actors: ['blue', 'red'] }, names)).toBe('Place orders — Blue and Red to act.');
    expect(describeEvent({ type: 'StepStarted', turn: 1, phase: 'orders', step: 'place', actors: [] }, names)).toBe('Place orders — the engine plays it.');
    expect(describeEvent({ type: 'PhaseStarted', turn: 1, phase: 'orders', phasing: 'blue' }, names)).toBe('Orders begins.');
    expect(describeEvent({ type: 'SideFinishedStep', side: 'red', step: 'place' }, names)).toBe('Red ended the step.');
    expect(describeEvent({ type: 'GameEnded', result: { winner: 'blue', level: 'decisive', reason: 'Red has no units left.' } }, names)).toBe('The battle is over: Blue wins a decisive victory. Red has no units left.');
  });

  it('describes a ruleset event by its type and fields, pieces by name, without its rule or visibility', () => {
    expect(describeEvent({ type: 'StandsLost', unit: 'b1', count: 2, rule: 'SK §3', visibleTo: ['blue'] }, names)).toBe('Stands lost: unit 1st Blue Foot, count 2.');
    expect(humanise('CasualtiesInflicted')).toBe('Casualties inflicted');
  });
});

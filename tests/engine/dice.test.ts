import { describe, expect, it } from 'vitest';
import { diceRange, parseDice, rollDice, scriptDice, seedDice, type DiceCode, type DiceState, type DieEmulations } from '../../src/engine/dice';
import { D10_FROM_2D6 } from '../../src/rules/napoleonic-warfare/tables/dice';

// NW §6 as a ruleset declares it (RulesetModule.dieEmulation).
const NW: DieEmulations = { 10: D10_FROM_2D6 };

const many = (code: DiceCode, n: number, extra: Partial<Parameters<typeof rollDice>[1]> = {}, emulations?: DieEmulations) => {
  let d: DiceState = seedDice(12345);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const [ev, next] = rollDice(d, { dice: code, purpose: 't', rule: 'test', ...extra }, emulations);
    out.push(ev.total);
    d = next;
  }
  return out;
};

describe('dice', () => {
  it.each([
    ['d4', 1, 4],
    ['d6', 1, 6],
    ['d10', 1, 10],
    ['d12', 1, 12],
    ['D3', 1, 3],
    ['2d6', 2, 12],
    ['d100', 1, 100],
  ] as const)('%s reads every value from %i to %i and nothing else', (code, lo, hi) => {
    const seen = new Set(many(code, code === 'd100' ? 6000 : 1500));
    expect(Math.min(...seen)).toBe(lo);
    expect(Math.max(...seen)).toBe(hi);
    expect(seen.size).toBe(hi - lo + 1);
    expect(diceRange(code)).toEqual({ min: lo, max: hi });
  });

  it('a d10 reads 1..10: "0 reads 10" (NW §6)', () => {
    const [ev] = rollDice(scriptDice(seedDice(1), [10]), { dice: 'd10', purpose: 'p', rule: 'NW §6' });
    expect(ev.faces).toEqual([10]);
    expect(ev.total).toBe(10);
  });

  it('the 2d6-for-d10 emulation: a white 6 is re-rolled, coloured 4-6 adds 5 (NW §6)', () => {
    const [a] = rollDice(scriptDice(seedDice(1), [6, 3, 4]), { dice: 'd10', purpose: 'p', rule: 'NW §6', emulate: true }, NW);
    expect(a.faces).toEqual([8]);
    expect(a.emulated).toEqual([{ white: [6, 3], coloured: 4 }]);
    const [b] = rollDice(scriptDice(seedDice(1), [2, 1]), { dice: 'd10', purpose: 'p', rule: 'NW §6', emulate: true }, NW);
    expect(b.faces).toEqual([2]);
    const seen = new Set(many('d10', 2000, { emulate: true }, NW));
    expect([...seen].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('percentile dice: 00 and 0 read 100, tens and units are logged', () => {
    const [ev] = rollDice(scriptDice(seedDice(1), [10, 10]), { dice: 'd100', purpose: 'p', rule: 'r' });
    expect(ev.faces).toEqual([0, 0]);
    expect(ev.total).toBe(100);
    const [ev2] = rollDice(scriptDice(seedDice(1), [4, 7]), { dice: 'd100', purpose: 'p', rule: 'r' });
    expect(ev2.total).toBe(47);
  });

  it('the same seed gives the same faces; the generator state is plain JSON', () => {
    expect(many('3d10', 50)).toEqual(many('3d10', 50));
    const d = seedDice(99);
    expect(JSON.parse(JSON.stringify(d))).toEqual(d);
    const [, next] = rollDice(d, { dice: 'd6', purpose: 'p', rule: 'r' });
    expect(next.rolls).toBe(1);
    expect(next.words).not.toEqual(d.words);
    expect(d.rolls).toBe(0); // the input is not mutated
  });

  it('a roll explains itself: modifiers on the roll and on the target, pass/fail, outcome', () => {
    const [ev] = rollDice(scriptDice(seedDice(1), [6]), {
      dice: 'd10',
      purpose: 'Morale: 2/Line',
      rule: 'NW Morale',
      target: { value: 7, pass: 'atLeast', label: 'To Pass' },
      modifiers: [
        { label: 'supported', value: 1, rule: 'NW Morale/modifiers' },
        { label: 'uphill', value: 1, rule: 'NW Fire', appliesTo: 'target' },
      ],
      table: { id: 'morale', row: 'Veteran' },
    });
    expect(ev).toMatchObject({ type: 'DiceRolled', faces: [6], total: 6, modified: 7, target: { value: 7, modifiedValue: 8 }, passed: false, outcome: 'fail', table: { id: 'morale', row: 'Veteran' } });
    expect(ev.modifiers).toHaveLength(2);
  });

  it('each die against the target counts successes (one d10 per firing stand)', () => {
    const [ev] = rollDice(scriptDice(seedDice(1), [3, 8, 9, 10]), { dice: '4d10', purpose: 'fire', rule: 'r', eachDie: true, target: { value: 8, pass: 'atLeast' } });
    expect(ev.successes).toBe(3);
    expect(ev.outcome).toBe('3 successes');
  });

  it('an outcome function names the table row read', () => {
    const [ev] = rollDice(scriptDice(seedDice(1), [4, 5]), { dice: '2d6', purpose: 'ability', rule: 'NW Generals', table: { id: 'ability' }, outcome: (r) => ({ outcome: r.total >= 7 ? 'Good' : 'Average', row: r.total >= 7 ? '7-9' : '4-6' }) });
    expect(ev.outcome).toBe('Good');
    expect(ev.table).toEqual({ id: 'ability', row: '7-9' });
  });

  it('rejects nonsense codes and bad seeds', () => {
    expect(parseDice('d7')).toBeUndefined();
    expect(parseDice('0d6')).toBeUndefined();
    expect(parseDice('2D3')).toEqual({ count: 2, sides: 3 });
    expect(() => seedDice(-1)).toThrow();
    expect(() => seedDice(1.5)).toThrow();
  });
});

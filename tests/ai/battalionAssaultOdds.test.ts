/**
 * The battalion player program's odds (src/rules/battalion/ai/odds.ts) read the rules' own
 * tables and functions: the Motivation table, the Attacks per Stand and Skill check tables, the
 * Armour Save Table, BT Square and BT Light Cavalry. And its scripts assault when they favour it.
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, withUnitState, unit, IN, type U, type St } from '../rules/battalion/build';
import { viewFor } from '../../src/engine/view';
import type { SeenGame } from '../../src/engine/ruleset';
import type { BtState } from '../../src/rules/battalion/state';
import type { BtOptions } from '../../src/rules/battalion/options';
import type { BtTables } from '../../src/rules/battalion/tables';
import { BT } from '../rules/battalion/build';
import { assaultOdds, motivationPass } from '../../src/rules/battalion/ai/odds';
import { btScripts } from '../../src/rules/battalion/ai/scripts';
import { makeSampler } from '../../src/ai/sampler';

type V = SeenGame<BtState, BtOptions, BtTables>;
const view = (s: St, side: 'blue' | 'red' = 'blue') => viewFor(BT, s, side) as unknown as V;
const odds = (s: St, a: string, t: string) => { const v = view(s); return assaultOdds(v, unit(s, a)!, unit(s, t)!); };
const red = (over: Partial<U> = {}): U => ({ id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 300 + 3 * IN, n: 6, ...over });
const blue = (over: Partial<U> = {}): U => ({ id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 300, n: 6, ...over });

describe('BT Motivation table: the chance a battalion passes its check', () => {
  it('is the d6 against the house target with the table\'s modifiers: at full strength 4/6, with its brigade commander within 16" 5/6', () => {
    const alone = battle([blue(), red({ y: 900 })]);
    expect(motivationPass(view(alone), unit(alone, 'b1')!)).toBeCloseTo(4 / 6, 9);
    const led = battle([blue(), red({ y: 900 })], { generals: [
      { id: 'blue-gen', side: 'blue', x: 20, y: 20 }, { id: 'red-gen', side: 'red', x: 1780, y: 1180 },
      { id: 'blue-b', side: 'blue', x: 900, y: 200, commands: 'blue-bde' },
    ] });
    expect(motivationPass(view(led), unit(led, 'b1')!)).toBeCloseTo(5 / 6, 9);
  });
  it('with the General within 8" a failure is re-rolled (BT Army Commanders): 1 - (2/6)²', () => {
    const s = battle([blue(), red({ y: 900 })], { generals: [{ id: 'blue-gen', side: 'blue', x: 900, y: 250 }, { id: 'red-gen', side: 'red', x: 1780, y: 1180 }] });
    expect(motivationPass(view(s), unit(s, 'b1')!)).toBeCloseTo(1 - (2 / 6) * (2 / 6), 9);
  });
});

describe('BT Assault Phase Summery: what an assault is expected to cost each side', () => {
  it('artillery does not assault (RULINGS.md): no odds', () => {
    const s = battle([blue({ type: 'light-artillery', n: 2 }), red()]);
    expect(odds(s, 'b1', 'r1')).toBeUndefined();
  });
  it('BT Attacks per Stand: grenadiers (2 each) are expected to kill more than line infantry (1 each) of the same quality', () => {
    const line = odds(battle([blue({ n: 4 }), red()]), 'b1', 'r1')!;
    const gren = odds(battle([blue({ n: 4, type: 'grenadiers' }), red()]), 'b1', 'r1')!;
    expect(gren.theirs).toBeGreaterThan(line.theirs);
  });
  it('BT Skill check table: veterans (3+) are expected to kill more than conscripts (5+)', () => {
    const vet = odds(battle([blue({ quality: 'veteran' }), red()]), 'b1', 'r1')!;
    const con = odds(battle([blue({ quality: 'conscript' }), red()]), 'b1', 'r1')!;
    expect(vet.theirs).toBeGreaterThan(con.theirs);
  });
  it('BT Square: heavy horse expects more against foot that cannot form square (disorientated) than against foot that may', () => {
    const s = battle([blue({ type: 'heavy-cavalry', n: 4 }), red({ y: 300 + 5 * IN })]);
    const steady = odds(s, 'b1', 'r1')!;
    const shaken = odds(withUnitState(s, 'r1', { disorientated: true }), 'b1', 'r1')!;
    expect(shaken.theirs).toBeGreaterThan(steady.theirs);
  });
  it('BT Light Cavalry: light horse without lances may not charge a square, and gains less against foot that may form one; lancers may charge it', () => {
    const sq = red({ formation: 'square', n: 4, y: 300 + 5 * IN });
    expect(odds(battle([blue({ type: 'light-cavalry', n: 4 }), sq]), 'b1', 'r1')).toBeUndefined();
    const open = battle([blue({ type: 'light-cavalry', n: 4 }), red({ n: 4, y: 300 + 5 * IN })]);
    expect(odds(open, 'b1', 'r1')!.theirs).toBeLessThan(odds(withUnitState(open, 'r1', { disorientated: true }), 'b1', 'r1')!.theirs);
    expect(odds(battle([blue({ type: 'light-cavalry', n: 4, extra: { lances: true } }), sq]), 'b1', 'r1')!.theirs).toBeGreaterThan(0);
  });
});

describe('The battalion scripts assault when the odds favour it', () => {
  it('horse in reach of disorientated foot (it cannot form square) assaults it; foot facing fresh veterans of its size does not', () => {
    const s = advanceTo(battle([blue({ type: 'heavy-cavalry', n: 4 }), red({ y: 300 + 4 * IN, n: 4 })]), 'assaultFirst');
    const shaken = withUnitState(s, 'r1', { disorientated: true });
    const cmds = btScripts.commands(view(shaken), 'blue', 'b1', btScripts.choose(view(shaken), 'blue', 'b1'), makeSampler(1));
    expect(cmds[0]).toEqual({ type: 'assault', side: 'blue', unit: 'b1', target: 'r1' });
    const even = advanceTo(battle([blue({ quality: 'conscript' }), red({ quality: 'veteran' })]), 'assaultFirst');
    expect(btScripts.commands(view(even), 'blue', 'b1', 'attack', makeSampler(1))).toEqual([]);
  });
});

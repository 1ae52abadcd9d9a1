/**
 * SYW table adapter: the side-wide choice of (3) Generals p.5 ("A CinC draws 3 random counters
 * and chooses 1") offered for the side, not a unit (the phase bar), and the reason a group gets
 * no order change in its command changes ((3) Changing Orders p.7).
 */
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../../src/engine/view';
import { applyCommand } from '../../../src/engine/game';
import { isRejection, type SeenGame } from '../../../src/engine/ruleset';
import { sevenYearsWar } from '../../../src/rules/seven-years-war';
import type { SywState, Options } from '../../../src/rules/seven-years-war/state';
import type { Tables } from '../../../src/rules/seven-years-war/tablesSchema';
import { battle, SYW, type St, type U } from './build';

const T = sevenYearsWar.table!;
type G = SeenGame<SywState, Options, Tables>;
const seen = (s: St, viewer: string): G => viewFor(SYW, s, viewer) as unknown as G;

const blueInf: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15, ranks: 1 };
const redInf: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };

describe('(3) Generals p.5: the CinC keeps one of his three counters', () => {
  it('is offered to the side, one choice per counter it drew, never the enemy\'s draws', () => {
    const s = battle([blueInf, redInf], { chooseCounters: true });
    expect(s.position.step).toBe('chooseCounter');
    const blue = T.sideActions!(seen(s, 'blue'), 'blue');
    expect(blue).toHaveLength(3);
    expect(blue.every((a) => a.command.type === 'chooseCounter' && a.command.side === 'blue' && a.rule === 'SYW (3) Generals (p.5)')).toBe(true);
    expect(blue.map((a) => a.label).every((l) => l.startsWith('Keep: '))).toBe(true);
    expect(isRejection(applyCommand(SYW, s, blue[2]!.command))).toBe(false);
    // Blue's view offers nothing for red (its draws are not in the view).
    expect(T.sideActions!(seen(s, 'blue'), 'red')).toEqual([]);
  });

  it('is not offered after the step', () => {
    const s = battle([blueInf, redInf]);
    expect(s.position.step).not.toBe('chooseCounter');
    expect(T.sideActions!(seen(s, 'blue'), 'blue')).toEqual([]);
  });
});

describe('(3) Changing Orders p.7: a group with no general able to prompt it', () => {
  it('says why it is offered no order change when its generals have no attempts left', () => {
    const s = battle([blueInf, redInf]);
    expect(s.position.step).toBe('commandChanges');
    const side = s.position.actors[0]!;
    const unit = side === 'blue' ? 'blue-1' : 'red-1';
    const spent: St = { ...s, ruleset: { ...s.ruleset, generals: Object.fromEntries(Object.entries(s.ruleset.generals).map(([id, g]) => [id, { ...g, attemptsLeft: 0 }])) } };
    expect(T.whyNot!(seen(spent, side), side, unit)).toMatch(/^No order change: .+ no prompt attempts left this turn \(SYW \(3\) Changing Orders p\.7\)\.$/);
    expect(T.actions!(seen(spent, side), side, unit).filter((a) => a.command.type === 'prompt')).toEqual([]);
  });
});

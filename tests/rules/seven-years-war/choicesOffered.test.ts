/**
 * Seven Years War: the table and the random player offer every choice the text gives a player.
 */
import { legalFor } from '../../../src/engine/lookahead';
import { describe, expect, it } from 'vitest';
import { makeSampler } from '../../../src/ai/sampler';
import { SYW, battle, advanceTo, setOrder, type U, type St } from './build';
import { viewFor } from '../../../src/engine/view';
import type { SeenGame } from '../../../src/engine/ruleset';
import { sevenYearsWar } from '../../../src/rules/seven-years-war';
import type { SywState, Options } from '../../../src/rules/seven-years-war/state';
import type { Tables } from '../../../src/rules/seven-years-war/tablesSchema';

const inf = (id: string, side: 'blue' | 'red', x: number, y: number, facingDeg: number, extra: Partial<U> = {}): U => ({ id, side, type: 'medium-infantry', x, y, facingDeg, n: 4, depth: 15, ranks: 1, ...extra });

describe('The random player is offered the new choices (8 p.18 stay or go to Advance, leave at the edge; 7 (b) p.16 fight artillery; §4 p.10 Stand or Reserve)', () => {
  it('over a few samplers the command-changes step offers setAdvanceOnOk and setPursuitArtillery, and movement offers atEdge and afterPassThrough', () => {
    const s = battle([inf('blue-1', 'blue', 900, 300, 90), inf('red-1', 'red', 900, 1000, -90)]);
    const cmds = Array.from({ length: 60 }, (_, i) => legalFor(SYW, s, 'blue', makeSampler(i + 1))).flat();
    expect(cmds.some((c) => c.type === 'setAdvanceOnOk')).toBe(true);
    expect(cmds.some((c) => c.type === 'setPursuitArtillery')).toBe(true);
    const mv = setOrder(advanceTo(s, 'movement'), 'blue-1', 'advance');
    const moves = Array.from({ length: 60 }, (_, i) => legalFor(SYW, mv, 'blue', makeSampler(i + 1))).flat().filter((c) => c.type === 'moveGroup') as unknown as { atEdge?: string; afterPassThrough?: string }[];
    expect(moves.some((c) => c.atEdge === 'leave')).toBe(true);
    expect(moves.some((c) => c.afterPassThrough === 'stand')).toBe(true);
  });
});

const blueInf: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15, ranks: 1 };

const redInf: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 1000, facingDeg: -90, n: 4, depth: 15, ranks: 1 };

const gens = (redGenY: number) => [{ id: 'blue-cinc', side: 'blue' as const, x: 20, y: 20 }, { id: 'red-cinc', side: 'red' as const, x: 900, y: redGenY }];

describe('The table offers the new choices as unit actions ((3) p.6-7, 6 h))', () => {
  const T = sevenYearsWar.table!;
  const seen = (s: St, side: string) => viewFor(SYW, s, side) as unknown as SeenGame<SywState, Options, Tables>;
  it('lights get the evasion choice and infantry the after-rout choice in command changes', () => {
    const li: U = { id: 'blue-1', side: 'blue', type: 'light-infantry', x: 900, y: 300, facingDeg: 90, n: 2, depth: 20 };
    const s = battle([li, redInf]);
    const types = T.actions!(seen(s, 'blue'), 'blue', 'blue-1').map((a) => a.command.type);
    expect(types).toContain('setEvasion');
    expect(types).toContain('setAfterRout');
  });
  it('a general in range is offered as a target in the shooting step', () => {
    const s = advanceTo(battle([blueInf, redInf], { generals: gens(360) }), 'shootingPhasing');
    expect(T.actions!(seen(s, 'blue'), 'blue', 'blue-1').some((a) => a.command.target === 'red-cinc')).toBe(true);
  });
});

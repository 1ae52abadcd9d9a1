// NW Sequence §15 Close Combat Phase: "Resolve close combat ... one at a time, starting from the flank chosen by the player who won the Initiative roll."
import { describe, expect, it } from 'vitest';
import { isRejection } from '../../../src/engine/ruleset';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import { startCombat } from '../../../src/rules/napoleonic-warfare/charges';
import { closeCombatPhase } from '../../../src/rules/napoleonic-warfare/combat';
import { combatOrder } from '../../../src/rules/napoleonic-warfare/sequence';
import { legalCommands } from './harness';
import { NW_TABLE } from '../../../src/rules/napoleonic-warfare/table';
import type { NwGameState } from '../../../src/rules/napoleonic-warfare/types';
import { battle, draftWith } from './harness';

// The French stand at the top of the table looking down it: their left is the high-x (east) end.
const twoFights = () =>
  battle([
    { id: 'fr-w', side: 'fr', x: 20, y: 22.9, facingDeg: 90, stands: 2 },
    { id: 'au-w', side: 'au', x: 20, y: 24, facingDeg: -90, stands: 2 },
    { id: 'fr-e', side: 'fr', x: 50, y: 22.9, facingDeg: 90, stands: 2 },
    { id: 'au-e', side: 'au', x: 50, y: 24, facingDeg: -90, stands: 2 },
  ]);
const withWinner = (s: NwGameState, flank?: 'left' | 'right'): NwGameState => ({ ...s, ruleset: { ...s.ruleset, initiativeWinner: 'fr', ...(flank ? { combatFlank: flank } : {}) } });

function firstResolved(s: NwGameState): string {
  // Only the order of the fights is tested: each takes two combat d6 and two fraction d10 (NW Close Combat §5).
  const { d, events } = draftWith(s, [3, 5, 5, 6, 4, 2, 8, 6]);
  startCombat(d, 'fr-w', 'au-w', { charged: false, pursuing: false });
  startCombat(d, 'fr-e', 'au-e', { charged: false, pursuing: false });
  closeCombatPhase(d, combatOrder(s));
  const first = events.find((e) => e.type === 'CloseCombatResolved') as { a: string } | undefined;
  return first!.a;
}

describe('When two close combats are to be fought and the French won the initiative roll (NW Sequence §15)', () => {
  it('choosing their left starts with the eastern fight (their left, looking down the table)', () => {
    expect(firstResolved(withWinner(twoFights(), 'left'))).toBe('fr-e');
  });
  it('choosing their right starts with the western fight', () => {
    expect(firstResolved(withWinner(twoFights(), 'right'))).toBe('fr-w');
  });
  it('only the initiative winner may choose, and the choice is offered to him (command, legal moves, unit menu)', () => {
    const s = withWinner(twoFights());
    const cmd = napoleonicWarfare.commands['chooseCombatFlank']!;
    const { d } = draftWith(s, []);
    const r = cmd.handle(s, { type: 'chooseCombatFlank', side: 'au', flank: 'left' } as never, d.ctx);
    expect(isRejection(r) && r.code).toBe('not-winner');
    const ok = cmd.handle(s, { type: 'chooseCombatFlank', side: 'fr', flank: 'right' } as never, d.ctx);
    if (isRejection(ok)) throw new Error(ok.message);
    expect((ok.ruleset as NwGameState['ruleset']).combatFlank).toBe('right');
    const at = { ...s, position: { ...s.position, step: 'choose-combat-flank', phase: 'close-combat', actors: ['fr'], done: [] } } as NwGameState;
    const sampler = { pick: <X,>(xs: readonly X[]) => xs[0]!, chance: () => false, float: (a: number) => a, int: (a: number) => a } as never;
    expect(legalCommands(at, 'fr', sampler).some((c) => c.type === 'chooseCombatFlank')).toBe(true);
    expect(NW_TABLE.actions!(at as never, 'fr', 'fr-w').map((a) => a.command.type)).toContain('chooseCombatFlank');
  });
});

/**
 * An AI player sees what its side sees (engine lookahead.ts): legal commands come from its view,
 * look-ahead runs on a determinised state with its own dice, and the ruleset's evaluation and
 * metrics are numbers. Played on NW (§11 face-down orders) with the random player.
 */
import { describe, expect, it } from 'vitest';
import { chooseCommand } from '../../src/ai/randomPlayer';
import { makeSampler, playerSeed } from '../../src/ai/sampler';
import { applyCommand } from '../../src/engine/game';
import { applyHypothetical, determinise, evaluateFor, legalFor, lookaheadSeed, metricsOf, sideView } from '../../src/engine/lookahead';
import { isRejection, registerable } from '../../src/engine/ruleset';
import { seedDice } from '../../src/engine/dice';
import { viewFor } from '../../src/engine/view';
import type { GameState } from '../../src/engine/state';
import { napoleonicWarfare } from '../../src/rules/napoleonic-warfare';
import { battle } from '../rules/napoleonic-warfare/harness';
import { SYW as SYW_MODULE, battle as sywBattle, type U } from '../rules/seven-years-war/build';

const M = registerable(napoleonicWarfare);
const send = (s: GameState, c: object): GameState => {
  const r = applyCommand(M, s, c);
  if (isRejection(r)) throw new Error(r.message);
  return r.state;
};

/** Two lines facing each other; the Austrians have placed their (secret) order, `order`. */
function withAustrianOrder(order: 'advance' | 'defend'): GameState {
  const s0 = battle([
    { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
    { id: 'au1', side: 'au', x: 36, y: 30, facingDeg: -90 },
  ], { generals: [{ id: 'g-fr', side: 'fr', x: 36, y: 16 }, { id: 'g-au', side: 'au', x: 36, y: 34 }] }) as GameState;
  expect(s0.position.step).toBe('place-orders');
  return send(s0, { type: 'placeOrder', side: 'au', unitId: 'au1', order, generalId: 'g-au' });
}

describe('A player program sees only its side\'s view (NW §11 face-down orders)', () => {
  const a = withAustrianOrder('advance');
  const b = withAustrianOrder('defend');

  it('the two states differ only in the hidden order, and the French views are the same', () => {
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(b));
    expect(viewFor(M, a, 'fr')).toEqual(viewFor(M, b, 'fr'));
  });

  it('the legal commands and the random player\'s choice are the same in both', () => {
    for (let i = 0; i < 5; i++) {
      expect(legalFor(M, a, 'fr', makeSampler(playerSeed(7, i)))).toEqual(legalFor(M, b, 'fr', makeSampler(playerSeed(7, i))));
      const ca = chooseCommand(M, a, 'fr', makeSampler(playerSeed(7, i)), 0, { endStepChance: 0 });
      const cb = chooseCommand(M, b, 'fr', makeSampler(playerSeed(7, i)), 0, { endStepChance: 0 });
      expect(ca?.command).toBeDefined();
      expect(ca?.command).toEqual(cb?.command);
    }
  });

  // Both sides finish placing: the French now see a face-down marker on au1 (NW §11).
  const placed = (): GameState => send(send(send(a, { type: 'placeOrder', side: 'fr', unitId: 'fr1', order: 'advance', generalId: 'g-fr' }), { type: 'endStep', side: 'fr' }), { type: 'endStep', side: 'au' });

  it('a determinised state fills the face-down order with a lawful one, and look-ahead rolls the caller\'s dice', () => {
    const s = placed();
    const view = sideView(M, s, 'fr');
    const rs = view.ruleset as { orders: Record<string, { order: string }>; faceDown?: string[] };
    expect(rs.faceDown).toEqual(['au1']);
    expect(rs.orders['au1']).toBeUndefined();
    const hypo = determinise(M, view, 'fr', makeSampler(3), lookaheadSeed(playerSeed(7), 0));
    const filled = (hypo.ruleset as { orders: Record<string, { order: string; revealed: boolean }> }).orders['au1'];
    expect(['advance', 'deploy', 'defend', 'retreat']).toContain(filled!.order);
    expect(filled!.revealed).toBe(false);
    expect(hypo.dice).not.toEqual(s.dice);
    // Every legal French command applies to the determinised state with look-ahead dice.
    const cmds = legalFor(M, hypo, 'fr', makeSampler(4));
    for (const c of cmds) {
      const r = applyHypothetical(M, hypo, c, seedDice(lookaheadSeed(playerSeed(7), 1)));
      expect(isRejection(r) && r.code === 'internal-error').toBe(false);
    }
    expect(() => determinise(M, view, 'au', makeSampler(3), 1)).toThrow();
  });

  it('evaluate is a number that falls with the side\'s own losses; metrics report each side', () => {
    const s = placed();
    expect(evaluateFor(M, s, 'fr')).toBeCloseTo(-evaluateFor(M, s, 'au'), 6);
    const units = (s.ruleset as { units: Record<string, object> }).units;
    const hurt = { ...s, ruleset: { ...(s.ruleset as object), units: { ...units, fr1: { ...units['fr1']!, standsLost: 2, morale: 'disordered' } } } } as GameState;
    expect(evaluateFor(M, hurt, 'fr')).toBeLessThan(evaluateFor(M, s, 'fr'));
    const m = metricsOf(M, hurt);
    expect(m.map((x) => x.side)).toEqual(['fr', 'au']);
    expect(m[0]!.standsLostByType).toEqual({ 'line-infantry': 2 });
    expect(m[0]!.unitsByState).toEqual({ disordered: 1 });
    expect(m[0]!.ground + m[1]!.ground).toBeCloseTo(1, 6);
  });
});

describe('…and in SYW (3) p.5, where each CinC chooses his counter from three drawn in secret', () => {
  const good = { training: 'average', psychology: 'brave', ability: 'competent' };
  const bad = { training: 'infantry', psychology: 'cautious', ability: 'incompetent' };
  const mid = { training: 'cavalry', psychology: 'none', ability: 'normal' };
  const blueInf: U = { id: 'blue-1', side: 'blue', type: 'medium-infantry', x: 900, y: 300, facingDeg: 90, n: 4, depth: 15, ranks: 1 };
  const redInf: U = { id: 'red-1', side: 'red', type: 'medium-infantry', x: 900, y: 700, facingDeg: -90, n: 4, depth: 15, ranks: 1 };
  const fresh = () => sywBattle([blueInf, redInf], { chooseCounters: true, fields: { counterMix: { blue: [good, bad, mid], red: [good, bad, mid] } } });
  const S = registerable(SYW_MODULE);

  it('red\'s secret draws do not change blue\'s candidates or the random player\'s pick; determinising gives red a counter from the mix', () => {
    const a = fresh();
    expect(a.position.step).toBe('chooseCounter');
    // The same game but red drew its counters in another order and provisionally holds another one.
    const draws = a.ruleset.cincDraws!['red-cinc']!;
    const rs = { ...a.ruleset, cincDraws: { ...a.ruleset.cincDraws, 'red-cinc': [...draws].reverse() }, generals: { ...a.ruleset.generals, 'red-cinc': { ...a.ruleset.generals['red-cinc']!, counter: draws[2]! } } };
    const b = { ...a, ruleset: rs };
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(b));
    expect(viewFor(S, a, 'blue')).toEqual(viewFor(S, b, 'blue'));
    for (let i = 0; i < 3; i++) {
      expect(legalFor(S, a, 'blue', makeSampler(playerSeed(3, i)))).toEqual(legalFor(S, b, 'blue', makeSampler(playerSeed(3, i))));
      expect(chooseCommand(S, a, 'blue', makeSampler(playerSeed(3, i)), 0, { endStepChance: 0 })?.command).toEqual(chooseCommand(S, b, 'blue', makeSampler(playerSeed(3, i)), 0, { endStepChance: 0 })?.command);
    }
    const view = sideView(S, a, 'blue');
    const hypo = determinise(S, view, 'blue', makeSampler(9), lookaheadSeed(playerSeed(3), 0));
    const red = (hypo.ruleset as { generals: Record<string, { counter: object; counterUnknown?: boolean }> }).generals['red-cinc']!;
    expect(red.counterUnknown).toBeUndefined();
    expect([good, bad, mid]).toContainEqual(red.counter);
  });
});

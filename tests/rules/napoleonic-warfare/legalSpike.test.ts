// NW Orders/Deploy "Spike captured artillery pieces": the random player / AI sampler (legal.ts)
// offers the `spike-guns` Deploy action to a unit in contact with captured enemy guns, and that
// command is accepted. Scripted dice: the hussars charge guns with Fire and Flee orders (canister
// 9, 9, 1, 1; charge move 6, 6), the crew run and the hussars capture the piece.
import { describe, expect, it } from 'vitest';
import { battle, draftWith } from './harness';
import { resolveCharges } from '../../../src/rules/napoleonic-warfare/charges';
import { legalCommands } from './harness';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import { isRejection } from '../../../src/engine/ruleset';
import type { NwGameState } from '../../../src/rules/napoleonic-warfare/types';

const sampler = { int: (lo: number) => lo, float: (lo: number, hi: number) => (lo + hi) / 2, pick: <X,>(xs: readonly X[]) => xs[0]!, chance: () => false };

/** The French hussars have captured the Austrian guns (NW Orders/Fire and Flee). */
function captured(): NwGameState {
  const s = battle([
    { id: 'au-guns', side: 'au', arm: 'artillery', troopType: 'foot-artillery', x: 36, y: 24, facingDeg: -90, stands: 2 },
    { id: 'au-inf', side: 'au', x: 40.4, y: 24, facingDeg: -90 },
    { id: 'fr-cav', side: 'fr', arm: 'cavalry', troopType: 'hussar', x: 36, y: 20, facingDeg: 90, stands: 3 },
    { id: 'fr-far', side: 'fr', x: 10, y: 10, facingDeg: 90 },
  ], { generals: [{ id: 'g-fr', side: 'fr', x: 36, y: 16 }, { id: 'g-au', side: 'au', x: 70, y: 46 }] });
  const { d } = draftWith(s, [9, 9, 1, 1, 6, 6]);
  d.rs.orders['fr-cav'] = { unitId: 'fr-cav', side: 'fr', order: 'charge', generalId: 'g-fr', revealed: true, target: 'au-guns' };
  d.rs.orders['au-guns'] = { unitId: 'au-guns', side: 'au', order: 'fire-and-flee', generalId: 'g-au', revealed: false };
  resolveCharges(d);
  expect(d.rs.units['au-guns']!.status).toBe('captured');
  // A new turn: orders cleared, movement flags reset.
  d.rs.orders = {};
  for (const nu of Object.values(d.rs.units)) nu.movedThisTurn = false;
  return { ...s, battle: d.battle, ruleset: d.rs } as NwGameState;
}

const at = (s: NwGameState, phase: string, step: string, orders = s.ruleset.orders): NwGameState =>
  ({ ...s, ruleset: { ...s.ruleset, orders }, position: { ...s.position, phase, step, actors: ['fr'], done: [] } }) as NwGameState;

describe('When French hussars stand in contact with Austrian guns they captured (NW Orders/Deploy: spike captured artillery)', () => {
  it('in the Orders Phase the sampler favours a Deploy order for the captors', () => {
    const cmds = legalCommands(at(captured(), 'orders', 'place-orders'), 'fr', { ...sampler, pick: <X,>(xs: readonly X[]) => xs[xs.length - 1]! });
    expect(cmds).toContainEqual(expect.objectContaining({ type: 'placeOrder', unitId: 'fr-cav', order: 'deploy' }));
  });

  it('with a Deploy order it offers spike-guns on the captured battery, and the command spikes them', () => {
    const s0 = captured();
    const s = at(s0, 'tactical', 'initiative-side', { 'fr-cav': { unitId: 'fr-cav', side: 'fr', order: 'deploy', generalId: 'g-fr', revealed: true } });
    const cmds = legalCommands(s, 'fr', sampler);
    const spike = cmds.find((c) => c['action'] === 'spike-guns');
    expect(spike).toEqual({ type: 'deployUnit', side: 'fr', unitId: 'fr-cav', action: 'spike-guns', gunsId: 'au-guns' });
    const { d } = draftWith(s, []);
    const r = napoleonicWarfare.commands['deployUnit']!.handle(s, spike as never, d.ctx);
    if (isRejection(r)) throw new Error(`${r.code}: ${r.message}`);
    expect((r.ruleset as NwGameState['ruleset']).units['au-guns']!.spiked).toBe(true);
  });

  it('a Deploy-ordered unit not touching captured guns is not offered spike-guns', () => {
    const s = at(captured(), 'tactical', 'initiative-side', { 'fr-far': { unitId: 'fr-far', side: 'fr', order: 'deploy', generalId: 'g-fr', revealed: true } });
    expect(legalCommands(s, 'fr', sampler).some((c) => c['action'] === 'spike-guns')).toBe(false);
  });

  it('guns already spiked are not offered again', () => {
    const s0 = captured();
    const spiked = { ...s0, ruleset: { ...s0.ruleset, units: { ...s0.ruleset.units, 'au-guns': { ...s0.ruleset.units['au-guns']!, spiked: true } } } } as NwGameState;
    const s = at(spiked, 'tactical', 'initiative-side', { 'fr-cav': { unitId: 'fr-cav', side: 'fr', order: 'deploy', generalId: 'g-fr', revealed: true } });
    expect(legalCommands(s, 'fr', sampler).some((c) => c['action'] === 'spike-guns')).toBe(false);
  });
});

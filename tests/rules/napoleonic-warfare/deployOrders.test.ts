/**
 * Napoleonic Warfare: Orders/Deploy — skirmishers charged take Retreat orders, and entering buildings (§23 Buildings) offered and enforced.
 */
import { describe, expect, it } from 'vitest';
import { isRejection, type Change, registerable, type SeenGame } from '../../../src/engine/ruleset';
import { findUnit } from '../../../src/engine/battle';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import type { NwGameState, NwState, NwOptions } from '../../../src/rules/napoleonic-warfare/types';
import { applyDeploy } from '../../../src/rules/napoleonic-warfare/commands';
import { battle, draftWith, IN, type UnitSpec, legalCommands } from './harness';
import { viewFor } from '../../../src/engine/view';
import type { NwTables } from '../../../src/rules/napoleonic-warfare/nwTables';
import { OCCUPY_RULE } from '../../../src/rules/napoleonic-warfare/occupy';

interface OrderSpec { unitId: string; side: 'fr' | 'au'; order: string; target?: string; revealed?: boolean }

function withOrders(s: NwGameState, orders: OrderSpec[], phase = 'charges'): NwGameState {
  const placed = Object.fromEntries(orders.map((o) => [o.unitId, { generalId: `g-${o.side}`, revealed: true, ...o }]));
  return { ...s, position: { ...s.position, phase }, ruleset: { ...s.ruleset, orders: placed } } as NwGameState;
}

const merge = (s: NwGameState, ch: Change<NwState>): NwGameState => ({ ...s, battle: ch.battle ?? s.battle, ruleset: ch.ruleset ?? s.ruleset }) as NwGameState;

describe('NW Orders/Deploy note "Skirmishers with Deploy orders who are charged, automatically go to Retreat orders"', () => {
  const play = (skirmishOrder: string, faces: number[]) => {
    const s = withOrders(battle([
      { id: 'fr-drag', side: 'fr', arm: 'cavalry', troopType: 'dragoons', x: 36, y: 20, facingDeg: 90, stands: 2 },
      { id: 'au-sk', side: 'au', arm: 'cavalry', troopType: 'hussars', formation: 'skirmish', x: 36, y: 24, facingDeg: -90, stands: 2 },
    ]), [
      { unitId: 'fr-drag', side: 'fr', order: 'charge', target: 'au-sk' },
      { unitId: 'au-sk', side: 'au', order: skirmishOrder },
    ]);
    const step = napoleonicWarfare.sequence.phases.flatMap((p) => p.steps).find((x) => x.id === 'resolve-charges')!;
    // Every die a 5: the dice each case rolls (charge and retreat d6s, the d10 of the test).
    const { d, events } = draftWith(s, faces);
    const ch = (step as { onEnter: (s: unknown, c: unknown) => Change<NwState> | undefined }).onEnter(s, d.ctx);
    return { s: ch ? merge(s, ch) : s, events };
  };
  it('skirmishing hussars with a Deploy order take a Retreat order and fall back from the dragoons', () => {
    const r = play('deploy', [5, 5, 5, 5, 5]);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'SkirmishersOrderedToRetreat', unit: 'au-sk', from: 'fr-drag' }));
    expect(r.s.ruleset.orders['au-sk']!.order).toBe('retreat');
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'UnitRetreated', unit: 'au-sk' }));
  });
  it('the same hussars with an Advance order (no response chosen) keep their order: the note is for Deploy orders', () => {
    const r = play('advance', [5, 5, 5]);
    expect(r.events.some((e) => e.type === 'SkirmishersOrderedToRetreat')).toBe(false);
    expect(r.s.ruleset.orders['au-sk']!.order).toBe('advance');
  });
});

describe('Deploy: "Enter buildings and take up positions in them if the unit\'s stands are within a town or farm" (NW Orders/Deploy; §23 Buildings)', () => {
  // The farm's near edge cuts the line's front rank (y 20"), so its stands are at the farm.
  const farm = (buildings: number, y0 = 19.8) => ({ id: 'farm', kind: 'building', name: 'Farm', polygon: [[34 * IN, y0 * IN], [38 * IN, y0 * IN], [38 * IN, 26 * IN], [34 * IN, 26 * IN]], props: { buildings } });
  const setup = (terrain: unknown[], spec: Partial<UnitSpec> = {}) => {
    const w = draftWith(battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90, ...spec },
      { id: 'au1', side: 'au', x: 10, y: 46, facingDeg: -90 },
    ], { terrain }), []);
    w.d.rs.orders['fr1'] = { unitId: 'fr1', side: 'fr', order: 'deploy', generalId: 'g-fr', revealed: true };
    return w;
  };
  const inFarm = (u: { stands: readonly { centre: { x: number; y: number } }[] }) => u.stands.filter((s) => s.centre.y > 19.8 * IN && s.centre.y < 26 * IN && s.centre.x > 34 * IN && s.centre.x < 38 * IN).length;
  it('a line at a two-building farm puts all four stands in as one Deploy action, with no half-move delay', () => {
    const { d, events } = setup([farm(2)]);
    expect(inFarm(findUnit(d.battle, 'fr1')!)).toBe(0);
    expect(applyDeploy(d, findUnit(d.battle, 'fr1')!, { action: 'occupy-buildings' }, false)).toBeUndefined();
    expect(inFarm(findUnit(d.battle, 'fr1')!)).toBe(4);
    expect(events.some((e) => e.type === 'BuildingsOccupied' && e['stands'] === 4)).toBe(true);
    expect(events.some((e) => e.type === 'TerrainDelay')).toBe(false);
    expect(d.rs.orders['fr1']!.deployActionsUsed).toBe(1);
  });
  it('a unit away from any building, or cavalry, cannot', () => {
    const far = setup([farm(2, 30)]);
    expect(applyDeploy(far.d, findUnit(far.d.battle, 'fr1')!, { action: 'occupy-buildings' }, false)).toMatchObject({ code: 'cannot-occupy' });
    const horse = setup([farm(2)], { arm: 'cavalry', troopType: 'hussar' });
    expect(applyDeploy(horse.d, findUnit(horse.d.battle, 'fr1')!, { action: 'occupy-buildings' }, false)).toMatchObject({ message: expect.stringMatching(/only infantry/) });
  });
  it('a one-building farm as wide as the line cannot take its four abreast stands (2 a building): refused, nothing moves', () => {
    const { d } = setup([farm(1)]);
    const before = findUnit(d.battle, 'fr1')!.stands.map((s) => s.centre);
    expect(applyDeploy(d, findUnit(d.battle, 'fr1')!, { action: 'occupy-buildings' }, false)).toMatchObject({ code: 'cannot-occupy' });
    expect(findUnit(d.battle, 'fr1')!.stands.map((s) => s.centre)).toEqual(before);
  });
});

const M = registerable(napoleonicWarfare);

const T = napoleonicWarfare.table!;

type G = SeenGame<NwState, NwOptions, NwTables>;

const seen = (s: NwGameState, viewer: string): G => viewFor(M, s, viewer) as unknown as G;

const sampler = { int: (lo: number) => lo, float: (lo: number, hi: number) => (lo + hi) / 2, pick: <X,>(xs: readonly X[]) => xs[0]!, chance: () => false };

const at = (s: NwGameState, phase: string, step: string, orders: NwState['orders']): NwGameState =>
  ({ ...s, ruleset: { ...s.ruleset, orders }, position: { ...s.position, phase, step, actors: ['fr'], done: [] } }) as NwGameState;

describe('Deploy "Enter buildings and take up positions in them" is offered by the table menu and the random player (NW Orders/Deploy; §23 Buildings)', () => {
  // The farm's near edge cuts the French line's front rank (y 20").
  const farm = (y0: number) => ({ id: 'farm', kind: 'building', name: 'Farm', polygon: [[34 * IN, y0 * IN], [38 * IN, y0 * IN], [38 * IN, 26 * IN], [34 * IN, 26 * IN]], props: { buildings: 2 } });
  const deploying = (y0: number, spec: Partial<UnitSpec> = {}) =>
    at(battle([{ id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90, ...spec }, { id: 'au1', side: 'au', x: 10, y: 46, facingDeg: -90 }], { terrain: [farm(y0)] }),
      'tactical', 'initiative-side', { fr1: { unitId: 'fr1', side: 'fr', order: 'deploy', generalId: 'g-fr', revealed: true } });
  const occupyAction = (s: NwGameState) => T.actions!(seen(s, 'fr'), 'fr', 'fr1').find((a) => a.command['action'] === 'occupy-buildings');

  it('a Deploy-ordered line touching a two-building farm is offered "Occupy", and that command is accepted and puts stands inside', () => {
    const s = deploying(19.8);
    const a = occupyAction(s);
    expect(a).toMatchObject({ rule: OCCUPY_RULE, command: { type: 'deployUnit', side: 'fr', unitId: 'fr1', action: 'occupy-buildings' } });
    const { d } = draftWith(s, []);
    const r = napoleonicWarfare.commands['deployUnit']!.handle(s, a!.command as never, d.ctx);
    expect(isRejection(r)).toBe(false);
  });

  it('it is not offered where the command would be refused: away from any building, or to cavalry', () => {
    expect(occupyAction(deploying(30))).toBeUndefined();
    expect(occupyAction(deploying(19.8, { arm: 'cavalry', troopType: 'hussar' }))).toBeUndefined();
  });

  it('the random player offers occupy-buildings to a Deploy-ordered unit at the farm, and not to one away from it', () => {
    expect(legalCommands(deploying(19.8), 'fr', sampler)).toContainEqual({ type: 'deployUnit', side: 'fr', unitId: 'fr1', action: 'occupy-buildings' });
    expect(legalCommands(deploying(30), 'fr', sampler).some((c) => c['action'] === 'occupy-buildings')).toBe(false);
  });
});

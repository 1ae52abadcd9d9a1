/**
 * Napoleonic Warfare: §17 Routed and §18 E — a routed unit that fails its one rally.
 */
import { describe, expect, it } from 'vitest';
import { findUnit } from '../../../src/engine/battle';
import { rallyRouted } from '../../../src/rules/napoleonic-warfare/recovery';
import type { Draft } from '../../../src/rules/napoleonic-warfare/types';
import type { GameEvent } from '../../../src/engine/ruleset';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import { battle, draftWith } from './harness';

const order = (d: Draft, unitId: string, o: 'recover' | 'charge' | 'deploy', extra: Record<string, unknown> = {}) => {
  const side = findUnit(d.battle, unitId)!.side;
  d.rs.orders[unitId] = { unitId, side, order: o, generalId: `g-${side}`, revealed: true, ...extra };
};

const ofType = (events: GameEvent[], type: string) => events.filter((e) => e.type === type);

describe('When a routed unit given a Recover order fails its one rally (NW §17 Routed; §18 E)', () => {
  // The French line touches the Austrian routers: a failed test through the failure table would make them surrender.
  const setup = (faces: number[]) => {
    const w = draftWith(battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', quality: 'line-2nd', x: 36, y: 21, facingDeg: -90 },
    ]), faces);
    w.d.rs.units['au1']!.morale = 'routed';
    order(w.d, 'au1', 'recover');
    return w;
  };
  it('failing by 6 or more makes one rout move and disperses it — not the failure table\'s surrender in contact', () => {
    const { d, events, rolls } = setup([1, 3]);
    expect(rallyRouted(d, 'au1')).toBe(false);
    expect(rolls[0]!.purpose).toMatch(/Morale test \(E\)/);
    expect(d.rs.units['au1']!.status).toBe('dispersed');
    expect(ofType(events, 'MoraleFailed')).toHaveLength(0);
    expect(ofType(events, 'UnitRouted')).toHaveLength(1);
    expect(ofType(events, 'UnitRetreated')).toHaveLength(0);
    expect(d.rs.units['au1']!.rallyChanceUsed).toBe(true);
  });
  it('whatever the margin, no stands are lost to the failure table and no retreat move precedes the rout move', () => {
    // 2nd Rate To Pass 5; modifiers −5 (Austrian line −1, three markers −3, unsupported −1): faces 6-9 fail by 4, 3, 2, 1.
    for (const face of [6, 7, 8, 9]) {
      const { d, events, rolls } = setup([face, 3]);
      const standsBefore = findUnit(d.battle, 'au1')!.stands.length;
      expect(rallyRouted(d, 'au1')).toBe(false);
      expect(rolls[0]!.modified).toBe(face - 5);
      expect(ofType(events, 'CasualtiesInflicted')).toHaveLength(0);
      expect(ofType(events, 'UnitRetreated')).toHaveLength(0);
      expect(ofType(events, 'UnitRouted')).toHaveLength(1);
      expect(ofType(events, 'UnitRemoved').map((e) => e['status'])).toEqual(['dispersed']);
      expect(d.rs.units['au1']!.standsLost).toBe(0);
      expect(standsBefore).toBe(4);
    }
  });
  it('the Recovery Phase step runs the same rally (sequence wiring, NW §16)', () => {
    const s0 = battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', quality: 'line-2nd', x: 36, y: 21, facingDeg: -90 },
    ]);
    const units = { ...s0.ruleset.units, au1: { ...s0.ruleset.units['au1']!, morale: 'routed' as const } };
    const orders = { au1: { unitId: 'au1', side: 'au', order: 'recover' as const, generalId: 'g-au', revealed: true } };
    const s = { ...s0, ruleset: { ...s0.ruleset, units, orders } } as never;
    const step = napoleonicWarfare.sequence.phases.flatMap((p) => p.steps).find((x) => x.id === 'recovery')!;
    const w = draftWith(s, [1, 3]);
    const ch = (step as { onEnter: (s: never, c: unknown) => { ruleset?: Draft['rs'] } }).onEnter(s, w.d.ctx);
    expect(ch.ruleset!.units['au1']!.status).toBe('dispersed');
    expect(ofType(w.events, 'MoraleFailed')).toHaveLength(0);
  });
  it('passing (10 − 5 = 5, To Pass 5) recovers it from Routed to Fragmented and it does not move', () => {
    const { d } = setup([10]);
    const before = findUnit(d.battle, 'au1')!.stands[0]!.centre;
    expect(rallyRouted(d, 'au1')).toBe(true);
    expect(d.rs.units['au1']!.morale).toBe('fragmented');
    expect(findUnit(d.battle, 'au1')!.stands[0]!.centre).toEqual(before);
  });
});

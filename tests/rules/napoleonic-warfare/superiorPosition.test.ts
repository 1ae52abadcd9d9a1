/**
 * Napoleonic Warfare: Superior Tactical Position (Close Combat; Morale §19) — charging uphill, and height judged by the majority of stands.
 */
import { describe, expect, it } from 'vitest';
import { findUnit, updateUnit } from '../../../src/engine/battle';
import type { NwGameState, Draft } from '../../../src/rules/napoleonic-warfare/types';
import { runPendingTests, superiorPosition } from '../../../src/rules/napoleonic-warfare/morale';
import { fireModifiers } from '../../../src/rules/napoleonic-warfare/fire';
import { nwu } from '../../../src/rules/napoleonic-warfare/core';
import { battle, draftWith, IN, type UnitSpec } from './harness';
import { noteChargeStartLevels } from '../../../src/rules/napoleonic-warfare/position';

interface OrderSpec { unitId: string; side: 'fr' | 'au'; order: string; target?: string; response?: string; revealed?: boolean }

function withOrders(s: NwGameState, orders: OrderSpec[], phase = 'charges'): NwGameState {
  const placed = Object.fromEntries(orders.map((o) => [o.unitId, { generalId: `g-${o.side}`, revealed: true, ...o }]));
  return { ...s, position: { ...s.position, phase }, ruleset: { ...s.ruleset, orders: placed } } as NwGameState;
}

const rect = (id: string, kind: string, x0: number, y0: number, x1: number, y1: number, props: Record<string, unknown> = {}) => ({
  id, kind, name: id, ...(kind === 'hill' ? { heightLevel: 1 } : {}), polygon: [[x0 * IN, y0 * IN], [x1 * IN, y0 * IN], [x1 * IN, y1 * IN], [x0 * IN, y1 * IN]], props,
});

// A French line at the top facing down (front edge y 20"), an Austrian line facing up 4" below.
const FR_LINE: UnitSpec = { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 };

const AU_LINE: UnitSpec = { id: 'au1', side: 'au', x: 36, y: 24, facingDeg: -90 };

describe('When a charger loses a stand while charging a unit on a hill (NW Morale §19 "Charging a Superior Tactical Position")', () => {
  // The Austrians stand on a hill (level 1) the French charge up to.
  const hill = rect('h', 'hill', 30, 23, 42, 30);
  const test = (terrain: unknown[], phase: string) => {
    const s = withOrders(battle([FR_LINE, AU_LINE], { terrain }), [{ unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1' }], phase);
    const { d, rolls } = draftWith(s, [10]);
    nwu(d, 'fr1').charging = true;
    d.pendingTests.push({ unitId: 'fr1', trigger: 'C', detail: 'stand lost' });
    runPendingTests(d);
    return rolls[0]!.modifiers.map((m) => [m.label, m.value]);
  };
  it('its stand-loss test (C) in the Charge Declaration Phase counts −1', () => {
    expect(test([hill], 'charges')).toContainEqual(['charging a superior tactical position', -1]);
  });
  it('not when the target stands on level ground', () => {
    expect(test([], 'charges')).not.toContainEqual(['charging a superior tactical position', -1]);
  });
  it('not once the charges are over (a test in the Fire Phase)', () => {
    expect(test([hill], 'fire')).not.toContainEqual(['charging a superior tactical position', -1]);
  });
});

const order = (d: Draft, unitId: string, o: 'recover' | 'charge' | 'deploy', extra: Record<string, unknown> = {}) => {
  const side = findUnit(d.battle, unitId)!.side;
  d.rs.orders[unitId] = { unitId, side, order: o, generalId: `g-${side}`, revealed: true, ...extra };
};

const hill = (id: string, level: number, x0: number, x1: number, y0: number, y1: number) => ({
  id, kind: 'hill', name: id, heightLevel: level, polygon: [[x0 * IN, y0 * IN], [x1 * IN, y0 * IN], [x1 * IN, y1 * IN], [x0 * IN, y1 * IN]], props: {},
});

describe('Superior Tactical Position by height (NW Close Combat/Superior Position; Morale §19 footnote)', () => {
  const two = (terrain: unknown[], fr: Partial<UnitSpec> = {}) => draftWith(battle([
    { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90, ...fr },
    { id: 'au1', side: 'au', x: 36, y: 24, facingDeg: -90 },
  ], { terrain }), []);
  const sp = (d: Draft, a: string, b: string) => superiorPosition(d, findUnit(d.battle, a)!, findUnit(d.battle, b)!);
  it('all stands on a level-2 hill against a foe on a level-1 hill: superior', () => {
    const { d } = two([hill('h2', 2, 30, 42, 15, 21.5), hill('h1', 1, 30, 42, 22.5, 30)]);
    expect(sp(d, 'fr1', 'au1')).toBe(true);
    expect(sp(d, 'au1', 'fr1')).toBe(false);
  });
  it('a foe on a higher hill is not beneath us (the old test said superior for any hill the foe was not on)', () => {
    const { d } = two([hill('h1', 1, 30, 42, 15, 21.5), hill('h2', 2, 30, 42, 22.5, 30)]);
    expect(sp(d, 'fr1', 'au1')).toBe(false);
    expect(sp(d, 'au1', 'fr1')).toBe(true);
  });
  it('only a minority of the stands on the hill: not superior', () => {
    // The French line spans x 34-38"; the hill covers only the westernmost stand.
    const { d } = two([hill('h1', 1, 20, 34.9, 15, 21.5)]);
    const onHill = findUnit(d.battle, 'fr1')!.stands.filter((s) => s.centre.x < 34.9 * IN).length;
    expect(onHill).toBe(1);
    expect(sp(d, 'fr1', 'au1')).toBe(false);
  });
  it('charging downhill this turn is superior even after reaching level ground', () => {
    const { d } = two([hill('h1', 1, 30, 42, 5, 19)]);
    // The French start the charge on the hill (moved off it since).
    d.battle = updateUnit(d.battle, 'fr1', (u) => ({ ...u, stands: u.stands.map((s) => ({ ...s, centre: { ...s.centre, y: (s.centre.y - 3 * IN) as typeof s.centre.y } })) }));
    order(d, 'fr1', 'charge', { target: 'au1' });
    noteChargeStartLevels(d, [findUnit(d.battle, 'fr1')!]);
    expect(d.rs.units['fr1']!.chargeFromLevel).toBe(1);
    d.battle = updateUnit(d.battle, 'fr1', (u) => ({ ...u, stands: u.stands.map((s) => ({ ...s, centre: { ...s.centre, y: (s.centre.y + 3 * IN) as typeof s.centre.y } })) }));
    expect(sp(d, 'fr1', 'au1')).toBe(false); // not yet charging
    d.rs.units['fr1']!.charging = true;
    expect(sp(d, 'fr1', 'au1')).toBe(true);
  });
  it('fire: "Target Uphill" only when most of the target stands higher than the firing stand', () => {
    const up = two([hill('h1', 1, 30, 42, 22.5, 30)]);
    const f = findUnit(up.d.battle, 'fr1')!;
    expect(fireModifiers(up.d, f, findUnit(up.d.battle, 'au1')!, f.stands[0]!).map((m) => m.label).join('|')).toMatch(/uphill/i);
    const level = two([hill('h1', 1, 30, 42, 15, 30)]);
    const g = findUnit(level.d.battle, 'fr1')!;
    expect(fireModifiers(level.d, g, findUnit(level.d.battle, 'au1')!, g.stands[0]!).map((m) => m.label).join('|')).not.toMatch(/uphill/i);
  });
});

/**
 * Napoleonic Warfare: §17 Causes of Disorder and §23 terrain disorder — retreats over half a move, light and dense terrain, skirmishing units exempt.
 */
import { describe, expect, it } from 'vitest';
import { isRejection, type Change, type GameEvent } from '../../../src/engine/ruleset';
import { findUnit } from '../../../src/engine/battle';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import type { NwGameState, NwState } from '../../../src/rules/napoleonic-warfare/types';
import { normalMoveMm } from '../../../src/rules/napoleonic-warfare/morale';
import { walk } from '../../../src/rules/napoleonic-warfare/moves';
import { battle, draftWith, IN, type UnitSpec } from './harness';
import type { MoraleState } from '../../../src/rules/napoleonic-warfare/tables/morale';
import { TERRAIN_EFFECTS } from '../../../src/rules/napoleonic-warfare/tables/movement';

interface OrderSpec { unitId: string; side: 'fr' | 'au'; order: string; target?: string; revealed?: boolean }

function withOrders(s: NwGameState, orders: OrderSpec[], phase = 'charges'): NwGameState {
  const placed = Object.fromEntries(orders.map((o) => [o.unitId, { generalId: `g-${o.side}`, revealed: true, ...o }]));
  return { ...s, position: { ...s.position, phase }, ruleset: { ...s.ruleset, orders: placed } } as NwGameState;
}

const merge = (s: NwGameState, ch: Change<NwState>): NwGameState => ({ ...s, battle: ch.battle ?? s.battle, ruleset: ch.ruleset ?? s.ruleset }) as NwGameState;

function command(s: NwGameState, cmd: Record<string, unknown>, faces: number[] = []): string | { s: NwGameState; events: GameEvent[] } {
  const { d, events } = draftWith(s, faces);
  const r = napoleonicWarfare.commands[cmd['type'] as string]!.handle(s, cmd as never, d.ctx);
  return isRejection(r) ? r.code : { s: merge(s, r as Change<NwState>), events: [...events, ...((r as { events?: GameEvent[] }).events ?? [])] };
}

describe('NW §17 Causes of Disorder "The unit Retreats and moves more than 1/2 of its movement allowance (unless skirmishers or light cavalry)"', () => {
  const retreatOf = (troopType: string) => {
    const s = withOrders(battle([
      { id: 'fr-cav', side: 'fr', arm: 'cavalry', troopType, x: 36, y: 20, facingDeg: 90, stands: 2 },
      { id: 'au1', side: 'au', x: 36, y: 26, facingDeg: -90 },
    ]), [{ unitId: 'fr-cav', side: 'fr', order: 'retreat' }], 'tactical');
    const { d } = draftWith(s, []);
    const u = findUnit(s.battle, 'fr-cav')!;
    const inches = Math.round((0.75 * normalMoveMm(d, u)) / IN);
    const r = command(s, { type: 'retreatUnit', side: 'fr', unitId: 'fr-cav', distanceIn: inches });
    if (typeof r === 'string') throw new Error(r);
    return r.s.ruleset.units['fr-cav']!.morale;
  };
  it('light cavalry (hussars) retreating three quarters of a move stay in good order', () => {
    expect(retreatOf('hussars')).toBe('good');
  });
  it('line cavalry (dragoons) retreating the same are disordered', () => {
    expect(retreatOf('dragoons')).toBe('disordered');
  });
});

const patch = (id: string, kind: string, y0: number, y1: number, props: Record<string, unknown> = {}) => ({
  id, kind, name: id, polygon: [[20 * IN, y0 * IN], [52 * IN, y0 * IN], [52 * IN, y1 * IN], [20 * IN, y1 * IN]], props,
});

// One unit marching down the table (facing +y) from y = 20", far from the enemy.
const march = (spec: Partial<UnitSpec>, terrain: unknown[], distIn: number, morale: MoraleState = 'good', faces: number[] = [1]) => {
  const w = draftWith(battle([
    { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90, ...spec },
    { id: 'au1', side: 'au', x: 10, y: 46, facingDeg: -90 },
  ], { terrain }), faces);
  w.d.rs.units['fr1']!.morale = morale;
  const u = findUnit(w.d.battle, 'fr1')!;
  const r = walk(w.d, u, u.stands[0]!.facing, distIn * IN, 'advance');
  return { ...w, r, morale: w.d.rs.units['fr1']!.morale };
};

describe('Light terrain disorder (NW §23 Light Terrain: "All troops except skirmishing units … are Disordered when entering")', () => {
  const rough = [patch('rough', 'rough', 21.5, 30)];
  it('a formed line entering rough ground pays the delay and is Disordered (§23 read over §17\'s parenthesis; RULINGS)', () => {
    const { events, morale } = march({}, rough, 8);
    expect(events.some((e) => e.type === 'TerrainDelay')).toBe(true);
    expect(morale).toBe('disordered');
  });
  it('skirmishing cavalry pay the delay but are not disordered ("skirmishing units", not only skirmish foot)', () => {
    const { events, morale } = march({ arm: 'cavalry', troopType: 'hussar', formation: 'skirmish', stands: 2 }, rough, 8);
    expect(events.some((e) => e.type === 'TerrainDelay')).toBe(true);
    expect(morale).toBe('good');
  });
  it('formed cavalry entering it are disordered', () => {
    const { morale } = march({ arm: 'cavalry', troopType: 'hussar', stands: 2 }, rough, 8);
    expect(morale).toBe('disordered');
  });
});

describe('Dense terrain disorder (NW §17 "Movement … through dense delaying terrain"; §23 Dense; Movement tables Terrain Effects)', () => {
  const wood = [patch('wood', 'wood', 21.5, 40)];
  const inside = [patch('wood', 'wood', 10, 40)];
  it('line infantry entering a wood are Disordered', () => {
    expect(march({}, wood, 8).morale).toBe('disordered');
  });
  it('light infantry entering a wood are not ("Any but Light Infantry or Skirmisher Foot are Disordered", Movement tables)', () => {
    expect(march({ troopType: 'light-infantry' }, wood, 8).morale).toBe('good');
  });
  it('a unit that recovered inside the wood and moves through it is Disordered again', () => {
    const { morale, events } = march({}, inside, 6);
    expect(morale).toBe('disordered');
    expect(events.some((e) => e.type === 'MoraleStateChanged' && String(e['cause']).startsWith('moved through'))).toBe(true);
  });
  it('a unit already Disordered moving inside the wood stays Disordered (no second marker: it is the same disorder)', () => {
    expect(march({}, inside, 6, 'disordered').morale).toBe('disordered');
  });
  it('skirmish foot move through a wood in good order', () => {
    expect(march({ formation: 'skirmish' }, inside, 6).morale).toBe('good');
  });
  it('routers are not disordered by the terrain they rout through (rout moves are exempt, as before)', () => {
    const w = draftWith(battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 10, y: 46, facingDeg: -90 },
    ], { terrain: inside }), [1]);
    w.d.rs.units['fr1']!.morale = 'routed';
    const u = findUnit(w.d.battle, 'fr1')!;
    walk(w.d, u, u.stands[0]!.facing, 6 * IN, 'rout');
    expect(w.d.rs.units['fr1']!.morale).toBe('routed');
  });
});

describe('Terrain Effects: light terrain disorders all but units in skirmish formation, foot or horse (NW §23 Light Terrain; RULINGS)', () => {
  it('the light row disorders, and skirmish cavalry entering scrub are not disordered while a formed line is', () => {
    expect(TERRAIN_EFFECTS.light.disorders).toBe(true);
    const scrub = [{ id: 'rough', kind: 'rough', name: 'rough', polygon: [[20 * IN, 21.5 * IN], [52 * IN, 21.5 * IN], [52 * IN, 30 * IN], [20 * IN, 30 * IN]], props: {} }];
    const enter = (spec: Partial<UnitSpec>) => {
      const { d } = draftWith(battle([{ id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90, ...spec }, { id: 'au1', side: 'au', x: 10, y: 46, facingDeg: -90 }], { terrain: scrub }), [1]);
      const u = findUnit(d.battle, 'fr1')!;
      walk(d, u, u.stands[0]!.facing, 4 * IN, 'advance');
      return d.rs.units['fr1']!.morale;
    };
    expect(enter({ arm: 'cavalry', troopType: 'cossack', formation: 'skirmish' })).toBe('good');
    expect(enter({})).toBe('disordered');
  });
});

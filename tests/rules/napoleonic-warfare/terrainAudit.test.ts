// Audit findings on terrain: NW §17 Causes of Disorder, §23 Light/Dense Terrain, the Movement tables'
// Terrain Effects, §27 Special Formations in dense terrain.
import { describe, expect, it } from 'vitest';
import { findUnit } from '../../../src/engine/battle';
import { walk } from '../../../src/rules/napoleonic-warfare/moves';
import { inDenseTerrain } from '../../../src/rules/napoleonic-warfare/formations';
import { applyDeploy, orderProblem } from '../../../src/rules/napoleonic-warfare/commands';
import type { MoraleState } from '../../../src/rules/napoleonic-warfare/tables/morale';
import { isRejection } from '../../../src/engine/ruleset';
import { napoleonicWarfare } from '../../../src/rules/napoleonic-warfare';
import { battle, draftWith, IN, type UnitSpec } from './harness';

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

describe('Special formations are prohibited in all dense terrain (NW §27)', () => {
  const at = (terrain: unknown[]) => draftWith(battle([
    { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
    { id: 'au1', side: 'au', x: 10, y: 46, facingDeg: -90 },
  ], { terrain }), []).d;
  it('a dense swamp forbids the Form Square order, like a wood', () => {
    const swamp = at([patch('swamp', 'marsh', 15, 25, { class: 'dense' })]);
    expect(inDenseTerrain(swamp.battle, findUnit(swamp.battle, 'fr1')!)).toBe(true);
    expect(orderProblem(swamp, findUnit(swamp.battle, 'fr1')!, 'form-square')).toMatch(/dense terrain/);
  });
  it('light marsh and open ground do not', () => {
    for (const terrain of [[patch('marsh', 'marsh', 15, 25)], []]) {
      const d = at(terrain);
      expect(inDenseTerrain(d.battle, findUnit(d.battle, 'fr1')!)).toBe(false);
      expect(orderProblem(d, findUnit(d.battle, 'fr1')!, 'form-square')).toBeUndefined();
    }
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

describe('A hasty square may not be attempted in dense terrain (NW §27: special formations prohibited in Dense Terrain)', () => {
  const refusal = (terrain: unknown[]) => {
    const s0 = battle([
      { id: 'fr1', side: 'fr', arm: 'cavalry', troopType: 'dragoons', x: 36, y: 20, facingDeg: 90, ranks: 2 },
      { id: 'au1', side: 'au', x: 36, y: 24, facingDeg: -90 },
    ], { terrain });
    const orders = {
      fr1: { unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1', generalId: 'g-fr', revealed: true },
      au1: { unitId: 'au1', side: 'au', order: 'defend', generalId: 'g-au', revealed: true },
    };
    const s = { ...s0, ruleset: { ...s0.ruleset, orders } } as typeof s0;
    const { d } = draftWith(s, []);
    const r = napoleonicWarfare.commands['respondToCharge']!.handle(s, { type: 'respondToCharge', side: 'au', unitId: 'au1', response: 'hasty-square' } as never, d.ctx);
    return isRejection(r) ? r.code : 'accepted';
  };
  it('in a dense swamp the response is refused; on open ground it is accepted', () => {
    expect(refusal([patch('swamp', 'marsh', 23, 30, { class: 'dense' })])).toBe('dense');
    expect(refusal([])).toBe('accepted');
  });
});

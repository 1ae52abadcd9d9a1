/** AS 13.6 Town sectors: burning sectors (optional) and their smoke; one unit to a sector. */
import { describe, expect, it } from 'vitest';
import { battle, apply, ofType, rejection, unit, ust } from './build';

const village = { id: 'v', kind: 'village', name: 'Valdemora', polygon: [[800, 760], [1000, 760], [1000, 860], [800, 860]], props: {} };
const bombardment = (burningTowns: boolean) => battle([
  { id: 'bg1', side: 'blue', type: 'foot-artillery', x: 850, y: 300 },
  { id: 'bg2', side: 'blue', type: 'foot-artillery', x: 950, y: 300 },
  { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 780 },
], { options: { burningTowns }, terrain: [village] });

describe('AS 13.6 Burning town sectors (optional)', () => {
  it('two batteries bombard a sector: a D6 under 2 sets it alight; the smoke drifts left and blocks sight; the occupant must leave', () => {
    let s = bombardment(true);
    s = apply(s, { type: 'fire', side: 'blue', unit: 'bg1', target: 'r1' }, [2]).state;
    expect(s.ruleset.bombarded).toEqual({ v: 1 });
    // The second battery's die; the step over: alight on a 1, smoke left on a 1; then the initiative (blue 5, red 2).
    const r = apply(s, { type: 'fire', side: 'blue', unit: 'bg2', target: 'r1' }, [2, 1, 1, 5, 2]);
    expect(ofType(r.events, 'SectorAlight')[0]).toMatchObject({ sector: 'v', smoke: 'v-smoke' });
    const smoke = r.state.battle.terrain.find((t) => t.id === 'v-smoke')!;
    expect(smoke.props).toMatchObject({ smoke: true, blocksSight: true });
    expect(smoke.polygon[0]).toEqual({ x: 600, y: 760 });
    expect(r.state.battle.terrain.find((t) => t.id === 'v')!.props['burning']).toBe(true);
    // Red's division moves second and leaves r1 in the sector: it falls back out at the end of the move.
    const b = apply(r.state, { type: 'endStep', side: 'blue' }).state;
    const e = apply(b, { type: 'endStep', side: 'red' }, [1]);
    expect(ofType(e.events, 'FellBack')[0]).toMatchObject({ unit: 'r1' });
    expect(unit(e.state, 'r1')!.stands.every((st) => st.centre.y > 860)).toBe(true);
    expect(ust(e.state, 'r1').fallback).toBeUndefined();
  });
  it('off, bombardment never sets a sector alight', () => {
    let s = bombardment(false);
    s = apply(s, { type: 'fire', side: 'blue', unit: 'bg1', target: 'r1' }, [2]).state;
    const r = apply(s, { type: 'fire', side: 'blue', unit: 'bg2', target: 'r1' }, [2, 5, 2]);
    expect(ofType(r.events, 'SectorAlight')).toHaveLength(0);
  });
  it('only one unit can defend a sector: a second may not move in', () => {
    const s = battle([
      { id: 'b1', side: 'blue', type: 'line-infantry', x: 300, y: 200 },
      { id: 'r1', side: 'red', type: 'line-infantry', x: 900, y: 780 },
      { id: 'r2', side: 'red', type: 'line-infantry', x: 900, y: 900 },
    ], { setupDice: [2, 5], terrain: [village] });
    expect(rejection(s, { type: 'moveUnit', side: 'red', unit: 'r2', legs: [{ kind: 'forward', mm: 60 }] })).toBe('illegal-move');
  });
});

describe('AS 13.6 Town Sector Melee: pairing off as Sec. 11.2.6', () => {
  // Two contiguous sectors: blue holds the north one, red the south one.
  const north = { id: 'n', kind: 'village', name: 'North sector', polygon: [[800, 400], [1000, 400], [1000, 560], [800, 560]], props: {} };
  const south = { id: 's', kind: 'village', name: 'South sector', polygon: [[800, 560], [1000, 560], [1000, 720], [800, 720]], props: {} };
  const fed = () => {
    let s = battle([
      { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 540, n: 2 },
      { id: 'x', side: 'red', type: 'line-infantry', x: 900, y: 600 },
      { id: 'c', side: 'blue', type: 'line-infantry', x: 900, y: 740, facingDeg: -90, n: 2 },
    ], { setupDice: [2, 5], terrain: [north, south] });
    // Red moves first: x charges out of its sector at b1's; then blue's c charges into the sector x attacks from.
    s = apply(s, { type: 'charge', side: 'red', unit: 'x', target: 'b1' }).state;
    expect(ust(s, 'x').charge).toMatchObject({ target: 'b1', fromSector: 's' });
    s = apply(s, { type: 'endStep', side: 'red' }).state;
    s = apply(s, { type: 'charge', side: 'blue', unit: 'c', target: 'x' }).state;
    s = apply(s, { type: 'endStep', side: 'blue' }).state;
    expect(s.position.step).toBe('volleys');
    return apply(s, { type: 'endStep', side: 'blue' }).state;
  };
  it('a unit charging out of a sector that is itself charged has its charge negated: it fights only the unit charging it', () => {
    const s = fed();
    const r = apply(s, { type: 'endStep', side: 'red' }, [6, 1]);
    expect(ofType(r.events, 'ChargeNegated')[0]).toMatchObject({ unit: 'x', target: 'b1', by: 'c', rule: 'AS 13.6 Town Sector Melee (pair off as Sec. 11.2.6)' });
    const melees = r.events.filter((e) => e.type === 'DiceRolled' && /^Melee/.test(String((e as unknown as { purpose: string }).purpose))) as unknown as { purpose: string }[];
    expect(melees.map((m) => m.purpose)).toEqual(['Melee: c charging x', 'Melee: x against c']);
    expect(ust(r.state, 'b1').engaged).toBe(false);
  });
});

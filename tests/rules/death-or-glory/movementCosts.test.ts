/**
 * DoG MOVEMENT PHASE, Movement Costs, one line at a time: dense woods (25% of normal, disordered),
 * streams (deduct 10 m), fordable rivers (deduct 20 m, unformed, arty NA), high walls/hedges
 * (deduct 50 m, all troops unformed), entering buildings (deduct 25 m, cav and arty NA), and the
 * gentle / medium / steep / extreme slopes (deduct 25% / 50% / 75% / 75% and unformed).
 * Prussian musketeers in line (100 m a move, shared/rules/README.md) advance down the table.
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, apply, ofType, rejection, type U } from './build';

const box = (x0: number, y0: number, x1: number, y1: number) => [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
/** The line's stands are centred on y 300 (20 m deep): ground beginning at y 340 is entered by their middles after 40 m. */
const at = (terrain: unknown[], units: U[] = [{ id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 300 }]) => advanceTo(battle([
  ...units,
  { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 1400 },
], { terrain }), 'moveFirst');
const fwd = (mm: number, unit = 'pr') => ({ type: 'moveUnit', side: 'blue', unit, legs: [{ kind: 'forward', mm }] });
const line = (y: number) => box(1000, y, 1400, y + 2);
const hill = (slope: string) => ({ id: 'h', kind: 'hill', name: 'Galgenberg', heightLevel: 1, props: { slope }, polygon: box(1000, 340, 1400, 700) });

describe('DoG Movement Costs: "woods - dense … movement 25% of normal … units become disordered"', () => {
  it('a 55 m advance whose last 15 m are inside a dense wood costs 100 m of move and leaves the line disordered; 60 m is too far', () => {
    const wood = { id: 'w', kind: 'wood', name: 'Urwald', props: { dense: true }, polygon: box(1000, 340, 1400, 700) };
    const r = apply(at([wood]), fwd(55));
    expect(ofType(r.events, 'UnitMoved')[0]).toMatchObject({ unit: 'pr', distanceM: 100 });
    expect(ofType(r.events, 'OrderLost')[0]).toMatchObject({ unit: 'pr', becomes: 'disordered' });
    expect(rejection(at([wood]), fwd(60))).toBe('illegal-move');
  });
});

describe('DoG Movement Costs: "streams - deduct 10m"', () => {
  it('90 m and a stream is 100 m of move, order kept; 95 m and the stream is too far', () => {
    const stream = { id: 's', kind: 'stream', name: 'Bach', polygon: line(340) };
    const r = apply(at([stream]), fwd(90));
    expect(ofType(r.events, 'UnitMoved')[0]).toMatchObject({ unit: 'pr', distanceM: 100 });
    expect(ofType(r.events, 'OrderLost')).toHaveLength(0);
    expect(rejection(at([stream]), fwd(95))).toBe('illegal-move');
  });
});

describe('DoG Movement Costs: "fordable rivers - deduct 20m … units become unformed - arty NA"', () => {
  it('80 m and a ford is 100 m of move and leaves the line unformed; 85 m is too far', () => {
    const ford = { id: 'f', kind: 'ford', name: 'Furt', polygon: line(340) };
    const r = apply(at([ford]), fwd(80));
    expect(ofType(r.events, 'UnitMoved')[0]).toMatchObject({ unit: 'pr', distanceM: 100 });
    expect(ofType(r.events, 'OrderLost')[0]).toMatchObject({ unit: 'pr', becomes: 'unformed' });
    expect(rejection(at([ford]), fwd(85))).toBe('illegal-move');
  });
});

describe('DoG Movement Costs: "high walls/hedges - deduct 50m - all troops unformed"', () => {
  it('50 m and a high wall is 100 m of move and leaves the line unformed; 55 m is too far', () => {
    const wall = { id: 'hw', kind: 'obstacle', name: 'Parkmauer', props: { height: 'high' }, polygon: line(320) };
    const r = apply(at([wall]), fwd(50));
    expect(ofType(r.events, 'UnitMoved')[0]).toMatchObject({ unit: 'pr', distanceM: 100 });
    expect(ofType(r.events, 'OrderLost')[0]).toMatchObject({ unit: 'pr', becomes: 'unformed' });
    expect(rejection(at([wall]), fwd(55))).toBe('illegal-move');
  });
});

describe('DoG Movement Costs: "entering buildings - deduct 25m - cav and arty NA"', () => {
  const house = { id: 'b', kind: 'building', name: 'Gutshof', polygon: box(1000, 340, 1400, 600) };
  it('75 m into a building is 100 m of move; 80 m is too far', () => {
    const r = apply(at([house]), fwd(75));
    expect(ofType(r.events, 'UnitMoved')[0]).toMatchObject({ unit: 'pr', distanceM: 100 });
    expect(rejection(at([house]), fwd(80))).toBe('illegal-move');
  });
  it('cavalry may not enter the building, though the same 75 m in the open is allowed', () => {
    const hussars: U[] = [{ id: 'hu', side: 'blue', arm: 'cavalry', type: 'hussar', x: 1200, y: 300 }];
    expect(rejection(at([], hussars), fwd(75, 'hu'))).toBe('accepted');
    expect(rejection(at([house], hussars), fwd(75, 'hu'))).toBe('illegal-move');
  });
});

describe('DoG Movement Costs: slopes ("gentle … deduct 25% … medium 50% … steep 75% … extreme steep 75%, unit unformed")', () => {
  it('gentle: 85 m whose last 45 m are up the slope cost 100 m; 90 m is too far', () => {
    const r = apply(at([hill('gentle')]), fwd(85));
    expect(ofType(r.events, 'UnitMoved')[0]).toMatchObject({ unit: 'pr', distanceM: 100 });
    expect(rejection(at([hill('gentle')]), fwd(90))).toBe('illegal-move');
  });
  it('medium: 70 m whose last 30 m are up the slope cost 100 m; 75 m is too far', () => {
    const r = apply(at([hill('medium')]), fwd(70));
    expect(ofType(r.events, 'UnitMoved')[0]).toMatchObject({ unit: 'pr', distanceM: 100 });
    expect(rejection(at([hill('medium')]), fwd(75))).toBe('illegal-move');
  });
  it('steep: 55 m whose last 15 m are up the slope cost 100 m, order kept; 60 m is too far', () => {
    const r = apply(at([hill('steep')]), fwd(55));
    expect(ofType(r.events, 'UnitMoved')[0]).toMatchObject({ unit: 'pr', distanceM: 100 });
    expect(ofType(r.events, 'OrderLost')).toHaveLength(0);
    expect(rejection(at([hill('steep')]), fwd(60))).toBe('illegal-move');
  });
  it('extreme: 55 m cost 100 m and leave the line unformed; 60 m is too far', () => {
    const r = apply(at([hill('extreme')]), fwd(55));
    expect(ofType(r.events, 'UnitMoved')[0]).toMatchObject({ unit: 'pr', distanceM: 100 });
    expect(ofType(r.events, 'OrderLost')[0]).toMatchObject({ unit: 'pr', becomes: 'unformed' });
    expect(rejection(at([hill('extreme')]), fwd(60))).toBe('illegal-move');
  });
});

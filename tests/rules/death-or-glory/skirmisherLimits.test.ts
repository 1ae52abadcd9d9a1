/**
 * DoG Skirmishers: "may only be deployed up to a maximum of 200m from their parent battalion,
 * regt or brigade. They may not be moved beyond 200m from their parent unit"; "may not approach
 * closer than 40m to a body of formed troops. If advanced upon by formed troops, they must
 * retreat leaving the 40m gap."
 */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, apply, rejection, unit, ofType, type St } from './build';
import { unitDistance } from '../../../src/geometry/measure';

const gap = (s: St, a: string, b: string) => unitDistance(unit(s, a)!.stands, unit(s, b)!.stands);

describe('DoG Skirmishers: Prussian Jäger in skirmish order ahead of their brigade\'s line, the French far off', () => {
  const s = advanceTo(battle([
    { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 500 },
    { id: 'jg', side: 'blue', type: 'musketeer', x: 1200, y: 600, formation: 'skirmish' },
    { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 1500 },
  ]), 'moveFirst');

  it('they may go on to 180 m from their line but not to 220 m', () => {
    const g = gap(s, 'jg', 'pr');
    expect(rejection(s, { type: 'moveUnit', side: 'blue', unit: 'jg', legs: [{ kind: 'forward', mm: Math.round(180 - g) }] })).toBe('accepted');
    expect(rejection(s, { type: 'moveUnit', side: 'blue', unit: 'jg', legs: [{ kind: 'forward', mm: Math.round(220 - g) }] })).toBe('skirmish-limit');
  });
});

describe('DoG Skirmishers: the Jäger 100 m or so from a formed French line', () => {
  const s = advanceTo(battle([
    { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 500 },
    { id: 'jg', side: 'blue', type: 'musketeer', x: 1200, y: 600, formation: 'skirmish' },
    { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 720 },
  ]), 'moveFirst');

  it('they may close to 50 m but not to 30 m', () => {
    const g = gap(s, 'jg', 'fr');
    expect(rejection(s, { type: 'moveUnit', side: 'blue', unit: 'jg', legs: [{ kind: 'forward', mm: Math.round(g - 30) }] })).toBe('skirmish-limit');
    expect(rejection(s, { type: 'moveUnit', side: 'blue', unit: 'jg', legs: [{ kind: 'forward', mm: Math.round(g - 50) }] })).toBe('accepted');
  });

  it('when the French line advances to 20 m of them, they fall back to leave the 40 m gap', () => {
    const m = advanceTo(s, 'moveSecond');
    const g = gap(m, 'jg', 'fr');
    expect(g - 20).toBeLessThanOrEqual(100);
    const r = apply(m, { type: 'moveUnit', side: 'red', unit: 'fr', legs: [{ kind: 'forward', mm: Math.round(g - 20) }] });
    expect(ofType(r.events, 'Retired')[0]).toMatchObject({ unit: 'jg', distanceM: 20 });
    expect(gap(r.state, 'jg', 'fr')).toBeCloseTo(40, 0);
  });
});

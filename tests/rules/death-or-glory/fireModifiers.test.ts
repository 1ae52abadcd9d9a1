/** DoG FIRE PHASE: Fire Modifiers ("-1 for every 3 consecutive moves of firing (cumulative)", "-1 small arms vs cuirassiers") and Infantry Fire's range averaged when not parallel. */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, withDice, apply, rolls, withUnitState, type St } from './build';

/** Fire with a fire die of 7; the 10% morale test's die (a 3) is scripted only when the volley kills enough to call for one. */
function fire(s: St, unit: string, target: string) {
  const cmd = { type: 'fire', side: 'blue', unit, target };
  try { return apply(withDice(s, [7, 3]), cmd); } catch { return apply(withDice(s, [7]), cmd); }
}

const labels = (r: { events: Parameters<typeof rolls>[0] }) => rolls(r.events)[0]!.modifiers.map((m) => [m.label, m.value]);

describe('DoG Fire Modifiers: a Prussian musketeer battalion firing for the third move running', () => {
  const s0 = advanceTo(battle([
    { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 700 },
    { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 750 },
  ]), 'fireFirst');

  // DoG Fire Modifiers: "-1 for every 3 consecutive moves of firing (cumulative)".
  it('the third consecutive move of firing takes -1', () => {
    const s = withUnitState(s0, 'pr', { firingTurns: 2, initialVolleyUsed: true });
    const r = fire(s, 'pr', 'fr');
    expect(labels(r)).toContainEqual(['for every 3 consecutive moves of firing (3 moves)', -1]);
  });
  it('the sixth consecutive move takes -2 (cumulative)', () => {
    const s = withUnitState(s0, 'pr', { firingTurns: 5, initialVolleyUsed: true });
    const r = fire(s, 'pr', 'fr');
    expect(labels(r)).toContainEqual(['for every 3 consecutive moves of firing (6 moves)', -2]);
  });
  it('the second consecutive move takes nothing', () => {
    const s = withUnitState(s0, 'pr', { firingTurns: 1, initialVolleyUsed: true });
    const r = fire(s, 'pr', 'fr');
    expect(labels(r).some(([l]) => String(l).includes('consecutive'))).toBe(false);
  });
});

describe('DoG Fire Modifiers: Prussian musketeers fire at French cuirassiers 50 m off', () => {
  // DoG Fire Modifiers: "-1 small arms vs cuirassiers".
  it('small arms vs cuirassiers takes -1', () => {
    const s = advanceTo(battle([
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 700 },
      { id: 'cu', side: 'red', arm: 'cavalry', type: 'cuirassier', x: 1200, y: 750 },
    ]), 'fireFirst');
    const r = fire(s, 'pr', 'cu');
    expect(labels(r)).toContainEqual(['small arms vs cuirassiers', -1]);
  });
  it('the same musketeers firing at French dragoons take no such modifier', () => {
    const s = advanceTo(battle([
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 700 },
      { id: 'dr', side: 'red', arm: 'cavalry', type: 'dragoon', x: 1200, y: 750 },
    ]), 'fireFirst');
    const r = fire(s, 'pr', 'dr');
    expect(labels(r).some(([l]) => String(l).includes('cuirassiers'))).toBe(false);
  });
});

describe('DoG Infantry Fire: the French line stands at an angle to the Prussian firers', () => {
  // DoG Infantry Fire: "In cases where units are not parallel to each other - measure range from the edges and centre of the
  // firing unit to the respective edges and centre of the target unit. Add the ranges together and divide by 3."
  it('the range is the mean of the edges\' and centre\'s ranges, not the nearest base to base', () => {
    const s = advanceTo(battle([
      { id: 'pr', side: 'blue', type: 'musketeer', x: 1200, y: 700 },
      { id: 'fr', side: 'red', type: 'fusilier', x: 1200, y: 800, facingDeg: -60 },
    ]), 'fireFirst');
    const r = fire(s, 'pr', 'fr');
    // Base to base (the near corner) would be 67 m; the mean of the edges' and centre's ranges is 91 m.
    expect(labels(r)).toContainEqual(['musket at 91 m', -2]);
  });
});

/** DoG FORMATION CHANGES, Refacing Battery: an unlimbered battery turns to a new front, paying the table's time. */
import { describe, expect, it } from 'vitest';
import { battle, advanceTo, apply, rejection, unit, withUnitState, type St } from './build';

const fresh = (s: St, id: string) => withUnitState(s, id, { moved: false, changedFormation: false, movedMm: 0 });

describe('DoG FORMATION CHANGES, Refacing Battery: "0-30 deg = 1/4, 30-60 = 1/2, 60-120 = 1"', () => {
  const s = advanceTo(battle([
    { id: 'bat', side: 'blue', arm: 'artillery', type: 'light', x: 1200, y: 700 },
    { id: 'fr', side: 'red', type: 'fusilier', x: 1600, y: 700, facingDeg: 180 },
  ]), 'moveFirst');

  it('a Prussian foot battery turns 90° to face the French on its flank: a whole turn, and then it may fire at them', () => {
    const f0 = advanceTo(s, 'fireFirst');
    expect(rejection(f0, { type: 'fire', side: 'blue', unit: 'bat', target: 'fr' })).toBe('cannot-fire');
    // Blue faces +y; the French lie to the east (+x): a turn of -90° (anticlockwise on screen).
    const r = apply(s, { type: 'refaceBattery', side: 'blue', unit: 'bat', deg: -90 });
    expect(r.events.find((e) => e.type === 'BatteryRefaced')).toMatchObject({ turns: 1 });
    expect(unit(r.state, 'bat')!.stands[0]!.facing).toBeCloseTo(0, 9);
    // It has used its turn: it does not fire this turn (a unit that moved does not fire).
    expect(rejection(advanceTo(r.state, 'fireFirst'), { type: 'fire', side: 'blue', unit: 'bat', target: 'fr' })).toBe('cannot-fire');
    expect(rejection(fresh(advanceTo(r.state, 'fireFirst'), 'bat'), { type: 'fire', side: 'blue', unit: 'bat', target: 'fr' })).toBe('accepted');
  });

  it('20° takes a quarter turn, 45° a half; more than 120° is refused; a limbered battery moves instead', () => {
    expect(apply(s, { type: 'refaceBattery', side: 'blue', unit: 'bat', deg: 20 }).events.find((e) => e.type === 'BatteryRefaced')).toMatchObject({ turns: 0.25 });
    expect(apply(s, { type: 'refaceBattery', side: 'blue', unit: 'bat', deg: -45 }).events.find((e) => e.type === 'BatteryRefaced')).toMatchObject({ turns: 0.5 });
    expect(rejection(s, { type: 'refaceBattery', side: 'blue', unit: 'bat', deg: 150 })).toBe('too-far');
    const lim = advanceTo(battle([{ id: 'bat', side: 'blue', arm: 'artillery', type: 'light', x: 1200, y: 700, formation: 'limbered' }, { id: 'fr', side: 'red', type: 'fusilier', x: 1600, y: 1300 }]), 'moveFirst');
    expect(rejection(lim, { type: 'refaceBattery', side: 'blue', unit: 'bat', deg: 20 })).toBe('not-battery');
  });
});

/**
 * Napoleonic Warfare: Fire §5 — fire at chargers and counterchargers, at units moving into contact, and "target is charging" only while the charges are made.
 */
import { describe, expect, it } from 'vitest';
import type { DiceRolled } from '../../../src/engine/dice';
import { findUnit } from '../../../src/engine/battle';
import { fireModifiers } from '../../../src/rules/napoleonic-warfare/fire';
import { nwu } from '../../../src/rules/napoleonic-warfare/core';
import { battle, draftWith, type UnitSpec, playStep, withOrders } from './harness';
import { doMove } from '../../../src/rules/napoleonic-warfare/commands';
import { inCombat } from '../../../src/rules/napoleonic-warfare/combat';

const purposes = (rolls: DiceRolled[]) => rolls.map((r) => r.purpose);

// A French line at the top facing down (front edge y 20"), an Austrian line facing up 4" below.
const FR_LINE: UnitSpec = { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 };

const AU_LINE: UnitSpec = { id: 'au1', side: 'au', x: 36, y: 24, facingDeg: -90 };

describe('When foot countercharge foot, or two foot units charge each other (NW Fire §5, Close Combat §1 "Fire Charger and countercharger fire")', () => {
  it('the countercharger fires at the range it starts from: no close/effective roll and no test A', () => {
    const s = withOrders(battle([FR_LINE, AU_LINE]), [
      { unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1' },
      { unitId: 'au1', side: 'au', order: 'advance', response: 'countercharge' },
    ]);
    const r = playStep(s, 'resolve-charges', [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const p = purposes(r.rolls);
    expect(p.filter((x) => / fire at /.test(x))).toEqual([expect.stringMatching(/^fr1 fire at au1 \(effective range, 4"\)/), expect.stringMatching(/^au1 fire at fr1 \(effective range, 4"\)/)]);
    expect(p.some((x) => x.includes('at what range'))).toBe(false);
    expect(p.some((x) => x.startsWith('Morale test (A)'))).toBe(false);
  });
  it('in a mutual charge both chargers fire', () => {
    const s = withOrders(battle([FR_LINE, AU_LINE]), [
      { unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1' },
      { unitId: 'au1', side: 'au', order: 'charge', target: 'fr1' },
    ]);
    const r = playStep(s, 'resolve-charges', [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(purposes(r.rolls).filter((x) => / fire at /.test(x)).map((x) => x.split(' (')[0])).toEqual(['fr1 fire at au1', 'au1 fire at fr1']);
  });
  it('a defender charged by two units takes one test A and fires once (each stand at the nearer charger)', () => {
    const s = withOrders(battle([{ ...FR_LINE, x: 33 }, { ...FR_LINE, id: 'fr2', x: 40 }, AU_LINE]), [
      { unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1' },
      { unitId: 'fr2', side: 'fr', order: 'charge', target: 'au1' },
    ]);
    const r = playStep(s, 'resolve-charges', [10, 9, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const p = purposes(r.rolls);
    expect(p.filter((x) => x.startsWith('Morale test (A) for au1'))).toEqual(['Morale test (A) for au1: charged by fr1 and fr2']);
    expect(p.filter((x) => x.includes('at what range'))).toHaveLength(1);
  });
});

describe('When a charger that fell short is shot at in the Fire Phase (NW Fire tables "Target is charging")', () => {
  const mods = (phase: string) => {
    const s = withOrders(battle([FR_LINE, AU_LINE]), [{ unitId: 'fr1', side: 'fr', order: 'charge', target: 'au1' }], phase);
    const { d } = draftWith(s, []);
    nwu(d, 'fr1').charging = true;
    const au1 = findUnit(d.battle, 'au1')!;
    return fireModifiers(d, au1, findUnit(d.battle, 'fr1')!, au1.stands[0]!).map((m) => m.label);
  };
  it('fire at the charger while it charges (Fire §5) counts "target is charging"', () => {
    expect(mods('charges')).toContain('target is charging');
  });
  it('in the Fire Phase the charge is over: no "target is charging"', () => {
    expect(mods('fire')).not.toContain('target is charging');
  });
});

describe('a unit that Advances into contact is fired at, at a range the d10 decides (NW Fire §5 "Charging or moving into contact with it"; Close Combat §1)', () => {
  // French line at (36", 20") facing down the table advances 6" into an Austrian line 4" away facing it.
  const advanceInto = (faces: number[], au: Partial<UnitSpec> = {}) => {
    const s = battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 24, facingDeg: -90, ...au },
    ]);
    const { d, events, rolls } = draftWith(s, faces);
    const r = doMove(d, findUnit(d.battle, 'fr1')!, 0, 6, false);
    expect(r).toBeUndefined();
    return { d, events, rolls };
  };
  const rangeRoll = (rolls: { rule?: string }[]) => rolls.find((r) => r.rule === 'NW Fire §5; Close Combat §1');

  it('a d10 at or above the shooter\'s unmodified To Pass: it fires at close range, the advancer loses figures, and the close combat still begins', () => {
    const { d, events, rolls } = advanceInto([10, 10, 10, 10, 10, 10]);
    expect(rangeRoll(rolls)).toBeDefined();
    expect(events.find((e) => e.type === 'FiredAtAdvancer')).toMatchObject({ unit: 'au1', at: 'fr1', band: 'close' });
    expect(events.find((e) => e.type === 'CasualtiesInflicted')).toMatchObject({ unit: 'fr1', rule: expect.stringMatching(/Fire/) });
    expect(inCombat(d, 'fr1')).toBe(true);
  });

  it('a d10 below it: effective range', () => {
    const { events } = advanceInto([1, 10, 10, 10, 10, 10]);
    expect(events.find((e) => e.type === 'FiredAtAdvancer')).toMatchObject({ band: 'effective' });
  });

  it('mounted troops advanced into do not fire (they have no fire at chargers either)', () => {
    const { events, rolls } = advanceInto([], { arm: 'cavalry', troopType: 'hussar' });
    expect(events.some((e) => e.type === 'FiredAtAdvancer')).toBe(false);
    expect(rangeRoll(rolls)).toBeUndefined();
  });
});

// NW Orders/Charge "Premeasurement is allowed": a player weighs a charge before ordering it. The
// outlook is NW Close Combat §5 with the dice at their means — the combat die by its expected
// winning margin (35/36), a foot charge's ½d6 as 2 — through the same score and casualty tables
// as the combat itself; it rolls nothing and changes nothing.
import { describe, expect, it } from 'vitest';
import { battle, draftWith } from './harness';
import { chargeOutlook } from '../../../src/rules/napoleonic-warfare/combat';

// A 3-stand 1st rate French line and a 4-stand 2nd rate Austrian line, front to front.
const facingLines = () =>
  battle([
    { id: 'fr1', side: 'fr', quality: 'line-1st', x: 36, y: 20, facingDeg: 90, stands: 3 },
    { id: 'au1', side: 'au', quality: 'line-2nd', x: 36, y: 24, facingDeg: -90 },
  ]);

describe('When a player weighs a French line charging an Austrian line (NW Close Combat §5)', () => {
  it('the first round in front: 3 stands × (grade 0 + die margin 35/36 + ½d6 charge 2) against 3 stands × the minimum score 1', () => {
    const { d, rolls, events } = draftWith(facingLines(), []);
    const before = JSON.stringify(d.rs);
    const o = chargeOutlook(d, d.battle.units.find((u) => u.id === 'fr1')!, d.battle.units.find((u) => u.id === 'au1')!, 'front');
    expect(o.inflicted).toBeCloseTo((3 * (0 + 35 / 36 + 2)) / 10, 6);
    // The Austrian score, grade (line-2nd) −1 + 35/36, is below 1 and counts as 1.
    expect(o.suffered).toBeCloseTo((3 * 1) / 10, 6);
    expect(rolls).toEqual([]);
    expect(events).toEqual([]);
    expect(JSON.stringify(d.rs)).toBe(before);
  });

  it('on the flank: the struck unit rolls no die and does not hit back, and the casualties are doubled', () => {
    const { d } = draftWith(facingLines(), []);
    const o = chargeOutlook(d, d.battle.units.find((u) => u.id === 'fr1')!, d.battle.units.find((u) => u.id === 'au1')!, 'left');
    expect(o.suffered).toBe(0);
    // One stand fights against the one-stand-deep flank: 1 × (0 + 35/36 + 2) × 2 ÷ 10.
    expect(o.inflicted).toBeCloseTo((1 * (35 / 36 + 2) * 2) / 10, 6);
  });
});

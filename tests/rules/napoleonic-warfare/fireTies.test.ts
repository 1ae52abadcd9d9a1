// NW Fire §29 Target Eligibility: "Each stand of firing troops must fire at the nearest enemy. Roll a die to settle ambiguous situations."
import { describe, expect, it } from 'vitest';
import { planShots, rollingTieSettler } from '../../../src/rules/napoleonic-warfare/fire';
import { battle, draftWith } from './harness';

// One French stand facing down the table; two Austrian single-stand units exactly 4" away, one each side of its line.
const tie = () =>
  battle([
    { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90, stands: 1 },
    { id: 'au1', side: 'au', x: 35, y: 24, facingDeg: -90, stands: 1 },
    { id: 'au2', side: 'au', x: 37, y: 24, facingDeg: -90, stands: 1 },
  ]);

describe('When a stand has two enemy units equally near (NW Fire §29: roll a die to settle ambiguous situations)', () => {
  it('a d6 of 5 sends the volley at the second (4-6), logged with the faces each target takes', () => {
    const { d, rolls, events } = draftWith(tie(), [5]);
    const shots = planShots(d, (u) => u.id === 'fr1', rollingTieSettler(d));
    expect(shots.map((s) => s.target.id)).toEqual(['au2']);
    expect(rolls).toHaveLength(1);
    expect(rolls[0]!.purpose).toContain('au1 1-3');
    expect(rolls[0]!.purpose).toContain('au2 4-6');
    expect(rolls[0]!.rule).toContain('NW Fire §29');
    expect(events.some((e) => e.type === 'NearestTargetSettled' && (e as { target?: string }).target === 'au2')).toBe(true);
  });
  it('a d6 of 2 sends it at the first', () => {
    const { d } = draftWith(tie(), [2]);
    expect(planShots(d, (u) => u.id === 'fr1', rollingTieSettler(d)).map((s) => s.target.id)).toEqual(['au1']);
  });
  it('no die is rolled when one target is nearer, even by a little (1" further off)', () => {
    const s = battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90, stands: 1 },
      { id: 'au1', side: 'au', x: 35, y: 25, facingDeg: -90, stands: 1 },
      { id: 'au2', side: 'au', x: 37, y: 24, facingDeg: -90, stands: 1 },
    ]);
    const { d, rolls } = draftWith(s, []);
    expect(planShots(d, (u) => u.id === 'fr1', rollingTieSettler(d)).map((x) => x.target.id)).toEqual(['au2']);
    expect(rolls).toHaveLength(0);
  });
});

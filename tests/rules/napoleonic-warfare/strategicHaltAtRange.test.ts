// NW §21 Strategic Movement: "Troops moving during the Strategic Movement Phase must halt as soon as
// they come to within Engagement Range of any visible enemy unit." The first moment is solved along
// the move (where the gap reaches Engagement Range, where the nearest stand centres change, where
// the sight line between them changes), not sampled, and not judged only at the end of the move.
import { describe, expect, it } from 'vitest';
import { erMm, firstWithinER, withinER } from '../../../src/rules/napoleonic-warfare/core';
import { standsAtDistance } from '../../../src/geometry/movement';
import { straight } from '../../../src/rules/napoleonic-warfare/moves';
import type { Unit } from '../../../src/engine/model';
import { battle, draftWith, IN } from './harness';

function passing(terrain: unknown[] = []) {
  const probe = draftWith(battle([{ id: 'fr1', side: 'fr', x: 10, y: 10, facingDeg: 0 }, { id: 'au1', side: 'au', x: 60, y: 40, facingDeg: -90 }]), []).d;
  const er = erMm(probe) / IN;
  // The Austrians stand beside the middle of the French march, Engagement Range + 1" off its line.
  const s = battle([{ id: 'fr1', side: 'fr', x: 10, y: 10, facingDeg: 0 }, { id: 'au1', side: 'au', x: 25, y: 10 + er + 1, facingDeg: -90 }], { terrain });
  const { d } = draftWith(s, []);
  const fr1 = d.battle.units.find((u) => u.id === 'fr1')!;
  const at = (x: number): Unit => ({ ...fr1, stands: standsAtDistance(fr1.stands, straight(0, 30 * IN), x) });
  return { d, fr1, at };
}

describe('When a column marches past an enemy in the Strategic Movement Phase (NW §21)', () => {
  it('it halts the first moment it is within Engagement Range, though it would be out of range again at the end', () => {
    const { d, fr1, at } = passing();
    expect(withinER(d, at(0))).toBe(false);
    expect(withinER(d, at(30 * IN))).toBe(false);
    const x = firstWithinER(d, fr1, 0, 30 * IN)!;
    expect(x).toBeGreaterThan(0);
    expect(withinER(d, at(x))).toBe(true);
    expect(withinER(d, at(x - Math.max(x, 1) * 4 * Number.EPSILON))).toBe(false);
    // No earlier place along the march is within range (a brute-force walk every 0.5 mm).
    for (let y = 0; y < x; y += 0.5) expect(withinER(d, at(y))).toBe(false);
  });

  it('an enemy it cannot see (behind a building the whole way) does not halt it', () => {
    const { fr1 } = passing();
    const c = fr1.stands[0]!.centre;
    const er = erMm(passing().d);
    // A long opaque building between the line of march and the Austrians.
    const wall = { id: 'wall', kind: 'building', name: 'Wall', polygon: [[c.x - 200, c.y + er / 2], [c.x + 30 * IN + 200, c.y + er / 2], [c.x + 30 * IN + 200, c.y + er / 2 + 10], [c.x - 200, c.y + er / 2 + 10]], props: { blocksSight: true } };
    const hidden = passing([wall]);
    expect(firstWithinER(hidden.d, hidden.fr1, 0, 30 * IN)).toBeUndefined();
  });
});

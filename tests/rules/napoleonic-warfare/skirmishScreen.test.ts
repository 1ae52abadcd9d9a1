/**
 * Napoleonic Warfare: §26 Skirmish Formation — a battalion throws out a skirmish screen.
 */
import { describe, expect, it } from 'vitest';
import { battle, draftWith, IN } from './harness';
import { planShots, resolveVolley } from '../../../src/rules/napoleonic-warfare/fire';
import { throwOutScreen } from '../../../src/rules/napoleonic-warfare/formations';
import { commandStand, frontRank } from '../../../src/rules/napoleonic-warfare/geom';
import { findUnit, updateUnit } from '../../../src/engine/battle';

describe('When a battalion throws out a skirmish screen (NW §26 Skirmish Formation; Orders/Deploy)', () => {
  it('one stand goes one base depth ahead, becomes the nearest target and is shot at as skirmish foot (+2)', () => {
    const s = battle([
      { id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 },
      { id: 'au1', side: 'au', x: 36, y: 27, facingDeg: -90 },
    ]);
    const { d, rolls } = draftWith(s, [9, 9, 9, 9]);
    const u = findUnit(d.battle, 'fr1')!;
    const screened = throwOutScreen(u, 1);
    d.battle = updateUnit(d.battle, 'fr1', () => screened);
    const screen = screened.stands.filter((x) => x.role === 'skirmisher');
    expect(screen).toHaveLength(1);
    expect(commandStand(screened).centre).toEqual(commandStand(u).centre);
    // Body front edge at y = 20" (the unit's anchor); the screen's rear edge one base depth beyond it: centre at 21.5".
    expect(screen[0]!.centre.y).toBeCloseTo(21.5 * IN, 3);
    expect(frontRank(screened).map((x) => x.id)).toEqual([screen[0]!.id]);
    const shot = planShots(d, (x) => x.id === 'au1')[0]!;
    expect(shot.atScreen).toBe(true);
    resolveVolley(d, shot);
    expect(rolls[0]!.modifiers.map((m) => [m.label, m.value])).toContainEqual(['target skirmish foot or unlimbered artillery', 2]);
  });
});

// NW Close Combat §5 Resolving a Close Combat: stands fighting × combat score ÷ 10 casualties,
// the fraction rolled on a bare d10 ("2.4 casualties gives you a third casualty if you roll 1-4
// on a d10"). The roll's log entry says what the game does: the die, the tenths as its target,
// and the casualties actually inflicted; the score's factors go with the score.
import { describe, expect, it } from 'vitest';
import { battle, draftWith } from './harness';
import { startCombat } from '../../../src/rules/napoleonic-warfare/charges';
import { resolveCombat } from '../../../src/rules/napoleonic-warfare/combat';
import { describeNwEvent } from '../../../src/rules/napoleonic-warfare/logText';

// A 3-stand 1st rate French line against a 4-stand 2nd rate Austrian line, front to front.
const facingLines = () =>
  battle([
    { id: 'fr1', side: 'fr', quality: 'line-1st', x: 36, y: 20, facingDeg: 90, stands: 3 },
    { id: 'au1', side: 'au', quality: 'line-2nd', x: 36, y: 24, facingDeg: -90 },
  ]);

/** One round with the combat dice French 6, Austrian 1, then the two fraction d10s. */
function fight(frFraction: number, auFraction: number) {
  const { d, rolls, events } = draftWith(facingLines(), [6, 1, frFraction, auFraction]);
  startCombat(d, 'fr1', 'au1', { charged: false, pursuing: false });
  resolveCombat(d, d.rs.combats[0]!, new Map());
  const fraction = (by: string) => rolls.find((r) => r.purpose.startsWith(`${by} on `) && r.purpose.endsWith('the fraction'))!;
  const inflicted = (on: string) => events.find((e) => e.type === 'CasualtiesInflicted' && e['unit'] === on)?.['casualties'];
  const resolved = events.find((e) => e.type === 'CloseCombatResolved')!;
  return { fraction, inflicted, resolved, events };
}

describe('When the fraction of close-combat casualties is rolled (NW Close Combat §5)', () => {
  it('a bare 2 against 1.5 casualties is a second casualty, and the roll says so', () => {
    // French score: grade (line-1st) 0 + won the combat die 6 v 1 +5 = 5; 3 stands × 5 = 1.5.
    // Read with the score's factors as roll modifiers this 2 was a 7, "fail, 1 casualties".
    const { fraction, inflicted, resolved } = fight(2, 9);
    const r = fraction('fr1');
    expect(r.purpose).toBe('fr1 on au1: 3 stands × score 5 = 1.5 casualties — the fraction');
    expect(r.faces).toEqual([2]);
    expect(r.target).toMatchObject({ value: 5, pass: 'atMost', modifiedValue: 5 });
    expect(r.passed).toBe(true);
    expect(r.outcome).toBe('2 casualties');
    expect(r.modifiers).toEqual([]);
    expect(r.modified).toBe(2);
    expect(resolved['bLost']).toBe(2);
    expect(inflicted('au1')).toBe(2);
  });

  it('a bare 6 against 1.5 is no extra casualty, and the roll says so', () => {
    const { fraction, inflicted } = fight(6, 9);
    const r = fraction('fr1');
    expect(r.passed).toBe(false);
    expect(r.outcome).toBe('1 casualties');
    expect(inflicted('au1')).toBe(1);
  });

  it('a score below 1 counts as 1 (always 10% a fighting stand), and the roll names the score it used', () => {
    // Austrian score: grade (line-2nd) −1, lost the combat die → −1, counted as 1; 3 stands
    // fighting (those in contact with the 3 French) × 1 = 0.3.
    const { fraction, inflicted } = fight(9, 3);
    const r = fraction('au1');
    expect(r.purpose).toBe('au1 on fr1: 3 stands × score -1 (counts as 1) = 0.3 casualties — the fraction');
    expect(r.target).toMatchObject({ value: 3, pass: 'atMost' });
    expect(r.passed).toBe(true);
    expect(r.outcome).toBe('1 casualties');
    expect(inflicted('fr1')).toBe(1);
  });

  it('the score\'s factors are logged with the close-combat result', () => {
    const { resolved, events } = fight(2, 9);
    const line = describeNwEvent(resolved, { piece: (id) => id, side: (id) => id }, events.slice(0, events.indexOf(resolved)));
    expect(line).toContain('score die 6; grade (line-1st) +0, won the combat die 6 v 1 +5 = 5');
    expect(line).toContain('score die 1; grade (line-2nd) −1 = -1');
  });
});

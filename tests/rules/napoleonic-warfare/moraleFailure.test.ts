/**
 * Napoleonic Warfare: Morale §19 Morale Failure — the "If Charging" column only while the charges are made.
 */
import { describe, expect, it } from 'vitest';
import type { NwGameState } from '../../../src/rules/napoleonic-warfare/types';
import { battle, draftWith } from './harness';
import { runPendingTests } from '../../../src/rules/napoleonic-warfare/morale';
import { failureOutcome } from '../../../src/rules/napoleonic-warfare/tables/morale';

describe('§19 "If Charging" applies only while the charges are made (NW Morale §19 Morale Failure; §20)', () => {
  // A French line flagged as having charged this turn loses a stand (test C); d10 = 1 fails it.
  // `faces`: the test C die, and the retreat 3"+1d6 where the failure sends the line back.
  const testIn = (phase: string, faces: number[]) => {
    const s0 = battle([{ id: 'fr1', side: 'fr', x: 36, y: 20, facingDeg: 90 }, { id: 'au1', side: 'au', x: 10, y: 46, facingDeg: -90 }]);
    const s = { ...s0, position: { ...s0.position, phase } } as NwGameState;
    const { d, events } = draftWith(s, faces);
    d.rs.units['fr1']!.charging = true;
    d.pendingTests.push({ unitId: 'fr1', trigger: 'C', detail: 'stand lost' });
    runPendingTests(d);
    return events.find((e) => e.type === 'MoraleFailed')!;
  };

  it('in the Charge Declaration Phase a charger fails on the charging column', () => {
    const e = testIn('charges', [1]);
    expect(e['charging']).toBe(true);
    expect(e['result']).toEqual(failureOutcome(true, e['failedBy'] as number));
  });

  it('later in the turn (the Fire Phase) the same unit fails on the "Otherwise" column', () => {
    const e = testIn('fire', [1, 3]);
    expect(e['charging']).toBe(false);
    expect(e['result']).toEqual(failureOutcome(false, e['failedBy'] as number));
  });
});

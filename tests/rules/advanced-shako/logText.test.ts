/** Advanced Shako's events in the log's words (describeShEvent), read from events the rules emit. */
import { describe, expect, it } from 'vitest';
import { describeShEvent } from '../../../src/rules/advanced-shako/logText';
import { battle, apply } from './build';

const names = { piece: (id: string) => ({ b1: '1/52nd Foot', rc: 'Cuirassiers' })[id] ?? id, side: (id: string) => id };

describe('the log says what a charge and a hasty square did', () => {
  it('a charge, the hasty square roll failed (AS 8.2 rule change), in sentences', () => {
    const s = battle([
      { id: 'b1', side: 'blue', type: 'line-infantry', x: 900, y: 500 },
      { id: 'rc', side: 'red', type: 'heavy-cavalry', x: 900, y: 700, n: 3 },
    ], { setupDice: [2, 5] });
    const r = apply(s, { type: 'charge', side: 'red', unit: 'rc', target: 'b1' }, [5]);
    const lines = r.events.map((e) => describeShEvent(e, names)).filter((x): x is string => !!x);
    expect(lines).toContain('Cuirassiers charges 1/52nd Foot (7.9").');
    expect(lines).toContain('1/52nd Foot fails to form square: it keeps its formation, fights with its DisMR and may not fire.');
  });
  it('kills, staggers and breaking', () => {
    expect(describeShEvent({ type: 'Killed', unit: 'b1', kills: 2, cause: 'canister', rule: 'x' } as never, names)).toBe('1/52nd Foot suffers a kill (canister): 2 kills.');
    expect(describeShEvent({ type: 'Staggered', unit: 'b1', cause: 'a volley', rule: 'x' } as never, names)).toBe('1/52nd Foot is Staggered (a volley).');
    expect(describeShEvent({ type: 'UnitBroken', unit: 'b1', name: '1/52nd Foot', why: '4 kills reach its MR of 4', rule: 'x' } as never, names)).toBe('1/52nd Foot is Broken and removed: 4 kills reach its MR of 4.');
  });
});

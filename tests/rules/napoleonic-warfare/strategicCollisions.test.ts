// NW Sequence §2 / §21 and "A Note on Simultaneous Movement": "Move the units proportionately
// (pro-rata) to see whether and where they make contact with each other … moving them until they
// have all moved their full distance, or collided." Strategic moves are judged slice by slice; a
// mover that would run into another unit moving at the same time halts where it meets it.
// (No dice are rolled: open ground, no terrain.)
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../src/engine/ruleset';
import type { AnyEvent } from '../../../src/engine/command';
import type { NwGameState } from '../../../src/rules/napoleonic-warfare/types';
import { unitsOverlap } from '../../../src/geometry/units';
import { battle, runCommands, IN, type UnitSpec } from './harness';

const run = runCommands;

const endBoth = [{ type: 'endStep', side: 'fr' }, { type: 'endStep', side: 'au' }];
const resolvedOf = (events: readonly AnyEvent[]) =>
  Object.fromEntries((events.filter((e) => e.type === 'StrategicMoveResolved') as (GameEvent & Record<string, unknown>)[]).map((e) => [e['unit'] as string, e]));
const unit = (s: NwGameState, id: string) => s.battle.units.find((x) => x.id === id)!;
/** Extreme stand edges of a unit, in inches. */
const edges = (s: NwGameState, id: string) => {
  const xs: number[] = [], ys: number[] = [];
  for (const st of unit(s, id).stands) {
    const hx = Math.abs(Math.cos(st.facing)) * st.depthMm / 2 + Math.abs(Math.sin(st.facing)) * st.widthMm / 2;
    const hy = Math.abs(Math.sin(st.facing)) * st.depthMm / 2 + Math.abs(Math.cos(st.facing)) * st.widthMm / 2;
    xs.push((st.centre.x - hx) / IN, (st.centre.x + hx) / IN);
    ys.push((st.centre.y - hy) / IN, (st.centre.y + hy) / IN);
  }
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
};

/** Two French columns (2 stands wide, 2 deep) and an Austrian unit far away (beyond Engagement Range). */
function crossing(bFrontY: number): NwGameState {
  const units: UnitSpec[] = [
    // fr-a marches right (east): front edge x=20", body x 18"-20", y 19"-21".
    { id: 'fr-a', side: 'fr', formation: 'column', ranks: 2, stands: 4, x: 20, y: 20, facingDeg: 0 },
    // fr-b marches down the table (south) across fr-a's path: body x 25"-27".
    { id: 'fr-b', side: 'fr', formation: 'column', ranks: 2, stands: 4, x: 26, y: bFrontY, facingDeg: 90 },
    { id: 'au1', side: 'au', x: 66, y: 46, facingDeg: -90 },
  ];
  const { s } = run(battle(units), endBoth);
  expect(s.position.step).toBe('strategic-move');
  return s;
}

const plans = [
  { type: 'moveUnit', side: 'fr', unitId: 'fr-a', wheelDeg: 0, distanceIn: 8 },
  { type: 'moveUnit', side: 'fr', unitId: 'fr-b', wheelDeg: 0, distanceIn: 8 },
];

describe('When two friendly columns march across each other\'s paths in the Strategic Movement Phase (NW §2; A Note on Simultaneous Movement)', () => {
  it('the start positions are as drawn', () => {
    const s = crossing(12);
    expect(edges(s, 'fr-a')).toMatchObject({ minX: expect.closeTo(18, 5), maxX: expect.closeTo(20, 5), minY: expect.closeTo(19, 5), maxY: expect.closeTo(21, 5) });
    expect(edges(s, 'fr-b')).toMatchObject({ minX: expect.closeTo(25, 5), maxX: expect.closeTo(27, 5), minY: expect.closeTo(10, 5), maxY: expect.closeTo(12, 5) });
  });

  it('the column that reaches the crossing second runs into the first one\'s flank and halts there; the first marches on', () => {
    // fr-a's front reaches x=25" at 5/8 of its move; fr-b's front reaches fr-a's flank (y=19") at 7/8.
    const { s, events } = run(crossing(12), [...plans, ...endBoth]);
    const r = resolvedOf(events);
    expect(r['fr-a']).toMatchObject({ halted: 'completed' });
    expect(r['fr-b']).toMatchObject({ halted: 'collision', haltedBy: 'fr-a', haltedByName: 'fr-a' });
    expect(r['fr-b']!['atFraction']).toBeCloseTo(7 / 8, 2);
    expect(r['fr-b']!['rule']).toMatch(/or collided/);
    expect(edges(s, 'fr-a').maxX).toBeCloseTo(28, 3);
    expect(edges(s, 'fr-b').maxY).toBeCloseTo(19, 1);
    expect(unitsOverlap(unit(s, 'fr-a').stands, unit(s, 'fr-b').stands)).toBe(false);
    // Neither burst through the other (NW §24 interpenetration would disorder both).
    expect(s.ruleset.units['fr-a']!.morale).toBe('good');
    expect(s.ruleset.units['fr-b']!.morale).toBe('good');
  });

  it('judged one at a time (without the pro-rata collision) fr-b would have met fr-a where it ended and burst through it; pro rata it stops short of fr-a\'s final place', () => {
    const { s } = run(crossing(12), [...plans, ...endBoth]);
    // fr-a ends at x 26"-28", y 19"-21": squarely across fr-b's path. fr-b stops above it, before y=19".
    expect(edges(s, 'fr-b').maxY).toBeLessThan(19 + 0.01);
    expect(edges(s, 'fr-a').minY).toBeGreaterThan(19 - 0.01);
  });

  it('when both reach the crossing at the same moment (corner to corner), both halt there', () => {
    // fr-b starts 2" further forward: both fronts reach the crossing at 5/8.
    const { s, events } = run(crossing(14), [...plans, ...endBoth]);
    const r = resolvedOf(events);
    expect(r['fr-a']).toMatchObject({ halted: 'collision', haltedBy: 'fr-b' });
    expect(r['fr-b']).toMatchObject({ halted: 'collision', haltedBy: 'fr-a' });
    expect(r['fr-a']!['atFraction']).toBeCloseTo(5 / 8, 2);
    expect(r['fr-b']!['atFraction']).toBeCloseTo(5 / 8, 2);
    expect(unitsOverlap(unit(s, 'fr-a').stands, unit(s, 'fr-b').stands)).toBe(false);
  });

  it('a column whose path crosses no other mover completes its move', () => {
    const { events } = run(crossing(12), [plans[0]!, ...endBoth]);
    expect(resolvedOf(events)['fr-a']).toMatchObject({ halted: 'completed' });
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { groundHeld } from '../../src/engine/ground';
import type { Battle } from '../../src/engine/state';

/** A battle with only what groundHeld reads: the table and each unit's side and stand centres. */
function battle(widthMm: number, depthMm: number, units: { side: string; at: [number, number][] }[]): Battle {
  return {
    table: { widthMm, depthMm },
    units: units.map((u, i) => ({ id: `u${i}`, side: u.side, stands: u.at.map(([x, y], k) => ({ id: `u${i}s${k}`, centre: { x, y } })) })),
  } as unknown as Battle;
}

/** The definition, written the plainest way: a 24 × 16 grid of cell centres, each to the nearer army (a tie counts half). */
function reference(b: Battle, side: string): number {
  const own = b.units.filter((u) => u.side === side).flatMap((u) => u.stands.map((s) => s.centre));
  const other = b.units.filter((u) => u.side !== side).flatMap((u) => u.stands.map((s) => s.centre));
  if (own.length === 0 || other.length === 0) return own.length === 0 && other.length > 0 ? 0 : other.length === 0 && own.length > 0 ? 1 : 0.5;
  const near = (ps: { x: number; y: number }[], x: number, y: number) => ps.reduce((m, p) => Math.min(m, (p.x - x) * (p.x - x) + (p.y - y) * (p.y - y)), Infinity);
  let mine = 0;
  for (let i = 0; i < 24; i++)
    for (let j = 0; j < 16; j++) {
      const x = ((i + 0.5) / 24) * b.table.widthMm, y = ((j + 0.5) / 16) * b.table.depthMm;
      const a = near(own, x, y), c = near(other, x, y);
      mine += a < c ? 1 : a === c ? 0.5 : 0;
    }
  return mine / 384;
}

describe('Ground held: the share of the table nearer one army', () => {
  it('splits a table evenly between two stands placed symmetrically', () => {
    const b = battle(1800, 1200, [{ side: 'a', at: [[450, 600]] }, { side: 'b', at: [[1350, 600]] }]);
    expect(groundHeld(b, 'a')).toBe(0.5);
    expect(groundHeld(b, 'b')).toBe(0.5);
  });

  it('gives the whole table to the only army on it, and an even split to an empty table', () => {
    const b = battle(1800, 1200, [{ side: 'a', at: [[100, 100]] }]);
    expect(groundHeld(b, 'a')).toBe(1);
    expect(groundHeld(b, 'b')).toBe(0);
    expect(groundHeld(battle(1800, 1200, []), 'a')).toBe(0.5);
  });

  it('splits the table along the diagonal between stands in opposite corners', () => {
    const b = battle(2400, 1600, [{ side: 'a', at: [[0, 0]] }, { side: 'b', at: [[2400, 1600]] }]);
    expect(groundHeld(b, 'a') + groundHeld(b, 'b')).toBe(1);
    expect(groundHeld(b, 'a')).toBe(0.5);
  });

  it('agrees with the plain definition on any armies, ties included', () => {
    const at = fc.tuple(fc.integer({ min: 0, max: 24 }).map((i) => i * 50), fc.integer({ min: 0, max: 16 }).map((j) => j * 50));
    fc.assert(
      fc.property(fc.array(fc.record({ side: fc.constantFrom('a', 'b'), at: fc.array(at, { maxLength: 6 }) }), { maxLength: 8 }), (units) => {
        const b = battle(1200, 800, units);
        expect(groundHeld(b, 'a')).toBe(reference(b, 'a'));
        expect(groundHeld(b, 'b')).toBe(reference(b, 'b'));
      }),
      { numRuns: 200 },
    );
  });

  it('agrees with the plain definition on armies anywhere, off the table included', () => {
    const coord = fc.double({ min: -300, max: 1500, noNaN: true });
    fc.assert(
      fc.property(fc.array(fc.record({ side: fc.constantFrom('a', 'b'), at: fc.array(fc.tuple(coord, coord), { maxLength: 12 }) }), { maxLength: 10 }), (units) => {
        const b = battle(1200, 800, units);
        expect(groundHeld(b, 'a')).toBe(reference(b, 'a'));
      }),
      { numRuns: 300 },
    );
  });
});

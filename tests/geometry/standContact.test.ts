/**
 * Stands in contact (SYW (6) Melee p.13-14: stands in contact fight, friends beside them overlap;
 * the battalion set's engaged stands): the kernel's `standsInContact` is the contact tolerance on
 * the nearest-point distance of the two bases, whatever shortcut it takes for bases far apart.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Stand } from '../../src/engine/model';
import { standDistance } from '../../src/geometry/measure';
import { isContactGap, standsInContact } from '../../src/geometry/units';

const stand = (id: string) =>
  fc.record({
    x: fc.double({ min: -200, max: 200, noNaN: true }),
    y: fc.double({ min: -200, max: 200, noNaN: true }),
    facing: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
    w: fc.double({ min: 10, max: 120, noNaN: true }),
    d: fc.double({ min: 10, max: 80, noNaN: true }),
  }).map((r): Stand => ({ id, centre: { x: r.x, y: r.y }, facing: r.facing, widthMm: r.w, depthMm: r.d }) as Stand);

describe('Stand contact (SYW (6) Melee, battalion assaults): two stands are in contact when their bases are within the contact tolerance', () => {
  it('agrees with the nearest-point distance for bases anywhere, near or far', () => {
    fc.assert(fc.property(stand('a'), stand('b'), (a, b) => {
      expect(standsInContact(a, b)).toBe(isContactGap(standDistance(a, b)));
    }), { numRuns: 3000 });
  });

  it('agrees for bases set edge to edge, at the tolerance and just beyond it', () => {
    fc.assert(fc.property(stand('a'), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), fc.double({ min: 0, max: 4, noNaN: true }), (a, turn, gap) => {
      // b faces the same way, side by side with a at `gap` mm, or turned anywhere about that place.
      const b: Stand = { ...a, id: 'b', centre: { x: a.centre.x + Math.cos(a.facing) * 0 + Math.sin(a.facing) * (a.widthMm + gap), y: a.centre.y - Math.cos(a.facing) * (a.widthMm + gap) }, facing: a.facing + (gap < 2 ? 0 : turn) } as Stand;
      expect(standsInContact(a, b)).toBe(isContactGap(standDistance(a, b)));
    }), { numRuns: 3000 });
  });
});

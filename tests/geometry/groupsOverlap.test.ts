// footprintGroupsOverlap: unit-against-unit overlap of stand footprints (touching is not overlap).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { footprintGroupsOverlap, convexOverlap } from '../../src/geometry/overlap';
import { standCorners } from '../../src/geometry/footprint';
import { stand, line } from './helpers';

describe('footprintGroupsOverlap', () => {
  it.each([
    // [label, a, b, expected]
    ['two lines base to base (front edge on front edge) touch, not overlap', line(3, 500, 500, 0), line(3, 500, 500, Math.PI), false],
    ['a line pushed 1 mm into another overlaps', line(3, 500, 500, 0), line(3, 499, 500, Math.PI), true],
    ['side by side, flank edge on flank edge', [stand(100, 100)], [stand(100, 140)], false],
    ['side by side, 0.5 mm into each other', [stand(100, 100)], [stand(100, 139.5)], true],
    ['far apart', line(4, 100, 100), line(4, 900, 900), false],
    ['rotated 45° onto a corner overlaps', [stand(100, 100)], [stand(125, 105, Math.PI / 4)], true],
    ['empty group never overlaps', [], line(2), false],
  ] as const)('%s', (_label, a, b, want) => {
    expect(footprintGroupsOverlap(a, b)).toBe(want);
    expect(footprintGroupsOverlap(b, a)).toBe(want);
  });

  it('a separation within epsMm is not overlap; deeper is', () => {
    expect(footprintGroupsOverlap([stand(100, 100)], [stand(100, 139.995)], 0.01)).toBe(false);
    expect(footprintGroupsOverlap([stand(100, 100)], [stand(100, 139.98)], 0.01)).toBe(true);
  });

  it('agrees with the pairwise separating-axis test (property)', () => {
    const st = fc.record({ x: fc.integer({ min: 0, max: 200 }), y: fc.integer({ min: 0, max: 200 }), f: fc.integer({ min: 0, max: 7 }) });
    fc.assert(
      fc.property(fc.array(st, { maxLength: 4 }), fc.array(st, { maxLength: 4 }), (as, bs) => {
        const A = as.map((s) => stand(s.x, s.y, (s.f * Math.PI) / 4));
        const B = bs.map((s) => stand(s.x, s.y, (s.f * Math.PI) / 4));
        const brute = A.some((p) => B.some((q) => convexOverlap(standCorners(p), standCorners(q), 0.01)));
        expect(footprintGroupsOverlap(A, B)).toBe(brute);
      }),
    );
  });
});

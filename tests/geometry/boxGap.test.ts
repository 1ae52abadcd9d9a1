import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { boxGap, type Box } from '../../src/geometry/vec';

const box = (minX: number, minY: number, maxX: number, maxY: number): Box => ({ minX, minY, maxX, maxY });

describe('The gap between two boxes', () => {
  it.each([
    ['overlapping', box(0, 0, 10, 10), box(5, 5, 20, 20), 0],
    ['touching along an edge', box(0, 0, 10, 10), box(10, 0, 20, 10), 0],
    ['side by side, 5 mm apart', box(0, 0, 10, 10), box(15, 2, 20, 8), 5],
    ['one above the other, 7 mm apart', box(0, 0, 10, 10), box(3, 17, 6, 30), 7],
    ['corner to corner, a 3-4-5 triangle', box(0, 0, 10, 10), box(13, 14, 20, 20), 5],
  ])('%s', (_what, a, b, gap) => {
    expect(boxGap(a, b)).toBe(gap);
    expect(boxGap(b, a)).toBe(gap);
  });

  it('is never more than the distance between any point of one and any point of the other', () => {
    const pt = fc.tuple(fc.double({ min: -1000, max: 1000, noNaN: true }), fc.double({ min: -1000, max: 1000, noNaN: true }));
    fc.assert(
      fc.property(pt, pt, pt, pt, ([ax, ay], [bx, by], [cx, cy], [dx, dy]) => {
        const a = box(Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by));
        const b = box(Math.min(cx, dx), Math.min(cy, dy), Math.max(cx, dx), Math.max(cy, dy));
        expect(boxGap(a, b)).toBeLessThanOrEqual(Math.hypot(ax - cx, ay - cy) + 1e-9);
        expect(boxGap(a, b)).toBeLessThanOrEqual(Math.hypot(bx - dx, by - dy) + 1e-9);
      }),
    );
  });
});

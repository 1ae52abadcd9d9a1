import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { flatPolygon, quadPolygonRelation, quadPolygonRelationFlat, segmentPolygonSpan, terrainUnderCentres } from '../../src/geometry/terrain';
import { standCorners } from '../../src/geometry/footprint';
import { pt } from '../../src/geometry/types';
import { stand } from './helpers';

const star = [pt(0, -50), pt(15, -15), pt(50, 0), pt(15, 15), pt(0, 50), pt(-15, 15), pt(-50, 0), pt(-15, -15)];

describe('stand against terrain polygon', () => {
  it.each([
    ['far away', stand(200, 0), 0],
    ['wholly inside a big square', stand(0, 0, 0, 10, 10), 2],
    ['straddling a point of the star', stand(45, 0, 0, 10, 10), 1],
    ['a thin strip crossing the stand with no vertex inside either', stand(0, 0, 0, 40, 20), 1],
  ] as const)('%s', (name, s, want) => {
    const poly = name.startsWith('wholly') ? [pt(-100, -100), pt(100, -100), pt(100, 100), pt(-100, 100)]
      : name.startsWith('a thin') ? [pt(-2, -100), pt(2, -100), pt(2, 100), pt(-2, 100)] : star;
    expect(quadPolygonRelation(standCorners(s), poly)).toBe(want);
  });

  it('the flat fast version agrees with the plain one (property)', () => {
    const flat = flatPolygon(star);
    fc.assert(fc.property(
      fc.double({ min: -80, max: 80, noNaN: true }), fc.double({ min: -80, max: 80, noNaN: true }), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
      (x, y, f) => {
        const c = standCorners(stand(x, y, f, 20, 10));
        const q = c.flatMap((p) => [p.x, p.y]);
        return quadPolygonRelationFlat(q, 0, 0, flat) === quadPolygonRelation(c, star);
      },
    ), { numRuns: 500 });
  });
});

describe('terrain under a body of stands (terrainUnderCentres)', () => {
  const wood = { id: 'wood', polygon: [pt(0, 0), pt(100, 0), pt(100, 100), pt(0, 100)] };
  const hill = { id: 'hill', polygon: [pt(200, 0), pt(300, 0), pt(300, 100), pt(200, 100)] };
  const line = { id: 'line', polygon: [pt(0, 0), pt(300, 100)] };
  it('holds a piece when the centre of any stand lies in it, never a piece of fewer than three points', () => {
    expect(terrainUnderCentres([wood, hill, line], [{ centre: pt(50, 50) }]).map((t) => t.id)).toEqual(['wood']);
    expect(terrainUnderCentres([wood, hill, line], [{ centre: pt(50, 50) }, { centre: pt(250, 20) }]).map((t) => t.id)).toEqual(['wood', 'hill']);
    expect(terrainUnderCentres([wood, hill, line], [{ centre: pt(150, 50) }])).toEqual([]);
  });
});

describe('segmentPolygonSpan: where a line crosses a polygon (a hedge across a line of fire)', () => {
  // A hedge 4 mm thick running north-south at x = 100..104, y = 0..200.
  const hedge = [pt(100, 0), pt(104, 0), pt(104, 200), pt(100, 200)];
  it('a line from (0, 100) to (200, 100) enters at t = 0.5 and leaves at t = 0.52', () => {
    const s = segmentPolygonSpan(pt(0, 100), pt(200, 100), hedge)!;
    expect(s.firstT).toBeCloseTo(0.5, 12);
    expect(s.lastT).toBeCloseTo(0.52, 12);
  });
  it('a line that passes beside it never enters', () => {
    expect(segmentPolygonSpan(pt(0, 300), pt(200, 300), hedge)).toBeUndefined();
  });
  it('a line that starts inside enters at 0; one that ends inside leaves at 1', () => {
    expect(segmentPolygonSpan(pt(102, 100), pt(200, 100), hedge)!.firstT).toBe(0);
    expect(segmentPolygonSpan(pt(0, 100), pt(102, 100), hedge)!.lastT).toBe(1);
  });
  it('a line wholly inside is the whole span', () => {
    expect(segmentPolygonSpan(pt(101, 10), pt(103, 190), hedge)).toEqual({ firstT: 0, lastT: 1 });
  });
});

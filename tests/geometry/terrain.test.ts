import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { flatPolygon, quadPolygonRelation, quadPolygonRelationFlat, terrainUnderCentres } from '../../src/geometry/terrain';
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

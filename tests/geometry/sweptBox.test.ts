/**
 * geometry/movement.ts `sweptBox`: a box holding every pose a unit's stands take along its legs,
 * which the simultaneous race (and NW's strategic halts) use to skip pairs of units that can never
 * meet. It must hold every pose, whatever the plan: a straight move, a wheel, a restand, in turn.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { standsAtDistance, sweptBox, legsDistance, type Leg } from '../../src/geometry/movement';
import { unitBox } from '../../src/geometry/queries';
import { pt } from '../../src/geometry/types';
import { line, stand } from './helpers';

const coord = fc.double({ min: -2000, max: 2000, noNaN: true });
const leg: fc.Arbitrary<(n: number) => Leg> = fc.oneof(
  fc.tuple(coord, coord).map(([dx, dy]) => () => ({ kind: 'translate' as const, dx, dy, distanceMm: Math.hypot(dx, dy) })),
  fc.tuple(coord, coord, fc.double({ min: -Math.PI, max: Math.PI, noNaN: true })).map(([x, y, angle]) => () => ({ kind: 'rotate' as const, pivot: pt(x, y), angle, distanceMm: Math.abs(angle) * 100 })),
  fc.tuple(coord, coord, fc.double({ min: -3, max: 3, noNaN: true })).map(([x, y, turn]) => (n: number) => ({
    kind: 'restand' as const,
    to: Array.from({ length: n }, (_, i) => stand(x + 45 * i, y, turn)),
    turns: Array.from({ length: n }, () => turn),
    distanceMm: 50,
  })),
);

const inside = (inner: ReturnType<typeof unitBox>, outer: ReturnType<typeof unitBox>) => inner.minX >= outer.minX && inner.minY >= outer.minY && inner.maxX <= outer.maxX && inner.maxY <= outer.maxY;

describe('The box a unit sweeps along its legs', () => {
  it('holds a straight move from its first pose to its last, and no more than a millimetre beyond', () => {
    const stands = line(3, 500, 500, 0);
    const b = sweptBox(stands, [{ kind: 'translate', dx: 100, dy: 0, distanceMm: 100 }]);
    const start = unitBox(stands), end = unitBox(standsAtDistance(stands, [{ kind: 'translate', dx: 100, dy: 0, distanceMm: 100 }], 100));
    expect(b).toEqual({ minX: start.minX - 1, minY: start.minY - 1, maxX: end.maxX + 1, maxY: end.maxY + 1 });
  });

  it('holds every pose along any plan of straight moves, wheels and restands', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), coord, coord, fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), fc.array(leg, { minLength: 1, maxLength: 3 }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 12 }), (n, x, y, facing, makers, ts) => {
        const stands = line(n, x, y, facing);
        const legs = makers.map((m) => m(n));
        const box = sweptBox(stands, legs);
        const total = legsDistance(legs);
        for (const t of [0, 1, ...ts]) expect(inside(unitBox(standsAtDistance(stands, legs, t * total)), box)).toBe(true);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { SightFeature } from '../../src/geometry/sightIndex';
import { buildSightIndex } from '../../src/geometry/sightIndex';
import { lineOfSight, type SightOptions } from '../../src/geometry/lineOfSight';
import { circleCrossingsAlong, firstWhereAlong, lineCrossingsAlong, outlineCrossingsAlong, sightEventsAlong, stretchesWhereAlong } from '../../src/geometry/sightAlong';
import { polyRootsIn } from '../../src/geometry/polyRoots';
import type { TablePoint } from '../../src/geometry/types';
import { pt } from '../../src/geometry/types';

const square = (x0: number, y0: number, x1: number, y1: number) => [pt(x0, y0), pt(x1, y0), pt(x1, y1), pt(x0, y1)];

/** Where along a→b the eye sees the moving point, exactly. */
function seen(features: SightFeature[], eye: TablePoint, a: TablePoint, b: TablePoint, opts: SightOptions = {}) {
  const ix = buildSightIndex(features, 20);
  return stretchesWhereAlong(sightEventsAlong(ix, eye, a, b, opts), a, b, (p) => lineOfSight(ix, eye, p, opts).visible);
}

describe('Real roots of small polynomials on an interval', () => {
  it('finds the roots of a quartic with four of them, each once', () => {
    // (t − 0.1)(t − 0.2)(t − 0.7)(t − 0.9)
    const r = polyRootsIn([0.0126, -0.221, 1.13, -1.9, 1], 0, 1);
    expect(r).toHaveLength(4);
    [0.1, 0.2, 0.7, 0.9].forEach((x, i) => expect(r[i]).toBeCloseTo(x, 12));
  });
  it('two roots 1e-6 apart are both found (no sampling)', () => {
    // (t − 0.5)(t − 0.500001)(t² + 1)
    const a = 0.5, b = 0.500001;
    const quad = [a * b, -(a + b), 1];
    const q = [quad[0]!, quad[1]!, quad[2]! + quad[0]!, quad[1]!, quad[2]!];
    const r = polyRootsIn(q, 0, 1);
    expect(r).toHaveLength(2);
    // A near-double root is ill-conditioned: its place is good to about 1e-10.
    expect(r[0]).toBeCloseTo(a, 9);
    expect(r[1]).toBeCloseTo(b, 9);
  });
  it('a polynomial that stays positive has none', () => {
    expect(polyRootsIn([1, 0, 0, 0, 1], -2, 2)).toEqual([]);
  });
});

describe('Places along a segment', () => {
  it('a circle: the 3-4-5 crossings', () => {
    // From (−5, 4) to (5, 4): 5 from the origin at x = ±3.
    expect(circleCrossingsAlong(pt(0, 0), 5, pt(-5, 4), pt(5, 4)).map((t) => t * 10 - 5)).toEqual([-3, 3].map((x) => expect.closeTo(x, 12)));
  });
  it('a line and an outline', () => {
    expect(lineCrossingsAlong(pt(2, 0), pt(2, 1), pt(0, 5), pt(10, 5))).toEqual([0.2]);
    expect(outlineCrossingsAlong(square(2, 0, 4, 10), pt(0, 5), pt(10, 5))).toEqual([0.2, 0.4]);
  });
});

describe('What an eye sees of a point moving along a segment', () => {
  const wood = (poly: TablePoint[]): SightFeature => ({ id: 'wood', polygon: poly, rule: { kind: 'depth', withinMm: 50, edgeMm: 25 } });

  it('past a wood it cannot see through: hidden while the line crosses it, seen from the grazing line on', () => {
    // Wood x 300..400, y −100..100; eye at the origin; the point goes along x = 450. The line
    // grazes the wood's corners at y = ±150 (100 · 450/300).
    const s = seen([wood(square(300, -100, 400, 100))], pt(0, 0), pt(450, -300), pt(450, 300));
    expect(s).toHaveLength(2);
    expect(s[0]!.t0).toBe(0);
    expect(s[0]!.t1 * 600 - 300).toBeCloseTo(-150, 9);
    expect(s[1]!.t0 * 600 - 300).toBeCloseTo(150, 9);
    expect(s[1]!.t1).toBe(1);
  });

  it('seeing out of a wood 20 mm from its edge: seen while the run inside is at most 25 mm (cos θ ≥ 0.8, a 3-4-5 boundary)', () => {
    // Eye 20 mm inside the west edge; the point goes along x = 250 (70 mm from the eye across x).
    // Run = 20 / cos θ ≤ 25 ⇔ |y| ≤ 52.5 (70 · 3/4).
    const s = seen([wood(square(300, -100, 400, 100))], pt(320, 0), pt(250, -200), pt(250, 200));
    expect(s).toHaveLength(1);
    // (The rule's own 1e-9 mm of slack on the limit moves the boundary by about 6e-9 mm.)
    expect(s[0]!.t0 * 400 - 200).toBeCloseTo(-52.5, 7);
    expect(s[0]!.t1 * 400 - 200).toBeCloseTo(52.5, 7);
  });

  it('seeing into a wood at a point moving 20 mm inside its edge: the run edge→point is the curve |p| ≤ 400', () => {
    // Eye at the origin, the point along x = 320: run = 20 · |p| / 320 ≤ 25 ⇔ |p| ≤ 400 ⇔ |y| ≤ 240.
    const s = seen([wood(square(300, -400, 400, 400))], pt(0, 0), pt(320, -300), pt(320, 300));
    expect(s).toHaveLength(1);
    expect(s[0]!.t0 * 600 - 300).toBeCloseTo(-240, 7);
    expect(s[0]!.t1 * 600 - 300).toBeCloseTo(240, 7);
  });

  it('the first place in sight, and none when the whole way is hidden', () => {
    const ix = buildSightIndex([{ id: 'house', polygon: square(100, -50, 120, 50), rule: { kind: 'opaque' } }], 20);
    const eye = pt(0, 0), a = pt(200, 0), b = pt(200, 200);
    // The house hides y ≤ 100 (50 · 200/100) along x = 200; touching its corner still blocks.
    const hit = firstWhereAlong(sightEventsAlong(ix, eye, a, b), a, b, (p) => lineOfSight(ix, eye, p).visible);
    expect(hit?.atMm).toBeCloseTo(100, 9);
    const none = firstWhereAlong(sightEventsAlong(ix, eye, pt(200, -40), pt(200, 40)), pt(200, -40), pt(200, 40), (p) => lineOfSight(ix, eye, p).visible);
    expect(none).toBeUndefined();
  });

  it('stands in the way are not modelled along a path, and say so', () => {
    const ix = buildSightIndex([], 20);
    expect(() => sightEventsAlong(ix, pt(0, 0), pt(1, 0), pt(2, 0), { stands: {} })).toThrow(/stands/);
  });
});

const coord = fc.double({ min: 0, max: 400, noNaN: true });
const pointArb = fc.record({ x: coord, y: coord }).map((p) => pt(p.x, p.y));
const featureArb = fc.record({
  x: fc.double({ min: 50, max: 350, noNaN: true }), y: fc.double({ min: 50, max: 350, noNaN: true }),
  rx: fc.double({ min: 10, max: 120, noNaN: true }), ry: fc.double({ min: 10, max: 120, noNaN: true }), turn: fc.double({ min: 0, max: 3, noNaN: true }),
  sides: fc.integer({ min: 3, max: 7 }),
  kind: fc.constantFrom('opaque', 'depth', 'depth', 'hill'),
  within: fc.double({ min: 0, max: 120, noNaN: true }), edge: fc.double({ min: 0, max: 60, noNaN: true }), through: fc.constantFrom(0, 0, 15),
}).map((r, ): SightFeature => {
  // A convex outline: points on an ellipse.
  const polygon = Array.from({ length: r.sides }, (_, i) => {
    const th = r.turn + (2 * Math.PI * i) / r.sides;
    return pt(r.x + r.rx * Math.cos(th), r.y + r.ry * Math.sin(th));
  });
  if (r.kind === 'opaque') return { id: 'o', polygon, rule: { kind: 'opaque' } };
  if (r.kind === 'hill') return { id: 'h', polygon, heightLevel: 1, crest: [pt(r.x - r.rx * 0.8, r.y), pt(r.x + r.rx * 0.8, r.y + r.ry * 0.3)], rule: { kind: 'clear' } };
  return { id: 'd', polygon, rule: { kind: 'depth', withinMm: r.within, edgeMm: r.edge, throughMm: r.through } };
});

describe('Property: the exact stretches in sight agree with a fine brute-force search along the path', () => {
  it('woods and towns (depth rules), opaque pieces, hills with crests', () => {
    fc.assert(fc.property(
      fc.array(featureArb, { minLength: 1, maxLength: 3 }), pointArb, pointArb, pointArb,
      fc.record({ onCrestMm: fc.constantFrom(0, 0, 12), seeAcrossMm: fc.constantFrom(0, 50) }),
      (features, eye, a, b, crest) => {
        const ix = buildSightIndex(features.map((f, i) => ({ ...f, id: `${f.id}${i}` })), 20);
        const opts = { crest };
        const s = stretchesWhereAlong(sightEventsAlong(ix, eye, a, b, opts), a, b, (p) => lineOfSight(ix, eye, p, opts).visible);
        const N = 1500, near = 1e-6;
        for (let i = 0; i <= N; i++) {
          const t = i / N;
          if (s.some((r) => Math.abs(t - r.t0) < near || Math.abs(t - r.t1) < near)) continue;
          const p = pt(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
          const brute = lineOfSight(ix, eye, p, opts).visible;
          const exact = s.some((r) => t >= r.t0 && t <= r.t1);
          if (brute !== exact) return false;
        }
        return true;
      },
    ), { numRuns: 300 });
  });
});

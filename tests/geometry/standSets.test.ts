import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { boundingCircle, circlesApart, halfSpanAcross, laneMeets, meanCentre } from '../../src/geometry/standSets';
import { standsOverlap } from '../../src/geometry/units';
import { standCorners } from '../../src/geometry/footprint';
import { unitDistance } from '../../src/geometry/measure';
import { mm, pt, rad, type StandFootprint } from '../../src/geometry/types';

const stand = (x: number, y: number, facing = 0, w = 40, d = 20): StandFootprint => ({ centre: pt(x, y), facing: rad(facing), widthMm: mm(w), depthMm: mm(d) });

describe('The mean centre of a set of stands', () => {
  it('is the mean of the stand centres (a line of three: the middle stand; an L: pulled towards the arm)', () => {
    expect(meanCentre([stand(0, 0), stand(40, 0), stand(80, 0)])).toEqual(pt(40, 0));
    expect(meanCentre([stand(0, 0), stand(40, 0), stand(0, 30)])).toEqual(pt(40 / 3, 10));
    expect(meanCentre([])).toEqual(pt(0, 0));
  });
});

describe('The bounding circle of a set of stands', () => {
  it('holds every corner of every stand and is the same object for the same stands array', () => {
    const st = [stand(0, 0), stand(40, 0, 0.3), stand(100, 50, 1.2)];
    const c = boundingCircle(st);
    for (const s of st) for (const p of standCorners(s)) expect(Math.hypot(p.x - c.x, p.y - c.y)).toBeLessThanOrEqual(c.r + 1e-9);
    expect(boundingCircle(st)).toBe(c);
  });

  it('circles apart by more than the gap mean the stands are too (property)', () => {
    fc.assert(fc.property(fc.double({ min: -500, max: 500, noNaN: true }), fc.double({ min: -500, max: 500, noNaN: true }), fc.double({ min: 0, max: 200, noNaN: true }), (x, y, gap) => {
      const a = [stand(0, 0), stand(40, 0)], b = [stand(x, y, 0.7), stand(x + 30, y + 10, 0.7)];
      if (circlesApart(a, b, gap)) expect(unitDistance(a, b)).toBeGreaterThan(gap);
    }));
  });

  it('3-4-5: two single stands 100mm apart centre to centre, radii 25 (half the 40×30 diagonal)', () => {
    const a = [stand(0, 0, 0, 40, 30)], b = [stand(60, 80, 0, 40, 30)];
    expect(boundingCircle(a).r).toBeCloseTo(25, 12);
    expect(circlesApart(a, b, 49.9)).toBe(true);
    expect(circlesApart(a, b, 50.1)).toBe(false);
  });
});

describe('Stands overlapping: one test for every ruleset, touching is not overlapping', () => {
  // Facing 0 is along +x, so a stand's 40mm width runs along y: side by side means 40mm apart in y.
  it('side by side touching is not overlapping, nor an overlap within arithmetic rounding (0.01 mm); deeper is', () => {
    expect(standsOverlap(stand(0, 0), stand(0, 40))).toBe(false);
    expect(standsOverlap(stand(0, 0), stand(0, 39.995))).toBe(false);
    expect(standsOverlap(stand(0, 0), stand(0, 39.6))).toBe(true);
    expect(standsOverlap(stand(0, 0), stand(0, 39))).toBe(true);
  });

  it('turned stands: a stand turned 45° over another\'s corner overlaps; far apart never', () => {
    expect(standsOverlap(stand(0, 0), stand(25, 15, Math.PI / 4))).toBe(true);
    expect(standsOverlap(stand(0, 0), stand(200, 0, Math.PI / 4))).toBe(false);
  });
});

describe('Half the span of stands across a direction, and stands in a lane', () => {
  const line = [stand(0, 0), stand(40, 0), stand(80, 0)]; // three 40 mm stands in a row along x
  it('spans the farthest centre to either side plus half its width', () => {
    // Across the direction +y (fx 0, fy 1), the side offsets are the x offsets: 80 from the first stand.
    expect(halfSpanAcross(line, pt(0, 0), 0, 1)).toBe(80 + 20);
    expect(halfSpanAcross(line, pt(40, 0), 0, 1)).toBe(40 + 20);
    // Across +x, every centre is on the line: half a stand's width.
    expect(halfSpanAcross(line, pt(40, 0), 1, 0)).toBe(20);
  });

  it('meets a stand ahead within the lane, and not one behind, beyond its end or off to the side', () => {
    const at = (x: number, y: number) => [stand(x, y)];
    expect(laneMeets(at(0, 100), pt(0, 0), 0, 1, 200, 60)).toBe(true);
    expect(laneMeets(at(0, -100), pt(0, 0), 0, 1, 200, 60)).toBe(false);
    expect(laneMeets(at(0, 250), pt(0, 0), 0, 1, 200, 60)).toBe(false);
    // Beside the lane: 60 half width plus 20 of the stand's half width reaches 79.9 but not 80.
    expect(laneMeets(at(79.9, 100), pt(0, 0), 0, 1, 200, 60)).toBe(true);
    expect(laneMeets(at(80, 100), pt(0, 0), 0, 1, 200, 60)).toBe(false);
  });
});

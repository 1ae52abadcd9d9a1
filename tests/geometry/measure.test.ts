import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { averagedRange, centreDistance, frontEdgeDistance, standDistance, standToUnitDistance, unitDistance } from '../../src/geometry/measure';
import { standFrame, unitFrame } from '../../src/geometry/frame';
import { stand, line } from './helpers';

describe('nearest-point distances', () => {
  it.each([
    // [a, b, expected] — 3-4-5 triangles between corners, edge gaps, touching and overlap.
    ['3-4-5 corner to corner', stand(0, 0), stand(20 + 30, 40 + 40), 50],
    ['6-8-10 corner to corner (x gap 80, y gap 60)', stand(0, 0), stand(20 + 80, 40 + 60), 100],
    ['straight gap ahead', stand(0, 0), stand(30, 0), 10],
    ['side by side gap', stand(0, 0), stand(0, 45), 5],
    ['base to base touching', stand(0, 0), stand(0, 40), 0],
    ['overlapping', stand(0, 0), stand(5, 5), 0],
  ])('%s', (_name, a, b, want) => {
    expect(standDistance(a, b)).toBeCloseTo(want, 9);
    expect(standDistance(b, a)).toBeCloseTo(want, 9);
  });

  it('measures stand to unit and unit to unit from the nearest stand', () => {
    const u = line(4, 0, 0, 0); // facing +x, front edge at x = 0, stands along y from -80 to 80
    expect(standToUnitDistance(stand(30 + 10, 0), u)).toBeCloseTo(30, 9);
    expect(unitDistance(u, line(4, 100, 0, Math.PI))).toBeCloseTo(100, 9);
  });

  it('rotated 45° stand: corner distance follows Pythagoras', () => {
    // A 20×20 square rotated 45°: its corner sits 10√2 from the centre along +x.
    const s = stand(0, 0, Math.PI / 4, 20, 20);
    const t = stand(10 * Math.SQRT2 + 30 + 10, 0, 0, 20, 20);
    expect(standDistance(s, t)).toBeCloseTo(30, 9);
  });

  it('centre, front edge and averaged ranges', () => {
    const firer = line(2, 0, 0, 0); // front edge x = 0 from y -40..40
    const target = [stand(110, 0, Math.PI, 40, 20)]; // near edge at x = 100
    expect(frontEdgeDistance(unitFrame(firer), target)).toBeCloseTo(100, 9);
    expect(centreDistance(unitFrame(firer), standFrame(target[0]!))).toBeCloseTo(120, 9);
    const r = averagedRange(unitFrame(firer), target);
    // Left and right ends are 40 mm off-axis and the target is 40 wide (y ±20): 3-4-5 style 100 & 20 → √(100²+20²).
    expect(r.centreMm).toBeCloseTo(100, 9);
    expect(r.leftMm).toBeCloseTo(Math.hypot(100, 20), 9);
    expect(r.meanMm).toBeCloseTo((100 + 2 * Math.hypot(100, 20)) / 3, 9);
  });
});

describe('distance properties', () => {
  const arb = fc.record({ x: fc.double({ min: -500, max: 500, noNaN: true }), y: fc.double({ min: -500, max: 500, noNaN: true }), f: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }) });
  it('is symmetric and non-negative', () => {
    fc.assert(fc.property(arb, arb, (a, b) => {
      const s = stand(a.x, a.y, a.f), t = stand(b.x, b.y, b.f);
      const d = standDistance(s, t);
      return d >= 0 && Math.abs(d - standDistance(t, s)) < 1e-9;
    }));
  });
  it('never exceeds the centre distance and is within a circumradius pair of it', () => {
    fc.assert(fc.property(arb, arb, (a, b) => {
      const s = stand(a.x, a.y, a.f), t = stand(b.x, b.y, b.f);
      const c = Math.hypot(a.x - b.x, a.y - b.y);
      const d = standDistance(s, t);
      return d <= c + 1e-9 && d >= c - 2 * Math.hypot(20, 10) - 1e-9;
    }));
  });
  it('is unchanged by translating both stands', () => {
    fc.assert(fc.property(arb, arb, fc.double({ min: -300, max: 300, noNaN: true }), (a, b, k) => {
      const d0 = standDistance(stand(a.x, a.y, a.f), stand(b.x, b.y, b.f));
      const d1 = standDistance(stand(a.x + k, a.y - k, a.f), stand(b.x + k, b.y - k, b.f));
      return Math.abs(d0 - d1) < 1e-6;
    }));
  });
});

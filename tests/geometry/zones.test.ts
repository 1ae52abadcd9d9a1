import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { contactFace, faceLineSide, inFrontArc, inFrontStrip, inZone, quarterOf, supportOf, zoneOutline } from '../../src/geometry/zones';
import { standFrame, unitFrame } from '../../src/geometry/frame';
import { degToRad, pt } from '../../src/geometry/types';
import { pointInPolygon } from '../../src/geometry/vec';
import { line, stand } from './helpers';

// A stand facing +x (east) at the origin: front edge x = 10, from y = -20 (left corner) to y = 20.
const s = stand(0, 0, 0, 40, 20);
const F = standFrame(s);

describe('arcs from the front corners', () => {
  it.each([
    ['straight ahead', pt(50, 0), 45, true],
    ['exactly on the 45° line from the left corner', pt(10 + 30, -20 - 30), 45, true],
    ['just outside the 45° line', pt(10 + 30, -20 - 30.001), 45, false],
    ['exactly on the 22.5° line from the right corner', pt(10 + 100, 20 + 100 * Math.tan(degToRad(22.5))), 22.5, true],
    ['outside a 10° arc, inside a 45° arc', pt(60, 40), 10, false],
    ['inside a 45° arc at the same spot', pt(60, 40), 45, true],
    ['a 90° arc takes the whole half-plane ahead', pt(10.0001, 900), 90, true],
    ['behind the front edge is never in the arc', pt(9, 0), 90, false],
  ])('%s', (_name, p, deg, want) => {
    expect(inFrontArc(F, degToRad(deg), 1000, p)).toBe(want);
  });

  it('range is measured from the nearest point of the front edge', () => {
    expect(inFrontArc(F, degToRad(45), 30, pt(40, 0))).toBe(true);
    expect(inFrontArc(F, degToRad(45), 30, pt(40.01, 0))).toBe(false);
    // 3-4-5 from the left corner, along the 45° boundary side: (10+30, -20-40) is outside 45°? u=-40, v=30 → outside.
    expect(inFrontArc(F, degToRad(60), 50, pt(40, -60))).toBe(true);
    expect(inFrontArc(F, degToRad(60), 49.99, pt(40, -60))).toBe(false);
  });

  it('a stand partly in the arc counts for "any" but not "all"', () => {
    const t = stand(100, -20 - 90, 0, 40, 20); // straddles the 45° line from the left corner
    expect(inFrontArc(F, degToRad(45), 500, t, 'any')).toBe(true);
    expect(inFrontArc(F, degToRad(45), 500, t, 'all')).toBe(false);
  });

  it('"in front or one base width either side"', () => {
    expect(inFrontStrip(F, 40, 500, pt(100, 59))).toBe(true);
    expect(inFrontStrip(F, 40, 500, pt(100, 61))).toBe(false);
    expect(inFrontStrip(F, 40, 500, stand(100, 75, 0, 40, 20))).toBe(true); // its edge reaches y = 55
  });

  it('agrees with its drawn outline on random points', () => {
    const zone = { face: 'front' as const, spreadRad: degToRad(45), rangeMm: 200 };
    const outline = zoneOutline(F, zone, degToRad(0.5));
    fc.assert(fc.property(fc.double({ min: -300, max: 300, noNaN: true }), fc.double({ min: -300, max: 300, noNaN: true }), (x, y) => {
      const p = pt(x, y);
      const exact = inZone(F, zone, p);
      // The polygonal outline under-approximates the round parts by < 0.01 mm at half-degree steps.
      const margin = [pt(x + 0.05, y), pt(x - 0.05, y), pt(x, y + 0.05), pt(x, y - 0.05)];
      if (margin.every((m) => inZone(F, zone, m) === exact)) return pointInPolygon(p, outline) === exact;
      return true;
    }));
  });
});

describe('sides, lines and faces', () => {
  it('quarters by the diagonals', () => {
    expect(quarterOf(F, pt(100, 0))).toBe('front');
    expect(quarterOf(F, pt(-100, 0))).toBe('rear');
    expect(quarterOf(F, pt(0, 100))).toBe('right');
    expect(quarterOf(F, pt(0, -100))).toBe('left');
  });

  it('behind the line of the front edge, beyond the line of a flank', () => {
    expect(faceLineSide(F, 'front', pt(5, 500))).toBe('behind');
    expect(faceLineSide(F, 'front', pt(10, 500))).toBe('on');
    expect(faceLineSide(F, 'left', pt(0, -25))).toBe('beyond');
  });

  it.each([
    ['front contact', stand(20, 0, Math.PI, 40, 20), 'front'],
    ['flank contact', stand(0, 30, -Math.PI / 2, 40, 20), 'right'],
    ['rear contact', stand(-20, 0, 0, 40, 20), 'rear'],
    ['left flank contact', stand(0, -30, Math.PI / 2, 40, 20), 'left'],
  ] as const)('%s', (_n, c, face) => {
    expect(contactFace(F, c).face).toBe(face);
    expect(contactFace(F, c).distanceMm).toBeCloseTo(0, 9);
  });

  it('support: a friend behind and one on the left flank', () => {
    const u = line(4, 500, 500, 0);
    const behind = line(4, 500 - 20 - 50, 500, 0);
    const left = [stand(490, 500 - 80 - 30, 0)];
    const far = [stand(100, 100, 0)];
    const got = supportOf(unitFrame(u), [behind, left, far], { rearMm: 60, flankMm: 60 });
    expect(got).toEqual({ rear: [0], left: [1], right: [] });
  });
});

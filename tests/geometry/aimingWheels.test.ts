import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { turnTowards, unitWheelTowards, wheelTowardsDeg } from '../../src/geometry/aim';
import { cos, sin } from '../../src/geometry/math';
import { rotateUnit } from '../../src/geometry/units';
import { meanCentre } from '../../src/geometry/standSets';
import { pt } from '../../src/geometry/types';
import { line, stand } from './helpers';

const origin = pt(0, 0);

describe('The turn that brings a facing round to a point', () => {
  it.each([
    ['dead ahead', 0, pt(100, 0), 0],
    ['a quarter right (y is down the screen)', 0, pt(0, 100), Math.PI / 2],
    ['a quarter left', 0, pt(0, -100), -Math.PI / 2],
    ['half right, facing down', Math.PI / 2, pt(-100, 100), Math.PI / 4],
    ['across the ±π seam: facing a little left of west, target a little right of it', Math.PI - 0.1, pt(-100, -10), 0.1 + Math.atan2(10, 100)],
  ])('%s', (_what, facing, to, want) => {
    expect(turnTowards(origin, facing, to)).toBeCloseTo(want, 12);
  });

  it('stays within a half turn either way, and turning by it looks at the point', () => {
    const coord = fc.double({ min: -2000, max: 2000, noNaN: true });
    fc.assert(
      fc.property(coord, coord, fc.double({ min: -20, max: 20, noNaN: true }), (x, y, facing) => {
        fc.pre(Math.hypot(x, y) > 1);
        const a = turnTowards(origin, facing, pt(x, y));
        expect(Math.abs(a)).toBeLessThanOrEqual(Math.PI);
        const r = Math.hypot(x, y);
        expect(cos(facing + a) * r).toBeCloseTo(x, 6);
        expect(sin(facing + a) * r).toBeCloseTo(y, 6);
      }),
    );
  });
});

describe('A wheel towards a point', () => {
  it('is the turn in degrees when within the limit', () => {
    expect(wheelTowardsDeg(origin, 0, pt(100, 100))).toBeCloseTo(45, 12);
    expect(wheelTowardsDeg(origin, 0, pt(100, -100 * Math.tan(Math.PI / 9)))).toBeCloseTo(-20, 9);
  });

  it('goes no further than the limit, on the side of the turn', () => {
    expect(wheelTowardsDeg(origin, 0, pt(0, 100))).toBe(45);
    expect(wheelTowardsDeg(origin, 0, pt(-100, -1))).toBe(-45);
    expect(wheelTowardsDeg(origin, 0, pt(0, 100), 30)).toBe(30);
    expect(Math.abs(wheelTowardsDeg(origin, 0, pt(0, 100), 0))).toBe(0);
  });

  it('a unit wheels from the mean centre of its stands, faced as its first stand', () => {
    const u = line(4, 500, 500, 0);
    const c = meanCentre(u);
    expect(unitWheelTowards(u, pt(c.x + 100, c.y))).toBeCloseTo(0, 12);
    expect(unitWheelTowards(u, pt(c.x + 100, c.y + 100))).toBeCloseTo(45, 12);
    expect(unitWheelTowards(u, pt(c.x, c.y - 300), 30)).toBe(-30);
    // The same unit turned 90° to the right now has the first point off its left.
    const turned = rotateUnit({ stands: u }, c, Math.PI / 2).stands;
    expect(unitWheelTowards(turned, pt(c.x + 100, c.y + 100))).toBeCloseTo(-45, 9);
    expect(() => unitWheelTowards([], pt(0, 0))).toThrow(/at least one stand/);
    expect(unitWheelTowards([stand(10, 10, Math.PI)], pt(-90, 10))).toBeCloseTo(0, 12);
  });
});

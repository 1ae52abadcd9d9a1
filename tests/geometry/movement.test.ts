import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { advance, applyLegs, chainMoves, oblique, pivotOnCentre, retire, sidestep, standsAtDistance, wheel } from '../../src/geometry/movement';
import { changeFormation, layoutColumn, layoutLine, layoutOpenOrder, layoutRoadColumn, layoutSquare, layoutThreeFaced, layoutWedge } from '../../src/geometry/formation';
import { unitFrame } from '../../src/geometry/frame';
import { standCorners } from '../../src/geometry/footprint';
import { convexPolygonsOverlap } from '../../src/geometry/collisions';
import type { StandFootprint } from '../../src/geometry/types';
import { degToRad, pt, rad } from '../../src/geometry/types';
import { base, close, line } from './helpers';

const same = (a: readonly StandFootprint[], b: readonly StandFootprint[], eps = 1e-6) =>
  a.length === b.length && a.every((s, i) => close(s.centre.x, b[i]!.centre.x, eps) && close(s.centre.y, b[i]!.centre.y, eps) && close(Math.cos(s.facing), Math.cos(b[i]!.facing), 1e-9) && close(Math.sin(s.facing), Math.sin(b[i]!.facing), 1e-9));

const noOverlaps = (ss: readonly StandFootprint[]) => ss.every((s, i) => ss.every((t, j) => j <= i || !convexPolygonsOverlap(standCorners(s), standCorners(t), 1e-6)));

describe('wheels', () => {
  it('a 45° wheel of a 4-stand line costs the outer corner arc 160·π/4', () => {
    const u = line(4, 500, 500, 0); // frontage 160 mm
    const w = wheel(u, degToRad(45));
    expect(w.ok).toBe(true);
    if (!w.ok) return;
    expect(w.distanceMm).toBeCloseTo(40 * Math.PI, 9);
    // Pivot: the right front corner (500, 580) stays; the left front corner swings on a circle of radius 160.
    const f = unitFrame(w.stands, rad(Math.PI / 4));
    expect(f.corners[1].x).toBeCloseTo(500, 9);
    expect(f.corners[1].y).toBeCloseTo(580, 9);
    expect(f.corners[0].x).toBeCloseTo(500 + 160 * Math.sin(Math.PI / 4), 9);
    expect(f.corners[0].y).toBeCloseTo(580 - 160 * Math.cos(Math.PI / 4), 9);
  });

  it('applies the rules factor and refuses more than the maximum angle', () => {
    const u = line(4);
    const w = wheel(u, -degToRad(90), { factor: 2, maxAngleRad: degToRad(90) });
    expect(w.ok && w.distanceMm).toBeCloseTo(2 * 160 * (Math.PI / 2), 9);
    const r = wheel(u, degToRad(46), { maxAngleRad: degToRad(45) });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.code).toBe('angle-too-large');
  });

  it('a 0° wheel costs nothing and moves nothing (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 8 }), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), (n, facing) => {
      const u = line(n, 300, 300, facing);
      const w = wheel(u, 0);
      return w.ok && w.distanceMm === 0 && same(w.stands, u);
    }));
  });
});

describe('straight moves and their inverses', () => {
  it.each([
    ['advance 3-4-5', () => advance(line(2, 0, 0, Math.atan2(4, 3)), 50), 30, 40],
    ['retire', () => retire(line(2, 0, 0, 0), 25), -25, 0],
    ['sidestep to the right (down the screen when facing east)', () => sidestep(line(2, 0, 0, 0), 10), 0, 10],
    ['oblique 45° to the right', () => oblique(line(2, 0, 0, 0), 10 * Math.SQRT2, degToRad(45), degToRad(45)), 10, 10],
  ])('%s', (_n, run, dx, dy) => {
    const before = line(2, 0, 0, 0);
    const r = run();
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const start = _n === 'advance 3-4-5' ? line(2, 0, 0, Math.atan2(4, 3)) : before;
    expect(r.stands[0]!.centre.x - start[0]!.centre.x).toBeCloseTo(dx, 9);
    expect(r.stands[0]!.centre.y - start[0]!.centre.y).toBeCloseTo(dy, 9);
  });

  it('moving then moving back returns the footprint (property)', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 6 }), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
      fc.double({ min: 0, max: 300, noNaN: true }), fc.double({ min: -Math.PI / 2, max: Math.PI / 2, noNaN: true }),
      (n, facing, d, angle) => {
        const u = line(n, 600, 600, facing);
        const a = advance(u, d);
        if (!a.ok) return false;
        const b = retire(a.stands, d, unitFrame(a.stands, rad(facing)));
        const w1 = wheel(u, angle);
        if (!b.ok || !w1.ok) return false;
        // Wheeling back pivots on the other flank, so undo with the same pivot: rotate back about it.
        const back = applyLegs(w1.stands, w1.legs.map((l) => (l.kind === 'rotate' ? { ...l, angle: -l.angle } : l)));
        return same(b.stands, u) && same(back, u);
      },
    ));
  });

  it('oblique refuses more than the allowed angle', () => {
    expect(oblique(line(2), 10, degToRad(50), degToRad(45)).ok).toBe(false);
  });
});

describe('pivots and chained plans', () => {
  it('pivot on the centre charges the far corner arc', () => {
    const r = pivotOnCentre(line(4), degToRad(90));
    expect(r.ok && r.distanceMm).toBeCloseTo(Math.hypot(80, 10) * (Math.PI / 2), 9);
  });

  it('standsAtDistance stops part-way through a chained wheel then advance', () => {
    const u = line(4);
    const plan = chainMoves(u, [(s) => wheel(s, degToRad(45)), (s) => advance(s, 100)]);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.distanceMm).toBeCloseTo(40 * Math.PI + 100, 9);
    const mid = standsAtDistance(u, plan.legs, 40 * Math.PI);
    const f = unitFrame(mid, rad(Math.PI / 4));
    expect(f.corners[1].x).toBeCloseTo(500, 9);
  });
});

describe('formations', () => {
  const bases = Array.from({ length: 8 }, () => base());
  const anchor = pt(500, 500);
  it.each([
    ['line of 2 ranks', () => layoutLine(anchor, rad(0), bases, 2)],
    ['column 2 wide', () => layoutColumn(anchor, rad(0), bases, 2)],
    ['road column', () => layoutRoadColumn(anchor, rad(0), bases)],
    ['open order', () => layoutOpenOrder(anchor, rad(0), bases, 15)],
    ['wedge', () => layoutWedge(anchor, rad(0), bases)],
    ['square', () => layoutSquare(anchor, rad(0), bases)],
    ['three-faced mass', () => layoutThreeFaced(anchor, rad(0), bases)],
  ])('%s has no overlapping stands', (_n, make) => {
    const ss = make();
    expect(ss).toHaveLength(8);
    expect(noOverlaps(ss)).toBe(true);
  });

  it('square: stands face out on four faces', () => {
    const ss = layoutSquare(anchor, rad(0), bases);
    const dirs = new Set(ss.map((s) => Math.round((((s.facing % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI)) / (Math.PI / 2)) % 4));
    expect(dirs).toEqual(new Set([0, 1, 2, 3]));
    const three = layoutThreeFaced(anchor, rad(0), bases);
    expect(new Set(three.map((s) => Math.round((((s.facing % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI)) / (Math.PI / 2)) % 4))).toEqual(new Set([0, 1, 3]));
  });

  it('open order leaves the given gap', () => {
    const ss = layoutOpenOrder(anchor, rad(0), bases.slice(0, 3), 15);
    expect(ss[1]!.centre.y - ss[0]!.centre.y).toBeCloseTo(55, 9);
  });

  it('road column is one stand wide and a 2-wide column is 4 ranks deep', () => {
    expect(new Set(layoutRoadColumn(anchor, rad(0), bases).map((s) => s.centre.y.toFixed(6))).size).toBe(1);
    expect(new Set(layoutColumn(anchor, rad(0), bases, 2).map((s) => s.centre.x.toFixed(6))).size).toBe(4);
  });

  it('a formation change pivots on the anchor stand, which does not move (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 7 }), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), (k, facing) => {
      const u = layoutLine(anchor, rad(facing), bases, 1);
      const r = changeFormation(u, k, (a, f, b) => layoutColumn(a, f, b, 2));
      return same([r.stands[k]!], [u[k]!]) && noOverlaps(r.stands);
    }));
  });
});

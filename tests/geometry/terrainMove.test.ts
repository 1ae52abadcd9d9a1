import { describe, expect, it } from 'vitest';
import { advance, wheel } from '../../src/geometry/movement';
import { buildTerrainIndex } from '../../src/geometry/terrain';
import { terrainContacts } from '../../src/geometry/pathCost';
import { reachTarget } from '../../src/geometry/reach';
import { raceMoves } from '../../src/geometry/simultaneous';
import { SpatialIndex } from '../../src/geometry/collisions';
import { unitFrame } from '../../src/geometry/frame';
import { degToRad, pt, rad } from '../../src/geometry/types';
import { line } from './helpers';

const square = (x0: number, y0: number, x1: number, y1: number) => [pt(x0, y0), pt(x1, y0), pt(x1, y1), pt(x0, y1)];
// A 2-stand line facing east; its front edge at x = 0, y from -40 to 40; depth 20 (rear at x = -20).
const u = () => line(2, 0, 0, 0);

describe('terrain along a move', () => {
  const wood = { id: 'wood', kind: 'wood', polygon: square(50, -100, 150, 100) };
  const hedge = { id: 'hedge', kind: 'obstacle', polygon: square(200, -100, 205, 100) };
  const lake = { id: 'lake', kind: 'lake', polygon: square(400, -100, 500, 100) };
  const terrain = buildTerrainIndex([wood, hedge, lake]);

  it('traces entry and exit exactly: the front touches the wood at 50 mm, the rear leaves at 170', () => {
    const plan = advance(u(), 300);
    if (!plan.ok) throw new Error(plan.reason);
    const c = terrainContacts(u(), plan.legs, terrain).find((x) => x.feature.id === 'wood')!;
    expect(c.firstMm).toBeCloseTo(50, 9);
    expect(c.lastMm).toBeCloseTo(170, 9);
    expect(c.entered && c.crossed && !c.atStart && !c.atEnd).toBe(true);
  });

  it('a wheel into a wood is traced along its arc', () => {
    // Wheeling left pivots on the left front corner (0, -40); the right front corner swings
    // through (40, 29.3) at 30° and the unit ends facing north over x 0..80, y -40..-20.
    const small = buildTerrainIndex([{ id: 'w', polygon: square(40, 10, 100, 60) }]);
    const w = wheel(u(), -degToRad(90));
    if (!w.ok) throw new Error(w.reason);
    const cs = terrainContacts(u(), w.legs, small);
    expect(cs).toHaveLength(1);
    expect(cs[0]!.firstMm).toBeGreaterThan(0);
    expect(cs[0]!.lastMm).toBeLessThan(w.distanceMm);
    expect(cs[0]!.crossed).toBe(true);
  });
});

describe('reach: wheel then straight, ending aligned', () => {
  it('a unit square-on to the target needs no wheel and moves the gap', () => {
    const target = line(2, 200, 0, Math.PI); // front edge at x = 200 facing west
    const r = reachTarget(u(), target, { maxWheelRad: degToRad(45), maxDistanceMm: 250 });
    expect(r.reachable).toBe(true);
    expect(r.face).toBe('front');
    expect(r.wheelRad).toBeCloseTo(0, 12);
    expect(r.straightMm).toBeCloseTo(200, 9);
  });

  it('wheels 30° to face a target at an angle, then closes to contact flush', () => {
    // Target facing back towards us at 30° off our facing, 300 mm away.
    const target = line(2, 300, 100, Math.PI + degToRad(30));
    const r = reachTarget(u(), target, { maxWheelRad: degToRad(45), maxDistanceMm: 1000 });
    expect(r.reachable).toBe(true);
    expect(r.wheelRad).toBeCloseTo(degToRad(30), 9);
    expect(r.wheelCostMm).toBeCloseTo(80 * degToRad(30), 9);
    const f = unitFrame(r.aligned, rad(degToRad(30)));
    const tf = unitFrame(target);
    // Flush: the charger's front corners lie on the target's front line.
    for (const c of [f.corners[0], f.corners[1]]) {
      const v = (c.x - tf.corners[0].x) * Math.cos(tf.facing) + (c.y - tf.corners[0].y) * Math.sin(tf.facing);
      expect(Math.abs(v)).toBeLessThan(1e-6);
    }
  });

  it('centred on the face: squared on with its front centre on the face centre (the squaring NW uses too, lineUpFront)', () => {
    const target = line(2, 300, 100, Math.PI + degToRad(30));
    const r = reachTarget(u(), target, { maxWheelRad: degToRad(20), maxDistanceMm: 1000, centreOnFace: true });
    expect(r.reachable).toBe(true);
    const f = unitFrame(r.aligned, rad(degToRad(30)));
    const tf = unitFrame(target);
    const fc = { x: (f.corners[0].x + f.corners[1].x) / 2, y: (f.corners[0].y + f.corners[1].y) / 2 };
    const tc = { x: (tf.corners[0].x + tf.corners[1].x) / 2, y: (tf.corners[0].y + tf.corners[1].y) / 2 };
    expect(Math.hypot(fc.x - tc.x, fc.y - tc.y)).toBeLessThan(1e-9);
    expect(Math.abs(Math.cos(r.aligned[0]!.facing - degToRad(30)) - 1)).toBeLessThan(1e-12);
  });

  it('cannot reach when the allowance is short, and says why', () => {
    const r = reachTarget(u(), line(2, 200, 0, Math.PI), { maxWheelRad: 0, maxDistanceMm: 150 });
    expect(r.reachable).toBe(false);
    expect(r.reason).toMatch(/needs 200/);
  });
});

describe('proportional simultaneous movement', () => {
  it('two units 100 mm apart closing at 100 and 50 mm meet at two thirds of their moves', () => {
    const a = u(), b = line(2, 100, 0, Math.PI);
    const pa = advance(a, 100), pb = advance(b, 50);
    if (!pa.ok || !pb.ok) throw new Error('plan');
    const r = raceMoves([{ id: 'a', stands: a, legs: pa.legs }, { id: 'b', stands: b, legs: pb.legs }]);
    expect(r[0]!.fraction).toBeCloseTo(2 / 3, 6);
    expect([r[0]!.stop?.by, r[1]!.stop?.by]).toEqual(['b', 'a']);
  });

  it('runs to the end when nobody meets', () => {
    const a = u();
    const pa = advance(a, 50);
    if (!pa.ok) throw new Error('plan');
    const r = raceMoves([{ id: 'a', stands: a, legs: pa.legs }], { others: [{ id: 'far', stands: line(2, 500, 500, 0) }] });
    expect(r[0]!.fraction).toBe(1);
  });
});

describe('collisions', () => {
  it('the index replaces by id and never keeps a stale box', () => {
    const idx = new SpatialIndex<number>();
    idx.set('a', { minX: 0, minY: 0, maxX: 1, maxY: 1 }, 1);
    idx.set('a', { minX: 10, minY: 10, maxX: 11, maxY: 11 }, 2);
    expect(idx.search({ minX: 0, minY: 0, maxX: 1, maxY: 1 })).toHaveLength(0);
    expect(idx.search({ minX: 10, minY: 10, maxX: 11, maxY: 11 }).map((e) => e.value)).toEqual([2]);
    expect(idx.size).toBe(1);
    idx.delete('a');
    expect(idx.all()).toHaveLength(0);
  });

});

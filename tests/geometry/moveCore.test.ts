import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { firstContact, moveUntilContact, traceMove, type Body } from '../../src/geometry/moveCore';
import { distanceToGap } from '../../src/geometry/moveGap';
import { advance, wheel, type Leg } from '../../src/geometry/movement';
import { buildStandIndex, convexPolygonsOverlap } from '../../src/geometry/collisions';
import { rotateStand, rotatedCorners, standCorners } from '../../src/geometry/footprint';
import { unitDistance } from '../../src/geometry/measure';
import { advanceUnit, CONTACT_MM, rotateUnit, translateUnit, unitCentre, unitOffTable, unitsInContact } from '../../src/geometry/units';
import { sightIndexOf } from '../../src/geometry/sightCache';
import { degToRad, pt, rad, type StandFootprint } from '../../src/geometry/types';
import { stand } from './helpers';

const go = (dx: number, dy: number): Leg[] => [{ kind: 'translate', dx, dy, distanceMm: Math.hypot(dx, dy) }];
const overlapping = (a: readonly StandFootprint[], b: readonly StandFootprint[], epsMm = 1e-6) => a.some((s) => b.some((t) => convexPolygonsOverlap(standCorners(s), standCorners(t), epsMm)));
// A stop at a meeting leaves the two bases touching: penetration up to EPS_MM (1e-6 mm) counts as
// touching, so a check at exactly that depth needs room for floating-point rounding.
const TOUCH_MM = 1e-6 + 1e-9;

// A 40×20 stand facing +x at (100, 100): x in [90, 110], y in [80, 120].
const mover = [stand(100, 100, 0, 40, 20)];

describe('Straight moves meet other units exactly where they first touch', () => {
  const cases: { name: string; legs: Leg[]; other: StandFootprint; enterMm: number; clearMm: number | undefined }[] = [
    // 3-4-5: moving (30, 40) the x range reaches 130 at d = 33⅓ and the y range reaches 150 at d = 37.5.
    { name: '3-4-5 move into a square at (140, 160)', legs: go(30, 40), other: stand(140, 160, 0, 20, 20), enterMm: 37.5, clearMm: undefined },
    // Straight along +x, 100 mm, through a 20×20 square at x 150..170: front reaches 150 at 40, rear clears 170 at 80.
    { name: 'straight through a square, in and out', legs: go(100, 0), other: stand(160, 100, 0, 20, 20), enterMm: 40, clearMm: 80 },
    // (60, 80) is 100 mm; a square at x 160..180, y 140..160: y overlaps from d = 25, x only from 110 + 0.6d = 160;
    // the y ranges part again (80 + 0.8d = 160) just as the move ends: touching there is clear.
    { name: '3-4-5 glancing: x decides', legs: go(60, 80), other: stand(170, 150, 0, 20, 20), enterMm: (160 - 110) / 0.6, clearMm: 100 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const t = traceMove(mover, c.legs, { others: [{ id: 'x', stands: [c.other] }] });
      expect(t.meetings).toHaveLength(1);
      const m = t.meetings[0]!;
      expect(m.unitId).toBe('x');
      expect(m.atStart).toBe(false);
      expect(m.enterMm).toBeCloseTo(c.enterMm, 5);
      if (c.clearMm === undefined) expect(m.clearMm).toBeUndefined();
      else expect(m.clearMm).toBeCloseTo(c.clearMm, 5);
    });
  }

  it('stops a 3-4-5 move at 3/4 of its length, base to base', () => {
    const r = moveUntilContact(mover, go(30, 40), { others: [{ id: 'x', stands: [stand(140, 160, 0, 20, 20)] }] });
    expect(r.reason).toBe('contact');
    expect(r.stopMm / r.trace.distanceMm).toBeCloseTo(0.75, 6);
    expect(r.stands[0]!.centre.x).toBeCloseTo(100 + 0.6 * 37.5, 5);
    expect(r.stands[0]!.centre.y).toBeCloseTo(100 + 0.8 * 37.5, 5);
    expect(unitDistance(r.stands, [stand(140, 160, 0, 20, 20)])).toBeLessThan(1e-5);
    expect(overlapping(r.stands, [stand(140, 160, 0, 20, 20)])).toBe(false);
  });

  it('the ruleset decides what blocks: a friend passed through, the enemy behind it stops the move', () => {
    const others: Body[] = [{ id: 'friend', stands: [stand(160, 100, 0, 20, 20)] }, { id: 'enemy', stands: [stand(230, 100, 0, 20, 20)] }];
    const rule = (m: { unitId: string }): 'pass' | 'block' => (m.unitId === 'friend' ? 'pass' : 'block');
    const r = moveUntilContact(mover, go(200, 0), { others, rule });
    expect(r.reason).toBe('contact');
    expect(r.contact?.meeting.unitId).toBe('enemy');
    expect(r.stopMm).toBeCloseTo(220 - 110, 5);
    expect(r.passed.map((m) => m.unitId)).toEqual(['friend']);
    // The same answer from a stand index as from a list of units.
    const ix = buildStandIndex(others.flatMap((b) => b.stands.map((s, k) => ({ id: `${b.id}#${k}`, unitId: b.id, footprint: s }))));
    const r2 = moveUntilContact(mover, go(200, 0), { others: ix, rule });
    expect(r2.stopMm).toBe(r.stopMm);
    expect(r2.passed).toEqual(r.passed);
  });

  it('a unit already overlapped when the move begins is met at the start and never blocks', () => {
    const t = traceMove(mover, go(50, 0), { others: [{ id: 'x', stands: [stand(115, 100, 0, 20, 20)] }] });
    expect(t.meetings[0]).toMatchObject({ unitId: 'x', atStart: true, enterMm: 0 });
    // Rear edge 90 + d passes the square's far edge 125 at d = 35.
    expect(t.meetings[0]!.clearMm).toBeCloseTo(35, 5);
    expect(firstContact(t)).toBeUndefined();
  });

  it('comes within 5 mm of a square 40 mm ahead after exactly 35 mm, and never within reach of one out of the way', () => {
    // Front edge x = 110 + d; the square's near edge x = 150, same y band: gap 40 − d.
    expect(distanceToGap(mover, go(100, 0), [stand(160, 100, 0, 20, 20)], 5)).toBeCloseTo(35, 6);
    expect(distanceToGap(mover, go(100, 0), [stand(160, 300, 0, 20, 20)], 5)).toBeUndefined();
    expect(distanceToGap(mover, go(100, 0), [stand(125, 100, 0, 20, 20)], 5)).toBe(0);
  });

  it('leaves a 200×150 table on a 3-4-5 move where the first corner crosses the edge', () => {
    // Corners start at y ≤ 120; y = 150 is reached at d·0.8 = 30, d = 37.5; x = 200 at d·0.6 = 90 (later).
    const t = traceMove(mover, go(60, 80), { table: { widthMm: 200, depthMm: 150 } });
    expect(t.leavesTableAtMm).toBeCloseTo(37.5, 5);
    const r = moveUntilContact(mover, go(60, 80), { table: { widthMm: 200, depthMm: 150 }, stopAtEdge: true });
    expect(r.reason).toBe('table-edge');
    expect(unitOffTable(r.stands, { widthMm: 200, depthMm: 150 })).toBe(false);
  });
});

describe('Wheels meet other units where the swinging corner first touches', () => {
  // One 40×20 stand facing up the screen (−y) at (100, 100): front edge y = 90 from x 80 to 120.
  // Wheeling right pivots on the right front corner (120, 90); the left front corner rises to
  // y = 90 − 40·sin θ, so a bar whose lower edge is y = 70 is touched at θ = 30°.
  const u = [stand(100, 100, -Math.PI / 2, 40, 20)];
  // Facing +x, 80 deep along x and 10 wide along y: x 60..140, y 60..70.
  const barStand = stand(100, 65, 0, 10, 80);
  it('a 90° wheel is stopped by a bar at exactly 30°', () => {
    const cs = standCorners(barStand);
    expect(Math.min(...cs.map((c) => c.x))).toBeCloseTo(60, 9);
    expect(Math.max(...cs.map((c) => c.y))).toBeCloseTo(70, 9);
    const w = wheel(u, degToRad(90));
    if (!w.ok) throw new Error(w.reason);
    expect(w.distanceMm).toBeCloseTo(40 * Math.PI / 2, 9);
    const r = moveUntilContact(u, w.legs, { others: [{ id: 'bar', stands: [barStand] }] });
    expect(r.reason).toBe('contact');
    // Within the overlap tolerance (EPS_MM deeper than touching).
    expect(r.stopMm).toBeCloseTo((40 * Math.PI) / 6, 5);
    expect(r.stands[0]!.facing).toBeCloseTo(-Math.PI / 2 + Math.PI / 6, 6);
    expect(overlapping(r.stands, [barStand])).toBe(false);
  });
  it('a 90° wheel with nothing in the way ends square, the pivot corner unmoved', () => {
    const w = wheel(u, degToRad(90));
    if (!w.ok) throw new Error(w.reason);
    const r = moveUntilContact(u, w.legs, {});
    expect(r.reason).toBe('complete');
    const fr = standCorners(r.stands[0]!)[1];
    expect(fr.x).toBeCloseTo(120, 9);
    expect(fr.y).toBeCloseTo(90, 9);
  });
});

describe('Unit helpers shared by every ruleset', () => {
  type S = StandFootprint & { id: string; role: string };
  const unit = { id: 'u', name: 'keep me', stands: [{ ...stand(10, 20), id: 'a', role: 'x' }, { ...stand(50, 20), id: 'b', role: 'y' }] as S[] };
  it('translate and rotate keep every other field; four quarter turns come home', () => {
    const t = translateUnit(unit, 3, 4);
    expect(t.name).toBe('keep me');
    expect(t.stands[1]).toMatchObject({ id: 'b', role: 'y', centre: { x: 53, y: 24 } });
    let r = unit;
    for (let k = 0; k < 4; k++) r = rotateUnit(r, pt(0, 0), Math.PI / 2);
    r.stands.forEach((s, i) => {
      expect(s.centre.x).toBeCloseTo(unit.stands[i]!.centre.x, 9);
      expect(s.centre.y).toBeCloseTo(unit.stands[i]!.centre.y, 9);
      expect(s.facing).toBeGreaterThan(-Math.PI);
      expect(s.facing).toBeLessThanOrEqual(Math.PI);
    });
    const a = advanceUnit(unit, 5, rad(Math.PI / 2));
    expect(a.stands[0]!.centre.y).toBeCloseTo(25, 12);
  });
  it('the centre is the frame centre; off-table counts a corner past the edge, not one on it', () => {
    expect(unitCentre(unit.stands)).toMatchObject({ x: 30, y: 20 });
    // Stand at (10, 20) facing +x, 40 wide (along y) and 20 deep: x 0..20, y 0..40 — on the edges.
    expect(unitOffTable([stand(10, 20)], { widthMm: 100, depthMm: 100 })).toBe(false);
    expect(unitOffTable([stand(9.99, 20)], { widthMm: 100, depthMm: 100 })).toBe(true);
  });
  it(`units ${CONTACT_MM} mm apart are in contact, a little more is not`, () => {
    expect(unitsInContact([stand(10, 20)], [stand(30 + CONTACT_MM, 20)])).toBe(true);
    expect(unitsInContact([stand(10, 20)], [stand(30.01 + CONTACT_MM, 20)])).toBe(false);
  });
  it('the sight index is built once per terrain layout and sight rule', () => {
    const terrain = [{ id: 'w', polygon: [pt(0, 0), pt(10, 0), pt(10, 10)] }];
    let built = 0;
    const feats = (t: readonly (typeof terrain)[number][]) => { built++; return t.map((f) => ({ ...f, rule: { kind: 'opaque' as const } })); };
    const a = sightIndexOf(terrain, 'r1', feats);
    expect(sightIndexOf(terrain, 'r1', feats)).toBe(a);
    expect(sightIndexOf(terrain, 'r2', feats)).not.toBe(a);
    expect(sightIndexOf([...terrain], 'r1', feats)).not.toBe(a);
    expect(built).toBe(3);
  });
});

describe('Properties of the movement core', () => {
  const arbStand = fc.record({ x: fc.double({ min: 0, max: 300, noNaN: true }), y: fc.double({ min: 0, max: 300, noNaN: true }), f: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), w: fc.double({ min: 5, max: 60, noNaN: true }), d: fc.double({ min: 5, max: 40, noNaN: true }) })
    .map((r) => stand(r.x, r.y, r.f, r.w, r.d));
  const arbMove = fc.record({ dx: fc.double({ min: -200, max: 200, noNaN: true }), dy: fc.double({ min: -200, max: 200, noNaN: true }) });

  it('a straight move overlaps another unit exactly on its meetings (checked by sampling)', () => {
    fc.assert(fc.property(arbStand, fc.array(arbStand, { minLength: 1, maxLength: 3 }), arbMove, (m, os, mv) => {
      const legs = go(mv.dx, mv.dy);
      const D = legs[0]!.distanceMm;
      const t = traceMove([m], legs, { others: [{ id: 'o', stands: os }] });
      for (let k = 0; k <= 64; k++) {
        const d = (D * k) / 64;
        const inMeeting = t.meetings.some((x) => x.enterMm - 1e-6 < d && d < (x.clearMm ?? Infinity) + 1e-6);
        const near = t.meetings.some((x) => Math.abs(x.enterMm - d) < 1e-4 || (x.clearMm !== undefined && Math.abs(x.clearMm - d) < 1e-4));
        if (near) continue;
        const pose = advanceUnit({ stands: [m] }, d, rad(Math.atan2(mv.dy, mv.dx))).stands;
        if (overlapping(pose, os) !== inMeeting) return false;
      }
      return true;
    }), { numRuns: 300 });
  });

  it('a mover stopped by first contact touches what stopped it and overlaps nothing that blocks', () => {
    fc.assert(fc.property(fc.array(arbStand, { minLength: 1, maxLength: 3 }), fc.array(arbStand, { minLength: 1, maxLength: 4 }), arbMove, (ms, os, mv) => {
      const others = os.map((s, i) => ({ id: `o${i}`, stands: [s] }));
      const r = moveUntilContact(ms, go(mv.dx, mv.dy), { others });
      const blockers = r.trace.meetings.filter((x) => !x.atStart).map((x) => x.unitId);
      for (const o of others) {
        if (!blockers.includes(o.id)) continue;
        if (overlapping(r.stands, o.stands, TOUCH_MM)) return false;
      }
      if (r.reason === 'contact') return unitDistance(r.stands, others.find((o) => o.id === r.contact!.meeting.unitId)!.stands) < 1e-4;
      return r.stopMm === r.trace.distanceMm;
    }), { numRuns: 300 });
  });

  it('a plan from advance() and the same straight legs give the same trace', () => {
    fc.assert(fc.property(arbStand, arbStand, fc.double({ min: 0, max: 200, noNaN: true }), (m, o, dist) => {
      const p = advance([m], dist);
      if (!p.ok) return false;
      const a = traceMove([m], p.legs, { others: [{ id: 'o', stands: [o] }] });
      const f = Math.cos(m.facing), g = Math.sin(m.facing);
      const b = traceMove([m], go(f * dist, g * dist), { others: [{ id: 'o', stands: [o] }] });
      return a.meetings.length === b.meetings.length && a.meetings.every((x, i) => Math.abs(x.enterMm - b.meetings[i]!.enterMm) < 1e-6);
    }), { numRuns: 200 });
  });
  it('the corners of a turned stand are the corners of rotateStand, bit for bit', () => {
    fc.assert(fc.property(arbStand, fc.double({ min: -400, max: 400, noNaN: true }), fc.double({ min: -400, max: 400, noNaN: true }), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), (s, px, py, a) => {
      expect(rotatedCorners(s, pt(px, py), a)).toEqual(standCorners(rotateStand(s, pt(px, py), a)));
    }), { numRuns: 300 });
  });

  it('a wheel traced against many units meets each as it meets it alone, and leaves the table where it leaves it alone', () => {
    const table = { widthMm: 400, depthMm: 400 };
    fc.assert(fc.property(fc.array(arbStand, { minLength: 1, maxLength: 3 }), fc.array(arbStand, { minLength: 2, maxLength: 5 }), fc.double({ min: -Math.PI / 2, max: Math.PI / 2, noNaN: true }), (ms, os, a) => {
      const p = wheel(ms, a);
      if (!p.ok) return true;
      const others = os.map((s, i) => ({ id: `o${i}`, stands: [s] }));
      const all = traceMove(ms, p.legs, { others, table });
      const alone = others.flatMap((o) => traceMove(ms, p.legs, { others: [o] }).meetings);
      expect(all.meetings).toEqual([...alone].sort((x, y) => x.enterMm - y.enterMm || (x.unitId < y.unitId ? -1 : x.unitId > y.unitId ? 1 : 0)));
      expect(all.leavesTableAtMm).toBe(traceMove(ms, p.legs, { table }).leavesTableAtMm);
    }), { numRuns: 100 });
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { firstDistanceWhere, touchesAllAlong, traceMove, truncateTrace } from '../../src/geometry/moveCore';
import { distanceToGap } from '../../src/geometry/moveGap';
import type { Leg } from '../../src/geometry/movement';
import { terrainContacts } from '../../src/geometry/pathCost';
import { buildTerrainIndex } from '../../src/geometry/terrain';
import { unitFrame } from '../../src/geometry/frame';
import { unitDistance } from '../../src/geometry/measure';
import { faceCentreOf, faceDirectionOf, lineUpFront, nudgeOntoTable, translateStands, unitOffTable } from '../../src/geometry/units';
import { pt, rad, type StandFootprint } from '../../src/geometry/types';
import { line, stand } from './helpers';

const go = (dx: number, dy: number): Leg[] => [{ kind: 'translate', dx, dy, distanceMm: Math.hypot(dx, dy) }];
const rect = (x0: number, y0: number, x1: number, y1: number) => [pt(x0, y0), pt(x1, y0), pt(x1, y1), pt(x0, y1)];

describe('Faces of a frame and lining up against one', () => {
  // Two 40×20 stands side by side facing +x: frame centre (100, 100), 80 wide (y 60..140), 20 deep (x 90..110).
  const u = [stand(100, 80), stand(100, 120)];
  const fr = unitFrame(u);

  it('each face has its outward direction and its centre', () => {
    expect(faceDirectionOf(fr, 'front')).toBeCloseTo(0, 12);
    expect(faceDirectionOf(fr, 'right')).toBeCloseTo(Math.PI / 2, 12);
    expect(Math.abs(faceDirectionOf(fr, 'rear'))).toBeCloseTo(Math.PI, 12);
    const c = (f: 'front' | 'right' | 'rear' | 'left') => faceCentreOf(fr, f);
    expect([c('front').x, c('front').y]).toEqual([110, 100]);
    expect([c('rear').x, c('rear').y]).toEqual([90, 100]);
    expect(c('right').x).toBeCloseTo(100, 9);
    expect(c('right').y).toBeCloseTo(140, 9);
    expect(c('left').y).toBeCloseTo(60, 9);
  });

  it('a unit lined up against the left face of a target faces it square on, front edge centre on the face centre', () => {
    const target = [stand(300, 300, 0)]; // facing +x, 40 wide: left face at y = 280, centred x = 300, outward −y.
    const tf = unitFrame(target);
    const attacker = [{ ...stand(250, 200, 1.0), id: 'a1' }, { ...stand(250, 240, 1.0), id: 'a2' }];
    const goal = faceCentreOf(tf, 'left');
    const want = faceDirectionOf(tf, 'left') + Math.PI;
    const lined = lineUpFront({ stands: attacker }, (x) => unitFrame(x.stands), want, goal).stands;
    expect(lined.map((s) => (s as { id?: string }).id)).toEqual(['a1', 'a2']);
    const lf = unitFrame(lined);
    expect(Math.cos(lf.facing - Math.PI / 2)).toBeCloseTo(1, 12);
    const front = faceCentreOf(lf, 'front');
    expect(front.x).toBeCloseTo(300, 9);
    expect(front.y).toBeCloseTo(280, 9);
    expect(unitDistance(lined, target)).toBeLessThan(1e-9);
  });
});

describe('Bringing a unit onto the table', () => {
  const table = { widthMm: 600, depthMm: 400 };

  it('is the least move along each axis: a line hanging 5 mm over the bottom edge and 25 mm over the left comes up 5 and right 25', () => {
    // 2 stands 40×20 facing up (−y): 80 wide along x (−25..55), 20 deep (385..405).
    const u = [stand(-5, 395, -Math.PI / 2), stand(35, 395, -Math.PI / 2)];
    const n = nudgeOntoTable(u, table)!;
    expect(n.dx).toBeCloseTo(25, 9);
    expect(n.dy).toBeCloseTo(-5, 9);
    const moved = translateStands(u, n.dx, n.dy);
    expect(unitOffTable(moved, table)).toBe(false);
  });

  it('a unit already on the table is not moved; one longer than the table cannot be brought on', () => {
    expect(nudgeOntoTable([stand(300, 200)], table)).toEqual({ dx: 0, dy: 0 });
    expect(nudgeOntoTable([stand(300, 200, 0, 500, 20)], table)).toBeUndefined();
  });

  it('property: any stand that fits is on the table after the nudge, and touches the edge it came over', () => {
    const arb = fc.record({ x: fc.double({ min: -200, max: 800, noNaN: true }), y: fc.double({ min: -200, max: 600, noNaN: true }), f: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }) });
    fc.assert(fc.property(arb, ({ x, y, f }) => {
      const u = [stand(x, y, f)];
      const n = nudgeOntoTable(u, table);
      if (!n) return;
      const moved = translateStands(u, n.dx, n.dy);
      expect(unitOffTable(moved, table)).toBe(false);
      if (unitOffTable(u, table)) expect(Math.abs(n.dx) + Math.abs(n.dy)).toBeGreaterThan(0);
    }));
  });
});

describe('The first moment a condition holds along a move', () => {
  const mover = [stand(100, 100, 0, 40, 20)]; // x 90..110

  it('is found by sampling and bisection: a stand reaching x = 180 with its front after 70 mm', () => {
    const at = firstDistanceWhere(mover, go(200, 0), (s) => s[0]!.centre.x + 10 >= 180);
    expect(at).toBeCloseTo(70, 6);
  });

  it('holds at the start: 0; never: undefined', () => {
    expect(firstDistanceWhere(mover, go(50, 0), () => true)).toBe(0);
    expect(firstDistanceWhere(mover, go(50, 0), () => false)).toBeUndefined();
  });

  it('judging the end only (a step as long as the move) finds the same moment for a condition that stays true', () => {
    const cond = (s: StandFootprint[]) => s[0]!.centre.x >= 150.5;
    expect(firstDistanceWhere(mover, go(200, 0), cond, { stepMm: 200 })).toBeCloseTo(50.5, 6);
  });

  it('distanceToGap is the same search: within 5 mm of a square 40 mm ahead after exactly 35 mm', () => {
    const body = [stand(160, 100, 0, 20, 20)]; // x 150..170
    expect(distanceToGap(mover, go(100, 0), body, 5)).toBeCloseTo(35, 6);
    expect(firstDistanceWhere(mover, go(100, 0), (s) => unitDistance(s, body) <= 5)).toBe(distanceToGap(mover, go(100, 0), body, 5));
  });
});

describe('Touching chosen ground all along a move (a road)', () => {
  // A road along y 90..110 from x 0 to 300, and a second piece from x 305 to 600: a 5 mm gap.
  const roads = buildTerrainIndex([{ id: 'r1', kind: 'road', polygon: rect(0, 90, 300, 110) }, { id: 'r2', kind: 'road', polygon: rect(305, 90, 600, 110) }, { id: 'w', kind: 'wood', polygon: rect(0, 0, 600, 80) }]);
  const column = line(1, 60, 100, 0); // one 40×20 stand, front edge at x = 60: x 40..60
  const isRoad = (f: { kind?: string }) => f.kind === 'road';
  const along = (dist: number) => touchesAllAlong(terrainContacts(column, go(dist, 0), roads), column.length, dist, isRoad);

  it('a move along one road piece stays on it', () => {
    expect(along(200)).toBe(true);
  });

  it('a gap narrower than the stand is bridged (the stand touches both pieces), a wider one is not', () => {
    // The stand is 20 deep, so it always touches one piece across the 5 mm gap.
    expect(along(400)).toBe(true);
    const thin = [stand(50, 100, 0, 40, 2)];
    expect(touchesAllAlong(terrainContacts(thin, go(400, 0), roads), 1, 400, isRoad)).toBe(false);
  });

  it('off the road at the start, or only other ground touched: false', () => {
    const off = [stand(50, 200)];
    expect(touchesAllAlong(terrainContacts(off, go(100, 0), roads), 1, 100, isRoad)).toBe(false);
    expect(touchesAllAlong(terrainContacts(off, go(100, 0), roads), 1, 100, (f) => f.kind === 'wood')).toBe(false);
  });

  it('every stand must touch it: a two-stand line with one stand off the road is not on it', () => {
    const wide = [stand(50, 100, rad(0)), stand(50, 160, rad(0))];
    expect(touchesAllAlong(terrainContacts(wide, go(100, 0), roads), 2, 100, isRoad)).toBe(false);
  });
});

describe('A traced move cut short', () => {
  const arbStand = fc.record({ x: fc.double({ min: 0, max: 300, noNaN: true }), y: fc.double({ min: 0, max: 300, noNaN: true }), f: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }) });
  const wood = buildTerrainIndex([{ id: 'wood', kind: 'wood', polygon: rect(120, 40, 220, 260) }, { id: 'road', kind: 'road', polygon: rect(0, 140, 400, 160) }]);

  it('says what a trace of the shorter move says: the same meetings, edge and ground, at the same distances', () => {
    fc.assert(fc.property(arbStand, fc.array(arbStand, { minLength: 1, maxLength: 5 }), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (m, os, dir, frac) => {
      const mover = [stand(m.x, m.y, m.f)];
      const others = os.map((o, i) => ({ id: `o${i}`, stands: [stand(o.x, o.y, o.f)] }));
      const long = 250, short = long * frac;
      const legs = (mm: number) => go(Math.cos(dir) * mm, Math.sin(dir) * mm).map((l) => ({ ...l, distanceMm: mm }));
      const opts = { others, table: { widthMm: 300, depthMm: 300 }, terrain: wood };
      const cut = truncateTrace(traceMove(mover, legs(long), opts), short);
      const fresh = traceMove(mover, legs(short), opts);
      // Away from a meeting or an edge right at the cut (where rounding may fall either side).
      const nearCut = (x: number | undefined) => x !== undefined && Math.abs(x - short) < 1e-6;
      if ([...fresh.meetings, ...cut.meetings].some((x) => nearCut(x.enterMm) || nearCut(x.clearMm)) || nearCut(fresh.leavesTableAtMm) || nearCut(cut.leavesTableAtMm)) return;
      if ([...fresh.terrain, ...cut.terrain].some((c) => c.stands.some((s) => s.touching.some((iv) => nearCut(iv.fromMm) || nearCut(iv.toMm))))) return;
      expect(cut.distanceMm).toBeCloseTo(fresh.distanceMm, 9);
      expect(cut.meetings.map((x) => [x.unitId, x.atStart, x.clearMm === undefined])).toEqual(fresh.meetings.map((x) => [x.unitId, x.atStart, x.clearMm === undefined]));
      cut.meetings.forEach((x, i) => expect(x.enterMm).toBeCloseTo(fresh.meetings[i]!.enterMm, 6));
      expect(cut.leavesTableAtMm === undefined).toBe(fresh.leavesTableAtMm === undefined);
      if (cut.leavesTableAtMm !== undefined) expect(cut.leavesTableAtMm).toBeCloseTo(fresh.leavesTableAtMm!, 6);
      expect(cut.terrain.map((c) => [c.feature.id, c.atStart, c.atEnd, c.entered, c.crossed])).toEqual(fresh.terrain.map((c) => [c.feature.id, c.atStart, c.atEnd, c.entered, c.crossed]));
      cut.terrain.forEach((c, i) => {
        expect(c.firstMm).toBeCloseTo(fresh.terrain[i]!.firstMm, 6);
        expect(c.lastMm).toBeCloseTo(fresh.terrain[i]!.lastMm, 6);
      });
    }), { numRuns: 300 });
  });

  it('cut at or past its own length is the trace itself', () => {
    const t = traceMove([stand(50, 50)], go(100, 0));
    expect(truncateTrace(t, 100)).toBe(t);
    expect(truncateTrace(t, 150)).toBe(t);
  });
});

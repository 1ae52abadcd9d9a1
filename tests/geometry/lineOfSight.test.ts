import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { booleanIntersects } from '@turf/boolean-intersects';
import { lineString, polygon as turfPolygon } from '@turf/helpers';
import type { SightFeature } from '../../src/geometry/sightIndex';
import { buildSightIndex, firstOpaqueHit } from '../../src/geometry/sightIndex';
import { groundLevelAt, lineOfSight } from '../../src/geometry/lineOfSight';
import { buildStandIndex } from '../../src/geometry/collisions';
import { buildStandGrid } from '../../src/geometry/standGrid';
import type { TablePoint } from '../../src/geometry/types';
import { pt } from '../../src/geometry/types';
import { stand } from './helpers';

const square = (x0: number, y0: number, x1: number, y1: number) => [pt(x0, y0), pt(x1, y0), pt(x1, y1), pt(x0, y1)];

describe('line of sight across terrain, with reasons', () => {
  const features: SightFeature[] = [
    { id: 'house', polygon: square(100, -10, 120, 10), rule: { kind: 'opaque' } },
    { id: 'wood', polygon: square(300, -100, 400, 100), rule: { kind: 'depth', withinMm: 50, edgeMm: 25 } },
    { id: 'hill', polygon: square(600, -100, 800, 100), heightLevel: 1, crest: [pt(700, -100), pt(700, 100)], rule: { kind: 'clear' } },
  ];
  const ix = buildSightIndex(features, 20);

  it.each([
    ['clear line', pt(0, 50), pt(250, 50), true, undefined],
    ['a building in the way, named, 100 mm out', pt(0, 0), pt(200, 0), false, { kind: 'terrain', id: 'house', atMm: 100 }],
    ['through a wood', pt(250, 0), pt(450, 0), false, { kind: 'depth', id: 'wood' }],
    ['out of a wood from 20 mm inside the edge', pt(320, 0), pt(250, 0), true, undefined],
    ['out of a wood from 30 mm inside the edge', pt(330, 0), pt(250, 0), false, { kind: 'depth', id: 'wood' }],
    ['inside a wood, 40 mm apart', pt(320, 0), pt(360, 0), true, undefined],
    ['inside a wood, 60 mm apart', pt(320, 0), pt(380, 0), false, { kind: 'depth', id: 'wood' }],
    ['over the hill from the flat on both sides', pt(550, 0), pt(850, 0), false, { kind: 'hill', id: 'hill' }],
    ['across the crest from one slope to the other', pt(650, 0), pt(750, 0), false, { kind: 'crest', id: 'hill', atMm: 50 }],
    ['along one slope', pt(620, 0), pt(680, 50), true, undefined],
  ])('%s', (_n, a, b, visible, why) => {
    const r = lineOfSight(ix, a, b);
    expect(r.visible).toBe(visible);
    if (why) expect(r.blockedBy).toMatchObject(why);
  });

  it('reads ground levels', () => {
    expect(groundLevelAt(ix, pt(650, 0))).toBe(1);
    expect(groundLevelAt(ix, pt(500, 0))).toBe(0);
  });

  it('an observer on the crest sees over it', () => {
    expect(lineOfSight(ix, pt(700, 0), pt(760, 0), { crest: { onCrestMm: 5 } }).visible).toBe(true);
  });
});

describe('stands in the way', () => {
  const ix = buildSightIndex([], 20);
  const blockers = [
    { id: 'left', unitId: 'L', footprint: stand(100, -25, 0, 40, 20) }, // y from -45 to -5
    { id: 'right', unitId: 'R', footprint: stand(100, 25, 0, 40, 20) }, // y from 5 to 45: a 10 mm gap
  ];
  for (const [name, sb] of [['rbush index', { index: buildStandIndex(blockers) }], ['stand grid', { grid: buildStandGrid(blockers, 25) }]] as const) {
    it(`${name}: a 10 mm gap lets sight through but not fire needing a 40 mm gap`, () => {
      expect(lineOfSight(ix, pt(0, 0), pt(200, 0), { stands: { ...sb } }).visible).toBe(true);
      const r = lineOfSight(ix, pt(0, 0), pt(200, 0), { stands: { ...sb, minGapMm: 40 } });
      expect(r.visible).toBe(false);
      expect(r.blockedBy?.kind).toBe('stand');
    });
    it(`${name}: ignored units do not block`, () => {
      const r = lineOfSight(ix, pt(0, -25), pt(200, -25), { stands: { ...sb, ignore: (s) => s.unitId === 'L' } });
      expect(r.visible).toBe(true);
    });
  }

  it('artillery on a hill fires over troops below, if they are far enough from the guns', () => {
    const hill = buildSightIndex([{ id: 'h', polygon: square(-50, -50, 30, 50), heightLevel: 1, rule: { kind: 'clear' } }], 20);
    const index = buildStandIndex([{ id: 'inf', unitId: 'I', footprint: stand(100, 0) }]);
    expect(lineOfSight(hill, pt(0, 0), pt(200, 0), { stands: { index } }).visible).toBe(false);
    expect(lineOfSight(hill, pt(0, 0), pt(200, 0), { stands: { index, overTroops: { clearOfFirerMm: 50 } } }).visible).toBe(true);
    expect(lineOfSight(hill, pt(0, 0), pt(200, 0), { stands: { index, overTroops: { clearOfFirerMm: 100 } } }).visible).toBe(false);
  });
});

describe('fast path agrees with turf on random terrain', () => {
  const rand = (() => { let a = 12345; return () => { a = (a * 1103515245 + 12345) % 2147483648; return a / 2147483648; }; })();
  const feats: SightFeature[] = [];
  for (let i = 0; i < 60; i++) {
    const cx = rand() * 1000, cy = rand() * 700, R = 10 + rand() * 40, n = 6 + Math.floor(rand() * 15);
    const poly: TablePoint[] = [];
    for (let k = 0; k < n; k++) { const th = (k / n) * 2 * Math.PI, r = R * (0.5 + 0.5 * rand()); poly.push(pt(cx + Math.cos(th) * r, cy + Math.sin(th) * r)); }
    feats.push({ id: `f${i}`, polygon: poly, rule: { kind: 'opaque' } });
  }
  const ix = buildSightIndex(feats, 25);
  const turf = feats.map((f) => turfPolygon([[...f.polygon.map((p) => [p.x, p.y]), [f.polygon[0]!.x, f.polygon[0]!.y]]]));
  it('blocked or not, for any segment (property)', () => {
    fc.assert(fc.property(
      fc.double({ min: -50, max: 1050, noNaN: true }), fc.double({ min: -50, max: 750, noNaN: true }),
      fc.double({ min: -50, max: 1050, noNaN: true }), fc.double({ min: -50, max: 750, noNaN: true }),
      (ax, ay, bx, by) => {
        const fast = firstOpaqueHit(ix, ax, ay, bx, by).feature >= 0;
        const line = lineString([[ax, ay], [bx, by]]);
        return fast === turf.some((t) => booleanIntersects(line, t));
      },
    ), { numRuns: 300 });
  });
  it('names the nearest blocking feature', () => {
    fc.assert(fc.property(fc.double({ min: 0, max: 1000, noNaN: true }), fc.double({ min: 0, max: 700, noNaN: true }), fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), (ax, ay, th) => {
      const bx = ax + Math.cos(th) * 400, by = ay + Math.sin(th) * 400;
      const hit = firstOpaqueHit(ix, ax, ay, bx, by);
      if (hit.feature < 0) return true;
      // Nothing is hit on the part of the line before the reported hit.
      const cut = Math.max(0, hit.t - 1e-6);
      const short = lineString([[ax, ay], [ax + (bx - ax) * cut, ay + (by - ay) * cut]]);
      return cut === 0 || !turf.some((t) => booleanIntersects(short, t));
    }), { numRuns: 200 });
  });
});

describe('a sight line through a corner, along an edge or grazing a corner of an outline', () => {
  // Depth features (woods, towns) allow 30 mm inside; the hill is level 1 with no crest.
  const diamond = [pt(100, 0), pt(150, -50), pt(200, 0), pt(150, 50)];
  const wood: SightFeature = { id: 'wood', polygon: diamond, rule: { kind: 'depth', withinMm: 30, edgeMm: 30 } };
  const box: SightFeature = { id: 'box', polygon: square(100, -50, 200, 50), rule: { kind: 'depth', withinMm: 30, edgeMm: 30 } };
  const hill: SightFeature = { id: 'hill', polygon: square(100, -50, 200, 50), heightLevel: 1, rule: { kind: 'clear' } };
  const cases: [string, SightFeature, TablePoint, TablePoint, boolean][] = [
    // Through two opposite corners: 100 mm inside the wood, blocked (counting crossings saw four at two places and no run).
    ['through two corners of a diamond wood', wood, pt(50, 0), pt(250, 0), false],
    ['through a corner and out across an edge', wood, pt(50, 0), pt(160, 10), false],
    ['diagonally through a square wood, corner to corner', box, pt(50, -100), pt(250, 100), false],
    ['from inside out through a corner (more than 30 mm in)', wood, pt(150, 0), pt(50, 0), false],
    ['from inside out through a corner (20 mm in)', wood, pt(120, 0), pt(50, 0), true],
    // Along an edge: on the outline, not inside.
    ['along the whole edge of a square wood', box, pt(50, -50), pt(250, -50), true],
    ['along part of an edge, starting on it', box, pt(120, 50), pt(260, 50), true],
    // Grazing a corner from outside: touches, is never inside.
    ['grazing the top corner of a diamond wood', wood, pt(50, -50), pt(250, -50), true],
    ['grazing a corner of a square wood at 45 degrees', box, pt(150, -100), pt(250, 0), true],
    ['grazing a corner of a hill from the flat', hill, pt(150, -100), pt(250, 0), true],
    ['along the foot of a hill from the flat', hill, pt(50, 50), pt(250, 50), true],
    ['through two corners of a hill from the flat', hill, pt(50, -100), pt(250, 100), false],
  ];
  it.each(cases)('%s', (_n, f, a, b, visible) => {
    expect(lineOfSight(buildSightIndex([f], 20), a, b).visible).toBe(visible);
    // The same feature handed in directly (smoke and the like) is judged the same way.
    expect(lineOfSight(buildSightIndex([], 20), a, b, { extra: [f] }).visible).toBe(visible);
  });

  it('a line through a corner measures its depth like any other line (brute force along the line)', () => {
    // Lines through a vertex of a random convex outline: the run inside is the depth sampled along the line.
    fc.assert(fc.property(
      fc.integer({ min: 3, max: 8 }), fc.integer({ min: 0, max: 7 }), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), fc.integer({ min: 20, max: 120 }),
      (n, k, dir, limit) => {
        const poly = Array.from({ length: n }, (_, i) => { const a = (2 * Math.PI * i) / n; return pt(Math.round(500 + 100 * Math.cos(a)), Math.round(500 + 100 * Math.sin(a))); });
        const v = poly[k % n]!;
        const a = pt(v.x - 300 * Math.cos(dir), v.y - 300 * Math.sin(dir));
        const b = pt(v.x + 300 * Math.cos(dir), v.y + 300 * Math.sin(dir));
        const f: SightFeature = { id: 'w', polygon: poly, rule: { kind: 'depth', withinMm: limit, edgeMm: limit, throughMm: limit } };
        // Brute force: the longest stretch of 6,000 points along the line strictly inside.
        const N = 6000, step = 600 / N;
        let run = 0, best = 0;
        for (let i = 0; i <= N; i++) {
          const t = i / N;
          const p = pt(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
          if (strictlyInside(p, poly)) { run += step; best = Math.max(best, run); } else run = 0;
        }
        if (Math.abs(best - limit) < 2 * step) return; // too close to the limit to tell by sampling
        expect(lineOfSight(buildSightIndex([f], 20), a, b).visible).toBe(best < limit);
      },
    ), { numRuns: 300 });
  });
});

/** Strictly inside a convex polygon (either winding): every cross product the same sign, none zero. */
function strictlyInside(p: TablePoint, poly: readonly TablePoint[]): boolean {
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!, b = poly[(i + 1) % poly.length]!;
    const c = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    if (Math.abs(c) < 1e-9) return false;
    const s = c > 0 ? 1 : -1;
    if (sign === 0) sign = s; else if (s !== sign) return false;
  }
  return true;
}

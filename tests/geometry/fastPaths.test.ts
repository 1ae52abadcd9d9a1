/**
 * The fast paths give the plain answers (tests/geometry/plain.ts keeps the plain versions as
 * referees): the flat terrain tracer, the rated cost, the sweep, the table edge, unit distance
 * and ground level. Exact equality, order included, on random and on deliberately degenerate
 * layouts (axis-aligned woods, stands flush with an edge, base-to-base stands).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Radians, StandFootprint, TablePoint } from '../../src/geometry/types';
import { pt } from '../../src/geometry/types';
import { layoutLine } from '../../src/geometry/formation';
import type { MoveResult } from '../../src/geometry/movement';
import { advance, oblique, sidestep, wheel } from '../../src/geometry/movement';
import type { TerrainShape } from '../../src/geometry/terrain';
import { buildTerrainIndex } from '../../src/geometry/terrain';
import type { TerrainContact } from '../../src/geometry/pathCost';
import { terrainContacts } from '../../src/geometry/pathCost';
import { SpatialIndex, withCorners } from '../../src/geometry/collisions';
import { standCorners } from '../../src/geometry/footprint';
import { quadDistance, standToUnitDistance, unitDistance } from '../../src/geometry/measure';
import { buildSightIndex } from '../../src/geometry/sightIndex';
import { groundLevelAt } from '../../src/geometry/lineOfSight';
import { groundLevelAtPlain, terrainContactsPlain, unitDistancePlain } from './plain';

const square = (x0: number, y0: number, x1: number, y1: number) => [pt(x0, y0), pt(x1, y0), pt(x1, y1), pt(x0, y1)];
const QUARTER = Math.PI / 2;

/** A star-ish polygon, or (kind 0) an axis-aligned rectangle with whole-millimetre corners. */
const polygonArb = fc.record({
  kind: fc.integer({ min: 0, max: 3 }),
  cx: fc.double({ min: 0, max: 400, noNaN: true }), cy: fc.double({ min: 0, max: 400, noNaN: true }),
  r: fc.double({ min: 5, max: 80, noNaN: true }),
  radii: fc.array(fc.double({ min: 0.4, max: 1, noNaN: true }), { minLength: 3, maxLength: 22 }),
}).map(({ kind, cx, cy, r, radii }): TablePoint[] => {
  if (kind === 0) return square(Math.round(cx - r), Math.round(cy - r / 2), Math.round(cx + r), Math.round(cy + r / 2));
  return radii.map((k, i) => {
    const th = (i / radii.length) * 2 * Math.PI;
    return pt(cx + Math.cos(th) * r * k, cy + Math.sin(th) * r * k);
  });
});

/** A small unit: 1–6 stands in 1–2 ranks, facing anywhere or square to the table. */
const unitArb = fc.record({
  n: fc.integer({ min: 1, max: 6 }), ranks: fc.integer({ min: 1, max: 2 }),
  x: fc.double({ min: 0, max: 400, noNaN: true }), y: fc.double({ min: 0, max: 400, noNaN: true }),
  facing: fc.oneof(fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), fc.integer({ min: -1, max: 2 }).map((k) => k * QUARTER)),
  whole: fc.boolean(),
}).map(({ n, ranks, x, y, facing, whole }) => layoutLine(whole ? pt(Math.round(x), Math.round(y)) : pt(x, y), facing as Radians,
  Array.from({ length: n }, () => ({ widthMm: 25, depthMm: 15 })) as never, ranks));

const moveArb = fc.record({ kind: fc.integer({ min: 0, max: 3 }), d: fc.double({ min: 0, max: 300, noNaN: true }), a: fc.double({ min: -1, max: 1, noNaN: true }) });
const plan = (stands: StandFootprint[], m: { kind: number; d: number; a: number }): MoveResult =>
  m.kind === 0 ? advance(stands, m.d) : m.kind === 1 ? oblique(stands, m.d, m.a * 0.7, 0.8) : m.kind === 2 ? sidestep(stands, m.d - 150) : wheel(stands, m.a * 1.2);

const shapes = (polys: TablePoint[][]): TerrainShape[] => polys.map((polygon, i) => ({ id: `t${i}`, kind: ['wood', 'marsh', 'field', 'building'][i % 4]!, polygon }));
const named = (cs: readonly TerrainContact[]) => JSON.stringify(cs.map((c) => ({ ...c, feature: c.feature.id })));
/** terrainContacts' documented order: by first touch, then by feature id (code-unit order). */
const sortedContacts = (cs: readonly TerrainContact[]): TerrainContact[] =>
  [...cs].sort((p, q) => p.firstMm - q.firstMm || (p.feature.id < q.feature.id ? -1 : p.feature.id > q.feature.id ? 1 : 0));

describe('terrain tracer: flat fast path against the plain one', () => {
  it('same contacts and stretches, in first-touch then id order, for random terrain and moves (property)', () => {
    fc.assert(fc.property(fc.array(polygonArb, { minLength: 1, maxLength: 8 }), unitArb, moveArb, (polys, unit, m) => {
      const p = plan(unit, m);
      if (!p.ok) return true;
      const ix = buildTerrainIndex(shapes(polys));
      return named(terrainContacts(unit, p.legs, ix)) === named(sortedContacts(terrainContactsPlain(unit, p.legs, ix)));
    }), { numRuns: 400 });
  });

  it.each([
    ['a stand flush with the side of a wood, marching along it', 100 + 7.5, 150, 0],
    ['a stand whose corner runs exactly along the wood\'s edge line', 100 + 12.5, 150, -QUARTER],
    ['a stand starting with its front edge on the wood\'s far edge', 50, 100 + 7.5, -QUARTER],
    ['a stand ending flush against the near edge', 50, 200, -QUARTER],
    ['a stand moving straight through the middle', 50, 180, -QUARTER],
  ])('%s', (_name, x, y, facing) => {
    const wood = buildTerrainIndex([{ id: 'wood', polygon: square(0, 0, 100, 100) }, { id: 'field', polygon: square(0, 100, 100, 140) }]);
    const s: StandFootprint[] = [{ centre: pt(x, y), facing: facing as Radians, widthMm: 25 as never, depthMm: 15 as never }];
    for (const d of [0, 7.5, 50, 92.5, 100, 150]) {
      const p = facing === 0 ? sidestep(s, -d) : advance(s, d);
      if (!p.ok) throw new Error(p.reason);
      expect(named(terrainContacts(s, p.legs, wood))).toBe(named(sortedContacts(terrainContactsPlain(s, p.legs, wood))));
    }
  });
});

describe('unit distance: pruned flat version against the plain one', () => {
  it('the very same number for random units (property)', () => {
    fc.assert(fc.property(unitArb, unitArb, (a, b) => Object.is(unitDistance(a, b), unitDistancePlain(a, b))), { numRuns: 500 });
  });

  it('from one stand to a unit: the least stand-to-stand distance, the very same number (property)', () => {
    fc.assert(
      fc.property(unitArb, unitArb, (a, b) => {
        for (const s of a) {
          const plain = b.reduce((m, t) => Math.min(m, quadDistance(standCorners(s), standCorners(t))), Infinity);
          expect(Object.is(standToUnitDistance(s, b), plain)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('units base to base are exactly 0 apart, and a unit 40 mm behind another is 40 mm away', () => {
    const front = layoutLine(pt(100, 100), -QUARTER as Radians, Array.from({ length: 4 }, () => ({ widthMm: 25, depthMm: 15 })) as never, 1);
    const beside = layoutLine(pt(200, 100), -QUARTER as Radians, Array.from({ length: 4 }, () => ({ widthMm: 25, depthMm: 15 })) as never, 1);
    const behind = layoutLine(pt(100, 155), -QUARTER as Radians, Array.from({ length: 4 }, () => ({ widthMm: 25, depthMm: 15 })) as never, 1);
    expect(unitDistance(front, beside)).toBe(0);
    expect(unitDistance(front, behind)).toBeCloseTo(40, 9);
    expect(unitDistance(front, behind)).toBe(unitDistancePlain(front, behind));
  });
});

describe('ground level: allocation-free version against featuresAt', () => {
  it('the highest hill containing the point (property)', () => {
    const hills = [
      { id: 'h1', polygon: square(0, 0, 300, 200), heightLevel: 1, rule: { kind: 'clear' as const } },
      { id: 'h2', polygon: square(50, 50, 150, 150), heightLevel: 2, rule: { kind: 'clear' as const } },
      { id: 'h3', polygon: [pt(100, 20), pt(280, 90), pt(120, 190)], heightLevel: 3, rule: { kind: 'clear' as const } },
      { id: 'wood', polygon: square(200, 0, 260, 60), rule: { kind: 'depth' as const, withinMm: 50, edgeMm: 25 } },
    ];
    const ix = buildSightIndex(hills, 20);
    fc.assert(fc.property(fc.double({ min: -20, max: 320, noNaN: true }), fc.double({ min: -20, max: 220, noNaN: true }), fc.boolean(), (x, y, whole) => {
      const p = whole ? pt(Math.round(x), Math.round(y)) : pt(x, y);
      return groundLevelAt(ix, p) === groundLevelAtPlain(ix, p);
    }), { numRuns: 500 });
  });
});

describe('spatial index: moved entries kept beside the tree', () => {
  const boxArb = fc.record({ x: fc.integer({ min: 0, max: 200 }), y: fc.integer({ min: 0, max: 200 }), w: fc.integer({ min: 0, max: 40 }), h: fc.integer({ min: 0, max: 40 }) })
    .map(({ x, y, w, h }) => ({ minX: x, minY: y, maxX: x + w, maxY: y + h }));
  const opArb = fc.record({ kind: fc.integer({ min: 0, max: 3 }), id: fc.integer({ min: 0, max: 90 }), box: boxArb });

  it('search, collides, get and size agree with a brute-force list after any sets and deletes (property)', () => {
    fc.assert(fc.property(fc.array(boxArb, { maxLength: 60 }), fc.array(opArb, { maxLength: 300 }), boxArb, (initial, ops, q) => {
      const ix = new SpatialIndex<number>();
      const truth = new Map<string, { minX: number; minY: number; maxX: number; maxY: number; v: number }>();
      ix.reset(initial.map((box, i) => ({ id: `s${i}`, box, value: i })));
      initial.forEach((box, i) => truth.set(`s${i}`, { ...box, v: i }));
      ops.forEach((op, n) => {
        const id = `s${op.id}`;
        if (op.kind === 0) { expect(ix.delete(id)).toBe(truth.delete(id)); return; }
        ix.set(id, op.box, n);
        truth.set(id, { ...op.box, v: n });
      });
      const meets = (b: { minX: number; minY: number; maxX: number; maxY: number }) => b.minX <= q.maxX && b.minY <= q.maxY && b.maxX >= q.minX && b.maxY >= q.minY;
      const want = [...truth].filter(([, b]) => meets(b)).map(([id, b]) => `${id}:${b.v}:${b.minX},${b.minY},${b.maxX},${b.maxY}`).sort();
      const got = ix.search(q).map((e) => `${e.id}:${e.value}:${e.minX},${e.minY},${e.maxX},${e.maxY}`).sort();
      expect(got).toEqual(want);
      expect(ix.collides(q)).toBe(want.length > 0);
      expect(ix.size).toBe(truth.size);
      for (const [id, b] of truth) expect(ix.get(id)?.value).toBe(b.v);
      expect(ix.all().length).toBe(truth.size);
    }), { numRuns: 300 });
  });
});

describe('withCorners: the same record as a spread', () => {
  it('same keys, same order, same values, extra keys kept', () => {
    const footprint: StandFootprint = { centre: pt(10, 20), facing: 0.3 as Radians, widthMm: 25 as never, depthMm: 15 as never };
    const placed = { id: 's1', unitId: 'u1', footprint, extra: 7 };
    const corners = standCorners(footprint);
    const rec = withCorners(placed, corners);
    expect(Object.keys(rec)).toEqual(Object.keys({ ...placed, corners }));
    expect(rec).toEqual({ ...placed, corners });
    expect(rec).not.toBe(placed);
  });
});

import { describe, expect, it } from 'vitest';
import { pt } from '../../src/geometry/types';
import {
  bentLineAcross, boxOutline, cellCentre, clipToTable, shiftOntoTable, dicePointInRect, diceSubSector, faceFraction, firstClash, gridCell, gridRect, insideTable, keepOnTable, lineAcrossTable,
  linesCrossAt, numberedCell, outlinesMeet, ovalOutline, pieceOutline, pointInRect, rotateOutline, runsUpTable, spaceFromParallels, subCellCentre, tableAreas,
  type DieRoll,
} from '../../src/geometry/terrainGen';

const T = { widthMm: 1200, depthMm: 600 };
const near = (a: { x: number; y: number }, x: number, y: number) => {
  expect(a.x).toBeCloseTo(x, 9);
  expect(a.y).toBeCloseTo(y, 9);
};
/** A die that answers from a script and records what it was asked. */
function scripted(faces: number[]): { roll: DieRoll; asked: [number, string][] } {
  const asked: [number, string][] = [];
  return { asked, roll: (n, purpose) => { asked.push([n, purpose]); const f = faces.shift(); if (f === undefined) throw new Error(`no face left for ${purpose}`); return f; } };
}

describe('Sectors of the table', () => {
  it('a table wider than the split width is diced as two halves, otherwise whole (SYW 9 p.22 large tables)', () => {
    expect(tableAreas({ widthMm: 2400, depthMm: 1200 }, 1800)).toEqual([{ x0: 0, y0: 0, w: 1200, h: 1200 }, { x0: 1200, y0: 0, w: 1200, h: 1200 }]);
    expect(tableAreas(T, 1800)).toEqual([{ x0: 0, y0: 0, w: 1200, h: 600 }]);
  });

  it('cells of a 3 × 2 grid by column and row, by number along the top row first, and by their edges', () => {
    const a = { x0: 0, y0: 0, w: 1200, h: 600 };
    expect(gridCell(a, 3, 2, 2, 1)).toEqual({ x0: 800, y0: 300, w: 400, h: 300 });
    expect(numberedCell(a, 3, 2, 4)).toEqual({ x0: 0, y0: 300, w: 400, h: 300 });
    expect(numberedCell(a, 3, 2, 3)).toEqual({ x0: 800, y0: 0, w: 400, h: 300 });
    expect(gridRect(a, 3, 2, 1, 0)).toEqual({ x0: 400, x1: 800, y0: 0, y1: 300 });
    near(cellCentre(numberedCell(a, 3, 2, 5)), 600, 450);
  });

  it('sub-sector centres: sector 1 sub 1 is the top-left sixth of the top-left sixth; sector 6 sub 6 the bottom-right', () => {
    const a = { x0: 0, y0: 0, w: 1200, h: 600 };
    near(subCellCentre(a, 3, 2, 1, 1), 400 / 6, 300 / 4);
    near(subCellCentre(a, 3, 2, 6, 6), 1200 - 400 / 6, 600 - 300 / 4);
    near(subCellCentre({ x0: 1200, y0: 0, w: 1200, h: 600 }, 3, 2, 1, 1), 1200 + 400 / 6, 300 / 4);
  });

  it('a die face as a fraction of its range, clamped', () => {
    expect([1, 10, 4, 0, 12].map((f) => faceFraction(f, 10))).toEqual([0, 1, 1 / 3, 0, 1]);
  });

  it('a point placed in a rectangle inside a band of it, and by two dice', () => {
    const r = { x0: 100, x1: 300, y0: 0, y1: 100 };
    near(pointInRect(r, 0, 1), 100, 100);
    near(pointInRect(r, 0.5, 0, 0.15, 0.7), 200, 15);
    const { roll, asked } = scripted([1, 10]);
    near(dicePointInRect(roll, 10, r, ['across', 'up/down'], 0.15, 0.7), 130, 85);
    expect(asked).toEqual([[10, 'across'], [10, 'up/down']]);
  });

  it('sector dice: a sector then a sub-sector, or only the sub-sector when the sector is chosen', () => {
    const a = scripted([4, 2]);
    expect(diceSubSector(a.roll, 6, 'hill')).toEqual({ sector: 4, sub: 2 });
    expect(a.asked).toEqual([[6, 'Sector for a hill'], [6, 'Sub-sector for a hill']]);
    const b = scripted([5]);
    expect(diceSubSector(b.roll, 6, 'wood', 3)).toEqual({ sector: 3, sub: 5 });
    expect(b.asked).toEqual([[6, 'Sub-sector for a wood']]);
  });
});

describe('Piece outlines', () => {
  it('an oval has its points on the two radii, from the phase angle round', () => {
    const o = ovalOutline(pt(100, 100), 50, 20, 4);
    [[150, 100], [100, 120], [50, 100], [100, 80]].forEach(([x, y], i) => near(o[i]!, x!, y!));
    const oct = ovalOutline(pt(0, 0), 10, 10, 8, Math.PI / 8);
    expect(oct).toHaveLength(8);
    near(oct[0]!, 10 * Math.cos(Math.PI / 8), 10 * Math.sin(Math.PI / 8));
    for (const p of oct) expect(Math.hypot(p.x, p.y)).toBeCloseTo(10, 9);
  });

  it('a box, and an outline turned 90° about its centre', () => {
    const b = boxOutline(pt(10, 10), 5, 2);
    expect(b).toEqual([pt(5, 8), pt(15, 8), pt(15, 12), pt(5, 12)]);
    const r = rotateOutline(b, pt(10, 10), Math.PI / 2);
    [[12, 5], [12, 15], [8, 15], [8, 5]].forEach(([x, y], i) => near(r[i]!, x!, y!));
  });

  it('a piece at the table edge is moved on before it is turned', () => {
    expect(keepOnTable(pt(10, 590), 100, 50, T)).toEqual(pt(100, 550));
    const p = pieceOutline({ shape: 'box', centre: pt(0, 0), widthMm: 200, depthMm: 100, rotationDeg: 0 }, T);
    expect(p).toEqual([pt(0, 0), pt(200, 0), pt(200, 100), pt(0, 100)]);
    const q = pieceOutline({ shape: 'oval', centre: pt(600, 300), widthMm: 200, depthMm: 100, rotationDeg: 90, points: 12 }, T);
    expect(q).toHaveLength(12);
    near(q[0]!, 600, 400);
    near(q[3]!, 550, 300);
  });
});

describe('Placement constraints', () => {
  const sq = (x: number, y: number, s: number) => [pt(x, y), pt(x + s, y), pt(x + s, y + s), pt(x, y + s)];

  it('outlines closer than half a millimetre lie on each other; apart they do not', () => {
    expect(outlinesMeet(sq(0, 0, 10), sq(5, 5, 10))).toBe(true);
    expect(outlinesMeet(sq(0, 0, 10), sq(10.4, 0, 10))).toBe(true);
    expect(outlinesMeet(sq(0, 0, 10), sq(10.6, 0, 10))).toBe(false);
  });

  it('the first placed piece a candidate would lie on, unless the ruleset lets them overlap', () => {
    const placed = [{ id: 'hill', polygon: sq(0, 0, 100) }, { id: 'town', polygon: sq(50, 50, 100) }];
    const wood = { id: 'wood', polygon: sq(60, 60, 10) };
    expect(firstClash(wood, placed, () => false)?.id).toBe('hill');
    expect(firstClash(wood, placed, (a, b) => a.id === 'wood' && b.id === 'hill')?.id).toBe('town');
    expect(firstClash(wood, placed, () => true)).toBeUndefined();
    expect(firstClash({ id: 'far', polygon: sq(500, 500, 10) }, placed, () => false)).toBeUndefined();
  });

  it('inside the table, edges included', () => {
    expect(insideTable([pt(0, 0), pt(1200, 600)], T)).toBe(true);
    expect(insideTable([pt(-0.1, 10)], T)).toBe(false);
    expect(insideTable([pt(10, 600.1)], T)).toBe(false);
  });
});

describe('Lines across the table', () => {
  it('a straight line through a point is cut at the table edges', () => {
    const up = lineAcrossTable(pt(300, 200), Math.PI / 2, T);
    near(up[0]!, 300, 0);
    near(up[1]!, 300, 600);
    const diag = lineAcrossTable(pt(300, 300), Math.PI / 4, T);
    near(diag[0]!, 0, 0);
    near(diag[1]!, 600, 600);
  });

  it('an edge-to-edge line bent once at the point, its far end kept on the table', () => {
    expect(bentLineAcross(T, pt(400, 300), false, 0)).toEqual([pt(400, 0), pt(400, 300), pt(400, 600)]);
    const b = bentLineAcross(T, pt(400, 300), false, 45);
    near(b[2]!, 700, 600);
    const f = bentLineAcross(T, pt(400, 300), true, -45);
    expect(f[0]).toEqual(pt(0, 300));
    near(f[2]!, 1200, 0);
  });

  it('where two polylines cross, and that parallel lines do not', () => {
    near(linesCrossAt([pt(0, 0), pt(10, 10)], [pt(0, 10), pt(10, 0)])!, 5, 5);
    expect(linesCrossAt([pt(0, 0), pt(10, 0)], [pt(0, 5), pt(10, 5)])).toBeUndefined();
    expect(runsUpTable([pt(0, 0), pt(1, 10)])).toBe(true);
    expect(runsUpTable([pt(0, 0), pt(10, 1)])).toBe(false);
  });

  it('a line is moved sideways, +half the spacing first, until no parallel line is within the spacing', () => {
    const road = [pt(300, 0), pt(300, 600)];
    expect(spaceFromParallels(road, [], 150, T)).toEqual(road);
    expect(spaceFromParallels(road, [[pt(0, 300), pt(1200, 300)]], 150, T)).toEqual(road);
    const moved = spaceFromParallels(road, [[pt(320, 0), pt(320, 600)]], 150, T)!;
    // Tried at 300, 375, 225, 450 (all within 150 mm of the road at 320), then 150: clear.
    expect(moved.map((p) => p.x)).toEqual([150, 150]);
    expect(spaceFromParallels(road, [[pt(0, 0), pt(0, 600)], [pt(1200, 0), pt(1200, 600)], [pt(600, 0), pt(600, 600)]], 590, T)).toBeUndefined();
  });
});

describe('Pieces kept on the table: slid in, or cut at the edge', () => {
  const t = { widthMm: 100, depthMm: 60 };
  it('slides a piece over the left and bottom edges back by exactly the overrun, and leaves one on the table alone', () => {
    expect(shiftOntoTable([pt(-5, 10), pt(20, 70)], t)).toEqual({ dx: 5, dy: -10 });
    expect(shiftOntoTable([pt(90, 0), pt(104, 60)], t)).toEqual({ dx: -4, dy: 0 });
    expect(shiftOntoTable([pt(0, 0), pt(100, 60)], t)).toEqual({ dx: 0, dy: 0 });
  });
  it('cuts a square over the corner to the part on the table (3-4-5: a strip 10 wide ending 5 past the edge)', () => {
    const cut = clipToTable([pt(90, 50), pt(110, 50), pt(110, 70), pt(90, 70)], t);
    const xs = cut.map((p) => p.x), ys = cut.map((p) => p.y);
    expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]).toEqual([90, 100, 50, 60]);
    expect(clipToTable([pt(200, 200), pt(210, 200), pt(210, 210)], t)).toEqual([]);
    const inside = [pt(10, 10), pt(20, 10), pt(20, 20)];
    expect(clipToTable(inside, t)).toEqual(inside);
    // A slanted strip (a road meeting the edge at an angle): cut exactly on x = 0, at y = 3/4 of x's run.
    const road = clipToTable([pt(-8, 0), pt(40, 36), pt(40, 44), pt(-8, 8)], t);
    expect(Math.min(...road.map((p) => p.x))).toBe(0);
    expect(road).toContainEqual(pt(0, 6));
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clampToTable, edgeClearanceMm, INWARD_FACING, nearestEdge, onTableEdge, pointOnTable, roomToEdgeMm } from '../../src/geometry/tableEdge';
import { cos, sin } from '../../src/geometry/math';

const table = { widthMm: 1800, depthMm: 1200 };

describe('points and the table edges', () => {
  it.each([
    ['on the top edge', { x: 900, y: 0 }, 'top', true, true],
    ['half a millimetre beyond the bottom edge', { x: 500, y: 1200.5 }, 'bottom', true, false],
    ['a millimetre inside the left edge', { x: 1, y: 600 }, 'left', true, true],
    ['two millimetres inside the right edge', { x: 1798, y: 600 }, 'right', false, true],
    ['two millimetres beyond the right edge', { x: 1802, y: 600 }, 'right', false, false],
    ['in the middle of the table', { x: 900, y: 600 }, 'top', false, true],
    ['on a corner', { x: 0, y: 0 }, 'top', true, true],
    ['beyond a corner by a millimetre each way', { x: -1, y: -1 }, 'top', true, false],
  ] as const)('%s', (_n, p, edge, onEdge, onTable) => {
    if (p.x !== 900 || p.y !== 600) expect(nearestEdge(table, p)).toBe(edge);
    expect(onTableEdge(table, p)).toBe(onEdge);
    expect(pointOnTable(table, p)).toBe(onTable);
  });

  it('agrees with the plain definitions for any point (property)', () => {
    fc.assert(fc.property(fc.double({ min: -50, max: 1850, noNaN: true }), fc.double({ min: -50, max: 1250, noNaN: true }), fc.double({ min: 0, max: 5, noNaN: true }), (x, y, tol) => {
      const p = { x, y };
      const d = { top: y, bottom: 1200 - y, left: x, right: 1800 - x };
      const e = nearestEdge(table, p);
      expect(d[e]).toBe(Math.min(d.top, d.bottom, d.left, d.right));
      expect(edgeClearanceMm(table, p)).toBe(d[e]);
      expect(pointOnTable(table, p)).toBe(x >= 0 && y >= 0 && x <= 1800 && y <= 1200);
      // On an edge: the nearest point on the outline of the table is within the tolerance.
      const c = clampToTable(table, p);
      const toOutline = pointOnTable(table, p) ? d[e] : Math.sqrt((c.x - x) * (c.x - x) + (c.y - y) * (c.y - y));
      const outside = !pointOnTable(table, p);
      // Beyond the table the test is a square about the corner, not a circle: compare each axis.
      const within = outside ? Math.max(Math.abs(c.x - x), Math.abs(c.y - y)) <= tol : toOutline <= tol;
      expect(onTableEdge(table, p, tol)).toBe(within);
    }));
  });

  it('faces into the table from each edge', () => {
    for (const [edge, inward] of [['top', [0, 1]], ['bottom', [0, -1]], ['left', [1, 0]], ['right', [-1, 0]]] as const) {
      expect(cos(INWARD_FACING[edge])).toBeCloseTo(inward[0], 12);
      expect(sin(INWARD_FACING[edge])).toBeCloseTo(inward[1], 12);
    }
  });
});

describe('room to the table edge along a direction', () => {
  it('is the distance to the edge ahead, less the margin, on each axis', () => {
    expect(roomToEdgeMm(table, { x: 900, y: 600 }, 1, 0)).toBe(900);
    expect(roomToEdgeMm(table, { x: 900, y: 600 }, -1, 0, 50)).toBe(850);
    expect(roomToEdgeMm(table, { x: 900, y: 600 }, 0, 1, 100)).toBe(500);
    expect(roomToEdgeMm(table, { x: 100, y: 600 }, 0, -1)).toBe(600);
  });

  it('takes the nearer of the two edges a slanting direction meets, and none for no direction', () => {
    const s = Math.SQRT1_2;
    // From (1700, 600) towards the top right: the right edge is 100 mm across, the top 600 mm up.
    expect(roomToEdgeMm(table, { x: 1700, y: 600 }, s, -s)).toBeCloseTo(100 / s, 9);
    expect(roomToEdgeMm(table, { x: 900, y: 600 }, 0, 0)).toBe(Infinity);
  });

  it('lands a point that goes that far on the edge, for any direction and point on the table', () => {
    fc.assert(fc.property(fc.double({ min: 1, max: 1799, noNaN: true }), fc.double({ min: 1, max: 1199, noNaN: true }), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), (x, y, a) => {
      const dx = cos(a), dy = sin(a);
      const room = roomToEdgeMm(table, { x, y }, dx, dy);
      const end = { x: x + dx * room, y: y + dy * room };
      expect(pointOnTable(table, { x: end.x - dx * 1e-6, y: end.y - dy * 1e-6 })).toBe(true);
      expect(edgeClearanceMm(table, end)).toBeLessThan(1e-6);
    }), { numRuns: 500 });
  });
});

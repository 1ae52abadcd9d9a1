import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fitTable, frameBox, panBy, screenToTable, tableToScreen, zoomAt } from '../../src/render/camera';
import { MAX_SCALE, MIN_SCALE } from '../../src/store/uiStore';

describe('camera', () => {
  it('maps screen to table and back', () => {
    const c = { scale: 0.5, x: 10, y: 20 };
    expect(screenToTable(c, 110, 70)).toEqual({ x: 200, y: 100 });
    expect(tableToScreen(c, { x: 200, y: 100 })).toEqual({ x: 110, y: 70 });
  });

  it('keeps the table point under the cursor fixed while zooming (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.2, max: 5, noNaN: true }),
        fc.double({ min: -500, max: 500, noNaN: true }),
        fc.double({ min: -500, max: 500, noNaN: true }),
        fc.double({ min: 0, max: 1600, noNaN: true }),
        fc.double({ min: 0, max: 900, noNaN: true }),
        fc.double({ min: 0.5, max: 2, noNaN: true }),
        (scale, x, y, sx, sy, f) => {
          const c = { scale, x, y };
          const before = screenToTable(c, sx, sy);
          const after = screenToTable(zoomAt(c, sx, sy, f), sx, sy);
          expect(after.x).toBeCloseTo(before.x, 6);
          expect(after.y).toBeCloseTo(before.y, 6);
        },
      ),
    );
  });

  it('clamps zoom to the allowed scales', () => {
    expect(zoomAt({ scale: 1, x: 0, y: 0 }, 0, 0, 1e6).scale).toBe(MAX_SCALE);
    expect(zoomAt({ scale: 1, x: 0, y: 0 }, 0, 0, 1e-6).scale).toBe(MIN_SCALE);
  });

  it('pans by screen pixels', () => {
    expect(panBy({ scale: 2, x: 1, y: 1 }, 5, -3)).toEqual({ scale: 2, x: 6, y: -2 });
  });

  it('fits a 6x4 table inside the view, centred', () => {
    const c = fitTable(1828.8, 1219.2, 1000, 800, 20);
    expect(c.scale).toBeCloseTo(960 / 1828.8, 9);
    expect(c.x).toBeCloseTo(20, 9);
    expect(c.y + (1219.2 * c.scale) / 2).toBeCloseTo(400, 9);
  });
});

describe('Going to a piece a problem names (frameBox)', () => {
  it('centres the box in the view, filling at most half of it, and zooms in no closer than asked', () => {
    // A 100 × 50 mm unit in an 800 × 600 view: half the width is 400 px → 4 px/mm, capped at 2.
    const c = frameBox({ x0: 300, y0: 100, x1: 400, y1: 150 }, 800, 600, 2);
    expect(c.scale).toBe(2);
    expect(tableToScreen(c, { x: 350, y: 125 })).toEqual({ x: 400, y: 300 });
    // A 1,600 mm hill: 400 / 1600 → 0.25 px/mm, the whole of it in the middle half.
    const h = frameBox({ x0: -300, y0: 0, x1: 1300, y1: 400 }, 800, 600, 2);
    expect(h.scale).toBe(0.25);
    expect(tableToScreen(h, { x: -300, y: 0 })).toEqual({ x: 200, y: 250 });
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { markerFontPx, placeInView, wrap } from '../../src/render/readoutLayout';

describe('Read-out plates inside the view', () => {
  it('stays where it is anchored when it fits', () => {
    expect(placeInView(100, 100, 200, 40, 900, 600)).toEqual({ x: 100, y: 100 });
  });

  it('flips to the left of the anchor when it would run off the right edge', () => {
    expect(placeInView(800, 100, 200, 40, 900, 600)).toEqual({ x: 576, y: 100 });
  });

  it('flips above the anchor when it would run off the bottom edge', () => {
    expect(placeInView(100, 580, 200, 40, 900, 600)).toEqual({ x: 100, y: 516 });
  });

  it('is always wholly inside a view big enough for it (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2000, max: 4000 }), fc.integer({ min: -2000, max: 4000 }), fc.integer({ min: 10, max: 600 }), fc.integer({ min: 10, max: 200 }), (x, y, w, h) => {
        const viewW = 900, viewH = 700;
        const p = placeInView(x, y, w, h, viewW, viewH);
        expect(p.x).toBeGreaterThanOrEqual(4);
        expect(p.y).toBeGreaterThanOrEqual(4);
        expect(p.x + w).toBeLessThanOrEqual(viewW - 4 + 0.5);
        expect(p.y + h).toBeLessThanOrEqual(viewH - 4 + 0.5);
      }),
    );
  });
});

describe('Long read-outs wrapped to the view', () => {
  it('breaks a long reason at spaces, continuing lines indented, and keeps every word', () => {
    const reason = '✗ In the Orders Phase units only make the free 180° turn; place order markers from the unit\'s menu. (NW Sequence §11 Orders Phase)';
    const text = wrap(['Distance: 3" of 6"', reason], 400);
    const lines = text.split('\n');
    expect(lines[0]).toBe('Distance: 3" of 6"');
    expect(lines.length).toBeGreaterThan(2);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(Math.floor((400 - 40) / 7.2) + 2);
    for (const l of lines.slice(2)) expect(l.startsWith('  ')).toBe(true);
    expect(lines.slice(1).join(' ').split(/\s+/).filter(Boolean)).toEqual(reason.split(/\s+/));
  });
});

describe('Marker chips sized by the zoom', () => {
  it('grows with the zoom between 9 and 16 px', () => {
    expect(markerFontPx(0.1)).toBe(9);
    expect(markerFontPx(0.5)).toBe(11);
    expect(markerFontPx(3)).toBe(16);
    expect(markerFontPx(0.6)).toBeGreaterThan(markerFontPx(0.5));
  });
});

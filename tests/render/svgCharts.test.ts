import { describe, expect, it } from 'vitest';
import { barChart, columnChart, escapeXml, heatMap, inkable, lineChart, safeColour } from '../../src/render/charts/svgCharts';

const EVIL = '<script>alert(1)</script>"\'&';

describe('SVG charts: data in, an SVG string out', () => {
  it('names from files are text, never markup; a colour that is not a hex colour is not used', () => {
    const svgs = [
      barChart({ title: EVIL, bars: [{ label: EVIL, value: 0.5, low: 0.3, high: 0.7, colour: 'red" onload="x' }] }),
      columnChart({ title: EVIL, columns: [{ label: EVIL, value: 3 }], xLabel: EVIL }),
      lineChart({ title: EVIL, series: [{ name: EVIL, colour: 'url(javascript:x)', points: [{ x: 1, y: 2 }] }] }),
      heatMap({ title: EVIL, table: { widthMm: 100, depthMm: 50 }, terrain: [{ kind: 'wood', name: EVIL, polygon: [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }] }], points: [] }),
    ];
    for (const s of svgs) {
      expect(s.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(s).not.toContain('<script');
      expect(s).not.toContain('onload');
      expect(s).not.toContain('javascript:');
      expect(s).toContain('&lt;script&gt;');
    }
    expect(escapeXml(EVIL)).toBe('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
    expect(safeColour('#2b4c9b', '#000')).toBe('#2b4c9b');
    expect(safeColour('red', '#000')).toBe('#000');
  });

  it('a bar with its interval: the whisker spans low to high on the value axis', () => {
    const s = barChart({ bars: [{ label: 'A', value: 0.5, low: 0.25, high: 0.75 }], domain: [0, 1], width: 500 });
    const whisker = /<line x1="([\d.]+)" x2="([\d.]+)" y1="([\d.]+)" y2="\3"\/>/.exec(s.slice(s.indexOf('stroke-width="1.5"')))!;
    const bar = /<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"/.exec(s)!;
    const x0 = Number(bar[1]), half = Number(bar[2]); // the bar runs from 0 to 0.5
    expect(Number(whisker[1])).toBeCloseTo(x0 + half / 2, 0);
    expect(Number(whisker[2])).toBeCloseTo(x0 + (half * 3) / 2, 0);
  });

  it('the heat map bins points into cells and darkens the fullest', () => {
    const s = heatMap({ table: { widthMm: 360, depthMm: 180 }, terrain: [], points: [{ x: 5, y: 5 }, { x: 6, y: 6 }, { x: 200, y: 100 }], cells: 36, width: 360 });
    const cells = [...s.matchAll(/fill-opacity="([\d.]+)"><title>(\d+)<\/title>/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(cells).toEqual([
      [0.9, 2],
      [0.53, 1],
    ]);
  });

  it('a side colour too light to show on white is darkened to a tone of itself', () => {
    expect(inkable('#e9e4d4', '#000')).not.toBe('#e9e4d4');
    expect(inkable('#2b4c9b', '#000')).toBe('#2b4c9b');
  });
});

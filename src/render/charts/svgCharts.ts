/**
 * Charts as SVG strings: data in, a complete `<svg>` element out. No DOM, no pixi, no clocks,
 * so the same call draws a chart in Node (the `vedette report` HTML page) and in the browser
 * (the Playtest panel, battle reports) and gives the same bytes in both.
 *
 * Scales and tick values come from d3-scale (nice round ticks, band layouts); the markup is
 * written here. Every piece of text (titles, labels, unit and side names, which come from
 * scenario files) goes through `escapeXml`, so a name can never become markup.
 *
 *   barChart      — horizontal bars, each with an optional interval (win rates with their CI)
 *   columnChart   — vertical bars over integer or named categories (a histogram of turns)
 *   lineChart     — series over x (casualties by turn)
 *   heatMap       — points binned over a table drawn with its terrain (where units fell)
 */
import { scaleBand, scaleLinear } from 'd3-scale';
import { PALETTE } from '../palette';

export const escapeXml = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A colour from a file is used only if it is a plain hex colour; anything else falls back. */
export const safeColour = (c: string | undefined, fallback: string): string => (c && /^#[0-9a-fA-F]{3,8}$/.test(c) ? c : fallback);

/**
 * A side's colour made fit to draw lines and bars on white: a very light colour (the Austrian
 * white) is darkened to a tone of itself, since a white line on a white page is invisible.
 */
export function inkable(c: string | undefined, fallback: string): string {
  const h = safeColour(c, fallback);
  const full = h.length === 4 ? `#${h[1]}${h[1]}${h[2]}${h[2]}${h[3]}${h[3]}` : h.slice(0, 7);
  const v = Number.parseInt(full.slice(1), 16);
  const r = (v >> 16) & 255, g = (v >> 8) & 255, b = v & 255;
  const lum = 0.299 * r + 0.587 * g + 0.114 * b;
  if (lum <= 190) return full;
  const f = 120 / lum;
  const to = (x: number) => Math.round(x * f).toString(16).padStart(2, '0');
  return `#${to(r)}${to(g)}${to(b)}`;
}

const num = (x: number): string => (Math.round(x * 10) / 10).toString();
const FONT = 'font-family="system-ui, -apple-system, Segoe UI, sans-serif"';
const INK = '#1d232b';
const GRID = '#d9dde3';
const MUTED = '#5b6470';

function frame(width: number, height: number, title: string | undefined, body: string): string {
  const t = title ? `<title>${escapeXml(title)}</title>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img"${title ? ` aria-label="${escapeXml(title)}"` : ''} ${FONT} font-size="12">${t}${body}</svg>`;
}

const text = (x: number, y: number, s: string, attrs = ''): string => `<text x="${num(x)}" y="${num(y)}" ${attrs}>${escapeXml(s)}</text>`;

export interface Bar {
  readonly label: string;
  readonly value: number;
  /** An interval around the value (drawn as a whisker). */
  readonly low?: number;
  readonly high?: number;
  readonly colour?: string;
  /** Text at the bar's end (default: the value formatted). */
  readonly note?: string;
}

export interface BarChartSpec {
  readonly title?: string;
  readonly bars: readonly Bar[];
  /** The value axis (default [0, max]). */
  readonly domain?: readonly [number, number];
  readonly format?: (v: number) => string;
  /** A reference line (e.g. 0.5 for an even chance). */
  readonly reference?: { readonly value: number; readonly label: string };
  readonly width?: number;
}

export function barChart(spec: BarChartSpec): string {
  const width = spec.width ?? 560;
  const fmt = spec.format ?? ((v: number) => v.toFixed(2));
  const labelW = Math.min(220, 16 + 7 * Math.max(4, ...spec.bars.map((b) => b.label.length)));
  const rowH = 30, top = 14, bottom = 28;
  const height = top + bottom + rowH * Math.max(1, spec.bars.length);
  const max = Math.max(1e-9, ...spec.bars.map((b) => Math.max(b.value, b.high ?? 0)));
  const x = scaleLinear().domain(spec.domain ? [...spec.domain] : [0, max]).nice().range([labelW, width - 60]);
  const y = scaleBand<number>().domain(spec.bars.map((_, i) => i)).range([top, height - bottom]).padding(0.25);
  let body = '';
  for (const t of x.ticks(5)) body += `<line x1="${num(x(t))}" x2="${num(x(t))}" y1="${top}" y2="${height - bottom}" stroke="${GRID}"/>${text(x(t), height - bottom + 16, fmt(t), `text-anchor="middle" fill="${MUTED}"`)}`;
  spec.bars.forEach((b, i) => {
    const y0 = y(i)!, h = y.bandwidth();
    const colour = inkable(b.colour, '#4a6fa5');
    body += text(labelW - 8, y0 + h / 2 + 4, b.label, `text-anchor="end" fill="${INK}"`);
    body += `<rect x="${num(x(x.domain()[0]!))}" y="${num(y0)}" width="${num(Math.max(0, x(b.value) - x(x.domain()[0]!)))}" height="${num(h)}" fill="${colour}" fill-opacity="0.85"/>`;
    if (b.low !== undefined && b.high !== undefined) {
      const cy = y0 + h / 2;
      body += `<g stroke="${INK}" stroke-width="1.5"><line x1="${num(x(b.low))}" x2="${num(x(b.high))}" y1="${num(cy)}" y2="${num(cy)}"/><line x1="${num(x(b.low))}" x2="${num(x(b.low))}" y1="${num(cy - 6)}" y2="${num(cy + 6)}"/><line x1="${num(x(b.high))}" x2="${num(x(b.high))}" y1="${num(cy - 6)}" y2="${num(cy + 6)}"/></g>`;
    }
    body += text(x(Math.max(b.value, b.high ?? b.value)) + 6, y0 + h / 2 + 4, b.note ?? fmt(b.value), `fill="${INK}"`);
  });
  if (spec.reference) {
    const rx = x(spec.reference.value);
    body += `<line x1="${num(rx)}" x2="${num(rx)}" y1="${top - 6}" y2="${height - bottom}" stroke="${INK}" stroke-dasharray="4 3"/>${text(rx + 4, top - 2, spec.reference.label, `fill="${MUTED}" font-size="11"`)}`;
  }
  return frame(width, height, spec.title, body);
}

export interface ColumnChartSpec {
  readonly title?: string;
  readonly columns: readonly { readonly label: string; readonly value: number }[];
  readonly colour?: string;
  readonly xLabel?: string;
  readonly yLabel?: string;
  readonly width?: number;
  readonly height?: number;
}

export function columnChart(spec: ColumnChartSpec): string {
  const width = spec.width ?? 560, height = spec.height ?? 240;
  const left = 44, right = 12, top = 12, bottom = 40;
  const x = scaleBand<string>().domain(spec.columns.map((c) => c.label)).range([left, width - right]).padding(0.15);
  const y = scaleLinear().domain([0, Math.max(1, ...spec.columns.map((c) => c.value))]).nice().range([height - bottom, top]);
  let body = '';
  for (const t of y.ticks(5)) body += `<line x1="${left}" x2="${width - right}" y1="${num(y(t))}" y2="${num(y(t))}" stroke="${GRID}"/>${text(left - 6, y(t) + 4, String(t), `text-anchor="end" fill="${MUTED}"`)}`;
  const every = Math.max(1, Math.ceil(spec.columns.length / 16));
  const colour = inkable(spec.colour, '#4a6fa5');
  spec.columns.forEach((c, i) => {
    const x0 = x(c.label)!;
    body += `<rect x="${num(x0)}" y="${num(y(c.value))}" width="${num(x.bandwidth())}" height="${num(y(0) - y(c.value))}" fill="${colour}"><title>${escapeXml(`${c.label}: ${c.value}`)}</title></rect>`;
    if (i % every === 0) body += text(x0 + x.bandwidth() / 2, height - bottom + 15, c.label, `text-anchor="middle" fill="${MUTED}"`);
  });
  if (spec.xLabel) body += text((left + width - right) / 2, height - 6, spec.xLabel, `text-anchor="middle" fill="${INK}"`);
  if (spec.yLabel) body += text(12, top + 4, spec.yLabel, `fill="${INK}" font-size="11" transform="rotate(-90 12 ${top + 4})" text-anchor="end"`);
  return frame(width, height, spec.title, body);
}

export interface LineSeries {
  readonly name: string;
  readonly colour?: string;
  readonly points: readonly { readonly x: number; readonly y: number }[];
}

export interface LineChartSpec {
  readonly title?: string;
  readonly series: readonly LineSeries[];
  readonly xLabel?: string;
  readonly yLabel?: string;
  readonly width?: number;
  readonly height?: number;
}

const SERIES = ['#1f4e9c', '#b8322a', '#2f7d4a', '#8a5a00', '#6b3fa0'];

export function lineChart(spec: LineChartSpec): string {
  const width = spec.width ?? 560, height = spec.height ?? 240;
  const left = 44, right = 12, top = 28, bottom = 40;
  const all = spec.series.flatMap((s) => s.points);
  const xs = all.map((p) => p.x), ys = all.map((p) => p.y);
  const x = scaleLinear().domain([Math.min(0, ...xs), Math.max(1, ...xs)]).range([left, width - right]);
  const y = scaleLinear().domain([0, Math.max(1, ...ys)]).nice().range([height - bottom, top]);
  let body = '';
  for (const t of y.ticks(5)) body += `<line x1="${left}" x2="${width - right}" y1="${num(y(t))}" y2="${num(y(t))}" stroke="${GRID}"/>${text(left - 6, y(t) + 4, String(t), `text-anchor="end" fill="${MUTED}"`)}`;
  for (const t of x.ticks(Math.min(12, Math.max(2, Math.round(x.domain()[1]!))))) if (Number.isInteger(t)) body += text(x(t), height - bottom + 15, String(t), `text-anchor="middle" fill="${MUTED}"`);
  let legendX = left;
  spec.series.forEach((s, i) => {
    const colour = inkable(s.colour, SERIES[i % SERIES.length]!);
    if (s.points.length) {
      const d = s.points.map((p, k) => `${k ? 'L' : 'M'}${num(x(p.x))},${num(y(p.y))}`).join('');
      body += `<path d="${d}" fill="none" stroke="${colour}" stroke-width="2.5"/>`;
      for (const p of s.points) body += `<circle cx="${num(x(p.x))}" cy="${num(y(p.y))}" r="2.5" fill="${colour}"/>`;
    }
    body += `<rect x="${num(legendX)}" y="8" width="12" height="12" fill="${colour}"/>${text(legendX + 16, 18, s.name, `fill="${INK}"`)}`;
    legendX += 32 + 7 * s.name.length;
  });
  if (spec.xLabel) body += text((left + width - right) / 2, height - 6, spec.xLabel, `text-anchor="middle" fill="${INK}"`);
  if (spec.yLabel) body += text(12, top + 4, spec.yLabel, `fill="${INK}" font-size="11" transform="rotate(-90 12 ${top + 4})" text-anchor="end"`);
  return frame(width, height, spec.title, body);
}

/** Terrain as the heat map draws it: a closed outline and a kind (model.ts TerrainKind). */
export interface TerrainShape {
  readonly kind: string;
  readonly name?: string;
  readonly polygon: readonly { readonly x: number; readonly y: number }[];
}

const hex = (c: number): string => `#${c.toString(16).padStart(6, '0')}`;

/** Terrain in the table's own colours (palette.ts), so the heat map reads like the table. */
const TERRAIN_FILL: Readonly<Record<string, string>> = {
  hill: hex(PALETTE.hill),
  wood: hex(PALETTE.wood),
  road: hex(PALETTE.road),
  stream: hex(PALETTE.water),
  river: hex(PALETTE.water),
  lake: hex(PALETTE.water),
  ford: hex(PALETTE.water),
  marsh: hex(PALETTE.marsh),
  village: hex(PALETTE.village),
  building: hex(PALETTE.building),
  bridge: hex(PALETTE.roadEdge),
  field: hex(PALETTE.field),
  obstacle: hex(PALETTE.roadEdge),
  rough: hex(PALETTE.rough),
};

export interface HeatMapSpec {
  readonly title?: string;
  readonly table: { readonly widthMm: number; readonly depthMm: number };
  readonly terrain: readonly TerrainShape[];
  readonly points: readonly { readonly x: number; readonly y: number }[];
  /** Cells across the table's width (default 36). */
  readonly cells?: number;
  /** Drawing width in px (the height follows the table's shape). */
  readonly width?: number;
  /** Colour of the hottest cell. */
  readonly colour?: string;
}

/** Points binned into square cells over the table, drawn over its terrain; darker = more. */
export function heatMap(spec: HeatMapSpec): string {
  const width = spec.width ?? 640;
  const { widthMm, depthMm } = spec.table;
  const k = width / widthMm;
  const height = Math.round(depthMm * k);
  const cols = spec.cells ?? 36;
  const cell = widthMm / cols;
  const rows = Math.ceil(depthMm / cell);
  const counts = new Map<number, number>();
  for (const p of spec.points) {
    if (!(p.x >= 0 && p.y >= 0 && p.x <= widthMm && p.y <= depthMm)) continue;
    const c = Math.min(cols - 1, Math.floor(p.x / cell)), r = Math.min(rows - 1, Math.floor(p.y / cell));
    counts.set(r * cols + c, (counts.get(r * cols + c) ?? 0) + 1);
  }
  const max = Math.max(1, ...counts.values());
  const hot = safeColour(spec.colour, '#c0392b');
  const alpha = scaleLinear().domain([0, max]).range([0.15, 0.9]);
  let body = `<rect width="${width}" height="${height}" fill="${hex(PALETTE.table)}"/>`;
  // Areas first, then the lines (roads, streams) over them.
  const order = (t: TerrainShape) => (['road', 'stream', 'river', 'bridge', 'ford'].includes(t.kind) ? 1 : 0);
  for (const t of [...spec.terrain].sort((a, b) => order(a) - order(b))) {
    if (t.polygon.length < 3) continue;
    const pts = t.polygon.map((p) => `${num(p.x * k)},${num(p.y * k)}`).join(' ');
    body += `<polygon points="${pts}" fill="${TERRAIN_FILL[t.kind] ?? hex(PALETTE.rough)}" stroke="${hex(PALETTE.tableEdge)}" stroke-width="0.6">${t.name ? `<title>${escapeXml(t.name)}</title>` : ''}</polygon>`;
  }
  // A pale veil over the table so that the heat reads above the terrain.
  body += `<rect width="${width}" height="${height}" fill="#ffffff" fill-opacity="0.45"/>`;
  for (const [key, n] of [...counts].sort((a, b) => a[0] - b[0])) {
    const r = Math.floor(key / cols), c = key % cols;
    body += `<rect x="${num(c * cell * k)}" y="${num(r * cell * k)}" width="${num(cell * k)}" height="${num(cell * k)}" fill="${hot}" fill-opacity="${alpha(n).toFixed(2)}"><title>${n}</title></rect>`;
  }
  body += `<rect width="${width}" height="${height}" fill="none" stroke="${INK}"/>`;
  return frame(width, height, spec.title, body);
}

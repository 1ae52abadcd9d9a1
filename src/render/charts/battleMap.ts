/**
 * The table as an SVG string, drawn from a battle (a viewer's view of it): the table, its
 * terrain in the table's own colours, every stand as its base in its side's colour, turned as
 * it faces, with a mark on its front edge, and generals as round bases. No DOM: the battle
 * report draws the map at the start, at each turn and at the end, in Node or in the page.
 * Names (from files) go through `escapeXml`; colours from files only if they are plain hex.
 */
import type { Battle } from '../../engine/state';
import { PALETTE } from '../palette';
import { escapeXml, safeColour } from './svgCharts';

const hex = (c: number): string => `#${c.toString(16).padStart(6, '0')}`;
const num = (x: number): string => (Math.round(x * 10) / 10).toString();

const FILL: Readonly<Record<string, number>> = {
  hill: PALETTE.hill, wood: PALETTE.wood, road: PALETTE.road, stream: PALETTE.water, river: PALETTE.water, lake: PALETTE.water, ford: PALETTE.water,
  marsh: PALETTE.marsh, village: PALETTE.village, building: PALETTE.building, bridge: PALETTE.roadEdge, field: PALETTE.field, obstacle: PALETTE.roadEdge, rough: PALETTE.rough,
};
const LINES = new Set(['road', 'stream', 'river', 'bridge', 'ford']);

export interface BattleMapSpec {
  readonly battle: Battle;
  readonly title?: string;
  /** Drawing width in px (the height follows the table's shape). */
  readonly width?: number;
}

export function battleMap(spec: BattleMapSpec): string {
  const b = spec.battle;
  const width = spec.width ?? 640;
  const k = width / b.table.widthMm;
  const height = Math.round(b.table.depthMm * k);
  const colour = new Map(b.sides.map((s, i) => [s.id, safeColour(s.colour, i ? '#b8322a' : '#1f4e9c')]));
  let body = `<rect width="${width}" height="${height}" fill="${hex(PALETTE.table)}" stroke="${hex(PALETTE.tableEdge)}" stroke-width="2"/>`;
  const terrain = [...b.terrain].sort((x, y) => Number(LINES.has(x.kind)) - Number(LINES.has(y.kind)));
  for (const t of terrain) {
    if (t.polygon.length < 3) continue;
    const pts = t.polygon.map((p) => `${num(p.x * k)},${num(p.y * k)}`).join(' ');
    body += `<polygon points="${pts}" fill="${hex(FILL[t.kind] ?? PALETTE.rough)}" stroke="${hex(PALETTE.tableEdge)}" stroke-width="0.6"><title>${escapeXml(t.name || t.kind)}</title></polygon>`;
  }
  for (const t of terrain)
    if (t.name && !LINES.has(t.kind) && t.polygon.length >= 3) {
      const cx = t.polygon.reduce((s, p) => s + p.x, 0) / t.polygon.length, cy = t.polygon.reduce((s, p) => s + p.y, 0) / t.polygon.length;
      body += `<text x="${num(cx * k)}" y="${num(cy * k)}" font-size="10" font-style="italic" text-anchor="middle" fill="#2b2a1c" fill-opacity="0.8">${escapeXml(t.name)}</text>`;
    }
  for (const u of b.units) {
    const fill = colour.get(u.side) ?? '#777777';
    let g = '';
    for (const s of u.stands) {
      const w = s.widthMm * k, d = s.depthMm * k;
      const deg = (s.facing * 180) / Math.PI;
      // A base faces +x before turning: its front edge is at +d/2 (the mark).
      g += `<g transform="translate(${num(s.centre.x * k)} ${num(s.centre.y * k)}) rotate(${num(deg)})"><rect x="${num(-d / 2)}" y="${num(-w / 2)}" width="${num(d)}" height="${num(w)}" fill="${fill}" stroke="#111" stroke-width="0.5"/><line x1="${num(d / 2)}" y1="${num(-w / 2)}" x2="${num(d / 2)}" y2="${num(w / 2)}" stroke="#f4f1e8" stroke-width="1.2"/></g>`;
    }
    body += `<g class="unit"><title>${escapeXml(u.name)}</title>${g}</g>`;
  }
  for (const gen of b.generals) {
    const s = gen.stand;
    body += `<g class="general"><title>${escapeXml(gen.name)}</title><circle cx="${num(s.centre.x * k)}" cy="${num(s.centre.y * k)}" r="${num(Math.max(3, (Math.max(s.widthMm, s.depthMm) * k) / 2))}" fill="${colour.get(gen.side) ?? '#777777'}" stroke="#ffd34d" stroke-width="1.2"/></g>`;
  }
  const t = spec.title ? `<title>${escapeXml(spec.title)}</title>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img"${spec.title ? ` aria-label="${escapeXml(spec.title)}"` : ''}>${t}${body}</svg>`;
}

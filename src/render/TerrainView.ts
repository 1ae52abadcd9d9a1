/**
 * Terrain, drawn once per battle (terrain does not change during play): areas from the textures
 * in assets/ (terrainArt.ts) with a firm outline, so that a wood, a town, water or a hill reads
 * at a glance; hills with a contour per height level and their crest line with hachures down
 * both slopes; villages with a church icon. Names are placed by `terrainLabels` and drawn in
 * screen pixels by the scene, so they stay readable at any zoom.
 */
import { Container, Graphics, Sprite } from 'pixi.js';
import type { TerrainFeature } from '../engine/model';
import { PALETTE } from './palette';
import type { TerrainArt } from './terrainArt';

const flat = (ps: readonly { x: number; y: number }[]) => ps.flatMap((p) => [p.x, p.y]);

/** Draws the terrain of a battle; `art` null draws flat colours. */
export function drawTerrain(features: readonly TerrainFeature[], art: TerrainArt | null = null): Container {
  const layer = new Container({ label: 'terrain' });
  // Areas first (hills under woods under villages), then linear features on top.
  const order = ['field', 'marsh', 'rough', 'hill', 'lake', 'wood', 'village', 'building', 'stream', 'river', 'obstacle', 'road', 'ford', 'bridge'];
  const sorted = [...features].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  for (const t of sorted) layer.addChild(drawFeature(t, art));
  return layer;
}

/** The mean of a polygon's vertices (for labels and icons; terrain outlines are near-convex). */
export function centroid(ps: readonly { x: number; y: number }[]): { x: number; y: number } {
  return { x: ps.reduce((a, p) => a + p.x, 0) / ps.length, y: ps.reduce((a, p) => a + p.y, 0) / ps.length };
}

/** Where each named feature's name goes on the table (mm): under its lowest point, as a map letters it, clear of what stands on it. */
export function terrainLabels(features: readonly TerrainFeature[]): { id: string; name: string; kind: string; at: { x: number; y: number } }[] {
  const out: { id: string; name: string; kind: string; at: { x: number; y: number } }[] = [];
  for (const t of features) {
    if (!t.name || t.polygon.length < 3 || t.kind === 'road' || t.kind === 'stream' || t.kind === 'river') continue;
    const c = centroid(t.polygon);
    out.push({ id: t.id, name: t.name, kind: t.kind, at: { x: c.x, y: Math.max(...t.polygon.map((p) => p.y)) } });
  }
  return out;
}

function drawFeature(t: TerrainFeature, art: TerrainArt | null): Container {
  const g = new Graphics({ label: `terrain:${t.id}` });
  const poly = flat(t.polygon);
  switch (t.kind) {
    case 'hill': {
      g.poly(poly).fill(art ? art.hill : { color: PALETTE.hill }).stroke({ width: 4, color: PALETTE.hillContour, alpha: 0.9 });
      const c = centroid(t.polygon);
      for (let level = 2; level <= (t.heightLevel ?? 1); level++) {
        // Inner contours for higher hills, shrunk towards the centroid, a shade lighter each.
        const k = 1 - (level - 1) * 0.3;
        g.poly(t.polygon.flatMap((p) => [c.x + (p.x - c.x) * k, c.y + (p.y - c.y) * k])).fill({ color: 0xfff6c0, alpha: 0.12 }).stroke({ width: 2.5, color: PALETTE.hillContour });
      }
      if (t.crest) crestLine(g, t.crest);
      break;
    }
    case 'wood': {
      g.poly(poly).fill(art ? art.wood : { color: PALETTE.wood, alpha: 0.9 }).stroke({ width: 4, color: PALETTE.woodTree });
      if (!art) {
        // Tree clumps on a fixed lattice inside the outline (deterministic, no randomness).
        const xs = t.polygon.map((p) => p.x), ys = t.polygon.map((p) => p.y);
        for (let x = Math.min(...xs) + 20; x < Math.max(...xs); x += 42) {
          for (let y = Math.min(...ys) + 20; y < Math.max(...ys); y += 42) {
            const ox = ((x * 7 + y * 13) % 17) - 8;
            if (inside(t.polygon, x + ox, y)) g.circle(x + ox, y, 12).fill({ color: PALETTE.woodTree });
          }
        }
      }
      // A plain wood colour inside the edge keeps the outline readable over the canopy texture.
      g.poly(poly).stroke({ width: 2, color: PALETTE.wood, alignment: 1 });
      break;
    }
    case 'road':
    case 'stream':
    case 'river': {
      const isRoad = t.kind === 'road';
      const line = t.line ?? t.polygon;
      const w = t.widthMm ?? 20;
      g.poly(flat(line), false).stroke({ width: w + 6, color: isRoad ? PALETTE.roadEdge : PALETTE.waterEdge, cap: 'round', join: 'round' });
      g.poly(flat(line), false).stroke({ width: w, color: isRoad ? PALETTE.road : PALETTE.water, cap: 'round', join: 'round' });
      if (!isRoad) g.poly(flat(line), false).stroke({ width: Math.max(1.5, w * 0.18), color: 0x8fb8dc, alpha: 0.7, cap: 'round', join: 'round' });
      break;
    }
    case 'village':
    case 'building': {
      if (art) g.poly(poly).fill(art.town).stroke({ width: 4, color: PALETTE.building });
      else {
        g.poly(poly).fill({ color: PALETTE.village, alpha: 0.55 }).stroke({ width: 3, color: PALETTE.building });
        const xs = t.polygon.map((p) => p.x), ys = t.polygon.map((p) => p.y);
        for (let x = Math.min(...xs) + 15; x < Math.max(...xs) - 30; x += 55) {
          for (let y = Math.min(...ys) + 15; y < Math.max(...ys) - 25; y += 50) {
            if (inside(t.polygon, x + 15, y + 12)) g.rect(x, y, 34, 26).fill({ color: PALETTE.building }).stroke({ width: 1.5, color: 0x3a2418 });
          }
        }
      }
      if (art && t.kind === 'village') {
        const box = new Container({ label: `terrain:${t.id}` });
        const icon = new Sprite({ texture: art.church, anchor: 0.5 });
        const c = centroid(t.polygon);
        icon.position.set(c.x, c.y);
        icon.width = icon.height = 64;
        box.addChild(g, icon);
        return box;
      }
      break;
    }
    case 'lake':
      g.poly(poly).fill(art ? art.water : { color: PALETTE.water }).stroke({ width: 4, color: PALETTE.waterEdge });
      break;
    case 'marsh':
      g.poly(poly).fill(art ? art.marsh : { color: PALETTE.marsh, alpha: 0.8 }).stroke({ width: 2, color: PALETTE.waterEdge });
      break;
    case 'field':
      g.poly(poly).fill(art ? art.field : { color: PALETTE.field, alpha: 0.7 }).stroke({ width: 2, color: PALETTE.roadEdge });
      break;
    default:
      g.poly(poly).fill(art ? art.rough : { color: PALETTE.rough, alpha: 0.7 }).stroke({ width: 2, color: PALETTE.tableEdge });
  }
  return g;
}

/**
 * The crest: a heavy line with short hachures down both slopes every ~30 mm, the way a map
 * marks a ridge, so the crest (which the rulesets use for sight and height) reads at a glance.
 */
function crestLine(g: Graphics, crest: readonly { x: number; y: number }[]): void {
  g.poly(flat(crest), false).stroke({ width: 6, color: PALETTE.crest, alpha: 0.9, cap: 'round', join: 'round' });
  for (let i = 0; i + 1 < crest.length; i++) {
    const a = crest[i]!, b = crest[i + 1]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len === 0) continue;
    const ux = (b.x - a.x) / len, uy = (b.y - a.y) / len;
    for (let d = 12; d < len; d += 30) {
      const x = a.x + ux * d, y = a.y + uy * d;
      for (const side of [-1, 1]) g.moveTo(x - uy * 4 * side, y + ux * 4 * side).lineTo(x - uy * 16 * side, y + ux * 16 * side);
    }
  }
  g.stroke({ width: 2.5, color: PALETTE.crest, alpha: 0.75, cap: 'round' });
}

/** Even-odd point in polygon, for decoration only. */
function inside(poly: readonly { x: number; y: number }[], x: number, y: number): boolean {
  let c = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!, b = poly[j]!;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) c = !c;
  }
  return c;
}

import { Container, Graphics } from 'pixi.js';
import type { TerrainFeature } from '../engine/model';
import { PALETTE } from './palette';

const flat = (ps: readonly { x: number; y: number }[]) => ps.flatMap((p) => [p.x, p.y]);

/** Draws the terrain of a battle once; terrain does not change during play. */
export function drawTerrain(features: readonly TerrainFeature[]): Container {
  const layer = new Container({ label: 'terrain' });
  // Areas first (hills under woods under villages), then linear features on top.
  const order = ['field', 'marsh', 'rough', 'hill', 'lake', 'wood', 'village', 'building', 'stream', 'river', 'obstacle', 'road', 'ford', 'bridge'];
  const sorted = [...features].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  for (const t of sorted) layer.addChild(drawFeature(t));
  return layer;
}

function drawFeature(t: TerrainFeature): Graphics {
  const g = new Graphics({ label: `terrain:${t.id}` });
  const poly = flat(t.polygon);
  switch (t.kind) {
    case 'hill': {
      g.poly(poly).fill({ color: PALETTE.hill }).stroke({ width: 3, color: PALETTE.hillContour });
      for (let level = 2; level <= (t.heightLevel ?? 1); level++) {
        // Inner contours for higher hills, shrunk towards the centroid.
        const cx = t.polygon.reduce((a, p) => a + p.x, 0) / t.polygon.length;
        const cy = t.polygon.reduce((a, p) => a + p.y, 0) / t.polygon.length;
        const k = 1 - (level - 1) * 0.3;
        g.poly(t.polygon.flatMap((p) => [cx + (p.x - cx) * k, cy + (p.y - cy) * k])).stroke({ width: 2, color: PALETTE.hillContour });
      }
      if (t.crest) g.poly(flat(t.crest), false).stroke({ width: 4, color: PALETTE.crest, alpha: 0.8 });
      break;
    }
    case 'wood': {
      g.poly(poly).fill({ color: PALETTE.wood, alpha: 0.9 }).stroke({ width: 3, color: PALETTE.woodTree });
      // Tree clumps on a fixed lattice inside the outline (deterministic, no randomness).
      const xs = t.polygon.map((p) => p.x), ys = t.polygon.map((p) => p.y);
      for (let x = Math.min(...xs) + 20; x < Math.max(...xs); x += 42) {
        for (let y = Math.min(...ys) + 20; y < Math.max(...ys); y += 42) {
          const ox = ((x * 7 + y * 13) % 17) - 8;
          if (inside(t.polygon, x + ox, y)) g.circle(x + ox, y, 12).fill({ color: PALETTE.woodTree });
        }
      }
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
      break;
    }
    case 'village':
    case 'building': {
      g.poly(poly).fill({ color: PALETTE.village, alpha: 0.55 }).stroke({ width: 3, color: PALETTE.building });
      const xs = t.polygon.map((p) => p.x), ys = t.polygon.map((p) => p.y);
      for (let x = Math.min(...xs) + 15; x < Math.max(...xs) - 30; x += 55) {
        for (let y = Math.min(...ys) + 15; y < Math.max(...ys) - 25; y += 50) {
          if (inside(t.polygon, x + 15, y + 12)) g.rect(x, y, 34, 26).fill({ color: PALETTE.building }).stroke({ width: 1.5, color: 0x3a2418 });
        }
      }
      break;
    }
    case 'lake':
      g.poly(poly).fill({ color: PALETTE.water }).stroke({ width: 3, color: PALETTE.waterEdge });
      break;
    case 'marsh':
      g.poly(poly).fill({ color: PALETTE.marsh, alpha: 0.8 }).stroke({ width: 2, color: PALETTE.waterEdge });
      break;
    case 'field':
      g.poly(poly).fill({ color: PALETTE.field, alpha: 0.7 }).stroke({ width: 2, color: PALETTE.roadEdge });
      break;
    default:
      g.poly(poly).fill({ color: PALETTE.rough, alpha: 0.7 }).stroke({ width: 2, color: PALETTE.tableEdge });
  }
  return g;
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

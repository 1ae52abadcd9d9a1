/**
 * Camera maths, pure: screen pixels ↔ table millimetres. The world container is scaled by
 * `scale` and offset by (x, y); zooming keeps the table point under the cursor still.
 */
import type { Camera } from '../store/uiStore';
import { MAX_SCALE, MIN_SCALE } from '../store/uiStore';
import { pt, type TablePoint } from '../geometry/types';

export function screenToTable(c: Camera, sx: number, sy: number): TablePoint {
  return pt((sx - c.x) / c.scale, (sy - c.y) / c.scale);
}

export function tableToScreen(c: Camera, p: { x: number; y: number }): { x: number; y: number } {
  return { x: p.x * c.scale + c.x, y: p.y * c.scale + c.y };
}

/** Zoom by `factor` about the screen point (sx, sy), clamped to the allowed scales. */
export function zoomAt(c: Camera, sx: number, sy: number, factor: number): Camera {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, c.scale * factor));
  const k = scale / c.scale;
  return { scale, x: sx - (sx - c.x) * k, y: sy - (sy - c.y) * k };
}

export function panBy(c: Camera, dxPx: number, dyPx: number): Camera {
  return { ...c, x: c.x + dxPx, y: c.y + dyPx };
}

/** The camera that shows the whole table centred in a viewport, with a margin in pixels. */
export function fitTable(tableW: number, tableH: number, viewW: number, viewH: number, marginPx = 24): Camera {
  const scale = Math.max(MIN_SCALE, Math.min((viewW - 2 * marginPx) / tableW, (viewH - 2 * marginPx) / tableH));
  return { scale, x: (viewW - tableW * scale) / 2, y: (viewH - tableH * scale) / 2 };
}

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

/**
 * The camera that brings a box of the table (a piece a problem names) to the middle of the
 * viewport: the box fills at most half of it, zooming in no further than `maxScale` nor out
 * further than the smallest scale; a piece off the table is shown where it lies.
 */
export function frameBox(box: { x0: number; y0: number; x1: number; y1: number }, viewW: number, viewH: number, maxScale = MAX_SCALE): Camera {
  const w = Math.max(box.x1 - box.x0, 1), h = Math.max(box.y1 - box.y0, 1);
  const scale = Math.max(MIN_SCALE, Math.min(maxScale, MAX_SCALE, viewW / 2 / w, viewH / 2 / h));
  const cx = (box.x0 + box.x1) / 2, cy = (box.y0 + box.y1) / 2;
  return { scale, x: viewW / 2 - cx * scale, y: viewH / 2 - cy * scale };
}

/**
 * Sizes and places of the text the scene draws in screen pixels, pure (tested in node):
 * read-out plates kept inside the view, long read-outs wrapped, marker chips sized by the zoom.
 */

/** Chip text size for a zoom: about 22 px per table mm of scale, never below 9 px nor above 16 px. */
export const markerFontPx = (scale: number): number => Math.max(9, Math.min(16, 22 * scale));

/**
 * Where a plate of w × h pixels anchored at (x, y) goes so that it stays inside a view of
 * viewW × viewH (4 px margin): off the right or bottom edge it flips to the other side of the
 * anchor first (so it does not cover what it reads), then it is clamped.
 */
export function placeInView(x: number, y: number, w: number, h: number, viewW: number, viewH: number): { x: number; y: number } {
  const MARGIN = 4, FLIP = 24;
  let px = x + w > viewW - MARGIN ? x - w - FLIP : x;
  let py = y + h > viewH - MARGIN ? y - h - FLIP : y;
  px = Math.max(MARGIN, Math.min(px, viewW - w - MARGIN));
  py = Math.max(MARGIN, Math.min(py, viewH - h - MARGIN));
  return { x: Math.round(px), y: Math.round(py) };
}

/** Break long read-out lines at spaces so the plate fits a view `viewW` pixels wide. */
export function wrap(lines: readonly string[], viewW: number): string {
  const max = Math.max(24, Math.floor((Math.min(viewW, 720) - 40) / 7.2));
  const out: string[] = [];
  for (const line of lines) {
    let rest = line;
    while (rest.length > max) {
      const cut = rest.lastIndexOf(' ', max);
      const at = cut > max / 2 ? cut : max;
      out.push(rest.slice(0, at));
      rest = (out.length > 0 ? '  ' : '') + rest.slice(at).trimStart();
    }
    out.push(rest);
  }
  return out.join('\n');
}

/**
 * A uniform-grid cell walker (Amanatides–Woo) over any grid: yields, in order, the cells a
 * segment passes through. PERF: state lives in one module scratch array and nothing is
 * allocated per step or per query; walks must not be nested (none are).
 */
export interface GridSpec {
  readonly originX: number;
  readonly originY: number;
  readonly cellMm: number;
  readonly nx: number;
  readonly ny: number;
}

// cx, cy, stepX, stepY, tDx, tDy, tMx, tMy, t1, tEnter
const W = new Float64Array(10);

const clampI = (v: number, n: number) => (v < 0 ? 0 : v >= n ? n - 1 : v);

/** Start a walk; returns the first cell index or −1 when the segment misses the grid. `walkT()` gives the entry t. */
export function walkStart(g: GridSpec, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax, dy = by - ay;
  const gx0 = g.originX, gy0 = g.originY, gx1 = gx0 + g.nx * g.cellMm, gy1 = gy0 + g.ny * g.cellMm;
  let t0 = 0, t1 = 1;
  if (dx === 0) { if (ax < gx0 || ax > gx1) return -1; } else {
    let ta = (gx0 - ax) / dx, tb = (gx1 - ax) / dx;
    if (ta > tb) { const s = ta; ta = tb; tb = s; }
    if (ta > t0) t0 = ta;
    if (tb < t1) t1 = tb;
  }
  if (dy === 0) { if (ay < gy0 || ay > gy1) return -1; } else {
    let ta = (gy0 - ay) / dy, tb = (gy1 - ay) / dy;
    if (ta > tb) { const s = ta; ta = tb; tb = s; }
    if (ta > t0) t0 = ta;
    if (tb < t1) t1 = tb;
  }
  if (t0 > t1) return -1;
  const cs = g.cellMm;
  const cx = clampI(Math.floor((ax + dx * t0 - gx0) / cs), g.nx);
  const cy = clampI(Math.floor((ay + dy * t0 - gy0) / cs), g.ny);
  const stepX = dx > 0 ? 1 : dx < 0 ? -1 : 0, stepY = dy > 0 ? 1 : dy < 0 ? -1 : 0;
  W[0] = cx; W[1] = cy; W[2] = stepX; W[3] = stepY;
  W[4] = stepX !== 0 ? cs / Math.abs(dx) : Infinity;
  W[5] = stepY !== 0 ? cs / Math.abs(dy) : Infinity;
  W[6] = stepX > 0 ? (gx0 + (cx + 1) * cs - ax) / dx : stepX < 0 ? (gx0 + cx * cs - ax) / dx : Infinity;
  W[7] = stepY > 0 ? (gy0 + (cy + 1) * cs - ay) / dy : stepY < 0 ? (gy0 + cy * cs - ay) / dy : Infinity;
  W[8] = t1;
  W[9] = t0;
  return cy * g.nx + cx;
}

/** The next cell of the walk, or −1 at its end. */
export function walkNext(g: GridSpec): number {
  let cx = W[0]!, cy = W[1]!;
  if (W[6]! < W[7]!) {
    if (W[6]! > W[8]!) return -1;
    W[9] = W[6]!; cx += W[2]!; W[6] = W[6]! + W[4]!;
    if (cx < 0 || cx >= g.nx) return -1;
    W[0] = cx;
  } else {
    if (W[7]! > W[8]!) return -1;
    W[9] = W[7]!; cy += W[3]!; W[7] = W[7]! + W[5]!;
    if (cy < 0 || cy >= g.ny) return -1;
    W[1] = cy;
  }
  return cy * g.nx + cx;
}

/** Entry parameter t of the current cell. */
export const walkT = (): number => W[9]!;

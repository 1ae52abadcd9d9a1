import type { Radians, StandFootprint, TablePoint } from './types';
import { pt } from './types';
import { cos, sin } from './math';

/** Unit vector a facing looks along. */
export function forward(facing: Radians): TablePoint {
  return pt(cos(facing), sin(facing));
}

/** Unit vector to the stand's right (clockwise a quarter turn on screen, y down). */
export function rightOf(facing: Radians): TablePoint {
  return pt(-sin(facing), cos(facing));
}

/**
 * Corners of a stand in order front-left, front-right, rear-right, rear-left (as the stand's
 * own troops would name them when looking along its facing).
 */
export function standCorners(s: StandFootprint): [TablePoint, TablePoint, TablePoint, TablePoint] {
  return cornersOf(s.centre.x, s.centre.y, s.facing, s.widthMm, s.depthMm);
}

/**
 * PERF: the cosine and sine of the last facing asked about. Corners are asked for again and again
 * for stands of one facing (every stand of a unit, every pose of a straight move), and the
 * deterministic sin and cos are the most of their cost; the very same numbers are returned
 * (−0 and 0 are told apart, as sin tells them apart).
 */
let lastFacing = NaN, lastCos = 1, lastSin = 0;
function turnOf(facing: number): void {
  if (facing === lastFacing && (facing !== 0 || 1 / facing === 1 / lastFacing)) return;
  lastFacing = facing;
  lastCos = cos(facing);
  lastSin = sin(facing);
}

/** `standCorners` of a stand centred at (x, y) facing `facing`. */
function cornersOf(x: number, y: number, facing: number, widthMm: number, depthMm: number): [TablePoint, TablePoint, TablePoint, TablePoint] {
  // PERF: no closures or intermediate vectors: called for every stand on every drag step.
  turnOf(facing);
  const c = lastCos, n = lastSin;
  const hw = widthMm / 2, hd = depthMm / 2;
  const fx = c * hd, fy = n * hd, rx = -n * hw, ry = c * hw;
  return [pt(x + fx - rx, y + fy - ry), pt(x + fx + rx, y + fy + ry), pt(x - fx + rx, y - fy + ry), pt(x - fx - rx, y - fy - ry)];
}

/** Axis-aligned bounding box of a footprint. */
export function standBounds(s: StandFootprint): { minX: number; minY: number; maxX: number; maxY: number } {
  const c = standCorners(s);
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const p of c) {
    if (p.x < minX) minX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.x > maxX) maxX = p.x;
    if (p.y > maxY) maxY = p.y;
  }
  return { minX, minY, maxX, maxY };
}

/** Move a footprint by (dx, dy) without turning it. */
export function translateStand(s: StandFootprint, dx: number, dy: number): StandFootprint {
  return { ...s, centre: pt(s.centre.x + dx, s.centre.y + dy) };
}

/** Turn a footprint about a point by `angle` (clockwise on screen when positive). */
export function rotateStand(s: StandFootprint, pivot: TablePoint, angle: number): StandFootprint {
  const cs = cos(angle), sn = sin(angle);
  const dx = s.centre.x - pivot.x, dy = s.centre.y - pivot.y;
  return {
    ...s,
    centre: pt(pivot.x + dx * cs - dy * sn, pivot.y + dx * sn + dy * cs),
    facing: (s.facing + angle) as Radians,
  };
}

/**
 * `standCorners(rotateStand(s, pivot, angle))` bit for bit, without building the turned stand.
 * PERF: a wheel is sampled every millimetre of corner travel.
 */
export function rotatedCorners(s: StandFootprint, pivot: TablePoint, angle: number): [TablePoint, TablePoint, TablePoint, TablePoint] {
  const cs = cos(angle), sn = sin(angle);
  const dx = s.centre.x - pivot.x, dy = s.centre.y - pivot.y;
  return cornersOf(pivot.x + dx * cs - dy * sn, pivot.y + dx * sn + dy * cs, s.facing + angle, s.widthMm, s.depthMm);
}

/** Centre of the stand's front edge. */
export function frontCentre(s: StandFootprint): TablePoint {
  const f = forward(s.facing);
  return pt(s.centre.x + (f.x * s.depthMm) / 2, s.centre.y + (f.y * s.depthMm) / 2);
}

/**
 * `standCorners` written into a flat array (x0, y0, … x3, y3 from `at`), with the very same
 * arithmetic, so fast paths see bit-identical corners. PERF: no allocation.
 */
export function standCornersInto(s: StandFootprint, out: Float64Array, at = 0): void {
  turnOf(s.facing);
  const c = lastCos, n = lastSin;
  const hw = s.widthMm / 2, hd = s.depthMm / 2;
  const fx = c * hd, fy = n * hd, rx = -n * hw, ry = c * hw;
  const x = s.centre.x, y = s.centre.y;
  out[at] = x + fx - rx; out[at + 1] = y + fy - ry;
  out[at + 2] = x + fx + rx; out[at + 3] = y + fy + ry;
  out[at + 4] = x - fx + rx; out[at + 5] = y - fy + ry;
  out[at + 6] = x - fx - rx; out[at + 7] = y - fy - ry;
}

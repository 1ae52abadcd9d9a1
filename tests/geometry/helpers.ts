import type { Radians, StandFootprint } from '../../src/geometry/types';
import { mm, pt, rad } from '../../src/geometry/types';
import { layoutLine } from '../../src/geometry/formation';

export const stand = (x: number, y: number, facing = 0, w = 40, d = 20): StandFootprint => ({ centre: pt(x, y), facing: rad(facing), widthMm: mm(w), depthMm: mm(d) });
export const base = (w = 40, d = 20) => ({ widthMm: mm(w), depthMm: mm(d) });
/** A line of n 40×20 stands, front edge centred on (x, y), facing `facing`. */
export const line = (n: number, x = 500, y = 500, facing = 0, ranks = 1): StandFootprint[] =>
  layoutLine(pt(x, y), facing as Radians, Array.from({ length: n }, () => base()), ranks);
export const close = (a: number, b: number, eps = 1e-6) => Math.abs(a - b) <= eps;

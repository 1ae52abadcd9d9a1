/**
 * Branded units for the table. The world is measured in millimetres on a flat table frame:
 * x grows to the right along the long edge, y grows *down* the screen (towards side A's
 * edge), angles are radians measured clockwise on screen from +x (the pixi convention with
 * y down). A facing of θ means the stand's front looks along (cos θ, sin θ).
 * Inches and centimetres exist only at a ruleset's edge (see `inches`, `cm`).
 */
declare const brand: unique symbol;
export type Brand<T, B extends string> = T & { readonly [brand]: B };

export type Millimetres = Brand<number, 'mm'>;
export type Radians = Brand<number, 'rad'>;

export interface TablePoint {
  readonly x: Millimetres;
  readonly y: Millimetres;
}

export const mm = (n: number): Millimetres => n as Millimetres;
export const rad = (n: number): Radians => n as Radians;
export const pt = (x: number, y: number): TablePoint => ({ x: x as Millimetres, y: y as Millimetres });

export const MM_PER_INCH = 25.4;
export const inches = (n: number): Millimetres => (n * MM_PER_INCH) as Millimetres;
export const cm = (n: number): Millimetres => (n * 10) as Millimetres;

export const degToRad = (deg: number): Radians => ((deg * Math.PI) / 180) as Radians;
export const radToDeg = (r: Radians | number): number => (r * 180) / Math.PI;

/** Normalise an angle into (-π, π]. */
export function normaliseAngle(a: number): Radians {
  let r = a % (2 * Math.PI);
  if (r <= -Math.PI) r += 2 * Math.PI;
  else if (r > Math.PI) r -= 2 * Math.PI;
  return r as Radians;
}

/**
 * A stand's footprint: a rectangle `widthMm` along its front and `depthMm` front-to-back,
 * centred on `centre`, its front facing `facing`.
 */
export interface StandFootprint {
  readonly centre: TablePoint;
  readonly facing: Radians;
  readonly widthMm: Millimetres;
  readonly depthMm: Millimetres;
}

/**
 * DoG Range Modifiers (infantry ranges) and the artillery range tables (Canister Range Table;
 * Ball and Shell Table, +1 British Shrapnel). Bands in metres = mm (1 mm = 1 m). The small-arms
 * table has four columns under three headings: Musket, Rifle, Mounted (carbine fired from the
 * saddle) and Carbine (dismounted) — RULINGS.md. A blank cell is out of range.
 */
export const RANGE_RULE = 'DoG Range Modifiers';
export const ARTILLERY_RANGE_RULE = 'DoG Artillery Ranges (Canister Range Table; Ball and Shell Table)';

export type SmallArm = 'musket' | 'rifle' | 'mounted' | 'carbine';
export interface Band { readonly toMm: number; readonly modifier: number }

export const SMALL_ARMS_RANGES: Readonly<Record<SmallArm, readonly Band[]>> = {
  musket: [{ toMm: 35, modifier: 3 }, { toMm: 60, modifier: 1 }, { toMm: 90, modifier: 0 }, { toMm: 125, modifier: -2 }, { toMm: 150, modifier: -4 }, { toMm: 175, modifier: -6 }, { toMm: 200, modifier: -9 }],
  rifle: [{ toMm: 35, modifier: 1 }, { toMm: 60, modifier: 0 }, { toMm: 90, modifier: -1 }, { toMm: 125, modifier: -2 }, { toMm: 150, modifier: -3 }, { toMm: 175, modifier: -5 }, { toMm: 200, modifier: -6 }, { toMm: 250, modifier: -8 }, { toMm: 300, modifier: -9 }],
  mounted: [{ toMm: 35, modifier: 0 }, { toMm: 60, modifier: -2 }, { toMm: 90, modifier: -4 }, { toMm: 125, modifier: -6 }, { toMm: 150, modifier: -9 }],
  carbine: [{ toMm: 35, modifier: 1 }, { toMm: 60, modifier: 0 }, { toMm: 90, modifier: -2 }, { toMm: 125, modifier: -4 }, { toMm: 150, modifier: -6 }, { toMm: 175, modifier: -9 }],
};

export type Calibre = '3-4' | '6-7' | '8-9' | '12';
export const CALIBRES: readonly Calibre[] = ['3-4', '6-7', '8-9', '12'];

/** Canister: +4, +2, 0, -2 by band. */
export const CANISTER: Readonly<Record<Calibre, readonly Band[]>> = {
  '3-4': [{ toMm: 75, modifier: 4 }, { toMm: 150, modifier: 2 }, { toMm: 250, modifier: 0 }, { toMm: 375, modifier: -2 }],
  '6-7': [{ toMm: 85, modifier: 4 }, { toMm: 165, modifier: 2 }, { toMm: 275, modifier: 0 }, { toMm: 400, modifier: -2 }],
  '8-9': [{ toMm: 100, modifier: 4 }, { toMm: 200, modifier: 2 }, { toMm: 325, modifier: 0 }, { toMm: 450, modifier: -2 }],
  '12': [{ toMm: 150, modifier: 4 }, { toMm: 300, modifier: 2 }, { toMm: 450, modifier: 0 }, { toMm: 600, modifier: -2 }],
};

/** Ball and shell: +2, 0, -3, -6, -9 by band. */
export const BALL: Readonly<Record<Calibre, readonly Band[]>> = {
  '3-4': [{ toMm: 100, modifier: 2 }, { toMm: 275, modifier: 0 }, { toMm: 530, modifier: -3 }, { toMm: 770, modifier: -6 }, { toMm: 900, modifier: -9 }],
  '6-7': [{ toMm: 125, modifier: 2 }, { toMm: 300, modifier: 0 }, { toMm: 580, modifier: -3 }, { toMm: 820, modifier: -6 }, { toMm: 950, modifier: -9 }],
  '8-9': [{ toMm: 150, modifier: 2 }, { toMm: 350, modifier: 0 }, { toMm: 660, modifier: -3 }, { toMm: 880, modifier: -6 }, { toMm: 1000, modifier: -9 }],
  '12': [{ toMm: 225, modifier: 2 }, { toMm: 450, modifier: 0 }, { toMm: 800, modifier: -3 }, { toMm: 1000, modifier: -6 }, { toMm: 1250, modifier: -9 }],
};
export const BRITISH_SHRAPNEL = 1;

/** The band a range falls in (whole metres, rounded), or undefined beyond the last. */
export function bandFor(bands: readonly Band[], rangeMm: number): Band | undefined {
  const m = Math.round(rangeMm);
  return bands.find((b) => m <= b.toMm);
}
export const maxRangeMm = (bands: readonly Band[]): number => bands[bands.length - 1]!.toMm;

import type { DieEmulation } from '../../../engine/dice';

/**
 * NW §6 Dice: the d10 reads 0 as 10 (faces 1–10). Without a d10, roll a white and a coloured
 * d6: a white 6 is rerolled; coloured 1–3 gives the white die, coloured 4–6 gives white + 5.
 */
export const D10_FACES = 10;

export interface D10EmulationRow {
  readonly coloured: readonly number[];
  /** Result for white 1..5; white 6 is rerolled. */
  readonly byWhite: readonly [number, number, number, number, number];
}

/** NW §6 Dice: the 2d6-for-d10 table. */
export const D10_EMULATION: { readonly rows: readonly D10EmulationRow[]; readonly rerollWhite: number; readonly rule: string } = {
  rows: [
    { coloured: [1, 2, 3], byWhite: [1, 2, 3, 4, 5] },
    { coloured: [4, 5, 6], byWhite: [6, 7, 8, 9, 10] },
  ],
  rerollWhite: 6,
  rule: 'NW §6 Dice',
};

/** The d10 value a white/coloured pair gives, or undefined when the white die must be rerolled. */
export function emulatedD10(white: number, coloured: number): number | undefined {
  if (white === D10_EMULATION.rerollWhite) return undefined;
  const row = D10_EMULATION.rows.find((r) => r.coloured.includes(coloured));
  if (!row || white < 1 || white > 5) throw new RangeError(`not a d6 pair: white ${white}, coloured ${coloured}`);
  return row.byWhite[white - 1];
}

/**
 * NW §6 Dice as the engine's die emulation hook: read the white d6 first, re-rolling a 6; then
 * the coloured d6 picks 1-5 or 6-10. The log shows the white throws and the coloured die.
 */
export const D10_FROM_2D6: DieEmulation = {
  rule: D10_EMULATION.rule,
  emulate(draw) {
    const white: number[] = [draw(6)];
    while (white[white.length - 1] === D10_EMULATION.rerollWhite) white.push(draw(6));
    const coloured = draw(6);
    return { face: emulatedD10(white[white.length - 1]!, coloured)!, detail: { white, coloured } };
  },
};

/** NW §7 Rounding Fractions: always round up ("half a 1d6" of 3 is 2). */
export const roundUp = (x: number): number => Math.ceil(x - 1e-9);

/**
 * Section citations for Seven Years War 2.4 (March 2018). The rules number their parts
 * (1) Introduction, (2) Sequence of play, (3) Command and Control, (5) Shooting, 6 Melee,
 * 7 Rout and Pursuit, 8 Morale, 9 Deployment; the movement part has no printed number and
 * is cited as §4 (it sits between (3) and (5) on pp.8-10). Page numbers are the text's own.
 */
export type Section = string;

/** A dice expression: `count` dice of `faces` faces, plus `plus`. */
export interface DiceSpec {
  readonly count: number;
  readonly faces: 3 | 4 | 6 | 10 | 12;
  readonly plus: number;
}

export const dice = (count: number, faces: DiceSpec['faces'], plus = 0): DiceSpec => ({ count, faces, plus });

/** A fixed-value modifier with its label and the section it comes from. */
export interface ModifierSpec {
  readonly id: string;
  readonly label: string;
  readonly value: number;
  readonly rule: Section;
}

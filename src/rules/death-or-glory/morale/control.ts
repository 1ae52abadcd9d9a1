/**
 * DoG CONTROL: what a control result does. Pursuit and retirement are carried out in the
 * compulsory moves (sequence/turn.ts); "stand - may not advance" is enforced on moves and charges
 * (movement/commands.ts `advanceLimit`, charge/charges.ts).
 */
import type { Unit } from '../../../engine/model';
import type { W } from '../state';
import { setUs } from '../state';
import type { ControlResult } from '../tables';
import { CONTROL_RULE } from '../tables';

export function applyControl(w: W, u: Unit, r: ControlResult): void {
  const control = r === 'pursue2' ? { kind: 'pursue' as const, moves: 2 } : r === 'pursue1' ? { kind: 'pursue' as const, moves: 1 } : r === 'stand1' ? { kind: 'stand' as const, moves: 1 } : r === 'stand2' ? { kind: 'stand' as const, moves: 2 } : r === 'retire' ? { kind: 'retire' as const, moves: 1 } : undefined;
  setUs(w, u.id, { control });
  if (control) w.ctx.emit({ type: 'ControlResult', unit: u.id, result: control.kind, moves: control.moves, rule: CONTROL_RULE });
}

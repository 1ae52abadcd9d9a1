// NW Orders/Deploy charge response "face" (RULINGS, last items): the two Deploy actions the text
// offers against a charger — "Turn to face an attacker as he Charges" (a §25 change of face: the
// stands turned through 90° left/right or 180° about) and "Wheel up to 45 degrees to face an
// attacker as he Charges in" (a §25 wheel on the inner stand). Not a free turn to any angle.
import { rotateUnit, wheelUnit } from '../../geometry/units';
import type { Unit } from '../../engine/model';
import { normaliseAngle } from '../../geometry/types';
import { bearing, frameOfUnit, unitFacing } from './geom';

const QUARTER = Math.PI / 2;
const WHEEL_MAX = Math.PI / 4;

export type FacePlan = { kind: 'wheel' | 'change-face' | 'none'; angleRad: number };

/** Which of the two moves, and by how much: a wheel of the exact angle if the attacker is within 45° of the front, else the 90°/180° change of face nearest his bearing. */
export function planFace(u: Unit, attacker: Unit): FacePlan {
  const delta = normaliseAngle(bearing(frameOfUnit(u).centre, frameOfUnit(attacker).centre) - unitFacing(u));
  if (Math.abs(delta) < 1e-9) return { kind: 'none', angleRad: 0 };
  if (Math.abs(delta) <= WHEEL_MAX + 1e-9) return { kind: 'wheel', angleRad: delta };
  const turns = [QUARTER, -QUARTER, Math.PI];
  let best = turns[0]!;
  for (const t of turns) if (Math.abs(normaliseAngle(delta - t)) < Math.abs(normaliseAngle(delta - best))) best = t;
  return { kind: 'change-face', angleRad: best };
}

export function faceAttacker(u: Unit, attacker: Unit): { unit: Unit; plan: FacePlan } {
  const plan = planFace(u, attacker);
  if (plan.kind === 'wheel') return { unit: wheelUnit(u, plan.angleRad, frameOfUnit(u)).unit, plan };
  if (plan.kind === 'change-face') return { unit: rotateUnit(u, frameOfUnit(u).centre, plan.angleRad), plan };
  return { unit: u, plan };
}

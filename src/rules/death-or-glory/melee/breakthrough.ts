/**
 * DoG MELÉE, what a round does to the next one and beyond:
 * - "A cavalry unit or infantry column that wins the first round of melee against a line or
 *   square, breaks through the line or square and attacks the defenders in the rear during the
 *   second round of melee." ("A cavalry unit which breaks into an infantry square attacks the
 *   infantry in the back during the second round of melee.")
 * - "An infantry line which holds firm against an infantry column advances to flow round the
 *   column's flanks during the second round of melee."
 * - "A cavalry unit which inflicts 25% more casualties on an opposing cavalry unit during any round
 *   of melee than it receives itself will break through the enemy unit and go into an uncontrolled
 *   charge for the remaining move distance allowed" — played out through the movement core
 *   (`pushUntilClear`): straight ahead, through the beaten unit, stopping at the first other unit.
 */
import type { Unit } from '../../../engine/model';
import { setStands, unitIn } from '../../../engine/workingState';
import { advance, withPoses } from '../../../geometry/movement';
import { pushUntilClear } from '../../../geometry/moveClear';
import { standIndexOf, terrainIndexOf } from '../../../geometry/sightCache';
import type { Melee, W } from '../state';
import { us, setUs } from '../state';
import { chargeReachMm } from '../charge/charges';
import { faceTouched, type Struck } from './faces';
import { idRecord } from '../../../engine/ids';

export const MELEE_SECTION = 'DoG MELÉE';
/** "inflicts 25% more casualties … than it receives". */
export const BREAKTHROUGH_RATIO = 1.25;

const isColumn = (u: Unit) => u.arm === 'infantry' && (u.formation === 'column' || u.formation === 'march');
const isLineOrSquare = (u: Unit) => u.arm === 'infantry' && (u.formation === 'line' || u.formation === 'square');

/**
 * The faces struck in the next round after round 1 of `m` went on: the loser's rear when a cavalry
 * unit or infantry column won against a line or square; the column's flanks when an infantry line
 * held firm against it (did not lose). `winner` is undefined for an even round.
 */
export function secondRoundFaces(w: W, m: Melee, round: number, a: Unit, b: Unit, winner: string | undefined): Melee['struck'] {
  const struck: Record<string, Struck> = idRecord(m.struck);
  if (round !== 1) return m.struck;
  for (const [x, y] of [[a, b], [b, a]] as const) {
    if (winner === x.id && (x.arm === 'cavalry' || isColumn(x)) && isLineOrSquare(y)) {
      struck[y.id] = 'rear';
      w.ctx.emit({ type: 'BrokeThrough', unit: x.id, into: y.id, rule: `${MELEE_SECTION} ("breaks through the line or square and attacks the defenders in the rear during the second round")` });
    }
    if (winner !== y.id && x.arm === 'infantry' && x.formation === 'line' && isColumn(y)) {
      struck[y.id] = 'flanks';
      w.ctx.emit({ type: 'FlowedRound', unit: x.id, column: y.id, rule: `${MELEE_SECTION} ("An infantry line which holds firm against an infantry column advances to flow round the column's flanks")` });
    }
  }
  return Object.keys(struck).length > 0 ? struck : undefined;
}

/** Cavalry beating cavalry by a quarter again the casualties it took ("25% more"). */
export function breaksThroughCavalry(win: Unit, lose: Unit, caused: number, suffered: number): boolean {
  return win.arm === 'cavalry' && lose.arm === 'cavalry' && caused > 0 && caused >= BREAKTHROUGH_RATIO * suffered;
}

/**
 * The winner goes through the beaten unit and on straight ahead for what is left of its move and
 * charge bonus this turn (RULINGS.md), passing the beaten unit and skirmishers, stopping touching
 * the first other unit (an enemy touched is a new melee, fought from the next melee phase). It
 * cannot break through if it would not come clear of the beaten unit: false, and nothing moves.
 */
export function uncontrolledCharge(w: W, win: Unit, lose: Unit): boolean {
  const left = Math.max(0, chargeReachMm(w, win) - us(w.rs, win.id).movedMm);
  const plan = advance(win.stands, left);
  if (!plan.ok || left <= 0) return false;
  const skirmishers = new Set(w.battle.units.filter((x) => x.formation === 'skirmish').map((x) => x.id));
  const stop = pushUntilClear(win.stands, plan.legs, {
    others: standIndexOf(w.battle.units), ignore: (id) => id === win.id, table: w.battle.table, terrain: terrainIndexOf(w.battle.terrain),
    rule: (mt) => (mt.unitId === lose.id || skirmishers.has(mt.unitId) ? 'pass' : 'block'),
  });
  if (!stop.passed.some((mt) => mt.unitId === lose.id) || stop.stopMm <= 0) return false;
  const end = stop.leavesTableAtMm ?? stop.stopMm;
  const legs = advance(win.stands, end);
  if (!legs.ok) return false;
  setStands(w, win.id, withPoses(win.stands, legs.stands));
  setUs(w, win.id, { movedMm: us(w.rs, win.id).movedMm + end, moved: true, control: undefined });
  w.ctx.emit({ type: 'UncontrolledCharge', unit: win.id, through: lose.id, distanceM: Math.round(end), rule: `${MELEE_SECTION} ("will break through the enemy unit and go into an uncontrolled charge for the remaining move distance allowed")` });
  const now = unitIn(w, win.id)!;
  const hit = stop.contact && stop.contact.atMm <= end + 1e-6 ? w.battle.units.find((x) => x.id === stop.contact!.meeting.unitId) : undefined;
  if (hit && hit.side !== win.side && !w.rs.melees.some((m) => (m.a === win.id && m.b === hit.id) || (m.a === hit.id && m.b === win.id))) {
    const face = faceTouched(hit, now);
    w.rs = { ...w.rs, melees: [...w.rs.melees, { a: win.id, b: hit.id, rounds: 0, ...(face !== 'front' ? { struck: { [hit.id]: face } } : {}) }] };
    w.ctx.emit({ type: 'MeleeJoined', a: win.id, b: hit.id, ...(face !== 'front' ? { struck: { [hit.id]: face } } : {}), rule: `${MELEE_SECTION} ("A melée is formed when two bodies of troops move into base to base contact")` });
  }
  return true;
}

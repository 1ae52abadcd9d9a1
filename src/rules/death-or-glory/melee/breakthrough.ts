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
import { unitsInContact } from '../../../geometry/units';
import { advance, withPoses } from '../../../geometry/movement';
import { pushUntilClear } from '../../../geometry/moveClear';
import { standIndexOf, terrainIndexOf } from '../../../geometry/sightCache';
import type { Melee, W } from '../state';
import { us, setUs } from '../state';
import { chargeReachMm } from '../charge/charges';
import { faceTouched, type Struck } from './faces';
import { idRecord } from '../../../engine/ids';
import type { TerrainFeature } from '../../../engine/model';
import type { TerrainContact } from '../../../geometry/pathCost';
import { terrainUnder } from '../geo';
import { terrainClass } from '../movement/moves';

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

/** What an uncontrolled charge did: whether it broke through, and the melee its contact formed (and whether that is fought at once). */
export interface Ridethrough {
  readonly through: boolean;
  /** The melee formed with the enemy it ran into, if any. */
  readonly contact?: Melee;
  /** Fought in this melee phase (the enemy struck was in no other melee): RULINGS.md. */
  readonly now?: boolean;
}

/**
 * DoG Charge Restrictions read on an uncontrolled charge's straight path (it has no wheel, so the
 * straight run is all of it): cavalry "may not charge/assault out of or into woods/villages/towns",
 * "up or down medium, steep and extreme steep slopes", "across walls/hedges" — an uncontrolled
 * charge cannot stop, so these cost it its impact factors rather than bar it.
 */
function uncontrolledImpact(w: W, win: Unit, hit: Unit, terrain: readonly TerrainContact[], endMm: number): { impact: boolean; why?: string } {
  const closed = [...terrainUnder(w.battle, hit), ...terrainUnder(w.battle, win)].find((t) => t.kind === 'wood' || t.kind === 'village' || t.kind === 'building' || t.kind === 'marsh');
  if (closed) return { impact: false, why: `into ${closed.name} (cavalry may not charge into woods or villages)` };
  for (const c of terrain) {
    if (!c.entered || c.firstMm > endMm) continue;
    const f = c.feature as TerrainFeature;
    const k = terrainClass(f);
    if (k === 'mediumSlope' || k === 'steepSlope' || k === 'extremeSlope') return { impact: false, why: `over ${f.name} (cavalry may not charge up or down a medium or steeper slope)` };
    if (k === 'lowWall' || k === 'highWall') return { impact: false, why: `across ${f.name} (cavalry may not charge across walls or hedges)` };
  }
  return { impact: true };
}

/**
 * The winner goes through the beaten unit and on straight ahead for what is left of its move and
 * charge bonus this turn (RULINGS.md), passing the beaten unit and skirmishers, stopping touching
 * the first other unit. It is a charge: an enemy it runs into is a melee with the charger's impact
 * factors in its first round (unless the Charge Restrictions deny them), fought in this melee phase
 * when that enemy is in no other melee, else joined to that melee from the next phase without
 * impact (units "may reinforce … but will not be eligible for impact factors"). It cannot break
 * through if it would not come clear of the beaten unit: `through` false, and nothing moves.
 */
export function uncontrolledCharge(w: W, win: Unit, lose: Unit): Ridethrough {
  const left = Math.max(0, chargeReachMm(w, win) - us(w.rs, win.id).movedMm);
  const plan = advance(win.stands, left);
  if (!plan.ok || left <= 0) return { through: false };
  const skirmishers = new Set(w.battle.units.filter((x) => x.formation === 'skirmish').map((x) => x.id));
  const stop = pushUntilClear(win.stands, plan.legs, {
    others: standIndexOf(w.battle.units), ignore: (id) => id === win.id, table: w.battle.table, terrain: terrainIndexOf(w.battle.terrain),
    rule: (mt) => (mt.unitId === lose.id || skirmishers.has(mt.unitId) ? 'pass' : 'block'),
  });
  if (!stop.passed.some((mt) => mt.unitId === lose.id) || stop.stopMm <= 0) return { through: false };
  const end = stop.leavesTableAtMm ?? stop.stopMm;
  const legs = advance(win.stands, end);
  if (!legs.ok) return { through: false };
  setStands(w, win.id, withPoses(win.stands, legs.stands));
  setUs(w, win.id, { movedMm: us(w.rs, win.id).movedMm + end, moved: true, control: undefined });
  w.ctx.emit({ type: 'UncontrolledCharge', unit: win.id, through: lose.id, distanceM: Math.round(end), rule: `${MELEE_SECTION} ("will break through the enemy unit and go into an uncontrolled charge for the remaining move distance allowed")` });
  const now = unitIn(w, win.id)!;
  // The unit it runs into: the first blocking contact, or one it ends touching at the full distance.
  const hit = stop.contact && stop.contact.atMm <= end + 1e-6 ? w.battle.units.find((x) => x.id === stop.contact!.meeting.unitId)
    : w.battle.units.find((x) => x.side !== win.side && x.id !== lose.id && x.formation !== 'skirmish' && unitsInContact(now.stands, x.stands));
  if (!hit || hit.side === win.side || w.rs.melees.some((m) => (m.a === win.id && m.b === hit.id) || (m.a === hit.id && m.b === win.id))) return { through: true };
  const face = faceTouched(hit, now);
  const busy = w.rs.melees.some((m) => m.a === hit.id || m.b === hit.id);
  const imp = busy ? { impact: false, why: `${hit.name} is in melee already: it joins that melee` } : uncontrolledImpact(w, now, hit, stop.trace.terrain, end);
  const contact: Melee = { a: win.id, b: hit.id, rounds: 0, ...(busy || imp.impact ? {} : { charger: win.id }), ...(face !== 'front' ? { struck: { [hit.id]: face } } : {}), ...(imp.impact ? { impact: [win.id] } : {}) };
  w.rs = { ...w.rs, melees: [...w.rs.melees, contact] };
  // It is a charge ("go into an uncontrolled charge"), with or without impact factors (DoG MORALE MODIFIERS "charging cavalry").
  if (!busy) setUs(w, win.id, { charged: { target: hit.id, impact: imp.impact } });
  w.ctx.emit({ type: 'UncontrolledContact', unit: win.id, target: hit.id, impact: imp.impact, now: !busy, ...(imp.why ? { why: imp.why } : {}), ...(face !== 'front' ? { face } : {}), rule: `${MELEE_SECTION} ("go into an uncontrolled charge"); DoG MELÉE ("Eligible … charging units may use their impact + confused melée factor for first round")` });
  return { through: true, contact, now: !busy };
}

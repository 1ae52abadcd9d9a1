/**
 * SYW evaluation of a side's view (RulesetModule.ai.evaluate): higher is better for `side`.
 *
 * It scores what decides the battle. The text has no victory conditions; the house victory
 * (RULINGS.md, Victory) reads the share of its points each side has lost (9 Points system p.20):
 * a side past the break point loses, else at the turn limit the smaller share wins. So the
 * evaluation is the difference of those shares (`pointsLostShare`, the victory's own figure),
 * with the points likely to go next added in:
 *   - half the points of a routing group ((7) Rout p.15-16: routers that find no gap surrender,
 *     pursuers cut them down, and they leave the table unless rallied);
 *   - a tenth of a retreating group's (a failed test sends it back, (3) Orders p.8);
 * and, weighted lower, the points of disordered units ((6) Melee chart p.14: they fight at -1;
 * a prompt to cure them costs an order, (3) p.7).
 *
 * Stands and ground are not in it: a whole unit lost (its last stand, a surrender) counts at its
 * points, and ground decides nothing in these rules. Measured on Kolin Ridge (30 scripted and 20
 * random-v-scripted battles), at the start of turns 7, 8 and 9 the sign of this figure named the
 * eventual winner in 101 of 122 decided cases, against 82 for the earlier stands, orders and
 * ground mix (which dropped a unit lost whole from its count, and the ground, at chance, added noise).
 * Hidden units are not in the view; the points lost and started with are public (ArmyCosted).
 */
import type { SeenGame } from '../../../engine/ruleset';
import { pointsLostShare } from '../losses';
import type { Options, SywState } from '../state';
import type { Tables } from '../tablesSchema';

/** The share of a routing group's points counted as already lost. */
export const ROUT_AT_RISK = 0.5;
/** The share of a retreating group's points counted as already lost. */
export const RETREAT_AT_RISK = 0.1;
/** Weight of the points lost (and at risk) against the other side's. */
const LOSS_WEIGHT = 6;
/**
 * Weight of disordered points: one disordered battalion of a small army is worth about 0.14, over
 * the scripted player's HARM_TOLERANCE, so a move that disorders its own troops is passed over.
 */
const DISORDER_WEIGHT = 1;

type V = SeenGame<SywState, Options, Tables>;

/** A side's points lost, at risk and disordered, each as a share of its starting points. */
export function sywSideStanding(view: V, side: string): { lost: number; atRisk: number; disordered: number } {
  const rs = view.ruleset;
  const start = rs.startPoints[side] ?? 0;
  const lost = pointsLostShare(rs, side);
  if (start <= 0) return { lost, atRisk: 0, disordered: 0 };
  const orderOf = new Map<string, string>();
  for (const g of Object.values(rs.groups)) if (g.side === side && !g.offTable) for (const id of g.units) orderOf.set(id, g.order);
  let atRisk = 0, disordered = 0;
  for (const u of view.battle.units) {
    if (u.side !== side) continue;
    // The house victory's points: a stand's cost by troop type (losses.ts counts them so).
    const p = (view.tables.pointsPerStand[u.troopType] ?? 0) * u.stands.length;
    const order = orderOf.get(u.id);
    atRisk += order === 'rout' ? ROUT_AT_RISK * p : order === 'retreat' ? RETREAT_AT_RISK * p : 0;
    if (rs.units[u.id]?.disordered) disordered += p;
  }
  return { lost, atRisk: atRisk / start, disordered: disordered / start };
}

export function sywEvaluate(view: V, side: string): number {
  let mine = 0, theirs = 0;
  for (const s of view.battle.sides) {
    const st = sywSideStanding(view, s.id);
    const v = LOSS_WEIGHT * (st.lost + st.atRisk) + DISORDER_WEIGHT * st.disordered;
    if (s.id === side) mine += v;
    else theirs += v;
  }
  return theirs - mine;
}

/**
 * DoG CONTROL Result "unit pursues or charges nearest enemy for 2 moves" / "for 1 move", carried
 * out in the compulsory moves through the geometry: the nearest enemy not locked in another melee
 * is charged through `reachTarget` and the movement core when the charge restrictions allow it
 * (contact, aligned on the face it strikes, impact factors when its last 50 m / 150 m were
 * straight — fought from the next melee phase); otherwise the unit moves a full move toward it
 * along the same path and stops at whatever it meets.
 */
import type { Unit } from '../../../engine/model';
import { setStands } from '../../../engine/workingState';
import { reachTarget } from '../../../geometry/reach';
import { moveUntilContact } from '../../../geometry/moveCore';
import { distanceToGap } from '../../../geometry/moveGap';
import { standIndexOf, terrainIndexOf } from '../../../geometry/sightCache';
import { withPoses } from '../../../geometry/movement';
import type { W } from '../state';
import { us, setUs } from '../state';
import { chargeProblem } from '../charge/charges';
import { nearestEnemy, pursue } from '../movement/compulsory';
import { rateMm } from '../movement/moves';
import { hasFlanks } from '../melee/faces';
import { CONTROL_RULE } from '../tables';

/** DoG Skirmishers: the closest skirmishers come to formed troops. */
export const SKIRMISH_GAP_MM = 40;
const RULE = `${CONTROL_RULE} ("pursues or charges nearest enemy")`;
const inMelee = (w: W, id: string) => w.rs.melees.some((m) => m.a === id || m.b === id);

export function pursueOrCharge(w: W, u: Unit): void {
  // "All units may not charge into an existing melee" (DoG Charge Restrictions).
  const e = nearestEnemy(w, u, (x) => !inMelee(w, x.id));
  if (!e) return;
  const v = chargeProblem({ battle: w.battle, rs: w.rs, tables: w.tables, options: w.options, turn: w.turn }, u, e, { counter: true, resolving: true });
  if (v.ok && v.reach) {
    setStands(w, u.id, withPoses(u.stands, v.reach.aligned));
    const face = hasFlanks(e) ? v.reach.face : 'front';
    setUs(w, u.id, { moved: true, ...(v.unforms && us(w.rs, u.id).order === 'formed' ? { order: 'unformed' } : {}) });
    w.rs = { ...w.rs, melees: [...w.rs.melees, { a: u.id, b: e.id, rounds: 0, ...(face !== 'front' ? { struck: { [e.id]: face } } : {}), ...(v.impact ? { impact: [u.id] } : { charger: u.id }) }] };
    w.ctx.emit({ type: 'ControlCharge', unit: u.id, target: e.id, distanceM: Math.round(v.reach.totalMm), impact: v.impact === true, ...(face !== 'front' ? { face } : {}), ...(v.why ? { why: v.why } : {}), rule: RULE });
    return;
  }
  // Out of reach or barred: a full move toward it along the charge's path, stopping at the first unit met.
  const path = reachTarget(u.stands, e.stands, { maxWheelRad: (w.options.chargeWheelDeg * Math.PI) / 180, maxDistanceMm: 1e6, centreOnFace: true });
  if (path.legs.length === 0) { pursue(w, u.id, RULE); return; }
  // DoG Skirmishers: "Skirmishers may not approach closer than 40m to a body of formed troops."
  const short = u.formation === 'skirmish' && e.formation !== 'skirmish' ? distanceToGap(u.stands, path.legs, e.stands, SKIRMISH_GAP_MM) : undefined;
  const budgetMm = Math.min(rateMm(w.tables, u), short ?? Infinity);
  const stop = moveUntilContact(u.stands, path.legs, { others: standIndexOf(w.battle.units), ignore: (id) => id === u.id, table: w.battle.table, terrain: terrainIndexOf(w.battle.terrain), budgetMm, stopAtEdge: true });
  setStands(w, u.id, withPoses(u.stands, stop.stands));
  setUs(w, u.id, { moved: true });
  w.ctx.emit({ type: 'Pursued', unit: u.id, toward: e.id, distanceM: Math.round(stop.stopMm), ...(v.ok ? {} : { why: v.reason }), rule: RULE });
}

/**
 * DoG Charge Restrictions / MELÉE: "units may reinforce troops locked in melee by moving into
 * contact with meleeing troops - but will not be eligible for impact factors" ("Units may not
 * charge into an already formed melee - however, they may reinforce friendly units by moving into
 * contact with the melee"). A move in the movement phase, within what is left of the unit's move
 * (no charge bonus), through the geometry's `reachTarget` (its wheel, then straight, aligned on the
 * face it strikes) and the movement core (nothing in the way). The reinforcement joins the melee
 * at the round it has reached (melee.ts fights the units in contact as one melee).
 */
import { z } from 'zod';
import type { Unit } from '../../../engine/model';
import { defineCommand, reject } from '../../../engine/ruleset';
import { finishWork, setStands } from '../../../engine/workingState';
import { reachTarget, type ReachAnswer } from '../../../geometry/reach';
import { traceUnit } from '../../../geometry/unitTrace';
import { unitsOverlap } from '../../../geometry/units';
import { withPoses } from '../../../geometry/movement';
import type { Face } from '../../../geometry/frame';
import type { DogOptions } from '../options';
import type { DogTables } from '../tables';
import type { DogState, S } from '../state';
import { us, setUs, work, ctxOf } from '../state';
import { allowanceMm, terrainCost } from '../movement/moves';
import { cannotMove, advanceLimit } from '../movement/commands';
import { hasFlanks } from './faces';

export const REINFORCE_RULE = 'DoG Charge Restrictions ("units may reinforce troops locked in melee by moving into contact with meleeing troops")';

type Ctx = ReturnType<typeof ctxOf>;

export interface ReinforceVerdict { readonly ok: boolean; readonly reason?: string; readonly rule?: string; readonly reach?: ReachAnswer; readonly face?: Face; readonly rounds?: number }

/** May `u` reinforce the melee `t` is locked in, and how? */
export function reinforceProblem(c: Ctx, u: Unit, t: Unit): ReinforceVerdict {
  const no = (reason: string, rule = REINFORCE_RULE): ReinforceVerdict => ({ ok: false, reason, rule });
  if (t.side === u.side) return no('Move into contact with an enemy unit in the melee.');
  const m = c.rs.melees.find((x) => (x.a === t.id || x.b === t.id) && c.battle.units.some((f) => f.side === u.side && (f.id === x.a || f.id === x.b)));
  if (!m) return no(`${t.name} is not locked in melee with your troops.`);
  if (u.arm === 'artillery') return no('Artillery does not join a melee.');
  if (u.formation === 'skirmish' && t.formation !== 'skirmish') return no('Skirmishers may not close with formed troops.', 'DoG Skirmishers');
  const stop = cannotMove({ rs: c.rs, turn: c.turn }, u);
  if (stop) return no(stop.reason, stop.rule);
  const st = us(c.rs, u.id);
  if (st.morale === 'retreating') return no(`${u.name} is retreating.`, 'DoG Retreating Troops');
  const lim = advanceLimit({ rs: c.rs }, u);
  if (lim) return no(`${u.name} may not close with the enemy: ${lim.why}.`, lim.rule);
  const left = allowanceMm(c.tables, u, st) - st.movedMm;
  if (left <= 0) return no(`${u.name} has no move left.`, 'DoG MOVEMENT PHASE');
  const reach = reachTarget(u.stands, t.stands, { maxWheelRad: (c.options.chargeWheelDeg * Math.PI) / 180, maxDistanceMm: left, centreOnFace: true });
  if (!reach.reachable) return no(`${t.name} is out of reach (${reach.reason ?? 'no path'}).`, 'DoG MOVEMENT PHASE');
  const trace = traceUnit(c.battle, u, reach.legs, (id) => id === u.id || id === t.id);
  const met = trace.meetings.find((x) => !x.atStart);
  if (met) return no(`${c.battle.units.find((x) => x.id === met.unitId)?.name ?? 'another unit'} is in the way.`, 'DoG MOVEMENT PHASE');
  if (trace.leavesTableAtMm !== undefined) return no('It would leave the table.', 'DoG MOVEMENT PHASE');
  const other = c.battle.units.find((o) => o.id !== u.id && o.id !== t.id && unitsOverlap(reach.aligned, o.stands));
  if (other) return no(`There is no room beside ${other.name}.`, 'DoG MOVEMENT PHASE');
  const cost = terrainCost(u, trace);
  if (cost.impassable) return no(cost.impassable, 'DoG Movement Costs');
  if (reach.totalMm + cost.extraMm > left + 0.5) return no(`It needs ${Math.round(reach.totalMm + cost.extraMm)} m and has ${Math.round(left)} m left.`, 'DoG MOVEMENT PHASE');
  return { ok: true, reach, face: hasFlanks(t) ? reach.face : 'front', rounds: m.rounds };
}

type Cmd = { type: 'reinforceMelee'; side: string; unit: string; target: string };
export const reinforceMelee = defineCommand<DogState, DogOptions, DogTables, Cmd>({
  describe: 'Move a unit into contact with an enemy unit locked in melee with your troops, to reinforce the melee (no impact factors).',
  schema: z.object({ type: z.literal('reinforceMelee'), side: z.string(), unit: z.string(), target: z.string() }).strict(),
  handle(s: S, c, ctx) {
    const u = s.battle.units.find((x) => x.id === c.unit), t = s.battle.units.find((x) => x.id === c.target);
    if (!u || u.side !== c.side) return reject('not-yours', 'Reinforce with one of your own units.', REINFORCE_RULE);
    if (!t) return reject('no-target', 'Choose an enemy unit in the melee.', REINFORCE_RULE);
    const v = reinforceProblem(ctxOf(s), u, t);
    if (!v.ok) return reject('cannot-reinforce', v.reason!, v.rule!);
    const w = work(s, ctx);
    const st = us(w.rs, u.id);
    setStands(w, u.id, withPoses(u.stands, v.reach!.aligned));
    setUs(w, u.id, { moved: true, movedMm: st.movedMm + v.reach!.totalMm });
    w.rs = { ...w.rs, melees: [...w.rs.melees, { a: u.id, b: t.id, rounds: v.rounds!, ...(v.face !== 'front' ? { struck: { [t.id]: v.face! } } : {}) }] };
    return finishWork(w, [{ type: 'MeleeReinforced', unit: u.id, target: t.id, distanceM: Math.round(v.reach!.totalMm), ...(v.face !== 'front' ? { face: v.face } : {}), rule: REINFORCE_RULE }]);
  },
});

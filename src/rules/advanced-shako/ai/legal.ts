/**
 * Legal commands from a side's view (RulesetModule.legalCommands), for the random player and the AI:
 * coordination; in its division's step, moves forward (a wheel towards the nearest enemy, then straight
 * on a sampled share of the allowance), formation changes, charges and drives-off in reach; fire at
 * enemies the fire plan allows; recalls and withdrawals before melee; orders in the Command phase.
 */
import type { Command, Sampler, SeenGame } from '../../../engine/ruleset';
import type { Unit } from '../../../engine/model';
import { unitDistance } from '../../../geometry/measure';
import type { ShOptions } from '../options';
import type { ShTables } from '../tables';
import type { ShState } from '../state';
import { armOf, divisionOf, mmIn, us } from '../state';
import { allowanceMm, checkMove, FORMATIONS_OF, type MoveLeg } from '../movement/moves';
import { chargeProblem, chargeReach, defendProblem, driveOffProblem, formationProblem, movingDivisions, notNow, reachIn, moveRuleProblem } from '../movement/commands';
import { planFire } from '../fire/fire';
import { canRecall, shelterFor } from '../melee/melee';
import { breakthroughTargets, entitled } from '../melee/breakthrough';
import { recrewProblem } from '../movement/recrew';
import { detachPlan, rejoinProblem } from '../movement/skirmishers';
import { coordinationProblem } from '../sequence/turn';
import { centreOf } from '../geo';
import { unitWheelTowards } from '../../../geometry/aim';

type G = SeenGame<ShState, ShOptions, ShTables>;

export function nearestEnemy(g: { battle: G['battle'] }, u: Unit): Unit | undefined {
  let best: Unit | undefined, bd = Infinity;
  for (const e of g.battle.units) if (e.side !== u.side) { const d = unitDistance(u.stands, e.stands); if (d < bd) { bd = d; best = e; } }
  return best;
}


export function shLegal(g: G, side: string, sm: Sampler): Command[] {
  const out: Command[] = [];
  const step = g.position.step;
  const mine = g.battle.units.filter((u) => u.side === side);
  const s = { battle: g.battle, ruleset: g.ruleset, tables: g.tables, position: g.position };
  if (step === 'coordinate') {
    const divs = Object.keys(g.ruleset.divisions).filter((d) => g.ruleset.divisions[d]!.side === side);
    for (const a of divs) for (const b of divs) if (a < b && !coordinationProblem(s, side, a, b)) out.push({ type: 'coordinate', side, divisions: [a, b] });
  }
  if (step.startsWith('division')) {
    const moving = movingDivisions(s);
    for (const u of mine) {
      if (!recrewProblem(s, u, side)) out.push({ type: 'recrew', side, unit: u.id });
      const d = divisionOf(g.ruleset, u.id);
      if (!d || !moving.includes(d) || notNow(s, u, side)) continue;
      const st = us(g.ruleset, u.id);
      if (sm.chance(0.1) && detachPlan(s, u, side).ok) out.push({ type: 'detachSkirmishers', side, unit: u.id });
      if (!rejoinProblem(s, u, side)) out.push({ type: 'rejoinSkirmishers', side, unit: u.id });
      for (const e of g.battle.units) {
        if (e.side === side || mmIn(unitDistance(u.stands, e.stands)) > reachIn(g.tables, u) + 1) continue;
        if (!chargeProblem(s, u, e) && chargeReach(s, u, e, reachIn(g.tables, u)).ok) out.push({ type: 'charge', side, unit: u.id, target: e.id });
        if (!driveOffProblem(s, u, e) && chargeReach(s, u, e, g.tables.reach.chargeInfantryIn).ok) out.push({ type: 'driveOff', side, unit: u.id, target: e.id });
      }
      const forms = FORMATIONS_OF(u).filter((f) => !formationProblem(s, u, f));
      if (!st.reformed && forms.length > 0 && sm.chance(0.2)) out.push({ type: 'changeFormation', side, unit: u.id, formation: sm.pick(forms) });
      const left = allowanceMm(g.tables, u) - st.movedMm;
      if (left < 5) continue;
      const e = nearestEnemy(g, u);
      const wheel = e ? unitWheelTowards(u.stands, centreOf(e)) : 0;
      const gap = e ? unitDistance(u.stands, e.stands) : Infinity;
      const mm = Math.max(1, Math.min(left * sm.float(0.3, 1), gap - 30));
      const tries: MoveLeg[][] = [];
      if (Math.abs(wheel) > 5) tries.push([{ kind: 'wheel', deg: Math.round(wheel) }]);
      tries.push([{ kind: 'forward', mm: Math.round(mm) }]);
      if (armOf(u) === 'infantry' && sm.chance(0.1)) tries.push([{ kind: 'sidestep', mm: sm.chance(0.5) ? 60 : -60 }]);
      for (const legs of tries) {
        if (moveRuleProblem(s, u, legs)) continue;
        const v = checkMove(g.battle, g.ruleset, u, legs, left);
        if (v.ok && !defendProblem(s, u, v.forwardMm)) out.push({ type: 'moveUnit', side, unit: u.id, legs });
      }
    }
  }
  if (step === 'bombard' || step === 'volleys') {
    const phase = step === 'bombard' ? 'artillery' : 'musketry';
    for (const u of mine) for (const e of g.battle.units) if (e.side !== side && planFire({ ...s, phase }, u, e).ok) out.push({ type: 'fire', side, unit: u.id, target: e.id });
  }
  if (step === 'beforeMelee') {
    for (const u of mine) {
      if (canRecall(s, u) && sm.chance(0.5)) out.push({ type: 'recall', side, unit: u.id });
      if (shelterFor(s, u) && sm.chance(0.5)) out.push({ type: 'withdrawToSquare', side, unit: u.id });
    }
  }
  if (step === 'breakthrough') for (const u of mine) if (entitled(s, u)) for (const x of breakthroughTargets(s, u)) out.push({ type: 'breakthrough', side, unit: u.id, target: x.t.id });
  if (step === 'orders' && sm.chance(0.3)) {
    const divs = Object.keys(g.ruleset.divisions).filter((d) => g.ruleset.divisions[d]!.side === side && !g.ruleset.divisions[d]!.broken);
    if (divs.length) out.push({ type: 'sendOrders', side, division: sm.pick(divs), orders: sm.chance(0.6) ? 'attack' : 'defend' });
  }
  return out;
}

/**
 * Legal commands from a side's view (RulesetModule.legalCommands), for the random player and the
 * AI: the initiative's choice; moves (forward by a sampled share of the allowance, with a wheel
 * towards the nearest enemy), formation changes; shots at enemies in range; assaults on enemies
 * in reach; and, when the side owes a choice, the hits to assign or the reaction.
 */
import type { Command, Sampler, SeenGame } from '../../../engine/ruleset';
import type { Unit } from '../../../engine/model';
import type { BtOptions } from '../options';
import type { BtTables } from '../tables';
import type { BtState } from '../state';
import { us, armOf, mmIn } from '../state';
import { allowanceMm, formationsFor, checkMove } from '../movement/moves';
import { hitCandidates } from '../shooting/hits';
import { planShot } from '../shooting/plan';
import { assaultProblem, assaultReach } from '../assault/assault';
import { unitDistance } from '../../../geometry/measure';
import { centreOf } from '../geo';
import { unitWheelTowards } from '../../../geometry/aim';

type G = SeenGame<BtState, BtOptions, BtTables>;

function nearestEnemy(g: G, u: Unit): Unit | undefined {
  let best: Unit | undefined, bd = Infinity;
  for (const e of g.battle.units) if (e.side !== u.side) { const d = unitDistance(u.stands, e.stands); if (d < bd) { bd = d; best = e; } }
  return best;
}

export function btLegal(g: G, side: string, sm: Sampler): Command[] {
  const out: Command[] = [];
  const p = g.ruleset.pending;
  if (p && p.owner === side) {
    if (p.kind === 'hits') for (const id of hitCandidates({ battle: g.battle, rs: g.ruleset }, p.target)) { if (!p.assigned.includes(id)) out.push({ type: 'assignHit', side, stand: id }); }
    else out.push({ type: 'react', side, choice: sm.chance(0.6) ? 'counter' : 'retreat' });
    return out;
  }
  if (p && !g.position.done.includes(p.owner)) return out;
  const step = g.position.step;
  const mine = g.battle.units.filter((u) => u.side === side);
  if (step === 'chooseFirst') out.push({ type: 'chooseFirst', side, first: sm.chance(0.5) ? 'first' : 'second' });
  if (step === 'moveFirst' || step === 'moveSecond') {
    for (const u of mine) {
      const st = us(g.ruleset, u.id);
      if (st.disorientated) continue;
      const forms = formationsFor(g.tables, u).filter((f) => f !== u.formation);
      if (!st.reformed && forms.length > 0 && sm.chance(0.25)) out.push({ type: 'changeFormation', side, unit: u.id, formation: sm.pick(forms) });
      if (u.formation === 'square' || st.reformed === 'end') continue;
      const left = allowanceMm(g.tables, u) - st.movedMm;
      if (left < 5) continue;
      const e = nearestEnemy(g, u);
      let wheelDeg = 0;
      if (e) {
        wheelDeg = unitWheelTowards(u.stands, centreOf(e));
      }
      const gap = e ? unitDistance(u.stands, e.stands) : Infinity;
      const mm = Math.max(1, Math.min(left * sm.float(0.3, 1), gap - 30));
      const tries: Command[] = [];
      if (Math.abs(wheelDeg) > 5) tries.push({ type: 'moveUnit', side, unit: u.id, legs: [{ kind: 'wheel', deg: Math.round(wheelDeg) }] });
      tries.push({ type: 'moveUnit', side, unit: u.id, legs: [{ kind: 'forward', mm: Math.round(mm) }] });
      if (sm.chance(0.15)) tries.push({ type: 'moveUnit', side, unit: u.id, legs: [{ kind: 'backward', mm: Math.round(mm / 2) }] });
      for (const c of tries) {
        const legs = (c as unknown as { legs: Parameters<typeof checkMove>[2] }).legs;
        if (checkMove(g.battle, u, legs, left).ok) out.push(c);
      }
    }
    for (const gen of g.battle.generals) {
      if (gen.side !== side || g.ruleset.commanders[gen.id]?.moved || !sm.chance(0.2)) continue;
      const bn = mine.filter((u) => armOf(u) !== 'artillery' && unitDistance(u.stands, [gen.stand]) < 200);
      if (bn.length > 0) { const u = sm.pick(bn); out.push({ type: 'moveCommander', side, general: gen.id, x: centreOf(u).x, y: centreOf(u).y, attach: u.id }); }
    }
  }
  if (step === 'shootFirst' || step === 'shootSecond') {
    for (const u of mine) {
      if (us(g.ruleset, u.id).fired) continue;
      for (const e of g.battle.units) {
        if (e.side === side) continue;
        const plan = planShot({ battle: g.battle, rs: g.ruleset, options: g.options, tables: g.tables }, u, e, 'rof');
        if (plan.ok) out.push({ type: 'shoot', side, unit: u.id, target: e.id, ...(us(g.ruleset, u.id).moved && sm.chance(0.5) ? { moved: 'toHit' } : {}) });
      }
    }
  }
  if (step === 'assaultFirst' || step === 'assaultSecond') {
    for (const u of mine) {
      for (const e of g.battle.units) {
        if (e.side === side || assaultProblem({ battle: g.battle, rs: g.ruleset }, u, e)) continue;
        if (mmIn(unitDistance(u.stands, e.stands)) > 14) continue;
        if (assaultReach(g, u, e).ok) out.push({ type: 'assault', side, unit: u.id, target: e.id });
      }
    }
  }
  return out;
}

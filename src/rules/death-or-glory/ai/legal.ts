/**
 * Legal commands from a side's view (RulesetModule.legalCommands) for the random player and the
 * AI: orders in the command phase; moves (a sampled share of the allowance after a wheel toward
 * the nearest enemy), formation changes and generals' rides; charges in reach and reactions;
 * shots at enemies in arc and range.
 */
import type { Command, Sampler, SeenGame } from '../../../engine/ruleset';
import type { Unit } from '../../../engine/model';
import { unitDistance } from '../../../geometry/measure';
import type { DogOptions } from '../options';
import type { DogTables } from '../tables';
import type { DogState } from '../state';
import { us, centreOf, ORDER_KINDS, ctxOf } from '../state';
import { allowanceMm, checkMove, type MoveLeg } from '../movement/moves';
import { cannotMove, advanceLimit, skirmishMoveProblem } from '../movement/commands';
import { formationsOf, changeTurns } from '../movement/formations';
import { chargeProblem, reactionsFor } from '../charge/charges';
import { planFire } from '../fire/plan';
import { reinforceProblem } from '../melee/reinforce';
import { unitWheelTowards } from '../../../geometry/aim';

type G = SeenGame<DogState, DogOptions, DogTables>;

export function nearestEnemyOf(g: { battle: G['battle'] }, u: Unit): Unit | undefined {
  let best: Unit | undefined, bd = Infinity;
  for (const e of g.battle.units) if (e.side !== u.side) { const d = unitDistance(u.stands, e.stands); if (d < bd) { bd = d; best = e; } }
  return best;
}


export function dogLegal(g: G, side: string, sm: Sampler): Command[] {
  const out: Command[] = [];
  const step = g.position.step;
  const mine = g.battle.units.filter((u) => u.side === side);
  const c = ctxOf(g);
  if (step === 'orders') {
    for (const [id, o] of Object.entries(g.ruleset.orders)) if (o.side === side && sm.chance(0.1)) out.push({ type: 'writeOrder', side, brigade: id, order: sm.pick(ORDER_KINDS) });
  }
  if (step === 'moveFirst' || step === 'moveSecond') {
    for (const u of mine) {
      if (cannotMove({ rs: g.ruleset, turn: g.position.turn }, u)) continue;
      const st = us(g.ruleset, u.id);
      if (!st.changedFormation && sm.chance(0.15)) {
        const fs = formationsOf(u).filter((f) => f !== u.formation && changeTurns(g.tables, u, st, f) !== undefined);
        if (fs.length > 0) out.push({ type: 'changeFormation', side, unit: u.id, formation: sm.pick(fs) });
      }
      const left = allowanceMm(g.tables, u, st) - st.movedMm;
      if (left < 5) continue;
      const e = nearestEnemyOf(g, u);
      const wheel = e ? Math.round(unitWheelTowards(u.stands, centreOf(e))) : 0;
      const gap = e ? unitDistance(u.stands, e.stands) : Infinity;
      const lim = advanceLimit({ rs: g.ruleset }, u);
      const mm = Math.round(Math.max(1, Math.min(left * sm.float(0.3, 1), gap - 20)));
      const tries: MoveLeg[][] = [];
      if (Math.abs(wheel) > 5) tries.push([{ kind: 'wheel', deg: wheel }]);
      if (!lim || lim.mm > 0) tries.push([{ kind: 'forward', mm: lim ? Math.min(mm, lim.mm) : mm }]);
      if (sm.chance(0.15)) tries.push([{ kind: 'backward', mm: Math.round(mm / 2) }]);
      for (const legs of tries) { const v = checkMove(g.battle, u, legs, left); if (v.ok && !skirmishMoveProblem({ battle: g.battle, rs: g.ruleset }, u, v.stands!)) out.push({ type: 'moveUnit', side, unit: u.id, legs }); }
    }
    // DoG Charge Restrictions: "units may reinforce troops locked in melee by moving into contact".
    for (const m of g.ruleset.melees) {
      const enemyId = mine.some((u) => u.id === m.a) ? m.b : mine.some((u) => u.id === m.b) ? m.a : undefined;
      const t = enemyId && g.battle.units.find((x) => x.id === enemyId);
      if (!t) continue;
      for (const u of mine) if (unitDistance(u.stands, t.stands) <= 300 && reinforceProblem(c, u, t).ok) out.push({ type: 'reinforceMelee', side, unit: u.id, target: t.id });
    }
    for (const gen of g.battle.generals) {
      const gs = g.ruleset.generals[gen.id];
      if (gen.side !== side || !gs || gs.moved || gs.wound === 'serious' || gs.wound === 'killed' || !sm.chance(0.2)) continue;
      const near = mine.filter((u) => unitDistance(u.stands, [gen.stand]) < 300);
      if (near.length > 0) { const p = centreOf(sm.pick(near)); out.push({ type: 'moveGeneral', side, general: gen.id, x: Math.round(p.x), y: Math.round(p.y) }); }
    }
  }
  if (step === 'declare' || step === 'respond' || step === 'counter') {
    for (const t of mine) {
      const ch = g.ruleset.charges.find((x) => x.target === t.id && x.side !== side);
      const by = ch && g.battle.units.find((x) => x.id === ch.unit);
      if (by && !g.ruleset.reactions[t.id]) for (const r of reactionsFor(g.tables, t, by, ch.face)) if (r !== 'countercharge') out.push({ type: 'reactToCharge', side, unit: t.id, reaction: r });
    }
    for (const u of mine) {
      for (const e of g.battle.units) {
        if (e.side === side || unitDistance(u.stands, e.stands) > 500) continue;
        const counter = g.ruleset.charges.some((x) => x.unit === e.id && x.target === u.id);
        if (step === 'counter' && !counter) continue;
        if (chargeProblem(c, u, e, { counter }).ok) out.push({ type: 'declareCharge', side, unit: u.id, target: e.id });
      }
    }
  }
  if (step === 'fireFirst' || step === 'fireSecond') {
    for (const u of mine) for (const e of g.battle.units) if (e.side !== side && planFire(c, u, e).ok) out.push({ type: 'fire', side, unit: u.id, target: e.id });
  }
  return out;
}

/** Sampled plausible commands for the random player and the AI (RulesetModule.legalCommands). */
import type { Command, Sampler, SeenGame } from '../../engine/ruleset';
import { stateFromView } from '../../engine/lookahead';
import type { NwGameState, NwOptions, NwState } from './types';
import type { NwTables } from './nwTables';
import type { OrderId } from './tables/orders';
import { makeDraft, activeUnits, nwu, enemiesOf } from './core';
import { generalCanOrder, orderProblem, chargeTargetProblem } from './commands';
import { normalMoveMm } from './morale';
import { inCombat } from './combat';
import { unitDistanceMm } from './geom';
import { checkMoveOrder, moveOrderOf } from './moveOrder';
import { spikeProblem } from './guns';
import { dropBackProblem } from './dropBack';
import { occupyBuildings } from './occupy';
import type { Draft } from './types';
import type { Unit } from '../../engine/model';
import { hypot } from '../../geometry/math';

/** Captured enemy guns that `u` could spike now (NW Orders/Deploy "Spike captured artillery pieces"). */
export function spikeableGuns(d: Draft, u: Unit): string[] {
  return d.battle.units.filter((g) => g.side !== u.side && d.rs.units[g.id]?.status === 'captured' && !spikeProblem(d, u.id, g.id)).map((g) => g.id);
}

const noCtx = { roll: () => { throw new Error('legalCommands does not roll'); }, emit: () => undefined };

/** From `side`'s view only (engine lookahead.ts): hidden orders, ambushers and the dice are not in it. */
export function legalCommands(view: SeenGame<NwState, NwOptions, NwTables>, side: string, s: Sampler): Command[] {
  const state = stateFromView(view) as NwGameState;
  const d = makeDraft(state, noCtx);
  const out: Command[] = [];
  const mine = activeUnits(d).filter((u) => u.side === side);
  const step = state.position.step;
  const inch = (mmv: number) => Math.round((mmv / 25.4) * 10) / 10;
  if (step === 'place-orders') {
    // Off-table reserves are called on at the player's wish (NW Off-Table Reserves).
    for (const [uid, e] of Object.entries(d.rs.offTable ?? {})) {
      if (e.kind === 'reserve' && e.releasedTurn === undefined && d.rs.units[uid]?.side === side && s.chance(0.4)) out.push({ type: 'releaseReserve', side, unitId: uid });
    }
    // Generals ride towards the middle of their troops so that they stay in command (NW Generals §1).
    for (const g of state.battle.generals) {
      const ng = d.rs.generals[g.id];
      if (g.side !== side || !ng || ng.lost || ng.withUnit || g.extra['moved'] === `gmove:${state.position.turn}` || mine.length === 0) continue;
      const cx = mine.reduce((a, u) => a + u.stands[0]!.centre.x, 0) / mine.length;
      const cy = mine.reduce((a, u) => a + u.stands[0]!.centre.y, 0) / mine.length;
      const reach = (d.tables.movement[d.rs.scale].rows['light-cavalry'].tacticalIn * 25.4) * 0.9;
      const dx = cx - g.stand.centre.x, dy = cy - g.stand.centre.y;
      const len = hypot(dx, dy);
      if (len < 20) continue;
      const k = Math.min(1, reach / len) * s.float(0.5, 1);
      out.push({ type: 'moveGeneral', side, generalId: g.id, x: Math.round(g.stand.centre.x + dx * k), y: Math.round(g.stand.centre.y + dy * k) });
    }
    for (const u of mine) {
      if (d.rs.orders[u.id]) continue;
      const gens = Object.keys(d.rs.generals).filter((g) => !generalCanOrder(d, g, u));
      if (gens.length === 0) continue;
      const nu = nwu(d, u.id);
      const wants: OrderId[] = nu.morale === 'routed' ? ['recover'] : nu.morale !== 'good' || nu.ammo !== 'stocked' ? ['recover', 'recover', 'defend', 'advance'] : ['advance', 'advance', 'advance', 'charge', 'charge', 'deploy', 'defend', 'retreat'];
      // NW Orders/Deploy: a unit touching captured guns is usually given Deploy to spike them.
      if (spikeableGuns(d, u).length > 0 && nu.morale !== 'routed') wants.push('deploy', 'deploy', 'deploy', 'deploy');
      const ok = wants.filter((o) => !orderProblem(d, u, o));
      if (ok.length === 0) continue;
      out.push({ type: 'placeOrder', side, unitId: u.id, order: s.pick(ok), generalId: s.pick(gens) });
    }
  } else if (step === 'follow-ups') {
    for (const p of d.rs.pendingFollowUps ?? []) if (p.side === side) out.push({ type: 'followUp', side, unitId: p.unitId, follow: s.chance(0.6) });
  } else if (step === 'strategic-move') {
    for (const u of mine) {
      const nu = nwu(d, u.id);
      // NW §2: a planned move is secret and may be replaced; the random player plans each unit once.
      if (!nu.startedOutsideER || d.rs.orders[u.id] || nu.movedStrategic || d.rs.strategicPlans?.[u.id]) continue;
      const full = normalMoveMm(d, u, true);
      out.push({ type: 'moveUnit', side, unitId: u.id, wheelDeg: s.int(-10, 10), distanceIn: inch(s.float(0.3, 0.9) * full) });
    }
  } else if (step === 'choose-initiative') {
    out.push({ type: 'chooseInitiative', side, moveFirst: s.pick(state.battle.sides.map((x) => x.id)) });
  } else if (step === 'evasions-first' || step === 'evasions-second') {
    for (const p of d.rs.pendingEvasions ?? []) if (p.side === side) out.push({ type: 'evadeContact', side, unitId: p.unitId, evade: s.chance(0.5) });
  } else if (step === 'choose-combat-flank') {
    out.push({ type: 'chooseCombatFlank', side, flank: s.pick(['left', 'right'] as const) });
  } else if (step === 'declare-charges') {
    for (const u of mine) {
      const o = d.rs.orders[u.id];
      if (o?.order !== 'charge' || o.target) continue;
      const t = enemiesOf(d, side).filter((e) => !chargeTargetProblem(d, u, e));
      // NW Orders/Charge: chargers may drop back stands to clear friends and terrain (sometimes chosen).
      if (t.length > 0) out.push({ type: 'declareCharge', side, unitId: u.id, targetId: s.pick(t).id, ...(!dropBackProblem(u) && s.chance(0.5) ? { dropBack: true } : {}) });
    }
  } else if (step === 'charge-responses') {
    for (const u of mine) {
      const charged = Object.values(d.rs.orders).some((o) => o.order === 'charge' && o.target === u.id);
      const o = d.rs.orders[u.id];
      if (!charged || o?.response) continue;
      // Facing is a Deploy action: only while the charged unit has its one action left (RULINGS, last items).
      const opts = o?.order === 'advance' ? ['countercharge', 'stand'] : o?.order === 'deploy' && (o.deployActionsUsed ?? 0) < 1 ? ['face', 'stand'] : ['stand'];
      out.push({ type: 'respondToCharge', side, unitId: u.id, response: s.pick(opts) });
    }
  } else if (step === 'initiative-side' || step === 'other-side') {
    // NW §13 (4): sometimes choose the flank first; never offer a unit the order of moves has passed by.
    const rec = moveOrderOf(state, side);
    if (rec.done.length === 0 && rec.flank === undefined && s.chance(0.3)) out.push({ type: 'chooseMoveFlank', side, flank: s.pick(['left', 'right'] as const) });
    for (const u of mine) {
      const nu = nwu(d, u.id);
      const o = d.rs.orders[u.id];
      if (!o || nu.movedThisTurn || inCombat(d, u.id)) continue;
      if (checkMoveOrder(state, side, u.id).problem) continue;
      const full = normalMoveMm(d, u);
      if (o.order === 'advance') {
        const e = enemiesOf(d, side).sort((a, b) => unitDistanceMm(u, a) - unitDistanceMm(u, b))[0];
        const gap = e ? unitDistanceMm(u, e) : full;
        const dist = Math.max(full / 2, Math.min(full * s.float(0.5, 1), Math.max(full / 2, gap - 10)));
        // NW Orders/Advance: artillery may limber and move, or unlimber (horse artillery after half a move).
        if (nu.profile.artillery && nu.limbered) out.push({ type: 'moveUnit', side, unitId: u.id, wheelDeg: 0, distanceIn: nu.profile.troop === 'horse-artillery' ? Math.floor((Math.min(full / 2, Math.max(0, gap - 10)) / 25.4) * 10) / 10 : 0, unlimber: true });
        else out.push({ type: 'moveUnit', side, unitId: u.id, wheelDeg: s.int(-15, 15), distanceIn: inch(dist), ...(nu.profile.artillery ? { limber: true } : {}) });
      } else if (o.order === 'retreat') {
        out.push({ type: 'retreatUnit', side, unitId: u.id, distanceIn: inch(full * s.float(0.5, 1)), ...(s.chance(0.3) ? { wheelDeg: s.int(-45, 45) } : {}) });
      } else if (o.order === 'deploy' && spikeableGuns(d, u).length > 0 && (o.deployActionsUsed ?? 0) < 1) {
        // NW Orders/Deploy "Spike captured artillery pieces" (one action; guns.ts spikeProblem).
        out.push({ type: 'deployUnit', side, unitId: u.id, action: 'spike-guns', gunsId: s.pick(spikeableGuns(d, u)) });
      } else if (o.order === 'deploy' && (o.deployActionsUsed ?? 0) < 1 && typeof occupyBuildings(d, u) !== 'string') {
        // NW Orders/Deploy "Enter buildings and take up positions in them" (occupy.ts accepts it here).
        out.push({ type: 'deployUnit', side, unitId: u.id, action: 'occupy-buildings' });
      } else if (o.order === 'deploy' && (o.deployActionsUsed ?? 0) < 1) {
        const acts = nu.profile.artillery
          ? [{ action: nu.abandoned ? 'recrew' : nu.limbered ? 'unlimber' : 'halt' }]
          : nu.dismounted
            ? [{ action: 'mount' }, { action: 'step-forward' }]
          : nu.profile.foot
            ? [{ action: 'change-formation', formation: u.formation === 'line' ? 'column' : 'line' }, { action: 'step-forward' }, { action: 'wheel', degrees: s.int(-30, 30) }]
            : [{ action: 'step-forward' }, { action: 'wheel', degrees: s.int(-30, 30) }, ...(nu.profile.mounted ? [{ action: 'dismount' }] : [])];
        out.push({ type: 'deployUnit', side, unitId: u.id, ...s.pick(acts) });
      }
    }
  }
  return out;
}

/** (5) Charge moves (SYW 6 Melee e)-h) pp.12-13): chargers move into contact, or fall short. */
import type { Stand } from '../../engine/model';
import { unitDistance } from '../../geometry/measure';
import { EVADE_MOVE, OBLIQUE_HALT_SHORT_CM } from './tables/melee';
import type { S } from './state';
import { unitOffTable } from '../../geometry/units';
import type { Work } from './work';
import { groupSpeedCm } from './moveSpeed';
import { planChargeContact } from './chargeContact';
import { CM, centroid } from './geo';
import { changeOrder, disorderUnit } from './orderChanges';
import { noteRout } from './losses';
import { pushUnit } from './forcedMoves';
import { atan2 } from '../../geometry/math';

/** (5) Charge moves: chargers move into contact; targets gone out of reach get a full Advance move towards them (6 f) p.12). */
export function chargeMoves(state: S, w: Work): void {
  for (const ch of state.ruleset.charges) {
    const g = w.group(ch.group);
    const target = w.unit(ch.target);
    if (!g) continue;
    const units = w.groupUnits(g).filter((u) => ch.chargers.includes(u.id));
    if (units.length === 0) continue;
    const reach = groupSpeedCm(w, g) * CM - g.movedMm;
    if (!target || w.isOff(target.id)) continue;
    const tg = w.groupOf(target.id);
    const gap = Math.min(...units.map((u) => unitDistance(u.stands, target.stands)));
    // 6 f) p.12: only a target that Retreats or Routs (or evades) *out of charge reach* is not contacted; one still in reach is.
    if (gap > reach + 0.5) {
      // Out of reach: a full Advance move towards them, halting short of contact.
      const c = centroid(units.flatMap((u) => u.stands));
      const ang = atan2(centroid(target.stands).y - c.y, centroid(target.stands).x - c.x);
      const go = Math.max(0, Math.min(reach, gap - OBLIQUE_HALT_SHORT_CM * CM));
      for (const u of units) pushUnit(w, u.id, ang, go, 'advance', 'SYW 6 Melee f) (p.12)');
      w.ctx.emit({ type: 'ChargeFellShort', group: g.id, target: target.id, rule: 'SYW 6 Melee f) (p.12)' });
      continue;
    }
    // e), g) pp.12-13: move until the first stand touches, then pivot to align only as far as the move left pays for.
    const obstacles = w.battle.units.filter((o) => o.id !== target.id && !g.units.includes(o.id) && !w.isOff(o.id));
    const plan = planChargeContact(units, target, reach, obstacles);
    if (plan.kind === 'short') {
      const c = centroid(units.flatMap((u) => u.stands));
      const ang = atan2(centroid(target.stands).y - c.y, centroid(target.stands).x - c.x);
      for (const u of units) pushUnit(w, u.id, ang, Math.max(0, Math.min(reach, gap - OBLIQUE_HALT_SHORT_CM * CM)), 'advance', 'SYW 6 Melee e) (p.12)');
      w.ctx.emit({ type: 'ChargeFellShort', group: g.id, target: target.id, rule: 'SYW 6 Melee e) (p.12): the chargers cannot touch within their move' });
      continue;
    }
    const placed = plan.kind === 'contact' ? plan.stands : new Map<string, Stand[]>();
    const st = [...placed.values()].flat();
    if (plan.kind === 'blocked' || unitOffTable(st, w.battle.table)) {
      // g): insufficient room to make contact: halt 3cm short at Stand.
      const c = centroid(units.flatMap((u) => u.stands));
      const ang = atan2(centroid(target.stands).y - c.y, centroid(target.stands).x - c.x);
      for (const u of units) pushUnit(w, u.id, ang, Math.max(0, gap - OBLIQUE_HALT_SHORT_CM * CM), 'advance', 'SYW 6 Melee g) (p.13)');
      changeOrder(w, g.id, 'stand', 'halted 3cm short', 'SYW 6 Melee g) (p.13)');
      continue;
    }
    if (plan.kind === 'contact' && !plan.aligned && ch.ifShort === 'halt') {
      // g) "If insufficient move distance to make contact fully, Chargers may halt (at Stand) 3cms short": the charger's choice.
      for (const u of units) { w.replaceStands(u.id, plan.haltShort.stands.get(u.id)!); w.setUnit(u.id, { lastMovedPhase: w.rs.phaseCounter }); }
      w.setGroup(g.id, { movedMm: g.movedMm + plan.haltShort.usedMm, moved: plan.haltShort.usedMm > 0.5 || g.moved });
      changeOrder(w, g.id, 'stand', 'halted 3cm short', 'SYW 6 Melee g) (p.13)');
      w.ctx.emit({ type: 'ChargeHaltedShort', group: g.id, target: target.id, rule: 'SYW 6 Melee g) (p.13): too little move to align; the charger chose to halt 3cm short at Stand' });
      continue;
    }
    for (const u of units) { w.replaceStands(u.id, placed.get(u.id)!); w.setUnit(u.id, { lastMovedPhase: w.rs.phaseCounter, chargeContact: true }); }
    w.setGroup(g.id, { movedMm: g.movedMm + (plan.kind === 'contact' ? plan.usedMm : reach), moved: true });
    if (ch.evaded && tg && tg.order !== 'rout') {
      // 6 h) p.13 evaders "End move at Reserve orders, Rout if contacted": they rout where they stand and fight the chargers at combat value 0 (p.8).
      changeOrder(w, tg.id, 'rout', 'evaders contacted by the chargers', EVADE_MOVE.rule);
      for (const u of w.groupUnits(tg)) { disorderUnit(w, u.id, 'routers are disordered', 'SYW 7 Rout (p.15)'); noteRout(w, u.side, centroid(u.stands)); }
      w.ctx.emit({ type: 'EvadersCaught', group: tg.id, by: g.id, rule: EVADE_MOVE.rule });
    }
    const aligned = plan.kind === 'contact' && plan.aligned;
    w.ctx.emit({ type: 'ChargeContact', group: g.id, target: target.id, face: ch.face, aligned, pivotDeg: plan.kind === 'contact' ? Math.round(plan.pivotDeg * 10) / 10 || 0 : 0, rule: aligned ? 'SYW 6 Melee e) (p.12)' : 'SYW 6 Melee g) (p.13): partial contact by pivoting as far as the move allows' });
  }
}

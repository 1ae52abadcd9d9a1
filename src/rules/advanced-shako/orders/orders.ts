/**
 * Divisional orders (established: Attack or Defend, carried by ADCs; 7.8 an ADC moves up to 24" a
 * turn), 7.3.1 attacking divisions' compulsory movement and its suspension, 7.3.1 obligatory cavalry
 * charges, and 12.2: a division under a New Order (or retreating) receives an Attack order but does
 * not enact it until it rallies.
 */
import { z } from 'zod';
import { defineCommand, reject, type Change, type Rejection } from '../../../engine/ruleset';
import { finishWork, setStands, unitIn } from '../../../engine/workingState';
import type { Unit } from '../../../engine/model';
import { moveUntilContact } from '../../../geometry/moveCore';
import { standIndexOf } from '../../../geometry/sightCache';
import { advance } from '../../../geometry/movement';
import { inFrontArc } from '../../../geometry/zones';
import type { ShOptions } from '../options';
import type { ShTables } from '../tables';
import type { Adc, Orders, S, ShState, W } from '../state';
import { armOf, inMm, isFormed, mmIn, setDiv, setUs, us, work } from '../state';
import { frameOf, gapIn } from '../geo';
import { allowanceMm, withPoses } from '../movement/moves';
import { chargeReach, reachIn } from '../movement/commands';
import { chargeContact } from '../movement/charges';
import { suspended } from './suspension';
import { hypot } from '../../../geometry/math';
export { suspended };

export const ORDERS_RULE = 'SHAKO divisional orders (established: Attack or Defend, carried by ADCs)';
export const ADC_RULE = 'AS 7.8 ADC movement';
export const COMPULSORY_RULE = 'AS 7.3.1 Attacking Division compulsory movement';
export const OBLIGATORY_RULE = 'AS 7.3.1 Obligatory cavalry charges';

/** The army's commander-in-chief (a general commanding the side's 'army' formation). */
export const cinCOf = (battle: S['battle'], side: string) => battle.generals.find((g) => g.side === side && battle.formations.find((f) => f.id === g.commands)?.level === 'army');

type OrdersCmd = { type: 'sendOrders'; side: string; division: string; orders: Orders };
export const sendOrders = defineCommand<ShState, ShOptions, ShTables, OrdersCmd>({
  describe: 'Write orders (Attack or Defend) for a division; an ADC carries them from the commander-in-chief at 24" a turn (7.8).',
  schema: z.object({ type: z.literal('sendOrders'), side: z.string(), division: z.string(), orders: z.enum(['attack', 'defend']) }).strict(),
  handle(s: S, c, ctx): Change<ShState> | Rejection {
    const d = s.ruleset.divisions[c.division];
    if (!d || d.side !== c.side) return reject('not-yours', 'Send orders to one of your own divisions.', ORDERS_RULE);
    if (d.broken) return reject('broken', `${d.name} has broken.`, ORDERS_RULE);
    const cinc = cinCOf(s.battle, c.side);
    if (!cinc) return reject('no-cinc', 'Your army has no commander-in-chief to write orders.', ORDERS_RULE);
    if (s.ruleset.adcs.some((a) => a.side === c.side && a.sentTurn === s.position.turn && a.division === c.division)) return reject('sent', `Orders have gone to ${d.name} this turn.`, ORDERS_RULE);
    const w = work(s, ctx);
    const adc: Adc = { id: `adc-${c.side}-${s.ruleset.nextAdc}`, side: c.side, division: c.division, orders: c.orders, x: cinc.stand.centre.x, y: cinc.stand.centre.y, sentTurn: s.position.turn };
    // A new ADC to a division supersedes one still riding to it.
    w.rs = { ...w.rs, adcs: [...w.rs.adcs.filter((a) => !(a.side === c.side && a.division === c.division)), adc], nextAdc: w.rs.nextAdc + 1 };
    return finishWork(w, [{ type: 'AdcSent', side: c.side, division: c.division, orders: c.orders, visibleTo: [c.side], rule: ADC_RULE }]);
  },
});

/** 7.8: each ADC rides up to 24" towards its division's commander; on reaching him, the orders take effect. */
export function moveAdcs(w: W): void {
  const keep: Adc[] = [];
  for (const a of w.rs.adcs) {
    if (a.sentTurn >= w.turn) { keep.push(a); continue; }
    const d = w.rs.divisions[a.division];
    const g = d?.commander ? w.battle.generals.find((x) => x.id === d.commander) : undefined;
    if (!d || d.broken || !g) continue;
    const dx = g.stand.centre.x - a.x, dy = g.stand.centre.y - a.y;
    const dist = hypot(dx, dy);
    const step = inMm(w.tables.reach.adcIn);
    if (dist > step) { keep.push({ ...a, x: a.x + (dx / dist) * step, y: a.y + (dy / dist) * step }); continue; }
    const orders = a.orders === 'sealed' ? d.orders : a.orders;
    if (orders === 'attack' && (d.newOrder || d.retreating)) {
      setDiv(w, a.division, { heldAttack: true });
      w.ctx.emit({ type: 'OrdersReceived', division: a.division, orders, enacted: false, visibleTo: [a.side], rule: 'AS 12.2 (a New Order division may receive but not ENACT an Attack order)' });
    } else {
      setDiv(w, a.division, { orders, heldAttack: false, activated: false });
      w.ctx.emit({ type: 'OrdersReceived', division: a.division, orders, enacted: true, rule: ADC_RULE });
    }
  }
  w.rs = { ...w.rs, adcs: keep };
}

/** The units of an attacking division still owing their obligatory forward movement. */
export function owingAdvance(battle: S['battle'], rs: ShState, t: ShTables, divId: string): Unit[] {
  const d = rs.divisions[divId];
  if (!d || d.orders !== 'attack' || d.retreating || d.newOrder || d.suspended || suspended(battle, rs, t, divId)) return [];
  return d.units.map((id) => battle.units.find((u) => u.id === id)).filter((u): u is Unit => !!u && armOf(u) !== 'artillery' && isFormed(rs, u) && u.formation !== 'square' && !us(rs, u.id).movedForward && !us(rs, u.id).charge && us(rs, u.id).blown === undefined && allowanceMm(t, u) > 0);
}

/** At the end of an attacking division's move: each unit that did not go forward is marched straight on (7.3.1). */
export function enforceAdvance(w: W, divId: string): void {
  for (const u of owingAdvance(w.battle, w.rs, w.tables, divId)) {
    const st = us(w.rs, u.id);
    const left = allowanceMm(w.tables, u) - st.movedMm;
    if (left <= inMm(0.5)) continue;
    const plan = advance(u.stands, left);
    if (!plan.ok) continue;
    const stop = moveUntilContact(u.stands, plan.legs, { others: standIndexOf(w.battle.units), ignore: (id) => id === u.id, table: w.battle.table, stopAtEdge: true });
    // Stopped by a unit or the edge: a quarter inch short of it (an obligatory advance is not a charge).
    const dist = Math.max(0, stop.reason === 'contact' || stop.reason === 'table-edge' ? stop.stopMm - inMm(0.25) : stop.stopMm);
    if (dist < inMm(0.5)) continue;
    const r = advance(u.stands, dist);
    if (!r.ok) continue;
    setStands(w, u.id, withPoses(u.stands, r.stands));
    setUs(w, u.id, { moved: true, movedForward: true, movedMm: st.movedMm + dist });
    w.ctx.emit({ type: 'ObligatoryAdvance', unit: u.id, distanceIn: mmIn(dist), rule: COMPULSORY_RULE });
  }
}

/** 7.3.1: cavalry not Blown with Formed enemies within 6" ahead (45° either side) at the start of their movement must charge one. */
export function markObligatoryCharges(w: W, divId: string): void {
  const d = w.rs.divisions[divId];
  if (!d) return;
  for (const uid of d.units) {
    const u = unitIn(w, uid);
    if (!u || armOf(u) !== 'cavalry' || !isFormed(w.rs, u) || us(w.rs, uid).blown !== undefined) continue;
    const must = w.battle.units.filter((e) => e.side !== u.side && isFormed(w.rs, e) && us(w.rs, e.id).abandoned === undefined && inFrontArc(frameOf(u), Math.PI / 4, inMm(w.tables.reach.obligatoryChargeIn), e.stands)).map((e) => e.id);
    if (must.length > 0) setUs(w, uid, { mustCharge: must });
  }
}

/** At the end of the division's move, a cavalry unit that still owes its charge makes it at the nearest it can reach. */
export function enforceObligatoryCharges(w: W, divId: string): void {
  const d = w.rs.divisions[divId];
  if (!d) return;
  for (const uid of d.units) {
    const u = unitIn(w, uid);
    const must = u ? us(w.rs, uid).mustCharge : undefined;
    if (!u || !must) continue;
    setUs(w, uid, { mustCharge: undefined });
    if (us(w.rs, uid).charge) continue;
    const targets = must.map((id) => unitIn(w, id)).filter((t): t is Unit => !!t).sort((a, b) => gapIn(u, a) - gapIn(u, b));
    for (const t of targets) {
      const r = chargeReach(w, u, t, reachIn(w.tables, u));
      if (!r.ok) continue;
      const fromIn = gapIn(u, t);
      setStands(w, uid, withPoses(u.stands, r.stands));
      setUs(w, uid, { moved: true, movedForward: true, charge: { target: t.id, fromIn, turn: w.turn } });
      w.ctx.emit({ type: 'Charged', unit: uid, target: t.id, distanceIn: r.distanceIn, obligatory: true, rule: OBLIGATORY_RULE });
      chargeContact(w, uid, t.id, fromIn);
      break;
    }
  }
}

/**
 * DoG COMMAND /RALLY PHASE, Orders: each brigade's general order written at the beginning of the
 * game; drastic changes written in the command phase and carried by a messenger riding at light
 * cavalry charge speed to the brigade general, acted upon only after the command phase of the
 * turn after it arrives; shouted and acted upon at once when the Commanding Officer is with the
 * brigade. Orders are hidden from the other side (index.ts `view`); messengers are seen riding,
 * never what they carry.
 */
import { z } from 'zod';
import type { General } from '../../../engine/model';
import { defineCommand, reject } from '../../../engine/ruleset';
import { finishWork } from '../../../engine/workingState';
import { pt, type TablePoint } from '../../../geometry/types';
import type { DogOptions } from '../options';
import type { DogTables } from '../tables';
import type { DogState, S, W, OrderKind, Messenger } from '../state';
import { ORDER_KINDS, work } from '../state';
import { activeGenerals } from '../geo';
import { GENERAL_RIDE_MM } from '../movement/commands';
import { hypot } from '../../../geometry/math';
import { withId } from '../../../engine/ids';

export const ORDERS_RULE = 'DoG Orders';
/** "If the Commanding officer is with the brigade" — within 50 m of its general, the distance the text uses for "with" (DoG Command Ratings). */
export const WITH_BRIGADE_MM = 50;
/** "light cavalry charge speed": light cavalry's line rate 240 m + the charge bonus 80 m. */
export const MESSENGER_MM = GENERAL_RIDE_MM;

export const brigadeGeneral = (battle: S['battle'], rs: DogState, brigade: string): General | undefined =>
  activeGenerals(battle, rs, battle.formations.find((f) => f.id === brigade)?.side ?? '').find((g) => g.commands === brigade);

export const commanderInChief = (battle: S['battle'], rs: DogState, side: string): General | undefined =>
  activeGenerals(battle, rs, side).find((g) => rs.generals[g.id]?.kind === 'cinc') ?? activeGenerals(battle, rs, side).find((g) => rs.generals[g.id]?.kind === 'division');

/** Where a messenger for `brigade` rides to: its general, else the centre of its units. */
export function brigadePoint(battle: S['battle'], rs: DogState, brigade: string): TablePoint | undefined {
  const g = brigadeGeneral(battle, rs, brigade);
  if (g) return g.stand.centre;
  const us = battle.units.filter((u) => u.parent === brigade);
  if (us.length === 0) return undefined;
  const ps = us.flatMap((u) => u.stands.map((s) => s.centre));
  return pt(ps.reduce((a, p) => a + p.x, 0) / ps.length, ps.reduce((a, p) => a + p.y, 0) / ps.length);
}

type OrderCmd = { type: 'writeOrder'; side: string; brigade: string; order: OrderKind };
export const writeOrder = defineCommand<DogState, DogOptions, DogTables, OrderCmd>({
  describe: 'Write a brigade\'s order: at the start its general order; later a drastic change, sent by messenger or shouted by the C-in-C with the brigade (DoG Orders).',
  schema: z.object({ type: z.literal('writeOrder'), side: z.string(), brigade: z.string(), order: z.enum(ORDER_KINDS as [OrderKind, ...OrderKind[]]) }).strict(),
  handle(s: S, c, ctx) {
    const o = s.ruleset.orders[c.brigade];
    if (!o || o.side !== c.side) return reject('not-yours', 'Write orders for one of your own brigades.', ORDERS_RULE);
    const w = work(s, ctx);
    if (!s.ruleset.firstOrders.includes(c.side)) {
      // "Each brigade is given a general order at the beginning of the game."
      w.rs = { ...w.rs, orders: withId(w.rs.orders, c.brigade, { side: o.side, order: c.order }) };
      return finishWork(w, [{ type: 'OrderWritten', side: c.side, brigade: c.brigade, order: c.order, how: 'general order', rule: ORDERS_RULE }]);
    }
    if (o.order === c.order && !o.next) return reject('same', 'That is the brigade\'s order already.', ORDERS_RULE);
    if (s.ruleset.messengers.some((m) => m.brigade === c.brigade && m.sent === s.position.turn)) return reject('sent', 'A new order has gone to that brigade this turn.', ORDERS_RULE);
    const cinc = commanderInChief(s.battle, s.ruleset, c.side);
    if (!cinc) return reject('no-cinc', 'No commander is left to write new orders.', ORDERS_RULE);
    const bg = brigadeGeneral(s.battle, s.ruleset, c.brigade);
    const at = brigadePoint(s.battle, s.ruleset, c.brigade);
    if (bg && hypot(bg.stand.centre.x - cinc.stand.centre.x, bg.stand.centre.y - cinc.stand.centre.y) <= WITH_BRIGADE_MM) {
      // "If the Commanding officer is with the brigade concerned, changes of orders may be shouted out … and acted upon immediately."
      w.rs = { ...w.rs, orders: withId(w.rs.orders, c.brigade, { side: o.side, order: c.order }) };
      return finishWork(w, [{ type: 'OrderWritten', side: c.side, brigade: c.brigade, order: c.order, how: 'shouted', rule: ORDERS_RULE }]);
    }
    if (!at) return reject('no-brigade', 'That brigade has no one left to receive orders.', ORDERS_RULE);
    const m: Messenger = { id: `${c.side}-messenger-${s.ruleset.nextMessenger}`, side: c.side, brigade: c.brigade, order: c.order, at: cinc.stand.centre, sent: s.position.turn };
    w.rs = { ...w.rs, messengers: [...w.rs.messengers, m], nextMessenger: w.rs.nextMessenger + 1 };
    return finishWork(w, [{ type: 'MessengerSent', side: c.side, messenger: m.id, brigade: c.brigade, order: c.order, rule: ORDERS_RULE }]);
  },
});

/** Messengers ride toward their brigade generals (the movement phase); on contact the order waits for the next command phase. */
export function rideMessengers(w: W): void {
  const left: Messenger[] = [];
  for (const m of w.rs.messengers) {
    const to = brigadePoint(w.battle, w.rs, m.brigade);
    if (!to) { w.ctx.emit({ type: 'MessengerLost', side: m.side, messenger: m.id, why: 'the brigade is gone', rule: ORDERS_RULE, visibleTo: [m.side] }); continue; }
    const d = hypot(to.x - m.at.x, to.y - m.at.y);
    if (d <= MESSENGER_MM) {
      const o = w.rs.orders[m.brigade]!;
      // "new orders may only be acted upon after the command phase of the next turn"
      w.rs = { ...w.rs, orders: withId(w.rs.orders, m.brigade, { side: o.side, order: o.order, next: { order: m.order!, from: w.turn + 1 } }) };
      w.ctx.emit({ type: 'MessengerArrived', side: m.side, messenger: m.id, brigade: m.brigade, order: m.order, actedOnFrom: w.turn + 1, rule: ORDERS_RULE, visibleTo: [m.side] });
      continue;
    }
    const f = MESSENGER_MM / d;
    left.push({ ...m, at: pt(m.at.x + (to.x - m.at.x) * f, m.at.y + (to.y - m.at.y) * f) });
  }
  w.rs = { ...w.rs, messengers: left };
}

/** After the command phase: orders that arrived last turn are acted upon from now. */
export function actOnOrders(w: W): void {
  for (const [id, o] of Object.entries(w.rs.orders)) {
    if (!o.next || o.next.from > w.turn) continue;
    w.rs = { ...w.rs, orders: withId(w.rs.orders, id, { side: o.side, order: o.next.order }) };
    w.ctx.emit({ type: 'OrderActedOn', side: o.side, brigade: id, order: o.next.order, rule: ORDERS_RULE, visibleTo: [o.side] });
  }
}

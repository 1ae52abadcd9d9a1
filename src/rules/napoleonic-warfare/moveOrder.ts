/**
 * NW Sequence §13 (4), order of moves: "Apply orders first, starting with the outermost unit on
 * whichever flank he chooses and working across the table until he reaches the outermost unit
 * on the other flank." The moving side chooses a flank (chooseMoveFlank); its units are ranked
 * across the table along its baseline by where they stood when its tactical step began; a unit
 * may not carry out its order once a unit further across has carried out its own. Units whose
 * orders need no movement simply never carry anything out, so they are no obstacle.
 */
import { z } from 'zod';
import { defineCommand, isRejection, reject, type CommandSpec, type Rejection } from '../../engine/ruleset';
import { findUnit } from '../../engine/battle';
import type { Battle } from '../../engine/state';
import type { SideId, Unit } from '../../engine/model';
import type { MoveOrderState, NwGameState, NwOptions, NwState } from './types';
import type { NwTables } from './nwTables';
import { baselineOf } from './offTable';
import { toIn } from './core';
import { idRecord } from '../../engine/ids';

type Spec = CommandSpec<NwState, NwOptions, NwTables>;

export const MOVE_ORDER_RULE = 'NW Sequence §13 (4): orders are applied from the outermost unit on the chosen flank across the table to the other flank';
export const TACTICAL_STEPS: readonly string[] = ['initiative-side', 'other-side'];
export const ORDER_COMMANDS: readonly string[] = ['moveUnit', 'retreatUnit', 'deployUnit'];
/** Units whose positions across the table are within this of each other are level: either may go first (RULINGS). */
export const LEVEL_MM = 12.7;

/** Where a unit stands across the table, measured along the side's right as it looks from its baseline. */
export function acrossOf(u: Unit, rightSign: 1 | -1): number {
  const x = u.stands.reduce((a, s) => a + s.centre.x, 0) / Math.max(1, u.stands.length);
  return x * rightSign;
}

/** A side on the top edge looks down the table: its right is −x (RULINGS, as for §15's flank). */
export const rightSignOf = (battle: Battle, side: SideId): 1 | -1 => (baselineOf(battle, side) === 'top' ? -1 : 1);

type G = Pick<NwGameState, 'battle' | 'ruleset' | 'position'>;

/** The side's record for the current tactical step (a fresh one, with positions now, if it has none yet). */
export function moveOrderOf(g: G, side: SideId): MoveOrderState {
  const cur = g.ruleset.moveOrder;
  if (cur && cur.turn === g.position.turn && cur.step === g.position.step && cur.side === side) return cur;
  const rightSign = rightSignOf(g.battle, side);
  const across: Record<string, number> = idRecord();
  for (const u of g.battle.units) if (u.side === side && g.ruleset.units[u.id]?.status === 'active') across[u.id] = acrossOf(u, rightSign);
  return { turn: g.position.turn, step: g.position.step, side, rightSign, across, done: [] };
}

/** Progress of a unit from the chosen flank towards the other (larger is further across). */
function progress(rec: MoveOrderState, flank: 'left' | 'right', g: G, unitId: string): number {
  let a = rec.across[unitId];
  if (a === undefined) {
    const u = findUnit(g.battle, unitId);
    a = u ? acrossOf(u, rec.rightSign) : 0;
  }
  return flank === 'left' ? a : -a;
}

/** The flank nearer the unit, by the span of the side's units across the table (used when the side did not choose). */
export function nearestFlank(rec: MoveOrderState, g: G, unitId: string): 'left' | 'right' {
  const vals = Object.values(rec.across);
  if (vals.length === 0) return 'left';
  const a = progress(rec, 'left', g, unitId);
  return a - Math.min(...vals) <= Math.max(...vals) - a ? 'left' : 'right';
}

export interface MoveOrderCheck {
  readonly flank: 'left' | 'right';
  readonly automatic: boolean;
  readonly problem?: { readonly message: string; readonly blocker: string };
}

/** May `unitId` carry out its order now? (NW §13 (4)) */
export function checkMoveOrder(g: G, side: SideId, unitId: string): MoveOrderCheck {
  const rec = moveOrderOf(g, side);
  const automatic = rec.flank === undefined;
  const flank = rec.flank ?? nearestFlank(rec, g, unitId);
  const mine = progress(rec, flank, g, unitId);
  let worst: { id: string; by: number } | undefined;
  for (const v of rec.done) {
    if (v === unitId) continue;
    const by = progress(rec, flank, g, v) - mine;
    if (by > LEVEL_MM && (!worst || by > worst.by)) worst = { id: v, by };
  }
  if (!worst) return { flank, automatic };
  const name = (id: string) => findUnit(g.battle, id)?.name ?? id;
  return {
    flank, automatic,
    problem: {
      blocker: worst.id,
      message: `${name(unitId)} may not carry out its order now: ${name(worst.id)}, ${toIn(worst.by).toFixed(1)}" further across from your ${flank} flank, has already carried out its own. Orders are applied flank to flank, from the outermost unit on the ${flank} across the table.`,
    },
  };
}

/** Orders carried out by a move in the tactical steps (the commands `inMoveOrder` holds to the order of moves). */
const MOVING_ORDERS: readonly string[] = ['advance', 'retreat', 'deploy'];

export interface OrdersLocked {
  /** Units of the side whose orders could no longer be carried out. */
  readonly units: readonly string[];
  readonly message: string;
}

/**
 * What carrying out `unitId`'s order now would lock (NW §13 (4)): the side's units still to
 * carry out a moving order (Advance, Retreat, Deploy) that stand nearer the flank the orders
 * start from — once a unit further across has carried out its order they may not carry out
 * theirs. Undefined when nothing would be locked (the unit has already acted, or nobody is left
 * behind it). For the drag preview, before the move is made.
 */
export function ordersLockedBy(g: G, side: SideId, unitId: string): OrdersLocked | undefined {
  if (!TACTICAL_STEPS.includes(g.position.step)) return undefined;
  const rec = moveOrderOf(g, side);
  if (rec.done.includes(unitId)) return undefined;
  const flank = rec.flank ?? nearestFlank(rec, g, unitId);
  const mine = progress(rec, flank, g, unitId);
  const behind: { id: string; at: number }[] = [];
  for (const o of Object.values(g.ruleset.orders)) {
    if (o.unitId === unitId || o.side !== side || o.cancelled || !MOVING_ORDERS.includes(o.order) || rec.done.includes(o.unitId)) continue;
    if (g.ruleset.units[o.unitId]?.status !== 'active' || !findUnit(g.battle, o.unitId)) continue;
    const at = progress(rec, flank, g, o.unitId);
    if (mine - at > LEVEL_MM) behind.push({ id: o.unitId, at });
  }
  if (behind.length === 0) return undefined;
  behind.sort((a, b) => a.at - b.at);
  const names = behind.map((b) => findUnit(g.battle, b.id)?.name ?? b.id);
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  const who = rec.flank === undefined ? `the ${flank} flank (taken as the flank nearer this unit)` : `your ${flank} flank`;
  return {
    units: behind.map((b) => b.id),
    message: `Carrying out this order now locks ${list}: nearer ${who}, ${names.length === 1 ? 'it' : 'they'} could no longer carry out ${names.length === 1 ? 'its order' : 'their orders'}. Move ${names.length === 1 ? 'it' : 'them'} first to keep the choice.`,
  };
}

/** Record that `unitId` carried out (part of) its order: the change's ruleset with the side's record updated. */
function noted(g: G, rs: NwState, side: SideId, unitId: string, flank: 'left' | 'right', automatic: boolean): NwState {
  const rec = moveOrderOf(g, side);
  return { ...rs, moveOrder: { ...rec, flank, ...(automatic ? { automatic: true } : {}), done: rec.done.includes(unitId) ? rec.done : [...rec.done, unitId] } };
}

/** A move handler that, in the tactical steps, keeps the order of moves (NW §13 (4)). */
export function inMoveOrder(spec: Spec): Spec {
  return {
    ...spec,
    handle: (state, cmd, ctx) => {
      if (!TACTICAL_STEPS.includes(state.position.step)) return spec.handle(state, cmd, ctx);
      const unitId = String(cmd['unitId']);
      const u = findUnit(state.battle, unitId);
      if (!u || u.side !== cmd.side) return spec.handle(state, cmd, ctx);
      const out = spec.handle(state, cmd, ctx);
      // The order's own refusal comes first; only a command that would be carried out is held to the order of moves.
      if (isRejection(out)) return out;
      const chk = checkMoveOrder(state, cmd.side, unitId);
      if (chk.problem) return reject('out-of-flank-order', chk.problem.message, MOVE_ORDER_RULE) as Rejection;
      if (chk.automatic) ctx.emit({ type: 'MoveFlankChosen', side: cmd.side, flank: chk.flank, automatic: true, firstUnit: unitId, rule: `${MOVE_ORDER_RULE} (RULINGS: no flank chosen, the flank nearer the first unit moved)` });
      return { ...out, ruleset: noted(state, out.ruleset ?? state.ruleset, cmd.side, unitId, chk.flank, chk.automatic) };
    },
  };
}

export const chooseMoveFlank = defineCommand<NwState, NwOptions, NwTables, { type: 'chooseMoveFlank'; side: string; flank: 'left' | 'right' }>({
  describe: 'Choose the flank (your left or right, looking across the table from your baseline) from which your orders are applied, unit by unit across the table.',
  schema: z.object({ type: z.literal('chooseMoveFlank'), side: z.string().min(1), flank: z.enum(['left', 'right']) }).strict(),
  handle: (state, cmd, ctx) => {
    if (!TACTICAL_STEPS.includes(state.position.step)) return reject('not-now', 'The flank is chosen in your tactical movement.', MOVE_ORDER_RULE);
    const rec = moveOrderOf(state, cmd.side);
    if (rec.done.length > 0) return reject('already-begun', `You have begun applying orders from your ${rec.flank ?? 'left'} flank.`, MOVE_ORDER_RULE);
    ctx.emit({ type: 'MoveFlankChosen', side: cmd.side, flank: cmd.flank, automatic: false, rule: MOVE_ORDER_RULE });
    return { battle: { ...state.battle }, ruleset: { ...state.ruleset, moveOrder: { ...rec, flank: cmd.flank } } };
  },
});

/** The module's commands with the order of moves held on the tactical move handlers. */
export function withMoveOrder(commands: Readonly<Record<string, Spec>>): Record<string, Spec> {
  const out: Record<string, Spec> = { ...commands, chooseMoveFlank };
  for (const t of ORDER_COMMANDS) if (commands[t]) out[t] = inMoveOrder(commands[t]);
  return out;
}

/**
 * Transfers between commands ((3) Orders NB p.6, (1) Groups p.5).
 * p.6 "Units can be transferred from 1 command to another if the General of either Command, or the
 * CinC, is within 5cms of the unit(s) and successfully sends a Reserve order to it. It then counts as
 * a separate Group"; p.5 "Group composition is permanent during the game unless a general adds units
 * from another". Reading (RULINGS.md): `prompt {action: 'transfer', unit?, join?}` — the whole group,
 * or one `unit` of it, passes to the prompting general's command as a group of its own on Reserve;
 * with `join` it is instead added to that general's group `join`, which must be on Reserve (the order
 * the transfer sends), of the same troop class (p.5), and still in shape with it (side by side,
 * slightly echeloned or, on Reserve, in column of units, gaps up to 1cm: groupShape.ts).
 */
import type { Unit } from '../../engine/model';
import { reject, type Rejection } from '../../engine/ruleset';
import type { GroupState } from './state';
import { rowOf } from './state';
import type { Work } from './work';
import { groupShapeProblem } from './groupShape';
import { changeOrder } from './orderChanges';

export const TRANSFER_RULE = 'SYW (3) Orders NB (p.6), (1) Groups (p.5)';

/** The units a transfer moves: one named unit of the group, or all of it. */
export function transferredUnits(w: Work, g: GroupState, unit: string | undefined): Unit[] | Rejection {
  if (unit === undefined) return w.groupUnits(g);
  if (!g.units.includes(unit)) return reject('bad-unit', 'Name a unit of the group to transfer.', TRANSFER_RULE);
  const u = w.unit(unit);
  return u ? [u] : reject('bad-unit', 'Name a unit of the group to transfer.', TRANSFER_RULE);
}

/** Why the units may not join group `join` of `general` (undefined: they may). */
export function joinProblem(w: Work, from: GroupState, moving: readonly Unit[], join: string, general: string): Rejection | undefined {
  const j = w.group(join);
  if (!j || j.side !== from.side || j.id === from.id) return reject('bad-join', 'Join one of your other groups.', TRANSFER_RULE);
  if (j.general !== general) return reject('bad-join', 'A transferred unit joins a group of the general who takes it.', TRANSFER_RULE);
  if (j.offTable || j.detachedFrom) return reject('bad-join', 'That group cannot take units now.', TRANSFER_RULE);
  if (j.order !== 'reserve') return reject('join-order', 'The transfer sends a Reserve order: the group joined must be on Reserve (one order per group).', TRANSFER_RULE);
  const joined = w.groupUnits(j);
  const cls = new Set([...joined, ...moving].map((u) => rowOf(u).troopClass));
  if (cls.size > 1) return reject('join-class', 'Groups are of infantry, cavalry or artillery exclusively.', 'SYW (1) Groups (p.5)');
  const shape = groupShapeProblem([...joined, ...moving], 'reserve');
  if (shape) return reject('join-shape', `The unit cannot join that group where it stands: ${shape}`, 'SYW (3) Orders (p.6): side by side, gaps up to 1cm');
  return undefined;
}

/** A successful transfer: the units leave `from` for a new group of `general` on Reserve, or join `join`. */
export function applyTransfer(w: Work, from: GroupState, moving: readonly Unit[], general: string, join: string | undefined): void {
  const ids = new Set(moving.map((u) => u.id));
  const whole = from.units.every((id) => ids.has(id));
  const stands = moving.reduce((a, u) => a + (w.unitState(u.id)?.startStands ?? u.stands.length), 0);
  if (join === undefined && whole) {
    w.setGroup(from.id, { general, uncommanded: false });
    changeOrder(w, from.id, 'reserve', 'transferred to a new command', TRANSFER_RULE);
    return;
  }
  // The units leave their old group (gone if it has no units left).
  const rest = from.units.filter((id) => !ids.has(id));
  const groups = { ...w.rs.groups };
  if (rest.length === 0) delete groups[from.id];
  else groups[from.id] = { ...from, units: rest, startStands: Math.max(0, from.startStands - stands) };
  if (join !== undefined) {
    const j = groups[join]!;
    groups[join] = { ...j, units: [...j.units, ...ids], startStands: j.startStands + stands };
    w.rs = { ...w.rs, groups };
    w.ctx.emit({ type: 'UnitsTransferred', units: [...ids], from: from.id, to: join, general, rule: TRANSFER_RULE });
    return;
  }
  let id = `${from.id}-${moving[0]!.id}`;
  for (let n = 2; groups[id]; n++) id = `${from.id}-${moving[0]!.id}-${n}`;
  groups[id] = { ...from, id, units: [...ids], startStands: stands, general, uncommanded: false, prompts: {}, pursuing: false };
  w.rs = { ...w.rs, groups };
  changeOrder(w, id, 'reserve', 'transferred to a new command', TRANSFER_RULE);
  w.ctx.emit({ type: 'UnitsTransferred', units: [...ids], from: from.id, to: id, general, rule: TRANSFER_RULE });
}

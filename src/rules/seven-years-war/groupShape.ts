/**
 * The shape of a group ((3) Orders p.6-7): "Groups must be composed solely from units side by side,
 * or slightly echeloned (or in column of units if on Reserve orders only)", with the figure "Both
 * groups of units are all ok if gaps are up to 1cm", and "Units forming part of a group may never
 * voluntarily end a move phase with more than 1cm between base edges of at least 1 other unit".
 *
 * Reading (RULINGS.md): measured in the frame of the group's first unit (its first stand's facing):
 * - every unit faces within GROUP_SHAPE.facingTolDeg of that facing;
 * - two units are *linked* when their base edges are at most 1cm apart and they are
 *   - abreast (side by side or slightly echeloned): their spans across the facing do not overlap
 *     (one is beside the other) and their spans along it do (the rear unit's front edge is no
 *     further back than the other's rear edge: the flanks face each other); or
 *   - in column of units (Reserve only): their spans along the facing do not overlap (one is behind
 *     the other) and their centres are no more than one base width (40mm) apart across it;
 * - the links join every unit of the group (one connected group, not two clumps).
 * A unit left split around a friend it interpenetrated (§4 p.10) does not count until it re-forms.
 */
import { z } from 'zod';
import { defineCommand, reject } from '../../engine/ruleset';
import type { Stand, Unit } from '../../engine/model';
import { standCorners } from '../../geometry/footprint';
import { unitDistance } from '../../geometry/measure';
import { pt } from '../../geometry/types';
import { ORDER_NUMBERS } from './tables/orders';
import type { OrderName } from './tables/orders';
import type { SywState, Options } from './state';
import type { Tables } from './tablesSchema';
import { unitOffTable } from '../../geometry/units';
import { Work, normalise } from './work';
import { CM, centroid, rotateStands, translateStands, inContact } from './geo';
import { groupSpeedCm } from './moveSpeed';
import { orderDirectionProblem } from './moveOrders';
import { blockedBy } from './forcedMoves';
import { changeUnit } from '../../engine/workingState';
import { cos, sin } from '../../geometry/math';

export const GROUP_SHAPE = {
  /** Units of a group face the same way within this (a slight echelon is not a wheel). */
  facingTolDeg: 15,
  /** Column of units: centres at most one base width apart across the facing. */
  columnOffsetMm: 40,
  /** "gaps are up to 1cm" (+0.5mm for measuring). */
  gapMm: ORDER_NUMBERS.groupGapCm * CM + 0.5,
  rule: 'SYW (3) Orders (p.6-7): groups side by side, slightly echeloned, or in column of units on Reserve',
} as const;

interface Span { a0: number; a1: number; c0: number; c1: number; cc: number }

function spanOf(stands: readonly Stand[], fx: number, fy: number): Span {
  let a0 = Infinity, a1 = -Infinity, c0 = Infinity, c1 = -Infinity;
  for (const s of stands) for (const p of standCorners(s)) {
    const a = p.x * fx + p.y * fy, c = -p.x * fy + p.y * fx;
    if (a < a0) a0 = a;
    if (a > a1) a1 = a;
    if (c < c0) c0 = c;
    if (c > c1) c1 = c;
  }
  const m = centroid(stands);
  return { a0, a1, c0, c1, cc: -m.x * fy + m.y * fx };
}

/** Is the unit split around a friend (interpenetration ended part way, §4 p.10)? */
export const isSplit = (u: Unit): boolean => typeof (u.extra as Record<string, unknown>).sywSplitThrough === 'string';

/**
 * Why the units cannot form one group under `order` (null: they can). `units` with their stands
 * where they are (or would be); single units always can.
 */
export function groupShapeProblem(units: readonly Unit[], order: OrderName): string | null {
  const live = units.filter((u) => u.stands.length > 0 && !isSplit(u));
  if (live.length < 2 || order === 'rout') return null;
  const f = live[0]!.stands[0]!.facing;
  const fx = cos(f), fy = sin(f);
  const tol = (GROUP_SHAPE.facingTolDeg * Math.PI) / 180;
  for (const u of live) if (Math.abs(normalise(u.stands[0]!.facing - f)) > tol + 1e-9) return `${u.name} does not face the same way as ${live[0]!.name}: a group's units stand side by side, slightly echeloned or in column.`;
  const spans = live.map((u) => spanOf(u.stands, fx, fy));
  const linked = (i: number, j: number): boolean => {
    if (unitDistance(live[i]!.stands, live[j]!.stands) > GROUP_SHAPE.gapMm) return false;
    const a = spans[i]!, b = spans[j]!;
    const across = Math.min(a.c1, b.c1) - Math.max(a.c0, b.c0);
    const along = Math.min(a.a1, b.a1) - Math.max(a.a0, b.a0);
    if (across <= 1 && along >= -1e-6) return true; // abreast: side by side or slightly echeloned
    return order === 'reserve' && along <= 1 && Math.abs(a.cc - b.cc) <= GROUP_SHAPE.columnOffsetMm + 0.5; // column of units
  };
  const seen = new Set([0]);
  const todo = [0];
  while (todo.length > 0) {
    const i = todo.pop()!;
    for (let j = 0; j < live.length; j++) if (!seen.has(j) && linked(i, j)) { seen.add(j); todo.push(j); }
  }
  if (seen.size === live.length) return null;
  const out = live.find((_, i) => !seen.has(i))!;
  return order === 'reserve'
    ? `${out.name} is neither side by side with, slightly echeloned on, nor in column behind the rest of its group within 1cm.`
    : `${out.name} is neither side by side with nor slightly echeloned on the rest of its group within 1cm (column of units only on Reserve).`;
}

const dressSchema = z.object({ type: z.literal('dressGroup'), side: z.string(), group: z.string() }).strict();

/**
 * Re-form a group ((3) p.6-7; §4 p.10 NB "All future movement of this split unit is measured from the
 * front element"): every other unit is turned to the anchor unit's facing and placed side by side
 * with it, fronts level, 1cm apart, keeping their order across the front; a split unit first closes
 * up in line behind its front element. The anchor is a unit in contact with enemy, else the one with
 * most stands. It costs the farthest any stand moves (a split unit's rear stands follow their front
 * element freely); it must be within the group's remaining move (5cm on Stand), on the table, on no
 * one, and may not move units in contact with enemy.
 */
/** The unit a group re-forms on: one in contact with enemy, else the one with most stands (the first if equal). */
export function dressAnchor(units: readonly Unit[], enemies: readonly Unit[]): Unit {
  return units.find((u) => enemies.some((e) => inContact(u, e))) ?? units.reduce((a, b) => (b.stands.length > a.stands.length ? b : a));
}

export const dressGroup = defineCommand<SywState, Options, Tables, z.infer<typeof dressSchema>>({
  describe: 'Re-form a group side by side (fronts level, 1cm apart) on its anchor unit; re-joins split units.',
  schema: dressSchema,
  handle(state, cmd, ctx) {
    const w = new Work(state, ctx);
    const g = w.group(cmd.group);
    const R = GROUP_SHAPE.rule;
    if (!g || g.side !== cmd.side) return reject('bad-group', 'Choose one of your groups.', R);
    if (g.offTable || g.order === 'rout') return reject('not-free', 'Routing or off-table groups do not re-form.', R);
    const units = w.groupUnits(g);
    const enemies = w.enemiesOf(g.side);
    const engaged = (u: Unit) => enemies.some((e) => inContact(u, e));
    const anchor = dressAnchor(units, enemies);
    const placed = new Map<string, Stand[]>();
    let cost = 0;
    const leads = new Map<string, string>();
    // Split units close up in line behind their front element (its move is measured from it).
    const whole = (u: Unit): Stand[] => {
      if (!isSplit(u)) return [...u.stands];
      const f = u.stands[0]!.facing, fx = cos(f), fy = sin(f), rx = -fy, ry = fx;
      const lead = u.stands.reduce((a, b) => (b.centre.x * fx + b.centre.y * fy > a.centre.x * fx + a.centre.y * fy ? b : a));
      leads.set(u.id, lead.id);
      // In line with the front element, front edges level: the lead in the slot that lands on no one
      // and moves the stands least, the rest in their order across the front.
      const rest = u.stands.filter((s) => s.id !== lead.id).sort((p, q) => (p.centre.x * rx + p.centre.y * ry) - (q.centre.x * rx + q.centre.y * ry));
      let bestSt: Stand[] | null = null, bestCost = Infinity;
      for (let j = 0; j <= rest.length; j++) {
        const line = [...rest.slice(0, j), lead, ...rest.slice(j)];
        const st = line.map((s, k) => ({ ...s, facing: lead.facing, centre: pt(lead.centre.x + rx * (k - j) * lead.widthMm, lead.centre.y + ry * (k - j) * lead.widthMm) }));
        const free = blockedBy(w, u.id, st).every((o) => g.units.includes(o.id));
        const moved = st.reduce((acc, s) => { const o = u.stands.find((x) => x.id === s.id)!; return acc + Math.hypot(s.centre.x - o.centre.x, s.centre.y - o.centre.y); }, 0) + (free ? 0 : 1e9);
        if (moved < bestCost) { bestCost = moved; bestSt = st; }
      }
      return u.stands.map((s) => bestSt!.find((x) => x.id === s.id)!);
    };
    const anchorStands = whole(anchor);
    placed.set(anchor.id, anchorStands);
    const f = anchor.stands[0]!.facing, fx = cos(f), fy = sin(f), rx = -fy, ry = fx;
    const sp = spanOf(anchorStands, fx, fy);
    const acrossOf = (st: readonly Stand[]) => { const c = centroid(st); return c.x * rx + c.y * ry; };
    const others = units.filter((u) => u.id !== anchor.id).map((u) => ({ u, st: whole(u) })).sort((a, b) => acrossOf(a.st) - acrossOf(b.st));
    const aC = acrossOf(anchorStands);
    let right = sp.c1, left = sp.c0;
    const place = (u: Unit, st: Stand[], toRight: boolean) => {
      const c = centroid(st);
      const turned = rotateStands(st, c, normalise(f - st[0]!.facing));
      const s2 = spanOf(turned, fx, fy);
      const width = s2.c1 - s2.c0;
      const gap = GROUP_SHAPE.gapMm - 0.5;
      const targetC0 = toRight ? right + gap : left - gap - width;
      const dA = sp.a1 - s2.a1, dC = targetC0 - s2.c0;
      const moved = translateStands(turned, fx * dA + rx * dC, fy * dA + ry * dC);
      if (toRight) right = targetC0 + width; else left = targetC0;
      placed.set(u.id, moved);
    };
    for (const o of others.filter((o) => acrossOf(o.st) >= aC)) place(o.u, o.st, true);
    for (const o of others.filter((o) => acrossOf(o.st) < aC).reverse()) place(o.u, o.st, false);
    for (const u of units) {
      const st = placed.get(u.id)!;
      const moves = u.stands.map((s) => { const n = st.find((x) => x.id === s.id)!; return Math.hypot(n.centre.x - s.centre.x, n.centre.y - s.centre.y); });
      if (moves.some((m) => m > 0.5) && engaged(u)) return reject('in-melee', `${u.name} is in contact with enemy and may not move to re-form.`, 'SYW §4 Movement when in melee (p.10)');
      // A split unit's move is measured from its front element (§4 p.10 NB).
      const li = leads.has(u.id) ? u.stands.findIndex((s) => s.id === leads.get(u.id)) : -1;
      cost = Math.max(cost, li >= 0 ? moves[li]! : Math.max(...moves));
    }
    const allowance = (g.order === 'stand' ? ORDER_NUMBERS.standMoveCm : groupSpeedCm(w, g)) * CM - g.movedMm;
    if (cost > allowance + 0.5) return reject('too-far', `Re-forming moves a stand ${(cost / CM).toFixed(1)}cm; ${(Math.max(0, allowance) / CM).toFixed(1)}cm is left.`, R);
    const all = [...placed.values()].flat();
    if (unitOffTable(all, w.battle.table)) return reject('off-table', 'The group would not fit on the table.', 'SYW 8 Groups going off table (p.18)');
    for (const u of units) if (blockedBy(w, u.id, placed.get(u.id)!).some((o) => !g.units.includes(o.id))) return reject('no-room', `There is no room to re-form ${u.name} there.`, R);
    const problem = groupShapeProblem(units.map((u) => ({ ...u, stands: placed.get(u.id)!, extra: { ...u.extra, sywSplitThrough: undefined } })), g.order);
    if (problem) return reject('group-shape', problem, R);
    // (3) Order interpretation p.8: re-forming is a move like any other for Advance and Reserve.
    const orders = orderDirectionProblem(w, g, units, placed);
    if (orders) return orders;
    for (const u of units) {
      w.replaceStands(u.id, placed.get(u.id)!);
      if (isSplit(u)) changeUnit(w, u.id, (x) => ({ ...x, extra: Object.fromEntries(Object.entries(x.extra).filter(([k]) => k !== 'sywSplitThrough')) }));
    }
    if (cost > 0.5) {
      w.setGroup(g.id, { movedMm: g.movedMm + cost, moved: true });
      for (const u of units) w.setUnit(u.id, { lastMovedPhase: w.rs.phaseCounter });
    }
    ctx.emit({ type: 'GroupDressed', group: g.id, anchor: anchor.id, costMm: Math.round(cost), rule: R });
    return w.change();
  },
});

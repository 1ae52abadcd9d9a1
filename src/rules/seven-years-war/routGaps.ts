/**
 * Routers threading gaps (SYW (3) Rout p.8): "Stands may be moved as separate units in Rout, to enable
 * them to pass through gaps etc, but they must retain contact with each other, even just corner to
 * corner while routing"; 7 p.15 "Routing units need not retain strict formations, but must retain at
 * least 1 corner-to-corner, or edge-to-edge contact between all of its stands".
 *
 * Reading (RULINGS.md): a unit's rout move is first tried as one body (forcedMoves.ts pushUnit). If that would
 * make it surrender (blocked by enemy, or less than half its move with enemy within 5cm), its stands
 * may instead move separately into a column one stand wide along the route: each stand goes sideways
 * to the column's lane, then straight along the route to its place in the column (front stands at the
 * head), each within the rout move, none passing through enemy (friends are passed through as routers
 * do), none ending on anyone; the column's stands touch edge to edge. Every lane across the unit's
 * frontage (and one base beyond either flank) is tried, 5mm apart; the one whose head gets farthest
 * wins. It is used only if it saves the unit (the head makes at least half the move, or reaches the
 * table edge); otherwise the body move and the surrender stand.
 */
import type { Stand } from '../../engine/model';
import type { Ctx } from '../../engine/ruleset';
import type { GameEvent } from '../../engine/command';
import { pt } from '../../geometry/types';
import { ROUT_MOVES } from './tables/movement';
import type { Work } from './work';
import { unitOffTable } from '../../geometry/units';
import { CM, standsOverlap, unitGap } from './geo';
import { blockedBy, pushUnit, interpenetrated } from './forcedMoves';

const R = 'SYW (3) Rout (p.8): stands may be moved as separate units to pass through gaps';
const STEP_MM = 5;

export interface ThreadPlan { readonly stands: Stand[]; readonly advanceMm: number; readonly offTable: boolean; readonly passed: ReadonlySet<string> }

/** The best one-stand-wide column the unit's stands can thread along `angle` within `mm` (null: none moves forward). */
export function planThread(w: Work, unitId: string, start: readonly Stand[], angle: number, mm: number, opts: { readonly group?: ReadonlySet<string>; readonly unitRank?: ReadonlyMap<string, number> } = {}): ThreadPlan | null {
  const u = w.unit(unitId);
  if (!u || start.length === 0) return null;
  const ax = Math.cos(angle), ay = Math.sin(angle), cx = -ay, cy = ax;
  const A = (s: Stand) => s.centre.x * ax + s.centre.y * ay;
  const C = (s: Stand) => s.centre.x * cx + s.centre.y * cy;
  const enemies = w.enemiesOf(u.side).flatMap((e) => e.stands);
  // A group's units thread as one column (unit after unit, `unitRank` by stand): its own units are not obstacles.
  const friends = w.battle.units.filter((o) => o.side === u.side && o.id !== unitId && !opts.group?.has(o.id) && !w.isOff(o.id));
  const rank = (s: Stand) => opts.unitRank?.get(s.id) ?? 0;
  const at = (s: Stand, a: number, c: number): Stand => ({ ...s, facing: angle as Stand['facing'], centre: pt(ax * a + cx * c, ay * a + cy * c) });
  const hitsEnemy = (s: Stand) => enemies.some((t) => standsOverlap(s, t));
  // Stands in column order: front first, then nearer the lane.
  const aMax = Math.max(...start.map(A));
  const cs = start.map(C);
  const lo = Math.min(...cs) - start[0]!.widthMm, hi = Math.max(...cs) + start[0]!.widthMm;
  let best: ThreadPlan | null = null;
  for (let lane = lo; lane <= hi + 1e-6; lane += STEP_MM) {
    const order = [...start].sort((p, q) => rank(p) - rank(q) || A(q) - A(p) || Math.abs(C(p) - lane) - Math.abs(C(q) - lane));
    // Slot k's centre lies `offset[k]` behind the head's centre.
    const offset: number[] = [0];
    for (let k = 1; k < order.length; k++) offset.push(offset[k - 1]! + order[k - 1]!.depthMm / 2 + order[k]!.depthMm / 2);
    // Each stand: sideways to the lane (must be clear), then along it; how far along it can go clear each way.
    let ok = true;
    const reach: { fwd: number; back: number; side: number }[] = [];
    for (const s of order) {
      const side = Math.abs(C(s) - lane);
      const dir = Math.sign(lane - C(s));
      for (let d = STEP_MM; d < side + STEP_MM && ok; d += STEP_MM) if (hitsEnemy(at(s, A(s), C(s) + dir * Math.min(d, side)))) ok = false;
      if (!ok) break;
      const budget = mm - side;
      if (budget < 0) { ok = false; break; }
      const clearTo = (sign: number) => { let g = 0; for (let d = STEP_MM; d <= budget + 1e-6; d += STEP_MM) { if (hitsEnemy(at(s, A(s) + sign * d, lane))) break; g = d; } return g; };
      reach.push({ fwd: clearTo(1), back: clearTo(-1), side });
    }
    if (!ok) continue;
    // The head's centre may go no further than every stand's clear reach allows, then back off until the column lands clear.
    let head = Math.min(...order.map((s, k) => A(s) + reach[k]!.fwd + offset[k]!));
    for (; head >= aMax; head -= STEP_MM) {
      const placed = order.map((s, k) => at(s, head - offset[k]!, lane));
      const fits = order.every((s, k) => { const v = head - offset[k]! - A(s); return v <= reach[k]!.fwd + 1e-6 && -v <= reach[k]!.back + 1e-6; });
      if (!fits) continue;
      const off = unitOffTable(placed, w.battle.table);
      if (!off && (placed.some(hitsEnemy) || friends.some((f) => placed.some((s) => f.stands.some((t) => standsOverlap(s, t)))))) continue;
      const advance = head - aMax;
      if (!best || (off && !best.offTable) || (off === best.offTable && advance > best.advanceMm + 1e-6)) {
        const passed = new Set(friends.filter((f) => order.some((s, k) => {
          const v = head - offset[k]! - A(s);
          const n = Math.ceil(Math.abs(v) / STEP_MM);
          for (let i = 0; i <= n; i++) if (f.stands.some((t) => standsOverlap(at(s, A(s) + (v * i) / Math.max(1, n), lane), t))) return true;
          return false;
        })).map((f) => f.id));
        best = { stands: start.map((s) => placed[order.findIndex((x) => x.id === s.id)]!), advanceMm: advance, offTable: off, passed };
      }
      break;
    }
  }
  return best && (best.advanceMm > 0 || best.offTable) ? best : null;
}

/**
 * One unit's rout move along `angle` (7 p.15): as one body, or threading a gap stand by stand when
 * that saves it from surrendering. Returns whether it left the table or surrendered.
 */
export function routUnitMove(w: Work, unitId: string, angle: number, mm: number): { offTable: boolean; surrendered: boolean } {
  const u = w.unit(unitId);
  if (!u) return { offTable: false, surrendered: false };
  const start = u.stands;
  // The body move on a trial copy: its events are kept back until it is chosen.
  const held: GameEvent[] = [];
  const quiet: Ctx = { roll: (spec) => w.ctx.roll(spec), emit: (e) => { held.push(e); } };
  const trial = w.fork(quiet);
  const r = pushUnit(trial, unitId, angle, mm, 'rout', ROUT_MOVES.rule);
  const adopt = () => { w.battle = trial.battle; w.rs = trial.rs; for (const e of held) w.ctx.emit(e); };
  if (r.offTable) { adopt(); return { offTable: true, surrendered: false }; }
  const enemyClose = (st: readonly Stand[]) => w.enemiesOf(u.side).some((e) => unitGap(e, { ...u, stands: st }) <= ROUT_MOVES.avoidEnemyCm * CM);
  const moved = trial.unit(unitId)!.stands;
  if (!(r.blockedByEnemy || (r.movedMm < mm / 2 && enemyClose(moved)))) { adopt(); return { offTable: false, surrendered: false }; }
  const th = planThread(w, unitId, start, angle, mm);
  if (th && (th.offTable || th.advanceMm >= mm / 2 - 0.5)) {
    w.replaceStands(unitId, th.stands);
    w.setFormation(unitId, 'column');
    w.ctx.emit({ type: 'RoutersThreadedGap', unit: unitId, advanceMm: Math.round(th.advanceMm), rule: R });
    for (const fid of th.passed) interpenetrated(w, unitId, fid, 'rout', ROUT_MOVES.rule);
    return { offTable: th.offTable, surrendered: false };
  }
  adopt();
  w.setUnit(unitId, { surrendered: true });
  w.ctx.emit({ type: 'UnitSurrendered', unit: unitId, rule: 'SYW 7 Rout and Pursuit (p.15)' });
  return { offTable: false, surrendered: true };
}

/**
 * A group's rout move along `angle` (7 p.15 "must retain at least 1 corner-to-corner, or edge-to-edge
 * contact between all of its stands, and units"; p.16 "Routers ... always act in groups"): the group's
 * units move together as one body, by the distance the most hindered unit can go (friends are passed
 * through as routers do; enemy stop it). If that would make it surrender (blocked by enemy, or under
 * half its move with enemy within 5cm), all its stands may instead thread the route as one column
 * one stand wide, unit after unit (the leading unit first), so every unit keeps edge-to-edge contact
 * with the next. Returns whether it left the table or surrendered (every unit surrenders together).
 */
export function routGroupMove(w: Work, groupId: string, angle: number, mm: number): { offTable: boolean; surrendered: boolean } {
  const g = w.group(groupId);
  const units = g ? w.groupUnits(g).filter((u) => u.stands.length > 0) : [];
  if (!g || units.length === 0) return { offTable: false, surrendered: false };
  if (units.length === 1) return routUnitMove(w, units[0]!.id, angle, mm);
  const ids = new Set(units.map((u) => u.id));
  const dx = Math.cos(angle), dy = Math.sin(angle);
  const at = (d: number) => units.map((u) => ({ u, st: u.stands.map((s) => ({ ...s, centre: pt(s.centre.x + dx * d, s.centre.y + dy * d) })) }));
  const others = (id: string, st: readonly Stand[]) => blockedBy(w, id, st).filter((o) => !ids.has(o.id));
  // The body move: as far as every unit can go at once.
  let moved = 0, off = false, blockedByEnemy = false;
  const passed = new Map<string, Set<string>>();
  const steps: number[] = [];
  for (let d = STEP_MM; d <= mm + 1e-6; d += STEP_MM) steps.push(d);
  if (mm % STEP_MM !== 0) steps.push(mm);
  for (const d of steps) {
    const cand = at(d);
    if (cand.some((c) => unitOffTable(c.st, w.battle.table))) { moved = d; off = true; break; }
    const hits = cand.map((c) => ({ id: c.u.id, hits: others(c.u.id, c.st) }));
    if (hits.some((h) => h.hits.some((o) => o.side !== g.side))) { blockedByEnemy = true; break; }
    for (const h of hits) for (const o of h.hits) { if (!passed.has(h.id)) passed.set(h.id, new Set()); passed.get(h.id)!.add(o.id); }
    if (hits.every((h) => h.hits.length === 0)) moved = d;
  }
  const applyBody = () => {
    for (const c of at(moved)) w.replaceStands(c.u.id, c.st);
    for (const [id, set] of passed) for (const fid of set) interpenetrated(w, id, fid, 'rout', ROUT_MOVES.rule);
  };
  if (off) { applyBody(); return { offTable: true, surrendered: false }; }
  const enemyClose = () => units.some((u) => w.enemiesOf(u.side).some((e) => unitGap(e, { ...u, stands: at(moved).find((c) => c.u.id === u.id)!.st }) <= ROUT_MOVES.avoidEnemyCm * CM));
  if (!(blockedByEnemy || (moved < mm / 2 && enemyClose()))) { applyBody(); return { offTable: false, surrendered: false }; }
  // Thread as one column, unit after unit: the unit furthest along the route leads.
  const A = (st: readonly Stand[]) => Math.max(...st.map((s) => s.centre.x * dx + s.centre.y * dy));
  // (Level fronts, within 0.5mm, keep the group's order.)
  const byLead = [...units].sort((p, q) => { const d = A(q.stands) - A(p.stands); return Math.abs(d) > 0.5 ? d : 0; });
  const unitRank = new Map(byLead.flatMap((u, i) => u.stands.map((s) => [s.id, i] as const)));
  const lead = byLead[0]!;
  const all = byLead.flatMap((u) => u.stands);
  const th = planThread(w, lead.id, all, angle, mm, { group: ids, unitRank });
  if (th && (th.offTable || th.advanceMm >= mm / 2 - 0.5)) {
    let i = 0;
    for (const u of byLead) {
      w.replaceStands(u.id, th.stands.slice(i, i + u.stands.length));
      i += u.stands.length;
      w.setFormation(u.id, 'column');
      w.ctx.emit({ type: 'RoutersThreadedGap', unit: u.id, advanceMm: Math.round(th.advanceMm), behind: u.id === lead.id ? null : lead.id, rule: R });
      for (const fid of th.passed) if (!ids.has(fid)) interpenetrated(w, u.id, fid, 'rout', ROUT_MOVES.rule);
    }
    return { offTable: th.offTable, surrendered: false };
  }
  applyBody();
  for (const u of units) {
    w.setUnit(u.id, { surrendered: true });
    w.ctx.emit({ type: 'UnitSurrendered', unit: u.id, rule: 'SYW 7 Rout and Pursuit (p.15)' });
  }
  return { offTable: false, surrendered: true };
}

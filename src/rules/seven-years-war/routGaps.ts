/**
 * Routers threading gaps (SYW (3) Rout p.8): "Stands may be moved as separate units in Rout, to enable
 * them to pass through gaps etc, but they must retain contact with each other, even just corner to
 * corner while routing"; 7 p.15 "Routing units need not retain strict formations, but must retain at
 * least 1 corner-to-corner, or edge-to-edge contact between all of its stands".
 *
 * Reading (RULINGS.md): a unit's rout move is first tried as one body (Work.pushUnit). If that would
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
import { offTable } from '../../geometry/collisions';
import { pt } from '../../geometry/types';
import { ROUT_MOVES } from './tables/movement';
import type { S } from './state';
import { Work } from './work';
import { CM, standsOverlap, unitGap } from './geo';

const R = 'SYW (3) Rout (p.8): stands may be moved as separate units to pass through gaps';
const STEP_MM = 5;

export interface ThreadPlan { readonly stands: Stand[]; readonly advanceMm: number; readonly offTable: boolean; readonly passed: ReadonlySet<string> }

/** The best one-stand-wide column the unit's stands can thread along `angle` within `mm` (null: none moves forward). */
export function planThread(w: Work, unitId: string, start: readonly Stand[], angle: number, mm: number): ThreadPlan | null {
  const u = w.unit(unitId);
  if (!u || start.length === 0) return null;
  const ax = Math.cos(angle), ay = Math.sin(angle), cx = -ay, cy = ax;
  const A = (s: Stand) => s.centre.x * ax + s.centre.y * ay;
  const C = (s: Stand) => s.centre.x * cx + s.centre.y * cy;
  const enemies = w.enemiesOf(u.side).flatMap((e) => e.stands);
  const friends = w.battle.units.filter((o) => o.side === u.side && o.id !== unitId && !w.isOff(o.id));
  const at = (s: Stand, a: number, c: number): Stand => ({ ...s, facing: angle as Stand['facing'], centre: pt(ax * a + cx * c, ay * a + cy * c) });
  const hitsEnemy = (s: Stand) => enemies.some((t) => standsOverlap(s, t));
  // Stands in column order: front first, then nearer the lane.
  const aMax = Math.max(...start.map(A));
  const cs = start.map(C);
  const lo = Math.min(...cs) - start[0]!.widthMm, hi = Math.max(...cs) + start[0]!.widthMm;
  let best: ThreadPlan | null = null;
  for (let lane = lo; lane <= hi + 1e-6; lane += STEP_MM) {
    const order = [...start].sort((p, q) => A(q) - A(p) || Math.abs(C(p) - lane) - Math.abs(C(q) - lane));
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
      const off = offTable(placed, w.battle.table).length > 0;
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
  const trial = new Work({ battle: w.battle, ruleset: w.rs, tables: w.tables } as unknown as S, quiet);
  const r = trial.pushUnit(unitId, angle, mm, 'rout', ROUT_MOVES.rule);
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
    for (const fid of th.passed) w.interpenetrated(unitId, fid, 'rout', ROUT_MOVES.rule);
    return { offTable: th.offTable, surrendered: false };
  }
  adopt();
  w.setUnit(unitId, { surrendered: true });
  w.ctx.emit({ type: 'UnitSurrendered', unit: unitId, rule: 'SYW 7 Rout and Pursuit (p.15)' });
  return { offTable: false, surrendered: true };
}

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
 * do), none ending on anyone; the column's stands touch edge to edge. Of every lane across the unit's
 * frontage (and one base beyond either flank) the one whose head gets farthest wins (solved, not
 * stepped) (each stand's moves traced by the geometry core). It is used only if it saves the unit (the head makes at least half the move, or reaches the
 * table edge); otherwise the body move and the surrender stand.
 */
import type { Stand } from '../../engine/model';
import type { Ctx } from '../../engine/ruleset';
import type { GameEvent } from '../../engine/command';
import { pt } from '../../geometry/types';
import { ROUT_MOVES } from './tables/movement';
import type { Work } from './work';
import { translateStands, unitOffTable } from '../../geometry/units';
import type { Leg } from '../../geometry/movement';
import { moveUntilContact, traceMove, type Meeting } from '../../geometry/moveCore';
import { firstClearMm, pushUntilClear } from '../../geometry/moveClear';
import { standIndexOf } from '../../geometry/sightCache';
import { CM, unitGap } from './geo';
import { pushUnit, interpenetrated } from './forcedMoves';
import { cos, sin } from '../../geometry/math';
import { bestLane } from '../../geometry/lanes';

const R = 'SYW (3) Rout (p.8): stands may be moved as separate units to pass through gaps';

export interface ThreadPlan { readonly stands: Stand[]; readonly advanceMm: number; readonly offTable: boolean; readonly passed: ReadonlySet<string> }

/** The best one-stand-wide column the unit's stands can thread along `angle` within `mm` (null: none moves forward). */
export function planThread(w: Work, unitId: string, start: readonly Stand[], angle: number, mm: number, opts: { readonly group?: ReadonlySet<string>; readonly unitRank?: ReadonlyMap<string, number>; readonly onlyLanes?: readonly number[] } = {}): ThreadPlan | null {
  const u = w.unit(unitId);
  if (!u || start.length === 0) return null;
  const ax = cos(angle), ay = sin(angle), cx = -ay, cy = ax;
  const A = (s: Stand) => s.centre.x * ax + s.centre.y * ay;
  const C = (s: Stand) => s.centre.x * cx + s.centre.y * cy;
  // The geometry core traces every stand's moves: enemies block, friends are passed (routers pass through friends, p.10).
  const index = standIndexOf(w.battle.units);
  const enemyIds = new Set(w.enemiesOf(u.side).map((e) => e.id));
  // A group's units thread as one column (unit after unit, `unitRank` by stand): its own units are not obstacles.
  const mine = (id: string) => id === unitId || opts.group?.has(id) === true || w.isOff(id);
  const enemiesOnly = { others: index, ignore: (id: string) => mine(id) || !enemyIds.has(id) };
  const everyone = { others: index, ignore: mine };
  const rank = (s: Stand) => opts.unitRank?.get(s.id) ?? 0;
  const at = (s: Stand, a: number, c: number): Stand => ({ ...s, facing: angle as Stand['facing'], centre: pt(ax * a + cx * c, ay * a + cy * c) });
  const along = (mmAlong: number): Leg[] => [{ kind: 'translate', dx: ax * mmAlong, dy: ay * mmAlong, distanceMm: Math.abs(mmAlong) }];
  /** How far a stand at (a, c) can go along the lane (sign: ahead or back) within `budget` before it touches an enemy. */
  const clearTo = (s: Stand, c: number, sign: number, budget: number) => (budget <= 0 ? 0 : moveUntilContact([at(s, A(s), c)], along(sign * budget), enemiesOnly).stopMm);
  // Stands in column order: front first, then nearer the lane.
  const aMax = Math.max(...start.map(A));
  const cs = start.map(C);
  const lo = Math.min(...cs) - start[0]!.widthMm, hi = Math.max(...cs) + start[0]!.widthMm;
  /** Where the column's head gets on one lane (null: the lane is refused), as the rule reads it. */
  const onLane = (lane: number): { order: Stand[]; offset: number[]; head: number; off: boolean } | null => {
    const order = [...start].sort((p, q) => rank(p) - rank(q) || A(q) - A(p) || Math.abs(C(p) - lane) - Math.abs(C(q) - lane));
    // Slot k's centre lies `offset[k]` behind the head's centre.
    const offset: number[] = [0];
    for (let k = 1; k < order.length; k++) offset.push(offset[k - 1]! + order[k - 1]!.depthMm / 2 + order[k]!.depthMm / 2);
    // Each stand: sideways to the lane (never through an enemy), then along it; how far along it can go clear each way.
    const reach: { fwd: number; back: number }[] = [];
    for (const s of order) {
      const side = Math.abs(C(s) - lane);
      const budget = mm - side;
      if (budget < 0) return null;
      if (side > 0 && traceMove([at(s, A(s), C(s))], [{ kind: 'translate', dx: cx * (lane - C(s)), dy: cy * (lane - C(s)), distanceMm: side }], enemiesOnly).meetings.some((m) => !m.atStart)) return null;
      reach.push({ fwd: clearTo(s, lane, 1, budget), back: clearTo(s, lane, -1, budget) });
    }
    // The head's centre may go no further than every stand's clear reach allows.
    const head0 = Math.min(...order.map((s, k) => A(s) + reach[k]!.fwd + offset[k]!));
    if (head0 < aMax) return null;
    const column = (head: number) => order.map((s, k) => at(s, head - offset[k]!, lane));
    const fits = (head: number) => order.every((s, k) => { const v = head - offset[k]! - A(s); return v <= reach[k]!.fwd + 1e-6 && -v <= reach[k]!.back + 1e-6; });
    let head = head0;
    const off = unitOffTable(column(head0), w.battle.table);
    if (!off) {
      // Then back off along the lane to the nearest place the column lands clear of everyone.
      const back = firstClearMm(traceMove(column(head0), along(-(head0 - aMax)), everyone));
      if (back === undefined) return null;
      head = head0 - back;
    }
    if (!fits(head)) return null;
    return { order, offset, head, off };
  };
  // Every lane across the frontage and a base beyond either flank, solved rather than stepped: the
  // head's reach changes its form only where a stand's flank passes a corner of anyone near the
  // route, where a stand's own lane or sideways limit is, or where the column's order changes; it
  // is the least of straight-line pieces in between, so each stretch's best lane is found exactly
  // (geometry lanes.ts `bestLane`).
  const widths = [...new Set(start.map((s) => s.widthMm))];
  const cuts: number[] = [lo, hi];
  for (const s of start) {
    cuts.push(C(s), C(s) - mm, C(s) + mm);
    // How far each stand can go sideways before an enemy stops it.
    for (const sgn of [1, -1]) cuts.push(C(s) + sgn * moveUntilContact([at(s, A(s), C(s))], [{ kind: 'translate', dx: cx * sgn * (hi - lo), dy: cy * sgn * (hi - lo), distanceMm: hi - lo }], enemiesOnly).stopMm);
    for (const t of start) cuts.push((C(s) + C(t)) / 2);
  }
  // Corners of everyone near the route: a lane whose flank passes one.
  const ext = mm + Math.max(...start.map((s) => s.depthMm)) * start.length;
  const aLo = Math.min(...start.map(A)) - ext, aHi = aMax + ext;
  const box = (() => {
    const pts = [[aLo, lo - 100], [aLo, hi + 100], [aHi, lo - 100], [aHi, hi + 100]].map(([a, c]) => ({ x: ax * a! + cx * c!, y: ay * a! + cy * c! }));
    return { minX: Math.min(...pts.map((p) => p.x)), minY: Math.min(...pts.map((p) => p.y)), maxX: Math.max(...pts.map((p) => p.x)), maxY: Math.max(...pts.map((p) => p.y)) };
  })();
  for (const e of index.search(box)) {
    if (mine(e.value.unitId)) continue;
    for (const q of e.value.corners) {
      const qc = q.x * cx + q.y * cy;
      for (const wd of widths) cuts.push(qc - wd / 2, qc + wd / 2);
    }
  }
  const scoreOf = (lane: number) => {
    const r = onLane(lane);
    return r ? { off: r.off, advance: r.head - aMax } : null;
  };
  // `onlyLanes`: just these lanes, the best of them (a referee's brute force in tests).
  const best = opts.onlyLanes ? bestOf(opts.onlyLanes, scoreOf) : bestLane(cuts, lo, hi, scoreOf);
  if (!best) return null;
  const r = onLane(best.lane)!;
  const placed = r.order.map((s, k) => at(s, r.head - r.offset[k]!, best.lane));
  // Friends each stand went through along the lane (the interpenetration table, p.10).
  const passed = new Set<string>();
  r.order.forEach((s, k) => {
    const v = r.head - r.offset[k]! - A(s);
    for (const m of traceMove([at(s, A(s), best.lane)], along(v), everyone).meetings) if (!enemyIds.has(m.unitId)) passed.add(m.unitId);
  });
  const plan: ThreadPlan = { stands: start.map((s) => placed[r.order.findIndex((x) => x.id === s.id)]!), advanceMm: r.head - aMax, offTable: r.off, passed };
  return plan.advanceMm > 0 || plan.offTable ? plan : null;
}

function bestOf(lanes: readonly number[], score: (lane: number) => { off: boolean; advance: number } | null): { lane: number } | undefined {
  let best: { lane: number; off: boolean; advance: number } | undefined;
  for (const lane of lanes) {
    const s = score(lane);
    if (s && (!best || (s.off && !best.off) || (s.off === best.off && s.advance > best.advance + 1e-6))) best = { lane, ...s };
  }
  return best;
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
  const dx = cos(angle), dy = sin(angle);
  const at = (d: number) => units.map((u) => ({ u, st: translateStands(u.stands, dx * d, dy * d) }));
  // The body move (the geometry core's push of all its stands): as far as every unit can go at once,
  // through friends, stopping touching the first enemy, ending clear of everyone, or where it begins to leave the table.
  const opts = { others: standIndexOf(w.battle.units), ignore: (id: string) => ids.has(id) || w.isOff(id), table: w.battle.table };
  const rule = (m: Meeting) => (w.unit(m.unitId)?.side === g.side ? 'pass' as const : 'block' as const);
  const leg = (d: number): Leg[] => [{ kind: 'translate', dx: dx * d, dy: dy * d, distanceMm: d }];
  const body = pushUntilClear(units.flatMap((u) => u.stands), leg(mm), { ...opts, rule });
  const moved = body.stopMm, off = body.leavesTableAtMm !== undefined, blockedByEnemy = !off && body.contact !== undefined;
  // Friends each unit went through on the way (the interpenetration table, p.10).
  const passed = new Map<string, Set<string>>();
  if (moved > 0) for (const u of units) passed.set(u.id, new Set(pushUntilClear(u.stands, leg(moved), { ...opts, rule: (m) => (rule(m) === 'pass' ? 'pass' : 'ignore') }).passed.map((m) => m.unitId)));
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

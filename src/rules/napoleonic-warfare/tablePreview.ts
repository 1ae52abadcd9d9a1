/**
 * The play table's drag and drop as NW commands (RulesetModule.table.previewMove and
 * previewContact). Everything here reads the viewer's view (SeenGame) only and never rolls:
 * terrain delays that the engine will roll are shown as dice in the read-out.
 *
 * A drag of a unit is read by the step and the unit's order:
 *   Orders Phase           a turn of about 180° → the free turn (NW §11);
 *   Strategic / Advance    a wheel of ≤ 45° on the inner front corner, then straight ahead
 *                          (moveUnit); a backward drag while unordered → a Retreat (NW §21);
 *   Retreat order          the drag's length → retreatUnit, directly away from the enemy;
 *   Deploy order           a 90°/180° turn, a ≤ 45° wheel, one stand depth forward, one stand
 *                          width sideways, or back (fall back half a move) → deployUnit.
 * A general's drag → moveGeneral (joining a unit when dropped on one of its stands).
 */
import { advanceUnit, rotateUnit, wheelUnit, translateStands } from '../../geometry/units';
import { truncateTrace, type MoveTrace } from '../../geometry/moveCore';
import type { Command, MovePreview, PieceMove, ReadOut, SeenGame } from '../../engine/ruleset';
import type { SideId, Stand, TerrainFeature, Unit } from '../../engine/model';
import { findUnit } from '../../engine/battle';
import { forward, rightOf } from '../../geometry/footprint';
import { pointInConvex } from '../../geometry/vec';
import { normaliseAngle, pt, rad, type Radians, type TablePoint } from '../../geometry/types';
import type { Draft, NwOptions, NwState } from './types';
import type { NwTables } from './nwTables';
import { activeUnits, enemiesOf, erMm, friendsOf, inMm, nearestEnemy, nwu, toIn, visibleEnemyAmong } from './core';
import { unitBox } from '../../geometry/queries';
import { boxGap, type Box } from '../../geometry/vec';
import { momentsOf, probeTimeline, straight, terrainAfter, traceStraight, type ProbeTimeline } from './moves';
import { bearing, commandStand, unitDistanceMm, frameOfUnit, standPoly, terrainClass, unitFacing, unitTerrain } from './geom';
import { normalMoveMm, faceTowards } from './morale';
import { inCombat } from './combat';
import { chargeTargetProblem, generalCanOrder, orderProblem } from './commands';
import { TERRAIN_EFFECTS, WHEEL } from './tables/movement';
import { deployActionsAllowed, ORDERS } from './tables/orders';
import { planDropBack, poseKey, type DropBackMemo } from './dropBack';
import { planChargeDropBack } from './charges';
import { isRoadPath, ROAD_FACTOR } from './roads';

/** A unit's or terrain feature's name, for read-outs. */
const nameOf = (d: Draft, id: string): string => d.battle.units.find((x) => x.id === id)?.name ?? d.battle.terrain.find((t) => t.id === id)?.name ?? id;
import { checkMoveOrder, MOVE_ORDER_RULE, ordersLockedBy } from './moveOrder';
import { cos, hypot, sin } from '../../geometry/math';
import { pointOnTable } from '../../geometry/tableEdge';

export type Seen = SeenGame<NwState, NwOptions, NwTables>;

const noRoll = { roll: () => { throw new Error('the table adapter never rolls'); }, emit: () => undefined };

/** A read-only Draft over the viewer's view (the procedures read it; nothing is written back). */
export function seenDraft(g: Seen): Draft {
  return { battle: g.battle, rs: g.ruleset, options: g.options, tables: g.tables, ctx: noRoll, turn: g.position.turn, phase: g.position.phase, pendingTests: [] };
}

const inchText = (mmv: number): string => `${toIn(Math.max(0, mmv)).toFixed(1)}"`;
const deg = (r: number): number => (r * 180) / Math.PI;
const illegal = (reason: string, rule: string, readout: ReadOut[] = []): MovePreview => ({ legal: false, reason, rule, readout });

/** The pose the table shows for a drag: turned by dRad about the pivot, then moved by (dx, dy). */
export function draggedPose(u: Unit, m: PieceMove): Unit {
  let pivot: TablePoint;
  if (m.pivot === 'left' || m.pivot === 'right') {
    const [fl, fr] = frameOfUnit(u).corners;
    pivot = m.pivot === 'left' ? fl : fr;
  } else {
    let x = 0, y = 0;
    for (const s of u.stands) { x += s.centre.x; y += s.centre.y; }
    pivot = pt(x / u.stands.length, y / u.stands.length);
  }
  const turned = Math.abs(m.dRad) > 1e-12 ? rotateUnit(u, pivot, m.dRad) : u;
  return { ...turned, stands: translateStands(turned.stands, m.dxMm, m.dyMm) };
}

/**
 * NW Orders/Advance, §25: a wheel of `w` on the inner front corner, then `s` straight ahead, that
 * brings the command stand's centre to `goal`. Returns the smallest wheel that does it.
 */
export function solveWheelThenAdvance(u: Unit, goal: TablePoint, fixedWheel?: number): { wheel: number; along: number; lateral: number } | undefined {
  const fr = frameOfUnit(u);
  const c = commandStand(u).centre;
  const th = unitFacing(u);
  const at = (w: number) => {
    const pivot = w >= 0 ? fr.corners[1] : fr.corners[0];
    const cs = cos(w), sn = sin(w);
    const dx = c.x - pivot.x, dy = c.y - pivot.y;
    const cw = pt(pivot.x + dx * cs - dy * sn, pivot.y + dx * sn + dy * cs);
    const f = forward(rad(th + w)), r = rightOf(rad(th + w));
    const gx = goal.x - cw.x, gy = goal.y - cw.y;
    return { along: gx * f.x + gy * f.y, lateral: gx * r.x + gy * r.y };
  };
  if (fixedWheel !== undefined) return { wheel: fixedWheel, ...at(fixedWheel) };
  const max = (WHEEL.maxDeg * Math.PI) / 180;
  const n = 36;
  let best: { wheel: number; along: number; lateral: number } | undefined;
  let prevW = -max, prev = at(-max);
  for (let i = 1; i <= n; i++) {
    const w = -max + (2 * max * i) / n;
    const cur = at(w);
    if (Math.sign(cur.lateral) !== Math.sign(prev.lateral) || cur.lateral === 0) {
      let lo = prevW, hi = w, flo = prev.lateral;
      for (let k = 0; k < 40; k++) {
        const mid = (lo + hi) / 2;
        const fm = at(mid).lateral;
        if (Math.sign(fm) === Math.sign(flo)) { lo = mid; flo = fm; } else hi = mid;
      }
      const root = (lo + hi) / 2;
      const r = at(root);
      if (r.along >= -0.5 && (!best || Math.abs(root) < Math.abs(best.wheel))) best = { wheel: root, ...r };
    }
    prevW = w;
    prev = cur;
  }
  return best;
}

/**
 * PERF: what a drag may keep between pointer moves while the view it reads is unchanged (the
 * view is a new object after any command): the active units, each pose's narrower fronts, and
 * the core's trace of each pose's straight move, traced (once it is asked about a second time)
 * to the full reach of the drag and cut short for each pointer position (`truncateTrace`). Entries are keyed by pose, so a wheel
 * or a retreat's turn that gives a new pose traces afresh.
 */
interface PreviewMemo extends DropBackMemo {
  readonly byId: Map<string, Unit>;
  /** By `poseKey`, then direction. */
  readonly traces: Map<string, Map<number, MoveTrace>>;
  readonly timelines: Map<string, Map<number, ProbeTimeline>>;
  /** The terrain under a unit (as the view shows it), by unit object. */
  readonly terrainUnder: WeakMap<Unit, TerrainFeature[]>;
  /** Per dragged unit and reach: the enemies it could come within Engagement Range of anywhere in the drag. */
  readonly foesInReach: Map<string, { reachMm: number; foes: { unit: Unit; box: Box }[] }>;
  reachMm: number;
}
const memos = new WeakMap<Seen, PreviewMemo>();
const MEMO_ENTRIES = 400;

function memoOf(g: Seen, d: Draft): PreviewMemo {
  let m = memos.get(g);
  if (!m) {
    const byId = new Map(activeUnits(d).map((x) => [x.id, x]));
    const traces = new Map<string, Map<number, MoveTrace>>();
    const timelines = new Map<string, Map<number, ProbeTimeline>>();
    // PERF: keyed by pose, then by the direction as a number (writing a direction out as text for a key cost more than reading the answer).
    const entry = <T>(m: Map<string, Map<number, T>>, key: string): Map<number, T> => {
      let e = m.get(key);
      if (!e) {
        if (m.size > MEMO_ENTRIES) m.clear();
        m.set(key, (e = new Map()));
      }
      return e;
    };
    /** The kept trace of a pose's straight move, reaching at least `distMm` (not cut there). */
    const fullTrace = (u: Unit, dir: Radians, distMm: number): MoveTrace => {
      const byDir = entry(traces, poseKey(u));
      let t = byDir.get(dir);
      if (!t || t.distanceMm < distMm) {
        // A pose asked about once (a new wheel each pointer move) is traced as far as asked; asked
        // again further on, it is traced to the drag's full reach.
        t = traceStraight(d, u, straight(dir, t ? Math.max(distMm, memo.reachMm) : distMm), byId);
        byDir.set(dir, t);
      }
      return t;
    };
    const memo: PreviewMemo = {
      byId, traces, timelines, terrainUnder: new WeakMap(), foesInReach: new Map(), fronts: new Map(), reachMm: 0,
      traceOf: (u, dir, distMm) => truncateTrace(fullTrace(u, dir, distMm), distMm),
      // PERF: what a pose's straight move meets is read once per pose (dropBack.ts reads every
      // narrower front at every pointer move); each pointer move reads it up to its own distance.
      timelineOf: (u, dir, distMm, roadColumn) => {
        const byDir = entry(timelines, roadColumn ? `${poseKey(u)}#road` : poseKey(u));
        let tl = byDir.get(dir);
        if (!tl || tl.reachMm <= distMm) {
          tl = probeTimeline(d, u, dir, fullTrace(u, dir, distMm), byId, roadColumn);
          byDir.set(dir, tl);
        }
        return tl;
      },
    };
    m = memo;
    memos.set(g, m);
  }
  if (m.fronts.size > MEMO_ENTRIES) m.fronts.clear();
  return m;
}

/** The terrain under a unit of the view (kept per unit object for the drag). */
function terrainUnder(d: Draft, memo: PreviewMemo, u: Unit): TerrainFeature[] {
  let t = memo.terrainUnder.get(u);
  if (!t) memo.terrainUnder.set(u, (t = unitTerrain(d.battle, u)));
  return t;
}

/**
 * NW §21 / §3: is a visible enemy within Engagement Range of `end`, a pose the drag of `u` may
 * reach? PERF: the enemies that could be are found once per drag (those whose box comes within
 * the drag's reach, the unit's own extent twice over — a wheel or a narrower front — and the
 * range, of the unit's box); each pointer move measures only those (core.ts `visibleEnemyAmong`,
 * the answer of `withinER`).
 */
function withinERInDrag(d: Draft, memo: PreviewMemo, u: Unit, end: Unit): boolean {
  const er = erMm(d);
  let kept = memo.foesInReach.get(u.id);
  if (!kept || kept.reachMm !== memo.reachMm) {
    const b = unitBox(u.stands);
    const grow = memo.reachMm + 2 * hypot(b.maxX - b.minX, b.maxY - b.minY) + er + 2;
    const foes: { unit: Unit; box: Box }[] = [];
    for (const e of enemiesOf(d, u.side)) {
      const box = unitBox(e.stands);
      if (boxGap(b, box) <= grow) foes.push({ unit: e, box });
    }
    memo.foesInReach.set(u.id, (kept = { reachMm: memo.reachMm, foes }));
  }
  return visibleEnemyAmong(d, end, er, kept.foes);
}

/** The geometry core's trace of `mover` going `distMm` along `dir`, against the other active units, the table edge and the terrain. */
function traceAhead(memo: PreviewMemo, mover: Unit, dir: number, distMm: number): { trace: MoveTrace; byId: ReadonlyMap<string, Unit> } {
  return { trace: memo.traceOf!(mover, rad(dir), distMm), byId: memo.byId };
}

/** What the ground along a traced move does (NW §23), as read-out lines and an impassable reason. */
function terrainAlong(d: Draft, memo: PreviewMemo, u0: Unit, mover: Unit, trace: MoveTrace): { lines: ReadOut[]; impassable?: string } {
  const nu = nwu(d, u0.id);
  const p = nu.profile;
  const skirmishFoot = p.foot && u0.formation === 'skirmish';
  const start = new Set(terrainUnder(d, memo, u0).map((t) => t.id));
  const seen = new Map<string, string>();
  const tbl = d.tables.movement[d.rs.scale];
  // The ground at each place along the move where what is touched changes (the start included).
  const moments = [0, ...momentsOf(mover, [], trace).filter((x) => x.kind === 'terrain').map((x) => x.atMm)];
  for (const atMm of moments) {
    const ter = terrainAfter(trace, atMm);
    const crossing = ter.some((t) => t.kind === 'ford' || t.kind === 'bridge');
    for (const t of ter) {
      const cls = terrainClass(t);
      const eff = TERRAIN_EFFECTS[cls];
      if ((cls === 'river' || cls === 'water') && !crossing) return { lines: [], impassable: `${t.name} can be crossed only at a bridge or ford (${eff.rule})` };
      if (eff.impassableFor.includes('all') && !crossing) return { lines: [], impassable: `${t.name} is impassable (${eff.rule})` };
      if (p.artillery && eff.impassableFor.includes('artillery')) return { lines: [], impassable: `artillery cannot enter ${t.name} (${eff.rule})` };
      if (p.mounted && p.troop === 'cavalry' && eff.impassableFor.includes('cavalry')) return { lines: [], impassable: `formed cavalry cannot enter ${t.name} (${eff.rule})` };
      if (cls === 'building' && !p.foot) return { lines: [], impassable: `only infantry enter buildings (${eff.rule})` };
      if (seen.has(t.id)) continue;
      if (cls === 'building' && !start.has(t.id)) seen.set(t.id, `half the move to enter ${t.name}`);
      else if (eff.delay === 'light' && !skirmishFoot) seen.set(t.id, `${tbl.lightDelay.baseIn ? `${tbl.lightDelay.baseIn}"+` : ''}${tbl.lightDelay.d6}d6 delay (${t.name})${eff.disorders && !start.has(t.id) ? ', Disordered' : ''}`);
      else if (eff.delay === 'dense') {
        const dd = p.foot ? tbl.rows.foot.denseDelay : tbl.rows['light-cavalry'].denseDelay;
        if (dd) seen.set(t.id, `${dd.baseIn ? `${dd.baseIn}"+` : ''}${dd.d6}d6 delay (${t.name})${!start.has(t.id) && !skirmishFoot && !(p.lightInfantry && cls === 'dense') ? ', Disordered' : ''}`);
      }
    }
  }
  return { lines: [...seen.values()].map((v) => ({ label: 'Terrain', value: v })) };
}

/**
 * Other units the traced move meets: the first enemy it touches (it halts there), friends it
 * passes through before that (NW §24), and whether it goes over the table edge first (NW §9).
 */
function whoIsMet(d: Draft, u: Unit, trace: MoveTrace, byId: ReadonlyMap<string, Unit>): ReadOut[] {
  const out: ReadOut[] = [];
  const enemy = trace.meetings.find((m) => !m.atStart && byId.get(m.unitId)!.side !== u.side);
  const stopMm = enemy?.enterMm ?? Infinity;
  for (const m of trace.meetings) {
    if (m.atStart || m.enterMm > stopMm) continue;
    const f = byId.get(m.unitId)!;
    if (f.side !== u.side || out.some((x) => x.value.startsWith(`${f.name}:`))) continue;
    const free = f.formation === 'skirmish' || (nwu(d, f.id).profile.artillery && !nwu(d, f.id).limbered) || u.formation === 'skirmish';
    out.push({ label: 'Interpenetrates', value: `${f.name}: ${free ? 'no penalty' : 'placed beyond it, both Disordered'} (NW §24)` });
  }
  if (enemy) out.unshift({ label: 'Contact', value: `${byId.get(enemy.unitId)!.name}: halts on contact, close combat (NW Close Combat §1)` });
  if (trace.leavesTableAtMm !== undefined && trace.leavesTableAtMm < stopMm) out.push({ label: 'Table edge', value: 'leaves the table: removed, may try to return (NW §9)' });
  return out;
}

/** NW Orders/Advance and §21 Strategic Movement: wheel ≤ 45°, then straight ahead. */
function previewAdvance(d: Draft, memo: PreviewMemo, side: SideId, u: Unit, m: PieceMove, strategic: boolean): MovePreview {
  const rule = strategic ? 'NW §21 Strategic Movement' : 'NW Orders/Advance';
  const pose = draggedPose(u, m);
  const goal = commandStand(pose).centre;
  const c0 = commandStand(u).centre;
  const fr = frameOfUnit(u);
  const f = forward(unitFacing(u)), r = rightOf(unitFacing(u));
  const dx = goal.x - c0.x, dy = goal.y - c0.y;
  const along0 = dx * f.x + dy * f.y, across0 = dx * r.x + dy * r.y;
  let plan: { wheel: number; along: number; lateral: number } | undefined;
  if (Math.abs(m.dRad) > 1e-3) plan = solveWheelThenAdvance(u, goal, m.dRad);
  else if (Math.abs(across0) <= Math.max(3, 0.1 * Math.abs(along0))) plan = { wheel: 0, along: along0, lateral: 0 };
  else plan = solveWheelThenAdvance(u, goal);
  if (!plan) return illegal('An Advance may only wheel up to 45° on its inner front corner and then move straight ahead.', `${rule}; NW §25 Wheeling`);
  const tol = Math.max(3, fr.halfWidthMm * 0.25);
  if (Math.abs(plan.lateral) > tol) return illegal('After its wheel an advancing unit moves straight ahead; it cannot side-slip.', `${rule}; NW §25 Wheeling`);
  if (Math.abs(deg(plan.wheel)) > WHEEL.maxDeg + 1e-6) return illegal(`A wheel is at most ${WHEEL.maxDeg}°; this is ${Math.abs(deg(plan.wheel)).toFixed(0)}°.`, 'NW §25 Wheeling; Orders/Advance');
  if (plan.along < -0.5) return illegal('An Advance moves forward; a unit moves back with a Retreat (or a Deploy fall-back).', rule);
  const along = Math.max(0, plan.along);
  const full = normalMoveMm(d, u, strategic);
  const road = u.formation === 'road-column' && terrainUnder(d, memo, u).some((t) => t.kind === 'road');
  const allowance = road ? full * 1.5 : full;
  const { unit: wheeled, outerArcMm } = wheelUnit(u, plan.wheel, frameOfUnit(u));
  const wheelCost = outerArcMm * WHEEL.distanceFactor;
  const used = wheelCost + along;
  const readout: ReadOut[] = [
    { label: 'Used', value: inchText(used) },
    { label: 'Left', value: inchText(allowance - used) },
    { label: 'Move', value: `${inchText(allowance)}${road ? ' (road column ×1½)' : ''}${strategic ? ' strategic' : ''}` },
  ];
  if (plan.wheel !== 0) readout.push({ label: 'Wheel', value: `${Math.abs(deg(plan.wheel)).toFixed(0)}° ${plan.wheel > 0 ? 'right' : 'left'} costs ${inchText(wheelCost)} (double the outer corner's arc)` });
  if (used > allowance + 0.5) return illegal(`${u.name} may move ${inchText(allowance)}; the wheel and the move need ${inchText(used)}.`, 'NW Movement §3; §25 Wheeling', readout);
  const half = full / 2;
  if (!strategic && along + 0.5 < half) return illegal(`An Advance must cover at least half the move (${inchText(half)}).`, 'NW Orders/Advance', readout);
  // NW Orders/Advance: stands shift into the rear ranks when that clears friends or terrain in the path (RULINGS).
  // PERF: narrower fronts are only tried when the full front's path runs into something.
  const drop = road ? undefined : planDropBack(d, wheeled, unitFacing(wheeled), along, { memo });
  const mover = drop && typeof drop !== 'string' ? drop.unit : wheeled;
  if (drop && typeof drop !== 'string') readout.push({ label: 'Drop back', value: `${drop.left + drop.right} stand${drop.left + drop.right === 1 ? '' : 's'} into the rear ranks (front ${drop.frontage} wide) to clear ${drop.avoided.map((x) => nameOf(d, x)).join(', ')} (NW Orders/Advance)` });
  // The whole straight move through the geometry core, once: terrain, units and the table edge met.
  const { trace, byId } = traceAhead(memo, mover, unitFacing(mover), along);
  const ter = road ? { lines: [{ label: 'Terrain', value: 'road column on a road: terrain ignored (NW §23 Roads)' }] } : terrainAlong(d, memo, u, mover, trace);
  if ('impassable' in ter && ter.impassable) return illegal(`The move runs into ground it cannot enter: ${ter.impassable}.`, 'NW §23 Terrain Effects', readout);
  readout.push(...ter.lines, ...whoIsMet(d, u, trace, byId));
  const end = advanceUnit(mover, along, unitFacing(mover));
  if (strategic && withinERInDrag(d, memo, u, end)) readout.push({ label: 'Halts', value: 'on coming within Engagement Range of a visible enemy (NW §21), where it meets it in the simultaneous moves' });
  const command: Command = { type: 'moveUnit', side, unitId: u.id, wheelDeg: deg(plan.wheel), distanceIn: along / 25.4, ...(mover !== wheeled ? { dropBack: true } : {}) };
  return { legal: true, command, readout };
}

/** NW Orders/Retreat: the drag's length, directly away from the nearest enemy. */
function previewRetreat(d: Draft, memo: PreviewMemo, side: SideId, u: Unit, m: PieceMove, strategic: boolean): MovePreview {
  const full = normalMoveMm(d, u, strategic);
  const want = hypot(m.dxMm, m.dyMm);
  const foe = nearestEnemy(d, u);
  const dir = foe ? bearing(frameOfUnit(foe).centre, frameOfUnit(u).centre) : normaliseAngle(unitFacing(u) + Math.PI);
  const faced = faceTowards(u, dir);
  // NW §23 Roads: a Road Column retreating along its road the whole way goes 1½ times.
  const road = isRoadPath(d, faced, unitFacing(faced), want);
  const allowance = road ? full * ROAD_FACTOR : full;
  const readout: ReadOut[] = [
    { label: 'Used', value: inchText(want) },
    { label: 'Left', value: inchText(allowance - want) },
    { label: 'Direction', value: foe ? `directly away from ${foe.name}` : 'to the rear' },
  ];
  if (road) readout.push({ label: 'Move', value: `${inchText(allowance)} (road column along the road ×1½, terrain ignored; NW §23 Roads)` });
  if (want > allowance + 0.5) return illegal(`${u.name} may retreat ${inchText(allowance)}.`, 'NW Orders/Retreat', readout);
  if (want + 0.5 < full / 2) return illegal(`A Retreat must cover at least half the move (${inchText(full / 2)}).`, 'NW Orders/Retreat', readout);
  // NW Orders/Retreat: "dropping back stands to avoid entering delaying terrain or colliding with obstacles or troops".
  const drop = road ? undefined : planDropBack(d, faced, unitFacing(faced), want, { memo });
  const mover = drop && typeof drop !== 'string' ? drop.unit : faced;
  if (drop && typeof drop !== 'string') readout.push({ label: 'Drop back', value: `${drop.left + drop.right} stand${drop.left + drop.right === 1 ? '' : 's'} into the rear ranks (front ${drop.frontage} wide) to clear ${drop.avoided.map((x) => nameOf(d, x)).join(', ')} (NW Orders/Retreat)` });
  const ter = road ? { lines: [] } : terrainAlong(d, memo, u, mover, traceAhead(memo, mover, dir, want).trace);
  if ('impassable' in ter && ter.impassable) return illegal(`The retreat runs into ground it cannot enter: ${ter.impassable}.`, 'NW §23 Terrain Effects', readout);
  readout.push(...ter.lines);
  if (want > full / 2 && u.formation !== 'skirmish') readout.push({ label: 'State', value: 'Disordered: more than half a move (NW §17)' });
  return { legal: true, command: { type: 'retreatUnit', side, unitId: u.id, distanceIn: want / 25.4, ...(mover !== faced ? { dropBack: true } : {}) }, readout };
}

/** NW Orders/Deploy: which single action the drag is. */
function previewDeploy(d: Draft, side: SideId, u: Unit, m: PieceMove, strategic: boolean): MovePreview {
  const nu = nwu(d, u.id);
  const o = d.rs.orders[u.id];
  const limit = deployActionsAllowed({
    inCloseCombat: inCombat(d, u.id),
    beingCharged: Object.values(d.rs.orders).some((x) => x.order === 'charge' && x.target === u.id),
    disordered: nu.morale !== 'good',
    militiaOrConscript: nu.profile.grade === 'militia' || nu.profile.grade === 'conscript',
  });
  const used = o?.deployActionsUsed ?? 0;
  const readout: ReadOut[] = [{ label: 'Deploy actions', value: strategic ? 'strategic: one action' : `${used} of ${limit} used` }];
  if (!strategic && used >= limit) return illegal(`${u.name} has used its ${limit} Deploy action${limit > 1 ? 's' : ''}.`, 'NW Orders/Deploy', readout);
  const cmd = (a: Record<string, unknown>, what: string): MovePreview => ({ legal: true, command: { type: 'deployUnit', side, unitId: u.id, ...a }, readout: [...readout, { label: 'Action', value: what }] });
  const turn = deg(normaliseAngle(m.dRad));
  const shift = hypot(m.dxMm, m.dyMm);
  const w = u.stands[0]?.widthMm ?? 25, dp = u.stands[0]?.depthMm ?? 25;
  if (Math.abs(m.dRad) > 1e-3) {
    if (shift > w / 2 && m.pivot === undefined) return illegal('A Deploy turns or moves, one action at a time.', 'NW Orders/Deploy', readout);
    for (const q of [90, -90, 180] as const) {
      const diff = Math.abs(normaliseAngle(((turn - q) * Math.PI) / 180));
      if (diff <= (10 * Math.PI) / 180 || (q === 180 && Math.abs(normaliseAngle(((turn + 180) * Math.PI) / 180)) <= (10 * Math.PI) / 180)) return cmd({ action: 'change-facing', degrees: q }, `change facing ${q === 180 ? 'about' : q > 0 ? '90° right' : '90° left'}`);
    }
    if (Math.abs(turn) <= WHEEL.maxDeg + 1e-6) return cmd({ action: 'wheel', degrees: turn }, `wheel ${Math.abs(turn).toFixed(0)}° ${turn > 0 ? 'right' : 'left'}`);
    return illegal('A Deploy turns 90° or 180°, or wheels up to 45°.', 'NW Orders/Deploy; §25', readout);
  }
  const f = forward(unitFacing(u)), r = rightOf(unitFacing(u));
  const along = m.dxMm * f.x + m.dyMm * f.y, across = m.dxMm * r.x + m.dyMm * r.y;
  const nonMilitiaFoot = nu.profile.foot && nu.profile.grade !== 'militia';
  if (Math.abs(across) < w * 0.3 && along > dp * 0.5 && along < dp * 1.5) return cmd({ action: 'step-forward' }, 'one stand depth straight forward, ignoring terrain');
  if (Math.abs(along) < dp * 0.3 && Math.abs(across) > w * 0.5 && Math.abs(across) < w * 1.5) {
    if (!nonMilitiaFoot) return illegal('Only non-militia foot sidestep.', 'NW Orders/Deploy', readout);
    return cmd({ action: 'sidestep', direction: across > 0 ? 'right' : 'left' }, `sidestep one stand width ${across > 0 ? 'right' : 'left'}, ignoring terrain`);
  }
  if (along < -dp * 0.5 && Math.abs(across) < Math.abs(along) * 0.3) {
    if (!nonMilitiaFoot) return illegal('Only non-militia foot fall back.', 'NW Orders/Deploy', readout);
    return cmd({ action: 'fall-back' }, `fall back half a move (${inchText(normalMoveMm(d, u) / 2)}), facing the enemy`);
  }
  if (nu.profile.artillery && !nu.limbered && along > 0 && along < inMm(d.tables.movement[d.rs.scale].rows.foot.tacticalIn) / 4) return cmd({ action: 'handpush' }, 'handpush straight ahead and fire (with the prolonge penalty)');
  return illegal('A Deploy moves one stand depth forward, one stand width sideways (foot), or falls back half a move (foot).', 'NW Orders/Deploy', readout);
}

/** NW Generals §1 (RULINGS: a general rides up to a light cavalry move). */
function previewGeneral(d: Draft, side: SideId, gid: string, m: PieceMove, step: string): MovePreview {
  const gs = d.battle.generals.find((g) => g.id === gid)!;
  const g = d.rs.generals[gid];
  if (gs.side !== side || !g) return illegal('That general is not yours.', 'engine');
  if (!['place-orders', 'initiative-side', 'other-side'].includes(step)) return illegal('Generals move in the Orders Phase or their side\'s tactical move.', 'NW Generals §1');
  if (g.lost) return illegal('That general is lost.', 'NW Generals §3');
  const reach = inMm(d.tables.movement[d.rs.scale].rows['light-cavalry'].tacticalIn);
  const dist = hypot(m.dxMm, m.dyMm);
  const readout: ReadOut[] = [{ label: 'Used', value: inchText(dist) }, { label: 'Left', value: inchText(reach - dist) }];
  if (dist > reach + 0.5) return illegal(`A general moves up to ${inchText(reach)}.`, 'NW Generals §1 (RULINGS: light cavalry rate)', readout);
  const x = gs.stand.centre.x + m.dxMm, y = gs.stand.centre.y + m.dyMm;
  if (!pointOnTable(d.battle.table, { x, y })) return illegal('Stay on the table.', 'NW §9', readout);
  const joins = friendsOf(d, side).find((u) => u.stands.some((s: Stand) => pointInConvex(pt(x, y), standPoly(s))));
  if (joins) readout.push({ label: 'Joins', value: `${joins.name} (+2 morale and combat with the unit; NW Generals §1)` });
  return { legal: true, command: { type: 'moveGeneral', side, generalId: gid, x, y, ...(joins ? { joinUnit: joins.id } : {}) }, readout };
}

export function previewMove(g: Seen, side: SideId, pieceId: string, m: PieceMove): MovePreview {
  const d = seenDraft(g);
  const step = g.position.step;
  if (!g.position.actors.includes(side) || g.position.done.includes(side)) return illegal('It is not your turn to act.', 'engine');
  if (g.battle.generals.some((x) => x.id === pieceId)) return previewGeneral(d, side, pieceId, m, step);
  const u = findUnit(g.battle, pieceId);
  if (!u || g.ruleset.units[pieceId]?.status !== 'active') return illegal('That unit is not on the table.', 'engine');
  if (u.side !== side) return illegal(`${u.name} is not yours.`, 'engine');
  const nu = nwu(d, u.id);
  const o = d.rs.orders[u.id];
  const memo = memoOf(g, d);
  // The longest move the drag can ask about (a road column's 1½, a little over): traced once per pose.
  memo.reachMm = normalMoveMm(d, u, step === 'strategic-move') * ROAD_FACTOR + 1;
  if (step === 'place-orders') {
    const t = Math.abs(deg(normaliseAngle(m.dRad)));
    if (t >= 160 && hypot(m.dxMm, m.dyMm) < 5) {
      if (inCombat(d, u.id) || nu.morale === 'routed') return illegal('Units in close combat or routing may not make the free turn.', 'NW Sequence §11');
      if (nu.movedThisTurn) return illegal(`${u.name} has already turned.`, 'NW Sequence §11');
      return { legal: true, command: { type: 'turnAbout', side, unitId: u.id }, readout: [{ label: 'Action', value: 'free 180° turn' }] };
    }
    return illegal('In the Orders Phase units only make the free 180° turn; place order markers from the unit\'s menu.', 'NW Sequence §11 Orders Phase');
  }
  if (nu.morale === 'routed') return illegal('Routing units move only by rout moves.', 'NW §17 Routed');
  if (step === 'strategic-move') {
    if (o) return illegal('Units with order markers may not move in the Strategic Movement Phase.', 'NW §21 Strategic Movement');
    if (!nu.startedOutsideER) return illegal('Only units that started the turn outside Engagement Range move strategically.', 'NW Sequence §2');
    if (nu.movedStrategic || nu.movedThisTurn) return illegal(`${u.name} has already moved this turn.`, 'NW §21');
    const f = forward(unitFacing(u));
    const p = Math.abs(m.dRad) < 1e-3 && m.dxMm * f.x + m.dyMm * f.y < -hypot(m.dxMm, m.dyMm) * 0.7 ? previewRetreat(d, memo, side, u, m, true)
      : Math.abs(m.dRad) > 1e-3 && m.pivot === undefined && hypot(m.dxMm, m.dyMm) < 1 ? previewDeploy(d, side, u, m, true)
        : previewAdvance(d, memo, side, u, m, true);
    // NW §2: the drag plans the move; both sides' plans are carried out together when the step ends.
    return p.legal ? { ...p, readout: [...p.readout, { label: 'Plan', value: `${d.rs.strategicPlans?.[u.id] ? 'replaces the planned move; ' : ''}carried out with the enemy's moves when the step ends (NW §2)` }] } : p;
  }
  if (step === 'initiative-side' || step === 'other-side') {
    if (!o) return illegal(`${u.name} has no order: within Engagement Range units need orders to move.`, 'NW §22 Tactical Movement');
    if (nu.movedStrategic) return illegal('Units may never move in both movement phases of a turn.', 'NW Sequence §2');
    const order = checkMoveOrder(g, side, u.id).problem;
    if (order && (o.order === 'deploy' || o.order === 'advance' || o.order === 'retreat')) return illegal(order.message, MOVE_ORDER_RULE);
    // NW §13 (4): a legal move that would lock friends' orders says so before it is made.
    const lock = ordersLockedBy(g, side, u.id);
    const told = (p: MovePreview): MovePreview => (lock && p.legal ? { ...p, warning: { message: lock.message, rule: MOVE_ORDER_RULE }, readout: [...p.readout, { label: 'Order of moves', value: lock.message }] } : p);
    if (o.order === 'deploy') return told(previewDeploy(d, side, u, m, false));
    if (nu.movedThisTurn) return illegal(`${u.name} has already moved this turn.`, 'NW §22');
    if (o.order === 'advance') {
      if (inCombat(d, u.id)) return illegal('Units in close combat cannot advance.', 'NW Orders');
      return told(previewAdvance(d, memo, side, u, m, false));
    }
    if (o.order === 'retreat') return told(previewRetreat(d, memo, side, u, m, false));
    return illegal(`${ORDERS[o.order].name} orders do not move the unit in the Tactical Movement Phase.`, ORDERS[o.order].rule);
  }
  return illegal('Nothing moves by hand in this step.', 'NW Sequence of Play');
}

/** NW Orders/Charge, Sequence §12: a unit dropped on an enemy. */
export function previewContact(g: Seen, side: SideId, pieceId: string, targetId: string): MovePreview {
  const d = seenDraft(g);
  const u = findUnit(g.battle, pieceId), t = findUnit(g.battle, targetId);
  if (!u || !t || u.side !== side || t.side === side) return illegal('Drop one of your units on an enemy unit.', 'engine');
  if (!g.position.actors.includes(side) || g.position.done.includes(side)) return illegal('It is not your turn to act.', 'engine');
  const nu = nwu(d, u.id);
  const row = d.tables.movement[d.rs.scale].rows[nu.profile.troop];
  const reachMm = normalMoveMm(d, u);
  const distMm = unitDistanceMm(u, t);
  const readout: ReadOut[] = [
    { label: 'Distance', value: inchText(distMm) },
    { label: 'Charge needs', value: `target within the normal move, ${inchText(reachMm)}` },
    { label: 'Charge move', value: `${row.fast.baseIn}"+${row.fast.d6}d6 (${row.fast.baseIn + row.fast.d6}"–${row.fast.baseIn + 6 * row.fast.d6}")` },
  ];
  const problem = chargeTargetProblem(d, u, t);
  if (g.position.step === 'place-orders') {
    const op = orderProblem(d, u, 'charge');
    if (d.rs.orders[u.id]) return illegal(`${u.name} already has an order this turn.`, 'NW Orders/Issuing', readout);
    if (op) return illegal(op, 'NW Orders/Charge', readout);
    if (problem) return illegal(problem, 'NW Orders/Charge', readout);
    const gen = g.battle.generals.find((x) => x.side === side && !generalCanOrder(d, x.id, u));
    if (!gen) return illegal(`${u.name} is beyond every general's command radius.`, 'NW Sequence §11; Generals §2', readout);
    return { legal: true, command: { type: 'placeOrder', side, unitId: u.id, order: 'charge', generalId: gen.id }, readout: [...readout, { label: 'Order', value: `Charge, face down, from ${gen.name}; target named when charges are declared` }] };
  }
  if (g.position.step === 'declare-charges') {
    const o = d.rs.orders[u.id];
    if (o?.order !== 'charge') return illegal(`${u.name} has no Charge order.`, 'NW Sequence §12', readout);
    if (problem) return illegal(problem, 'NW Orders/Charge', readout);
    // NW Orders/Charge "Any units may drop back stands to avoid running into friendly troops, obstacles
    // or terrain features": offered when a narrower front clears something on the line to the target.
    const drop = planChargeDropBack(d, u, bearing(frameOfUnit(u).centre, frameOfUnit(t).centre), distMm);
    if (drop && typeof drop !== 'string') readout.push({ label: 'Drop back', value: `${drop.left + drop.right} stand${drop.left + drop.right === 1 ? '' : 's'} into the rear ranks (front ${drop.frontage} wide) to clear ${drop.avoided.map((x) => nameOf(d, x)).join(', ')} (NW Orders/Charge)` });
    return { legal: true, command: { type: 'declareCharge', side, unitId: u.id, targetId: t.id, ...(drop && typeof drop !== 'string' ? { dropBack: true } : {}) }, readout };
  }
  return illegal('Charges are ordered in the Orders Phase and declared in the Charge Declaration Phase.', 'NW Sequence §11-§12', readout);
}

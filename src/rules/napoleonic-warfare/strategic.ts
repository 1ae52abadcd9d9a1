/**
 * NW §2 / §21 Strategic Movement, simultaneous: during the strategic step each side *plans* its
 * moves (moveUnit / retreatUnit / deployUnit, validated as if carried out now, replaceable and
 * cancellable, secret from the other side); when the step ends every plan is carried out
 * together, pro rata (NW "A Note on Simultaneous Movement"): Deploy actions first, then every
 * move in STRATEGIC_SLICES equal fractions, each unit halting the moment it comes within
 * Engagement Range of a visible enemy where that enemy stands at the same moment (NW §2: "must
 * halt as soon as they come to within Engagement Range of any visible enemy unit").
 */
import { wheelUnit } from '../../geometry/units';
import { wheel, standsAtDistance, sweptBox, type Leg } from '../../geometry/movement';
import { raceMoves } from '../../geometry/simultaneous';
import { unitBox } from '../../geometry/queries';
import { boxGap } from '../../geometry/vec';
import { straight } from './moves';
import { z } from 'zod';
import { defineCommand, isRejection, reject, type Change, type CommandSpec, type Ctx, type Rejection } from '../../engine/ruleset';
import { findUnit } from '../../engine/battle';
import type { Unit } from '../../engine/model';
import type { Draft, NwGameState, NwOptions, NwState, StrategicPlan } from './types';
import type { NwTables } from './nwTables';
import { canSee, clone, enemiesOf, PlanAccepted, planCheckCtx, erMm, inMm, makeDraft, nearestEnemy, nwu, toChange, toIn } from './core';
import { bearing, unitFacing, commandStand, frameOfUnit } from './geom';
import { faceTowards, normalMoveMm, retreatMove, runPendingTests } from './morale';
import { applyDeploy, doMove, type DeployActionCmd } from './commands';
import { WHEEL } from './tables/movement';
import { normaliseAngle, type StandFootprint } from '../../geometry/types';
import { idRecord, withId } from '../../engine/ids';

type S = NwGameState;
type Spec = CommandSpec<NwState, NwOptions, NwTables>;

export const STRATEGIC_STEP = 'strategic-move';
/** Each strategic move is carried out in this many equal fractions (the text suggests quarters, "or more finely"). */
export const STRATEGIC_SLICES = 20;
export const PLANNED_COMMANDS = ['moveUnit', 'retreatUnit', 'deployUnit'] as const;
const RULE = 'NW Sequence §2 Strategic Movement Phase; §21; A Note on Simultaneous Movement';

/**
 * Would the command be accepted now? Runs the real handler on a throw-away copy with no dice:
 * every NW move handler validates before its first roll (terrain delays, ford searches), so
 * reaching a roll means the command passed; a move that has passed every check says so at once
 * (core.ts `planChecked`).
 */
export function dryRun(spec: Spec, state: S, cmd: Record<string, unknown>): Rejection | undefined {
  try {
    const out = spec.handle(state, cmd as never, planCheckCtx);
    return isRejection(out) ? out : undefined;
  } catch (e) {
    if (e instanceof PlanAccepted) return undefined;
    throw e;
  }
}

/** A move handler that, in the strategic step, records a plan instead of moving. */
export function planning(spec: Spec): Spec {
  return {
    ...spec,
    handle: (state, cmd, ctx) => {
      if (state.position.step !== STRATEGIC_STEP) return spec.handle(state, cmd, ctx);
      const problem = dryRun(spec, state, cmd);
      if (problem) return problem;
      const unitId = String(cmd['unitId']);
      const plans = state.ruleset.strategicPlans ?? idRecord<StrategicPlan>();
      const plan: StrategicPlan = { unitId, side: cmd.side, command: clone(cmd) as StrategicPlan['command'] };
      ctx.emit({ type: 'StrategicMovePlanned', unit: unitId, plan: describePlan(plan), replaces: plans[unitId] !== undefined, rule: RULE });
      // A fresh battle shell: the table redraws markers when the battle object changes (RULINGS).
      return { battle: { ...state.battle }, ruleset: { ...state.ruleset, strategicPlans: withId(plans, unitId, plan) } };
    },
  };
}

export const cancelStrategicMove = defineCommand<NwState, NwOptions, NwTables, { type: 'cancelStrategicMove'; side: string; unitId: string }>({
  describe: 'Take back a unit\'s planned strategic move (it then stands still).',
  schema: z.object({ type: z.literal('cancelStrategicMove'), side: z.string().min(1), unitId: z.string().min(1) }).strict(),
  handle: (state, cmd, ctx) => {
    const plans = state.ruleset.strategicPlans ?? idRecord<StrategicPlan>();
    const p = plans[cmd.unitId];
    if (!p || p.side !== cmd.side) return reject('no-plan', 'That unit has no strategic move planned.', RULE);
    const rest = { ...plans };
    delete rest[cmd.unitId];
    ctx.emit({ type: 'StrategicMoveCancelled', unit: cmd.unitId, rule: RULE });
    return { battle: { ...state.battle }, ruleset: { ...state.ruleset, strategicPlans: rest } };
  },
});

/** Plans as `viewer` may see them: its own only (NW §2: the moves are simultaneous). */
export function plansSeenBy(rs: NwState, viewer: string): Record<string, StrategicPlan> | undefined {
  if (!rs.strategicPlans) return undefined;
  return idRecord(Object.entries(rs.strategicPlans).filter(([, p]) => p.side === viewer));
}

export function describePlan(p: StrategicPlan): string {
  const c = p.command;
  if (c.type === 'moveUnit') return `advance ${Number(c['distanceIn']).toFixed(1)}"${Number(c['wheelDeg']) ? ` after a ${Math.abs(Number(c['wheelDeg'])).toFixed(0)}° wheel ${Number(c['wheelDeg']) > 0 ? 'right' : 'left'}` : ''}`;
  if (c.type === 'retreatUnit') return `retreat ${Number(c['distanceIn']).toFixed(1)}"`;
  return `deploy: ${String(c['action'])}`;
}

/** A planned move as a plan of legs for the movement core: wheel first, then straight ahead. */
interface Path {
  readonly plan: StrategicPlan;
  readonly kind: 'advance' | 'retreat';
  readonly start: Unit;
  readonly legs: readonly Leg[];
  readonly totalMm: number;
  readonly wheelCostMm: number;
  readonly wheelRad: number;
  /** The unit after `sMm` of the move's charged distance. */
  at(sMm: number): Unit;
}

function makePath(d: Draft, plan: StrategicPlan, u: Unit): Path | undefined {
  const c = plan.command;
  const wheelRad = (Number(c['wheelDeg'] ?? 0) * Math.PI) / 180;
  let start = u;
  let kind: Path['kind'] = 'advance';
  // A Retreat's distance includes its wheel; an Advance's wheel is paid on top of its distance (as the handlers read them).
  let retreatMm = 0;
  if (c.type === 'retreatUnit') {
    // NW Orders/Retreat: turn the back on the nearest enemy, then the move (with its wheel).
    kind = 'retreat';
    const foe = nearestEnemy(d, u);
    start = faceTowards(u, foe ? bearing(frameOfUnit(foe).centre, frameOfUnit(u).centre) : normaliseAngle(unitFacing(u) + Math.PI));
    const nu = nwu(d, u.id);
    retreatMm = inMm(Number(c['distanceIn']));
    // Unlimbered guns limber and move half (NW Orders/Retreat), as the retreatUnit handler does.
    if (nu.profile.artillery && !nu.limbered) retreatMm = Math.min(retreatMm, normalMoveMm(d, u, true) / 2);
  } else if (c.type !== 'moveUnit') return undefined;
  const { unit: wheeled, outerArcMm } = wheelUnit(start, wheelRad, frameOfUnit(start));
  const wheelCostMm = outerArcMm * WHEEL.distanceFactor;
  const straightMm = c.type === 'moveUnit' ? inMm(Number(c['distanceIn'])) : Math.max(0, retreatMm - wheelCostMm);
  const totalMm = wheelCostMm + straightMm;
  const turn = wheelCostMm > 0 ? wheel(start.stands, wheelRad, { frame: frameOfUnit(start) }) : undefined;
  const legs: Leg[] = [...(turn?.ok ? [{ ...turn.legs[0]!, distanceMm: wheelCostMm }] : []), ...straight(unitFacing(wheeled), straightMm)];
  const at = (sMm: number): Unit => ({ ...start, stands: standsAtDistance(start.stands, legs, sMm) });
  return { plan, kind, start, legs, totalMm, wheelCostMm, wheelRad, at };
}

export interface Halt {
  readonly fraction: number;
  readonly byId: string;
  /** Why it halted: within Engagement Range of a visible enemy, or running into another mover. */
  readonly reason: 'engagement-range' | 'collision';
}

/**
 * NW A Note on Simultaneous Movement, through the movement core's race (`raceMoves`): every
 * path advances by the same fraction of its own length, slice by slice; a mover halts the
 * moment (solved by the core, everyone at the same fraction, wheels included) it comes within
 * Engagement Range of a visible known enemy where that enemy then stands (NW §2), or ("moving them until
 * they have all moved their full distance, or collided") the moment it would run into another
 * unit that is moving at the same time, friend or foe. Of two movers meeting, the one whose own
 * move carries it into the other halts (a column crossing another's path halts against its
 * flank while the other goes on); when neither move alone makes the contact (head on, or
 * converging), both halt. Units standing still are met when each move is carried out. Returns
 * the halts.
 */
export function proRataHalts(d: Draft, paths: readonly Path[], slices = STRATEGIC_SLICES): Map<string, Halt> {
  const er = erMm(d);
  const byId = new Map(paths.map((p) => [p.plan.unitId, p]));
  const asUnit = (id: string, stands: readonly Unit['stands'][number][]): Unit => ({ ...(byId.get(id)?.start ?? findUnit(d.battle, id)!), stands: stands as Unit['stands'] });
  // PERF: the draft does not change while the race runs, so each side's known enemies are found once.
  const enemiesBySide = new Map<string, Unit[]>();
  // PERF: each mover's enemies that can come within range at all: those whose box over the whole
  // race (sweptBox: every pose the plan passes through; a standing unit's own box) comes within
  // range (with a millimetre to spare) of the mover's. Any other is beyond range at every moment.
  const swept = new Map<string, ReturnType<typeof unitBox>>(paths.map((p) => [p.plan.unitId, sweptBox(p.start.stands, p.legs)]));
  const nearBy = new Map<string, Unit[]>();
  const nearEnemies = (id: string, side: string): Unit[] => {
    let near = nearBy.get(id);
    if (near) return near;
    let enemies = enemiesBySide.get(side);
    if (!enemies) enemiesBySide.set(side, (enemies = enemiesOf(d, side)));
    const mine = swept.get(id)!;
    near = enemies.filter((e) => boxGap(mine, swept.get(e.id) ?? unitBox(e.stands)) <= er + 1);
    nearBy.set(id, near);
    return near;
  };
  // NW §21: Engagement Range is a distance between the units (nearest points): the core solves the
  // moment a mover comes within it of an enemy, moving or standing; sight is the rules' condition,
  // asked where everyone then is.
  const seen = (id: string, eid: string, poseOf: (x: string) => readonly StandFootprint[] | undefined): boolean => {
    const mine = poseOf(id), theirs = poseOf(eid);
    const me = asUnit(id, mine as Unit['stands']);
    const ep = theirs ? asUnit(eid, theirs as Unit['stands']) : findUnit(d.battle, eid);
    return !!ep && canSee(d, me, ep);
  };
  const race = raceMoves(paths.map((p) => ({ id: p.plan.unitId, stands: p.start.stands, legs: p.legs })), {
    slices,
    within: { distanceMm: er + 1e-6, of: (id) => nearEnemies(id, byId.get(id)!.plan.side).map((e) => ({ id: e.id, stands: e.stands })), accept: (id, eid, _f, poseOf) => seen(id, eid, poseOf) },
    // Only units moving at the same time, and still on the table, are met in the race.
    meets: (_a, b) => (d.rs.units[b]?.status === 'active' ? 'block' : 'ignore'),
    contact: 'striker',
    // NW: the overlap slack of units.ts `unitsOverlap` (bases laid by hand); 16 bisections where a
    // unit already within Engagement Range comes into sight (RULINGS).
    overlapSlackMm: 0.01,
    bisections: 16,
  });
  const halts = new Map<string, Halt>();
  for (const r of race) if (r.stop) halts.set(r.id, { fraction: r.fraction, byId: r.stop.by, reason: r.stop.reason === 'halt' ? 'engagement-range' : 'collision' });
  return halts;
}

/** Where a plan would leave the unit if nothing halted it (for the table's plan overlay). */
export function plannedEndPose(d: Draft, plan: StrategicPlan): Unit | undefined {
  const u = findUnit(d.battle, plan.unitId);
  if (!u) return undefined;
  if (plan.command.type === 'deployUnit') return undefined;
  const p = makePath(d, plan, u);
  return p ? p.at(p.totalMm) : undefined;
}

/** onExit of the strategic step: reveal the plans and carry them out together. */
export function resolveStrategic(s: S, ctx: Ctx): Change<NwState> | void {
  const plans = Object.values(s.ruleset.strategicPlans ?? {}).sort((a, b) => (a.unitId < b.unitId ? -1 : a.unitId > b.unitId ? 1 : 0));
  if (plans.length === 0) return;
  const d = makeDraft(s, ctx);
  d.rs.strategicPlans = {};
  for (const p of plans) ctx.emit({ type: 'StrategicMoveRevealed', unit: p.unitId, side: p.side, plan: describePlan(p), rule: RULE });
  const stillFree = (p: StrategicPlan): Unit | undefined => {
    const u = findUnit(d.battle, p.unitId);
    const nu = d.rs.units[p.unitId];
    if (!u || !nu || nu.status !== 'active' || nu.movedStrategic || nu.movedThisTurn || nu.morale === 'routed') {
      ctx.emit({ type: 'StrategicMoveLapsed', unit: p.unitId, reason: 'the unit can no longer move', rule: RULE });
      return undefined;
    }
    return u;
  };
  // 1. Deploy actions: made in place, before anything moves (RULINGS).
  for (const p of plans.filter((x) => x.command.type === 'deployUnit')) {
    const u = stillFree(p);
    if (!u) continue;
    const { type: _t, side: _s, unitId: _u, ...a } = p.command;
    nwu(d, u.id).movedStrategic = true;
    const r = applyDeploy(d, u, a as unknown as DeployActionCmd, true);
    if (r) ctx.emit({ type: 'StrategicMoveLapsed', unit: p.unitId, reason: r.message, rule: r.rule });
  }
  // 2. Moves, pro rata.
  const paths: Path[] = [];
  for (const p of plans.filter((x) => x.command.type !== 'deployUnit')) {
    const u = stillFree(p);
    const path = u && makePath(d, p, u);
    if (path) paths.push(path);
  }
  const halts = proRataHalts(d, paths);
  // Retreats first: each turns its back on the enemy as it stood when the moves began.
  const ordered = [...paths.filter((p) => p.kind === 'retreat'), ...paths.filter((p) => p.kind === 'advance')];
  for (const p of ordered) {
    const id = p.plan.unitId;
    const u = findUnit(d.battle, id);
    if (!u || d.rs.units[id]?.status !== 'active') continue;
    const h = halts.get(id);
    const sMm = h ? p.totalMm * h.fraction : p.totalMm;
    // A halt during the wheel stops the wheel part-way.
    const wheelDeg = (p.wheelRad * 180) / Math.PI * (p.wheelCostMm > 0 ? Math.min(1, sMm / p.wheelCostMm) : 1);
    const straightMm = Math.max(0, sMm - p.wheelCostMm);
    const c = p.plan.command;
    if (p.kind === 'advance') {
      const r = doMove(d, u, wheelDeg, toIn(straightMm), true, c['dropBack'] === true, true);
      if (r) {
        ctx.emit({ type: 'StrategicMoveLapsed', unit: id, reason: r.message, rule: r.rule });
        continue;
      }
    } else {
      const nu = nwu(d, id);
      if (nu.profile.artillery && !nu.limbered) nu.limbered = true;
      retreatMove(d, id, undefined, false, sMm, wheelDeg);
      nu.retreatedLastTurn = true;
      nu.movedStrategic = true;
    }
    const after = findUnit(d.battle, id);
    const by = h ? findUnit(d.battle, h.byId) : undefined;
    const at = after ? commandStand(after).centre : undefined;
    ctx.emit({
      type: 'StrategicMoveResolved', unit: id, side: p.plan.side, move: p.kind, plannedIn: toIn(p.totalMm), allowedIn: toIn(sMm),
      halted: h ? h.reason : 'completed', ...(h ? { haltedBy: h.byId, haltedByName: by?.name ?? h.byId, atFraction: Math.round(h.fraction * 1000) / 1000 } : {}),
      ...(at ? { at: [Math.round(at.x), Math.round(at.y)] } : {}),
      rule: h?.reason === 'engagement-range' ? 'NW Sequence §2: troops moving strategically halt as soon as they come within Engagement Range of any visible enemy unit'
        : h ? `${RULE}: moved pro rata "until they have all moved their full distance, or collided"` : RULE,
    });
  }
  runPendingTests(d);
  return toChange(d);
}

/** The module's commands with strategic planning in front of the move handlers. */
export function withStrategicPlanning(commands: Readonly<Record<string, Spec>>): Record<string, Spec> {
  const out: Record<string, Spec> = { ...commands, cancelStrategicMove };
  for (const t of PLANNED_COMMANDS) if (commands[t]) out[t] = planning(commands[t]);
  return out;
}

/**
 * Hidden troops firing at enemy who come close ((3) Visibility p.7): "If troops so hidden fire at
 * troops who have approached their position to within 5cms, the target unit halts, and may return
 * fire only after the hidden unit has fired."
 *
 * Whether a hidden unit fires so is its owner's standing choice (`setAmbush`), made before the
 * enemy's move (which is the enemy's command). A move that would bring one of the mover's units within
 * 5cm of such a unit is cut where it first comes within 5cm; the hidden unit fires there and then (a
 * shot under all the usual rules, (5) pp.11-12) and is revealed; the moving group halts for the rest
 * of the phase. If the hidden unit could not fire at that moment (arc, order, weapon), nothing of this
 * applies and the move is made whole (the unit is then spotted as usual, p.19).
 */
import { z } from 'zod';
import { defineCommand, reject } from '../../engine/ruleset';
import type { Rejection } from '../../engine/ruleset';
import { unitDistance } from '../../geometry/measure';
import { firstWithinGap } from '../../geometry/moveGap';
import type { Leg as CoreLeg } from '../../geometry/movement';
import type { SywState, Options, S } from './state';
import type { Tables } from './tablesSchema';
import { Work } from './work';
import { validateAndMove, moveGroup, type MoveGroup } from './movement';
import { planLegs, type Leg } from './moveLegs';
import { planShot, resolveShot } from './shooting';
import { reveal } from './deployment';
import { CM } from './geo';

const R = 'SYW (3) Visibility (p.7)';
const NEAR_CM = 5;

const ambushSchema = z.object({ type: z.literal('setAmbush'), side: z.string(), unit: z.string(), ambush: z.boolean() }).strict();

export const setAmbush = defineCommand<SywState, Options, Tables, z.infer<typeof ambushSchema>>({
  describe: 'Choose whether a hidden unit fires at enemy who come within 5cm (they halt, and return fire only after).',
  schema: ambushSchema,
  handle(state, cmd, ctx) {
    const w = new Work(state, ctx);
    const u = w.unit(cmd.unit);
    if (!u || u.side !== cmd.side) return reject('bad-unit', 'Choose one of your units.', R);
    if (state.ruleset.hidden[u.id] !== cmd.side) return reject('not-hidden', 'Only hidden troops fire from hiding.', R);
    w.setUnit(u.id, { ambush: cmd.ambush });
    ctx.emit({ type: 'AmbushChosen', unit: u.id, ambush: cmd.ambush, rule: R, visibleTo: [cmd.side] });
    return w.change();
  },
});

/** The legs cut to `s` (whole legs before floor(s), a fraction of the next). */
function prefix(legs: readonly Leg[], s: number): Leg[] {
  const k = Math.floor(s), f = s - k;
  const out: Leg[] = legs.slice(0, Math.min(k, legs.length)) as Leg[];
  const leg = legs[k];
  if (leg && f > 1e-6) {
    switch (leg.kind) {
      case 'forward': case 'backward': case 'incline': out.push({ ...leg, mm: leg.mm * f }); break;
      case 'wheel': out.push({ ...leg, deg: leg.deg * f }); break;
      case 'turn': out.push({ ...leg, deg: leg.deg * f }); break;
      case 'shift': out.push({ ...leg, dx: leg.dx * f, dy: leg.dy * f }); break;
    }
  }
  return out;
}

interface Ambush { legs: Leg[]; ambusher: string; target: string }

/** The SYW legs up to charged distance `atMm` of their core plan (`traceLegs`, one core leg per SYW leg), as a fraction of the legs (see `prefix`). */
function legsFraction(traceLegs: readonly CoreLeg[], atMm: number): number {
  let offset = 0;
  for (let k = 0; k < traceLegs.length; k++) {
    const d = traceLegs[k]!.distanceMm;
    // A leg with no charged distance (a free face change) happens whole when reached: cut before it.
    if (d === 0 ? atMm <= offset : atMm < offset + d) return k + Math.max(0, atMm - offset) / (d || 1);
    offset += d;
  }
  return traceLegs.length;
}

/**
 * Where a move first brings one of the group's units within 5cm of a hidden unit set to fire
 * (null: nowhere): the geometry's exact approach query (`firstWithinGap`) along the group's plan.
 * Within 5cm counts the 5cm itself; a hidden unit already that close was approached before.
 */
export function findAmbush(w: Work, cmd: MoveGroup): Ambush | null {
  const g = w.group(cmd.group);
  if (!g) return null;
  const near = NEAR_CM * CM;
  const own = w.groupUnits(g);
  const ambushers = w.battle.units.filter((a) => a.side !== g.side && w.rs.hidden[a.id] === a.side && w.unitState(a.id)?.ambush === true && !w.isOff(a.id) && own.every((u) => unitDistance(u.stands, a.stands) > near));
  if (ambushers.length === 0) return null;
  const plan = planLegs(w, g, cmd.legs);
  if ('rejected' in plan) return null;
  const hit = firstWithinGap(plan.start, plan.traceLegs, ambushers, near);
  if (!hit) return null;
  // The group's stands are its units' stands, unit after unit.
  let i = hit.stand;
  const target = own.find((u) => (i -= u.stands.length) < 0)!;
  return { legs: prefix(cmd.legs, legsFraction(plan.traceLegs, hit.atMm)), ambusher: hit.bodyId, target: target.id };
}

/** A move meets troops firing from hiding: cut it, fire, reveal, halt. Undefined when no ambush applies. */
export function ambushMove(state: S, w: Work, cmd: MoveGroup): Rejection | 'none' | undefined {
  const amb = findAmbush(w, cmd);
  if (!amb) return 'none';
  const trial = new Work(state, w.ctx);
  if (amb.legs.length > 0) {
    const r = validateAndMove(state, trial, { ...cmd, legs: amb.legs });
    if (r) return 'none';
  }
  const now: S = { ...state, battle: trial.battle, ruleset: trial.rs };
  const shooter = trial.unit(amb.ambusher)!, target = trial.unit(amb.target)!;
  const p = planShot(now, trial, shooter, target);
  if ('rejected' in p) return 'none';
  resolveShot(now, trial, shooter, target, p, false);
  trial.setUnit(shooter.id, { firedToday: true, firedPhase: trial.rs.phaseCounter, ambushPhase: trial.rs.phaseCounter });
  reveal(trial, shooter.id, 'fired from hiding', R);
  trial.setGroup(cmd.group, { ambushedPhase: trial.rs.phaseCounter });
  trial.ctx.emit({ type: 'AmbushFired', unit: shooter.id, target: target.id, group: cmd.group, rule: R });
  w.battle = trial.battle; w.rs = trial.rs;
  return undefined;
}


/** moveGroup, with troops firing from hiding cutting the move short ((3) Visibility p.7). */
export const moveGroupAmbushed: typeof moveGroup = {
  ...moveGroup,
  handle(state, c, ctx) {
    const cmd = c as MoveGroup;
    if (!Object.values(state.ruleset.units).some((u) => u.ambush === true)) return moveGroup.handle(state, cmd, ctx);
    const w = new Work(state, ctx);
    const a = ambushMove(state, w, cmd);
    if (a === 'none') return moveGroup.handle(state, cmd, ctx);
    return a ?? w.change();
  },
};

/**
 * BT Summery of Shooting Phase as commands: `shoot` (steps 1-7 and the hits handed to the
 * opponent, step 8), `assignHit` (the opponent's choice, steps 8-11), and the howitzer and rocket
 * templates (BT Howitzers & Disorientation, Howitzers Heavy artillery, Rocket Battery).
 */
import { z } from 'zod';
import { defineCommand, reject, type Rejection, type Change } from '../../../engine/ruleset';
import { finishWork, unitIn, loseStands } from '../../../engine/workingState';
import type { Unit } from '../../../engine/model';
import { pointToStandDistance } from '../../../geometry/measure';
import { lineOfSight } from '../../../geometry/lineOfSight';
import type { BtOptions } from '../options';
import type { BtTables } from '../tables';
import { SHOOTING_RULE, TEMPLATE_IN } from '../tables';
import type { BtState, S, W } from '../state';
import { armOf, setUs, us, inMm, work } from '../state';
import { planShot, type MovedPenalty, type ShotPlan } from './plan';
import { offerHits, resolvePending, hitCandidates, afterShootingCasualties, markHalf, settleAbandoned } from './hits';
import { btSightIndex, centreOf, inBuildings, terrainUnder, standPlace } from '../geo';
import { makeDisorientated, fallBack, leaveField } from '../motivation/outcomes';

const HOWITZER_RULE = 'BT Howitzers Heavy artillery';
const ROCKET_RULE = 'BT Rocket Battery Heavy Artillery';

/** Roll the shot: dice equal to RoF, each against the to-hit number with its modifiers (BT Shooting 6-7). */
export function rollShot(w: W, shooter: Unit, target: Unit, plan: ShotPlan, what = 'shoots at'): number {
  const r = w.ctx.roll({
    dice: `${plan.rof}d6` as '2d6',
    purpose: `${shooter.name} ${what} ${target.name} (${plan.distanceIn.toFixed(1)}"${plan.grape ? ', grapeshot' : ''}${plan.indirect ? ', indirect' : ''}): ROF ${plan.rof} = ${plan.rofParts.join(', ')}`,
    rule: `${SHOOTING_RULE} 5-7`,
    eachDie: true,
    modifiers: plan.modifiers,
    target: { value: plan.toHit, pass: 'atLeast', label: plan.toHitLabel },
    subjects: [shooter.id, target.id],
    outcome: (v) => `${v.successes ?? 0} hit${v.successes === 1 ? '' : 's'}`,
  });
  return r.successes ?? 0;
}

/**
 * BT Howitzers: "each successful hit causes 3” small template to be placed whole on top of the
 * middle of a stand units around suffer wound on 4+ (3+ against buildings) ... each shot can be at
 * a different stand but only those in the front sight"; rockets "ROF increased to 2 and stands hit
 * on a 6+", "Horses automatically fall back if hit", "Units that take casualties suffer -1 to
 * morale tests for that turn". Every unit a howitzer or rocket hits is disorientated.
 */
export function resolveTemplates(w: W, shooter: Unit, target: Unit, plan: ShotPlan, hits: number, chosen: readonly string[]): void {
  const rockets = plan.weapon === 'rockets';
  const rule = rockets ? ROCKET_RULE : HOWITZER_RULE;
  const ix = btSightIndex(w.battle);
  // "only those in the front sight": the target's stands the battery sees, nearest first.
  const c = centreOf(shooter);
  const seen = [...target.stands].filter((s) => lineOfSight(ix, c, s.centre).visible).sort((a, b) => pointToStandDistance(c, a) - pointToStandDistance(c, b));
  const pool = seen.length > 0 ? seen : [...target.stands].sort((a, b) => pointToStandDistance(c, a) - pointToStandDistance(c, b));
  const centres = Array.from({ length: hits }, (_, i) => {
    const want = chosen[i] !== undefined ? pool.find((s) => s.id === chosen[i]) : undefined;
    return (want ?? pool[i % pool.length]!).centre;
  });
  const radius = inMm(TEMPLATE_IN / 2);
  const wounds = new Map<string, string[]>(); // unit → stands lost
  const horsesHit = new Map<string, number>();
  const touched = new Set<string>();
  centres.forEach((p, k) => {
    w.ctx.emit({ type: 'TemplatePlaced', shooter: shooter.id, at: p, diameterIn: TEMPLATE_IN, rule });
    for (const u of [...w.battle.units]) {
      const under = u.stands.filter((s) => pointToStandDistance(p, s) <= radius);
      if (under.length === 0) continue;
      touched.add(u.id);
      if (rockets && armOf(u) === 'cavalry') { horsesHit.set(u.id, (horsesHit.get(u.id) ?? 0) + 1); continue; }
      for (const s of under) {
        const fp = inBuildings(w.battle, { ...u, stands: [s] }) ? (w.tables.range[plan.weapon].firepowerVsBuildings ?? w.tables.range[plan.weapon].firepower) : w.tables.range[plan.weapon].firepower;
        const r = w.ctx.roll({ dice: 'd6', purpose: `Template ${k + 1}: ${u.name} ${standPlace(u, s.id)} under it`, rule: `${rule}; BT Range FPW`, target: { value: fp, pass: 'atLeast', label: `FPW ${fp}+` }, subjects: [u.id], outcome: (v) => (v.passed ? 'wounded' : 'no effect') });
        if (!r.passed) continue;
        const need = w.tables.shootingSave[armOf(u)];
        const sv = w.ctx.roll({ dice: 'd6', purpose: `${u.name}: save for ${standPlace(u, s.id)}`, rule: `${SHOOTING_RULE} 9`, target: { value: need, pass: 'atLeast', label: `${armOf(u)} ${need}+` }, subjects: [u.id], outcome: (v) => (v.passed ? 'saved' : 'lost') });
        if (!sv.passed && !(wounds.get(u.id) ?? []).includes(s.id)) wounds.set(u.id, [...(wounds.get(u.id) ?? []), s.id]);
      }
    }
  });
  for (const id of touched) if (unitIn(w, id)) makeDisorientated(w, id, rockets ? 'hit by rockets' : 'hit by howitzer fire', 'BT Howitzers & Disorientation');
  for (const [id, lost] of wounds) {
    const u = unitIn(w, id);
    if (!u) continue;
    loseStands(w, id, lost);
    w.ctx.emit({ type: 'StandsRemoved', unit: id, stands: lost, rule: `${SHOOTING_RULE} 10` });
    if (lost.includes(u.commandStandId)) { setUs(w, id, { officerDead: true }); w.ctx.emit({ type: 'OfficerFell', unit: id, rule: 'BT Officers Falling' }); }
    if (rockets) setUs(w, id, { rocketTurn: w.turn });
    const after = unitIn(w, id)!;
    if (after.stands.length === 0) { leaveField(w, id, 'destroyed', rule); continue; }
    setUs(w, id, { hitsThisPhase: us(w.rs, id).hitsThisPhase + lost.length });
    markHalf(w, after);
    afterShootingCasualties(w, id, lost.length, shooter.id);
  }
  for (const [id, n] of horsesHit) {
    if (!unitIn(w, id)) continue;
    const r = w.ctx.roll({ dice: 'D3', purpose: `${unitIn(w, id)!.name}: horses hit by rockets fall back D3 × ${n}`, rule: ROCKET_RULE, subjects: [id], outcome: (v) => `${v.total * n}"` });
    setUs(w, id, { fallBacks: us(w.rs, id).fallBacks + 1 });
    fallBack(w, id, inMm(r.total * n), centreOf(shooter), ROCKET_RULE);
  }
}

type ShootCmd = { type: 'shoot'; side: string; unit: string; target: string; moved?: MovedPenalty; templates?: string[] };
export const shoot = defineCommand<BtState, BtOptions, BtTables, ShootCmd>({
  describe: 'Shoot with a battalion or battery at an enemy battalion (BT Summery of Shooting Phase).',
  schema: z.object({ type: z.literal('shoot'), side: z.string(), unit: z.string(), target: z.string(), moved: z.enum(['toHit', 'rof']).optional(), templates: z.array(z.string()).max(60).optional() }).strict(),
  handle(s: S, c, ctx): Change<BtState> | Rejection {
    if (s.ruleset.pending && !s.position.done.includes(s.ruleset.pending.owner)) return reject('pending', 'Wait for the opponent to assign the hits.', `${SHOOTING_RULE} 8`);
    const w = work(s, ctx);
    settleAbandoned(w);
    const shooter = w.battle.units.find((u) => u.id === c.unit);
    const target = w.battle.units.find((u) => u.id === c.target);
    if (!shooter || shooter.side !== c.side) return reject('not-yours', 'Shoot with one of your own battalions.', `${SHOOTING_RULE} 1`);
    if (!target) return reject('no-target', 'Choose an enemy battalion to shoot at.', `${SHOOTING_RULE} 2`);
    const plan = planShot({ battle: w.battle, rs: w.rs, options: s.options, tables: s.tables }, shooter, target, c.moved ?? 'rof');
    if (!plan.ok) return reject(plan.code, plan.reason, plan.rule);
    setUs(w, shooter.id, { fired: true, firedGrape: plan.grape });
    const hits = rollShot(w, shooter, target, plan);
    if (plan.template) { if (hits > 0) resolveTemplates(w, shooter, target, plan, hits, c.templates ?? []); }
    else if (hits > 0) offerHits(w, { owner: target.side, target: target.id, hits, save: 'shooting', cause: shooter.id, rule: `${SHOOTING_RULE} 8`, then: { kind: 'shot', shooter: shooter.id } }, s.position.done.includes(target.side));
    return finishWork(w);
  },
});

type AssignCmd = { type: 'assignHit'; side: string; stand: string };
export const assignHit = defineCommand<BtState, BtOptions, BtTables, AssignCmd>({
  describe: 'Assign one hit to a stand of your battalion (or a commander with it); the saves are rolled when all are assigned (BT Shooting 8-9).',
  schema: z.object({ type: z.literal('assignHit'), side: z.string(), stand: z.string() }).strict(),
  handle(s: S, c, ctx) {
    const p = s.ruleset.pending;
    if (!p || p.kind !== 'hits') return reject('no-hits', 'There are no hits to assign.', `${SHOOTING_RULE} 8`);
    if (p.owner !== c.side) return reject('not-yours', 'The opponent assigns these hits.', `${SHOOTING_RULE} 8`);
    if (!hitCandidates({ battle: s.battle, rs: s.ruleset }, p.target).includes(c.stand)) return reject('bad-stand', 'Assign the hit to a stand of the battalion hit.', `${SHOOTING_RULE} 8`);
    if (p.assigned.includes(c.stand)) return reject('already-hit', 'Each hit falls on a different stand (RULINGS.md).', `${SHOOTING_RULE} 8`);
    const w = work(s, ctx);
    const assigned = [...p.assigned, c.stand];
    if (assigned.length < p.hits) {
      w.rs = { ...w.rs, pending: { ...p, assigned } };
      const tu = w.battle.units.find((x) => x.id === p.target)!;
      const place = tu.stands.some((x) => x.id === c.stand) ? standPlace(tu, c.stand) : (w.battle.generals.find((g) => g.id === c.stand)?.name ?? 'a commander');
      return finishWork(w, [{ type: 'HitAssigned', side: c.side, unit: p.target, stand: c.stand, place, left: p.hits - assigned.length, rule: `${SHOOTING_RULE} 8` }]);
    }
    resolvePending(w, [c.stand]);
    return finishWork(w);
  },
});

/** Terrain a unit stands in, named (for read-outs). */
export const terrainNames = (s: { battle: S['battle'] }, u: Unit): string[] => terrainUnder(s.battle, u).map((t) => t.name);

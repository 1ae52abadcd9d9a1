/**
 * DoG FIRE PHASE, Infantry Fire and Artillery Fire, Procedure: one fire die (1-3 → 1, 4-6 → 2,
 * 7-9 → 3, 0 → 4) plus the firepower factor plus the modifiers gives the score; the casualty
 * chart (infantry, or artillery) by figures firing (or guns) gives the men lost; a 0 risks the
 * generals near the target; the casualties may call for a morale test.
 */
import { z } from 'zod';
import type { Unit } from '../../../engine/model';
import { defineCommand, reject } from '../../../engine/ruleset';
import { finishWork, unitIn } from '../../../engine/workingState';
import type { DogOptions } from '../options';
import type { DogTables } from '../tables';
import { fireDie, readChart, CASUALTY_RULE, ARTILLERY_CASUALTY_RULE, FIRE_DIE_RULE, MORALE_MODIFIERS } from '../tables';
import { coverOf, obstacleBetween } from '../geo';
import type { DogState, S, W } from '../state';
import { us, setUs, work, centreOf } from '../state';
import { planFire, FIRE_PHASE_RULE, type FirePlan } from './plan';
import { takeCasualties } from '../losses';
import { casualtyTest, generalsRisk } from '../morale/outcomes';
import { hasFlanks } from '../melee/faces';
import { quarterOf } from '../../../geometry/zones';
import { unitFrame } from '../../../geometry/frame';

/** Resolve a planned fire at `strength` (1 full; 1/4 a ragged volley; a charge's fraction). Returns the men hit. */
export function resolveFire(w: W, u: Unit, t: Unit, plan: FirePlan, opts: { strength?: number; why?: string; others?: readonly Unit[]; atCharger?: boolean } = {}): number {
  const strength = opts.strength ?? 1;
  const count = Math.max(strength > 0 ? 1 : 0, Math.round(plan.count * strength));
  const chart = plan.chart === 'artillery' ? w.tables.artilleryChart : w.tables.casualtyChart;
  const rule = plan.chart === 'artillery' ? ARTILLERY_CASUALTY_RULE : CASUALTY_RULE;
  let men = 0;
  let zero = false;
  const unitWord = plan.chart === 'artillery' ? 'guns' : 'figures firing';
  const r = w.ctx.roll({
    dice: 'd10', purpose: `${u.name} fires at ${[t, ...(opts.others ?? [])].map((x) => x.name).join(' and ')}${opts.why ? ` (${opts.why})` : ''}`, rule: FIRE_DIE_RULE, subjects: [u.id, t.id, ...(opts.others ?? []).map((x) => x.id)],
    modifiers: plan.modifiers,
    table: { id: plan.chart === 'artillery' ? 'artilleryChart' : 'casualtyChart', column: `${count} ${unitWord}${strength !== 1 ? ` (${Math.round(strength * 100)}% of ${plan.count})` : ''}` },
    outcome: (v) => {
      const die = fireDie(v.total);
      zero = v.total === 10;
      const score = die + (v.modified - v.total);
      const read = readChart(chart, score, count);
      men = read.men;
      return { outcome: `fire die ${v.total === 10 ? 0 : v.total} reads ${die}; score ${score}${score !== read.score ? ` (read as ${read.score})` : ''}, ${read.columns.join(' + ')} ${unitWord}: ${men} men (${rule})`, row: `score ${read.score}` };
    },
  });
  void r;
  // DoG Infantry Fire: "Casualties are taken equally by each target unit" (the odd men to the first named).
  const targets = [t, ...(opts.others ?? [])];
  const share = Math.floor(men / targets.length);
  targets.forEach((x, i) => {
    const m = share + (i === 0 ? men - share * targets.length : 0);
    setUs(w, x.id, { underFire: true });
    // DoG CONTROL "unit under fire from flank/rear": the quarter of its base the firer stands in (geometry quarterOf).
    if (hasFlanks(x)) {
      const q = quarterOf(unitFrame(x.stands), centreOf(u));
      if (q !== 'front') { const ff = us(w.rs, x.id).flankFire; setUs(w, x.id, { flankFire: { turn: w.turn, faces: [...new Set([...(ff?.turn === w.turn ? ff.faces : []), q])] } }); }
    }
    if (m > 0) takeCasualties(w, x.id, m, rule);
    const target = unitIn(w, x.id);
    if (zero && target) generalsRisk(w, target);
    const t2 = unitIn(w, x.id);
    if (t2) {
      // DoG MORALE MODIFIERS "+20% unit in cover": the ground it holds, or a wall or hedge between it and the firer.
      const cover = coverOf(w.battle, t2) ?? (obstacleBetween(w.battle, t2, u) ? 'behind an obstacle' : undefined);
      const extra = cover ? [{ label: `${MORALE_MODIFIERS.cover.label} (${cover})`, value: MORALE_MODIFIERS.cover.value }] : [];
      // DoG MORALE MODIFIERS "+20% charging cavalry": cavalry fired on by the unit it charges (stand and fire, a ragged volley, skirmishers' volley) tests as charging.
      if (opts.atCharger && t2.arm === 'cavalry') extra.push(MORALE_MODIFIERS.chargingCav);
      casualtyTest(w, x.id, centreOf(u), extra);
    }
  });
  return men;
}

type FireCmd = { type: 'fire'; side: string; unit: string; target: string; faces?: number[]; alsoAt?: string[] };
export const fire = defineCommand<DogState, DogOptions, DogTables, FireCmd>({
  describe: 'Fire at an enemy unit in the 10° arc of the frontage and in range; a square\'s sides or a refused flank may each fire at a different target (DoG FIRE PHASE, Infantry Fire).',
  schema: z.object({ type: z.literal('fire'), side: z.string(), unit: z.string(), target: z.string(), faces: z.array(z.number().int().min(0).max(7)).min(1).max(8).optional(), alsoAt: z.array(z.string()).min(1).max(6).optional() }).strict(),
  handle(s: S, c, ctx) {
    const u = s.battle.units.find((x) => x.id === c.unit);
    const t = s.battle.units.find((x) => x.id === c.target);
    if (!u || u.side !== c.side) return reject('not-yours', 'Fire with one of your own units.', FIRE_PHASE_RULE);
    if (!t) return reject('no-target', 'Choose an enemy unit to fire at.', FIRE_PHASE_RULE);
    const plan = planFire({ battle: s.battle, rs: s.ruleset, tables: s.tables, options: s.options }, u, t, c.faces ? { faces: c.faces } : {});
    if (!plan.ok) return reject('cannot-fire', plan.reason!, plan.rule!);
    // "any one target or combination of targets within a 10 degree arc": each other target must be one the same faces could fire at.
    const others: Unit[] = [];
    for (const id of c.alsoAt ?? []) {
      const o = s.battle.units.find((x) => x.id === id);
      if (!o || id === t.id || others.includes(o)) return reject('no-target', 'Name each other target once, an enemy unit.', FIRE_PHASE_RULE);
      const p2 = planFire({ battle: s.battle, rs: s.ruleset, tables: s.tables, options: s.options }, u, o, { faces: plan.faces });
      if (!p2.ok) return reject('cannot-fire', `${o.name}: ${p2.reason!}`, p2.rule!);
    }
    for (const id of c.alsoAt ?? []) others.push(s.battle.units.find((x) => x.id === id)!);
    const w = work(s, ctx);
    const st = us(w.rs, u.id);
    const again = st.fired; // another face of a square or refused line: fatigue counts the unit's fire once a turn
    setUs(w, u.id, { facesFired: [...(st.facesFired ?? []), ...plan.faces.flatMap((face) => [t, ...others].map((x) => ({ face, target: x.id })))] });
    if (again) { resolveFire(w, u, t, plan, { others }); return finishWork(w); }
    setUs(w, u.id, { fired: true, initialVolleyUsed: st.initialVolleyUsed || u.arm === 'infantry', ...(st.fatigue >= 2 ? { exhaustedActs: st.exhaustedActs + 1 } : {}) });
    if (st.fatigue === 2 && st.exhaustedActs + 1 >= 2) { setUs(w, u.id, { fatigue: 3 }); w.ctx.emit({ type: 'UtterlyExhausted', unit: u.id, rule: 'DoG EFFECTS OF FATIGUE/EXHAUSTION' }); }
    resolveFire(w, u, t, plan, { others });
    return finishWork(w);
  },
});

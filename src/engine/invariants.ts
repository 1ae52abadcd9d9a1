/**
 * Checks every reachable state must pass, whatever the ruleset: ids unique (no unit or stand in
 * two places), coordinates finite, bases of positive size, counts and strengths not negative,
 * the position consistent with the declared sequence. Rulesets add their own (`invariants`).
 * Used by property tests; cheap enough to run after every command there.
 */
import type { AnyRuleset } from './ruleset';
import type { GameState } from './state';
import { turnSchedule } from './sequence';

/** unit.extra / general.extra keys that hold counts which can never go below zero. */
const COUNT_KEY = /strength|casualt|losses|hits|figures|ammo|kills|stands/i;

export function checkInvariants(module: AnyRuleset, s: GameState): string[] {
  const out: string[] = [];
  const ids = new Map<string, string>();
  const claim = (id: string, what: string) => {
    const prev = ids.get(id);
    if (prev) out.push(`${what} reuses the id "${id}" of ${prev}`);
    else ids.set(id, what);
  };
  const finite = (n: number, what: string) => {
    if (!Number.isFinite(n)) out.push(`${what} is not a finite number`);
  };
  const counts = (extra: Readonly<Record<string, unknown>>, what: string) => {
    for (const [k, v] of Object.entries(extra)) {
      if (typeof v === 'number') {
        finite(v, `${what}.extra.${k}`);
        if (COUNT_KEY.test(k) && v < 0) out.push(`${what}.extra.${k} is negative (${v})`);
      }
    }
  };
  for (const u of s.battle.units) {
    claim(u.id, `unit ${u.id}`);
    if (!u.stands.some((st) => st.id === u.commandStandId) && u.stands.length > 0) out.push(`unit ${u.id}'s command stand ${u.commandStandId} is not one of its stands`);
    for (const st of u.stands) {
      claim(st.id, `stand ${st.id} of ${u.id}`);
      finite(st.centre.x, `stand ${st.id} x`);
      finite(st.centre.y, `stand ${st.id} y`);
      finite(st.facing, `stand ${st.id} facing`);
      if (!(st.widthMm > 0 && st.depthMm > 0)) out.push(`stand ${st.id} has a base of no size`);
      if (st.figures !== undefined && st.figures < 0) out.push(`stand ${st.id} has ${st.figures} figures`);
    }
    counts(u.extra, `unit ${u.id}`);
  }
  for (const g of s.battle.generals) {
    claim(g.id, `general ${g.id}`);
    claim(g.stand.id, `stand of general ${g.id}`);
    finite(g.stand.centre.x, `general ${g.id} x`);
    finite(g.stand.centre.y, `general ${g.id} y`);
    counts(g.extra, `general ${g.id}`);
  }
  const p = s.position;
  const sides = s.battle.sides.map((x) => x.id);
  if (!s.result) {
    const sched = turnSchedule(module.sequence.phases, p.phasingOrder);
    const slot = sched[p.slot];
    const phase = slot && module.sequence.phases[slot.phase];
    if (!slot || !phase) out.push(`position slot ${p.slot} is outside the turn's schedule`);
    else {
      if (phase.id !== p.phase) out.push(`position phase "${p.phase}" is not the scheduled "${phase.id}"`);
      if (phase.steps[p.stepIndex]?.id !== p.step) out.push(`position step "${p.step}" is not step ${p.stepIndex} of "${phase.id}"`);
      if (slot.phasing !== p.phasing) out.push(`phasing side ${p.phasing} is not the scheduled ${slot.phasing}`);
    }
    if (p.actors.filter((a) => !p.done.includes(a)).length === 0) out.push('the game waits for nobody');
  }
  for (const a of [...p.actors, ...p.done, ...p.phasingOrder]) if (!sides.includes(a)) out.push(`position names an unknown side "${a}"`);
  if (s.commandCount < 0 || !Number.isInteger(s.commandCount)) out.push('commandCount is not a count');
  out.push(...(module.invariants?.(s) ?? []));
  return out;
}

/** Generals (SYW (3) Command and Control pp.5-6): counters drawn from a nation's deck, their effective psychology, generals at risk and their replacements. */
import type { GeneralCounter } from './tables/command';
import type { Unit } from '../../engine/model';
import { isCavalry, isInfantry, setGeneral } from './state';
import { CM } from './geo';
import { standDistance } from '../../geometry/measure';
import { GENERAL_RISK_CM, effectiveCounter } from './tables/command';
import type { Work } from './work';
import { withId } from '../../engine/ids';

/** Draw one counter at index `pick(n)`; an empty deck is refilled from the mix. */
export function nextCounter(deck: readonly GeneralCounter[], mix: readonly GeneralCounter[], pick: (n: number) => number): [GeneralCounter, GeneralCounter[]] {
  const d = deck.length > 0 ? [...deck] : [...mix];
  const i = Math.max(0, Math.min(d.length - 1, pick(d.length)));
  const [c] = d.splice(i, 1);
  return [c!, d];
}

const ABILITY_RANK = { competent: 2, normal: 1, incompetent: 0 } as const;
const PSY_RANK = { brave: 2, none: 1, cautious: 0 } as const;
const TRAINING_RANK = { average: 1, cavalry: 0, infantry: 0 } as const;

/** The CinC keeps the best of his three draws: ability, then psychology, then training (RULINGS.md). */
export function bestCounter(cs: readonly GeneralCounter[]): GeneralCounter {
  return [...cs].sort((a, b) => ABILITY_RANK[b.ability] - ABILITY_RANK[a.ability] || PSY_RANK[b.psychology] - PSY_RANK[a.psychology] || TRAINING_RANK[b.training] - TRAINING_RANK[a.training])[0]!;
}

const same = (a: GeneralCounter, b: GeneralCounter) => a.training === b.training && a.psychology === b.psychology && a.ability === b.ability;

/** The deck with one copy of `c` taken out (the last one: returned counters go on the end). */
export function withoutOne(deck: readonly GeneralCounter[], c: GeneralCounter): GeneralCounter[] {
  const out = [...deck];
  for (let i = out.length - 1; i >= 0; i--) if (same(out[i]!, c)) { out.splice(i, 1); break; }
  return out;
}

/** A general's psychology after the training rule (p.5; command.ts `commandsWhat` counts the same arms). */
export function effectivePsychology(w: Work, generalId: string): string {
  const gs = w.rs.generals[generalId]!;
  const units = Object.values(w.rs.groups).filter((gr) => gr.general === generalId).flatMap((gr) => gr.units).map((id) => w.battle.units.find((u) => u.id === id)).filter((u): u is Unit => u !== undefined);
  return effectiveCounter(gs.counter, { infantry: units.some(isInfantry), cavalry: units.some(isCavalry) }).psychology;
}

/** A general at risk (within 1cm of a unit under fire or in melee) dies if the enemy rolled a natural 6 and his side a 1. */
export function generalRisk(w: Work, unitId: string, enemyNatural: number, ownNatural: number | null): void {
  const u = w.unit(unitId);
  if (!u || enemyNatural !== 6) return;
  for (const gen of w.battle.generals) {
    const gs = w.rs.generals[gen.id];
    if (gen.side !== u.side || !gs || gs.killed) continue;
    // "within 1cm of a unit under fire or in melee": edge to edge, 1cm.
    const near = u.stands.some((s) => standDistance(s, gen.stand) <= GENERAL_RISK_CM * CM + 0.5);
    if (!near) continue;
    const own = ownNatural ?? w.roll({ dice: 'd6', purpose: `Is ${gen.name} hit? (a 1 kills)`, rule: 'SYW (3) Notes on Generals (d) (p.6)', subjects: [gen.id] }).total;
    if (own === 1) killGeneral(w, gen.id);
  }
}

export function killGeneral(w: Work, id: string): void {
  const gen = w.battle.generals.find((x) => x.id === id);
  const gs = w.rs.generals[id];
  if (!gen || !gs) return;
  // (3) p.6 "replaced by a random quality General": the text names no die; percentile dice, re-rolled above the largest
  // multiple of the deck size (so every counter is equally likely), read as (roll − 1) mod deck size.
  const pick = (n: number): number => {
    const top = n > 0 && n <= 100 ? Math.floor(100 / n) * n : 100;
    for (let i = 0; ; i++) {
      const t = w.roll({ dice: 'd100', purpose: `Replacement general for ${gen.name} (1-${top} counts, ${n} counters)`, rule: 'SYW (3) Notes on Generals, Orders (p.6)', subjects: [id] }).total;
      if (t <= top || i >= 20) return (t - 1) % Math.max(1, n);
    }
  };
  const [counter, deck] = nextCounter(w.rs.decks[gen.side] ?? [], w.tables.counterMix, pick);
  w.rs = setGeneral({ ...w.rs, decks: withId(w.rs.decks, gen.side, deck) }, id, { counter, attemptsLeft: 0 });
  w.ctx.emit({ type: 'GeneralKilled', general: id, replacement: counter, rule: 'SYW (3) Notes on Generals (d) (p.6)' });
}

/** General counters: drawing from a nation's deck (SYW (3) Command and Control p.5). */
import type { GeneralCounter } from './tables/command';

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

/**
 * The odds a purposeful player weighs before it fires or charges, from its side's view only:
 *
 *   - `expectedFireMen`: the mean of the casualty chart over the ten faces of the fire die for a
 *     planned volley (DoG FIRE PHASE, Procedure: the fire die 1-3 → 1, 4-6 → 2, 7-9 → 3, 0 → 4);
 *   - `meleeOdds`: the men each side may expect to lose in the first round of a melee (DoG MELÉE,
 *     Procedure): the fire die plus the confused melee factor, the impact factor for an eligible
 *     charge and every Melee Modifier, read on the chart by each side's head count. The head count
 *     and the modifiers are the melee's own (melee/melee.ts `headCount`, `meleeModifiers`), so a
 *     modifier added to the rules reaches the estimate; and the chance each side wins the round
 *     (over both dice), since the loser tests morale. A unit struck in flank or rear fights with
 *     one row of the stands touching (RULINGS.md), so a flank attack shows here as at the table.
 *
 * These are estimates for choosing, never rulings: the rules resolve the melee themselves, at
 * the positions of contact; the AI reckons from where the units stand now.
 */
import type { Unit, Stand } from '../../../engine/model';
import type { Modifier } from '../../../engine/ruleset';
import type { Face } from '../../../geometry/frame';
import type { DogTables } from '../tables';
import { fireDie, readChart } from '../tables';
import type { Melee } from '../state';
import { centreOf } from '../state';
import type { FirePlan } from '../fire/plan';
import { headCount, meleeModifiers, noFightBack, type MeleeView } from '../melee/melee';

/** Mean men hit by a planned volley at full strength. */
export function expectedFireMen(tables: DogTables, plan: FirePlan, strength = 1): number {
  if (!plan.ok) return 0;
  const chart = plan.chart === 'artillery' ? tables.artilleryChart : tables.casualtyChart;
  const mods = plan.modifiers.reduce((a, m) => a + m.value, 0);
  const count = Math.max(1, Math.round(plan.count * strength));
  let sum = 0;
  for (let face = 1; face <= 10; face++) sum += readChart(chart, fireDie(face) + mods, count).men;
  return sum / 10;
}

/** Men caused on the casualty chart by `count` heads at modifier total `mods`, for each face of the d10 (1..10). */
function chartFaces(tables: DogTables, mods: number, count: number): number[] {
  const out: number[] = [];
  for (let face = 1; face <= 10; face++) out.push(readChart(tables.casualtyChart, fireDie(face) + mods, count).men);
  return out;
}
const mean = (xs: readonly number[]): number => xs.reduce((a, x) => a + x, 0) / xs.length;

/**
 * A charger meets the face it comes at: struck in flank or rear the target fights with one row of
 * the stands touching (RULINGS.md). Before contact none touch yet, so the AI reckons on the end
 * stand nearest the charger.
 */
const nearestStand = (x: Unit, y: Unit): readonly Stand[] => {
  const c = centreOf(y);
  const d = (s: Stand) => (s.centre.x - c.x) * (s.centre.x - c.x) + (s.centre.y - c.y) * (s.centre.y - c.y);
  const best = x.stands.reduce<Stand | undefined>((a, s) => (!a || d(s) < d(a) ? s : a), undefined);
  return best ? [best] : [];
};

/** First-round head count as the melee counts it (melee/melee.ts `headCount`). */
const heads = (c: MeleeView, x: Unit, y: Unit, m: Melee): number => headCount(c, x, y, true, m, nearestStand).count;

/** The modifiers `x` adds to its die in the first round against `y` (the melee's own list, melee/melee.ts `meleeModifiers`). */
export function firstRoundModifiers(c: MeleeView, x: Unit, y: Unit, hx: number, hy: number, impact: boolean): Modifier[] {
  return meleeModifiers(c, x, y, { mine: hx, theirs: hy, first: true, impact });
}

const total = (mods: readonly Modifier[]): number => mods.reduce((a, m) => a + m.value, 0);

export interface MeleeOdds {
  /** Men the attacker may expect to cause in the first round. */
  readonly caused: number;
  /** Men it may expect to lose. */
  readonly suffered: number;
  /** The chance it wins the round, and that it loses it ("Winner is the side which causes more casualties"; the loser tests morale, DoG MELÉE). */
  readonly won: number;
  readonly lost: number;
}

/**
 * The first round of `u` attacking `t` on `face` of `t`, with impact when the charge earns it.
 * A charger that comes on in flank or rear fights the stands that turn to meet it.
 */
export function meleeOdds(c: MeleeView, u: Unit, t: Unit, opts: { impact: boolean; face?: Face; defenderImpact?: boolean }): MeleeOdds {
  const face = opts.face ?? 'front';
  // The melee as contact would make it: the target struck on `face` (melee/faces.ts).
  const m: Melee = { a: u.id, b: t.id, rounds: 0, ...(face !== 'front' ? { struck: { [t.id]: face } } : {}) };
  const hu = heads(c, u, t, m), ht = heads(c, t, u, m);
  const fights = noFightBack(c.rs, t.id) === undefined;
  const mine = chartFaces(c.tables, total(firstRoundModifiers(c, u, t, hu, ht, opts.impact)), hu);
  const theirs = fights ? chartFaces(c.tables, total(firstRoundModifiers(c, t, u, ht, hu, opts.defenderImpact ?? false)), ht) : [0];
  let won = 0, lost = 0;
  for (const x of mine) for (const y of theirs) { if (x > y) won++; else if (y > x) lost++; }
  const n = mine.length * theirs.length;
  return { caused: mean(mine), suffered: mean(theirs), won: won / n, lost: lost / n };
}

/**
 * The odds a purposeful player weighs before it fires or charges, from its side's view only:
 *
 *   - `expectedFireMen`: the mean of the casualty chart over the ten faces of the fire die for a
 *     planned volley (DoG FIRE PHASE, Procedure: the fire die 1-3 → 1, 4-6 → 2, 7-9 → 3, 0 → 4);
 *   - `meleeOdds`: the men each side may expect to lose in the first round of a melee (DoG MELÉE,
 *     Procedure): the fire die plus the confused melee factor, the impact factor for an eligible
 *     charge and the chief Melee Modifiers, read on the chart by each side's head count. A unit
 *     struck in flank or rear fights with one row of the stands touching (RULINGS.md), so a flank
 *     attack shows here as it does at the table.
 *
 * These are estimates for choosing, never rulings: the rules resolve the melee themselves
 * (melee/melee.ts) with every modifier. The modifiers' values come from the same tables.
 */
import type { Unit } from '../../../engine/model';
import type { Face } from '../../../geometry/frame';
import { unitFrame } from '../../../geometry/frame';
import type { DogTables } from '../tables';
import { fireDie, readChart, MELEE_MODIFIERS as M } from '../tables';
import type { DogState } from '../state';
import { us, rowOf, hasTag, isVeteran, isSecondLine, isConscript, figuresOf } from '../state';
import type { FirePlan } from '../fire/plan';
import { FIGURE_MM } from '../setup/setup';

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

/** Mean men caused on the casualty chart by `count` heads at modifier total `mods`. */
function expectedChart(tables: DogTables, mods: number, count: number): number {
  let sum = 0;
  for (let face = 1; face <= 10; face++) sum += readChart(tables.casualtyChart, fireDie(face) + mods, count).men;
  return sum / 10;
}

/** First-round head count, roughly as the melee counts it: the front rows, or one row of a stand when struck in flank or rear. */
function heads(x: Unit, y: Unit, struck: Face): number {
  const figs = figuresOf(x);
  let n: number;
  if (x.arm === 'artillery') n = figs;
  else if (struck !== 'front') {
    const s = x.stands[0];
    n = s ? Math.min(s.figures ?? 0, Math.max(1, Math.round(s.widthMm / FIGURE_MM[x.arm as 'infantry' | 'cavalry']))) : 0;
  } else {
    const rows = x.arm === 'infantry' ? 2 : 1;
    const per = FIGURE_MM[x.arm as 'infantry' | 'cavalry'];
    const frontMm = unitFrame(x.stands).halfWidthMm * 2;
    const yFront = unitFrame(y.stands).halfWidthMm * 2 + 2 * per;
    const inFront = x.formation === 'line' || x.formation === 'skirmish' ? figs : Math.min(figs, Math.round(frontMm / per) * rows);
    n = frontMm > 0 ? Math.round(inFront * Math.min(1, yFront / frontMm)) : inFront;
  }
  if (x.arm === 'cavalry' && y.arm !== 'cavalry') n *= 2;
  return Math.max(0, n);
}

function modifiers(tables: DogTables, rs: DogState, x: Unit, y: Unit, hx: number, hy: number, impact: boolean): number {
  const sx = us(rs, x.id), sy = us(rs, y.id);
  const row = rowOf(tables, x);
  let v = row.confused ?? 0;
  if (impact && row.impact !== undefined) v += row.impact;
  const ratio = hy > 0 ? hx / hy : 4;
  v += ratio >= 4 ? M.outnumber4.value : ratio >= 3 ? M.outnumber3.value : ratio >= 2 ? M.outnumber2.value : ratio >= 1.5 ? M.outnumber32.value : 0;
  if (isVeteran(x)) v += M.veteran.value;
  if (isSecondLine(x)) v += M.secondLine.value;
  if (isConscript(tables, x)) v += M.conscript.value;
  if (x.arm === 'cavalry' && hasTag(tables, x, 'heavy')) v += M.heavyCavalry.value;
  if (x.arm === 'cavalry' && hasTag(tables, x, 'cuirassier')) v += M.cuirassiers.value;
  if (x.arm === 'cavalry' && hasTag(tables, x, 'lancer')) v += M.lancers.value + M.heavyCavalry.value;
  if (x.arm === 'cavalry') {
    if (y.formation === 'skirmish' || y.arm === 'artillery') v += M.cavVsSkirmishArty.value;
    else if (y.arm === 'infantry') {
      if (sy.order === 'unformed') v += M.cavVsUnformedFoot.value;
      if (sy.order === 'disordered') v += M.cavVsDisorderedFoot.value;
      if (y.formation === 'square') v += M.cavVsSquare.value;
      if (y.formation === 'square' || y.formation === 'line') v += M.cavVsSingleRank.value;
    } else {
      if (sy.order === 'unformed') v += M.cavVsUnformedCav.value;
      if (sy.order === 'disordered') v += M.cavVsDisorderedCav.value;
    }
  }
  if (x.arm === 'infantry') {
    if ((x.formation === 'column' || x.formation === 'march') && y.arm === 'infantry' && y.formation === 'line') v += M.columnVsLine.value;
    if (x.formation === 'square' && y.arm === 'cavalry') v += M.squareVsCav.value;
    if (sy.order === 'unformed') v += M.infVsUnformed.value;
    if (sy.order === 'disordered') v += M.infVsDisordered.value;
    if (y.formation === 'skirmish') v += M.infVsSkirmish.value;
  }
  if (sx.order === 'unformed') v += M.unformed.value;
  if (sx.order === 'disordered') v += M.disordered.value;
  if (sx.fatigue === 1) v += M.tired.value;
  if (sx.fatigue >= 2) v += M.exhausted.value;
  return v;
}

export interface MeleeOdds {
  /** Men the attacker may expect to cause in the first round. */
  readonly caused: number;
  /** Men it may expect to lose. */
  readonly suffered: number;
}

/**
 * The first round of `u` attacking `t` on `face` of `t`, with impact when the charge earns it.
 * A charger that comes on in flank or rear fights the stands that turn to meet it.
 */
export function meleeOdds(tables: DogTables, rs: DogState, u: Unit, t: Unit, opts: { impact: boolean; face?: Face; defenderImpact?: boolean }): MeleeOdds {
  const face = opts.face ?? 'front';
  const hu = heads(u, t, 'front'), ht = heads(t, u, face);
  const st = us(rs, t.id);
  const fights = st.morale !== 'routing' && st.morale !== 'retreating';
  return {
    caused: expectedChart(tables, modifiers(tables, rs, u, t, hu, ht, opts.impact), hu),
    suffered: fights ? expectedChart(tables, modifiers(tables, rs, t, u, ht, hu, opts.defenderImpact ?? false), ht) : 0,
  };
}

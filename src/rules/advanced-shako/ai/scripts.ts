/**
 * Scripts for a player program (RulesetModule.ai.scripts; src/ai README). An actor is a unit.
 *
 *   - attack: wheel towards the nearest enemy and close; charge it when in reach (cavalry do not
 *             charge formed squares; infantry charge only foot); drive off Blown cavalry (8.9);
 *   - fire:   close to musket range (batteries stand) and fire at the best target;
 *   - hold:   stand; infantry with enemy cavalry within 18" form square (8.2) unless Combat Deployed.
 *
 * `choose`: cavalry attack; batteries hold; infantry of an attacking division attack, else fire.
 * Side-wide: a defending division is sent Attack orders once the enemy has lost a larger share of its
 * units than we have (AS 7.8: an ADC carries them);
 * cavalry try to recall from a hasty square; crews withdraw to a square when they can; victorious
 * cavalry make a Breakthrough at the nearest Formed target in reach that is not a square.
 */
import type { Command, Sampler, SeenGame } from '../../../engine/ruleset';
import type { Unit } from '../../../engine/model';
import { unitDistance } from '../../../geometry/measure';
import type { ShOptions } from '../options';
import type { ShTables } from '../tables';
import type { ShState } from '../state';
import { armOf, divisionOf, inMm, mmIn, us } from '../state';
import { allowanceMm, checkMove, type MoveLeg } from '../movement/moves';
import { chargeProblem, chargeReach, defendProblem, driveOffProblem, formationProblem, movingDivisions, notNow, reachIn, moveRuleProblem } from '../movement/commands';
import { layoutFor, placementProblem } from '../movement/formations';
import { planFire } from '../fire/fire';
import { canRecall, shelterFor } from '../melee/melee';
import { breakthroughTargets, entitled } from '../melee/breakthrough';
import { recrewProblem } from '../movement/recrew';
import { centreOf, combatDeployed } from '../geo';
import { nearestEnemy } from './legal';
import { unitWheelTowards } from '../../../geometry/aim';

type V = SeenGame<ShState, ShOptions, ShTables>;
export const SH_SCRIPTS = ['attack', 'fire', 'hold'] as const;
const seen = (v: V) => ({ battle: v.battle, ruleset: v.ruleset, tables: v.tables, position: v.position });

function actors(v: V, side: string): string[] {
  const step = v.position.step;
  const mine = v.battle.units.filter((u) => u.side === side);
  if (step.startsWith('division')) {
    const moving = movingDivisions(seen(v));
    return mine.filter((u) => { const d = divisionOf(v.ruleset, u.id); return !!d && moving.includes(d) && !notNow(seen(v), u, side); }).map((u) => u.id);
  }
  if (step === 'bombard' || step === 'volleys') return mine.filter((u) => !us(v.ruleset, u.id).fired).map((u) => u.id);
  return [];
}

function choose(v: V, _side: string, actor: string): string {
  const u = v.battle.units.find((x) => x.id === actor);
  if (!u) return 'hold';
  if (armOf(u) === 'cavalry') return 'attack';
  if (armOf(u) === 'artillery') return 'hold';
  const d = divisionOf(v.ruleset, u.id);
  return d && v.ruleset.divisions[d]!.orders === 'attack' ? 'attack' : 'fire';
}

function approach(v: V, u: Unit, e: Unit, stopShortIn: number): Command[] {
  const st = us(v.ruleset, u.id);
  const left = allowanceMm(v.tables, u) - st.movedMm;
  if (left < 5) return [];
  const wheel = unitWheelTowards(u.stands, centreOf(e)); // at most 45°
  const gap = unitDistance(u.stands, e.stands) - inMm(stopShortIn);
  const out: Command[] = [];
  const tryLegs = (legs: MoveLeg[]) => {
    if (moveRuleProblem(seen(v), u, legs)) return;
    const m = checkMove(v.battle, v.ruleset, u, legs, left);
    if (m.ok && !defendProblem(seen(v), u, m.forwardMm)) out.push({ type: 'moveUnit', side: u.side, unit: u.id, legs });
  };
  for (const frac of [1, 0.75, 0.5, 0.25]) {
    const mm = Math.min(left, gap) * frac;
    if (Math.abs(wheel) > 5) tryLegs([{ kind: 'wheel', deg: Math.round(wheel) }]);
    if (mm >= 5) tryLegs([{ kind: 'forward', mm: Math.round(mm) }]);
    if (out.length > 0) break;
  }
  return out;
}

function commands(v: V, side: string, actor: string, script: string, _sm: Sampler): Command[] {
  const u = v.battle.units.find((x) => x.id === actor);
  if (!u || u.side !== side) return [];
  const e = nearestEnemy(v, u);
  if (!e) return [];
  const step = v.position.step;
  const st = us(v.ruleset, u.id);
  if (step === 'bombard' || step === 'volleys') {
    const phase = step === 'bombard' ? 'artillery' : 'musketry';
    return v.battle.units.filter((t) => t.side !== side).map((t) => ({ t, p: planFire({ ...seen(v), phase }, u, t) }))
      .filter((x) => x.p.ok).sort((a, b) => us(v.ruleset, b.t.id).kills - us(v.ruleset, a.t.id).kills || unitDistance(u.stands, a.t.stands) - unitDistance(u.stands, b.t.stands))
      .map((x) => ({ type: 'fire', side, unit: u.id, target: x.t.id }));
  }
  if (!step.startsWith('division')) return [];
  const out: Command[] = [];
  const cavNear = v.battle.units.some((x) => x.side !== side && armOf(x) === 'cavalry' && us(v.ruleset, x.id).blown === undefined && mmIn(unitDistance(u.stands, x.stands)) <= 18);
  if (armOf(u) === 'infantry' && u.formation !== 'square' && u.formation !== 'skirmish' && cavNear && !st.moved && !st.reformed && !combatDeployed(v.battle, v.ruleset, v.tables, u) && !placementProblem(v.battle, u, layoutFor(u, 'square')))
    if (!formationProblem(seen(v), u, 'square')) out.push({ type: 'changeFormation', side, unit: u.id, formation: 'square' });
  if (armOf(u) === 'infantry' && u.formation === 'square' && !cavNear && !formationProblem(seen(v), u, 'line')) out.push({ type: 'changeFormation', side, unit: u.id, formation: 'line' });
  // Charges first: obligatory ones, then those the script wants.
  const owed = us(v.ruleset, u.id).mustCharge ?? [];
  for (const t of [...v.battle.units].filter((x) => x.side !== side).sort((a, b) => unitDistance(u.stands, a.stands) - unitDistance(u.stands, b.stands))) {
    if (mmIn(unitDistance(u.stands, t.stands)) > reachIn(v.tables, u) + 1) continue;
    if (script !== 'hold' && !driveOffProblem(seen(v), u, t) && chargeReach(v, u, t, v.tables.reach.chargeInfantryIn).ok) out.push({ type: 'driveOff', side, unit: u.id, target: t.id });
    if (chargeProblem(seen(v), u, t)) continue;
    const wanted = owed.includes(t.id) || (script === 'attack' && !(armOf(u) === 'cavalry' && t.formation === 'square' && !us(v.ruleset, t.id).hasty) && !(armOf(u) === 'infantry' && armOf(t) !== 'infantry' && armOf(t) !== 'artillery'));
    if (wanted && chargeReach(v, u, t, reachIn(v.tables, u)).ok) out.push({ type: 'charge', side, unit: u.id, target: t.id });
  }
  if (script === 'hold' || armOf(u) === 'artillery' && mmIn(unitDistance(u.stands, e.stands)) <= v.tables.fire.roundshotRangeIn) return out;
  if (script === 'fire' && armOf(u) === 'infantry') { if (mmIn(unitDistance(u.stands, e.stands)) > v.tables.fire.musketRangeIn) out.push(...approach(v, u, e, v.tables.fire.musketRangeIn - 0.5)); return out; }
  out.push(...approach(v, u, e, armOf(u) === 'artillery' ? v.tables.fire.canisterRangeIn : 2));
  return out;
}

/** Share of a side's units gone (the view shows every unit: nothing on the table is hidden). */
const lost = (v: V, side: string) => {
  const ids = Object.values(v.ruleset.divisions).filter((d) => d.side === side).flatMap((d) => d.units);
  return ids.length ? ids.filter((id) => !v.battle.units.some((u) => u.id === id)).length / ids.length : 0;
};

function sideCommands(v: V, side: string): Command[] {
  const out: Command[] = [];
  // Orders: a defending division goes over to the attack once the enemy has lost more than we have; none is sent twice.
  if (v.position.step === 'orders' && lost(v, side) < lost(v, v.battle.sides.find((s) => s.id !== side)!.id)) {
    for (const [id, d] of Object.entries(v.ruleset.divisions)) {
      if (d.side !== side || d.broken || d.retreating || d.orders === 'attack' || d.heldAttack || v.ruleset.adcs.some((a) => a.division === id)) continue;
      out.push({ type: 'sendOrders', side, division: id, orders: 'attack' });
    }
  }
  if (v.position.step === 'beforeMelee') for (const u of v.battle.units.filter((x) => x.side === side)) {
    if (canRecall(v, u)) out.push({ type: 'recall', side, unit: u.id });
    if (shelterFor(v, u)) out.push({ type: 'withdrawToSquare', side, unit: u.id });
  }
  // Crews return to their guns as soon as they may (8.5).
  if (v.position.step.startsWith('division')) for (const u of v.battle.units) if (u.side === side && !recrewProblem(seen(v), u, side)) out.push({ type: 'recrew', side, unit: u.id });
  // A Breakthrough at the nearest Formed target in reach that is not a formed square (cavalry do not ride at prepared squares by choice).
  if (v.position.step === 'breakthrough') for (const u of v.battle.units.filter((x) => x.side === side && entitled(v, x))) {
    const t = breakthroughTargets(seen(v), u).find((x) => x.t.formation !== 'square');
    if (t) out.push({ type: 'breakthrough', side, unit: u.id, target: t.t.id });
  }
  return out;
}

// Fire is refused (its plan: range, sight, arc) before its dice are rolled: one try proves it.
export const shScripts = { names: SH_SCRIPTS, actors, choose, commands, sideCommands, settledBeforeDice: ['fire'] };

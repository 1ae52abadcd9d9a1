/**
 * Scripts for a player program (RulesetModule.ai.scripts; src/ai README). An actor is a unit.
 *
 *   - attack: close on the nearest enemy and charge it when in reach (cavalry at anything but a
 *             formed square; infantry at a weaker or disordered enemy);
 *   - fire:   come to musket range (100 m), re-form column into line, and fire at the best target
 *             (standing still once it has one: a unit that moves does not fire);
 *   - hold:   stay and fire; infantry charged by cavalry form square.
 *
 * `choose`: cavalry attack a fair target (horse, guns, foot not formed or in column) within two
 * moves and otherwise hold; artillery holds (unlimbering first); infantry fire. Orders are left
 * as written; reactions: square against cavalry where open, evade where a skirmisher must, else
 * stand.
 */
import type { Command, Sampler, SeenGame } from '../../../engine/ruleset';
import type { Unit } from '../../../engine/model';
import { unitDistance } from '../../../geometry/measure';
import type { DogOptions } from '../options';
import type { DogTables } from '../tables';
import type { DogState } from '../state';
import { us, figuresOf, ctxOf, isFormed, centreOf } from '../state';
import { allowanceMm, checkMove, type MoveLeg } from '../movement/moves';
import { cannotMove, advanceLimit, skirmishMoveProblem } from '../movement/commands';
import { changeTurns, layoutFor, placementProblem } from '../movement/formations';
import { chargeProblem, reactionsFor } from '../charge/charges';
import { planFire, fireFaces } from '../fire/plan';
import { nearestEnemyOf } from './legal';
import { unitWheelTowards } from '../../../geometry/aim';

type V = SeenGame<DogState, DogOptions, DogTables>;
export const DOG_SCRIPTS = ['attack', 'fire', 'hold'] as const;
const MUSKET_MM = 90;

function actors(v: V, side: string): string[] {
  const step = v.position.step;
  const mine = v.battle.units.filter((u) => u.side === side);
  if (step === 'moveFirst' || step === 'moveSecond') return mine.filter((u) => !cannotMove({ rs: v.ruleset, turn: v.position.turn }, u) && allowanceMm(v.tables, u, us(v.ruleset, u.id)) - us(v.ruleset, u.id).movedMm > 5).map((u) => u.id);
  if (step === 'declare' || step === 'respond' || step === 'counter') return mine.filter((u) => u.arm !== 'artillery' && !v.ruleset.charges.some((c) => c.unit === u.id)).map((u) => u.id);
  if (step === 'fireFirst' || step === 'fireSecond') return mine.filter((u) => !us(v.ruleset, u.id).fired || fireFaces(u).length > 1).map((u) => u.id);
  return [];
}

/**
 * What horse may charge with fair odds: other horse, guns, or foot that is not formed (unformed,
 * disordered, shaken or running) or caught in column or march order. Formed foot in line or
 * square sees horse off (DoG Charges: the target's order and formation decide the clash).
 */
function goodCavalryTarget(v: V, t: Unit): boolean {
  if (t.arm === 'cavalry' || t.arm === 'artillery') return true;
  if (!isFormed(v.ruleset, t)) return true;
  return t.formation === 'column' || t.formation === 'march';
}

/** Horse attacks when a fair target stands within two moves; else it guards where it is. */
function choose(v: V, _side: string, actor: string): string {
  const u = v.battle.units.find((x) => x.id === actor);
  if (!u || u.arm === 'artillery') return 'hold';
  if (u.arm !== 'cavalry') return 'fire';
  const reach = 2 * allowanceMm(v.tables, u, us(v.ruleset, u.id));
  return v.battle.units.some((t) => t.side !== u.side && goodCavalryTarget(v, t) && unitDistance(u.stands, t.stands) <= reach) ? 'attack' : 'hold';
}

function approach(v: V, u: Unit, e: Unit, stopMm: number): Command[] {
  const st = us(v.ruleset, u.id);
  const left = allowanceMm(v.tables, u, st) - st.movedMm;
  if (left < 5) return [];
  const lim = advanceLimit({ rs: v.ruleset }, u);
  const gap = unitDistance(u.stands, e.stands) - stopMm;
  const wheel = Math.round(unitWheelTowards(u.stands, centreOf(e)));
  const out: Command[] = [];
  const tryLegs = (legs: MoveLeg[]) => { const m = checkMove(v.battle, u, legs, left); if (m.ok && !skirmishMoveProblem({ battle: v.battle, rs: v.ruleset }, u, m.stands!)) out.push({ type: 'moveUnit', side: u.side, unit: u.id, legs }); };
  if (Math.abs(wheel) > 5) tryLegs([{ kind: 'wheel', deg: wheel }]);
  for (const frac of [1, 0.75, 0.5, 0.25]) {
    let mm = Math.min(left, gap) * frac;
    if (lim) mm = Math.min(mm, lim.mm);
    if (mm < 5) continue;
    tryLegs([{ kind: 'forward', mm: Math.round(mm) }]);
    if (out.length > 0) break;
  }
  return out;
}

function commands(v: V, side: string, actor: string, script: string, _sm: Sampler): Command[] {
  const u = v.battle.units.find((x) => x.id === actor);
  if (!u || u.side !== side) return [];
  const e = nearestEnemyOf(v, u);
  if (!e) return [];
  const st = us(v.ruleset, u.id);
  const step = v.position.step;
  const c = ctxOf(v);
  const gap = unitDistance(u.stands, e.stands);
  if (step === 'moveFirst' || step === 'moveSecond') {
    const out: Command[] = [];
    const reform = (f: string) => { if (!st.changedFormation && u.formation !== f && changeTurns(v.tables, u, st, f) !== undefined && !placementProblem(v.battle, u, layoutFor(u, f))) out.push({ type: 'changeFormation', side, unit: u.id, formation: f }); };
    if (u.arm === 'artillery') {
      if (u.formation === 'limbered' && gap <= 700) reform('unlimbered');
      if (u.formation === 'limbered' && gap > 700) out.push(...approach(v, u, e, 600));
      return out;
    }
    if (script === 'hold') return out;
    if (script === 'fire' && u.arm === 'infantry') {
      // DoG FIRE PHASE: a unit that moves does not fire (skirmishers excepted) — one that can fire now stands.
      if (u.formation !== 'skirmish' && v.battle.units.some((t) => t.side !== side && planFire(c, u, t).ok)) return out;
      if ((u.formation === 'column' || u.formation === 'march') && gap <= MUSKET_MM + 160) reform('line');
      if (gap > MUSKET_MM) out.push(...approach(v, u, e, MUSKET_MM - 10));
      return out;
    }
    if (u.arm === 'cavalry' && u.formation !== 'line' && gap < 500) reform('line');
    out.push(...approach(v, u, e, u.arm === 'cavalry' ? 200 : 60));
    return out;
  }
  if (step === 'declare' || step === 'respond' || step === 'counter') {
    const out: Command[] = [];
    for (const t of [...v.battle.units].filter((x) => x.side !== side).sort((a, b) => unitDistance(u.stands, a.stands) - unitDistance(u.stands, b.stands))) {
      const counter = v.ruleset.charges.some((x) => x.unit === t.id && x.target === u.id);
      if (step === 'counter' && !counter) continue;
      if (!counter && script !== 'attack' && !(u.arm === 'infantry' && us(v.ruleset, t.id).order !== 'formed')) continue;
      if (u.arm === 'cavalry' && !counter && !goodCavalryTarget(v, t)) continue;
      if (u.arm === 'infantry' && !counter && figuresOf(t) >= figuresOf(u) && us(v.ruleset, t.id).order === 'formed') continue;
      if (chargeProblem(c, u, t, { counter }).ok) out.push({ type: 'declareCharge', side, unit: u.id, target: t.id });
    }
    return out;
  }
  if (step === 'fireFirst' || step === 'fireSecond') {
    const shots: { c: Command; value: number }[] = [];
    for (const t of v.battle.units) {
      if (t.side === side) continue;
      const p = planFire(c, u, t);
      if (!p.ok) continue;
      const score = p.modifiers.reduce((a, m) => a + m.value, 0);
      shots.push({ c: { type: 'fire', side, unit: u.id, target: t.id }, value: score + p.count / 4 });
    }
    return shots.sort((a, b) => b.value - a.value).map((x) => x.c);
  }
  return [];
}

function sideCommands(v: V, side: string): Command[] {
  const step = v.position.step;
  if (step !== 'respond' && step !== 'counter') return [];
  const out: Command[] = [];
  for (const ch of v.ruleset.charges) {
    if (ch.side === side || v.ruleset.reactions[ch.target]) continue;
    const t = v.battle.units.find((x) => x.id === ch.target), by = v.battle.units.find((x) => x.id === ch.unit);
    if (!t || !by) continue;
    const rs = reactionsFor(v.tables, t, by, ch.face);
    // Form square against horse; wheel to face a charge in flank or rear; else stand (or evade when that is all).
    const r = rs.includes('square') ? 'square' : rs.includes('face') ? 'face' : rs.length === 1 ? rs[0]! : 'stand';
    if (r !== 'countercharge') out.push({ type: 'reactToCharge', side, unit: t.id, reaction: r });
  }
  return out;
}

// Fire is refused (its plan: range, sight, arc) before its dice are rolled: one try proves it.
export const dogScripts = { names: DOG_SCRIPTS, actors, choose, commands, sideCommands, settledBeforeDice: ['fire'] };

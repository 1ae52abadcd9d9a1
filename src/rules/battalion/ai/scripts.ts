/**
 * Scripts for a player program (RulesetModule.ai.scripts; src/ai README). An actor is a battalion.
 *
 *   - attack: close with the enemy and assault it when the assault step comes (BT Assault Phase
 *             Summery): foot goes to an inch of the nearest enemy (a wheel towards it, then
 *             straight on); horse goes to just inside its assault distance of a target worth it;
 *   - fire:   come within range of the nearest enemy and shoot, re-forming a column into line
 *             first (BT Column: only two companies fire; BT Line: +1 ROF at 4 wide); horse comes
 *             up to just beyond musket range, whence a target is in reach next turn;
 *   - hold:   stay and shoot.
 * Foot threatened by horse that can reach it this turn forms square (BT Square), and leaves it
 * when the threat has gone.
 *
 * `choose`: guns hold; horse attacks when a target worth an assault is in reach this turn (guns,
 * weaker or disorientated horse, foot in the open for heavier horse or lancers, foot that cannot
 * form square for light horse), else fires; foot within musket range of the enemy fires, else
 * attacks. Shots go where they are expected to kill most stands (rate of fire × chance to hit ×
 * chance the save fails), weak battalions first. Side-wide: the initiative goes first; hits are
 * put on the stands nearest the firer, the officer last (shooting/hits.ts `defaultAssignment`);
 * an assaulted battalion counter attacks when it has at least as many stands as its assailant,
 * else retreats in order.
 */
import type { Command, Sampler, SeenGame } from '../../../engine/ruleset';
import type { Unit } from '../../../engine/model';
import { unitDistance } from '../../../geometry/measure';
import type { BtOptions } from '../options';
import type { BtTables } from '../tables';
import type { BtState } from '../state';
import { armOf, flag, us, inMm, mmIn, underHalf } from '../state';
import { allowanceMm, checkMove, normalRateMm, type MoveLeg } from '../movement/moves';
import { layoutFor, placementProblem } from '../movement/formations';
import { planShot } from '../shooting/plan';
import { defaultAssignment } from '../shooting/hits';
import { assaultProblem, assaultReach, attacksOf } from '../assault/assault';
import { centreOf } from '../geo';
import { WEAPON_OF } from '../tables';
import { unitWheelTowards } from '../../../geometry/aim';

type V = SeenGame<BtState, BtOptions, BtTables>;
export const BT_SCRIPTS = ['attack', 'fire', 'hold'] as const;

const step = (v: V) => v.position.step;
const enemies = (v: V, side: string) => v.battle.units.filter((u) => u.side !== side);
function nearest(v: V, u: Unit): Unit | undefined {
  let best: Unit | undefined, bd = Infinity;
  for (const e of enemies(v, u.side)) { const d = unitDistance(u.stands, e.stands); if (d < bd) { bd = d; best = e; } }
  return best;
}
const rangeIn = (v: V, u: Unit) => v.tables.range[WEAPON_OF[u.troopType as keyof typeof WEAPON_OF] ?? 'musket'].rangeIn;

function actors(v: V, side: string): string[] {
  if (v.ruleset.pending) return [];
  const mine = v.battle.units.filter((u) => u.side === side);
  const st = (u: Unit) => us(v.ruleset, u.id);
  if (step(v).startsWith('move')) return mine.filter((u) => !st(u).disorientated && (!st(u).reformed || (st(u).reformed !== 'end' && u.formation !== 'square' && allowanceMm(v.tables, u) - st(u).movedMm > 5))).map((u) => u.id);
  if (step(v).startsWith('shoot')) return mine.filter((u) => !st(u).fired).map((u) => u.id);
  if (step(v).startsWith('assault')) return mine.filter((u) => !st(u).assaulted && armOf(u) !== 'artillery').map((u) => u.id);
  return [];
}

function choose(v: V, side: string, actor: string): string {
  const u = v.battle.units.find((x) => x.id === actor);
  if (!u) return 'hold';
  if (armOf(u) === 'cavalry') return cavalryTarget(v, u, allowanceMm(v.tables, u) - us(v.ruleset, u.id).movedMm + normalRateMm(v.tables, u, 'line')) ? 'attack' : 'fire';
  if (armOf(u) === 'artillery') return 'hold';
  const e = nearest(v, u);
  return e && mmIn(unitDistance(u.stands, e.stands)) <= rangeIn(v, u) ? 'fire' : 'attack';
}

const chance = (need: number) => Math.max(0, Math.min(6, 7 - need)) / 6;

/**
 * Is `t` worth an assault by horse `u` (BT Assault Phase Summery)? Foot that is not disorientated
 * takes a skill test to form square when horse comes on (BT Square), and light horse without lances
 * may not charge a square (BT Light Cavalry), so horse goes for guns, for weaker horse, and for foot
 * that cannot form square (disorientated) or is already broken (under half).
 */
function cavalryWorth(v: V, u: Unit, t: Unit): boolean {
  const it = us(v.ruleset, t.id);
  if (armOf(t) === 'artillery') return true;
  // Horse on horse: only at fewer attacks than it brings (BT Attacks per Stand).
  const attacks = (x: Unit) => x.stands.reduce((n, s) => n + attacksOf(v.tables, x, s.id), 0);
  if (armOf(t) === 'cavalry') return it.disorientated || attacks(t) < attacks(u);
  if (t.formation === 'square') return false;
  // Heavier horse, or lancers, ride at foot in the open (it may form square at the test, and then
  // the horse must pass a motivation check, BT Square); light horse without lances only at foot
  // that cannot (it would be halted 2" short under the muskets, BT Light Cavalry).
  if (u.troopType !== 'light-cavalry' || flag(u, 'lances')) return true;
  return it.disorientated || underHalf(v.ruleset, t);
}

/**
 * Is foot `u` threatened by horse this turn (BT Square)? A square is shot at +2 to hit (BT
 * Modifiers), and foot assaulted by horse may still form square on a skill test, so it forms one
 * only against horse that can reach it this turn (a move and then its assault distance) and is
 * already within its assault distance or has no nearer enemy to ride at. A disorientated horse
 * cannot move or assault (BT Howitzers & Disorientation).
 */
function horseThreat(v: V, u: Unit): boolean {
  for (const x of enemies(v, u.side)) {
    if (armOf(x) !== 'cavalry' || us(v.ruleset, x.id).disorientated) continue;
    const d = unitDistance(u.stands, x.stands), reach = normalRateMm(v.tables, x, 'line');
    if (d > allowanceMm(v.tables, x) + reach) continue;
    if (d <= reach + inMm(1) || nearest(v, x)?.id === u.id) return true;
  }
  return false;
}

/** The enemy horse `u` should ride at within `reachMm` (nearest first), or undefined. */
function cavalryTarget(v: V, u: Unit, reachMm: number): Unit | undefined {
  if (us(v.ruleset, u.id).disorientated) return undefined;
  let best: Unit | undefined, bd = Infinity;
  for (const t of enemies(v, u.side)) {
    const d = unitDistance(u.stands, t.stands);
    if (d <= reachMm && d < bd && !assaultProblem({ battle: v.battle, rs: v.ruleset }, { ...u, formation: u.formation === 'wedge' ? 'wedge' : 'line' }, t) && cavalryWorth(v, u, t)) { best = t; bd = d; }
  }
  return best;
}

/**
 * Expected stands killed by a shot (BT Summery of Shooting Phase 5-10): rate of fire × chance to
 * hit × chance the save fails (BT Save table); a howitzer or rocket template (BT Howitzers) wounds
 * on its firepower each stand it covers, about one and a half of a formed target's.
 */
function expectedKills(v: V, t: Unit, rof: number, hit: number, template: boolean, firepower: number): number {
  const save = v.tables.shootingSave[armOf(t)];
  const fails = 1 - chance(save);
  return template ? rof * hit * Math.min(1.5, t.stands.length) * chance(firepower) * fails : rof * hit * fails;
}

/** Wheel towards the nearest enemy (at most 45°), then on to `stopShortIn` of it. */
function approach(v: V, u: Unit, e: Unit, stopShortIn: number): Command[] {
  const st = us(v.ruleset, u.id);
  const left = allowanceMm(v.tables, u) - st.movedMm;
  if (left < 5 || u.formation === 'square') return [];
  const wheel = unitWheelTowards(u.stands, centreOf(e));
  const gap = unitDistance(u.stands, e.stands) - inMm(stopShortIn);
  const out: Command[] = [];
  const tryLegs = (legs: MoveLeg[]) => { if (checkMove(v.battle, u, legs, left).ok) out.push({ type: 'moveUnit', side: u.side, unit: u.id, legs }); };
  for (const frac of [1, 0.75, 0.5, 0.25]) {
    const mm = Math.min(left, gap) * frac;
    if (mm < 5) continue;
    if (Math.abs(wheel) > 5) tryLegs([{ kind: 'wheel', deg: Math.round(wheel) }]);
    tryLegs([{ kind: 'forward', mm: Math.round(mm) }]);
    if (out.length > 0) break;
  }
  return out;
}

function commands(v: V, side: string, actor: string, script: string, _sm: Sampler): Command[] {
  const u = v.battle.units.find((x) => x.id === actor);
  if (!u || u.side !== side) return [];
  const e = nearest(v, u);
  if (!e) return [];
  const st = us(v.ruleset, u.id);
  const ctx = { battle: v.battle, rs: v.ruleset, options: v.options, tables: v.tables };
  if (step(v).startsWith('move')) {
    const out: Command[] = [];
    const gapIn = mmIn(unitDistance(u.stands, e.stands));
    const reform = (f: string) => { if (!st.reformed && u.formation !== f && !st.disorientated && !placementProblem(v.battle, u, layoutFor(u, f as 'line'))) out.push({ type: 'changeFormation', side, unit: u.id, formation: f }); };
    const horse = horseThreat(v, u);
    if (armOf(u) === 'infantry' && horse && !st.moved) reform('square');
    if (script === 'hold') return out;
    if (armOf(u) === 'infantry' && u.formation === 'square' && !horse) reform('line');
    if (script === 'fire' && armOf(u) === 'cavalry') {
      // Horse with nothing worth riding at comes up to just beyond musket range of the nearest
      // enemy (BT Range: 12"), whence a target that shows itself is in reach next turn.
      const standOffIn = v.tables.range.musket.rangeIn + 1;
      if (gapIn > standOffIn + 1) out.push(...approach(v, u, e, standOffIn));
      return out;
    }
    if (script === 'fire') {
      if (armOf(u) === 'infantry' && u.formation === 'column' && gapIn <= rangeIn(v, u) + 6) reform('line');
      if (gapIn > rangeIn(v, u) - 1) out.push(...approach(v, u, e, rangeIn(v, u) - 2));
      return out;
    }
    if (armOf(u) === 'cavalry') {
      // Horse closes to just inside its assault distance of the target worth riding at, and
      // assaults it in the assault phase (BT Assault: the assault distance is the line's rate).
      const reachMm = normalRateMm(v.tables, u, u.formation === 'wedge' ? 'wedge' : 'line');
      const t = cavalryTarget(v, u, allowanceMm(v.tables, u) - st.movedMm + reachMm);
      if (t && unitDistance(u.stands, t.stands) > reachMm - inMm(1)) out.push(...approach(v, u, t, Math.max(1, mmIn(reachMm) - 1)));
      return out;
    }
    if (armOf(u) === 'infantry' && u.formation === 'column' && gapIn <= 6) reform('line');
    out.push(...approach(v, u, e, 1));
    return out;
  }
  if (step(v).startsWith('shoot')) {
    const shots: { c: Command; value: number }[] = [];
    for (const t of enemies(v, side)) {
      for (const moved of st.moved ? (['rof', 'toHit'] as const) : (['rof'] as const)) {
        const p = planShot(ctx, u, t, moved);
        if (!p.ok) continue;
        const need = p.toHit - p.modifiers.reduce((a, m) => a + m.value, 0);
        const kills = expectedKills(v, t, p.rof, chance(need), p.template, v.tables.range[p.weapon].firepower);
        // A stand of a small battalion, or of one already under half, counts for more: it is
        // nearer leaving the field, and its brigade nearer its check (BT Motivation).
        const weak = (1 + 1 / Math.max(1, t.stands.length)) * (underHalf(v.ruleset, t) || us(v.ruleset, t.id).disorientated ? 1.5 : 1);
        shots.push({ c: { type: 'shoot', side, unit: u.id, target: t.id, ...(moved === 'toHit' ? { moved } : {}) }, value: kills * weak });
      }
    }
    return shots.sort((a, b) => b.value - a.value).map((x) => x.c);
  }
  if (step(v).startsWith('assault') && script === 'attack') {
    const out: Command[] = [];
    for (const t of [...enemies(v, side)].sort((a, b) => unitDistance(u.stands, a.stands) - unitDistance(u.stands, b.stands))) {
      if (assaultProblem(ctx, u, t) || mmIn(unitDistance(u.stands, t.stands)) > 14) continue;
      // Horse does not ride at a formed square or unshaken foot of equal size; foot assaults only a weaker enemy.
      if (armOf(u) === 'cavalry' && !cavalryWorth(v, u, t)) continue;
      if (armOf(u) === 'infantry' && t.stands.length >= u.stands.length) continue;
      if (assaultReach(ctx, u, t).ok) out.push({ type: 'assault', side, unit: u.id, target: t.id });
    }
    return out;
  }
  return [];
}

function sideCommands(v: V, side: string): Command[] {
  const p = v.ruleset.pending;
  if (p && p.owner === side) {
    if (p.kind === 'hits') {
      const next = defaultAssignment({ battle: v.battle, rs: v.ruleset }, p)[0];
      return next ? [{ type: 'assignHit', side, stand: next }] : [];
    }
    const mine = v.battle.units.find((u) => u.id === p.defender), theirs = v.battle.units.find((u) => u.id === p.attacker);
    return [{ type: 'react', side, choice: mine && theirs && mine.stands.length >= theirs.stands.length ? 'counter' : 'retreat' }];
  }
  if (step(v) === 'chooseFirst' && v.ruleset.initiative === side) return [{ type: 'chooseFirst', side, first: 'first' }];
  return [];
}

// A shot, or a hit assigned, is refused (BT Shooting 1-2, 8) before its dice are rolled: one try proves it.
export const btScripts = { names: BT_SCRIPTS, actors, choose, commands, sideCommands, settledBeforeDice: ['shoot', 'assignHit'] };

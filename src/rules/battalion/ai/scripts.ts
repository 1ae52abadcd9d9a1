/**
 * Scripts for a player program (RulesetModule.ai.scripts; src/ai README). An actor is a battalion.
 *
 *   - attack: close with the nearest enemy (a wheel towards it, then straight on, stopping an inch
 *             short) and assault it when the assault step comes (BT Assault Phase Summery);
 *   - fire:   come within range of the nearest enemy and shoot, re-forming a column into line
 *             first (BT Column: only two companies fire; BT Line: +1 ROF at 4 wide);
 *   - hold:   stay and shoot; infantry with enemy horse within 12" form square (BT Square).
 *
 * `choose`: horse attack; guns hold; foot within musket range of the enemy fire, else attack.
 * Side-wide: the initiative goes first; hits are put on the stands nearest the firer, the officer
 * last (shooting/hits.ts `defaultAssignment`); an assaulted battalion counter attacks when it has
 * at least as many stands as its assailant, else retreats in order.
 */
import type { Command, Sampler, SeenGame } from '../../../engine/ruleset';
import type { Unit } from '../../../engine/model';
import { unitDistance } from '../../../geometry/measure';
import type { BtOptions } from '../options';
import type { BtTables } from '../tables';
import type { BtState } from '../state';
import { armOf, us, inMm, mmIn } from '../state';
import { allowanceMm, checkMove, type MoveLeg } from '../movement/moves';
import { layoutFor, placementProblem } from '../movement/formations';
import { planShot } from '../shooting/plan';
import { defaultAssignment } from '../shooting/hits';
import { assaultProblem, assaultReach } from '../assault/assault';
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
  if (armOf(u) === 'cavalry') return 'attack';
  if (armOf(u) === 'artillery') return 'hold';
  const e = nearest(v, u);
  return e && mmIn(unitDistance(u.stands, e.stands)) <= rangeIn(v, u) ? 'fire' : 'attack';
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
    if (armOf(u) === 'infantry' && enemies(v, side).some((x) => armOf(x) === 'cavalry' && mmIn(unitDistance(u.stands, x.stands)) <= 12) && !st.moved) reform('square');
    if (script === 'hold') return out;
    if (armOf(u) === 'infantry' && u.formation === 'square' && !enemies(v, side).some((x) => armOf(x) === 'cavalry' && mmIn(unitDistance(u.stands, x.stands)) <= 12)) reform('line');
    if (script === 'fire') {
      if (armOf(u) === 'infantry' && u.formation === 'column' && gapIn <= rangeIn(v, u) + 6) reform('line');
      if (gapIn > rangeIn(v, u) - 1) out.push(...approach(v, u, e, rangeIn(v, u) - 2));
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
        const chance = Math.max(0, Math.min(6, 7 - need)) / 6;
        shots.push({ c: { type: 'shoot', side, unit: u.id, target: t.id, ...(moved === 'toHit' ? { moved } : {}) }, value: p.rof * chance * (1 + 1 / Math.max(1, t.stands.length)) });
      }
    }
    return shots.sort((a, b) => b.value - a.value).map((x) => x.c);
  }
  if (step(v).startsWith('assault') && script === 'attack') {
    const out: Command[] = [];
    for (const t of [...enemies(v, side)].sort((a, b) => unitDistance(u.stands, a.stands) - unitDistance(u.stands, b.stands))) {
      if (assaultProblem(ctx, u, t) || mmIn(unitDistance(u.stands, t.stands)) > 14) continue;
      // Horse does not ride at a formed square or unshaken foot of equal size; foot assaults only a weaker enemy.
      if (armOf(u) === 'cavalry' && t.formation === 'square') continue;
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

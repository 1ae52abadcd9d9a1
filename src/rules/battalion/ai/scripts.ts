/**
 * Scripts for a player program (RulesetModule.ai.scripts; src/ai README). An actor is a battalion
 * or a commander.
 *
 *   - attack: close with the enemy battalion an assault on which is expected to cost it more than
 *             us (ai/odds.ts `assaultOdds`: defensive fire, attacks, armour, the checks), to just
 *             inside the assault distance (BT Assault: the line's rate), foot re-forming into line
 *             at the end of its move (BT Line: "Battalions must be in Line to Assault"); with no
 *             such target, as fire;
 *   - fire:   come within range of the nearest enemy and shoot, re-forming a column into line
 *             first (BT Column: only two companies fire; BT Line: +1 ROF at 4 wide); horse comes
 *             up to just beyond musket range, whence a target is in reach next turn; guns with no
 *             enemy in range come up to within it;
 *   - hold:   stay and shoot.
 * Whatever the script, a battalion (not holding) assaults in the assault phase when the odds favour
 * it. Foot forms square when the horse that can reach it this turn would cost it more than the
 * square's exposure to fire (BT Square), and leaves it when not. In the last turns a side not safely
 * ahead presses: its battalions close with the enemy. Foot moving second steps back out of the
 * assault distance of an enemy that has moved and whose assault on it would be worth making; horse
 * with nothing worth charging stays beyond musket range. A unit wheels towards its target once, at the start of its move.
 * Commanders: each brigade's commander joins the battalion at the heart of his brigade (BT
 * Motivation table: +1 within 16"; BT Attacks per Stand: he fights with it); the General joins the
 * battalion with most friends within 8" (BT Army Commanders: they re-roll failed motivation), both
 * at most a commander's move a turn.
 *
 * `choose`: guns fire (come into range) or hold; horse and foot attack when a target worth an
 * assault is in reach this turn, else fire. Shots go where they are expected to kill most stands
 * (rate of fire × chance to hit × chance the save fails), weak battalions first. Side-wide: the
 * initiative goes first; hits are put on the stands nearest the firer, the officer last
 * (shooting/hits.ts `defaultAssignment`); an assaulted battalion that holds counter attacks (BT
 * Assault Phase Summery: the counter attack is answered by no other round, then both retreat).
 */
import type { Command, Sampler, SeenGame } from '../../../engine/ruleset';
import type { Unit } from '../../../engine/model';
import { unitDistance } from '../../../geometry/measure';
import type { BtOptions } from '../options';
import type { BtTables } from '../tables';
import type { BtState } from '../state';
import { armOf, us, inMm, mmIn, underHalf } from '../state';
import { allowanceMm, checkMove, normalRateMm, withPoses, type MoveLeg } from '../movement/moves';
import { layoutFor, placementProblem } from '../movement/formations';
import { defaultAssignment } from '../shooting/hits';
import { assaultReach } from '../assault/assault';
import { centreOf } from '../geo';
import { WEAPON_OF, COMMANDER_MOVE_IN, ARMY_COMMANDER_IN } from '../tables';
import { assaultOdds, chance, shotKills } from './odds';
import { pointToStandDistance } from '../../../geometry/measure';
import { lossShare } from '../victory';
import { placeBehind } from '../special/commanders';
import { hypot } from '../../../geometry/math';
import { pt } from '../../../geometry/types';
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

/** A battalion that leaves the field counts this many stands more: its brigade is nearer its check (BT Motivation). */
const BATTALION_WORTH = 2;
/** An assault goes in when it is expected to cost the enemy this many stands more than us. */
const ASSAULT_EDGE = 0.25;

/** The battle, in stands: what a brigade quitting the field costs (BT Motivation: "your opponent automatically wins"). */
const BATTLE_WORTH = 20;

/**
 * What `u` leaving the field costs its side beyond its stands: its brigade nearer its check, and,
 * where it is the battalion whose going calls for that check (half the brigade gone, BT
 * Motivation), the battle times the chance the check fails (the General within 8" of one of the
 * brigade's battalions re-rolls it).
 */
function leavingWorth(v: V, u: Unit): number {
  const b = v.ruleset.brigades[u.parent];
  if (!b || b.quit) return BATTALION_WORTH;
  const gone = b.battalions.filter((id) => !v.battle.units.some((x) => x.id === id)).length;
  if ((gone + 1) * 2 < b.battalions.length) return BATTALION_WORTH;
  const left = v.battle.units.filter((x) => b.battalions.includes(x.id) && x.id !== u.id);
  const g = v.battle.generals.find((x) => x.side === u.side && v.ruleset.commanders[x.id]?.kind === 'army' && !v.ruleset.commanders[x.id]?.dead);
  const again = g !== undefined && left.some((x) => x.stands.some((s) => pointToStandDistance(g.stand.centre, s) <= inMm(ARMY_COMMANDER_IN)));
  const pass = chance(v.options.motivationTarget);
  return BATTALION_WORTH + BATTLE_WORTH * (again ? (1 - pass) * (1 - pass) : 1 - pass);
}

/** What an assault of `u` on `t` is worth to `u`'s side, in stands, or undefined when the rules forbid it. */
function assaultValue(v: V, u: Unit, t: Unit): number | undefined {
  const o = assaultOdds(v, u, t);
  return o && o.theirs - o.ours + leavingWorth(v, t) * o.breaks - leavingWorth(v, u) * o.flees;
}

/** The enemy `u` would best assault within `reachMm` (edge to edge), if any is worth it. */
function assaultTarget(v: V, u: Unit, reachMm: number): Unit | undefined {
  if (us(v.ruleset, u.id).disorientated || armOf(u) === 'artillery') return undefined;
  let best: Unit | undefined, bv = ASSAULT_EDGE;
  for (const t of enemies(v, u.side)) {
    if (unitDistance(u.stands, t.stands) > reachMm) continue;
    const value = assaultValue(v, u, t);
    if (value !== undefined && value > bv) { best = t; bv = value; }
  }
  return best;
}

/** How far `u` may still go this turn to an assault: what is left of its move and then its assault distance in line (or wedge). */
function strikeMm(v: V, u: Unit): number {
  const left = u.formation === 'square' || us(v.ruleset, u.id).reformed === 'end' ? 0 : Math.max(0, allowanceMm(v.tables, u) - us(v.ruleset, u.id).movedMm);
  return left + normalRateMm(v.tables, u, u.formation === 'wedge' ? 'wedge' : 'line');
}

/** Turns before the limit in which a side not safely ahead presses the enemy. */
const PRESS_TURNS = 3;
/** The turn limit's margin (victory.ts `atTurnLimit`: within 10% is a draw). */
const LIMIT_MARGIN = 0.1;
/**
 * Is `side` pressing (HOUSE victory at the turn limit, RULINGS.md)? In the last turns, unless it
 * has lost a share of its stands smaller than the enemy's by more than the draw margin, a side
 * needs casualties on the enemy more than it needs to spare its own: its battalions close with the
 * enemy even where no assault is yet worth making.
 */
function pressing(v: V, side: string): boolean {
  const limit = v.battle.turnLimit;
  if (limit === undefined || v.position.turn <= limit - PRESS_TURNS) return false;
  const foe = v.battle.sides.find((x) => x.id !== side)?.id;
  return foe === undefined || lossShare(v, foe) - lossShare(v, side) <= LIMIT_MARGIN;
}

const general = (v: V, id: string) => v.battle.generals.find((g) => g.id === id);

function actors(v: V, side: string): string[] {
  if (v.ruleset.pending) return [];
  const mine = v.battle.units.filter((u) => u.side === side);
  const st = (u: Unit) => us(v.ruleset, u.id);
  if (step(v).startsWith('move')) {
    const units = mine.filter((u) => !st(u).disorientated && (!st(u).reformed || (st(u).reformed !== 'end' && u.formation !== 'square' && allowanceMm(v.tables, u) - st(u).movedMm > 5))).map((u) => u.id);
    // Commanders last, to join battalions where they have moved to.
    const gens = v.battle.generals.filter((g) => g.side === side && v.ruleset.commanders[g.id] && !v.ruleset.commanders[g.id]!.moved && !v.ruleset.commanders[g.id]!.dead && v.ruleset.commanders[g.id]!.kind !== 'adjutant').map((g) => g.id);
    return [...units, ...gens];
  }
  if (step(v).startsWith('shoot')) return mine.filter((u) => !st(u).fired).map((u) => u.id);
  if (step(v).startsWith('assault')) return mine.filter((u) => !st(u).assaulted && armOf(u) !== 'artillery').map((u) => u.id);
  return [];
}

function choose(v: V, side: string, actor: string): string {
  const u = v.battle.units.find((x) => x.id === actor);
  if (!u) return general(v, actor) ? 'attack' : 'hold';
  if (armOf(u) === 'artillery') return 'fire';
  return pressing(v, side) || assaultTarget(v, u, strikeMm(v, u)) ? 'attack' : 'fire';
}

/**
 * Should foot `u` stand in square this turn (BT Square)? Against the enemy horse that can reach it
 * this turn (a move and then its assault distance; a disorientated horse cannot move or assault,
 * BT Howitzers & Disorientation), what a square saves — the assault's expected cost to it in line,
 * where it may still form square on a skill test, less that in square (armour 3+, and the horse
 * must pass a motivation check) — against what it costs: every enemy in range shoots at it at +2
 * to hit (BT Modifiers: "At Square Formation").
 */
function squareWorth(v: V, u: Unit): boolean {
  const sq: Unit = { ...u, formation: 'square', stands: withPoses(u.stands, layoutFor(u, 'square')) };
  const asLine: Unit = u.formation === 'square' ? { ...u, formation: 'line', stands: withPoses(u.stands, layoutFor(u, 'line')) } : u;
  const worth = (o: { theirs: number; breaks: number } | undefined) => (o ? o.theirs + leavingWorth(v, u) * o.breaks : 0);
  let saved = 0;
  for (const x of enemies(v, u.side)) {
    if (armOf(x) !== 'cavalry' || us(v.ruleset, x.id).disorientated) continue;
    if (unitDistance(u.stands, x.stands) > allowanceMm(v.tables, x) + normalRateMm(v.tables, x, x.formation === 'wedge' ? 'wedge' : 'line')) continue;
    saved = Math.max(saved, worth(assaultOdds(v, x, asLine)) - worth(assaultOdds(v, x, sq)));
  }
  if (saved <= 0) return false;
  let cost = 0;
  for (const x of enemies(v, u.side)) cost += Math.max(0, (shotKills(v, x, sq) ?? 0) - (shotKills(v, x, asLine) ?? 0));
  return saved > cost;
}

/** Wheel towards `e` (at most 45°, only before the unit has moved this phase), then on to `stopShortIn` of it. */
function approach(v: V, u: Unit, e: Unit, stopShortIn: number): Command[] {
  const st = us(v.ruleset, u.id);
  const left = allowanceMm(v.tables, u) - st.movedMm;
  if (left < 5 || u.formation === 'square') return [];
  const wheel = st.moved ? 0 : unitWheelTowards(u.stands, centreOf(e));
  const gap = unitDistance(u.stands, e.stands) - inMm(stopShortIn);
  const out: Command[] = [];
  const tryLegs = (legs: MoveLeg[]) => { if (checkMove(v.battle, u, legs, left).ok) out.push({ type: 'moveUnit', side: u.side, unit: u.id, legs }); };
  for (const frac of [1, 0.75, 0.5, 0.25]) {
    const mm = Math.min(left, gap) * frac;
    if (Math.abs(wheel) > 5) tryLegs([{ kind: 'wheel', deg: Math.round(wheel) }]);
    if (mm >= 5) tryLegs([{ kind: 'forward', mm: Math.round(mm) }]);
    if (out.length > 0) break;
  }
  return out;
}

/** Straight back up to `mm` (what is left of the move allowing), the longest such move the rules accept. */
function drawBack(v: V, u: Unit, mm: number): Command[] {
  const left = allowanceMm(v.tables, u) - us(v.ruleset, u.id).movedMm;
  for (const frac of [1, 0.75, 0.5, 0.25]) {
    const d = Math.round(Math.min(left, mm) * frac);
    if (d < 5) break;
    const legs: MoveLeg[] = [{ kind: 'backward', mm: d }];
    if (checkMove(v.battle, u, legs, left).ok) return [{ type: 'moveUnit', side: u.side, unit: u.id, legs }];
  }
  return [];
}

/**
 * Where a commander goes (BT Army Commanders; BT Motivation table): a brigade's commander joins
 * the battalion nearest the middle of his brigade's, the General the one (horse or foot) with the
 * most friendly battalions within 8" of it, nearest the enemy on a tie; each within a commander's
 * move, else he rides his move towards it.
 */
function commanderMove(v: V, side: string, id: string): Command[] {
  const g = general(v, id), cs = v.ruleset.commanders[id];
  if (!g || !cs) return [];
  const mine = v.battle.units.filter((u) => u.side === side && armOf(u) !== 'artillery');
  let to: Unit | undefined;
  if (cs.kind === 'brigade') {
    const bn = mine.filter((u) => u.parent === cs.brigade);
    if (bn.length === 0) return [];
    const mid = pt(bn.reduce((a, u) => a + centreOf(u).x, 0) / bn.length, bn.reduce((a, u) => a + centreOf(u).y, 0) / bn.length);
    to = [...bn].sort((a, b) => hypot(centreOf(a).x - mid.x, centreOf(a).y - mid.y) - hypot(centreOf(b).x - mid.x, centreOf(b).y - mid.y))[0];
  } else {
    const everyone = v.battle.units.filter((u) => u.side === side);
    let best = -1, bd = Infinity;
    for (const u of mine) {
      const friends = everyone.filter((f) => unitDistance(f.stands, u.stands) <= inMm(ARMY_COMMANDER_IN)).length;
      const e = nearest(v, u), d = e ? unitDistance(u.stands, e.stands) : Infinity;
      if (friends > best || (friends === best && d < bd)) { best = friends; bd = d; to = u; }
    }
  }
  if (!to || cs.attachedTo === to.id) return [];
  const spot = placeBehind(to, g).stand.centre;
  const d = hypot(spot.x - g.stand.centre.x, spot.y - g.stand.centre.y);
  if (d <= inMm(COMMANDER_MOVE_IN)) return [{ type: 'moveCommander', side, general: id, x: Math.round(spot.x), y: Math.round(spot.y), attach: to.id }];
  // Out of reach: ride the move towards him (staying with the battalion he is with, if that is nearer the front).
  if (cs.attachedTo && v.battle.units.some((u) => u.id === cs.attachedTo)) return [];
  const k = (inMm(COMMANDER_MOVE_IN) - 1) / d;
  return [{ type: 'moveCommander', side, general: id, x: Math.round(g.stand.centre.x + (spot.x - g.stand.centre.x) * k), y: Math.round(g.stand.centre.y + (spot.y - g.stand.centre.y) * k) }];
}

function commands(v: V, side: string, actor: string, script: string, _sm: Sampler): Command[] {
  const u = v.battle.units.find((x) => x.id === actor);
  if (!u) return step(v).startsWith('move') && script !== 'hold' ? commanderMove(v, side, actor) : [];
  if (u.side !== side) return [];
  const e = nearest(v, u);
  if (!e) return [];
  const st = us(v.ruleset, u.id);
  const ctx = { battle: v.battle, rs: v.ruleset, options: v.options, tables: v.tables };
  if (step(v).startsWith('move')) {
    const out: Command[] = [];
    const gapIn = mmIn(unitDistance(u.stands, e.stands));
    const reform = (f: string) => { if (!st.reformed && u.formation !== f && !st.disorientated && !placementProblem(v.battle, u, layoutFor(u, f as 'line'))) out.push({ type: 'changeFormation', side, unit: u.id, formation: f }); };
    const horse = armOf(u) === 'infantry' && !st.moved && !st.reformed && squareWorth(v, u);
    if (horse && u.formation !== 'square') reform('square');
    if (script === 'hold' || horse) return out;
    if (armOf(u) === 'infantry' && u.formation === 'square') reform('line');
    const target = script === 'attack' ? assaultTarget(v, u, strikeMm(v, u)) : undefined;
    if (target) {
      // Close to just inside the assault distance (BT Assault: the line's rate, or the wedge's),
      // then foot re-forms into line at the end of its move (BT Line).
      const reachMm = normalRateMm(v.tables, u, u.formation === 'wedge' ? 'wedge' : 'line');
      if (unitDistance(u.stands, target.stands) > reachMm - inMm(1)) out.push(...approach(v, u, target, Math.max(0.5, mmIn(reachMm) - 1.5)));
      if (armOf(u) === 'infantry' && u.formation !== 'line' && unitDistance(u.stands, target.stands) <= reachMm) reform('line');
      return out;
    }
    if (armOf(u) !== 'artillery' && script === 'attack' && pressing(v, side) && !st.disorientated && leavingWorth(v, u) <= BATTALION_WORTH) {
      // Pressing: close with the nearest enemy to just inside the assault distance, re-formed into line.
      const reachMm = normalRateMm(v.tables, u, u.formation === 'wedge' ? 'wedge' : 'line');
      if (unitDistance(u.stands, e.stands) > reachMm - inMm(1)) out.push(...approach(v, u, e, Math.max(0.5, mmIn(reachMm) - 1.5)));
      if (armOf(u) === 'infantry' && u.formation !== 'line' && unitDistance(u.stands, e.stands) <= reachMm) reform('line');
      return out;
    }
    if (armOf(u) === 'cavalry') {
      // Horse with nothing worth riding at comes up to just beyond musket range of the nearest
      // enemy (BT Range: 12"), whence a target that shows itself is in reach next turn.
      // Nearer than that to any enemy, it draws back out of musket range.
      const standOffIn = v.tables.range.musket.rangeIn + 1;
      if (gapIn > standOffIn + 1) out.push(...approach(v, u, e, standOffIn));
      else if (gapIn < standOffIn - 1 && armOf(e) !== 'artillery') out.push(...drawBack(v, u, inMm(standOffIn - gapIn)));
      return out;
    }
    // Moving second, foot out of its assault distance of an enemy that has moved and whose assault
    // on it would be worth making steps back out of it (BT Assault: the line's rate).
    if (step(v) === 'moveSecond' && armOf(u) === 'infantry' && u.formation !== 'square') {
      let back = 0;
      for (const x of enemies(v, side)) {
        if (armOf(x) === 'artillery' || us(v.ruleset, x.id).disorientated) continue;
        const reach = normalRateMm(v.tables, x, x.formation === 'wedge' ? 'wedge' : 'line') + inMm(0.5);
        const gap = unitDistance(u.stands, x.stands);
        if (gap >= reach || (assaultValue(v, x, u) ?? 0) <= ASSAULT_EDGE) continue;
        back = Math.max(back, reach - gap);
      }
      if (back > 0 && back <= allowanceMm(v.tables, u) - st.movedMm) {
        const away = drawBack(v, u, back);
        const legs = (away[0] as { legs?: MoveLeg[] } | undefined)?.legs;
        if (legs && legs[0]!.kind === 'backward' && (legs[0] as { mm: number }).mm >= back - 1) return [...out, ...away];
      }
    }
    if (armOf(u) === 'infantry' && u.formation === 'column' && gapIn <= rangeIn(v, u) + 6) reform('line');
    // A battalion or battery that has a target stays put and fires at +1 (BT Modifiers: "Having
    // not moved"); one with none comes up to within range of the nearest enemy (BT Range).
    if (!st.moved && enemies(v, side).some((t) => shotKills(v, u, t) !== undefined)) return out;
    if (gapIn > rangeIn(v, u) - 1) out.push(...approach(v, u, e, rangeIn(v, u) - 2));
    return out;
  }
  if (step(v).startsWith('shoot')) {
    const shots: { c: Command; value: number }[] = [];
    for (const t of enemies(v, side)) {
      for (const moved of st.moved ? (['rof', 'toHit'] as const) : (['rof'] as const)) {
        const kills = shotKills(v, u, t, moved);
        if (kills === undefined) continue;
        // A stand of a small battalion, or of one already under half, counts for more: it is
        // nearer leaving the field, and its brigade nearer its check (BT Motivation).
        const weak = (1 + 1 / Math.max(1, t.stands.length)) * (underHalf(v.ruleset, t) || us(v.ruleset, t.id).disorientated ? 1.5 : 1) * (leavingWorth(v, t) > BATTALION_WORTH ? 1.5 : 1);
        shots.push({ c: { type: 'shoot', side, unit: u.id, target: t.id, ...(moved === 'toHit' ? { moved } : {}) }, value: kills * weak });
      }
    }
    return shots.sort((a, b) => b.value - a.value).map((x) => x.c);
  }
  if (step(v).startsWith('assault') && script !== 'hold') {
    const out: { c: Command; value: number }[] = [];
    for (const t of enemies(v, side)) {
      if (mmIn(unitDistance(u.stands, t.stands)) > 14) continue;
      const value = assaultValue(v, u, t);
      if (value === undefined || value <= ASSAULT_EDGE || !assaultReach(ctx, u, t).ok) continue;
      out.push({ c: { type: 'assault', side, unit: u.id, target: t.id }, value });
    }
    return out.sort((a, b) => b.value - a.value).map((x) => x.c);
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
    return [{ type: 'react', side, choice: 'counter' }];
  }
  if (step(v) === 'chooseFirst' && v.ruleset.initiative === side) return [{ type: 'chooseFirst', side, first: 'first' }];
  return [];
}

// A shot, or a hit assigned, is refused (BT Shooting 1-2, 8) before its dice are rolled: one try proves it.
// Every script shoots alike (the best shot): in a shooting step none need be chosen.
const sameForEveryScript = (v: V) => step(v).startsWith('shoot');
export const btScripts = { names: BT_SCRIPTS, actors, choose, commands, sideCommands, sameForEveryScript, settledBeforeDice: ['shoot', 'assignHit'] };

/**
 * SYW scripts for a player program (RulesetModule.ai.scripts; src/ai README). An actor is a
 * group: the rules give orders to groups ((3) Orders p.6), move them together and test their
 * morale together. Four scripts, carried through the phase ((2) Sequence of play p.5):
 *
 *   - attack:   Advance, and charge the best target in reach ((6) Melee p.12: test to charge);
 *   - advance:  Advance on the nearest enemy, wheeling to face him (the Advance order halts the
 *               group at 10cm from massed enemy and sets Stand, p.8), then shoot;
 *   - hold:     Stand and shoot (artillery fires only on Stand, p.8); cure disorder;
 *   - withdraw: rally routers ((7) Rallying p.16), else Retreat away from the enemy (p.8).
 *
 * `choose` is the purposeful choice: routers rally; guns stand where they reach the enemy and
 * advance to where they will; a group charges the target in reach whose melee favours it
 * (odds.ts: the rules' own melee modifiers over both dice), horse within reach of enemy horse
 * charges it first on even odds, and otherwise keeps beyond musket range on the flanks; foot
 * advances to the 10cm halt and stands to shoot; a group that has lost half its stands holds; a group
 * in contact with surrendered enemy stands still until they are removed (7 p.15); a defender waits
 * for the attacker, and in the last third of the battle keeps its ground only while clearly ahead on
 * losses; a group ordered to Retreat falls back facing the enemy, short of the table edge. In the shooting steps every
 * unit fires at the target it hurts most (nearest, shaken, in the open: (5) Shooting p.11).
 * Generals prompt their own groups first and the CinC those beyond them, and ride behind their
 * groups to stay within reach of a prompt ((3) Changing Orders p.7); a CinC keeps the counter
 * with the best ability ((3) Generals p.5).
 */
import type { Command, Sampler, SeenGame } from '../../../engine/ruleset';
import { stateFromView } from '../../../engine/lookahead';
import type { Stand, Unit } from '../../../engine/model';
import { unitDistance } from '../../../geometry/measure';
import type { GroupState, Options, S, SywState } from '../state';
import { isArtillery, isCavalry } from '../state';
import type { Tables } from '../tablesSchema';
import { Work } from '../work';
import { groupSpeedCm } from '../moveSpeed';
import { isHiddenFrom, legalDeployment } from '../deployment';
import { isDeployStep } from '../deploymentOrder';
import { groupShapeProblem, isSplit } from '../groupShape';
import { CM, centroid, inContact } from '../geo';
import { cos, hypot, sin } from '../../../geometry/math';
import { wheelTowardsDeg } from '../../../geometry/aim';
import { roomToEdgeMm } from '../../../geometry/tableEdge';
import { chargeOdds } from './odds';
import { planShot } from '../shooting';

type V = SeenGame<SywState, Options, Tables>;
export const SYW_SCRIPTS = ['attack', 'advance', 'hold', 'withdraw'] as const;
type Script = (typeof SYW_SCRIPTS)[number];

const noCtx = { roll: () => { throw new Error('scripts do not roll'); }, emit: () => undefined };
// PERF: one working copy per view (a player asks several questions of the same view in a row).
const works = new WeakMap<object, Work>();
function workOf(view: V): Work {
  let w = works.get(view);
  if (!w) {
    w = new Work(stateFromView(view) as S, noCtx);
    works.set(view, w);
  }
  return w;
}

const stands = (us: readonly Unit[]) => us.flatMap((u) => u.stands);
const knownEnemies = (w: Work, view: V, side: string) => w.enemiesOf(side).filter((e) => !isHiddenFrom(view.ruleset, e.id, side));

function maxRangeMm(t: Tables, u: Unit): number {
  const b = t.weaponRanges[t.unitTable[u.troopType]?.weapon ?? 'none'];
  return ((b?.extremeCm ?? b?.longCm ?? b?.shortCm) ?? 0) * CM;
}

/** The nearest known enemy to a group's stands, and how far. */
// PERF: the gap between two units' stands, remembered by the two stand lists (a unit that moves
// gets a new one), so that it is measured once while they stand, not at every decision.
const gaps = new WeakMap<readonly Stand[], WeakMap<readonly Stand[], number>>();
function pairGap(a: readonly Stand[], b: readonly Stand[]): number {
  let m = gaps.get(a);
  if (!m) gaps.set(a, (m = new WeakMap()));
  let v = m.get(b);
  if (v === undefined) m.set(b, (v = unitDistance(a, b)));
  return v;
}
/**
 * `unitDistance(e.stands, stands(us))` to the bit: the least gap between two stands, taken over
 * the units of `us` one at a time (unitDistance is the least of its stand pairs' gaps).
 */
function gapFrom(e: Unit, us: readonly Unit[]): number {
  let best = Infinity;
  for (const u of us) best = Math.min(best, pairGap(e.stands, u.stands));
  return best;
}

function nearestTo(w: Work, view: V, side: string, us: readonly Unit[]): { e: Unit; mm: number } | undefined {
  let best: { e: Unit; mm: number } | undefined;
  for (const e of knownEnemies(w, view, side)) {
    const mm = gapFrom(e, us);
    if (!best || mm < best.mm) best = { e, mm };
  }
  return best;
}

/**
 * What a charge on `t` promises, from the melee it would bring (odds.ts, on the rules' own
 * modifiers): the chance of winning less that of losing, and a tenth of the expected points
 * exchanged per stand a side has (so a battery caught in the open, or a stand or two more killed,
 * tips an even fight). A group that took casualties this phase, or is disordered, has its
 * morale to test as well ((8) p.17): those count through the melee's own modifiers.
 */
function chargeValue(w: Work, us: readonly Unit[], t: Unit): { odds: number; win: number; lose: number; points: number } {
  const o = chargeOdds(w, us, t);
  return { odds: o.win - o.lose + o.points / 10, ...o };
}

function chargeTargets(w: Work, view: V, side: string, g: GroupState, us: readonly Unit[]): { t: Unit; odds: number; win: number; lose: number; points: number }[] {
  const reach = groupSpeedCm(w, g) * CM - g.movedMm;
  return knownEnemies(w, view, side)
    .filter((e) => gapFrom(e, us) <= reach)
    .map((t) => ({ t, ...chargeValue(w, us, t) }))
    .map((x) => ({ ...x, odds: x.odds - gapFrom(x.t, us) / 100_000 }))
    .sort((a, b) => b.odds - a.odds);
}

/** Whether a charge promises enough to go in (chargeThreshold), and no loss of points on the melee. */
const worthCharging = (w: Work, view: V, side: string) => {
  const need = chargeThreshold(w, view, side);
  return (x: { odds: number; points: number }) => x.odds >= need && x.points >= 0;
};

/**
 * Friends in the way of a group's Advance: a unit of another group of its side ahead of it, within
 * its move, whose frontage overlaps its own. Advancing into it would interpenetrate (§4 p.10:
 * both disordered and sent to Reserve), so the group stands until the way is clear.
 */
function friendsAhead(w: Work, view: V, side: string, g: GroupState, us: readonly Unit[]): boolean {
  const mine = stands(us);
  const c = centroid(mine), f = mine[0]!.facing;
  const fx = cos(f), fy = sin(f);
  const half = Math.max(...mine.map((s) => Math.abs((s.centre.x - c.x) * -fy + (s.centre.y - c.y) * fx) + s.widthMm / 2));
  const reach = groupSpeedCm(w, g) * CM + 2 * CM;
  for (const u of view.battle.units) {
    if (u.side !== side || g.units.includes(u.id)) continue;
    for (const s of u.stands) {
      const dx = s.centre.x - c.x, dy = s.centre.y - c.y;
      const ahead = dx * fx + dy * fy, lateral = Math.abs(-dx * fy + dy * fx);
      if (ahead > 0 && ahead < reach && lateral < half + s.widthMm / 2) return true;
    }
  }
  return false;
}

/** How near the attacker must be for the defender to keep waiting for him: two moves of foot. */
const COMING_MM = 45 * CM;

/**
 * Whether `side` should wait for the enemy: the defender (9 p.19) holds its ground and lets the
 * attacker come into its fire, until the last third of the battle, when a defender not clearly
 * ahead on losses must go and win it (the house victory counts losses at the turn limit,
 * RULINGS.md); one clearly ahead keeps its ground and leaves the attacking to the side behind.
 * From the third turn it waits only while the attacker is coming (a known enemy within two moves
 * of its line): an attacker who hangs back is gone for, or the battle ends in a draw.
 */
function waits(w: Work, view: V, side: string): boolean {
  const limit = view.battle.turnLimit;
  if (side !== view.ruleset.defender) return false;
  if (limit !== undefined && view.position.turn > Math.ceil((limit * 2) / 3)) {
    const other = view.battle.sides.find((x) => x.id !== side)?.id ?? side;
    return lostShare(w, view, other) - lostShare(w, view, side) > 0.1;
  }
  if (view.position.turn <= 2) return true;
  const mine = view.battle.units.filter((u) => u.side === side);
  return knownEnemies(w, view, side).some((e) => w.groupOf(e.id)?.order === 'advance' && gapFrom(e, mine) <= COMING_MM);
}

/** The share of its stands a side has lost, by its groups' starting strengths. */
function lostShare(w: Work, view: V, side: string): number {
  let start = 0, left = 0;
  for (const g of Object.values(view.ruleset.groups)) {
    if (g.side !== side) continue;
    start += g.startStands;
    left += w.groupUnits(g).reduce((a, u) => a + u.stands.length, 0);
  }
  return start > 0 ? 1 - left / start : 0;
}

/**
 * The odds a charge must promise (chargeValue): a clear edge as a rule, a lost melee sending the
 * group back or to rout. In the last two turns of a battle the side not clearly ahead on losses
 * takes an even chance: the house victory compares losses at the turn limit (RULINGS.md), so a
 * battle no one has won is won by whoever takes the last risks.
 */
function chargeThreshold(w: Work, view: V, side: string): number {
  const limit = view.battle.turnLimit;
  if (limit === undefined || view.position.turn < limit - 1) return 0.25;
  const other = view.battle.sides.find((x) => x.id !== side)?.id ?? side;
  return lostShare(w, view, other) - lostShare(w, view, side) > 0.1 ? 0.25 : 0;
}

/**
 * How much the best enemy horse within its reach of `us` would gain charging it (chargeValue from
 * the enemy's side), or 0 when none could.
 */
function horseThreat(w: Work, view: V, side: string, us: readonly Unit[]): number {
  let worst = 0;
  for (const e of knownEnemies(w, view, side)) {
    if (!isCavalry(e)) continue;
    const eg = w.groupOf(e.id);
    if (!eg || eg.order === 'rout' || eg.order === 'retreat') continue;
    if (gapFrom(e, us) > groupSpeedCm(w, eg) * CM) continue;
    for (const u of us) worst = Math.max(worst, chargeValue(w, [e], u).odds);
  }
  return worst;
}

/** How far a group can go straight back (an about face and forward) before a stand reaches the table edge. */
function roomBehindMm(w: Work, us: readonly Unit[]): number {
  const f = us[0]!.stands[0]!.facing;
  const bx = -cos(f), by = -sin(f);
  let room = Infinity;
  for (const st of stands(us)) room = Math.min(room, roomToEdgeMm(w.battle.table, st.centre, bx, by, Math.max(st.widthMm, st.depthMm) / 2));
  return Math.max(0, room);
}

/** Whether a group is in contact with surrendered enemy troops (7 p.15). */
function guardsPrisoners(w: Work, us: readonly Unit[]): boolean {
  return us.length > 0 && w.enemiesOf(us[0]!.side).some((e) => w.unitState(e.id)?.surrendered === true && us.some((u) => inContact(e, u)));
}

function chooseSyw(w: Work, view: V, side: string, g: GroupState): Script {
  const us = w.groupUnits(g);
  if (g.order === 'rout') return 'withdraw';
  if (us.length === 0) return 'hold';
  const near = nearestTo(w, view, side, us);
  const blocked = friendsAhead(w, view, side, g, us);
  if (us.every(isArtillery)) return (near && near.mm <= maxRangeMm(w.tables, us[0]!) * 0.8) || blocked || waits(w, view, side) ? 'hold' : 'advance';
  const left = us.reduce((a, u) => a + u.stands.length, 0);
  if (left * 2 <= g.startStands) return 'hold';
  // 7 p.15: surrendered troops are removed after the next combat phase if the enemy in contact
  // with them Stand and shoot, and rally if the enemy does anything else: the captors stand still.
  if (guardsPrisoners(w, us)) return 'hold';
  const targets = chargeTargets(w, view, side, g, us);
  if (targets.some(worthCharging(w, view, side))) return 'attack';
  // Horse within reach of enemy horse that would win charging it charges first, on even odds:
  // horse charged while on Stand fights at -1 ((6) Melee chart p.14, "Cavalry charged and on
  // Stand orders"), so waiting for the enemy's charge is worse than an even one of its own.
  if (us.every(isCavalry)) {
    const threat = horseThreat(w, view, side, us);
    const horse = threat > 0 ? targets.find((x) => isCavalry(x.t) && x.odds >= 0) : undefined;
    if (horse) return 'attack';
  }
  if (blocked || waits(w, view, side)) return 'hold';
  if (us.every(isCavalry)) return near && near.mm < 25 * CM ? 'hold' : 'advance';
  return near && near.mm <= 10 * CM + 1 ? 'hold' : 'advance';
}

function commandChangeCommands(w: Work, view: V, side: string, g: GroupState, script: Script): Command[] {
  const us = w.groupUnits(g);
  const gens = view.battle.generals
    .filter((gen) => gen.side === side && (view.ruleset.generals[gen.id]?.attemptsLeft ?? 0) > 0 && !view.ruleset.generals[gen.id]?.killed && (gen.id === g.general || view.ruleset.generals[gen.id]?.cinc))
    .sort((a, b) => (a.id === g.general ? 0 : 1) - (b.id === g.general ? 0 : 1));
  const out: Command[] = [];
  const want = g.order === 'rout' ? 'rally' : script === 'attack' || script === 'advance' ? 'advance' : script === 'hold' ? 'stand' : 'retreat';
  if (g.uncommanded) {
    if (want !== 'rally' && g.order !== want && want !== 'stand') out.push({ type: 'selfOrder', side, group: g.id, order: want });
    return out;
  }
  for (const gen of gens) {
    if (want === 'rally') out.push({ type: 'prompt', side, general: gen.id, group: g.id, action: 'rally' });
    else if (g.order !== want) out.push({ type: 'prompt', side, general: gen.id, group: g.id, action: want });
    // (3) p.7: disorder is cured by a no-change order to the unit (not while in the terrain that causes it).
    if (script !== 'withdraw') for (const u of us) if (view.ruleset.units[u.id]?.disordered && !view.ruleset.units[u.id]?.terrainDisorder) out.push({ type: 'prompt', side, general: gen.id, group: g.id, action: 'cureDisorder', unit: u.id });
  }
  return out;
}

function movementCommands(w: Work, view: V, side: string, g: GroupState, script: Script): Command[] {
  const us = w.groupUnits(g);
  if (us.length === 0 || g.order === 'rout' || g.order === 'stand') return [];
  // (3) p.6-7, §4 p.10: a group out of shape re-forms before it moves.
  if (us.some(isSplit) || groupShapeProblem(us, g.order)) return [{ type: 'dressGroup', side, group: g.id }];
  const out: Command[] = [];
  const speed = groupSpeedCm(w, g) * CM - g.movedMm;
  if (speed <= 1) return [];
  const arty = us.some(isArtillery);
  if (g.order === 'advance' && !arty && script === 'attack') {
    // The targets worth charging first, then the rest.
    const ts = chargeTargets(w, view, side, g, us);
    const worth = worthCharging(w, view, side);
    for (const { t } of [...ts.filter(worth), ...ts.filter((x) => !worth(x))].slice(0, 2)) out.push({ type: 'declareCharge', side, group: g.id, target: t.id });
  }
  // One move a phase: a group that has moved is done (its charge, if any, was declared first).
  if (g.moved || g.movedMm > 0) return out;
  const near = nearestTo(w, view, side, us);
  if (g.order === 'retreat' || script === 'withdraw') {
    // p.8 Retreat: at least half speed, further from the nearest enemy, facing the same or the
    // opposite way: about face, go back, and face the enemy again where the turns leave the move room.
    // Short of the table edge where there is room (a retreater reaching it leaves the table, 8 p.18).
    if (g.order === 'retreat') {
      const room = roomBehindMm(w, us) - 2 * CM;
      const dists = [1, 0.75, 0.5].map((f) => Math.round(speed * f)).filter((mm) => mm <= room || mm === Math.round(speed * 0.5));
      for (const mm of dists) out.push({ type: 'moveGroup', side, group: g.id, legs: [{ kind: 'turn', deg: 180 }, { kind: 'forward', mm }, { kind: 'turn', deg: 180 }] });
      for (const mm of dists) out.push({ type: 'moveGroup', side, group: g.id, legs: [{ kind: 'turn', deg: 180 }, { kind: 'forward', mm }] });
    }
    return out;
  }
  if (g.order !== 'advance' && g.order !== 'reserve') return out;
  if (near && near.mm < 10 * CM + 2 && g.order === 'advance') return out; // the 10cm halt (p.8)
  const tc = near ? centroid(near.e.stands) : undefined;
  // The wheel that turns the group's front towards it: a leg, or none under 5 degrees.
  const turn = tc ? wheelTowardsDeg(centroid(stands(us)), us[0]!.stands[0]!.facing, tc, arty ? 0 : 45) : 0;
  const wheel = Math.round(Math.abs(turn)) >= 5 ? { dir: turn > 0 ? ('right' as const) : ('left' as const), deg: Math.round(Math.abs(turn)) } : undefined;
  // Horse guarding a flank closes only to 25cm unless charging; foot goes to the 10cm halt.
  const standOff = script === 'attack' ? 0 : us.every(isCavalry) ? 25 * CM : 10 * CM;
  const toGo = near ? Math.max(0, near.mm - standOff) : speed;
  const fracs = g.order === 'reserve' ? [0.5, 0.4] : [1, 0.75, 0.5];
  for (const f of fracs) {
    const mm = Math.round(Math.max(speed * 0.5, Math.min(speed, toGo) * f));
    if (mm < 1) continue;
    if (wheel) out.push({ type: 'moveGroup', side, group: g.id, legs: [{ kind: 'wheel', dir: wheel.dir, deg: wheel.deg }, { kind: 'forward', mm: Math.max(1, Math.round(mm * 0.7)) }] });
    out.push({ type: 'moveGroup', side, group: g.id, legs: [{ kind: 'forward', mm }] });
  }
  return out;
}

function shootingCommands(w: Work, view: V, side: string, g: GroupState): Command[] {
  const out: Command[] = [];
  for (const u of w.groupUnits(g)) {
    if (isCavalry(u) && u.troopType !== 'light-cavalry') continue;
    const us = view.ruleset.units[u.id];
    if (!us || us.standsShot > 0) continue;
    const reach = maxRangeMm(w.tables, u);
    const targets = knownEnemies(w, view, side)
      .map((e) => ({ e, mm: pairGap(u.stands, e.stands) }))
      .filter((x) => x.mm <= reach + 1)
      // (5) p.11: nearer is deadlier; a shaken or light target breaks sooner; guns are worth silencing.
      .map((x) => ({ ...x, v: -x.mm / CM + (view.ruleset.units[x.e.id]?.disordered ? 5 : 0) + (isArtillery(x.e) ? 4 : 0) }))
      .sort((a, b) => b.v - a.v);
    for (const t of targets.slice(0, 3)) out.push({ type: 'shoot', side, unit: u.id, target: t.e.id });
  }
  return out;
}

function actorsSyw(view: V, side: string): string[] {
  const w = workOf(view);
  const step = view.position.step;
  if (step !== 'commandChanges' && step !== 'movement' && step !== 'shootingPhasing' && step !== 'shootingNonPhasing') return [];
  const groups = Object.values(view.ruleset.groups).filter((g) => g.side === side && !g.offTable && g.units.length > 0);
  // Take groups nearest the enemy first: their moves open or close the way for the rest.
  const dist = (g: GroupState) => nearestTo(w, view, side, w.groupUnits(g))?.mm ?? Infinity;
  return groups.map((g) => ({ id: g.id, d: dist(g) })).sort((a, b) => a.d - b.d || a.id.localeCompare(b.id)).map((x) => x.id);
}

function commandsSyw(view: V, side: string, actor: string, script0: string, _s: Sampler): Command[] {
  const w = workOf(view);
  const g = view.ruleset.groups[actor];
  if (!g || g.side !== side || g.offTable) return [];
  const script = (SYW_SCRIPTS as readonly string[]).includes(script0) ? (script0 as Script) : 'advance';
  switch (view.position.step) {
    case 'commandChanges':
      return commandChangeCommands(w, view, side, g, script);
    case 'movement':
      return movementCommands(w, view, side, g, script);
    case 'shootingPhasing':
    case 'shootingNonPhasing':
      return shootingCommands(w, view, side, g);
    default:
      return [];
  }
}

const ABILITY: Record<string, number> = { competent: 2, normal: 1, incompetent: 0 };

function sideCommandsSyw(view: V, side: string, s: Sampler): Command[] {
  const step = view.position.step;
  if (step === 'chooseCounter') {
    const out: Command[] = [];
    for (const [gid, draws] of Object.entries(view.ruleset.cincDraws ?? {})) {
      if (view.battle.generals.find((g) => g.id === gid)?.side !== side) continue;
      // (3) p.5: ability adds to every command roll; bravery helps morale; caution slows advances.
      const worth = (i: number) => (ABILITY[draws[i]!.ability] ?? 1) * 2 + (draws[i]!.psychology === 'brave' ? 1 : draws[i]!.psychology === 'cautious' ? -1 : 0) + (draws[i]!.training === 'average' ? 1 : 0);
      const order = draws.map((_, i) => i).sort((a, b) => worth(b) - worth(a));
      for (const i of order) out.push({ type: 'chooseCounter', side, general: gid, index: i });
    }
    return out;
  }
  // 9 Deployment (p.19): the ruleset's own placements (its zone, its order of brigades).
  if (isDeployStep(step)) return legalDeployment(stateFromView(view) as S, side, s);
  if (step === 'movement') return generalMoves(view, side);
  return [];
}

/**
 * (3) Changing Orders p.7: a prompt succeeds when the general is within the D6 × 10cm of the
 * group's centre, so each general rides to stand behind the groups he commands (the CinC behind
 * the whole line), where they will be after an Advance, 4cm back from them and out of the line
 * of fire ((3) Notes on Generals (d) p.6: a general within 1cm of a unit under fire may be hit).
 */
function generalMoves(view: V, side: string): Command[] {
  const w = workOf(view);
  const out: Command[] = [];
  const groups = Object.values(view.ruleset.groups).filter((g) => g.side === side && !g.offTable && g.units.length > 0);
  const enemies = knownEnemies(w, view, side);
  for (const gen of view.battle.generals) {
    const gs = view.ruleset.generals[gen.id];
    if (gen.side !== side || !gs || gs.killed || gs.movedMm > 0) continue;
    const mine = groups.filter((g) => (gs.cinc ? true : g.general === gen.id));
    const spots = mine.flatMap((g) => {
      const us = w.groupUnits(g);
      if (us.length === 0) return [];
      const c = centroid(stands(us));
      const f = us[0]!.stands[0]!.facing;
      const ahead = g.order === 'advance' ? 10 * CM : 0;
      return [{ x: c.x + cos(f) * ahead, y: c.y + sin(f) * ahead }];
    });
    if (spots.length === 0) continue;
    let x = spots.reduce((a, p) => a + p.x, 0) / spots.length, y = spots.reduce((a, p) => a + p.y, 0) / spots.length;
    const foe = enemies.map((e) => centroid(e.stands)).sort((a, b) => hypot(a.x - x, a.y - y) - hypot(b.x - x, b.y - y))[0];
    if (foe) {
      const len = hypot(foe.x - x, foe.y - y) || 1;
      x -= ((foe.x - x) / len) * 4 * CM;
      y -= ((foe.y - y) / len) * 4 * CM;
    }
    const dx = x - gen.stand.centre.x, dy = y - gen.stand.centre.y, len = hypot(dx, dy);
    if (len < 3 * CM) continue;
    const k = Math.min(1, (39 * CM) / len);
    const tx = Math.round(Math.min(view.battle.table.widthMm - 5, Math.max(5, gen.stand.centre.x + dx * k)));
    const ty = Math.round(Math.min(view.battle.table.depthMm - 5, Math.max(5, gen.stand.centre.y + dy * k)));
    out.push({ type: 'moveGeneral', side, general: gen.id, x: tx, y: ty });
  }
  return out;
}

/**
 * (2) Sequence of play p.5: each side runs its own phase of a game turn in turn, so a playout that
 * stopped at the end of the game turn would let the side phasing second score its charges and
 * advances before the enemy's next phase answers them. A playout runs on through the phase after
 * the one it began in (the enemy's, or its own when it began in the enemy's), to the start of the
 * one after that; `phaseCounter` counts phases begun.
 */
function playoutDone(start: S, now: S): boolean {
  return now.ruleset.phaseCounter >= start.ruleset.phaseCounter + 2;
}

/**
 * PERF: a shot the rules are sure to refuse, found on the view by the shoot handler's own check
 * (shooting.ts `planShot`: order, melee, arcs, range, sight; p.11-12) without trying it. The
 * determinisation fills only enemy CinCs' counters, which no shot reads, so the check on the view
 * is the check on the state the shot would be tried on.
 */
function refusesSyw(view: V, side: string, c: Command): boolean {
  if (c.type !== 'shoot' || c.side !== side || typeof c['unit'] !== 'string' || typeof c['target'] !== 'string') return false;
  const w = workOf(view);
  const shooter = w.unit(c['unit']), target = w.unit(c['target']);
  if (!shooter || !target || shooter.side !== side) return false;
  return 'rejected' in planShot(stateFromView(view) as S, w, shooter, target);
}

export const sywScripts = {
  playoutDone,
  names: SYW_SCRIPTS,
  actors: actorsSyw,
  choose: (view: V, side: string, actor: string): string => {
    const g = view.ruleset.groups[actor];
    return g ? chooseSyw(workOf(view), view, side, g) : 'hold';
  },
  commands: commandsSyw,
  // Shots are the group's whatever its intent (shootingCommands takes no script).
  sameForEveryScript: (view: V): boolean => view.position.step === 'shootingPhasing' || view.position.step === 'shootingNonPhasing',
  sideCommands: sideCommandsSyw,
  refuses: refusesSyw,
  // Refused, if at all, before their dice: prompts and self-orders roll only for success (p.7,
  // p.5), shots for effect (p.11), a charge for nerve and the target's test (p.12-13). A move's
  // D4 in type 0 terrain (p.9) or 2D4 over an abatis can make it too far: moves are tried again.
  settledBeforeDice: ['prompt', 'selfOrder', 'shoot', 'declareCharge', 'chooseCounter', 'moveGeneral'],
};

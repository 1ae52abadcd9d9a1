/**
 * DoG MOVEMENT PHASE as commands: `moveUnit` (in formation, within the allowance, not through
 * other units), `changeFormation` (DoG FORMATION CHANGES, paid in time), `moveGeneral`
 * (commanders ride as light cavalry: HOUSE, RULINGS.md). The brigade's written order and any
 * control result limit advances (HOUSE reading of DoG Orders and CONTROL: RULINGS.md).
 */
import { z } from 'zod';
import type { Stand, Unit } from '../../../engine/model';
import { facingGroups } from '../../../geometry/frame';
import { layoutLine, layoutRefusedLine, straightLineAnchor } from '../../../geometry/formation';
import { defineCommand, reject } from '../../../engine/ruleset';
import { finishWork, setStands, setFormation, unitIn } from '../../../engine/workingState';
import { unitDistance } from '../../../geometry/measure';
import { pt } from '../../../geometry/types';
import type { DogOptions } from '../options';
import type { DogTables } from '../tables';
import { MOVE_RULE, FORMATION_RULE, ALLOWANCES, BATTERY_REFACE, DOUBLE_TIME } from '../tables';
import { rotateStands } from '../../../geometry/units';
import type { DogState, S } from '../state';
import { us, setUs, setGs, work, centreOf, isConscript, isFormed, type UnitState, type W } from '../state';
import { allowanceMm, checkMove, withPoses, type MoveLeg } from './moves';
import { formationsOf, layoutFor, placementProblem, changeTurns, FORMATION_NAMES } from './formations';
import { nearestEnemy, retire } from './compulsory';
import { hypot } from '../../../geometry/math';
import { pointOnTable } from '../../../geometry/tableEdge';

export const ORDERS_RULE = 'DoG Orders';
/** HOUSE: a brigade on Hold may close on the enemy by at most this much in a move (RULINGS.md). */
export const HOLD_ADVANCE_MM = 50;

const legSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('wheel'), deg: z.number().min(-180).max(180) }).strict(),
  z.object({ kind: z.literal('forward'), mm: z.number().min(0).max(5000) }).strict(),
  z.object({ kind: z.literal('backward'), mm: z.number().min(0).max(5000) }).strict(),
  z.object({ kind: z.literal('sidestep'), mm: z.number().min(-5000).max(5000) }).strict(),
  z.object({ kind: z.literal('turn'), deg: z.number().min(-180).max(180) }).strict(),
]);

/** Why a unit may not move now, or undefined. */
export function cannotMove(s: { rs: DogState; turn: number }, u: Unit): { code: string; reason: string; rule: string } | undefined {
  const st = us(s.rs, u.id);
  if (st.morale === 'routing') return { code: 'routing', reason: `${u.name} is routing; it flees in the compulsory moves.`, rule: 'DoG MORALE How?' };
  if (st.fatigue >= 3) return { code: 'spent', reason: `${u.name} is utterly exhausted.`, rule: 'DoG EFFECTS OF FATIGUE/EXHAUSTION' };
  if (st.fired) return { code: 'fired', reason: `${u.name} fired this turn and may not move.`, rule: 'DoG FIRE PHASE' };
  if (s.rs.melees.some((m) => m.a === u.id || m.b === u.id)) return { code: 'melee', reason: `${u.name} is locked in melee.`, rule: 'DoG MELÉE' };
  if (st.busyUntil >= s.turn) return { code: 'busy', reason: `${u.name} is changing formation until turn ${st.busyUntil}.`, rule: FORMATION_RULE };
  return undefined;
}

/** The nearest enemy gap (mm), to judge an advance. */
const enemyGap = (battle: S['battle'], u: Unit): number => { const e = nearestEnemy({ battle }, u); return e ? unitDistance(u.stands, e.stands) : Infinity; };

/** HOUSE (RULINGS.md): what the brigade's order and the unit's control result allow as an advance, mm closer to the enemy. */
export function advanceLimit(s: { rs: DogState }, u: Unit): { mm: number; why: string; rule: string } | undefined {
  const st = us(s.rs, u.id);
  if (st.halted) return { mm: 0, why: `${u.name} is shaken or rallied this turn and may not advance`, rule: 'DoG MORALE How? ("advancing/charging units halt")' };
  if (st.control?.kind === 'stand') return { mm: 0, why: `${u.name} may not advance (control test: stand, ${st.control.moves} more move${st.control.moves === 1 ? '' : 's'})`, rule: 'DoG CONTROL' };
  const o = s.rs.orders[u.parent]?.order;
  if (o === 'withdraw') return { mm: 0, why: `its brigade's order is to withdraw`, rule: ORDERS_RULE };
  if (o === 'hold') return { mm: HOLD_ADVANCE_MM, why: `its brigade's order is to hold (at most ${HOLD_ADVANCE_MM} m toward the enemy)`, rule: ORDERS_RULE };
  return undefined;
}

export const SKIRMISH_RULE = 'DoG Skirmishers';
/** "Skirmishers may only be deployed up to a maximum of 200m from their parent battalion, regt or brigade." */
export const SKIRMISH_TETHER_MM = 200;
/** "Skirmishers may not approach closer than 40m to a body of formed troops." */
export const SKIRMISH_GAP_MM = 40;

/** The formed body a skirmish unit belongs to: the nearest unit of its brigade not in skirmish order (RULINGS.md). */
export function skirmishParent(battle: S['battle'], u: Unit, stands: readonly Stand[] = u.stands): { unit: Unit; gapMm: number } | undefined {
  let best: { unit: Unit; gapMm: number } | undefined;
  for (const p of battle.units) {
    if (p.id === u.id || p.parent !== u.parent || p.formation === 'skirmish') continue;
    const d = unitDistance(stands, p.stands);
    if (!best || d < best.gapMm) best = { unit: p, gapMm: d };
  }
  return best;
}

/** Why skirmishers may not end a move on `stands`, or undefined (DoG Skirmishers: 200 m from the parent body, 40 m from formed enemy). */
export function skirmishMoveProblem(s: { battle: S['battle']; rs: DogState }, u: Unit, stands: readonly Stand[]): { reason: string; rule: string } | undefined {
  if (u.formation !== 'skirmish') return undefined;
  const p = skirmishParent(s.battle, u, stands);
  if (p && p.gapMm > SKIRMISH_TETHER_MM + 0.5 && p.gapMm > skirmishParent(s.battle, u)!.gapMm + 0.5)
    return { reason: `It would be ${Math.round(p.gapMm)} m from ${p.unit.name}; skirmishers stay within ${SKIRMISH_TETHER_MM} m of their parent unit.`, rule: `${SKIRMISH_RULE} ("They may not be moved beyond 200m from their parent unit")` };
  for (const e of s.battle.units) {
    if (e.side === u.side || e.formation === 'skirmish' || !isFormed(s.rs, e)) continue;
    const after = unitDistance(stands, e.stands);
    if (after < SKIRMISH_GAP_MM - 0.5 && after < unitDistance(u.stands, e.stands) - 0.5)
      return { reason: `It would come ${Math.round(after)} m from ${e.name}, a body of formed troops; skirmishers keep ${SKIRMISH_GAP_MM} m off.`, rule: `${SKIRMISH_RULE} ("may not approach closer than 40m to a body of formed troops")` };
  }
  return undefined;
}

/** "If advanced upon by formed troops, they must retreat leaving the 40m gap" (DoG Skirmishers): enemy skirmishers the moved unit came within 40 m of fall back. */
export function skirmishersGiveWay(w: W, moverId: string): void {
  const m = unitIn(w, moverId);
  if (!m || m.formation === 'skirmish' || !isFormed(w.rs, m)) return;
  for (const e of [...w.battle.units]) {
    if (e.side === m.side || e.formation !== 'skirmish' || us(w.rs, e.id).morale === 'routing') continue;
    const gap = unitDistance(m.stands, e.stands);
    if (gap >= SKIRMISH_GAP_MM - 0.5) continue;
    retire(w, e.id, centreOf(m), SKIRMISH_GAP_MM - gap, `${SKIRMISH_RULE} ("If advanced upon by formed troops, they must retreat leaving the 40m gap")`);
  }
}

type MoveCmd = { type: 'moveUnit'; side: string; unit: string; legs: MoveLeg[] };
export const moveUnit = defineCommand<DogState, DogOptions, DogTables, MoveCmd>({
  describe: 'Move a unit in its formation: wheels, straight on, back, sideways or a turn (DoG MOVEMENT PHASE).',
  schema: z.object({ type: z.literal('moveUnit'), side: z.string(), unit: z.string(), legs: z.array(legSchema).min(1).max(8) }).strict(),
  handle(s: S, c, ctx) {
    const u = s.battle.units.find((x) => x.id === c.unit);
    if (!u || u.side !== c.side) return reject('not-yours', 'Move one of your own units.', MOVE_RULE);
    const no = cannotMove({ rs: s.ruleset, turn: s.position.turn }, u);
    if (no) return reject(no.code, no.reason, no.rule);
    const st = us(s.ruleset, u.id);
    const left = allowanceMm(s.tables, u, st) - st.movedMm;
    const v = checkMove(s.battle, u, c.legs, left);
    if (!v.ok) return reject('illegal-move', v.reason!, v.rule!);
    const lim = advanceLimit({ rs: s.ruleset }, u);
    if (lim) {
      const before = enemyGap(s.battle, u);
      const after = enemyGap(s.battle, { ...u, stands: v.stands! });
      if (before - after > lim.mm + 0.5) return reject('no-advance', `It would close ${Math.round(before - after)} m on the enemy: ${lim.why}.`, lim.rule);
    }
    const sk = skirmishMoveProblem({ battle: s.battle, rs: s.ruleset }, u, v.stands!);
    if (sk) return reject('skirmish-limit', sk.reason, sk.rule);
    const w = work(s, ctx);
    setStands(w, u.id, v.stands!);
    setUs(w, u.id, { moved: true, movedMm: st.movedMm + v.costMm, ...(v.becomes && (st.order === 'formed' || v.becomes === 'disordered') ? { order: v.becomes } : {}) });
    w.ctx.emit({ type: 'UnitMoved', unit: u.id, distanceM: Math.round(v.costMm), terrain: v.terrain, rule: MOVE_RULE });
    if (v.becomes && st.order !== v.becomes && st.order !== 'disordered') w.ctx.emit({ type: 'OrderLost', unit: u.id, becomes: v.becomes, terrain: v.terrain, rule: 'DoG Movement Costs' });
    skirmishersGiveWay(w, u.id);
    return finishWork(w);
  },
});

type FormCmd = { type: 'changeFormation'; side: string; unit: string; formation: string };
export const changeFormation = defineCommand<DogState, DogOptions, DogTables, FormCmd>({
  describe: 'Change formation, paying its time from the FORMATION CHANGES table (DoG FORMATION CHANGES).',
  schema: z.object({ type: z.literal('changeFormation'), side: z.string(), unit: z.string(), formation: z.string().max(32) }).strict(),
  handle(s: S, c, ctx) {
    const u = s.battle.units.find((x) => x.id === c.unit);
    if (!u || u.side !== c.side) return reject('not-yours', 'Re-form one of your own units.', FORMATION_RULE);
    if (!formationsOf(u).includes(c.formation)) return reject('not-open', `${u.arm} cannot form ${c.formation}.`, FORMATION_RULE);
    if (u.formation === c.formation) return reject('same', `${u.name} is already in ${FORMATION_NAMES[c.formation]}.`, FORMATION_RULE);
    const no = cannotMove({ rs: s.ruleset, turn: s.position.turn }, u);
    if (no) return reject(no.code, no.reason, no.rule);
    const st = us(s.ruleset, u.id);
    if (st.changedFormation) return reject('changed', `${u.name} has changed formation this turn.`, FORMATION_RULE);
    const turns = changeTurns(s.tables, u, st, c.formation);
    if (turns === undefined) return reject('no-change', `The FORMATION CHANGES table has no change for ${u.name} from ${FORMATION_NAMES[u.formation]} to ${FORMATION_NAMES[c.formation]}.`, FORMATION_RULE);
    // Time is paid in move: a change of t turns uses t of this move's allowance; what is left over runs into later turns.
    const full = Math.max(allowanceMm(s.tables, u, st), 1);
    const leftShare = Math.max(0, 1 - st.movedMm / full);
    if (turns <= 1 && turns > leftShare + 1e-9) return reject('no-time', `It takes ${turns} of a turn and ${u.name} has ${Math.round(leftShare * 100) / 100} of its move left.`, FORMATION_RULE);
    const stands = layoutFor(u, c.formation);
    const bad = placementProblem(s.battle, u, stands);
    if (bad) return reject('no-room', `${u.name} cannot form ${FORMATION_NAMES[c.formation]}: ${bad}.`, FORMATION_RULE);
    const w = work(s, ctx);
    setStands(w, u.id, withPoses(u.stands, stands));
    setFormation(w, u.id, c.formation);
    const extraTurns = turns <= leftShare ? 0 : Math.ceil(turns - leftShare - 1e-9);
    setUs(w, u.id, { changedFormation: true, moved: true, movedMm: turns <= leftShare ? st.movedMm + turns * full : full, ...(extraTurns > 0 ? { busyUntil: s.position.turn + extraTurns } : {}) });
    return finishWork(w, [{ type: 'FormationChanged', unit: u.id, formation: c.formation, turns, ...(extraTurns > 0 ? { busyUntil: s.position.turn + extraTurns } : {}), rule: FORMATION_RULE }]);
  },
});

/** HOUSE (RULINGS.md): refusing a flank or straightening it again takes a quarter of the move, as wheeling to face a threat does (DoG Charge Procedure "wheeling takes 1/4 turn"). */
export const REFUSE_TURNS = 0.25;
export const REFUSE_RULE = 'DoG Infantry Fire ("Firing units in square or with refused flank")';

/** Why `u` may not refuse a flank (or straighten it) now, or undefined. */
export function refuseProblem(s: { rs: DogState; turn: number; tables: DogTables }, u: Unit, flank: 'left' | 'right' | 'none', count: number): { code: string; reason: string; rule: string } | undefined {
  if (u.arm !== 'infantry' || u.formation !== 'line') return { code: 'not-line', reason: 'Only infantry in line refuses a flank.', rule: REFUSE_RULE };
  const no = cannotMove(s, u);
  if (no) return no;
  const st = us(s.rs, u.id);
  if (st.changedFormation) return { code: 'changed', reason: `${u.name} has changed formation this turn.`, rule: FORMATION_RULE };
  const refused = facingGroups(u.stands).length > 1;
  if (flank === 'none' && !refused) return { code: 'straight', reason: `${u.name}'s line is straight already.`, rule: REFUSE_RULE };
  if (flank !== 'none' && (count < 1 || count > u.stands.length - 1)) return { code: 'count', reason: `A flank of 1 to ${u.stands.length - 1} stands may be refused (the line has ${u.stands.length}).`, rule: REFUSE_RULE };
  const full = Math.max(allowanceMm(s.tables, u, st), 1);
  if (REFUSE_TURNS > 1 - st.movedMm / full + 1e-9) return { code: 'no-time', reason: `It takes ${REFUSE_TURNS} of a move and ${u.name} has less left.`, rule: REFUSE_RULE };
  return undefined;
}

/** The stands of `u` with a flank refused (or straightened: `none`), about the line they stand in. */
export function refusedLayout(u: Unit, flank: 'left' | 'right' | 'none', count: number, deg: number): Stand[] {
  const anchor = straightLineAnchor(u.stands);
  const facing = facingGroups(u.stands)[0]!.facing;
  const bases = u.stands.map((x) => ({ widthMm: x.widthMm, depthMm: x.depthMm }));
  const laid = flank === 'none' ? layoutLine(anchor, facing, bases, 1) : layoutRefusedLine(anchor, facing, bases, flank, count, (deg * Math.PI) / 180);
  return withPoses(u.stands, laid);
}

type RefuseCmd = { type: 'refuseFlank'; side: string; unit: string; flank: 'left' | 'right' | 'none'; stands?: number; deg?: number };
export const refuseFlank = defineCommand<DogState, DogOptions, DogTables, RefuseCmd>({
  describe: 'Refuse a flank of a line (its end stands swing back to fire at their own target), or straighten it again (DoG Infantry Fire; HOUSE cost a quarter of the move).',
  schema: z.object({ type: z.literal('refuseFlank'), side: z.string(), unit: z.string(), flank: z.enum(['left', 'right', 'none']), stands: z.number().int().min(1).max(16).optional(), deg: z.number().min(10).max(90).optional() }).strict(),
  handle(s: S, c, ctx) {
    const u = s.battle.units.find((x) => x.id === c.unit);
    if (!u || u.side !== c.side) return reject('not-yours', 'Re-form one of your own units.', REFUSE_RULE);
    const count = c.stands ?? 1;
    const no = refuseProblem({ rs: s.ruleset, turn: s.position.turn, tables: s.tables }, u, c.flank, count);
    if (no) return reject(no.code, no.reason, no.rule);
    const stands = refusedLayout(u, c.flank, count, c.deg ?? 45);
    const bad = placementProblem(s.battle, u, stands);
    if (bad) return reject('no-room', `${u.name} cannot ${c.flank === 'none' ? 'straighten its line' : 'refuse its flank'}: ${bad}.`, REFUSE_RULE);
    const st = us(s.ruleset, u.id);
    const full = Math.max(allowanceMm(s.tables, u, st), 1);
    const w = work(s, ctx);
    setStands(w, u.id, stands);
    setUs(w, u.id, { changedFormation: true, moved: true, movedMm: st.movedMm + REFUSE_TURNS * full });
    return finishWork(w, [{ type: c.flank === 'none' ? 'LineStraightened' : 'FlankRefused', unit: u.id, ...(c.flank === 'none' ? {} : { flank: c.flank, stands: count, deg: c.deg ?? 45 }), turns: REFUSE_TURNS, rule: REFUSE_RULE }]);
  },
});

export const REFACE_RULE = 'DoG FORMATION CHANGES (Refacing Battery: 0-30 deg 1/4, 30-60 1/2, 60-120 1)';

/** Turns a battery takes to reface by `deg` (DoG FORMATION CHANGES, Refacing Battery; conscripts, militia, landwehr and tired crews double), or undefined past 120°. */
export function refaceTurns(tables: DogTables, u: Unit, st: UnitState, deg: number): number | undefined {
  const row = BATTERY_REFACE.find((r) => Math.abs(deg) <= r.toDeg + 1e-9);
  if (!row) return undefined;
  return isConscript(tables, u) || st.fatigue >= 1 ? row.turns * DOUBLE_TIME : row.turns;
}

type RefaceCmd = { type: 'refaceBattery'; side: string; unit: string; deg: number };
export const refaceBattery = defineCommand<DogState, DogOptions, DogTables, RefaceCmd>({
  describe: 'Turn an unlimbered battery about its centre to face a new threat, paying the time of the Refacing Battery row (DoG FORMATION CHANGES).',
  schema: z.object({ type: z.literal('refaceBattery'), side: z.string(), unit: z.string(), deg: z.number().min(-180).max(180) }).strict(),
  handle(s: S, c, ctx) {
    const u = s.battle.units.find((x) => x.id === c.unit);
    if (!u || u.side !== c.side) return reject('not-yours', 'Reface one of your own batteries.', REFACE_RULE);
    if (u.arm !== 'artillery' || u.formation !== 'unlimbered') return reject('not-battery', 'Only an unlimbered battery refaces (a limbered one moves).', REFACE_RULE);
    const no = cannotMove({ rs: s.ruleset, turn: s.position.turn }, u);
    if (no) return reject(no.code, no.reason, no.rule);
    const st = us(s.ruleset, u.id);
    if (st.changedFormation) return reject('changed', `${u.name} has changed formation or refaced this turn.`, REFACE_RULE);
    if (Math.abs(c.deg) < 0.5) return reject('same', 'Turn it by some degrees.', REFACE_RULE);
    const turns = refaceTurns(s.tables, u, st, c.deg);
    if (turns === undefined) return reject('too-far', `The table refaces a battery by at most 120° in one change; ${Math.round(Math.abs(c.deg))}° is more.`, REFACE_RULE);
    const full = Math.max(allowanceMm(s.tables, u, st), 1);
    const leftShare = Math.max(0, 1 - st.movedMm / full);
    if (turns <= 1 && turns > leftShare + 1e-9) return reject('no-time', `It takes ${turns} of a turn and ${u.name} has ${Math.round(leftShare * 100) / 100} of its move left.`, REFACE_RULE);
    const stands = rotateStands(u.stands, centreOf(u), (c.deg * Math.PI) / 180);
    const bad = placementProblem(s.battle, u, stands);
    if (bad) return reject('no-room', `${u.name} cannot turn there: ${bad}.`, REFACE_RULE);
    const w = work(s, ctx);
    setStands(w, u.id, stands);
    const extraTurns = turns <= leftShare ? 0 : Math.ceil(turns - leftShare - 1e-9);
    setUs(w, u.id, { changedFormation: true, moved: true, movedMm: turns <= leftShare ? st.movedMm + turns * full : full, ...(extraTurns > 0 ? { busyUntil: s.position.turn + extraTurns } : {}) });
    return finishWork(w, [{ type: 'BatteryRefaced', unit: u.id, deg: Math.round(c.deg), turns, ...(extraTurns > 0 ? { busyUntil: s.position.turn + extraTurns } : {}), rule: REFACE_RULE }]);
  },
});

/** HOUSE: commanders and messengers ride at light cavalry charge speed (DoG Orders: messengers "by light cavalry charge speed"). */
export const GENERAL_RIDE_MM = ALLOWANCES.lightCavalry.line + 80;

type GenCmd = { type: 'moveGeneral'; side: string; general: string; x: number; y: number };
export const moveGeneral = defineCommand<DogState, DogOptions, DogTables, GenCmd>({
  describe: `Move a commander up to ${GENERAL_RIDE_MM} m (DoG Orders; HOUSE rate).`,
  schema: z.object({ type: z.literal('moveGeneral'), side: z.string(), general: z.string(), x: z.number(), y: z.number() }).strict(),
  handle(s: S, c, ctx) {
    const g = s.battle.generals.find((x) => x.id === c.general);
    const gs = s.ruleset.generals[c.general];
    if (!g || g.side !== c.side || !gs) return reject('not-yours', 'Move one of your own commanders.', ORDERS_RULE);
    if (gs.wound === 'serious' || gs.wound === 'killed') return reject('out', `${g.name} is out of play.`, "DoG Generals' Risk Table");
    if (gs.moved) return reject('moved', `${g.name} has moved this turn.`, ORDERS_RULE);
    const d = hypot(c.x - g.stand.centre.x, c.y - g.stand.centre.y);
    if (d > GENERAL_RIDE_MM + 0.5) return reject('too-far', `A commander rides ${GENERAL_RIDE_MM} m a move; this is ${Math.round(d)} m.`, ORDERS_RULE);
    if (!pointOnTable(s.battle.table, c)) return reject('off-table', 'Keep him on the table.', ORDERS_RULE);
    const w = work(s, ctx);
    w.battle = { ...w.battle, generals: w.battle.generals.map((x) => (x.id === g.id ? { ...x, stand: { ...x.stand, centre: pt(c.x, c.y) } } : x)) };
    setGs(w, g.id, { moved: true });
    return finishWork(w, [{ type: 'GeneralMoved', general: g.id, distanceM: Math.round(d), rule: ORDERS_RULE }]);
  },
});

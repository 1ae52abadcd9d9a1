/**
 * The movement phase's commands, division by division in initiative order (8.0): `moveUnit`
 * (a move, a side-step 8.2, a moving square 8.2, artillery to the rear 8.5), `changeFormation`
 * (8.7, the French rules), `charge` (reach 9" infantry, 18" cavalry; 8.2 hasty squares at once;
 * 7.3.1 obligatory cavalry charges; 8.7 no French change and charge) and `driveOff` (8.9 infantry
 * against Blown cavalry).
 */
import { z } from 'zod';
import { defineCommand, reject, type Change, type Rejection } from '../../../engine/ruleset';
import { finishWork, setStands, unitIn } from '../../../engine/workingState';
import type { Unit } from '../../../engine/model';
import { reachTarget } from '../../../geometry/reach';
import { traceMove } from '../../../geometry/moveCore';
import { standIndexOf } from '../../../geometry/sightCache';
import { unitsOverlap } from '../../../geometry/units';
import type { ShOptions } from '../options';
import type { ShTables, Formation } from '../tables';
import { FORMATIONS } from '../tables';
import type { S, ShState, W } from '../state';
import { armOf, divisionOf, frenchDrill, inMm, isFormed, mmIn, nationOf, setUs, us, work } from '../state';
import { allowanceMm, checkMove, FORMATIONS_OF, MOVE_RULE, MOVING_SQUARE_RULE, SIDESTEP_RULE, withPoses, type MoveLeg } from './moves';
import { layoutFor, placementProblem, reform, FORMATION_RULE } from './formations';
import { inEnemyFrontalZone, gapIn, sectorOf } from '../geo';
import { hastySquare, chargeContact } from './charges';
import { mrTest } from '../morale/tests';
import { suspended } from '../orders/suspension';
import { fallBack, recall } from '../morale/losses';

export const CHARGE_RULE = 'SHAKO charges (established: reach 9" infantry, 18" cavalry)';
export const OBLIGATORY_RULE = 'AS 7.3.1 Obligatory cavalry charges';
export const DRIVE_OFF_RULE = 'AS 8.9 Infantry Charging Cavalry';
export const FRENCH_RULE = 'AS 8.7 French formation changes and charges';

/** The divisions moving in the current step (8.0), or [] outside the division steps. */
export function movingDivisions(s: { position: S['position']; ruleset: ShState }): readonly string[] {
  const m = /^division(\d+)$/.exec(s.position.step);
  if (!m) return [];
  return s.ruleset.moveOrder[Number(m[1]) - 1] ?? [];
}

/** Why `u` may not be given a movement command now, or undefined. */
export function notNow(s: { position: S['position']; ruleset: ShState }, u: Unit | undefined, side: string): { code: string; reason: string; rule: string } | undefined {
  if (!u || u.side !== side) return { code: 'not-yours', reason: 'Choose one of your own units.', rule: MOVE_RULE };
  const d = divisionOf(s.ruleset, u.id);
  if (!d || !movingDivisions(s).includes(d)) return { code: 'not-its-turn', reason: `${u.name}'s division does not move now: divisions move one at a time in initiative order.`, rule: 'AS 8.0 Initiative and Divisional Movement' };
  const st = us(s.ruleset, u.id);
  if (st.fallback !== undefined) return { code: 'fallback', reason: `${u.name} is in Fallback and must rally first.`, rule: 'AS 12.1 Rallying from Fallback' };
  if (st.abandoned) return { code: 'abandoned', reason: `${u.name}'s crews have withdrawn to a square.`, rule: 'AS 8.5 and 11.0 Artillery crews' };
  if (st.charge) return { code: 'charging', reason: `${u.name} has charged this turn.`, rule: CHARGE_RULE };
  if (st.sideStepped) return { code: 'side-stepped', reason: `${u.name} side-stepped: no other movement is allowed.`, rule: SIDESTEP_RULE };
  return undefined;
}

/** 7.3.1: a cavalry unit that owes a charge may do nothing but charge one of those it must. */
function owesCharge(s: { ruleset: ShState; battle: S['battle'] }, u: Unit): string[] {
  const must = us(s.ruleset, u.id).mustCharge ?? [];
  return must.filter((id) => s.battle.units.some((e) => e.id === id));
}

type MoveCmd = { type: 'moveUnit'; side: string; unit: string; legs: MoveLeg[] };
const legSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('wheel'), deg: z.number().min(-180).max(180) }).strict(),
  z.object({ kind: z.literal('forward'), mm: z.number().min(0).max(5000) }).strict(),
  z.object({ kind: z.literal('backward'), mm: z.number().min(0).max(5000) }).strict(),
  z.object({ kind: z.literal('sidestep'), mm: z.number().min(-5000).max(5000) }).strict(),
  z.object({ kind: z.literal('turn'), deg: z.number().min(-180).max(180) }).strict(),
]);

/** Why a checked move is still refused: side-steps (8.2), squares (8.2), obligatory charges (7.3.1). */
export function moveRuleProblem(s: { battle: S['battle']; ruleset: ShState; tables: ShTables }, u: Unit, legs: readonly MoveLeg[]): { code: string; reason: string; rule: string } | undefined {
  const st = us(s.ruleset, u.id);
  if (owesCharge(s, u).length > 0) return { code: 'must-charge', reason: `${u.name} must charge a Formed enemy within 6" ahead.`, rule: OBLIGATORY_RULE };
  if (armOf(u) === 'cavalry' && st.blown !== undefined) return { code: 'blown', reason: `${u.name} is Blown and must stand to reform.`, rule: 'AS 11.4 Rallying, Recalling, and Reforming' };
  if (legs.some((l) => l.kind === 'sidestep')) {
    if (st.moved) return { code: 'moved', reason: 'A side-step is the only movement allowed that turn.', rule: SIDESTEP_RULE };
    const total = legs.reduce((a, l) => a + (l.kind === 'sidestep' ? Math.abs(l.mm) : 0), 0);
    if (total > inMm(s.tables.reach.sideStepIn) + 0.5) return { code: 'too-far', reason: `A side-step is up to ${s.tables.reach.sideStepIn}".`, rule: SIDESTEP_RULE };
    const z = inEnemyFrontalZone(s.battle, s.ruleset, s.tables, u);
    if (z) return { code: 'frontal-zone', reason: `No side-step within the 6" frontal zone of ${z}.`, rule: SIDESTEP_RULE };
    // "side-stepping does not satisfy the forward movement requirement of Attacking divisions but may be used ... once lead units of the attacking division have entered combat".
    const d = divisionOf(s.ruleset, u.id);
    const div = d ? s.ruleset.divisions[d] : undefined;
    if (div && div.orders === 'attack' && !div.newOrder && !div.suspended && !suspended(s.battle, s.ruleset, s.tables, d!)) return { code: 'must-advance', reason: 'An attacking division still owes its forward movement: a side-step does not satisfy it.', rule: SIDESTEP_RULE };
  }
  // A retreating division does not move towards the enemy (house reading of 12.4 "Retreat").
  const dv = divisionOf(s.ruleset, u.id);
  if (dv && s.ruleset.divisions[dv]!.retreating && legs.some((l) => l.kind === 'forward')) return { code: 'retreating', reason: 'A retreating division does not advance (house reading).', rule: 'AS 12.4 Divisional Morale: Rallying' };
  if (u.formation === 'square' && allowanceMm(s.tables, u) === 0) return { code: 'square', reason: 'Only Elite and Guard squares move (3").', rule: MOVING_SQUARE_RULE };
  return undefined;
}

export const moveUnit = defineCommand<ShState, ShOptions, ShTables, MoveCmd>({
  describe: 'Move a unit: wheels, straight on, back (artillery, skirmishers), a side-step or a turn.',
  schema: z.object({ type: z.literal('moveUnit'), side: z.string(), unit: z.string(), legs: z.array(legSchema).min(1).max(8) }).strict(),
  handle(s: S, c, ctx) {
    const u = s.battle.units.find((x) => x.id === c.unit);
    const no = notNow(s, u, c.side);
    if (no) return reject(no.code, no.reason, no.rule);
    const st = us(s.ruleset, u!.id);
    const bad = moveRuleProblem(s, u!, c.legs);
    if (bad) return reject(bad.code, bad.reason, bad.rule);
    const left = allowanceMm(s.tables, u!) * (st.reformed && !frenchDrill(u!, nationOf(s.battle, u!)) ? 0 : 1) - st.movedMm;
    const v = checkMove(s.battle, s.ruleset, u!, c.legs, left);
    if (!v.ok) return reject('illegal-move', v.reason!, v.rule!);
    const w = work(s, ctx);
    setStands(w, u!.id, v.stands!);
    const side = c.legs.every((l) => l.kind === 'sidestep');
    setUs(w, u!.id, { moved: true, movedMm: st.movedMm + v.costMm, movedForward: st.movedForward || (!side && v.forwardMm > inMm(0.5)), ...(side ? { sideStepped: true } : {}), ...(u!.formation === 'square' ? { squareMoved: s.position.turn } : {}) });
    return finishWork(w, [{ type: 'UnitMoved', unit: u!.id, distanceIn: mmIn(v.costMm), rule: side ? SIDESTEP_RULE : u!.formation === 'square' ? MOVING_SQUARE_RULE : MOVE_RULE }]);
  },
});

type FormCmd = { type: 'changeFormation'; side: string; unit: string; formation: Formation };
export const changeFormation = defineCommand<ShState, ShOptions, ShTables, FormCmd>({
  describe: 'Change formation on the front-centre anchor (8.7); only the French may also move that turn.',
  schema: z.object({ type: z.literal('changeFormation'), side: z.string(), unit: z.string(), formation: z.enum(FORMATIONS) }).strict(),
  handle(s: S, c, ctx) {
    const u = s.battle.units.find((x) => x.id === c.unit);
    const no = notNow(s, u, c.side);
    if (no) return reject(no.code, no.reason, no.rule);
    const st = us(s.ruleset, u!.id);
    if (u!.formation === c.formation) return reject('same', `${u!.name} is already in ${c.formation}.`, FORMATION_RULE);
    if (!FORMATIONS_OF(u!).includes(c.formation)) return reject('not-open', `${u!.troopType} does not form ${c.formation}.`, FORMATION_RULE);
    if (st.reformed) return reject('reformed', `${u!.name} has changed formation this turn.`, FORMATION_RULE);
    if (owesCharge(s, u!).length > 0) return reject('must-charge', `${u!.name} must charge.`, OBLIGATORY_RULE);
    const french = frenchDrill(u!, nationOf(s.battle, u!));
    if (st.moved && !french) return reject('moved', `${u!.name} has moved: only units using the French rules combine movement and formation changes (8.7).`, 'AS 8.7 French formation changes and French allies');
    const z = inEnemyFrontalZone(s.battle, s.ruleset, s.tables, u!);
    if (z) return reject('frontal-zone', `No voluntary change of formation within the 6" frontal zone of ${z}.`, 'AS 11.0 and 11.2.4 Massed column attacks (voluntary changes in the frontal zone)');
    const stands = layoutFor(u!, c.formation);
    const bad = placementProblem(s.battle, u!, stands);
    if (bad) return reject('no-room', `${u!.name} cannot change formation: ${bad}.`, FORMATION_RULE);
    const w = work(s, ctx);
    reform(w, u!.id, c.formation, stands);
    // French drill: the change costs part of the move (house share); others have used the whole move.
    const used = french ? st.movedMm + allowanceMm(s.tables, unitIn(w, u!.id)!) * s.tables.movement.formationChangeShare : Infinity;
    setUs(w, u!.id, { reformed: true, movedMm: Number.isFinite(used) ? used : 1e6, ...(c.formation === 'square' ? { squareFormed: s.position.turn, hasty: false } : {}) });
    return finishWork(w, [{ type: 'FormationChanged', unit: u!.id, formation: c.formation, rule: FORMATION_RULE }]);
  },
});

/** The charge move: a wheel then straight on, through the geometry's reach and the movement core. */
export function chargeReach(s: { battle: S['battle']; tables: ShTables }, u: Unit, t: Unit, reachIn: number) {
  const ans = reachTarget(u.stands, t.stands, { maxWheelRad: (s.tables.movement.chargeWheelDeg * Math.PI) / 180, maxDistanceMm: inMm(reachIn), centreOnFace: true });
  if (!ans.reachable) return { ok: false as const, reason: `${t.name} is out of reach (${ans.reason ?? 'no path'}).` };
  const trace = traceMove(u.stands, ans.legs, { others: standIndexOf(s.battle.units), ignore: (id) => id === u.id || id === t.id, table: s.battle.table });
  const met = trace.meetings.find((m) => !m.atStart);
  if (met) return { ok: false as const, reason: `${s.battle.units.find((x) => x.id === met.unitId)?.name ?? 'another unit'} is in the way.` };
  if (s.battle.units.some((o) => o.id !== u.id && o.id !== t.id && unitsOverlap(ans.aligned, o.stands))) return { ok: false as const, reason: 'There is no room to close with the target.' };
  return { ok: true as const, stands: ans.aligned, distanceIn: mmIn(ans.totalMm) };
}

export const reachIn = (t: ShTables, u: Unit): number => (armOf(u) === 'cavalry' ? t.reach.chargeCavalryIn : t.reach.chargeInfantryIn);

/** Why `u` may not charge `t` now, or undefined. */
export function chargeProblem(s: { battle: S['battle']; ruleset: ShState; tables: ShTables }, u: Unit, t: Unit): { code: string; reason: string; rule: string } | undefined {
  const st = us(s.ruleset, u.id);
  if (t.side === u.side) return { code: 'not-enemy', reason: 'Charge an enemy unit.', rule: CHARGE_RULE };
  if (us(s.ruleset, t.id).abandoned) return { code: 'abandoned', reason: `${t.name}'s guns are abandoned, their crews in a square: an obstacle, not a unit to charge (and they cannot be spiked).`, rule: 'AS 8.5 and 11.0 Artillery crews' };
  if (armOf(u) === 'artillery') return { code: 'artillery', reason: 'Artillery does not charge.', rule: CHARGE_RULE };
  if (!isFormed(s.ruleset, u)) return { code: 'not-formed', reason: 'Only Formed units charge.', rule: CHARGE_RULE };
  if (u.formation === 'square') return { code: 'square', reason: 'A square does not charge.', rule: CHARGE_RULE };
  if (st.moved) return { code: 'moved', reason: `${u.name} has moved this turn; a charge is its whole move.`, rule: CHARGE_RULE };
  if (st.staggered) return { code: 'staggered', reason: `${u.name} is Staggered (house reading: Staggered units do not charge).`, rule: CHARGE_RULE };
  if (armOf(u) === 'cavalry' && st.blown !== undefined) return { code: 'blown', reason: `${u.name} is Blown.`, rule: 'AS 11.4 Rallying, Recalling, and Reforming' };
  if (armOf(u) === 'infantry' && armOf(t) === 'cavalry') return { code: 'infantry-v-cavalry', reason: 'Infantry may never charge cavalry; Blown cavalry may be driven off (8.9).', rule: DRIVE_OFF_RULE };
  if (st.reformed && frenchDrill(u, nationOf(s.battle, u))) return { code: 'french', reason: 'French units may not change formation and charge in the same turn.', rule: FRENCH_RULE };
  const owed = owesCharge(s, u);
  if (owed.length > 0 && !owed.includes(t.id)) return { code: 'must-charge', reason: `${u.name} must charge one of the Formed enemies within 6" ahead.`, rule: OBLIGATORY_RULE };
  const d = divisionOf(s.ruleset, u.id);
  if (d && s.ruleset.divisions[d]!.retreating) return { code: 'retreating', reason: 'A retreating division does not charge.', rule: 'AS 12.4 Divisional Morale: Rallying' };
  return undefined;
}

type ChargeCmd = { type: 'charge'; side: string; unit: string; target: string };
export const charge = defineCommand<ShState, ShOptions, ShTables, ChargeCmd>({
  describe: 'Charge an enemy unit within reach (9" infantry, 18" cavalry); the melee is fought in the melee phase.',
  schema: z.object({ type: z.literal('charge'), side: z.string(), unit: z.string(), target: z.string() }).strict(),
  handle(s: S, c, ctx): Change<ShState> | Rejection {
    const u = s.battle.units.find((x) => x.id === c.unit);
    const no = notNow(s, u, c.side);
    if (no) return reject(no.code, no.reason, no.rule);
    const t = s.battle.units.find((x) => x.id === c.target);
    if (!t) return reject('no-target', 'Choose an enemy unit to charge.', CHARGE_RULE);
    const bad = chargeProblem(s, u!, t);
    if (bad) return reject(bad.code, bad.reason, bad.rule);
    const r = chargeReach(s, u!, t, reachIn(s.tables, u!));
    if (!r.ok) return reject('out-of-reach', r.reason, CHARGE_RULE);
    const w = work(s, ctx);
    const fromIn = gapIn(u!, t);
    const fromSector = sectorOf(s.battle, u!)?.id;
    setStands(w, u!.id, withPoses(u!.stands, r.stands));
    setUs(w, u!.id, { moved: true, movedForward: true, movedMm: inMm(r.distanceIn), charge: { target: t.id, fromIn, turn: s.position.turn, ...(fromSector ? { fromSector } : {}) }, mustCharge: undefined });
    w.ctx.emit({ type: 'Charged', unit: u!.id, target: t.id, distanceIn: r.distanceIn, rule: CHARGE_RULE });
    chargeContact(w, u!.id, t.id, fromIn);
    return finishWork(w);
  },
});

type DriveCmd = { type: 'driveOff'; side: string; unit: string; target: string };
export const driveOff = defineCommand<ShState, ShOptions, ShTables, DriveCmd>({
  describe: 'Move Formed infantry against Blown cavalry as a charge; the cavalry roll at once: under MR they Recall, else they Fall back (8.9).',
  schema: z.object({ type: z.literal('driveOff'), side: z.string(), unit: z.string(), target: z.string() }).strict(),
  handle(s: S, c, ctx): Change<ShState> | Rejection {
    const u = s.battle.units.find((x) => x.id === c.unit);
    const no = notNow(s, u, c.side);
    if (no) return reject(no.code, no.reason, no.rule);
    const t = s.battle.units.find((x) => x.id === c.target);
    if (!t || t.side === u!.side || armOf(t) !== 'cavalry') return reject('no-target', 'Choose enemy cavalry.', DRIVE_OFF_RULE);
    if (armOf(u!) !== 'infantry' || !isFormed(s.ruleset, u!) || u!.formation === 'square') return reject('not-infantry', 'Formed infantry drive off Blown cavalry.', DRIVE_OFF_RULE);
    if (us(s.ruleset, t.id).blown === undefined) return reject('not-blown', 'Infantry may never charge cavalry unless they are Blown (not yet reformed after melee).', DRIVE_OFF_RULE);
    if (us(s.ruleset, u!.id).moved) return reject('moved', `${u!.name} has moved this turn.`, DRIVE_OFF_RULE);
    const r = chargeReach(s, u!, t, s.tables.reach.chargeInfantryIn);
    if (!r.ok) return reject('out-of-reach', r.reason, DRIVE_OFF_RULE);
    const w = work(s, ctx);
    setStands(w, u!.id, withPoses(u!.stands, r.stands));
    setUs(w, u!.id, { moved: true, movedForward: true, movedMm: 1e6 });
    w.ctx.emit({ type: 'DroveAt', unit: u!.id, target: t.id, rule: DRIVE_OFF_RULE });
    driveOffRoll(w, t.id, u!.id);
    return finishWork(w);
  },
});

/** 8.9: the cavalry roll at once: under MR, a Recall (even if they recalled before); else Fallback. */
export function driveOffRoll(w: W, cavId: string, infId: string): void {
  const cav = unitIn(w, cavId)!;
  if (mrTest(w, cav, 'driven off by infantry', DRIVE_OFF_RULE)) recall(w, cavId, DRIVE_OFF_RULE);
  else fallBack(w, cavId, unitIn(w, infId));
}

export { hastySquare };

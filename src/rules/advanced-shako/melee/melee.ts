/**
 * The melee phase: first the choices made before melees (11.4 cavalry recall from a HASTY square;
 * 8.5 and 11.0 artillery crews "withdraw to square!"), then every charge in contact fought: each side
 * a D6 + MR (DisMR when Blown or after a failed hasty square; crews' MR for artillery) + modifiers,
 * ties re-rolled (11.2.5 amendment replaces the tie-breakers). The loser takes kills and Falls back
 * (11.2.5), or breaks when beaten badly; cavalry winners are Blown (11.4); British cavalry may be
 * entitled to a Breakthrough (breakthrough.ts); infantry that failed a hasty square and survived
 * form square at the end (8.2).
 */
import { z } from 'zod';
import { defineCommand, reject, type Change, type Modifier, type Rejection } from '../../../engine/ruleset';
import { finishWork, unitIn } from '../../../engine/workingState';
import type { Unit } from '../../../engine/model';
import { unitDistance, pointToStandDistance } from '../../../geometry/measure';
import type { ShOptions } from '../options';
import type { ShTables } from '../tables';
import type { S, ShState, W } from '../state';
import { armOf, dismrOf, divisionOf, flag, inMm, mrOf, qualityOf, setUs, us, work } from '../state';
import { combatDeployed, contactSide, inContact, sectorOf } from '../geo';
import { mrTest, underNewOrder, NEW_ORDER_RULE } from '../morale/tests';
import { addKills, breakUnit, fallBack, recall } from '../morale/losses';
import { layoutFor, placementProblem, reform } from '../movement/formations';
import { CHARGE_RULE } from '../movement/commands';
import { HASTY_AMENDED_RULE } from '../movement/charges';

export const MELEE_RULE = 'SHAKO melee (established procedure; modifiers: house table)';
export const TIES_RULE = 'AS 11.2.5 Ties and Tie-Breakers';
export const RECALL_RULE = 'AS 11.4 Cavalry Recall and Hasty Squares';
export const WITHDRAW_RULE = 'AS 8.5 and 11.0 Artillery crews: "withdraw to square!"';
export const LANCERS_RULE = 'AS 11.2.4 Lancers';
export const SQUARES_RULE = 'AS 11.2.4 Infantry Squares in Melee';
export const MOVING_SQUARE_MELEE_RULE = 'AS 8.2 and 11.2.4 Moving squares and melee';

/** Within the division commander's command radius (house distance). */
export function inCommandRadius(battle: S['battle'], rs: ShState, t: ShTables, u: Unit): boolean {
  const d = divisionOf(rs, u.id);
  const gid = d ? rs.divisions[d]!.commander : undefined;
  const g = gid ? battle.generals.find((x) => x.id === gid) : undefined;
  return !!g && Math.min(...u.stands.map((s) => pointToStandDistance(g.stand.centre, s))) <= inMm(t.retrograde.commandRadiusIn);
}

/** Cavalry charging a HASTY square may try to recall before the melee (11.4); not in a Breakthrough. */
export function canRecall(s: { battle: S['battle']; ruleset: ShState }, u: Unit): boolean {
  const st = us(s.ruleset, u.id);
  if (armOf(u) !== 'cavalry' || !st.charge || st.recalled || st.charge.turn < 0) return false;
  const t = s.battle.units.find((x) => x.id === st.charge!.target);
  return !!t && t.formation === 'square' && us(s.ruleset, t.id).hasty;
}

/** 8.5: artillery charged by cavalry, within 3" of a friendly square formed before the charge. */
export function shelterFor(s: { battle: S['battle']; ruleset: ShState; tables: ShTables; position: S['position'] }, gun: Unit): Unit | undefined {
  if (armOf(gun) !== 'artillery' || us(s.ruleset, gun.id).abandoned) return undefined;
  const chargers = s.battle.units.filter((e) => e.side !== gun.side && us(s.ruleset, e.id).charge?.target === gun.id);
  if (!chargers.some((e) => armOf(e) === 'cavalry')) return undefined;
  return s.battle.units.find((q) => q.side === gun.side && q.formation === 'square' && unitDistance(q.stands, gun.stands) <= inMm(s.tables.reach.withdrawToSquareIn) + 0.5 && (us(s.ruleset, q.id).squareFormed ?? -1) <= s.position.turn);
}

type RecallCmd = { type: 'recall'; side: string; unit: string };
export const recallCmd = defineCommand<ShState, ShOptions, ShTables, RecallCmd>({
  describe: 'Try to recall cavalry charging a HASTY square before the melee: a D6 under MR, -1 within command radius (11.4).',
  schema: z.object({ type: z.literal('recall'), side: z.string(), unit: z.string() }).strict(),
  handle(s: S, c, ctx): Change<ShState> | Rejection {
    const u = s.battle.units.find((x) => x.id === c.unit);
    if (!u || u.side !== c.side) return reject('not-yours', 'Choose your own cavalry.', RECALL_RULE);
    if (!canRecall(s, u)) return reject('no-recall', 'Only cavalry charging a HASTY square may try to recall before the melee (cavalry charging formed squares must charge to contact).', RECALL_RULE);
    const w = work(s, ctx);
    const mods: Modifier[] = inCommandRadius(s.battle, s.ruleset, s.tables, u) ? [{ label: 'within command radius', value: s.tables.tests.recall.inCommandRadius, rule: RECALL_RULE }] : [];
    if (mrTest(w, u, 'recall from a hasty square', RECALL_RULE, mods)) recall(w, u.id, RECALL_RULE);
    else { setUs(w, u.id, { recalled: true }); w.ctx.emit({ type: 'RecallFailed', unit: u.id, rule: RECALL_RULE }); }
    return finishWork(w);
  },
});

type WithdrawCmd = { type: 'withdrawToSquare'; side: string; unit: string };
export const withdrawToSquare = defineCommand<ShState, ShOptions, ShTables, WithdrawCmd>({
  describe: 'Artillery charged by cavalry within 3" of a friendly square: the crews try to withdraw into it (8.5 and 11.0).',
  schema: z.object({ type: z.literal('withdrawToSquare'), side: z.string(), unit: z.string() }).strict(),
  handle(s: S, c, ctx): Change<ShState> | Rejection {
    const u = s.battle.units.find((x) => x.id === c.unit);
    if (!u || u.side !== c.side) return reject('not-yours', 'Choose your own battery.', WITHDRAW_RULE);
    const sq = shelterFor(s, u);
    if (!sq) return reject('no-square', 'Only artillery charged by cavalry within 3" of a friendly square formed before the charge may withdraw to it.', WITHDRAW_RULE);
    const w = work(s, ctx);
    const chargers = s.battle.units.filter((e) => us(s.ruleset, e.id).charge?.target === u.id);
    const mods: Modifier[] = [];
    if (chargers.some((e) => (us(s.ruleset, e.id).charge?.fromIn ?? 0) > 9)) mods.push({ label: 'the cavalry charge started more than 9" away', value: s.tables.tests.withdrawToSquare.chargeFromFar, rule: WITHDRAW_RULE });
    if (!us(s.ruleset, u.id).fired) mods.push({ label: 'the artillery did not fire this turn', value: s.tables.tests.withdrawToSquare.didNotFire, rule: WITHDRAW_RULE });
    if (mrTest(w, u, `withdraw to ${sq.name}`, WITHDRAW_RULE, mods, { mr: s.tables.morale.artilleryCrewMr })) {
      setUs(w, u.id, { abandoned: { square: sq.id } });
      w.ctx.emit({ type: 'CrewsWithdrew', unit: u.id, square: sq.id, rule: WITHDRAW_RULE });
    } else breakUnit(w, u.id, 'crews cut down trying to withdraw to the square', WITHDRAW_RULE);
    // Either way the cavalry may not make a Breakthrough and must Recall or stay in place: here, stay, Blown.
    for (const e of chargers) if (unitIn(w, e.id)) setUs(w, e.id, { charge: undefined, blown: s.position.turn, engaged: true });
    return finishWork(w);
  },
});

/** What a melee reads of the game: the draft's fields, or a side's view (the AI weighs a charge with the same modifiers). */
export type MeleeView = Pick<W, 'battle' | 'rs' | 'tables' | 'options' | 'turn'>;

/** The modifiers `me` fights `foe` with (charging or not), besides its MR. */
export function meleeMods(w: MeleeView, me: Unit, foe: Unit, charging: boolean): Modifier[] {
  const m = w.tables.melee.modifiers;
  const out: Modifier[] = [];
  if (armOf(me) === 'cavalry' && armOf(foe) === 'infantry' && foe.formation !== 'square') out.push({ label: 'cavalry against infantry not in square', value: m.cavalryVsInfantryNotSquare, rule: MELEE_RULE });
  if (me.formation === 'square' && armOf(foe) === 'cavalry') {
    out.push({ label: 'square against cavalry', value: m.squareVsCavalry, rule: MELEE_RULE });
    if (w.options.squareSupport && w.battle.units.some((q) => q.side === me.side && q.id !== me.id && q.formation === 'square' && unitDistance(q.stands, me.stands) <= inMm(w.tables.reach.squareSupportIn) + 0.5)) out.push({ label: 'square supported by a square within 3"', value: m.supportedSquare, rule: SQUARES_RULE });
    const sm = us(w.rs, me.id).squareMoved;
    const d = divisionOf(w.rs, me.id);
    const movedYet = d ? w.rs.divisions[d]!.movedThisTurn : false;
    if (sm !== undefined && (sm === w.turn || (sm === w.turn - 1 && !movedYet))) out.push({ label: 'moving square (moved in its last movement opportunity)', value: m.movingSquare, rule: MOVING_SQUARE_MELEE_RULE });
  }
  if (charging && contactSide(foe, me) !== 'front') out.push({ label: `charging the ${contactSide(foe, me)}`, value: m.flankOrRear, rule: MELEE_RULE });
  if (!charging && armOf(me) === 'infantry' && me.formation !== 'square' && combatDeployed(w.battle, w.rs, w.tables, me)) out.push({ label: 'Combat Deployed', value: m.combatDeployed, rule: 'AS 8.1.2b Combat Deployment and Terrain' });
  if (w.options.lancers && flag(me, 'lancers') && qualityOf(me) !== 'second-rate' && qualityOf(me) !== 'militia' && armOf(foe) === 'infantry' && !sectorOf(w.battle, foe) && !foe.extra['inCover']) out.push({ label: 'lancers against infantry in the open', value: m.lancersVsInfantryInOpen, rule: LANCERS_RULE });
  if (us(w.rs, me.id).staggered) out.push({ label: 'Staggered', value: m.staggered, rule: MELEE_RULE });
  if (underNewOrder(w.rs, me)) out.push({ label: 'division under a New Order (-1 MR)', value: m.newOrder, rule: NEW_ORDER_RULE });
  if (!charging && sectorOf(w.battle, me)) out.push({ label: 'defending a town sector', value: m.defendingTown, rule: 'AS 13.6 Town Sector Melee' });
  return out;
}

/** The MR a unit fights with: DisMR when Blown (11.4) or after a failed hasty square (8.2); crews' MR for artillery. */
export function fightingMr(w: Pick<W, 'rs' | 'tables'>, u: Unit): { value: number; label: string; rule: string } {
  const st = us(w.rs, u.id);
  if (armOf(u) === 'artillery') return { value: w.tables.morale.artilleryCrewMr, label: 'crews\' MR', rule: 'AS 8.5 and 11.0 (crews\' "artificially high MR")' };
  if (armOf(u) === 'cavalry' && st.blown !== undefined) return { value: dismrOf(w.tables, u), label: 'DisMR (Blown)', rule: 'AS 11.4 Rallying, Recalling, and Reforming' };
  if (st.hastyFailed) return { value: dismrOf(w.tables, u), label: 'DisMR (failed hasty square)', rule: HASTY_AMENDED_RULE };
  return { value: mrOf(w.tables, u), label: 'MR', rule: MELEE_RULE };
}

/** One melee between a charger and its target. Returns the winner's id. */
export function fightMelee(w: W, aId: string, dId: string): string | undefined {
  const a = unitIn(w, aId), d = unitIn(w, dId);
  if (!a || !d) return undefined;
  const am = fightingMr(w, a), dm = fightingMr(w, d);
  const aMods = [{ label: am.label, value: am.value, rule: am.rule }, ...meleeMods(w, a, d, true)];
  const dMods = [{ label: dm.label, value: dm.value, rule: dm.rule }, ...meleeMods(w, d, a, false)];
  setUs(w, aId, { engaged: true });
  setUs(w, dId, { engaged: true });
  for (let round = 1; round <= 30; round++) {
    const again = round > 1 ? ' (tie re-rolled)' : '';
    const ra = w.ctx.roll({ dice: 'd6', purpose: `Melee: ${a.name} charging ${d.name}${again}`, rule: round > 1 ? TIES_RULE : MELEE_RULE, modifiers: aMods, subjects: [aId, dId] });
    const rd = w.ctx.roll({ dice: 'd6', purpose: `Melee: ${d.name} against ${a.name}${again}`, rule: round > 1 ? TIES_RULE : MELEE_RULE, modifiers: dMods, subjects: [aId, dId] });
    if (ra.modified === rd.modified) continue;
    const [win, lose, margin] = ra.modified > rd.modified ? [a, d, ra.modified - rd.modified] : [d, a, rd.modified - ra.modified];
    w.ctx.emit({ type: 'MeleeWon', winner: win.id, loser: lose.id, margin, rule: MELEE_RULE });
    if (margin >= w.tables.melee.breakMargin) {
      fallBack(w, lose.id, win, { broken: true });
      breakUnit(w, lose.id, `beaten by ${margin} in melee`, MELEE_RULE);
    } else {
      addKills(w, lose.id, w.tables.melee.loserKills, `lost the melee with ${win.name}`, MELEE_RULE);
      if (unitIn(w, lose.id)) fallBack(w, lose.id, win);
    }
    setUs(w, aId, { charge: undefined });
    if (unitIn(w, win.id) && armOf(win) === 'cavalry') {
      // 11.4: after a victorious melee cavalry Recall (here: rally in place) and are Blown until they reform.
      setUs(w, win.id, { blown: w.turn });
      w.ctx.emit({ type: 'Blown', unit: win.id, rule: 'AS 11.4 Rallying, Recalling, and Reforming' });
    }
    return win.id;
  }
  return undefined;
}

export const PAIR_OFF_RULE = 'AS 13.6 Town Sector Melee (pair off as Sec. 11.2.6)';

/**
 * 13.6 Town Sector Melee: "If Multiple unit melees occur, because both sides have 'fed' Formed units
 * into a town of several sectors, Pair-off the combats" — "it might be possible to support an attacked
 * friendly sector by charging into a sector from which an enemy attack is being launched, thereby
 * negating his charge in the Pair-off procedure". A town charge (out of a sector, or at a unit in one)
 * whose charger is itself charged and in contact is negated: the charger fights the unit charging it,
 * as a defender, and its own target is not attacked by it (RULINGS.md).
 */
export function pairOff(w: W): void {
  for (const x of [...w.battle.units]) {
    const c = us(w.rs, x.id).charge;
    if (!c || c.turn < 0) continue;
    const target = unitIn(w, c.target);
    const town = c.fromSector !== undefined || (target !== undefined && sectorOf(w.battle, target) !== undefined);
    if (!town) continue;
    const by = w.battle.units.find((e) => e.side !== x.side && us(w.rs, e.id).charge?.target === x.id && inContact(e, x));
    if (!by) continue;
    setUs(w, x.id, { charge: undefined });
    w.ctx.emit({ type: 'ChargeNegated', unit: x.id, target: c.target, by: by.id, rule: PAIR_OFF_RULE });
  }
}

/** Every charge in contact, fought in the order the charges were made (battle order of the chargers); town melees paired off first. */
export function resolveMelees(w: W): void {
  pairOff(w);
  for (let guard = 0; guard < 200; guard++) {
    const next = w.battle.units.find((u) => { const c = us(w.rs, u.id).charge; return c !== undefined; });
    if (!next) break;
    const c = us(w.rs, next.id).charge!;
    const t = unitIn(w, c.target);
    if (!t || !inContact(next, t)) { setUs(w, next.id, { charge: undefined }); continue; }
    if (us(w.rs, t.id).abandoned) { setUs(w, next.id, { charge: undefined, blown: armOf(next) === 'cavalry' ? w.turn : undefined }); continue; }
    const winner = fightMelee(w, next.id, t.id);
    // Victorious charging cavalry are entitled to a Breakthrough (made after every melee: see breakthrough.ts); a Breakthrough's winner is not.
    if (winner === next.id && c.turn >= 0 && armOf(next) === 'cavalry' && unitIn(w, next.id)) setUs(w, next.id, { breakthrough: w.turn });
  }
  formFailedHastySquares(w);
}

/** 8.2: infantry that failed the hasty square roll and survived form square at the end of the melee phase (before Breakthrough charges). */
export function formFailedHastySquares(w: W): void {
  for (const u of w.battle.units) {
    if (!us(w.rs, u.id).hastyFailed || u.formation === 'square' || us(w.rs, u.id).fallback !== undefined) continue;
    const stands = layoutFor(u, 'square');
    if (!placementProblem(w.battle, u, stands)) {
      reform(w, u.id, 'square', stands);
      setUs(w, u.id, { squareFormed: w.turn, hasty: true });
      w.ctx.emit({ type: 'FormationChanged', unit: u.id, formation: 'square', rule: HASTY_AMENDED_RULE });
    }
  }
}

export { CHARGE_RULE };

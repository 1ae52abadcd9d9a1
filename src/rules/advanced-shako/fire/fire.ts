/**
 * Fire: the artillery phase (batteries: roundshot, canister 9.2) and the musketry phase (infantry
 * volleys, skirmishers). A D6 plus modifiers read on the fire table (house values: the base book's)
 * gives a kill, a stagger or nothing (established: a second stagger is a kill). Amendments here:
 * 9.2 canister targeting, 10.3 British/Elite/Guard volleys at chargers, 11.0 massed columns staggered
 * by their target's volley, 12.1 Fallback counts as staggered, 12.2 New Order -1, 13.6 town sectors.
 */
import { z } from 'zod';
import { defineCommand, reject, type Change, type Modifier, type Rejection } from '../../../engine/ruleset';
import { finishWork, unitIn } from '../../../engine/workingState';
import type { Unit } from '../../../engine/model';
import { unitDistance } from '../../../geometry/measure';
import { inFrontArc } from '../../../geometry/zones';
import type { ShOptions } from '../options';
import type { ShTables } from '../tables';
import type { S, ShState, W } from '../state';
import { armOf, isBritish, nationOf, qualityOf, setUs, us, work, inMm, mmIn } from '../state';
import { directlyAhead, frameOf, inArc, inContact, sectorOf, sees } from '../geo';
import { NEW_ORDER_RULE, underNewOrder } from '../morale/tests';
import { addKills, addStagger } from '../morale/losses';
import { massedColumnStaggered } from './massedColumns';
import { withId } from '../../../engine/ids';

export const FIRE_RULE = 'SHAKO fire (established: kills and staggers; results: house table)';
export const CANISTER_RULE = 'AS 9.2 Artillery canister targeting';
export const VOLLEY_RULE = 'AS 10.3 British, Elite and Guard firepower';
export const TOWN_FIRE_RULE = 'AS 13.6 Town Sectors and Musketry';

export type FireKind = 'musketry' | 'skirmish' | 'roundshot' | 'canister';

export interface FirePlan {
  readonly ok: true;
  readonly kind: FireKind;
  /** The unit that receives potential kills (9.2: the nearest in the canister pattern). */
  readonly receiver: Unit;
  /** 13.6: every unit attacking the defender's sector, each may be staggered. */
  readonly alsoStaggered: readonly Unit[];
  readonly modifiers: Modifier[];
  readonly distanceIn: number;
}
export type FireRefusal = { readonly ok: false; readonly code: string; readonly reason: string; readonly rule: string };

/** Is `t` charging `firer` (in contact after a charge at it this turn)? 10.3 "targets in contact". */
const chargingAt = (rs: ShState, t: Unit, firer: Unit): boolean => us(rs, t.id).charge?.target === firer.id;

export function planFire(s: { battle: S['battle']; ruleset: ShState; tables: ShTables; phase: string }, u: Unit, t: Unit): FirePlan | FireRefusal {
  const st = us(s.ruleset, u.id);
  const no = (code: string, reason: string, rule = FIRE_RULE): FireRefusal => ({ ok: false, code, reason, rule });
  if (t.side === u.side) return no('not-enemy', 'Fire at an enemy unit.');
  if (st.fired) return no('fired', `${u.name} has fired this turn.`);
  if (st.fallback !== undefined) return no('fallback', `${u.name} is in Fallback.`);
  if (st.abandoned) return no('abandoned', `${u.name}'s crews are in a square.`, 'AS 8.5 and 11.0 Artillery crews');
  if (us(s.ruleset, t.id).abandoned) return no('abandoned-target', `${t.name}'s guns are abandoned, their crews in a square: nobody there to hit (house reading).`, 'AS 8.5 and 11.0 Artillery crews');
  if (st.hastyFailed) return no('hasty-failed', `${u.name} failed its hasty square roll: such units may not fire.`, 'AS 8.2 Hasty Squares (rule change: failure)');
  if (st.noFire) return no('new-line', 'A line formed from a staggered charging column may not fire this turn.', 'AS 11.0 and 11.2.4 Massed column attacks');
  const arm = armOf(u);
  if (s.phase === 'artillery' && arm !== 'artillery') return no('phase', 'Only artillery fires in the artillery phase.', 'SHAKO sequence (established)');
  if (s.phase === 'musketry' && arm !== 'infantry') return no('phase', 'Infantry fire in the musketry phase.', 'SHAKO sequence (established)');
  if (arm === 'cavalry') return no('cavalry', 'Cavalry do not fire.');
  if (u.formation === 'square' && arm === 'infantry') return no('square', 'Infantry may not volley fire when in square.', 'AS 8.5 and 11.0 Artillery crews (infantry in square do not volley)');
  if (inContact(u, t) && arm !== 'infantry') return no('contact', 'Batteries do not fire at units in contact.');
  const distanceIn = mmIn(unitDistance(u.stands, t.stands));
  const f = s.tables.fire;
  const mods: Modifier[] = [];
  const sector = sectorOf(s.battle, u);
  let kind: FireKind;
  let receiver = t;
  let alsoStaggered: Unit[] = [];
  if (arm === 'artillery') {
    const enemies = s.battle.units.filter((e) => e.side !== u.side && !inContact(u, e));
    // 9.2: canister is compulsory only at a target directly to the front.
    const ahead = enemies.filter((e) => directlyAhead(u, e, f.canisterRangeIn)).sort((a, b) => unitDistance(u.stands, a.stands) - unitDistance(u.stands, b.stands));
    const inPattern = enemies.filter((e) => inArc(u, e, f.arcDeg, f.canisterRangeIn) && sees(s.battle, u, e));
    const canisterTarget = inPattern.some((e) => e.id === t.id) || ahead.some((e) => e.id === t.id);
    if (ahead.length > 0 && !canisterTarget) return no('canister-compulsory', `${ahead[0]!.name} is directly to the front within canister range: canister is compulsory.`, CANISTER_RULE);
    if (canisterTarget && distanceIn <= f.canisterRangeIn) {
      kind = 'canister';
      // "once the canister pattern is laid, the nearest target must be that which receives potential kills".
      const nearest = [...inPattern, ...ahead].sort((a, b) => unitDistance(u.stands, a.stands) - unitDistance(u.stands, b.stands))[0];
      if (nearest) receiver = nearest;
    } else {
      if (!inArc(u, t, f.arcDeg, f.roundshotRangeIn)) return no('range', `${t.name} is not within ${f.roundshotRangeIn}" in the battery's 45 degree arc.`);
      kind = 'roundshot';
    }
    if (t.formation === 'column' || t.formation === 'square') mods.push({ label: `target in ${t.formation}`, value: f.modifiers.targetColumnOrSquareByArtillery, rule: FIRE_RULE });
  } else {
    kind = u.formation === 'skirmish' ? 'skirmish' : 'musketry';
    const range = kind === 'skirmish' ? f.skirmishRangeIn : f.musketRangeIn;
    if (distanceIn > range + 0.01) return no('range', `${t.name} is ${distanceIn.toFixed(1)}" away; ${kind} reaches ${range}".`);
    if (sector && chargingAt(s.ruleset, t, u)) {
      // 13.6: the defender fires from any sector side; every attacker may be staggered, one receives kills.
      alsoStaggered = s.battle.units.filter((e) => e.side !== u.side && e.id !== t.id && us(s.ruleset, e.id).charge?.target === u.id);
    } else if (kind === 'musketry' && !inFrontArc(frameOf(u), Math.PI / 4, inMm(range), t.stands)) return no('arc', `${t.name} is not in ${u.name}'s front arc.`);
    if (!sees(s.battle, u, t) && !inContact(u, t)) return no('sight', `${u.name} cannot see ${t.name}.`);
    if (kind === 'musketry' && chargingAt(s.ruleset, t, u) && !st.moved && !st.staggered && (qualityOf(u) === 'elite' || qualityOf(u) === 'guard' || (isBritish(u, nationOf(s.battle, u)) && qualityOf(u) !== 'militia' && qualityOf(u) !== 'second-rate')))
      mods.push({ label: 'British regulars / Elite / Guard, stationary and steady, at chargers', value: f.modifiers.britishEliteGuardVsChargers, rule: VOLLEY_RULE });
    if (t.formation === 'skirmish') mods.push({ label: 'target skirmishers', value: f.modifiers.targetSkirmishers, rule: FIRE_RULE });
  }
  if (st.staggered) mods.push({ label: 'firer Staggered', value: f.modifiers.firerStaggered, rule: FIRE_RULE });
  // 13.6: attackers of a sector are in the open; a defender in a sector is in cover.
  if (sectorOf(s.battle, receiver) && !chargingAt(s.ruleset, u, receiver)) mods.push({ label: 'target in a town sector', value: f.modifiers.targetInTown, rule: TOWN_FIRE_RULE });
  if (underNewOrder(s.ruleset, u)) mods.push({ label: 'division under a New Order (-1 MR)', value: f.modifiers.newOrder, rule: NEW_ORDER_RULE });
  return { ok: true, kind, receiver, alsoStaggered, modifiers: mods, distanceIn };
}

/** Resolve a planned fire on the draft: one D6 for the receiver, and one for each other sector attacker (13.6). */
export function resolveFire(w: W, u: Unit, plan: FirePlan): void {
  const row = w.tables.fire[plan.kind];
  const roll = (t: Unit, killsAllowed: boolean) => w.ctx.roll({
    dice: 'd6', purpose: `${plan.kind === 'musketry' ? 'Volley' : plan.kind === 'skirmish' ? 'Skirmish fire' : plan.kind === 'canister' ? 'Canister' : 'Roundshot'}: ${u.name} at ${t.name}`,
    rule: plan.kind === 'canister' ? CANISTER_RULE : FIRE_RULE, modifiers: plan.modifiers, subjects: [u.id, t.id],
    table: { id: 'fire', row: plan.kind },
    outcome: (v) => (v.modified >= row.killOn && killsAllowed ? 'kill' : v.modified >= row.staggerOn ? 'stagger' : 'no effect'),
  });
  const targets = [plan.receiver, ...plan.alsoStaggered];
  for (const t of targets) {
    if (!unitIn(w, t.id)) continue;
    const r = roll(t, t.id === plan.receiver.id);
    const kill = r.modified >= row.killOn && t.id === plan.receiver.id;
    if (kill) addKills(w, t.id, 1, `${u.name}'s fire`, FIRE_RULE);
    else if (r.modified >= row.staggerOn) {
      const wasSteady = !us(w.rs, t.id).staggered;
      addStagger(w, t.id, `${u.name}'s fire`, FIRE_RULE);
      if (wasSteady && unitIn(w, t.id) && us(w.rs, t.id).charge?.target === u.id) massedColumnStaggered(w, t.id);
    }
  }
}

type FireCmd = { type: 'fire'; side: string; unit: string; target: string };
export const fire = defineCommand<ShState, ShOptions, ShTables, FireCmd>({
  describe: 'Fire at an enemy unit: batteries in the artillery phase (roundshot or canister), infantry in the musketry phase.',
  schema: z.object({ type: z.literal('fire'), side: z.string(), unit: z.string(), target: z.string() }).strict(),
  handle(s: S, c, ctx): Change<ShState> | Rejection {
    const u = s.battle.units.find((x) => x.id === c.unit);
    if (!u || u.side !== c.side) return reject('not-yours', 'Fire with one of your own units.', FIRE_RULE);
    const t = s.battle.units.find((x) => x.id === c.target);
    if (!t) return reject('no-target', 'Choose an enemy unit.', FIRE_RULE);
    const p = planFire({ battle: s.battle, ruleset: s.ruleset, tables: s.tables, phase: s.position.phase }, u, t);
    if (!p.ok) return reject(p.code, p.reason, p.rule);
    const w = work(s, ctx);
    setUs(w, u.id, { fired: true });
    // 13.6 Burning: count the batteries bombarding each sector this turn.
    if (armOf(u) === 'artillery') {
      const sector = sectorOf(w.battle, p.receiver);
      if (sector) w.rs = { ...w.rs, bombarded: withId(w.rs.bombarded, sector.id, (w.rs.bombarded[sector.id] ?? 0) + 1) };
    }
    resolveFire(w, u, p);
    return finishWork(w);
  },
});

/**
 * DoG CHARGE PHASE: the player with the initiative declares charges; the other states his
 * reactions and declares his countercharges and charges; the initiative reacts to those
 * (sequence/turn.ts). Then every charge is resolved: reaction tests, stand-and-fire at the
 * fraction of the charge move still to go, evasions, and the charger moved into contact through
 * the geometry's `reachTarget` and movement core — or stopped short, unformed, to take a control
 * test. Restrictions (DoG Charge Restrictions) decide whether the charge earns impact factors.
 */
import { z } from 'zod';
import type { Unit } from '../../../engine/model';
import { defineCommand, reject } from '../../../engine/ruleset';
import { finishWork, setStands, unitIn } from '../../../engine/workingState';
import { reachTarget, type ReachAnswer } from '../../../geometry/reach';
import { traceMove, moveUntilContact } from '../../../geometry/moveCore';
import { standIndexOf, terrainIndexOf } from '../../../geometry/sightCache';
import { unitsOverlap } from '../../../geometry/units';
import type { TerrainFeature } from '../../../engine/model';
import type { DogOptions } from '../options';
import type { DogTables } from '../tables';
import { CHARGE_BONUS_RULE, STRAIGHT_RUN, MORALE_MODIFIERS as MM } from '../tables';
import type { DogState, S, W, Reaction, Charge } from '../state';
import { us, setUs, work, hasTag, centreOf, firstSide } from '../state';
import { allowanceMm, withPoses, terrainClass } from '../movement/moves';
import { layoutFor, placementProblem } from '../movement/formations';
import { terrainUnder } from '../geo';
import { reactionTest, controlTest } from '../morale/tests';
import { testAndApply } from '../morale/outcomes';
import { retire, flee } from '../movement/compulsory';
import { planFire } from '../fire/plan';
import { resolveFire } from '../fire/fire';
import { applyControl } from '../morale/control';
import { setFormation } from '../../../engine/workingState';
import type { Face } from '../../../geometry/frame';
import { hasFlanks, faceToward, wheelToFace, FACE_TIME_SHARE } from '../melee/faces';
import { withId } from '../../../engine/ids';

export const CHARGE_RULE = 'DoG CHARGE PHASE';
export const RESTRICT_RULE = 'DoG Charge Restrictions';
export const PROCEDURE_RULE = 'DoG Charge Procedure';
/** DoG Charge Reaction Test: "If a unit fails by 20%, it must about turn (1/4 move) and evade": the about turn takes a quarter of the move. */
const ABOUT_TURN_SHARE = 0.25;

type Ctx = { battle: S['battle']; rs: DogState; tables: DogTables; options: DogOptions; turn: number };

const closedKinds = (t: TerrainFeature) => t.kind === 'wood' || t.kind === 'village' || t.kind === 'building' || t.kind === 'marsh';

export function chargeReachMm(c: { tables: DogTables; rs: DogState }, u: Unit): number {
  return allowanceMm(c.tables, u, us(c.rs, u.id)) + (u.arm === 'cavalry' ? c.tables.chargeBonus.cavalry : c.tables.chargeBonus.infantry);
}

export interface ChargeVerdict {
  readonly ok: boolean;
  readonly reason?: string;
  readonly rule?: string;
  readonly reach?: ReachAnswer;
  /** Eligible for impact factors (an assault is not). */
  readonly impact?: boolean;
  readonly why?: string;
  readonly unforms?: boolean;
}

/** Can `u` charge `t` now, and does it earn impact factors (DoG Charge Restrictions)? */
export function chargeProblem(c: Ctx, u: Unit, t: Unit, opts: { counter?: boolean; resolving?: boolean } = {}): ChargeVerdict {
  const st = us(c.rs, u.id);
  const no = (reason: string, rule: string): ChargeVerdict => ({ ok: false, reason, rule });
  if (t.side === u.side) return no('Charge the enemy.', CHARGE_RULE);
  if (u.arm === 'artillery') return no('Artillery does not charge.', CHARGE_RULE);
  if (st.morale === 'routing' || st.morale === 'retreating') return no(`${u.name} is ${st.morale}.`, CHARGE_RULE);
  if (st.fatigue >= 3) return no(`${u.name} is utterly exhausted.`, 'DoG EFFECTS OF FATIGUE/EXHAUSTION');
  if (st.halted && !opts.counter) return no(`${u.name} is halted this turn.`, 'DoG MORALE How?');
  if (st.busyUntil >= c.turn) return no(`${u.name} is changing formation.`, 'DoG FORMATION CHANGES');
  if (c.rs.melees.some((m) => m.a === u.id || m.b === u.id)) return no(`${u.name} is in melee.`, 'DoG MELÉE');
  // "All units may not charge into an existing melee"
  if (!opts.resolving && c.rs.melees.some((m) => m.a === t.id || m.b === t.id)) return no(`${t.name} is in melee: units may not charge into an existing melee.`, RESTRICT_RULE);
  if (u.formation === 'skirmish' && t.formation !== 'skirmish') return no('Skirmishers may only charge other skirmishers.', 'DoG CHARGE PHASE, Notes');
  if (!opts.counter) {
    const o = c.rs.orders[u.parent]?.order;
    if (o && o !== 'attack') return no(`Its brigade's order is to ${o}: it may countercharge but not charge (HOUSE).`, 'DoG Orders');
    if (st.control?.kind === 'stand' || st.control?.kind === 'retire') return no(`${u.name} may not advance (control test).`, 'DoG CONTROL');
  }
  if (!opts.resolving && c.rs.charges.some((x) => x.unit === u.id)) return no(`${u.name} has declared a charge already.`, CHARGE_RULE);
  let impact = true;
  let why: string | undefined;
  let unforms = false;
  // "Cavalry may not charge/assault out of or into woods/villages/towns"; "Infantry may not charge out of or into woods,
  // villages, towns … may assault instead"; "Infantry charging/assaulting … into woods and buildings … become unformed" (into, not out of).
  const outOf = terrainUnder(c.battle, u).some(closedKinds), into = terrainUnder(c.battle, t).some(closedKinds);
  if (outOf || into) {
    if (u.arm === 'cavalry') return no('Cavalry may not charge/assault out of or into woods/villages/towns.', RESTRICT_RULE);
    impact = false; why = `an assault ${into ? 'into' : 'out of'} woods or buildings (no impact factors)`; unforms = into;
  }
  const reach = reachTarget(u.stands, t.stands, { maxWheelRad: (c.options.chargeWheelDeg * Math.PI) / 180, maxDistanceMm: chargeReachMm(c, u), centreOnFace: true });
  if (!reach.reachable) return no(`${t.name} is out of reach (${reach.reason ?? 'no path'}).`, CHARGE_BONUS_RULE);
  const trace = traceMove(u.stands, reach.legs, { others: standIndexOf(c.battle.units), ignore: (id) => id === u.id || id === t.id, table: c.battle.table, terrain: terrainIndexOf(c.battle.terrain) });
  // "Troops of both sides may charge through skirmishers."
  const met = trace.meetings.find((m) => !m.atStart && c.battle.units.find((x) => x.id === m.unitId)?.formation !== 'skirmish');
  if (met) return no(`${c.battle.units.find((x) => x.id === met.unitId)?.name ?? 'another unit'} is in the way.`, CHARGE_RULE);
  if (c.battle.units.some((o) => o.id !== u.id && o.id !== t.id && o.formation !== 'skirmish' && unitsOverlap(reach.aligned, o.stands))) return no('There is no room to close with the target.', CHARGE_RULE);
  for (const x of trace.terrain) {
    const k = terrainClass(x.feature as TerrainFeature);
    const name = (x.feature as TerrainFeature).name;
    const slope = k === 'mediumSlope' || k === 'steepSlope' || k === 'extremeSlope';
    // A charger that starts on a slope and moves on or off it charges down it (RULINGS.md): "Cavalry may not charge/assault up or
    // down medium, steep and extreme steep slopes"; "Infantry charging/assaulting up or down medium, steep and extreme steep slopes … become unformed".
    if (!x.entered) {
      if (x.atStart && slope) { if (u.arm === 'cavalry') return no(`Cavalry may not charge down ${name} (${k === 'mediumSlope' ? 'medium' : 'steep'} slope).`, RESTRICT_RULE); unforms = true; }
      continue;
    }
    // "All units may not charge up steep slopes"; "Infantry may not charge up steep and extreme steep slopes (but they may assault)".
    if (k === 'steepSlope' || k === 'extremeSlope') { if (u.arm === 'cavalry') return no(`No charge up ${name} (steep).`, RESTRICT_RULE); impact = false; why = `an assault up ${name}`; unforms = true; }
    if (k === 'mediumSlope') { if (u.arm === 'cavalry') return no(`Cavalry may not charge up or down ${name} (medium slope).`, RESTRICT_RULE); unforms = true; }
    // Woods, villages (and marsh, HOUSE) on the way: the charge goes into them.
    if (k === 'openWood' || k === 'denseWood' || k === 'buildings') { if (u.arm === 'cavalry') return no(`Cavalry may not charge/assault into ${name}.`, RESTRICT_RULE); impact = false; why = `an assault into ${name}`; unforms = true; }
    if (k === 'lowWall' || k === 'highWall') { if (u.arm === 'cavalry') return no(`Cavalry may not charge across ${name}.`, RESTRICT_RULE); impact = false; why = `an assault across ${name}`; unforms = unforms || k === 'highWall'; }
    if (k === 'impassable') return no(`${name} is impassable.`, 'DoG Movement Costs');
  }
  // "the last 50m (infantry) and 150m (cavalry) of a charge must be in a straight line"
  const straight = STRAIGHT_RUN[u.arm === 'cavalry' ? 'cavalry' : 'infantry'];
  const wheeled = Math.abs(reach.wheelRad) > 1e-3;
  if (impact && wheeled && reach.straightMm < straight - 0.5) { impact = false; why = `only ${Math.round(reach.straightMm)} m straight after its wheel (needs ${straight} m)`; }
  return { ok: true, reach, impact, ...(why ? { why } : {}), unforms };
}

type DeclareCmd = { type: 'declareCharge'; side: string; unit: string; target: string };
export const declareCharge = defineCommand<DogState, DogOptions, DogTables, DeclareCmd>({
  describe: 'Declare a charge or assault on an enemy unit in reach (DoG Charge Procedure).',
  schema: z.object({ type: z.literal('declareCharge'), side: z.string(), unit: z.string(), target: z.string() }).strict(),
  handle(s: S, c, ctx) {
    const u = s.battle.units.find((x) => x.id === c.unit);
    const t = s.battle.units.find((x) => x.id === c.target);
    if (!u || u.side !== c.side) return reject('not-yours', 'Charge with one of your own units.', CHARGE_RULE);
    if (!t) return reject('no-target', 'Choose an enemy unit to charge.', CHARGE_RULE);
    const counter = s.ruleset.charges.some((x) => x.unit === t.id && x.target === u.id);
    if (s.position.step === 'counter' && !counter) return reject('counter-only', 'Now only countercharges against charging troops may be declared.', PROCEDURE_RULE);
    if (s.ruleset.charges.some((x) => x.target === u.id) && !counter) return reject('charged', `${u.name} is being charged: it may react or countercharge its charger.`, PROCEDURE_RULE);
    const v = chargeProblem({ battle: s.battle, rs: s.ruleset, tables: s.tables, options: s.options, turn: s.position.turn }, u, t, { counter });
    if (!v.ok && !counter) return reject('cannot-charge', v.reason!, v.rule!);
    // "Infantry being charged by infantry may counter-charge"; "Cavalry being charged may counter-charge"; "Skirmishers must evade a charge by formed troops" (no battery countercharges).
    if (counter && !reactionsFor(s.tables, u, t).includes('countercharge')) return reject('no-counter', `${u.name} may not countercharge ${t.name}: only infantry charged by infantry and cavalry may (skirmishers charged by formed troops evade).`, PROCEDURE_RULE);
    const w = work(s, ctx);
    // The face it comes at, from the geometry: the quarter of the target's base holding the charger's centre (melee/faces.ts).
    const face: Face = counter || !hasFlanks(t) ? 'front' : (v.reach?.face ?? faceToward(t, u));
    const ch: Charge = { side: c.side, unit: u.id, target: t.id, ...(counter ? { counter: true } : {}), ...(face !== 'front' ? { face } : {}) };
    w.rs = { ...w.rs, charges: [...w.rs.charges, ch], ...(counter ? { reactions: withId(w.rs.reactions, u.id, 'countercharge' as Reaction) } : {}) };
    return finishWork(w, [{ type: counter ? 'CounterchargeDeclared' : 'ChargeDeclared', unit: u.id, target: t.id, impact: v.ok ? v.impact : true, ...(v.why ? { why: v.why } : {}), ...(face !== 'front' ? { face } : {}), rule: PROCEDURE_RULE }]);
  },
});

/** The reactions open to `t` charged by `by` on `face` (DoG Charge Procedure). */
export function reactionsFor(tables: DogTables, t: Unit, by: Unit, face: Face = 'front'): Reaction[] {
  if (t.formation === 'skirmish' && by.formation !== 'skirmish') return ['evade']; // "Skirmishers must evade a charge by formed troops."
  const out: Reaction[] = ['stand'];
  // "Units charged in flank or rear may wheel to face the threat (wheeling takes 1/4 turn)" — not a battery (its refacing is in the FORMATION CHANGES table).
  if (face !== 'front' && hasFlanks(t) && t.arm !== 'artillery') out.push('face');
  if (t.arm === 'infantry' && by.arm === 'cavalry' && t.formation !== 'square') out.push('square');
  if ((t.arm === 'infantry' && by.arm === 'infantry') || t.arm === 'cavalry') out.push('countercharge');
  if ((t.arm === 'cavalry' && hasTag(tables, t, 'light')) || (t.arm === 'artillery' && t.formation === 'unlimbered')) out.push('evade');
  return out;
}

type ReactCmd = { type: 'reactToCharge'; side: string; unit: string; reaction: 'stand' | 'square' | 'evade' | 'face' };
export const reactToCharge = defineCommand<DogState, DogOptions, DogTables, ReactCmd>({
  describe: 'State the reaction of a unit receiving a charge: stand (and fire), form square, evade, or wheel to face a charge in flank or rear (DoG Charge Procedure).',
  schema: z.object({ type: z.literal('reactToCharge'), side: z.string(), unit: z.string(), reaction: z.enum(['stand', 'square', 'evade', 'face']) }).strict(),
  handle(s: S, c, ctx) {
    const t = s.battle.units.find((x) => x.id === c.unit);
    if (!t || t.side !== c.side) return reject('not-yours', 'React with one of your own units.', PROCEDURE_RULE);
    const ch = s.ruleset.charges.find((x) => x.target === t.id && x.side !== c.side);
    const by = ch && s.battle.units.find((x) => x.id === ch.unit);
    if (!ch || !by) return reject('not-charged', `${t.name} is not being charged.`, PROCEDURE_RULE);
    // DoG Charge Procedure: a countercharge is the unit's reaction to its charger ("Cavalry being charged may
    // counter-charge"); having declared it, the unit charges, and may not also stand, form square, evade or face.
    if (s.ruleset.reactions[t.id] === 'countercharge') {
      const at = s.ruleset.charges.find((x) => x.unit === t.id && x.counter);
      const whom = at ? s.battle.units.find((x) => x.id === at.target)?.name ?? at.target : by.name;
      return reject('countercharging', `${t.name} has declared a countercharge against ${whom}: it charges, and makes no other reaction.`, PROCEDURE_RULE);
    }
    const open = reactionsFor(s.tables, t, by, ch.face);
    if (!open.includes(c.reaction)) return reject('no-reaction', `${t.name} may not ${c.reaction === 'face' ? 'wheel to face: it is charged in front' : c.reaction} (it may ${open.join(', ')}).`, PROCEDURE_RULE);
    const w = work(s, ctx);
    w.rs = { ...w.rs, reactions: withId(w.rs.reactions, t.id, c.reaction) };
    return finishWork(w, [{ type: 'ReactionDeclared', unit: t.id, reaction: c.reaction, rule: PROCEDURE_RULE }]);
  },
});

/** Form square in the face of cavalry (instantly when the reaction test is passed: RULINGS.md). */
function formSquare(w: W, t: Unit): void {
  const stands = layoutFor(t, 'square');
  const bad = placementProblem(w.battle, t, stands);
  if (bad) { w.ctx.emit({ type: 'NoSquare', unit: t.id, why: bad, rule: PROCEDURE_RULE }); return; }
  setStands(w, t.id, withPoses(t.stands, stands));
  setFormation(w, t.id, 'square');
  w.ctx.emit({ type: 'FormationChanged', unit: t.id, formation: 'square', rule: PROCEDURE_RULE });
}

/** The charger moves in: contact and a melee, or stopped short (unformed, a control test). */
function closeIn(w: W, u: Unit, t: Unit, v: ChargeVerdict, counter: boolean, headOn = false): void {
  const again = chargeProblem({ battle: w.battle, rs: w.rs, tables: w.tables, options: w.options, turn: w.turn }, u, t, { counter: true, resolving: true });
  if (again.ok && again.reach) {
    setStands(w, u.id, withPoses(u.stands, again.reach.aligned));
    const impact = (again.impact ?? false) && (v.impact ?? true);
    setUs(w, u.id, { moved: true, movedMm: us(w.rs, u.id).movedMm + again.reach.totalMm, charged: { target: t.id, impact }, ...(again.unforms && us(w.rs, u.id).order === 'formed' ? { order: 'unformed' } : {}) });
    // The face it strikes, from the geometry where it closes (a unit that wheeled to face is struck in front).
    const face: Face = headOn || !hasFlanks(t) ? 'front' : again.reach.face;
    if (!w.rs.melees.some((m) => (m.a === u.id && m.b === t.id) || (m.a === t.id && m.b === u.id))) w.rs = { ...w.rs, melees: [...w.rs.melees, { a: u.id, b: t.id, rounds: 0, ...(face !== 'front' ? { struck: { [t.id]: face } } : {}) }] };
    w.ctx.emit({ type: 'ChargeContact', unit: u.id, target: t.id, impact, distanceM: Math.round(again.reach.totalMm), ...(face !== 'front' ? { face } : {}), ...(again.why ? { why: again.why } : {}), rule: counter ? PROCEDURE_RULE : CHARGE_BONUS_RULE });
    return;
  }
  // Failed to make contact: as far as it can toward the target, unformed, and a control test.
  const reach = reachTarget(u.stands, t.stands, { maxWheelRad: (w.options.chargeWheelDeg * Math.PI) / 180, maxDistanceMm: 1e6, centreOnFace: true });
  if (reach.legs.length > 0) {
    const stop = moveUntilContact(u.stands, reach.legs, { others: standIndexOf(w.battle.units), ignore: (id) => id === u.id, table: w.battle.table, terrain: terrainIndexOf(w.battle.terrain), budgetMm: chargeReachMm(w, u), stopAtEdge: true });
    setStands(w, u.id, withPoses(u.stands, stop.stands));
  }
  setUs(w, u.id, { moved: true, order: us(w.rs, u.id).order === 'disordered' ? 'disordered' : 'unformed' });
  w.ctx.emit({ type: 'ChargeFellShort', unit: u.id, target: t.id, rule: 'DoG CHARGE PHASE, Notes ("All units which fail to make contact become unformed")' });
  const now = unitIn(w, u.id);
  if (now) applyControl(w, now, controlTest(w, now, { reason: 'a charge which failed to make contact', extra: ['enemyStanding'], enemies: [t.id] }));
}

/** Resolve every declared charge, the initiative's first (DoG Charge Procedure). */
export function resolveCharges(w: W): void {
  const first = firstSide({ battle: w.battle, ruleset: w.rs });
  // Every charge before the countercharges that answer it (the initiative's first), so that a
  // countercharge is met as the reaction of the unit charged, never as a charge at the charger.
  const order = [...w.rs.charges].sort((a, b) => (a.counter ? 1 : 0) - (b.counter ? 1 : 0) || (a.side === first ? 0 : 1) - (b.side === first ? 0 : 1));
  const resolved = new Set<string>();
  for (const ch of order) {
    resolved.add(ch.unit);
    const u = unitIn(w, ch.unit), t0 = unitIn(w, ch.target);
    if (!u || !t0) continue;
    if (us(w.rs, u.id).morale === 'routing') continue;
    if (w.rs.melees.some((m) => (m.a === u.id && m.b === t0.id) || (m.a === t0.id && m.b === u.id))) continue; // met by a countercharge already
    const v = chargeProblem({ battle: w.battle, rs: w.rs, tables: w.tables, options: w.options, turn: w.turn }, u, t0, { counter: true, resolving: true });
    // A unit charging its own charger is charging, not "opting to stand or manoeuver": it takes no
    // reaction test (DoG Charge Procedure; "All other troops test morale only if required by combat result").
    const chargesBack = w.rs.charges.some((x) => x.unit === t0.id && x.target === u.id);
    if (chargesBack && resolved.has(t0.id)) {
      // Its own charge is spent (it fell short or halted): the countercharge closes on it where it is, with no test.
      w.ctx.emit({ type: 'ChargeResolved', unit: u.id, target: t0.id, reaction: 'countercharge', rule: PROCEDURE_RULE });
      closeIn(w, u, t0, v, ch.counter === true, true);
      continue;
    }
    const reaction: Reaction = chargesBack ? 'countercharge' : w.rs.reactions[t0.id] ?? (reactionsFor(w.tables, t0, u).includes('evade') && t0.formation === 'skirmish' ? 'evade' : 'stand');
    w.ctx.emit({ type: 'ChargeResolved', unit: u.id, target: t0.id, reaction, rule: PROCEDURE_RULE });
    if (reaction === 'countercharge') {
      // Both charge: they meet, each with its own impact eligibility.
      const back = chargeProblem({ battle: w.battle, rs: w.rs, tables: w.tables, options: w.options, turn: w.turn }, t0, u, { counter: true, resolving: true });
      setUs(w, t0.id, { charged: { target: u.id, impact: back.ok ? (back.impact ?? false) : false }, moved: true });
      closeIn(w, u, t0, v, ch.counter === true, true);
      continue;
    }
    const strength = Math.min(1, v.reach ? v.reach.totalMm / Math.max(1, chargeReachMm(w, u)) : 1);
    const cap = t0.arm === 'infantry' && u.arm === 'cavalry' ? 0.5 : 1; // "infantry being charged by cavalry may only fire at half strength at most"
    if (reaction === 'evade') {
      if (t0.formation === 'skirmish' && u.formation !== 'skirmish') {
        // DoG CHARGE PHASE, Notes: "Skirmishers must evade a charge by formed troops. They may fire one volley before turning tail."
        const plan = planFire(w, t0, u, { reaction: true });
        if (plan.ok) resolveFire(w, t0, u, plan, { strength: Math.min(strength, cap), why: 'one volley before turning tail', atCharger: true });
        if (!unitIn(w, t0.id) || !unitIn(w, u.id)) continue;
      }
      // DoG Skirmishers: "When charged by infantry, skirmishers automatically evade. If charged by cavalry, skirmishers
      // must about face and attempt to evade": the about face takes a quarter of the move, as the Charge Reaction
      // Test's "about turn (1/4 move)" does (RULINGS.md).
      const aboutFace = t0.formation === 'skirmish' && u.arm === 'cavalry';
      flee(w, t0.id, centreOf(u), aboutFace ? 'DoG Skirmishers ("If charged by cavalry, skirmishers must about face and attempt to evade")' : PROCEDURE_RULE, 'evades', aboutFace ? 1 - ABOUT_TURN_SHARE : 1);
      const t1 = unitIn(w, t0.id);
      if (t1) { setUs(w, t1.id, { morale: 'retreating', order: us(w.rs, t1.id).order === 'disordered' ? 'disordered' : 'unformed' }); closeIn(w, u, t1, v, false); }
      continue;
    }
    // Stand (and fire), form square or wheel to face: "Troops opting to stand or manoeuver in the face of a charge … test".
    const wantsSquare = reaction === 'square' && t0.formation !== 'square';
    let wantsFace = reaction === 'face' && !!ch.face && ch.face !== 'front';
    if (wantsFace && strength < FACE_TIME_SHARE) {
      // "(wheeling takes 1/4 turn)": the charger is on it in less than a quarter of its move.
      wantsFace = false;
      w.ctx.emit({ type: 'NoTimeToFace', unit: t0.id, share: Math.round(strength * 100) / 100, rule: 'DoG Charge Procedure ("wheeling takes 1/4 turn")' });
    }
    const test = reactionTest(w, t0, u, wantsSquare);
    let t = unitIn(w, t0.id)!;
    if (test === 'stands') {
      if (wantsSquare) formSquare(w, t);
      if (wantsFace) {
        // "If they stand, they may fire/complete their manoeuver": the wheel instead of a volley.
        const no = wheelToFace(w, t, ch.face!);
        w.ctx.emit(no ? { type: 'CannotFace', unit: t.id, face: ch.face, why: no, rule: PROCEDURE_RULE } : { type: 'TurnedToFace', unit: t.id, face: ch.face, rule: 'DoG Charge Procedure ("Units charged in flank or rear may wheel to face the threat")' });
      }
      t = unitIn(w, t.id)!;
      const plan = planFire(w, t, u, { reaction: true });
      if (plan.ok && !wantsSquare && !wantsFace) resolveFire(w, t, u, plan, { strength: Math.min(strength, cap), why: 'standing to receive the charge', atCharger: true });
    } else if (t.formation === 'square') {
      // "If a unit in square fails, it is shaken. It does not retire nor retreat."
      setUs(w, t.id, { morale: 'shaken' });
      w.ctx.emit({ type: 'UnitShaken', unit: t.id, rule: 'DoG Charge Reaction Test ("If a unit in square fails, it is shaken")' });
    } else if (test === 'ragged') {
      const plan = planFire(w, t, u, { reaction: true });
      if (plan.ok) resolveFire(w, t, u, plan, { strength: 0.25, why: 'a ragged volley', atCharger: true });
      if (unitIn(w, t.id)) retire(w, t.id, centreOf(u), 50, 'DoG Charge Reaction Test ("must retire 50m")');
    } else {
      if (unitIn(w, t.id)) { setUs(w, t.id, { morale: 'retreating', order: 'disordered' }); flee(w, t.id, centreOf(u), 'DoG Charge Reaction Test ("must about turn (1/4 move) and evade (being disordered)")', 'evades', 1 - ABOUT_TURN_SHARE); }
    }
    const u2 = unitIn(w, u.id);
    const t2 = unitIn(w, t.id);
    if (!u2 || !t2 || us(w.rs, u2.id).morale === 'routing') continue;
    // "Charging Light cavalry finding themselves faced with a standing foe must test morale."
    if (u2.arm === 'cavalry' && hasTag(w.tables, u2, 'light') && test === 'stands') {
      const o = testAndApply(w, u2, { reason: 'light cavalry faced with a standing foe', extra: [MM.chargingCav] }, centreOf(t2), false);
      if (o !== 'holds') { w.ctx.emit({ type: 'ChargeHalted', unit: u2.id, rule: 'DoG MORALE How? ("advancing/charging units halt")' }); continue; }
    }
    if (us(w.rs, u2.id).halted && us(w.rs, u2.id).morale !== 'steady') { w.ctx.emit({ type: 'ChargeHalted', unit: u2.id, rule: 'DoG MORALE How?' }); continue; }
    closeIn(w, unitIn(w, u2.id)!, unitIn(w, t2.id)!, v, false);
  }
  w.rs = { ...w.rs, charges: [], reactions: {} };
}

export { placementProblem };

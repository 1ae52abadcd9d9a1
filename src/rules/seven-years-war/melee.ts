/** Charges and close combat (SYW 6 Melee pp.12-15, 7 Rout and Pursuit pp.15-16, §4 p.10). */
import { z } from 'zod';
import { defineCommand, reject } from '../../engine/ruleset';
import type { Modifier, Rejection } from '../../engine/ruleset';
import type { Stand, Unit } from '../../engine/model';
import { pt, type TablePoint } from '../../geometry/types';
import { layoutColumn } from '../../geometry/formation';
import { unitFrame, type Face } from '../../geometry/frame';
import { contactFace } from '../../geometry/zones';
import { unitDistance } from '../../geometry/measure';
import { INFANTRY_CHARGE_PRETEST, casualtyResult } from './tables/morale';
import { EVADE_MOVE, BREAKTHROUGH_MOVE, OBLIQUE_HALT_SHORT_CM } from './tables/melee';
import { scoreResult } from './tables/shooting';
import { weaponOf, type TroopType } from './tables/units';
import { ROUT_MOVES } from './tables/movement';
import { ORDER_NUMBERS } from './tables/orders';
import type { SywState, Options, S, PendingCharge, GroupState } from './state';
import { qualitiesOf, isArtillery, isCavalry, isInfantry, isLightUnit, isMassed } from './state';
import type { Tables } from './tablesSchema';
import { modifier } from './tablesSchema';
import { unitOffTable } from '../../geometry/units';
import { Work, normalise } from './work';
import { isHiddenFrom, revealGroup } from './deployment';
import { groupSpeedCm } from './movement';
import { planChargeContact } from './chargeContact';
import { behindDefences } from './defences';
import { CM, centroid, canSee, coverOf, inContact, inTown, heightAt, rotateStands, translateStands, terrainLevel, standGap } from './geo';
import { changeOrder, disorderUnit } from './orderChanges';
import { killStands, destroyUnit, noteRout } from './losses';
import { groupStands, deploymentOf, casualtyTest, chargeTest } from './moraleTests';
import { blockedBy, pushUnit, interpenetrated, startRout, goOffTable } from './forcedMoves';
import { pushUntilClear } from '../../geometry/moveClear';
import type { Meeting } from '../../geometry/moveCore';
import type { Leg as CoreLeg } from '../../geometry/movement';
import { standIndexOf } from '../../geometry/sightCache';
import { generalRisk } from './generals';
import { changeUnit } from '../../engine/workingState';

const M = 'SYW 6 Melee (pp.12-14)';

/** Which face of the target a charger attacks (6 f) p.13): behind the front line extended is a flank; behind the rear, the rear. */
export function chargeFace(target: Unit, chargers: readonly Unit[]): Face {
  const fr = unitFrame(target.stands, target.stands[0]!.facing);
  const fx = Math.cos(fr.facing), fy = Math.sin(fr.facing);
  const corners = chargers.flatMap((u) => u.stands).flatMap((s) => [s.centre]);
  const ahead = (p: { x: number; y: number }) => (p.x - fr.centre.x) * fx + (p.y - fr.centre.y) * fy;
  const across = (p: { x: number; y: number }) => -(p.x - fr.centre.x) * fy + (p.y - fr.centre.y) * fx;
  if (corners.every((p) => ahead(p) > fr.halfDepthMm)) return 'front';
  if (corners.every((p) => ahead(p) < -fr.halfDepthMm)) return 'rear';
  const c = centroid(chargers.flatMap((u) => u.stands));
  return across(c) >= 0 ? 'right' : 'left';
}

const factor = (w: Work, u: Unit, vs: Unit) => {
  const row = w.tables.unitTable[u.troopType];
  if (!row) return 0;
  return isInfantry(vs) ? row.meleeFactorVsInfantry : row.meleeFactor;
};

export interface ChargePlan {
  readonly g: GroupState;
  readonly units: Unit[];
  readonly target: Unit;
  readonly face: Face;
  readonly frontal: boolean;
  /** The D6 musket infantry need before charging frontally (8 p.17), or null. */
  readonly pretest: number | null;
  /** Modifiers to the charging test besides those every morale test shares. */
  readonly extra: Modifier[];
  readonly reachMm: number;
  readonly gapMm: number;
}

/** Everything about a charge that needs no dice: who, at what, from which side, reach and the tests it will need (6 a)-c), p.8, 8 p.17). */
export function chargeCheck(state: S, w: Work, cmd: { side: string; group: string; target: string }): ChargePlan | Rejection {
  const g = w.group(cmd.group);
  const target = w.unit(cmd.target);
  if (!g || g.side !== cmd.side) return reject('bad-group', 'Choose one of your groups.', M);
  if (!target || target.side === cmd.side || w.isOff(target.id)) return reject('bad-target', 'Choose an enemy unit on the table.', M);
  if (isHiddenFrom(state.ruleset, target.id, cmd.side)) return reject('unseen', 'No enemy has been seen there.', 'SYW 9 Deployment (p.19)');
  if (g.order !== 'advance') return reject('not-advancing', 'Only groups on Advance orders charge: Stand allows only 5cm, Reserve may not close on enemy within 20cm, Retreat moves away.', 'SYW (3) Order interpretation (p.8)');
  if (state.ruleset.charges.some((c) => c.group === g.id)) return reject('already', 'The group has already declared a charge.', M);
  const units = w.groupUnits(g);
  if (units.some(isArtillery)) return reject('artillery', 'Artillery does not charge.', M);
  if (w.unitState(target.id)?.surrendered) return reject('surrendered', 'Surrendered troops cannot be fought.', 'SYW 7 Rout and Pursuit (p.15)');
  const tus = w.unitState(target.id);
  // 6 b) p.12 "at the start of movement": from where the group stood when its movement step began (movementStartAt), else from where it is.
  const startAt = g.movementStartAt && g.movementStartAt.phase === w.rs.phaseCounter ? pt(g.movementStartAt.x, g.movementStartAt.y) : centroid(units.flatMap((u) => u.stands));
  if (!canSee(w.battle, startAt, centroid(target.stands), { targetFired: (tus?.firedPhase ?? -10) >= w.rs.phaseCounter - 1 })) return reject('unseen', 'Chargers must see their target at the start of movement.', 'SYW 6 Melee b) (p.12)');
  const face = chargeFace(target, units);
  const other = state.ruleset.charges.find((c) => c.target === target.id && c.face !== face);
  if (other) return reject('two-directions', 'Units may be charged from one direction only.', 'SYW 6 Melee a) (p.12)');
  const reach = groupSpeedCm(w, g) * CM - g.movedMm;
  const gap = Math.min(...units.map((u) => unitDistance(u.stands, target.stands)));
  if (gap > reach + 0.5) return reject('out-of-reach', `${target.name} is ${(gap / CM).toFixed(1)}cm away; the group can move ${(reach / CM).toFixed(1)}cm more.`, M);
  const frontal = face === 'front';
  let pretest: number | null = null;
  if (frontal && units.some((u) => isInfantry(u) && !isLightUnit(u))) {
    const now = groupStands(w, g);
    const half = g.startStands > 0 && now * 2 <= g.startStands;
    const easy = !half && (units.every((u) => u.troopType === 'heavy-infantry') || coverOf(w.battle, target) !== 'none');
    pretest = easy ? INFANTRY_CHARGE_PRETEST.heavyOrVsCover : INFANTRY_CHARGE_PRETEST.otherInfantry;
  }
  const extra: Modifier[] = [];
  if (units.every(isLightUnit) && isLightUnit(target)) extra.push(modifier(w.tables, 'moraleModifiers', 'lightsChargingLights'));
  if (frontal && Math.max(...units.map((u) => factor(w, target, u))) > Math.min(...units.map((u) => factor(w, u, target)))) extra.push(modifier(w.tables, 'moraleModifiers', 'chargingHigherFactor'));
  return { g, units, target, face, frontal, pretest, extra, reachMm: reach, gapMm: gap };
}

// 6 g) p.13 "Chargers may halt (at Stand) 3cms short of the target unit, or may make partial contact": the charger's choice, made with the charge.
const declareSchema = z.object({ type: z.literal('declareCharge'), side: z.string(), group: z.string(), target: z.string(), ifShort: z.enum(['contact', 'halt']).optional() }).strict();

export const declareCharge = defineCommand<SywState, Options, Tables, z.infer<typeof declareSchema>>({
  describe: 'A group on Advance tests to charge an enemy unit it can see and reach.',
  schema: declareSchema,
  handle(state, cmd, ctx) {
    const w = new Work(state, ctx);
    const c = chargeCheck(state, w, cmd);
    if ('rejected' in c) return c;
    const { g, units, target, face, frontal, pretest, extra } = c;
    revealGroup(w, g.id, 'charged');
    // 8 p.17: musket (and bow) infantry charging frontally first need a 5-6 or a 6 on a D6.
    if (pretest !== null) {
      const r = w.roll({ dice: 'd6', purpose: `${g.id}: musket infantry nerve to charge frontally`, rule: INFANTRY_CHARGE_PRETEST.rule, target: { value: pretest, pass: 'atLeast' }, subjects: [g.id] });
      if (!r.passed) {
        changeOrder(w, g.id, 'stand', 'would not charge', INFANTRY_CHARGE_PRETEST.rule);
        return w.change();
      }
    }
    if (!chargeTest(w, g.id, extra, [target])) return w.change();
    // d) the target tests for being charged.
    const tg = w.groupOf(target.id)!;
    const tx: Modifier[] = [];
    if (frontal && Math.max(...units.map((u) => factor(w, u, target))) > factor(w, target, units[0]!)) tx.push(modifier(w.tables, 'moraleModifiers', 'chargingHigherFactor'));
    const open = terrainLevel(w.battle, target.stands) < 1;
    if ((isLightUnit(target) && isInfantry(target) || target.troopType === 'militia') && units.some(isCavalry) && open) tx.push(modifier(w.tables, 'moraleModifiers', 'lightsChargedByCavalryInOpen'));
    if (!frontal) tx.push(modifier(w.tables, 'moraleModifiers', 'chargedInFlankOrRear'));
    const from = centroid(units.flatMap((u) => u.stands));
    const before = tg.order;
    const dep = deploymentOf(w, tg);
    const out = casualtyTest(w, tg.id, 'beingCharged', tx, from, false, units);
    const better = out !== undefined && out.order !== 'retreat' && out.order !== 'rout' && !out.artilleryKilled;
    for (const id of tg.units) w.setUnit(id, { mayShootAtChargers: better });
    // h) lights evade with a result better than Go to Retreat: in the open against massed chargers they
    // must ("may (or must see above)"); in type 1-3 terrain or charged by lights they have "the option of
    // standing instead": the owner's standing choice (setEvasion).
    const evader = target.troopType === 'light-infantry' || target.troopType === 'riflemen' || target.troopType === 'light-cavalry';
    const mustEvade = open && !units.every(isLightUnit);
    const canEvade = evader && better && (mustEvade || tg.evadeWhenOptional === true);
    if (canEvade && w.unit(target.id)) {
      const d = isCavalry(target) ? EVADE_MOVE.lightCavalry : EVADE_MOVE.lightInfantry;
      const extraCm = w.rollSpec(d, `${target.name} evades`, EVADE_MOVE.rule, [target.id]);
      const ang = Math.atan2(centroid(target.stands).y - from.y, centroid(target.stands).x - from.x);
      const r = pushUnit(w, target.id, ang, (ORDER_NUMBERS.advanceHaltCm + extraCm) * CM, 'fallback', EVADE_MOVE.rule);
      // h) (2) "Evaders may only shoot if Light Cavalry with bows, and in range".
      if (weaponOf(target.troopType as TroopType, qualitiesOf(target)) !== 'mounted-bow') w.setUnit(target.id, { mayNotShoot: true });
      if (r.offTable) goOffTable(w, tg.id, false, EVADE_MOVE.rule);
      else changeOrder(w, tg.id, 'reserve', 'evaded', EVADE_MOVE.rule);
    }
    // §4 p.10: flank or rear charged units that passed turn to face on a D6 by drill, or rout.
    if (!frontal && better && w.unit(target.id) && !canEvade) {
      const q = qualitiesOf(target);
      const need = isArtillery(target) || q.militia ? w.tables.turnToFace.artilleryOrMilitia : w.tables.turnToFace[q.drill];
      const r = w.roll({ dice: 'd6', purpose: `${target.name} turns to face the ${face} charge`, rule: 'SYW §4 Movement when in melee (p.10)', target: { value: need, pass: 'atLeast' }, subjects: [target.id] });
      if (r.passed) {
        turnToFace(w, target.id, face, units);
        w.setUnit(target.id, { turnedToFaceThisPhase: true });
      } else startRout(w, tg.id, from, 'SYW §4 Movement when in melee (p.10): units failing to turn to face rout');
    }
    const charge: PendingCharge = { group: g.id, chargers: [...g.units], target: target.id, face: w.unit(target.id) && !canEvade && !w.unitState(target.id)?.turnedToFaceThisPhase ? face : 'front', ...(cmd.ifShort ? { ifShort: cmd.ifShort } : {}), ...(canEvade ? { evaded: true } : {}) };
    w.rs = { ...w.rs, charges: [...w.rs.charges, charge] };
    ctx.emit({ type: 'ChargeDeclared', group: g.id, target: target.id, face, targetOrderBefore: before, deployment: dep, rule: M });
    return w.change();
  },
});


/**
 * Turning to face a flank or rear charge (§4 Movement when in melee p.10): massed infantry on Stand
 * charged by cavalry form square; otherwise the unengaged stands turn to face the attack "in a 1 wide
 * column" (each turns a quarter in place and they close up behind the stand nearest the attacker);
 * from the rear they about face where they stand. The old poses are kept: they turn back freely if
 * the attack is repulsed.
 */
export function turnToFace(w: Work, unitId: string, face: Face, chargers: readonly Unit[]): void {
  const t = w.unit(unitId);
  if (!t) return;
  const R = 'SYW §4 Movement when in melee (p.10)';
  const before = t.stands;
  const enemies = w.enemiesOf(t.side);
  const engaged = (s: Stand) => enemies.some((e) => e.stands.some((x) => standGap(s, x) <= 1.5));
  const g = w.groupOf(unitId);
  // "may form square (if on Stand orders)": the owner's standing choice (setFlankSquare), default against cavalry only.
  const squareChoice = g?.flankSquare ?? 'cavalry';
  const wantsSquare = squareChoice === 'always' || (squareChoice === 'cavalry' && chargers.some(isCavalry));
  if (isInfantry(t) && isMassed(t) && g?.order === 'stand' && wantsSquare && !t.stands.some(engaged)) {
    const sq = layoutColumn(frontAnchor(t.stands), t.stands[0]!.facing, t.stands.map((s) => ({ widthMm: s.widthMm, depthMm: s.depthMm })), 2);
    const st = t.stands.map((s, i) => ({ ...s, centre: sq[i]!.centre, facing: sq[i]!.facing }));
    if (blockedBy(w, t.id, st).length === 0) {
      changeUnit(w, t.id, (x) => ({ ...x, stands: st, formation: 'square', extra: { ...x.extra, sywFormationBeforeTurn: t.formation } }));
      w.setUnit(unitId, { turnedFrom: before });
      w.ctx.emit({ type: 'UnitFormedSquare', unit: unitId, face, rule: R });
      return;
    }
  }
  const free = t.stands.filter((s) => !engaged(s));
  if (free.length === 0) return;
  const turn = face === 'rear' ? Math.PI : face === 'right' ? Math.PI / 2 : -Math.PI / 2;
  let moved: Stand[];
  if (face === 'rear') moved = free.map((s) => ({ ...s, facing: normalise(s.facing + Math.PI) as Stand['facing'] }));
  else {
    const nf = normalise(t.stands[0]!.facing + turn);
    const fx = Math.cos(nf), fy = Math.sin(nf);
    const order = [...free].sort((a, b) => (b.centre.x * fx + b.centre.y * fy) - (a.centre.x * fx + a.centre.y * fy));
    const lead = order[0]!;
    moved = order.map((s, i) => {
      const back = order.slice(0, i).reduce((acc, x) => acc + x.depthMm / 2, 0) + order.slice(1, i + 1).reduce((acc, x) => acc + x.depthMm / 2, 0);
      return { ...s, facing: nf as Stand['facing'], centre: pt(lead.centre.x - fx * back, lead.centre.y - fy * back) };
    });
  }
  const byId = new Map(moved.map((s) => [s.id, s]));
  const st = t.stands.map((s) => byId.get(s.id) ?? s);
  if (blockedBy(w, t.id, st).length > 0) return;
  changeUnit(w, t.id, (x) => ({ ...x, stands: st, extra: { ...x.extra, sywFormationBeforeTurn: t.formation }, ...(face === 'rear' ? {} : { formation: 'column' }) }));
  w.setUnit(unitId, { turnedFrom: before });
  w.ctx.emit({ type: 'UnitTurnedToFace', unit: unitId, face, stands: moved.length, rule: R });
}

/** Stands that turned to face an attack turn back freely once it is repulsed (no enemy in contact), §4 p.10. */
export function turnBack(w: Work): void {
  for (const u of w.battle.units) {
    const us = w.unitState(u.id);
    if (!us?.turnedFrom) continue;
    if (w.enemiesOf(u.side).some((e) => inContact(e, u))) continue;
    const old = us.turnedFrom;
    const st = u.stands.map((s) => old.find((o) => o.id === s.id) ?? s);
    w.setUnit(u.id, { turnedFrom: null });
    if (st.length !== old.length || blockedBy(w, u.id, st).length > 0) continue;
    const formation = String((u.extra as Record<string, unknown>).sywFormationBeforeTurn ?? 'line');
    changeUnit(w, u.id, (x) => ({ ...x, stands: st, formation: x.formation === 'square' || x.formation === 'column' ? formation : x.formation }));
    w.ctx.emit({ type: 'UnitTurnedBack', unit: u.id, rule: 'SYW §4 Movement when in melee (p.10)' });
  }
}

function frontAnchor(stands: readonly Stand[]): TablePoint {
  const f = stands[0]!.facing, fx = Math.cos(f), fy = Math.sin(f);
  const c = centroid(stands);
  const front = Math.max(...stands.map((s) => (s.centre.x - c.x) * fx + (s.centre.y - c.y) * fy + s.depthMm / 2));
  return pt(c.x + fx * front, c.y + fy * front);
}

/** (5) Charge moves: chargers move into contact; targets gone out of reach get a full Advance move towards them (6 f) p.12). */
export function chargeMoves(state: S, w: Work): void {
  for (const ch of state.ruleset.charges) {
    const g = w.group(ch.group);
    const target = w.unit(ch.target);
    if (!g) continue;
    const units = w.groupUnits(g).filter((u) => ch.chargers.includes(u.id));
    if (units.length === 0) continue;
    const reach = groupSpeedCm(w, g) * CM - g.movedMm;
    if (!target || w.isOff(target.id)) continue;
    const tg = w.groupOf(target.id);
    const gap = Math.min(...units.map((u) => unitDistance(u.stands, target.stands)));
    // 6 f) p.12: only a target that Retreats or Routs (or evades) *out of charge reach* is not contacted; one still in reach is.
    if (gap > reach + 0.5) {
      // Out of reach: a full Advance move towards them, halting short of contact.
      const c = centroid(units.flatMap((u) => u.stands));
      const ang = Math.atan2(centroid(target.stands).y - c.y, centroid(target.stands).x - c.x);
      const go = Math.max(0, Math.min(reach, gap - OBLIQUE_HALT_SHORT_CM * CM));
      for (const u of units) pushUnit(w, u.id, ang, go, 'advance', 'SYW 6 Melee f) (p.12)');
      w.ctx.emit({ type: 'ChargeFellShort', group: g.id, target: target.id, rule: 'SYW 6 Melee f) (p.12)' });
      continue;
    }
    // e), g) pp.12-13: move until the first stand touches, then pivot to align only as far as the move left pays for.
    const obstacles = w.battle.units.filter((o) => o.id !== target.id && !g.units.includes(o.id) && !w.isOff(o.id));
    const plan = planChargeContact(units, target, reach, obstacles);
    if (plan.kind === 'short') {
      const c = centroid(units.flatMap((u) => u.stands));
      const ang = Math.atan2(centroid(target.stands).y - c.y, centroid(target.stands).x - c.x);
      for (const u of units) pushUnit(w, u.id, ang, Math.max(0, Math.min(reach, gap - OBLIQUE_HALT_SHORT_CM * CM)), 'advance', 'SYW 6 Melee e) (p.12)');
      w.ctx.emit({ type: 'ChargeFellShort', group: g.id, target: target.id, rule: 'SYW 6 Melee e) (p.12): the chargers cannot touch within their move' });
      continue;
    }
    const placed = plan.kind === 'contact' ? plan.stands : new Map<string, Stand[]>();
    const st = [...placed.values()].flat();
    if (plan.kind === 'blocked' || unitOffTable(st, w.battle.table)) {
      // g): insufficient room to make contact: halt 3cm short at Stand.
      const c = centroid(units.flatMap((u) => u.stands));
      const ang = Math.atan2(centroid(target.stands).y - c.y, centroid(target.stands).x - c.x);
      for (const u of units) pushUnit(w, u.id, ang, Math.max(0, gap - OBLIQUE_HALT_SHORT_CM * CM), 'advance', 'SYW 6 Melee g) (p.13)');
      changeOrder(w, g.id, 'stand', 'halted 3cm short', 'SYW 6 Melee g) (p.13)');
      continue;
    }
    if (plan.kind === 'contact' && !plan.aligned && ch.ifShort === 'halt') {
      // g) "If insufficient move distance to make contact fully, Chargers may halt (at Stand) 3cms short": the charger's choice.
      for (const u of units) { w.replaceStands(u.id, plan.haltShort.stands.get(u.id)!); w.setUnit(u.id, { lastMovedPhase: w.rs.phaseCounter }); }
      w.setGroup(g.id, { movedMm: g.movedMm + plan.haltShort.usedMm, moved: plan.haltShort.usedMm > 0.5 || g.moved });
      changeOrder(w, g.id, 'stand', 'halted 3cm short', 'SYW 6 Melee g) (p.13)');
      w.ctx.emit({ type: 'ChargeHaltedShort', group: g.id, target: target.id, rule: 'SYW 6 Melee g) (p.13): too little move to align; the charger chose to halt 3cm short at Stand' });
      continue;
    }
    for (const u of units) { w.replaceStands(u.id, placed.get(u.id)!); w.setUnit(u.id, { lastMovedPhase: w.rs.phaseCounter, chargeContact: true }); }
    w.setGroup(g.id, { movedMm: g.movedMm + (plan.kind === 'contact' ? plan.usedMm : reach), moved: true });
    if (ch.evaded && tg && tg.order !== 'rout') {
      // 6 h) p.13 evaders "End move at Reserve orders, Rout if contacted": they rout where they stand and fight the chargers at combat value 0 (p.8).
      changeOrder(w, tg.id, 'rout', 'evaders contacted by the chargers', EVADE_MOVE.rule);
      for (const u of w.groupUnits(tg)) { disorderUnit(w, u.id, 'routers are disordered', 'SYW 7 Rout (p.15)'); noteRout(w, u.side, centroid(u.stands)); }
      w.ctx.emit({ type: 'EvadersCaught', group: tg.id, by: g.id, rule: EVADE_MOVE.rule });
    }
    const aligned = plan.kind === 'contact' && plan.aligned;
    w.ctx.emit({ type: 'ChargeContact', group: g.id, target: target.id, face: ch.face, aligned, pivotDeg: plan.kind === 'contact' ? Math.round(plan.pivotDeg * 10) / 10 || 0 : 0, rule: aligned ? 'SYW 6 Melee e) (p.12)' : 'SYW 6 Melee g) (p.13): partial contact by pivoting as far as the move allows' });
  }
}

interface Bout { a: Unit; b: Unit; aContact: Stand[]; faceOfB: Face; faceOfA: Face }

function contactStands(a: Unit, b: Unit): Stand[] {
  return a.stands.filter((s) => b.stands.some((t) => standGap(s, t) <= 1.5));
}

/** Melee modifiers for `a` fighting `b` (p.14). */
export function meleeModifiers(w: Work, bout: Bout, chargedBy: Set<string>, overlaps: Map<string, string> = new Map()): Modifier[] {
  const { a, b } = bout;
  const t = w.tables;
  const ga = w.groupOf(a.id)!, gb = w.groupOf(b.id)!;
  const ua = w.unitState(a.id)!;
  const mods: Modifier[] = [];
  if (ga.order === 'rout') {
    // §3 Rout p.8: routers fight at combat value 0 with no additions.
    const diff = factor(w, b, a);
    if (diff > 0) mods.push(modifier(t, 'meleeModifiers', 'perLowerFactor', diff));
    return mods;
  }
  const qa = qualitiesOf(a);
  if (qa.morale === 'high') mods.push(modifier(t, 'meleeModifiers', 'highMorale'));
  if (bout.faceOfB !== 'front') mods.push(modifier(t, 'meleeModifiers', 'vsFlankOrRear'));
  if (isInfantry(a) && isMassed(a) && isCavalry(b) && (a.formation === 'square' || (a.formation === 'column' && bout.faceOfA === 'front' && ranksOf(a) >= 3))) mods.push(modifier(t, 'meleeModifiers', 'squareOrDeepColumnVsCavalry'));
  // Overlap: a friendly stand (not retreating or routing) beside the stands in contact, not itself touching b (p.14).
  if (!(b.formation === 'square' || inTown(w.battle, b))) {
    const friends = w.friendsOf(a.side).filter((f) => { const o = w.groupOf(f.id)?.order; return o !== 'retreat' && o !== 'rout'; });
    // "Overlaps count against 1 enemy unit per combat phase only" (p.14): a stand that has overlapped one enemy unit this phase cannot overlap another.
    const over = friends.flatMap((f) => f.stands).find((s) => !bout.aContact.some((c) => c.id === s.id) && !b.stands.some((x) => standGap(s, x) <= 1.5) && bout.aContact.some((c) => standGap(s, c) <= 1.5) && b.stands.some((x) => standGap(s, x) <= 45) && (overlaps.get(s.id) ?? b.id) === b.id);
    if (over) { overlaps.set(over.id, b.id); mods.push(modifier(t, 'meleeModifiers', 'overlap')); }
    // 6 f') p.13: charging a flank, "count only 1 stand in contact with the enemy; any other stands in contact
    // or adjoining stands in contact count as an overlap" (not if retreating: p.14).
    else if (bout.faceOfB !== 'front' && bout.aContact.length > 1 && ga.order !== 'retreat') mods.push(modifier(t, 'meleeModifiers', 'overlap'));
  }
  const count = bout.faceOfB !== 'front' ? 1 : bout.aContact.length; // 6 f) flank: only 1 stand counts
  if (count > 1 && ga.order !== 'retreat') mods.push(modifier(t, 'meleeModifiers', 'perExtraStand', count - 1));
  const lower = factor(w, b, a) - factor(w, a, b);
  if (lower > 0) mods.push(modifier(t, 'meleeModifiers', 'perLowerFactor', lower));
  if (ua.disordered && !ua.terrainDisorder) mods.push(modifier(t, 'meleeModifiers', 'disorganised'));
  if (qa.morale === 'low') mods.push(modifier(t, 'meleeModifiers', 'poorMorale'));
  if (isMassed(a) && a.troopType !== 'light-cavalry-a' && terrainLevel(w.battle, a.stands) >= 1) mods.push(modifier(t, 'meleeModifiers', 'massedInTerrain'));
  if (ga.order === 'reserve' || ga.order === 'retreat' || bout.faceOfA !== 'front') mods.push(modifier(t, 'meleeModifiers', 'reserveRetreatOrFlank'));
  const bUp = b.stands.filter((s) => heightAt(w.battle, s.centre) > heightAt(w.battle, centroid(a.stands))).length * 2 >= b.stands.length;
  // "Enemy in buildings or behind defences": towns, hard cover, and obstacles/barricades/abatis between them for an enemy not on Advance (defences.ts, RULINGS.md).
  const bDefended = gb.order !== 'advance' && behindDefences(w.battle, b, contactStands(a, b));
  if (inTown(w.battle, b) || coverOf(w.battle, b) === 'hard' || bUp || bDefended) mods.push(modifier(t, 'meleeModifiers', 'enemyDefendedOrUphill'));
  if (isCavalry(a) && ga.order === 'stand' && chargedBy.has(a.id)) mods.push(modifier(t, 'meleeModifiers', 'cavalryChargedAtStand'));
  return mods;
}

function ranksOf(u: Unit): number {
  const f = u.stands[0]!.facing;
  const ahead = u.stands.map((s) => Math.round((s.centre.x * Math.cos(f) + s.centre.y * Math.sin(f)) / 5));
  return new Set(ahead).size;
}

/** (6) Close combat: every pair of units in contact fights; results, breakthrough, morale, rout and pursuit. */
export function closeCombat(state: S, w: Work): void {
  const chargedBy = new Set(state.ruleset.charges.map((c) => c.target));
  const chargers = new Set(state.ruleset.charges.flatMap((c) => c.chargers));
  const bouts: Bout[] = [];
  const units = w.battle.units.filter((u) => !w.isOff(u.id) && !w.unitState(u.id)?.surrendered);
  for (const a of units) for (const b of units) {
    if (a.side === b.side || !inContact(a, b)) continue;
    const aContact = contactStands(a, b);
    if (aContact.length === 0) continue;
    const fb = unitFrame(b.stands, b.stands[0]!.facing), fa = unitFrame(a.stands, a.stands[0]!.facing);
    bouts.push({ a, b, aContact, faceOfB: contactFace(fb, aContact[0]!).face, faceOfA: contactFace(fa, contactStands(b, a)[0] ?? b.stands[0]!).face });
  }
  if (bouts.length === 0) { settleSurrendered(w); return; }
  const scores = new Map<string, { score: number; natural: number }>();
  const overlaps = new Map<string, string>();
  for (const bout of bouts) {
    const mods = meleeModifiers(w, bout, chargedBy, overlaps);
    const r = w.roll({
      dice: 'd6', purpose: `Melee: ${bout.a.name} v ${bout.b.name}`, rule: 'SYW 6 Melee chart (p.14)', modifiers: mods, table: { id: 'meleeResults' },
      outcome: (v) => ({ outcome: scoreResult(v.modified).result, row: String(v.modified) }), subjects: [bout.a.id, bout.b.id],
    });
    scores.set(`${bout.a.id}>${bout.b.id}`, { score: r.modified, natural: r.faces[0]! });
  }
  const fought = new Set<string>();
  const lostTo = new Map<string, string>();
  for (const bout of bouts) {
    const mine = scores.get(`${bout.a.id}>${bout.b.id}`)!, theirs = scores.get(`${bout.b.id}>${bout.a.id}`);
    const res = scoreResult(mine.score);
    const ga = w.groupOf(bout.a.id), gb = w.groupOf(bout.b.id);
    if (ga) fought.add(ga.id);
    if (gb) fought.add(gb.id);
    if (theirs) generalRisk(w, bout.b.id, mine.natural, theirs.natural);
    if (res.kills > 0 && w.unit(bout.b.id)) {
      const k = killStands(w, bout.b.id, res.kills, 'melee', 'SYW 6 Result of Melee (p.14)', centroid(bout.aContact));
      if (ga) w.setGroup(ga.id, { inflictedThisPhase: (w.group(ga.id)?.inflictedThisPhase ?? 0) + k });
    }
    if (res.disorganises && w.unit(bout.b.id)) disorderUnit(w, bout.b.id, 'melee result', 'SYW 6 Result of Melee (p.14)');
    if (theirs && ga && mine.score !== theirs.score) {
      const won = mine.score > theirs.score;
      const cur = w.group(ga.id);
      if (cur) w.setGroup(ga.id, won ? { meleesWon: cur.meleesWon + 1 } : { meleesLost: cur.meleesLost + 1 });
      if (!won) lostTo.set(bout.a.id, bout.b.id);
      // 7 p.15: artillery which scores less in combat than its opponent is killed.
      if (!won && isArtillery(bout.a) && w.unit(bout.a.id)) destroyUnit(w, bout.a.id, 'artillery lost the melee', 'SYW 7 Rout and Pursuit (p.15)');
    }
  }
  // Morale for melee (p.17), then breakthrough and pursuit.
  const foesOf = (gid: string): Unit[] => {
    const g = w.group(gid);
    if (!g) return [];
    return bouts.filter((b) => g.units.includes(b.a.id)).map((b) => w.unit(b.b.id)).filter((u): u is Unit => u !== undefined);
  };
  const foes = new Map([...fought].map((gid) => [gid, foesOf(gid)]));
  const froms = new Map([...foes].map(([gid, f]) => [gid, f.length > 0 ? centroid(f.flatMap((u) => u.stands)) : null]));
  for (const gid of fought) {
    const g = w.group(gid);
    if (!g || g.order === 'rout') continue;
    // 8 p.17 "Uphill of all enemy": the enemy concerned are those it fought.
    casualtyTest(w, gid, 'casualties', [], froms.get(gid) ?? null, false, foes.get(gid));
  }
  for (const bout of bouts) {
    const a = w.unit(bout.a.id), b = w.unit(bout.b.id);
    const ga = w.groupOf(bout.a.id), gb = w.groupOf(bout.b.id);
    if (!a || !ga || ga.order === 'rout' || ga.order === 'retreat') continue;
    const mine = scores.get(`${bout.a.id}>${bout.b.id}`)!, theirs = scores.get(`${bout.b.id}>${bout.a.id}`);
    // Breakthrough (p.15): charging cavalry scoring more, both in line (squares are scattered), room beyond.
    if (b && gb && isCavalry(a) && chargers.has(a.id) && theirs && mine.score > theirs.score && a.formation === 'line' && (b.formation === 'line' || b.formation === 'square') && gb.order !== 'rout' && gb.order !== 'retreat') {
      const depth = unitFrame(b.stands, b.stands[0]!.facing).halfDepthMm * 2 + unitFrame(a.stands, a.stands[0]!.facing).halfDepthMm * 2;
      const f = a.stands[0]!.facing;
      const beyond = translateStands(a.stands, Math.cos(f) * depth, Math.sin(f) * depth);
      // (2) there must be space to place the stands beyond the broken through unit.
      if (blockedBy(w, a.id, beyond).some((o) => o.id !== b.id) || unitOffTable(beyond, w.battle.table)) continue;
      const extra = w.rollSpec(BREAKTHROUGH_MOVE.dice, `${a.name} breaks through ${b.name}`, BREAKTHROUGH_MOVE.rule, [a.id, b.id]) * CM;
      const r = drive(w, a.id, f, depth, depth + extra, new Set([b.id]));
      disorderUnit(w, a.id, 'broke through', 'SYW 7 Disorder (2) (p.16)');
      if (b.formation === 'square') destroyUnit(w, b.id, 'square broken through and scattered', BREAKTHROUGH_MOVE.rule);
      else disorderUnit(w, b.id, 'broken through', 'SYW 7 Disorder (2) (p.16)');
      w.ctx.emit({ type: 'BrokeThrough', unit: a.id, through: b.id, rule: BREAKTHROUGH_MOVE.rule });
      if (r.met) {
        // p.15: fresh enemy met: the cavalry count at Advance without testing to charge; the enemy tests as being charged.
        changeOrder(w, ga.id, 'advance', 'breakthrough met fresh enemy', BREAKTHROUGH_MOVE.rule);
        freshEnemyMet(w, a.id, r.met.id, BREAKTHROUGH_MOVE.rule);
      } else changeOrder(w, ga.id, 'stand', 'breakthrough met no enemy', BREAKTHROUGH_MOVE.rule);
      continue;
    }
  }
  // Pursuit (7 p.15-16): cavalry groups whose frontal opponents all routed pursue.
  for (const gid of fought) {
    const g = w.group(gid);
    if (!g || g.order === 'rout' || g.order === 'retreat') continue;
    const mine = w.groupUnits(g);
    // Cavalry always pursue; infantry as their owner chose (6 h) p.15, 7 p.15: setAfterRout).
    const cavalry = mine.every(isCavalry);
    const choice = cavalry ? 'pursue' : mine.some(isCavalry) || mine.some(isArtillery) ? 'hold' : g.afterRout ?? 'hold';
    if (choice === 'hold') continue;
    const oppBouts = bouts.filter((b) => g.units.includes(b.a.id) && b.faceOfA === 'front');
    const opp = oppBouts.map((b) => b.b.id);
    if (opp.length === 0) continue;
    const allRouted = opp.every((id) => { const og = w.groupOf(id); return !w.unit(id) || og?.order === 'rout'; });
    const anyAlive = opp.some((id) => w.unit(id));
    if (!allRouted || !anyAlive) continue;
    const targets = opp.map((id) => w.unit(id)).filter((u): u is Unit => u !== undefined);
    const tc = centroid(targets.flatMap((u) => u.stands));
    if (choice === 'occupy') { occupyVacated(w, gid, oppBouts.map((b) => b.b)); continue; }
    w.setGroup(gid, { pursuing: true });
    changeOrder(w, gid, 'advance', 'pursues', ROUT_MOVES.rule);
    const d = w.rollSpec(cavalry ? ROUT_MOVES.firstPursuit.cavalry : ROUT_MOVES.firstPursuit.infantry, `First pursuit move: ${gid}`, ROUT_MOVES.rule, [gid]);
    pursueTowards(w, gid, tc, d * CM);
  }
  settleSurrendered(w);
  turnBack(w);
  void casualtyResult;
  void lostTo;
}

/**
 * 6 h) p.15: winners "may move into the space/building vacated by the retreating unit(s)": each unit
 * of the group steps straight ahead by the depth of the routed units' old position (their front then
 * stands where the routers' rear was), stopping short of anything in the way. No order change.
 */
function occupyVacated(w: Work, gid: string, vacated: readonly Unit[]): void {
  const g = w.group(gid);
  if (!g) return;
  const depth = Math.max(...vacated.map((v) => unitFrame(v.stands, v.stands[0]!.facing).halfDepthMm * 2));
  for (const u of w.groupUnits(g)) {
    const r = pushUnit(w, u.id, u.stands[0]!.facing, depth, 'advance', 'SYW 6 Melee h) (p.15)');
    if (r.movedMm > 0) w.ctx.emit({ type: 'MovedIntoVacatedSpace', unit: u.id, mm: r.movedMm, rule: 'SYW 6 Melee h) (p.15)' });
  }
}

/**
 * Surrendered troops (7 p.15): "removed as though killed after the enemies next combat phase if the
 * enemy are still in contact with them"; but they "rally at Reserve if the enemy in contact with them
 * do anything but Stand and shoot": a captor not on Stand orders, or that moved this phase, frees them.
 */
export function settleSurrendered(w: Work): void {
  const R = 'SYW 7 Rout and Pursuit (p.15)';
  for (const u of w.battle.units) {
    if (!w.unitState(u.id)?.surrendered) continue;
    const captors = w.enemiesOf(u.side).filter((e) => inContact(e, u));
    if (captors.length === 0) continue;
    const busy = captors.some((e) => { const eg = w.groupOf(e.id); return !eg || eg.order !== 'stand' || (w.unitState(e.id)?.lastMovedPhase ?? -10) === w.rs.phaseCounter; });
    if (!busy) { destroyUnit(w, u.id, 'surrendered', R); continue; }
    const g = w.groupOf(u.id);
    w.setUnit(u.id, { surrendered: false });
    if (g) changeOrder(w, g.id, 'reserve', 'surrendered troops rally: the enemy in contact did not stand', R);
    w.ctx.emit({ type: 'SurrenderedRallied', unit: u.id, rule: R });
  }
}

/**
 * Drive a unit straight along `angle` from `fromMm` to `toMm` of its present position (the geometry
 * core's push), passing through `through` (the unit broken through) and friends, stopping base to
 * base with the first other enemy unit it meets, or where it begins to leave the table. Never ends
 * on anyone.
 */
export function drive(w: Work, unitId: string, angle: number, fromMm: number, toMm: number, through: Set<string>): { movedMm: number; met: Unit | null; offTable: boolean } {
  const u = w.unit(unitId);
  if (!u) return { movedMm: 0, met: null, offTable: false };
  const dx = Math.cos(angle), dy = Math.sin(angle);
  const len = Math.max(0, toMm - fromMm);
  const r = pushUntilClear(translateStands(u.stands, dx * fromMm, dy * fromMm), [{ kind: 'translate', dx: dx * len, dy: dy * len, distanceMm: len }], {
    others: standIndexOf(w.battle.units), ignore: (id) => id === unitId || w.isOff(id), table: w.battle.table,
    rule: (m) => (through.has(m.unitId) || w.unit(m.unitId)?.side === u.side ? 'pass' : 'block'),
  });
  const best = fromMm + r.stopMm;
  w.replaceStands(unitId, translateStands(u.stands, dx * best, dy * best));
  const met = r.leavesTableAtMm === undefined && r.contact ? w.unit(r.contact.meeting.unitId) ?? null : null;
  for (const m of r.passed) if (!through.has(m.unitId) && w.unit(m.unitId)?.side === u.side) interpenetrated(w, unitId, m.unitId, 'move', BREAKTHROUGH_MOVE.rule);
  return { movedMm: best, met, offTable: r.leavesTableAtMm !== undefined };
}

/** Enemy met by a breakthrough or pursuit tests as being charged (p.15, 7 (b) p.16). */
function freshEnemyMet(w: Work, moverId: string, enemyId: string, rule: string, defer = false): void {
  const e = w.unit(enemyId), m = w.unit(moverId);
  const eg = w.groupOf(enemyId);
  if (!e || !m || !eg) return;
  const face = chargeFace(e, [m]);
  const tx: Modifier[] = [];
  if (face !== 'front') tx.push(modifier(w.tables, 'moraleModifiers', 'chargedInFlankOrRear'));
  if (face === 'front' && factor(w, m, e) > factor(w, e, m)) tx.push(modifier(w.tables, 'moraleModifiers', 'chargingHigherFactor'));
  if (((isLightUnit(e) && isInfantry(e)) || e.troopType === 'militia') && isCavalry(m) && terrainLevel(w.battle, e.stands) < 1) tx.push(modifier(w.tables, 'moraleModifiers', 'lightsChargedByCavalryInOpen'));
  w.ctx.emit({ type: 'FreshEnemyMet', unit: moverId, enemy: enemyId, face, rule });
  casualtyTest(w, eg.id, 'beingCharged', tx, centroid(m.stands), defer, [m]);
}

/**
 * Move pursuers towards routers (7 (a)-(c) pp.15-16). Contact with the routers makes a fight next
 * combat; fresh enemy met test as being charged and stop the pursuer in contact; artillery met is
 * passed through: it tests as being charged and goes to Reserve, and the pursuit carries on.
 */
export function pursueTowards(w: Work, groupId: string, at: { x: number; y: number }, mm: number): void {
  const g = w.group(groupId);
  if (!g) return;
  const R = ROUT_MOVES.rule;
  const units = w.groupUnits(g).filter((u) => u.stands.length > 0);
  if (units.length === 0) return;
  const ids = new Set(units.map((u) => u.id));
  // 7 p.16 "Routers and Pursuers always act in groups": the group turns as one body about its centre
  // towards the routers (as routers turn, forcedMoves.ts startRout) and moves together, so its units keep their places.
  const c = centroid(units.flatMap((u) => u.stands));
  const ang = Math.atan2(at.y - c.y, at.x - c.x);
  const turn = normalise(ang - units[0]!.stands[0]!.facing);
  const turned = units.map((u) => ({ id: u.id, st: rotateStands(u.stands, c, turn) }));
  if (turned.every((t) => blockedBy(w, t.id, t.st).every((o) => ids.has(o.id)))) for (const t of turned) w.replaceStands(t.id, t.st);
  const through = new Set<string>();
  let done = 0;
  for (let guard = 0; guard < 8 && done < mm - 0.5; guard++) {
    const r = driveGroup(w, [...ids], ang, mm - done, through);
    done += r.movedMm;
    if (r.offTable) { goOffTable(w, groupId, false, R); return; }
    if (!r.met || !r.by) break;
    const eg = w.groupOf(r.met.id);
    if (eg?.order === 'rout') break;
    // 7 (b) p.16 "Artillery contacted in Pursuit may be fought, or passed through": the pursuer's standing choice (default pass through).
    if (isArtillery(r.met) && g.fightArtilleryInPursuit !== true) {
      freshEnemyMet(w, r.by, r.met.id, 'SYW 7 Pursuit (b) (p.16)');
      if (w.unit(r.met.id) && w.groupOf(r.met.id)?.order !== 'rout') changeOrder(w, w.groupOf(r.met.id)!.id, 'reserve', 'passed through by pursuers', 'SYW 7 Pursuit (b) (p.16)');
      through.add(r.met.id);
      continue;
    }
    // 7 (b) p.16 "Any Retreat or Rout moves resulting from this melee are made in the following movement phase".
    freshEnemyMet(w, r.by, r.met.id, 'SYW 7 Pursuit (b) (p.16)', true);
    break;
  }
  w.ctx.emit({ type: 'GroupPursued', group: groupId, distanceMm: mm, rule: R });
}

/**
 * `drive` for a whole group (pursuit, 7 p.16 "act in groups"): every unit moves the same distance
 * along `angle` as one body (the geometry core's push), passing `through` and friends, the group
 * stopping as one base to base with the first enemy any of its units meets (`by`: the unit then
 * nearest it), or where any stand begins to leave the table. Never ends on anyone.
 */
export function driveGroup(w: Work, unitIds: readonly string[], angle: number, toMm: number, through: Set<string>): { movedMm: number; met: Unit | null; by: string | null; offTable: boolean } {
  const units = unitIds.map((id) => w.unit(id)).filter((u): u is Unit => u !== undefined);
  if (units.length === 0) return { movedMm: 0, met: null, by: null, offTable: false };
  const ids = new Set(units.map((u) => u.id));
  const side = units[0]!.side;
  const dx = Math.cos(angle), dy = Math.sin(angle);
  const leg = (mm: number): CoreLeg[] => [{ kind: 'translate', dx: dx * mm, dy: dy * mm, distanceMm: mm }];
  const opts = { others: standIndexOf(w.battle.units), ignore: (id: string) => ids.has(id) || w.isOff(id), table: w.battle.table };
  const rule = (m: Meeting) => (through.has(m.unitId) || w.unit(m.unitId)?.side === side ? 'pass' as const : 'block' as const);
  const r = pushUntilClear(units.flatMap((u) => u.stands), leg(Math.max(0, toMm)), { ...opts, rule });
  const best = r.stopMm;
  const off = r.leavesTableAtMm !== undefined;
  for (const u of units) {
    // Friends each unit went through on the way (the interpenetration table, p.10).
    const mine = best > 0 ? pushUntilClear(u.stands, leg(best), { ...opts, rule: (m) => (rule(m) === 'pass' ? 'pass' : 'ignore') }).passed : [];
    w.replaceStands(u.id, translateStands(u.stands, dx * best, dy * best));
    for (const m of mine) if (!through.has(m.unitId) && w.unit(m.unitId)?.side === side) interpenetrated(w, u.id, m.unitId, 'pursuit', ROUT_MOVES.rule);
  }
  const met = !off && r.contact ? w.unit(r.contact.meeting.unitId) ?? null : null;
  let by: string | null = null;
  if (met) by = units.map((u) => ({ id: u.id, d: unitDistance(w.unit(u.id)!.stands, met.stands) })).reduce((a, b) => (b.d < a.d ? b : a)).id;
  return { movedMm: best, met, by, offTable: off };
}

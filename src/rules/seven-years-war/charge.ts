/** Declaring charges and the target's answer (SYW 6 Melee a)-d), h) pp.12-13, §4 Movement when in melee p.10). */
import { z } from 'zod';
import { defineCommand, reject } from '../../engine/ruleset';
import type { Modifier, Rejection } from '../../engine/ruleset';
import type { Stand, Unit } from '../../engine/model';
import { pt, type TablePoint } from '../../geometry/types';
import { layoutColumn } from '../../geometry/formation';
import { unitFrame, type Face } from '../../geometry/frame';
import { unitDistance } from '../../geometry/measure';
import { INFANTRY_CHARGE_PRETEST } from './tables/morale';
import { EVADE_MOVE } from './tables/melee';
import { weaponOf, type TroopType } from './tables/units';
import { ORDER_NUMBERS } from './tables/orders';
import type { SywState, Options, S, PendingCharge, GroupState } from './state';
import { qualitiesOf, isArtillery, isCavalry, isInfantry, isLightUnit, isMassed } from './state';
import type { Tables } from './tablesSchema';
import { modifier } from './tablesSchema';
import { Work, normalise } from './work';
import { isHiddenFrom, revealGroup } from './deployment';
import { groupSpeedCm } from './moveSpeed';
import { CM, centroid, canSee, coverOf, inContact, terrainLevel, standsInContact } from './geo';
import { changeOrder } from './orderChanges';
import { groupStands, deploymentOf, casualtyTest, chargeTest } from './moraleTests';
import { blockedBy, pushUnit, startRout, goOffTable } from './forcedMoves';
import { changeUnit } from '../../engine/workingState';
import { atan2, cos, sin } from '../../geometry/math';

const M = 'SYW 6 Melee (pp.12-14)';

/** Which face of the target a charger attacks (6 f) p.13): behind the front line extended is a flank; behind the rear, the rear. */
export function chargeFace(target: Unit, chargers: readonly Unit[]): Face {
  const fr = unitFrame(target.stands, target.stands[0]!.facing);
  const fx = cos(fr.facing), fy = sin(fr.facing);
  const corners = chargers.flatMap((u) => u.stands).flatMap((s) => [s.centre]);
  const ahead = (p: { x: number; y: number }) => (p.x - fr.centre.x) * fx + (p.y - fr.centre.y) * fy;
  const across = (p: { x: number; y: number }) => -(p.x - fr.centre.x) * fy + (p.y - fr.centre.y) * fx;
  if (corners.every((p) => ahead(p) > fr.halfDepthMm)) return 'front';
  if (corners.every((p) => ahead(p) < -fr.halfDepthMm)) return 'rear';
  const c = centroid(chargers.flatMap((u) => u.stands));
  return across(c) >= 0 ? 'right' : 'left';
}

export const factor = (w: Work, u: Unit, vs: Unit) => {
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
      const ang = atan2(centroid(target.stands).y - from.y, centroid(target.stands).x - from.x);
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
  const engaged = (s: Stand) => enemies.some((e) => e.stands.some((x) => standsInContact(s, x)));
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
    const fx = cos(nf), fy = sin(nf);
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
  const f = stands[0]!.facing, fx = cos(f), fy = sin(f);
  const c = centroid(stands);
  const front = Math.max(...stands.map((s) => (s.centre.x - c.x) * fx + (s.centre.y - c.y) * fy + s.depthMm / 2));
  return pt(c.x + fx * front, c.y + fy * front);
}

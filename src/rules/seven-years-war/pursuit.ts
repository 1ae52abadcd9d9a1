/** Breakthroughs and pursuits (SYW 6 Melee p.15, 7 Rout and Pursuit (a)-(c) pp.15-16): units driven on through the core until they meet the enemy. */
import type { Modifier } from '../../engine/ruleset';
import type { Unit } from '../../engine/model';
import { unitDistance } from '../../geometry/measure';
import { BREAKTHROUGH_MOVE } from './tables/melee';
import { ROUT_MOVES } from './tables/movement';
import { isArtillery, isCavalry, isInfantry, isLightUnit } from './state';
import { modifier } from './tablesSchema';
import type { Work} from './work';
import { normalise } from './work';
import { centroid, rotateStands, translateStands, terrainLevel } from './geo';
import { changeOrder } from './orderChanges';
import { casualtyTest } from './moraleTests';
import { blockedBy, interpenetrated, goOffTable } from './forcedMoves';
import { pushUntilClear } from '../../geometry/moveClear';
import type { Meeting } from '../../geometry/moveCore';
import type { Leg as CoreLeg } from '../../geometry/movement';
import { standIndexOf } from '../../geometry/sightCache';
import { chargeFace, factor } from './charge';
import { atan2, cos, sin } from '../../geometry/math';

/**
 * Drive a unit straight along `angle` from `fromMm` to `toMm` of its present position (the geometry
 * core's push), passing through `through` (the unit broken through) and friends, stopping base to
 * base with the first other enemy unit it meets, or where it begins to leave the table. Never ends
 * on anyone.
 */
export function drive(w: Work, unitId: string, angle: number, fromMm: number, toMm: number, through: Set<string>): { movedMm: number; met: Unit | null; offTable: boolean } {
  const u = w.unit(unitId);
  if (!u) return { movedMm: 0, met: null, offTable: false };
  const dx = cos(angle), dy = sin(angle);
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
export function freshEnemyMet(w: Work, moverId: string, enemyId: string, rule: string, defer = false): void {
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
  const ang = atan2(at.y - c.y, at.x - c.x);
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
  const dx = cos(angle), dy = sin(angle);
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

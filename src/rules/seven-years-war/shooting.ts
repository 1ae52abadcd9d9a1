/** Shooting (SYW (5) Shooting pp.11-12). */
import { z } from 'zod';
import { defineCommand, reject } from '../../engine/ruleset';
import type { Modifier, Rejection } from '../../engine/ruleset';
import type { Unit } from '../../engine/model';
import { standFrame, unitFrame } from '../../geometry/frame';
import { inFrontArc, inFrontStrip } from '../../geometry/zones';
import { unitDistance } from '../../geometry/measure';
import { segmentToUnitDistance } from '../../geometry/measure';
import { weaponOf, isArtilleryWeapon, isMusket, isSmallArms, type Weapon } from './tables/units';
import { scoreResult, SHOOTING_RULES, LIGHT_EXTRA_STANDS_PER_SHOT, ARTILLERY_CLOSE_CM } from './tables/shooting';
import type { SywState, Options, S } from './state';
import { qualitiesOf, isArtillery, isLightUnit, isMassed, isCavalry } from './state';
import type { Tables } from './tablesSchema';
import { modifier } from './tablesSchema';
import { Work } from './work';
import { isHiddenFrom, reveal } from './deployment';
import { CM, centroid, canSee, coverOf, inContact, heightAt, townAt } from './geo';
import { disorderUnit } from './orderChanges';
import { killStands } from './losses';
import { casualtyTest } from './moraleTests';
import { generalRisk, killGeneral } from './generals';
import { hypot } from '../../geometry/math';
import { distanceToGap } from '../../geometry/moveGap';
import { translateStands } from '../../geometry/units';

const R = 'SYW (5) Shooting (pp.11-12)';

export type Band = 'short' | 'long' | 'extreme';

export function bandFor(t: Tables, weapon: Weapon, mm: number): Band | null {
  const b = t.weaponRanges[weapon];
  if (!b) return null;
  if (b.shortCm !== null && mm <= b.shortCm * CM + 0.5) return 'short';
  if (b.longCm !== null && mm <= b.longCm * CM + 0.5) return 'long';
  if (b.extremeCm !== null && mm <= b.extremeCm * CM + 0.5) return 'extreme';
  return null;
}

const maxRangeMm = (t: Tables, w: Weapon) => {
  const b = t.weaponRanges[w];
  return ((b?.extremeCm ?? b?.longCm ?? b?.shortCm) ?? 0) * CM;
};

const inMelee = (w: Work, u: Unit) => w.enemiesOf(u.side).some((e) => inContact(u, e));

/** (k): stands in melee, or adjacent to a stand in melee, may not be shot at. */
function protectedByMelee(w: Work, target: Unit): boolean {
  if (inMelee(w, target)) return true;
  return w.friendsOf(target.side).some((f) => f.id !== target.id && inMelee(w, f) && inContact(f, target));
}

/** Nothing else between shooter and target ((5)(f)), except artillery to/from a hill with no friends near. */
function clearShot(w: Work, shooter: Unit, target: Unit, howitzer: boolean): boolean {
  const a = centroid(shooter.stands), b = centroid(target.stands);
  const between = w.battle.units.filter((o) => o.id !== shooter.id && o.id !== target.id && !w.isOff(o.id) && segmentToUnitDistance(a, b, o.stands) < 1);
  if (between.length === 0) return true;
  if (!isArtillery(shooter)) return false;
  const onHill = heightAt(w.battle, a) > 0 || heightAt(w.battle, b) > 0;
  const clear = (howitzer ? SHOOTING_RULES.overheadClearHowitzerCm : SHOOTING_RULES.overheadClearCm) * CM;
  const friendsNear = w.friendsOf(shooter.side).some((f) => f.id !== shooter.id && (unitDistance(f.stands, shooter.stands) <= clear || unitDistance(f.stands, target.stands) <= clear));
  return onHill && !friendsNear;
}

export interface ShotPlan {
  readonly weapon: Weapon;
  readonly band: Band;
  readonly stands: number;
  readonly unseen: boolean;
  readonly atChargers: boolean;
  readonly rangeMm: number;
  /** Shooting in support of a charged friend at its chargers ((5)(j)). */
  readonly support?: boolean;
}

/** Check a shot and work out range band and the stands that can fire (p.11-12). */
export function planShot(state: S, w: Work, shooter: Unit, target: Unit): ShotPlan | Rejection {
  const q = qualitiesOf(shooter);
  const weapon = weaponOf(shooter.troopType as never, q);
  if (weapon === 'none') return reject('no-weapon', `${shooter.name} has no missile weapon.`, 'SYW §4 unit table (p.9)');
  const g = w.groupOf(shooter.id)!;
  const us = w.unitState(shooter.id)!;
  if (g.order === 'rout' || us.surrendered) return reject('routing', 'Routers do not shoot.', R);
  if (isArtillery(shooter) && g.order !== 'stand') return reject('artillery-order', 'Artillery may only fire when on Stand orders.', 'SYW (3) Order interpretation (p.8)');
  if (isArtillery(shooter) && us.lastMovedPhase >= state.ruleset.phaseCounter - 1) return reject('artillery-moved', 'Artillery may only shoot if it did not move or pivot in this or the previous phase.', 'SYW (5) Shooting rules (b) (p.12)');
  if (us.turnedToFaceThisPhase) return reject('turned', 'Stands that turned to face a charge this phase may not shoot.', 'SYW (5) Shooting rules (d) (p.12)');
  if (us.ambushPhase === state.ruleset.phaseCounter) return reject('already-shot', `${shooter.name} fired from hiding this phase.`, 'SYW (3) Visibility (p.7)');
  if (us.mayNotShoot) return reject('fell-back', 'Falling back or evading light troops may not shoot this turn.', 'SYW 6 Melee h) (p.13)');
  if (inMelee(w, shooter)) return reject('in-melee', 'Units in melee do not shoot.', 'SYW (5) Shooting rules (h),(k) (p.12)');
  if (target.side === shooter.side) return reject('friend', 'Shoot at the enemy.', R);
  if (isHiddenFrom(state.ruleset, target.id, shooter.side)) return reject('unseen', 'No enemy has been seen there.', 'SYW 9 Deployment (p.19)');
  if (w.isOff(target.id)) return reject('off-table', 'The target is off the table.', R);
  if (protectedByMelee(w, target)) return reject('melee-target', 'Stands in melee, or adjacent to a stand in melee, may not be shot at.', 'SYW (5) Shooting rules (k) (p.12)');
  const beingCharged = state.ruleset.charges.filter((c) => c.target === shooter.id);
  if (beingCharged.length > 0 && !us.mayShootAtChargers) return reject('charged', 'Troops being charged shoot only if their being-charged test was better than Go to Retreat.', 'SYW (5) Shooting rules (j) (p.12)');
  const atChargers = beingCharged.some((c) => c.chargers.includes(target.id));
  // (j) support shooting: friends of a charged unit fire at its chargers with "the same restrictions, but
  // measure distance from their relative positions": from themselves to the chargers where the charged
  // unit's own shot counts them (5cm from it), with their own arcs and ranges.
  const supported = atChargers ? undefined : state.ruleset.charges.find((c) => c.chargers.includes(target.id) && c.target !== shooter.id && w.unit(c.target)?.side === shooter.side);
  const aim = supported ? chargersAtFiveCm(w, target, w.unit(supported.target)!) : target.stands;
  const howitzer = weapon === 'howitzer';
  // (h): shooting within a town is part of melee and is not calculated separately.
  const town = shooter.stands.map((s) => townAt(w.battle, s.centre)).find((t) => t !== undefined);
  if (town && target.stands.some((s) => townAt(w.battle, s.centre) === town)) return reject('town-melee', 'Shooting within a town is part of melee and is not calculated separately.', 'SYW (5) Shooting rules (h) (p.12)');
  // (h): troops in a town are seen from over 5cm away only when they fired from its edge (this phase or the last).
  const seen = canSee(w.battle, centroid(shooter.stands), centroid(target.stands), { targetFired: (w.unitState(target.id)?.firedPhase ?? -10) >= state.ruleset.phaseCounter - 1 });
  if (!seen && !howitzer) return reject('unseen', `${shooter.name} cannot see ${target.name}.`, 'SYW (5) Shooting rules (e),(g)-(i) (p.12)');
  if (!clearShot(w, shooter, target, howitzer)) return reject('blocked', 'Stands may not shoot over other units (artillery only to/from a hill with no friends within 10cm).', 'SYW (5) Shooting rules (f) (p.12)');
  let rangeMm = unitDistance(shooter.stands, aim);
  if (!seen && howitzer) rangeMm += SHOOTING_RULES.howitzerUnseenExtraCm * CM;
  if (atChargers && rangeMm >= SHOOTING_RULES.chargerRangeCm * CM) rangeMm = SHOOTING_RULES.chargerRangeCm * CM;
  const band = bandFor(w.tables, weapon, rangeMm);
  if (!band) return reject('out-of-range', `${target.name} is out of range (${(rangeMm / CM).toFixed(1)}cm).`, 'SYW (5) Shooting ranges (p.11)');
  // Arcs: artillery 45° of straight ahead (a); small arms in front or 1 base width either side (c).
  const reach = maxRangeMm(w.tables, weapon) + (howitzer ? SHOOTING_RULES.howitzerUnseenExtraCm * CM : 0);
  let stands = 0;
  if (isArtilleryWeapon(weapon)) {
    const fr = unitFrame(shooter.stands, shooter.stands[0]!.facing);
    if (!inFrontArc(fr, Math.PI / 4, atChargers ? Infinity : reach, aim)) return reject('arc', 'Artillery shoots within 45° of straight ahead.', 'SYW (5) Shooting rules (a) (p.12)');
    // (a) within 15cm of enemy: the nearest enemy (or one charging it).
    const near = w.enemiesOf(shooter.side).filter((e) => !protectedByMelee(w, e) && unitDistance(shooter.stands, e.stands) <= SHOOTING_RULES.artilleryMustShootNearestWithinCm * CM);
    if (near.length > 0 && !atChargers) {
      const nearestMm = Math.min(...near.map((e) => unitDistance(shooter.stands, e.stands)));
      // "or the enemy posing the greatest threat to them": an enemy within 15cm on Advance orders with the guns in its 45° front arc (it may charge them).
      const tf = unitFrame(target.stands, target.stands[0]!.facing);
      const threat = near.some((e) => e.id === target.id) && w.groupOf(target.id)?.order === 'advance' && inFrontArc(tf, Math.PI / 4, SHOOTING_RULES.artilleryMustShootNearestWithinCm * CM, shooter.stands);
      if (unitDistance(shooter.stands, target.stands) > nearestMm + 0.5 && !threat) return reject('nearest', 'Within 15cm of enemy, artillery must shoot at the nearest enemy or the enemy posing the greatest threat (one on Advance with the guns in its front arc).', 'SYW (5) Shooting rules (a) (p.12)');
    }
    stands = shooter.stands.length;
  } else {
    for (const s of shooter.stands) {
      const fr = standFrame(s);
      // A stand with one of its own unit's stands directly ahead is a rear rank: it does not shoot.
      const blocked = shooter.stands.some((o) => o.id !== s.id && inFrontStrip(fr, -1, o.depthMm + 1, o, 'centre'));
      if (blocked) continue;
      if (inFrontStrip(fr, s.widthMm * SHOOTING_RULES.smallArmsSideBases, atChargers ? Infinity : reach, aim)) stands++;
    }
    if (stands === 0) return reject('arc', 'Small arms shoot only at targets in front of the stand, or 1 base width either side.', 'SYW (5) Shooting rules (c) (p.12)');
  }
  const left = stands - us.standsShot;
  if (left <= 0) return reject('already-shot', `${shooter.name} has already shot this step.`, R);
  const usable = isLightUnit(shooter) ? Math.min(left, 1 + LIGHT_EXTRA_STANDS_PER_SHOT) : left;
  return { weapon, band, stands: usable, unseen: !seen, atChargers, rangeMm, support: supported !== undefined };
}

/**
 * (5)(j): where supporting shooters measure to: the chargers moved straight towards the unit they
 * charge until 5cm from it (where its own shot counts them). Chargers already within 5cm stay put.
 */
export function chargersAtFiveCm(w: Work, chargers: Unit, charged: Unit): Unit['stands'] {
  const want = SHOOTING_RULES.chargerRangeCm * CM;
  const a = centroid(chargers.stands), b = centroid(charged.stands);
  const len = hypot(b.x - a.x, b.y - a.y) || 1;
  const ux = (b.x - a.x) / len, uy = (b.y - a.y) / len;
  // The first place on that line where the gap is 5cm, solved by the geometry (the gap does not shrink one for one on a slant).
  const d = distanceToGap(chargers.stands, [{ kind: 'translate', dx: ux * len, dy: uy * len, distanceMm: len }], charged.stands, want) ?? 0;
  void w;
  return d > 0 ? translateStands(chargers.stands, ux * d, uy * d) : chargers.stands;
}

export function shootingModifiers(state: S, w: Work, shooter: Unit, target: Unit, p: ShotPlan): Modifier[] {
  const t = w.tables;
  const q = qualitiesOf(shooter);
  const g = w.groupOf(shooter.id)!;
  const us = w.unitState(shooter.id)!;
  const mods: Modifier[] = [];
  if (p.band === 'extreme') mods.push(modifier(t, 'shootingModifiers', 'extremeRange'));
  if (p.band === 'long') mods.push(modifier(t, 'shootingModifiers', 'longRange'));
  if (q.poorShots && isSmallArms(p.weapon)) mods.push(modifier(t, 'shootingModifiers', 'poorShots'));
  if (!isArtillery(shooter) && (g.order !== 'stand' || us.lastMovedPhase === state.ruleset.phaseCounter)) mods.push(modifier(t, 'shootingModifiers', 'movedOrNotStand'));
  const cover = coverOf(w.battle, target);
  if ((cover !== 'none' && isSmallArms(p.weapon)) || (cover === 'hard' && (p.weapon === 'light-gun' || p.weapon === 'medium-gun'))) mods.push(modifier(t, 'shootingModifiers', 'targetInCover'));
  if (target.troopType === 'light-infantry' || target.troopType === 'riflemen') mods.push(modifier(t, 'shootingModifiers', 'targetLightInfantry'));
  if (isLightUnit(shooter)) mods.push(modifier(t, 'shootingModifiers', 'lightShooters'));
  // (5) p.11 "Shooting unit Disordered" has no "(except by terrain)" as the melee chart has: disorder from terrain counts.
  if (us.disordered) mods.push(modifier(t, 'shootingModifiers', 'shooterDisordered'));
  if (isArtilleryWeapon(p.weapon) && p.weapon !== 'howitzer' && (target.formation === 'column' || target.formation === 'square')) mods.push(modifier(t, 'shootingModifiers', 'artilleryAtColumnOrSquare'));
  if (isArtilleryWeapon(p.weapon) && p.rangeMm <= ARTILLERY_CLOSE_CM * CM + 0.5) mods.push(modifier(t, 'shootingModifiers', 'artilleryClose'));
  if (isMusket(p.weapon) && isMassed(shooter) && !us.firedToday) mods.push(modifier(t, 'shootingModifiers', 'firstVolley'));
  if (isMusket(p.weapon) && p.band === 'short') mods.push(modifier(t, 'shootingModifiers', 'musketsShortRange'));
  if (p.stands > 1) mods.push(modifier(t, 'shootingModifiers', 'perExtraStand', p.stands - 1));
  return mods;
}

/** Roll one shot and apply it; returns the modified score. */
export function resolveShot(state: S, w: Work, shooter: Unit, target: Unit, p: ShotPlan, bounce: boolean): number {
  const mods = shootingModifiers(state, w, shooter, target, p);
  const r = w.roll({
    dice: 'd6', purpose: `${bounce ? 'Bounce through: ' : ''}${shooter.name} shoots at ${target.name} (${p.band}${p.unseen ? ', unseen' : ''}${p.atChargers ? ', at chargers' : ''}${p.support ? ', in support at chargers' : ''})`,
    rule: 'SYW (5) Shooting method (p.11)', modifiers: mods, table: { id: 'shootingResults' },
    outcome: (v) => ({ outcome: scoreResult(v.modified).result, row: String(v.modified) }), subjects: [shooter.id, target.id],
  });
  const res = scoreResult(r.modified);
  const tg = w.groupOf(target.id);
  if (tg && isArtilleryWeapon(p.weapon) && p.band === 'short') w.setGroup(tg.id, { underShortRangeArtillery: true });
  generalRisk(w, target.id, r.faces[0]!, null);
  if (res.kills > 0) killStands(w, target.id, res.kills, 'shooting', 'SYW (5) Shooting method (p.11)', centroid(shooter.stands));
  if (res.disorganises && w.unit(target.id)) disorderUnit(w, target.id, 'shot', 'SYW (5) Shooting method (p.11): units taking casualties are disorganised');
  return r.modified;
}

const shootSchema = z.object({ type: z.literal('shoot'), side: z.string(), unit: z.string(), target: z.string() }).strict();

export const shoot = defineCommand<SywState, Options, Tables, z.infer<typeof shootSchema>>({
  describe: 'A unit shoots at an enemy unit (one D6 per unit; +1 per extra stand).',
  schema: shootSchema,
  handle(state, cmd, ctx) {
    const w = new Work(state, ctx);
    const shooter = w.unit(cmd.unit), target = w.unit(cmd.target);
    if (!shooter || shooter.side !== cmd.side) return reject('bad-unit', 'Choose one of your units.', R);
    const gen = target ? undefined : state.battle.generals.find((x) => x.id === cmd.target);
    if (gen) return shootAtGeneral(state, w, shooter, gen.id);
    if (!target) return reject('bad-target', 'Choose an enemy unit.', R);
    const p = planShot(state, w, shooter, target);
    if ('rejected' in p) return p;
    const score = resolveShot(state, w, shooter, target, p, false);
    w.setUnit(shooter.id, { firedToday: true, firedPhase: w.rs.phaseCounter, standsShot: w.unitState(shooter.id)!.standsShot + p.stands });
    // Hidden troops are detected if they shoot (p.19).
    if (w.rs.hidden[shooter.id] !== undefined) reveal(w, shooter.id, 'fired', 'SYW 9 Deployment (p.19)');
    // Bounce through (p.11): not at short range, not howitzers, on a hit.
    if (isArtilleryWeapon(p.weapon) && p.weapon !== 'howitzer' && p.band !== 'short' && score >= 4) {
      const a = centroid(shooter.stands), b = centroid(target.stands);
      const len = hypot(b.x - a.x, b.y - a.y) || 1;
      const ux = (b.x - a.x) / len, uy = (b.y - a.y) / len;
      const tr = unitFrame(target.stands, target.stands[0]!.facing);
      const beyond = { x: b.x + ux * (tr.halfDepthMm + tr.halfWidthMm + SHOOTING_RULES.bounceThroughCm * CM), y: b.y + uy * (tr.halfDepthMm + tr.halfWidthMm + SHOOTING_RULES.bounceThroughCm * CM) };
      for (const e of w.enemiesOf(shooter.side)) {
        if (e.id === target.id || protectedByMelee(w, e)) continue;
        const onLine = segmentToUnitDistance(b, beyond as never, e.stands) < 0.5;
        const within = w.unit(target.id) ? unitDistance(w.unit(target.id)!.stands, e.stands) <= SHOOTING_RULES.bounceThroughCm * CM : true;
        if (!onLine || !within) continue;
        const rangeMm = unitDistance(shooter.stands, e.stands);
        const band = bandFor(w.tables, p.weapon, rangeMm);
        if (!band) continue;
        resolveShot(state, w, shooter, e, { ...p, band, rangeMm, atChargers: false }, true);
      }
    }
    void isCavalry;
    return w.change();
  },
});

/** A general's figure as a one-stand target, so that the ordinary sight, range and arc checks apply. */
export function generalAsTarget(state: S, genId: string): Unit | undefined {
  const gen = state.battle.generals.find((x) => x.id === genId);
  const gs = state.ruleset.generals[genId];
  if (!gen || !gs || gs.killed) return undefined;
  return { id: gen.id, name: gen.name, side: gen.side, formation: 'line', troopType: 'general', arm: 'infantry', quality: 'normal', nationality: '', stands: [gen.stand], commandStandId: null, parent: null, extra: {} } as unknown as Unit;
}

/**
 * (3) Notes on Generals (d) p.6: "Generals may be Killed if (1) He is shot at directly ... And: The
 * enemy throws a 6 and you a 1". The shot needs sight, range and arc as at a unit ((5) pp.11-12); it
 * does no other harm: a natural 6 makes the general's side roll a D6, and a 1 kills him.
 */
function shootAtGeneral(state: S, w: Work, shooter: Unit, genId: string): ReturnType<typeof w.change> | Rejection {
  const t = generalAsTarget(state, genId);
  if (!t || t.side === shooter.side) return reject('bad-target', 'Choose an enemy general.', R);
  const p = planShot(state, w, shooter, t);
  if ('rejected' in p) return p;
  const r = w.roll({ dice: 'd6', purpose: `${shooter.name} shoots at General ${t.name} (${p.band}): a 6, then his side's 1, kills`, rule: 'SYW (3) Notes on Generals (d) (p.6)', subjects: [shooter.id, genId] });
  if (r.faces[0] === 6) {
    const own = w.roll({ dice: 'd6', purpose: `Is ${t.name} hit? (a 1 kills)`, rule: 'SYW (3) Notes on Generals (d) (p.6)', subjects: [genId] });
    if (own.faces[0] === 1) killGeneral(w, genId);
  }
  w.setUnit(shooter.id, { firedToday: true, firedPhase: w.rs.phaseCounter, standsShot: w.unitState(shooter.id)!.standsShot + p.stands });
  if (w.rs.hidden[shooter.id] !== undefined) reveal(w, shooter.id, 'fired', 'SYW 9 Deployment (p.19)');
  return w.change();
}

/** When the shooting steps end: groups that took casualties test morale ((5)(l), 8 p.17). */
export function shootingMorale(w: Work, enemyOf: (side: string) => string): void {
  for (const g of Object.values(w.rs.groups)) {
    if (g.casualtiesThisPhase <= 0 || g.offTable || g.order === 'rout') continue;
    const enemies = w.enemiesOf(g.side);
    const c = centroid(w.groupUnits(g).flatMap((u) => u.stands));
    const nearestEnemy = enemies.length > 0 ? enemies.reduce((a, e) => (hypot(centroid(e.stands).x - c.x, centroid(e.stands).y - c.y) < hypot(centroid(a.stands).x - c.x, centroid(a.stands).y - c.y) ? e : a)) : undefined;
    casualtyTest(w, g.id, 'casualties', [], nearestEnemy ? centroid(nearestEnemy.stands) : null);
    void enemyOf;
  }
}

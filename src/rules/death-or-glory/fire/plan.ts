/**
 * DoG FIRE PHASE as a plan (no effects): who may fire at what, with how many figures or guns, at
 * what range, and every modifier with its section — the same plan serves the `fire` command, the
 * stand-and-fire reaction to a charge, the table's read-out and the AI.
 */
import type { Unit } from '../../../engine/model';
import type { Modifier } from '../../../engine/ruleset';
import { unitFrame, toLocal } from '../../../geometry/frame';
import { unitDistance, averagedRange, areParallel, segmentToUnitDistance } from '../../../geometry/measure';
import { inFrontArc } from '../../../geometry/zones';
import type { Battle } from '../../../engine/state';
import type { DogOptions } from '../options';
import type { DogTables } from '../tables';
import { FIRE_MODIFIERS as FM, FIRE_RULE, RANGE_RULE, ARTILLERY_RANGE_RULE, CINC_RULE, CINC_PRESENT_MM, BRITISH_SHRAPNEL, bandFor, maxRangeMm, type SmallArm, type Calibre } from '../tables';
import type { DogState } from '../state';
import { us, rowOf, hasTag, isVeteran, isConscript, isBritish, centreOf } from '../state';
import { canSee, coverOf, generalToUnitMm } from '../geo';
import { FIGURE_MM } from '../setup/setup';

export const FIRE_PHASE_RULE = 'DoG FIRE PHASE';
export const ARC_RULE = 'DoG Infantry Fire ("within a 10 degree arc of its frontage")';
export const ARC_RAD = (10 * Math.PI) / 180;

type Ctx = { battle: Battle; rs: DogState; tables: DogTables; options: DogOptions };

export function weaponOf(tables: DogTables, u: Unit): SmallArm | 'artillery' {
  if (u.arm === 'artillery') return 'artillery';
  if (u.arm === 'cavalry') return u.formation === 'skirmish' ? 'carbine' : 'mounted';
  return hasTag(tables, u, 'rifles') ? 'rifle' : 'musket';
}

/** "Only the front rank of figures may fire": figures on the front rank of stands, a rank's width each (a square: one face). Guns: every gun. */
export function figuresFiring(u: Unit): number {
  if (u.arm === 'artillery') return u.stands.reduce((a, s) => a + (s.figures ?? 0), 0);
  const per = FIGURE_MM[u.arm as 'infantry' | 'cavalry'];
  const fr = unitFrame(u.stands);
  const along = u.stands.map((s) => toLocal(fr, s.centre).along);
  const front = Math.max(...along);
  const stands = u.formation === 'skirmish' ? u.stands : u.stands.filter((_, i) => along[i]! >= front - 1);
  let n = stands.reduce((a, s) => a + Math.min(s.figures ?? 0, Math.round(s.widthMm / per)), 0);
  if (u.formation === 'square') n = Math.max(1, Math.round(u.stands.reduce((a, s) => a + Math.min(s.figures ?? 0, Math.round(s.widthMm / per)), 0) / 4));
  return n;
}

/** Range: base to base when parallel, else the edges' and centre's ranges added and divided by 3 (DoG Infantry Fire). */
export function rangeMm(u: Unit, t: Unit): number {
  const fu = unitFrame(u.stands), ft = unitFrame(t.stands);
  return areParallel(fu, ft, (2 * Math.PI) / 180) ? unitDistance(u.stands, t.stands) : averagedRange(fu, t.stands).meanMm;
}

/** Ranks of the target: its depth in stand depths (artillery fire "+1 for every rank of target unit"). */
export function ranksOf(t: Unit): number {
  const fr = unitFrame(t.stands);
  const d = t.stands[0]!.depthMm;
  return Math.max(1, Math.round((fr.halfDepthMm * 2) / d));
}

/** Skirmishers screening `t` from small-arms fire by `u` (DoG Skirmishers: density by the target's formation). */
export function screenOf(c: Ctx, u: Unit, t: Unit): Unit | undefined {
  if (u.arm === 'artillery') return undefined; // "Skirmishers do not screen a target from artillery fire."
  const need = t.arm === 'artillery' ? 2 : t.formation === 'line' ? 4 : 2;
  const a = centreOf(u), b = centreOf(t);
  return c.battle.units.find((s) => s.side === t.side && s.id !== t.id && s.formation === 'skirmish' && s.stands.reduce((x, y) => x + (y.figures ?? 0), 0) >= need && segmentToUnitDistance(a, b, s.stands) <= 1e-6);
}

export interface FirePlan {
  readonly ok: boolean;
  readonly reason?: string;
  readonly rule?: string;
  readonly count: number;
  readonly rangeMm: number;
  readonly chart: 'infantry' | 'artillery';
  /** Fire factor, C-in-C, modifiers (each with its section), range. */
  readonly modifiers: readonly Modifier[];
}

const no = (reason: string, rule: string): FirePlan => ({ ok: false, reason, rule, count: 0, rangeMm: 0, chart: 'infantry', modifiers: [] });

export function planFire(c: Ctx, u: Unit, t: Unit, opts: { reaction?: boolean } = {}): FirePlan {
  const st = us(c.rs, u.id);
  const row = rowOf(c.tables, u);
  if (t.side === u.side) return no('Fire at the enemy.', FIRE_PHASE_RULE);
  if (!opts.reaction && st.fired) return no(`${u.name} has fired this turn.`, FIRE_PHASE_RULE);
  if (st.morale === 'routing' || st.morale === 'retreating') return no(`${u.name} is ${st.morale}.`, 'DoG Routing troops attempt to rally');
  if (st.fatigue >= 3) return no(`${u.name} is utterly exhausted and may do nothing.`, 'DoG EFFECTS OF FATIGUE/EXHAUSTION');
  if (row.fire === undefined) return no(`${row.name} have no fire factor.`, 'DoG Nationality Tables (blank Fire cell)');
  if (u.arm === 'artillery' && u.formation !== 'unlimbered') return no('A limbered battery cannot fire.', 'DoG FORMATION CHANGES (unlimber battery)');
  if (c.rs.melees.some((m) => m.a === u.id || m.b === u.id)) return no(`${u.name} is in melee.`, 'DoG MELÉE');
  const weapon = weaponOf(c.tables, u);
  const cal = (u.extra['calibre'] ?? '6-7') as Calibre;
  const maxMm = weapon === 'artillery' ? Math.max(maxRangeMm(c.tables.canister[cal]), maxRangeMm(c.tables.ball[cal])) : maxRangeMm(c.tables.smallArms[weapon]);
  const fr = unitFrame(u.stands);
  if (u.formation !== 'square' && u.formation !== 'skirmish' && !inFrontArc(fr, ARC_RAD, maxMm, t.stands)) return no(`${t.name} is not within the 10° arc of ${u.name}'s frontage and ${maxMm} m.`, ARC_RULE);
  const r = rangeMm(u, t);
  if (r > maxMm + 0.5) return no(`${t.name} is ${Math.round(r)} m away; ${weapon === 'artillery' ? `${cal} pdr guns reach` : `${weapon}s reach`} ${maxMm} m.`, weapon === 'artillery' ? ARTILLERY_RANGE_RULE : RANGE_RULE);
  if (!canSee(c.battle, u, t)) return no(`${u.name} cannot see ${t.name}.`, 'DoG FIRE PHASE (line of sight)');
  const screen = screenOf(c, u, t);
  if (screen) return no(`${t.name} is screened by ${screen.name}.`, 'DoG Skirmishers ("Once screened, a unit may not … be fired upon")');
  const mods: Modifier[] = [{ label: `fire factor (${row.name})`, value: row.fire, rule: 'DoG Nationality Tables' }];
  const add = (m: { label: string; value: number }, rule = FIRE_RULE) => mods.push({ label: m.label, value: m.value, rule });
  // C-in-C with the unit since the last command phase.
  for (const g of c.battle.generals) {
    const gs = c.rs.generals[g.id];
    if (g.side !== u.side || !gs || gs.kind !== 'cinc' || gs.wound === 'serious' || gs.wound === 'killed') continue;
    const stayed = generalToUnitMm(g, u) <= CINC_PRESENT_MM && generalToUnitMm({ ...g, stand: { ...g.stand, centre: gs.at } }, u) <= CINC_PRESENT_MM;
    if (stayed) { mods.push({ label: `C-in-C ${g.name} present all turn`, value: gs.cincBonus ?? 1, rule: CINC_RULE }); break; }
  }
  if (u.arm === 'infantry' && isBritish(c.tables, u) && u.formation === 'line') add(FM.britishLine);
  if (isVeteran(u)) add(FM.veteran);
  if (u.arm === 'infantry' && !st.initialVolleyUsed && !opts.reaction) add(FM.initialVolley);
  if (st.order === 'unformed' || st.morale === 'shaken') add(FM.unformed);
  if (st.order === 'disordered') add(FM.disordered);
  if (st.firingTurns >= 2) { const k = Math.floor((st.firingTurns + 1) / 3); if (k > 0) mods.push({ label: `${FM.consecutive.label} (${st.firingTurns + 1} moves)`, value: FM.consecutive.value * k, rule: FIRE_RULE }); }
  if (isConscript(c.tables, u)) add(FM.conscript);
  if (weapon !== 'artillery' && t.arm === 'cavalry' && hasTag(c.tables, t, 'cuirassier')) add(FM.cuirassiers);
  if (st.underFire && !isBritish(c.tables, u) && !isVeteran(u)) add(FM.underFire);
  if (st.fatigue === 1) add(FM.tired);
  if (st.fatigue === 2) add(FM.exhausted);
  if (u.formation === 'skirmish') add(FM.skirmishOrder);
  const cover = coverOf(c.battle, u);
  if (cover === 'hard' || cover === 'entrenched') add(FM.restingArms);
  if (weapon === 'artillery') {
    const ranks = ranksOf(t);
    mods.push({ label: `${FM.perRank.label} (${ranks})`, value: FM.perRank.value * ranks, rule: FIRE_RULE });
  } else if (ranksOf(t) > 1 || t.formation === 'column' || t.formation === 'march' || t.formation === 'square') add(FM.deepTarget);
  const tc = coverOf(c.battle, t);
  if (tc === 'soft') add(FM.softCover);
  if (tc === 'hard') add(FM.hardCover);
  if (tc === 'entrenched') add(FM.entrenched);
  if (t.formation === 'skirmish') add(FM.targetSkirmish);
  if (weapon === 'artillery') {
    const can = bandFor(c.tables.canister[cal], r), ball = bandFor(c.tables.ball[cal], r);
    const shrapnel = isBritish(c.tables, u) ? BRITISH_SHRAPNEL : 0;
    const canV = can?.modifier ?? -Infinity, ballV = ball ? ball.modifier + shrapnel : -Infinity;
    if (canV >= ballV) mods.push({ label: `canister, ${cal} pdr at ${Math.round(r)} m`, value: canV, rule: ARTILLERY_RANGE_RULE });
    else mods.push({ label: `ball and shell, ${cal} pdr at ${Math.round(r)} m${shrapnel ? ' (+1 British shrapnel)' : ''}`, value: ballV, rule: ARTILLERY_RANGE_RULE });
  } else {
    const b = bandFor(c.tables.smallArms[weapon], r)!;
    mods.push({ label: `${weapon} at ${Math.round(r)} m`, value: b.modifier, rule: RANGE_RULE });
  }
  return { ok: true, count: figuresFiring(u), rangeMm: r, chart: weapon === 'artillery' ? 'artillery' : 'infantry', modifiers: mods };
}

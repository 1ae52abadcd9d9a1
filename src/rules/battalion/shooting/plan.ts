/**
 * BT Summery of Shooting Phase, steps 1-7 as a plan: who may shoot (1), at what (2), line of
 * sight (3), range (4), rate of fire (5), the dice (6) and the to-hit number with every modifier
 * (7). Pure: the table adapter previews it and the shoot command rolls it.
 */
import type { Unit, Stand } from '../../../engine/model';
import type { Battle } from '../../../engine/state';
import type { Modifier } from '../../../engine/ruleset';
import { unitDistance } from '../../../geometry/measure';
import { unitFrame } from '../../../geometry/frame';
import { inFrontArc } from '../../../geometry/zones';
import { toLocal } from '../../../geometry/frame';
import type { BtState } from '../state';
import { armOf, flag, qualityOf, us, inMm, mmIn } from '../state';
import type { BtOptions } from '../options';
import type { BtTables, Weapon } from '../tables';
import { WEAPON_OF, SHOOTING_MODIFIERS as M, SHOOTING_RULE, RANGE_RULE, TO_HIT_RULE, MODIFIERS_RULE, LONG_RANGE_IN, COLUMN_FIRING_STANDS, LINE_BONUS_WIDTH, GRAPE_ARC_DEG } from '../tables';
import { normalRateMm } from '../movement/moves';
import { sightOf, inGrapeArc, inContact, inBuildings } from '../geo';

export type MovedPenalty = 'toHit' | 'rof';

export interface ShotPlan {
  readonly ok: true;
  readonly weapon: Weapon;
  readonly firing: readonly Stand[];
  readonly distanceIn: number;
  readonly grape: boolean;
  readonly template: boolean;
  readonly indirect: boolean;
  readonly rof: number;
  /** How the rate of fire was reached, for the log. */
  readonly rofParts: readonly string[];
  readonly toHit: number;
  readonly toHitLabel: string;
  readonly modifiers: readonly Modifier[];
}
export interface ShotRefusal {
  readonly ok: false;
  readonly code: string;
  readonly reason: string;
  readonly rule: string;
}

const no = (code: string, reason: string, rule: string): ShotRefusal => ({ ok: false, code, reason, rule });
const ARC = Math.PI / 4;

/** BT Column: "Only the front company, or two companies, can fire ... command stands do not count as the 1st company". */
function firingStands(u: Unit): Stand[] {
  if (armOf(u) === 'artillery') return [...u.stands];
  if (u.formation === 'column') {
    const fr = unitFrame(u.stands);
    const order = [...u.stands].filter((s) => s.id !== u.commandStandId).sort((a, b) => toLocal(fr, b.centre).along - toLocal(fr, a.centre).along);
    return order.slice(0, COLUMN_FIRING_STANDS);
  }
  // HOUSE (RULINGS.md): a square fires from one face, a quarter of its stands.
  if (u.formation === 'square') return u.stands.slice(0, Math.max(1, Math.ceil(u.stands.length / 4)));
  return [...u.stands];
}

/** Stands in the front rank of a line (BT Line: "Units in Line 4 stands wide gain a +1 ROF"). */
function frontRankWidth(u: Unit): number {
  const fr = unitFrame(u.stands);
  return u.stands.filter((s) => toLocal(fr, s.centre).along + s.depthMm / 2 >= fr.halfDepthMm - 1).length;
}

export interface ShotContext {
  readonly battle: Battle;
  readonly rs: BtState;
  readonly options: BtOptions;
  readonly tables: BtTables;
}

export function planShot(g: ShotContext, shooter: Unit, target: Unit, movedPenalty: MovedPenalty = 'rof', opts: { defensive?: boolean; half?: boolean } = {}): ShotPlan | ShotRefusal {
  const st = us(g.rs, shooter.id);
  const arm = armOf(shooter);
  const weapon = WEAPON_OF[shooter.troopType as keyof typeof WEAPON_OF] ?? 'musket';
  const w = g.tables.range[weapon];
  if (target.side === shooter.side) return no('not-enemy', 'Shoot at an enemy battalion.', SHOOTING_RULE);
  if (!opts.defensive && st.fired) return no('fired', `${shooter.name} has already shot this phase.`, SHOOTING_RULE);
  if (!opts.defensive && g.battle.units.some((e) => e.side !== shooter.side && inContact(e, shooter))) return no('in-combat', `${shooter.name} is in contact with the enemy.`, 'BT Assault Phase Summery');
  if (arm === 'artillery' && shooter.formation === 'column') return no('limbered', 'Light artillery in column is limbered and cannot fire (RULINGS.md).', 'BT Movement Phase (Light A. column 6”*)');
  if (!opts.defensive && shooter.formation === 'column' && st.movedMm > normalRateMm(g.tables, shooter) + 0.5)
    return no('double', `${shooter.name} moved at the double and cannot shoot (house rule).`, 'BT Column; HOUSE (RULINGS.md)');
  const firing = firingStands(shooter);
  const distMm = unitDistance(shooter.stands, target.stands);
  const distanceIn = mmIn(distMm);
  if (distMm > inMm(w.rangeIn) + 1e-6) return no('range', `${target.name} is ${distanceIn.toFixed(1)}" away; ${weapon === 'musket' ? 'muskets reach' : 'these guns reach'} ${w.rangeIn}".`, RANGE_RULE);
  // HOUSE (RULINGS.md): troops fire at what is in front of them (45° from the front corners); squares all round.
  if (shooter.formation !== 'square' && !inFrontArc(unitFrame(shooter.stands), ARC, inMm(w.rangeIn) + 1, target.stands)) return no('arc', `${target.name} is not in front of ${shooter.name}.`, `${SHOOTING_RULE} 2; HOUSE arc (RULINGS.md)`);
  const template = weapon === 'howitzers' || weapon === 'rockets';
  const sight = sightOf(g.battle, shooter, firing, target);
  const indirect = !sight.visible && template;
  if (!sight.visible && !template) return no('no-sight', `${shooter.name} cannot see ${target.name}${sight.blockedBy ? ` (${sight.blockedBy})` : ''}.`, `${SHOOTING_RULE} 3`);
  const grape = w.grapeRof !== undefined && w.grapeRangeIn !== undefined && distMm <= inMm(w.grapeRangeIn) + 1e-6 && inGrapeArc(shooter, target, GRAPE_ARC_DEG, inMm(w.grapeRangeIn));

  // 5 Rate of fire.
  const parts: string[] = [];
  let rof: number;
  if (arm === 'artillery') {
    const base = grape ? w.grapeRof! : (w.cannonRof ?? 1);
    rof = template ? base * shooter.stands.length : base;
    parts.push(template ? `${base} per stand × ${shooter.stands.length}` : `${grape ? 'grape' : 'cannon'} ROF ${base}`);
  } else {
    const per = arm === 'cavalry' ? g.options.cavalryRofPerStand : g.options.infantryRofPerStand;
    rof = firing.length * per;
    parts.push(`${firing.length} stand${firing.length === 1 ? '' : 's'} firing × ${per} (house value)`);
    // Cavalry "6+ (no other modifiers)": no row of the Modifiers table, ROF rows included.
    if (arm !== 'cavalry' && shooter.formation === 'line' && frontRankWidth(shooter) >= LINE_BONUS_WIDTH) { rof += M.lineFourWide.value; parts.push(`+${M.lineFourWide.value} ${M.lineFourWide.label}`); }
    if (arm !== 'cavalry' && flag(shooter, 'jaeger')) { rof += M.jaeger.value; parts.push(`+${M.jaeger.value} ${M.jaeger.label}`); }
  }
  const moved = st.moved;
  const horseArt = shooter.troopType === 'horse-artillery';
  if (st.disorientated) { rof = Math.max(1, Math.floor(rof / 2)); parts.push('halved: disorientated (BT Howitzers & Disorientation)'); }
  if (moved && movedPenalty === 'rof' && !horseArt && arm !== 'cavalry') { rof = Math.max(1, Math.floor(rof / 2)); parts.push('halved: moved (BT Modifiers "reduced ROF")'); }
  if (opts.half) { rof = Math.max(1, Math.floor(rof / 2)); parts.push('½ ROF (BT Battalion Light Artillery)'); }
  rof = Math.min(rof, 60);

  // 7 To hit.
  const building = inBuildings(g.battle, target);
  const base = building ? (template ? g.tables.toHit[arm] : (w.firepowerVsBuildings ?? w.firepower)) : g.tables.toHit[arm];
  const label = building && !template ? `FPW ${base}+ against a target in buildings (RULINGS.md)` : `${arm} firing ${base}+`;
  const mods: Modifier[] = [];
  const add = (m: { label: string; value: number }, rule = MODIFIERS_RULE) => mods.push({ label: m.label, value: m.value, rule });
  if (arm !== 'cavalry') {
    if (target.formation === 'square') add(M.atSquare);
    if (target.formation === 'column') add(M.atColumn);
    if (flag(shooter, 'rifles')) add(M.rifles);
    const q = qualityOf(shooter);
    if (q === 'veteran') add(M.veteran);
    if (q === 'conscript') add(M.conscript);
    if (!moved) add(M.notMoved);
    else if (movedPenalty === 'toHit' || horseArt) add(M.moved, horseArt ? 'BT Horse Artillery' : MODIFIERS_RULE);
    if (indirect) add(M.indirect);
    if (distanceIn > LONG_RANGE_IN + 1e-9) add(M.over16);
    if (sight.throughSkirmish) add(M.throughSkirmish);
    if (target.formation === 'loose') add(M.atLoose);
  }
  return { ok: true, weapon, firing, distanceIn, grape, template, indirect, rof, rofParts: parts, toHit: base, toHitLabel: `${TO_HIT_RULE}: ${label}`, modifiers: mods };
}

/**
 * The odds a player weighs, from the rules' own functions (one kernel: nothing here repeats a
 * modifier or a table row): the chance to pass a motivation check (BT Motivation table), the
 * stands a shot is expected to kill (BT Summery of Shooting Phase 5-10), and what an assault is
 * expected to cost each side (BT Assault Phase Summery), in stands.
 */
import type { SeenGame } from '../../../engine/ruleset';
import type { Unit } from '../../../engine/model';
import type { BtOptions } from '../options';
import type { BtTables } from '../tables';
import type { BtState } from '../state';
import { armOf, qualityOf, underHalf, us } from '../state';
import { motivationModifiers, type MotivationContext } from '../motivation/checks';
import { motivationReroll, skillReroll, attachedTo } from '../special/commanders';
import { planShot } from '../shooting/plan';
import { saveFor } from '../shooting/hits';
import { assaultProblem, attacksOf, combatModifiers, engagedStands } from '../assault/assault';
import { withPoses } from '../movement/moves';
import { reachTarget } from '../../../geometry/reach';
import { unitFrame } from '../../../geometry/frame';
import { faceCentreOf } from '../../../geometry/units';
import { layoutLine, layoutWedge } from '../../../geometry/formation';
import type { Radians, StandFootprint } from '../../../geometry/types';
import { layoutFor } from '../movement/formations';

type V = SeenGame<BtState, BtOptions, BtTables>;

/** Chance a d6 scores `need` or more. */
export const chance = (need: number): number => Math.max(0, Math.min(6, 7 - need)) / 6;
const sum = (xs: readonly { value: number }[]) => xs.reduce((a, m) => a + m.value, 0);
/** x to a whole power, by multiplication (identical bits everywhere). */
function powInt(x: number, n: number): number {
  let r = 1;
  for (let i = 0; i < n; i++) r *= x;
  return r;
}
const orAgain = (p: number, again: boolean) => (again ? 1 - (1 - p) * (1 - p) : p);

/** Chance `u` (as it stands in `u`, which may be a copy with fewer stands) passes a motivation check, its commander's re-roll included. */
export function motivationPass(v: V, u: Unit, c: Omit<MotivationContext, 'reason' | 'rule'> = {}): number {
  const mods = motivationModifiers({ battle: v.battle, rs: v.ruleset, tables: v.tables, turn: v.position.turn }, u, { reason: '', rule: '', ...c });
  return orAgain(chance(v.options.motivationTarget - sum(mods)), motivationReroll({ battle: v.battle, rs: v.ruleset }, u) !== undefined);
}

/** Chance `u` passes a skill check (BT Skill check table), `mods` added to the die. */
export function skillPass(v: V, u: Unit, mods = 0): number {
  return orAgain(chance(v.tables.skill[qualityOf(u)] - mods), skillReroll({ battle: v.battle, rs: v.ruleset }, u) !== undefined);
}

/** Chance a hit on `u` is not saved: shooting (BT Save table) or in an assault (BT Armour Save Table, lances as BT Lances). */
export function failsSave(v: V, u: Unit, save: 'shooting' | 'armour', lances?: 'noSaveInSquare' | 'armourReduced'): number {
  const need = saveFor({ tables: v.tables }, u, false, { save, ...(lances ? { lances } : {}) }).need;
  return need === undefined ? 1 : 1 - chance(need);
}

/**
 * A planned shot of `shooter` at `target`: the stands it is expected to kill and the chance it
 * kills none, or undefined when the rules refuse it.
 */
export function shotOdds(v: V, shooter: Unit, target: Unit, moved: 'rof' | 'toHit' = 'rof', opts: { defensive?: boolean } = {}): { kills: number; none: number } | undefined {
  const p = planShot({ battle: v.battle, rs: v.ruleset, options: v.options, tables: v.tables }, shooter, target, moved, opts);
  if (!p.ok) return undefined;
  const hit = chance(p.toHit - sum(p.modifiers));
  const fails = failsSave(v, target, 'shooting');
  // BT Howitzers: each hit is a 3" template wounding, on the weapon's firepower, each stand it
  // covers: about one and a half of a formed target's.
  const per = p.template ? hit * Math.min(1.5, target.stands.length) * chance(v.tables.range[p.weapon].firepower) * fails : hit * fails;
  return { kills: p.rof * per, none: powInt(1 - Math.min(1, per), p.rof) };
}

/** Expected stands killed by a planned shot, or undefined when the rules refuse it. */
export const shotKills = (v: V, shooter: Unit, target: Unit, moved: 'rof' | 'toHit' = 'rof', opts: { defensive?: boolean } = {}): number | undefined => shotOdds(v, shooter, target, moved, opts)?.kills;

/** Attack dice of `by`'s stands `engaged` (BT Attacks per Stand), an attached commander's included. */
function attackDice(v: V, by: Unit, engaged: readonly { id: string }[]): number {
  if (engaged.length === 0) return 0;
  return engaged.reduce((n, s) => n + attacksOf(v.tables, by, s.id), 0) + attachedTo({ battle: v.battle, rs: v.ruleset }, by.id).length * v.tables.attacks.brigadeCO;
}

const fewer = (u: Unit, n: number): Unit => ({ ...u, stands: u.stands.slice(0, Math.max(1, u.stands.length - Math.round(n))) });

/** `u` in its formation, its front flush against the front of `t` (where a move the reach cannot plan in one wheel would bring it). */
function faceOn(u: Unit, t: Unit): StandFootprint[] {
  const fr = unitFrame(t.stands);
  const bases = u.stands.map((s) => ({ widthMm: s.widthMm, depthMm: s.depthMm }));
  const facing = (fr.facing + Math.PI) as Radians;
  return u.formation === 'wedge' ? layoutWedge(faceCentreOf(fr, 'front'), facing, bases) : layoutLine(faceCentreOf(fr, 'front'), facing, bases, 1);
}

export interface AssaultOdds {
  /** Expected stands the target loses (those that leave the field with it included). */
  readonly theirs: number;
  /** Expected stands the charger loses, likewise. */
  readonly ours: number;
  /** Chance the target leaves the field. */
  readonly breaks: number;
  /** Chance the charger leaves the field (under half, failing a check: BT Motivation Special Rules). */
  readonly flees: number;
}

/**
 * What `u` assaulting `t` is expected to cost each side (BT Assault Phase Summery), or undefined
 * when the rules forbid it: a square formed by a skill test against horse (BT Square), the
 * charger's motivation check where one is needed, defensive fire, the charger's attacks and the
 * target's armour, the target's check (under half, failing, it leaves the field: BT Motivation
 * Special Rules), its counter attack and the charger's check. The charger's stands in contact are those
 * the assault move (at any distance) would bring there. Expectations, one step at a time (the mean casualties feed the next step).
 */
export function assaultOdds(v: V, u: Unit, t: Unit): AssaultOdds | undefined {
  // PERF: the same position is asked about many times (choosing a script, then its commands); the
  // odds are a function of the table and the battalions' states, kept per those two objects.
  let byRs = memo.get(v.battle);
  if (!byRs) memo.set(v.battle, (byRs = new WeakMap()));
  let known = byRs.get(v.ruleset);
  if (!known) byRs.set(v.ruleset, (known = new Map()));
  const key = `${u.id}:${u.formation}:${u.stands.length}>${t.id}:${t.formation}:${t.stands.length}`;
  if (known.has(key)) return known.get(key);
  const o = computeAssaultOdds(v, u, t);
  known.set(key, o);
  return o;
}
const memo = new WeakMap<object, WeakMap<object, Map<string, AssaultOdds | undefined>>>();

function computeAssaultOdds(v: V, u: Unit, t: Unit): AssaultOdds | undefined {
  // Foot re-forms into line to assault (BT Line), at the end of its move.
  const charger: Unit = armOf(u) === 'infantry' && u.formation !== 'line' ? { ...u, formation: 'line', stands: withPoses(u.stands, layoutFor(u, 'line')) } : u;
  if (assaultProblem({ battle: v.battle, rs: v.ruleset }, charger, t)) return undefined;
  const tst = us(v.ruleset, t.id);
  const squareChance = armOf(u) === 'cavalry' && armOf(t) === 'infantry' && t.formation !== 'square' && !tst.disorientated ? skillPass(v, t) : 0;
  const branch = (target: Unit): AssaultOdds => {
    // Light horse without lances halts 2" off a square (BT Light Cavalry): nothing happens.
    if (u.troopType === 'light-cavalry' && target.formation === 'square' && charger.extra.lances !== true) return { theirs: 0, ours: 0, breaks: 0, flees: 0 };
    const needsCheck = (armOf(u) === 'infantry' && armOf(target) !== 'infantry') || (armOf(u) === 'cavalry' && (target.formation === 'square' || armOf(target) === 'artillery')) || us(v.ruleset, u.id).officerDead;
    const go = needsCheck ? motivationPass(v, charger, { assault: true }) : 1;
    // A charger under half that fails "any kind of motivation test" leaves the field.
    const refusedFlees = underHalf(v.ruleset, u) ? 1 - go : 0;
    const underAfter = (x: Unit) => x.stands.length * 2 < us(v.ruleset, u.id).start;
    // Where the assault move would bring the charger, flush with the target's face (the geometry's reach, any distance).
    // Out of its wheel now, the charger is taken as wheeling first in its move.
    const reach = (deg: number) => reachTarget(charger.stands, target.stands, { maxWheelRad: (deg * Math.PI) / 180, maxDistanceMm: Infinity, centreOnFace: true });
    let contact = reach(v.options.assaultWheelDeg);
    if (!contact.reachable) contact = reach(180);
    const there: Unit = { ...charger, stands: withPoses(charger.stands, contact.reachable && contact.aligned.length === charger.stands.length ? contact.aligned : faceOn(charger, target)) };
    // Defensive fire, then the charger's check if it lost stands.
    const fire = shotOdds(v, target, there, 'rof', { defensive: true }) ?? { kills: 0, none: 1 };
    const df = Math.min(charger.stands.length - 0.5, fire.kills);
    const afterDf = fewer(there, df);
    const stays = 1 - (1 - fire.none) * (1 - motivationPass(v, afterDf, { assault: true, companiesLostToShooting: Math.max(1, Math.round(df)) }));
    let flees = underAfter(afterDf) ? 1 - stays : 0;
    // The charger's attacks: its stands in contact.
    const engagedU = engagedStands(afterDf, target);
    const lances = charger.extra.lances === true ? 'noSaveInSquare' as const : undefined;
    const wounds = attackDice(v, afterDf, engagedU) * skillPass(v, afterDf, sum(combatModifiers(afterDf, target, true)));
    const kills = Math.min(target.stands.length, wounds * failsSave(v, target, 'armour', lances));
    let theirs = kills, ours = df, breaks = 0;
    if (kills >= target.stands.length - 0.25) breaks = 1;
    else {
      const left = fewer(target, kills);
      const holds = kills > 0.05 ? motivationPass(v, left, { assault: true }) : 1;
      // Failing under half it leaves the field; else it falls back (BT Motivation Special Rules).
      breaks = left.stands.length * 2 < tst.start ? 1 - holds : 0;
      theirs += breaks * left.stands.length;
      // Holding, it counter attacks (the worst case for the charger) with its stands in contact.
      const counterLances = charger.extra.lances === true ? 'armourReduced' as const : undefined;
      const back = attackDice(v, left, engagedStands(left, afterDf)) * skillPass(v, left, sum(combatModifiers(left, afterDf, false)));
      const lost = Math.min(afterDf.stands.length, back * failsSave(v, afterDf, 'armour', counterLances)) * holds;
      ours += lost;
      const after = fewer(afterDf, lost);
      if (lost > 0.05 && underAfter(after)) {
        const gone = stays * (1 - motivationPass(v, after, { assault: true })) * Math.min(1, lost);
        flees += gone;
        ours += gone * after.stands.length;
      }
    }
    if (flees > 0) ours += (underAfter(afterDf) ? 1 - stays : 0) * afterDf.stands.length;
    return { theirs: go * stays * theirs, ours: go * ours + refusedFlees * u.stands.length, breaks: go * stays * breaks, flees: go * flees + refusedFlees };
  };
  const plain = branch(t);
  if (squareChance <= 0) return plain;
  const sq = branch({ ...t, formation: 'square', stands: withPoses(t.stands, layoutFor(t, 'square')) });
  const mix = (a: number, b: number) => squareChance * b + (1 - squareChance) * a;
  return { theirs: mix(plain.theirs, sq.theirs), ours: mix(plain.ours, sq.ours), breaks: mix(plain.breaks, sq.breaks), flees: mix(plain.flees, sq.flees) };
}

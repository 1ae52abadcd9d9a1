/**
 * DoG FIRE PHASE as a plan (no effects): who may fire at what, with how many figures or guns, at
 * what range, and every modifier with its section — the same plan serves the `fire` command, the
 * stand-and-fire reaction to a charge, the table's read-out and the AI.
 */
import type { Stand, Unit } from '../../../engine/model';
import type { Modifier } from '../../../engine/ruleset';
import { unitFrame, toLocal, facingGroups, type Frame } from '../../../geometry/frame';
import { unitDistance, averagedRange, areParallel } from '../../../geometry/measure';
import { segmentPolygonSpan } from '../../../geometry/terrain';
import { inFrontArc } from '../../../geometry/zones';
import type { Battle } from '../../../engine/state';
import type { DogOptions } from '../options';
import type { DogTables } from '../tables';
import { FIRE_MODIFIERS as FM, FIRE_RULE, RANGE_RULE, ARTILLERY_RANGE_RULE, CINC_RULE, CINC_PRESENT_MM, BRITISH_SHRAPNEL, bandFor, maxRangeMm, type SmallArm, type Calibre } from '../tables';
import type { DogState } from '../state';
import { us, rowOf, hasTag, isVeteran, isConscript, isBritish, centreOf } from '../state';
import { canSee, coverOf, generalToUnitMm, obstacleBetween, obstacleCover } from '../geo';
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

export const FACE_RULE = 'DoG Infantry Fire ("Exception: Firing units in square or with refused flank … each side of the square or the refused flank may make a separate die roll if firing at a different target unit")';

/** A face a unit fires from: its stands facing one way (the geometry's facingGroups: a line one, a refused line two, a square four). */
export interface FireFace {
  readonly index: number;
  readonly stands: readonly Stand[];
  readonly frame: Frame;
}

/** The faces `u` fires from. Skirmish order and batteries fire as one body. */
export function fireFaces(u: Unit): FireFace[] {
  if (u.formation === 'skirmish' || u.arm === 'artillery') return [{ index: 0, stands: u.stands, frame: unitFrame(u.stands) }];
  return facingGroups(u.stands).map((g, index) => ({ index, stands: g.stands.map((i) => u.stands[i]!), frame: g.frame }));
}

/** "Only the front rank of figures may fire": figures on the front rank of a face's stands, a rank's width each. Skirmishers: every figure. Guns: every gun. */
export function faceFigures(u: Unit, face: FireFace): number {
  if (u.arm === 'artillery') return face.stands.reduce((a, s) => a + (s.figures ?? 0), 0);
  if (u.formation === 'skirmish') return face.stands.reduce((a, s) => a + (s.figures ?? 0), 0);
  const per = FIGURE_MM[u.arm as 'infantry' | 'cavalry'];
  const along = face.stands.map((s) => toLocal(face.frame, s.centre).along);
  const front = Math.max(...along);
  return face.stands.filter((_, i) => along[i]! >= front - 1).reduce((a, s) => a + Math.min(s.figures ?? 0, Math.round(s.widthMm / per)), 0);
}

/** Figures that fire from every face at once (the read-out's figure; a square's four faces together). */
export function figuresFiring(u: Unit): number {
  return fireFaces(u).reduce((a, f) => a + faceFigures(u, f), 0);
}

/** Range: base to base when parallel, else the edges' and centre's ranges added and divided by 3 (DoG Infantry Fire), from a face's frame. */
export function rangeMm(u: Unit, t: Unit, from: { stands: readonly Stand[]; frame: Frame } = { stands: u.stands, frame: unitFrame(u.stands) }): number {
  const ft = unitFrame(t.stands);
  return areParallel(from.frame, ft, (2 * Math.PI) / 180) ? unitDistance(from.stands, t.stands) : averagedRange(from.frame, t.stands).meanMm;
}

/** Ranks of the target: its depth in stand depths (artillery fire "+1 for every rank of target unit"). */
export function ranksOf(t: Unit): number {
  const fr = unitFrame(t.stands);
  const d = t.stands[0]!.depthMm;
  return Math.max(1, Math.round((fr.halfDepthMm * 2) / d));
}

const SCREEN_RULE = 'DoG Skirmishers';

/** Figures a skirmish screen needs to screen `t` ("Infantry/Cavalry in line requires a minimum of 4 skirmisher figures … in column … 2 … an artillery battery … 2"). */
const screenNeed = (t: Unit): number => (t.arm === 'artillery' ? 2 : t.formation === 'line' ? 4 : 2);

/** A skirmish unit of `side` (not `a` or `b`) lying across the line between their centres (its frame: the gaps of open order still screen), with at least `need` figures. */
function screenBetween(c: Ctx, side: string, a: Unit, b: Unit, need: number, deeperThan = 0): Unit | undefined {
  const pa = centreOf(a), pb = centreOf(b);
  return c.battle.units.find((s) => s.side === side && s.id !== a.id && s.id !== b.id && s.formation === 'skirmish' && us(c.rs, s.id).morale !== 'routing'
    && s.stands.reduce((x, y) => x + (y.figures ?? 0), 0) >= need && figuresDeep(s) > deeperThan && segmentPolygonSpan(pa, pb, unitFrame(s.stands).corners) !== undefined);
}

/** How many figures deep a unit's stands are: figures over a rank's width (DoG Basing and Scale: 11 mm a foot figure, 33 mm a horse). */
export function figuresDeep(s: Unit): number {
  if (s.arm === 'artillery') return 1;
  const per = FIGURE_MM[s.arm as 'infantry' | 'cavalry'];
  return Math.max(...s.stands.map((st) => Math.ceil((st.figures ?? 0) / Math.max(1, Math.round(st.widthMm / per)))));
}

/** Skirmishers screening `t` from small-arms fire by `u` (DoG Skirmishers: density by the target's formation). */
export function screenOf(c: Ctx, u: Unit, t: Unit): Unit | undefined {
  if (u.arm === 'artillery') return undefined; // "Skirmishers do not screen a target from artillery fire."
  return screenBetween(c, t.side, u, t, screenNeed(t));
}

/**
 * Why `u` may not fire at `t` through its own side's skirmishers, or undefined: "Once screened, a
 * unit may not fire (except artillery)"; "A skirmish screen more than 2 figs deep blocks fire by
 * friendly skirmishers" (DoG Skirmishers).
 */
export function ownScreenProblem(c: Ctx, u: Unit, t: Unit): { reason: string; rule: string } | undefined {
  if (u.arm === 'artillery') return undefined;
  if (u.formation === 'skirmish') {
    const deep = screenBetween(c, u.side, u, t, 1, 2);
    return deep ? { reason: `${deep.name}, a screen more than 2 figures deep, blocks ${u.name}'s fire.`, rule: `${SCREEN_RULE} ("A skirmish screen more than 2 figs deep blocks fire by friendly skirmishers")` } : undefined;
  }
  const own = screenBetween(c, u.side, u, t, screenNeed(u));
  return own ? { reason: `${u.name} is screened by its own ${own.name} and may not fire through it.`, rule: `${SCREEN_RULE} ("Once screened, a unit may not fire (except artillery)")` } : undefined;
}

export interface FirePlan {
  readonly ok: boolean;
  readonly reason?: string;
  readonly rule?: string;
  readonly count: number;
  readonly rangeMm: number;
  /** The faces that fire (indices into `fireFaces`): a square's sides and a refused flank fire apart. */
  readonly faces: readonly number[];
  readonly chart: 'infantry' | 'artillery';
  /** Fire factor, C-in-C, modifiers (each with its section), range. */
  readonly modifiers: readonly Modifier[];
}

const no = (reason: string, rule: string): FirePlan => ({ ok: false, reason, rule, count: 0, rangeMm: 0, faces: [], chart: 'infantry', modifiers: [] });

export const MOVE_OR_FIRE_RULE = 'DoG MOVEMENT PHASE / FIRE PHASE ("troops which did not fire"; "assumed to be firing for the whole move"; Skirmishers "may move and fire to full effect each turn")';

export function planFire(c: Ctx, u: Unit, t: Unit, opts: { reaction?: boolean; faces?: readonly number[] } = {}): FirePlan {
  const st = us(c.rs, u.id);
  const row = rowOf(c.tables, u);
  if (t.side === u.side) return no('Fire at the enemy.', FIRE_PHASE_RULE);
  const faces = fireFaces(u);
  const firedFaces = st.facesFired ?? [];
  if (!opts.reaction && st.fired && (faces.length === 1 || firedFaces.length === 0)) return no(`${u.name} has fired this turn.`, FIRE_PHASE_RULE);
  if (!opts.reaction && firedFaces.some((f) => f.target === t.id)) return no(`${u.name} has fired at ${t.name} this turn: its faces fire separately only at different targets.`, FACE_RULE);
  if (!opts.reaction && (st.moved || st.changedFormation) && u.formation !== 'skirmish') return no(`${u.name} moved this turn; only skirmishers move and fire in the same turn.`, MOVE_OR_FIRE_RULE);
  if (st.morale === 'routing' || st.morale === 'retreating') return no(`${u.name} is ${st.morale}.`, 'DoG Routing troops attempt to rally');
  if (st.fatigue >= 3) return no(`${u.name} is utterly exhausted and may do nothing.`, 'DoG EFFECTS OF FATIGUE/EXHAUSTION');
  if (row.fire === undefined) return no(`${row.name} have no fire factor.`, 'DoG Nationality Tables (blank Fire cell)');
  if (u.arm === 'artillery' && u.formation !== 'unlimbered') return no('A limbered battery cannot fire.', 'DoG FORMATION CHANGES (unlimber battery)');
  if (c.rs.melees.some((m) => m.a === u.id || m.b === u.id)) return no(`${u.name} is in melee.`, 'DoG MELÉE');
  const weapon = weaponOf(c.tables, u);
  const cal = (u.extra['calibre'] ?? '6-7') as Calibre;
  const maxMm = weapon === 'artillery' ? Math.max(maxRangeMm(c.tables.canister[cal]), maxRangeMm(c.tables.ball[cal])) : maxRangeMm(c.tables.smallArms[weapon]);
  // Each face with the target in the 10° arc of its frontage and not fired yet fires; skirmishers fire all round.
  const asked = opts.faces ?? faces.map((f) => f.index);
  const bad = asked.find((i) => !faces[i]);
  if (bad !== undefined) return no(`${u.name} has no face ${bad + 1} (it has ${faces.length}).`, FACE_RULE);
  const free = asked.filter((i) => opts.reaction || !firedFaces.some((f) => f.face === i));
  if (free.length === 0) return no(`${faces.length > 1 ? 'That face' : u.name} has fired this turn.`, faces.length > 1 ? FACE_RULE : FIRE_PHASE_RULE);
  // A charger is fired on as it comes in ("Charging units are moved to within firing range of defending troops"): its arc is judged at any distance.
  const inArc = u.formation === 'skirmish' ? free : free.filter((i) => inFrontArc(faces[i]!.frame, ARC_RAD, opts.reaction ? 1e6 : maxMm, t.stands));
  if (inArc.length === 0) return no(`${t.name} is not within the 10° arc of ${faces.length > 1 ? `any free face of ${u.name}` : `${u.name}'s frontage`} and ${maxMm} m.`, ARC_RULE);
  if (opts.faces && inArc.length < free.length) return no(`${t.name} is not within the 10° arc of every face asked to fire.`, ARC_RULE);
  const firing = inArc.map((i) => faces[i]!);
  // One roll from every face that fires at this target: the range from the face with the most figures.
  const main = firing.reduce((a, f) => (faceFigures(u, f) > faceFigures(u, a) ? f : a));
  // DoG Charge Reaction Test: "Range is averaged out and appropriate modifier applied" — the charger is "moved to within firing
  // range": the volley is read at the mean of the range it comes in from (at most the weapon's reach) and contact, half of it (RULINGS.md).
  const r = opts.reaction ? Math.min(rangeMm(u, t, main), maxMm) / 2 : rangeMm(u, t, main);
  if (r > maxMm + 0.5) return no(`${t.name} is ${Math.round(r)} m away; ${weapon === 'artillery' ? `${cal} pdr guns reach` : `${weapon}s reach`} ${maxMm} m.`, weapon === 'artillery' ? ARTILLERY_RANGE_RULE : RANGE_RULE);
  if (!canSee(c.battle, u, t)) return no(`${u.name} cannot see ${t.name}.`, 'DoG FIRE PHASE (line of sight)');
  // DoG CHARGE PHASE, Notes: "Skirmishers may not screen charging friends" — a volley at a charger (stand and fire, a ragged volley) is not screened.
  const screen = opts.reaction ? undefined : screenOf(c, u, t);
  if (screen) return no(`${t.name} is screened by ${screen.name}.`, 'DoG Skirmishers ("Once screened, a unit may not … be fired upon")');
  const own = ownScreenProblem(c, u, t);
  if (own) return no(own.reason, own.rule);
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
  const wall = obstacleBetween(c.battle, u, t);
  if (cover === 'hard' || cover === 'entrenched' || (wall && obstacleCover(wall) === 'hard')) add(wall && cover !== 'hard' && cover !== 'entrenched' ? { label: `${FM.restingArms.label} (${wall.name})`, value: FM.restingArms.value } : FM.restingArms);
  if (weapon === 'artillery') {
    const ranks = ranksOf(t);
    mods.push({ label: `${FM.perRank.label} (${ranks})`, value: FM.perRank.value * ranks, rule: FIRE_RULE });
  } else if (ranksOf(t) > 1 || t.formation === 'column' || t.formation === 'march' || t.formation === 'square') add(FM.deepTarget);
  // Cover the target stands in, or a wall or hedge it stands behind (the better of the two).
  const under = coverOf(c.battle, t);
  const behind = obstacleBetween(c.battle, t, u);
  const tc = under === 'entrenched' || under === 'hard' ? under : behind ? (obstacleCover(behind) === 'hard' ? 'hard' : under ?? 'soft') : under;
  const by = behind && (tc === 'hard' ? obstacleCover(behind) === 'hard' && under !== 'hard' : under === undefined) ? ` (${behind.name})` : '';
  if (tc === 'soft') add({ label: FM.softCover.label + by, value: FM.softCover.value });
  if (tc === 'hard') add({ label: FM.hardCover.label + by, value: FM.hardCover.value });
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
  return { ok: true, count: firing.reduce((a, f) => a + faceFigures(u, f), 0), rangeMm: r, faces: inArc, chart: weapon === 'artillery' ? 'artillery' : 'infantry', modifiers: mods };
}

/**
 * NW Close Combat §5-§6, After Close Combat, §30 Multiple Unit Combats.
 */
import { unitOffTable, unitsOverlap } from '../../geometry/units';
import type { Unit } from '../../engine/model';
import type { DiceRolled, Modifier, RollSpec } from '../../engine/dice';
import { parseDice } from '../../engine/dice';
import { findUnit, updateUnit } from '../../engine/battle';
import type { CloseCombatMemo, Combat, Draft } from './types';
import { CASUALTY_RULES, casualtySplit, STANDS_FIGHTING } from './tables/closeCombat';
import { roundUp } from './tables/dice';
import { addDisorder, isActive, mod, nwu, removeFromPlay, inflictCasualties, rollD10 } from './core';
import { faceLengthMm, frontRank, rankCount, unitFacing, bearing, unitDistanceMm, anglesClose, frameOfUnit } from './geom';
import { relayout, reshapeFront } from './formations';
import { activeUnits } from './core';
import { moraleTest, superiorPosition, fastMoveMm, faceTowards } from './morale';
import { walk, commitMove } from './moves';
import { rad } from '../../geometry/types';
import { checkSeparation } from './separation';

const R = 'NW Close Combat §5 Resolving a Close Combat';

/** NW §30: the phase's memory of multiple combats, made when first needed. */
export function ccMemo(d: Draft): CloseCombatMemo {
  if (!d.cc) d.cc = { opponents: new Map(), fled: new Map(), pushedBack: new Set() };
  return d.cc;
}

function noteOpponents(d: Draft, c: Combat): void {
  const m = ccMemo(d);
  for (const [x, y] of [[c.a, c.b], [c.b, c.a]] as const) {
    const set = m.opponents.get(x) ?? new Set<string>();
    set.add(y);
    m.opponents.set(x, set);
  }
}

export const inCombat = (d: Draft, id: string): boolean => d.rs.combats.some((c) => c.a === id || c.b === id);

export const opponentsOf = (d: Draft, id: string): string[] =>
  d.rs.combats.flatMap((c) => (c.a === id ? [c.b] : c.b === id ? [c.a] : []));

/** NW Close Combat §6 and the Disordered/Fragmented rows: how many stands of `x` fight `y`. */
export function standsFighting(d: Draft, x: Unit, y: Unit, yFace: string, firstRound: boolean): { stands: number; overlaps: number } {
  const nu = nwu(d, x.id);
  if (x.formation === 'square') return { stands: roundUp(x.stands.length * STANDS_FIGHTING.squareFraction), overlaps: 0 };
  if (x.formation === 'rally-square' || x.formation === 'austrian-mass') return { stands: roundUp(x.stands.length * STANDS_FIGHTING.rallySquareFraction), overlaps: 0 };
  const front = frontRank(x);
  const w = front[0]?.widthMm ?? 25;
  const enemyFace = faceLengthMm(y, yFace as 'front');
  const inContact = Math.max(1, Math.min(front.length, Math.ceil(enemyFace / w - 0.01)));
  if (nu.morale === 'fragmented') return { stands: Math.max(1, roundUp(front.length * STANDS_FIGHTING.fragmented.frontFraction)), overlaps: 0 };
  if (nu.morale === 'disordered' || firstRound) return { stands: inContact, overlaps: 0 };
  const spare = front.length - inContact;
  const overlaps = Math.min(2, Math.max(0, spare));
  return { stands: inContact + overlaps * STANDS_FIGHTING.lapPerFlankAfterFirstRound, overlaps };
}

function circumstances(d: Draft, c: Combat, x: Unit, y: Unit, isA: boolean, overlaps: number): Modifier[] {
  const nx = nwu(d, x.id), ny = nwu(d, y.id);
  const m: Modifier[] = [];
  const first = c.rounds === 0;
  const charged = first && ((isA && c.aCharged) || (!isA && c.bCountercharged));
  const good = nx.morale === 'good';
  const ySquare = y.formation === 'square' || y.formation === 'rally-square' || y.formation === 'austrian-mass';
  const rule = 'NW Close Combat/Combat Score Tables';
  if (charged) {
    if (nx.profile.foot) {
      const r = d.ctx.roll({ dice: 'd6', purpose: `${x.name}: foot charging (+½d6)`, rule, subjects: [x.id], outcome: (v) => `+${Math.ceil(v.total / 2)}` });
      m.push(mod('foot charging or countercharging (+½d6)', Math.ceil(r.total / 2), rule));
    } else if (nx.profile.mounted && !ySquare) {
      const r = d.ctx.roll({ dice: 'd6', purpose: `${x.name}: mounted charging (+1d6)`, rule, subjects: [x.id] });
      m.push(mod('mounted charging or countercharging (+1d6)', r.total, rule));
    }
    if (nx.profile.cavalryWeight === 'heavy') m.push(mod('heavy cavalry charge', 3, rule));
    if (nx.profile.cavalryWeight === 'medium' && good) m.push(mod('medium cavalry charge in good order', 2, rule));
    if (nx.profile.cavalryWeight === 'light' && good) m.push(mod('light cavalry charge in good order', 1, rule));
    if (nx.profile.lancers && good) m.push(mod('lancers charging in good order', 1, rule));
  }
  if (!first && nx.profile.lancers) m.push(mod('lancers in subsequent rounds of the same combat', -1, rule));
  const pursuing = (isA && c.aPursuing) || c.pushedBackBy === x.id;
  if (pursuing) m.push(nx.profile.mounted ? mod('cavalry pushing back or pursuing', 3, rule) : mod('foot pushing back or pursuing', 2, rule));
  if (Object.values(d.rs.generals).some((g) => g.withUnit === x.id && !g.lost)) m.push(mod('general with unit', 2, rule));
  if (ny.profile.artillery) m.push(mod('enemy are artillerymen', 2, rule));
  if (nx.morale !== 'disordered' && nx.morale !== 'fragmented' && x.formation !== 'square') {
    // NW §27 Square: "counts as a one stand deep line for depth" — for its enemy's depth bonus too.
    const more = rankCount(x) - (y.formation === 'square' ? 1 : Math.max(1, rankCount(y)));
    if (more > 0) m.push(mod(`deeper formation (${more} more complete rank${more > 1 ? 's' : ''})`, more, rule));
  }
  if (good && ny.morale !== 'good') m.push(mod('superior order (ordered against disordered)', 1, rule));
  if (overlaps > 0) m.push(mod(`overlap on ${overlaps} flank${overlaps > 1 ? 's' : ''}`, overlaps, rule));
  // RULINGS: Austrian Mass is a rally square for every square rule (NW §27 groups them).
  if (nx.profile.mounted && ySquare) {
    const r = d.ctx.roll({ dice: '2d6', purpose: `${y.name} (square) rolls against the horse of ${x.name}: −2d6`, rule, subjects: [y.id, x.id] });
    m.push(mod('mounted against a square (−2d6, rolled by the square)', -r.total, rule));
  }
  const yo = d.rs.orders[y.id];
  if (yo?.order === 'defend' && !yo.cancelled) m.push(mod('enemy has Defend orders', -1, rule));
  if (superiorPosition(d, y, x)) m.push(mod('enemy in a superior tactical position', -2, rule));
  return m;
}

/**
 * NW Close Combat §5 weighed before a charge, as a player premeasures one (NW Orders/Charge
 * "Premeasurement is allowed"): the first round of `x` charging `y` on its `yFace`, with every
 * die at its mean — each side's combat die by its expected winning margin (35/36), a charge's ½d6
 * or 1d6, a square's 2d6 — through the same score and casualty tables as `resolveCombat`.
 * Returns the casualties each side would inflict (`casualtySplit`'s raw figure). Rolls nothing
 * and changes nothing.
 */
export function chargeOutlook(d: Draft, x: Unit, y: Unit, yFace: Combat['bFace']): { inflicted: number; suffered: number } {
  const mean = (code: string): number => {
    const p = parseDice(code);
    return p ? (p.count * (p.sides === 100 ? 101 : p.sides + 1)) / 2 : 0;
  };
  const ctx = { roll: (spec: RollSpec) => ({ total: mean(spec.dice), modified: mean(spec.dice), faces: [] }) as unknown as DiceRolled, emit: () => undefined };
  const p: Draft = { ...d, ctx };
  const c: Combat = { id: 'outlook', a: x.id, b: y.id, bFace: yFace, aFace: 'front', rounds: 0, aCharged: true, bCountercharged: false, aPursuing: false };
  const flanked = yFace !== 'front';
  const dieMargin = 35 / 36; // E[max(0, d6 − d6)]: the winner of the combat dice adds the difference
  const score = (u: Unit, v: Unit, isA: boolean, overlaps: number, die: boolean): number =>
    d.tables.combatGradeFactor[nwu(d, u.id).profile.grade] + (die ? dieMargin : 0) + circumstances(p, c, u, v, isA, overlaps).reduce((s, m) => s + m.value, 0);
  const fa = standsFighting(d, x, y, yFace, true);
  const fb = standsFighting(d, y, x, 'front', true);
  // NW §5: a unit hit in flank or rear rolls no die, and does not hit back at those hitting it there.
  const inflicted = casualtySplit(fa.stands, score(x, y, true, fa.overlaps, true), flanked).raw;
  const suffered = flanked ? 0 : casualtySplit(fb.stands, score(y, x, false, fb.overlaps, true), false).raw;
  return { inflicted, suffered };
}

/** One close combat, in full (NW Close Combat §5, After Close Combat). */
export function resolveCombat(d: Draft, c: Combat, dieCache: Map<string, number>): void {
  const A = findUnit(d.battle, c.a), B = findUnit(d.battle, c.b);
  if (!A || !B || !isActive(d, A.id) || !isActive(d, B.id)) {
    d.rs.combats = d.rs.combats.filter((x) => x.id !== c.id);
    return;
  }
  noteOpponents(d, c);
  const aFlanked = c.aFace !== 'front';
  const bFlanked = c.bFace !== 'front';
  const die = (u: Unit, flanked: boolean): number => {
    if (flanked) return 0; // NW §5: hit in flank or rear, no die, scores zero
    const cached = dieCache.get(u.id);
    if (cached !== undefined) return cached; // NW §30: one die against each enemy
    const r = d.ctx.roll({ dice: 'd6', purpose: `${u.name}: combat die`, rule: R, subjects: [u.id] });
    dieCache.set(u.id, r.total);
    return r.total;
  };
  const da = die(A, aFlanked), db = die(B, bFlanked);
  const fa = standsFighting(d, A, B, c.bFace, c.rounds === 0);
  const fb = standsFighting(d, B, A, c.aFace, c.rounds === 0);
  const score = (x: Unit, y: Unit, isA: boolean, mine: number, theirs: number, overlaps: number): { score: number; mods: Modifier[] } => {
    const mods = [mod(`grade (${nwu(d, x.id).profile.grade})`, d.tables.combatGradeFactor[nwu(d, x.id).profile.grade], 'NW Combat Score Tables/Morale Status')];
    if (mine > theirs) mods.push(mod(`won the combat die ${mine} v ${theirs}`, mine - theirs, R));
    mods.push(...circumstances(d, c, x, y, isA, overlaps));
    return { score: mods.reduce((s, q) => s + q.value, 0), mods };
  };
  const sa = score(A, B, true, da, db, fa.overlaps);
  const sb = score(B, A, false, db, da, fb.overlaps);
  const casualties = (x: Unit, y: Unit, stands: number, s: { score: number; mods: Modifier[] }, doubled: boolean, silenced: boolean): number => {
    if (silenced) return 0; // flanked units do not hit back at those hitting their flank or rear
    const split = casualtySplit(stands, s.score, doubled);
    let n = split.whole;
    if (split.extraOnOrBelow > 0) {
      // NW §5 "Roll 1d10 for percentages (2.4 casualties gives you a third casualty if you roll
      // 1-4 on a d10)": the bare die against the tenths. The score's factors made the 2.4; they
      // are not modifiers of this die (they are logged with the score, on CloseCombatResolved).
      const r = rollD10(d, {
        purpose: `${x.name} on ${y.name}: ${stands} stands × score ${s.score}${s.score < CASUALTY_RULES.minimumScore ? ` (counts as ${CASUALTY_RULES.minimumScore})` : ''}${doubled ? ' ×2 flank/rear' : ''} = ${split.raw.toFixed(1)} casualties — the fraction`,
        rule: R, target: { value: split.extraOnOrBelow, pass: 'atMost', label: `1-${split.extraOnOrBelow} for one more` },
        subjects: [x.id, y.id], outcome: (v) => (v.passed ? `${n + 1} casualties` : `${n} casualties`),
      });
      if (r.passed) n++;
    } else {
      d.ctx.emit({ type: 'CombatScore', unit: x.id, against: y.id, stands, score: s.score, modifiers: s.mods, casualties: n, rule: R });
    }
    return n;
  };
  const lossB = casualties(A, B, fa.stands, sa, bFlanked, aFlanked);
  const lossA = casualties(B, A, fb.stands, sb, aFlanked, bFlanked);
  d.ctx.emit({ type: 'CloseCombatResolved', combat: c.id, a: A.id, b: B.id, aScore: sa.score, bScore: sb.score, aStands: fa.stands, bStands: fb.stands, aLost: lossA, bLost: lossB, aModifiers: sa.mods, bModifiers: sb.mods, round: c.rounds + 1, rule: R });
  inflictCasualties(d, B.id, lossB, `close combat with ${A.name}`, R);
  inflictCasualties(d, A.id, lossA, `close combat with ${B.name}`, R);
  c.rounds++;
  c.aCharged = false;
  c.bCountercharged = false;
  c.aPursuing = false;
  const live = (id: string) => isActive(d, id);
  if (!live(A.id) || !live(B.id)) {
    d.rs.combats = d.rs.combats.filter((x) => x.id !== c.id);
    return;
  }
  if (lossA === lossB) {
    d.ctx.emit({ type: 'CombatLocked', combat: c.id, rule: 'NW Close Combat/After Close Combat' });
    postCombatTests(d, c);
    return;
  }
  const [winner, loser] = lossA > lossB ? [B, A] : [A, B];
  pushBack(d, c, winner.id, loser.id);
  postCombatTests(d, c);
}

/** NW After Close Combat: the loser is Disordered and pushed back one base depth; the victor follows up. */
function pushBack(d: Draft, c: Combat, winnerId: string, loserId: string): void {
  const rule = 'NW Close Combat/After Close Combat';
  const loser = findUnit(d.battle, loserId)!;
  const winner = findUnit(d.battle, winnerId)!;
  const nl = nwu(d, loserId);
  if (nl.profile.artillery) {
    removeFromPlay(d, loserId, 'destroyed', 'artillery pushed back in close combat', rule);
    return;
  }
  // NW §30: a unit is pushed back (and disordered for it) once in a phase; a second lost combat
  // moves it no further — "you are never required to split a unit", the stands stay aligned.
  const memo = ccMemo(d);
  if (memo.pushedBack.has(loserId)) {
    d.ctx.emit({ type: 'PushBackAbsorbed', unit: loserId, by: winnerId, reason: 'already pushed back this phase; the unit is never split', rule: 'NW §30 Multiple Unit Combats' });
    return;
  }
  memo.pushedBack.add(loserId);
  const depth = loser.stands[0]?.depthMm ?? 25;
  const away = bearing(frameOfUnit(winner).centre, frameOfUnit(loser).centre);
  const moved = walk(d, loser, away, depth, 'fall-back');
  const blocked = moved.usedMm + 0.5 < depth;
  let lu = moved.unit;
  // "A square is broken when it is pushed back and then reverts to a column, facing the enemy":
  // turned to face the victor and laid out as a column round its command stand; where that column
  // would run into another unit or off the table the stands stay put, counted as a column (RULINGS).
  if (lu.formation === 'square') {
    const col = relayout(faceTowards(lu, bearing(frameOfUnit(lu).centre, frameOfUnit(winner).centre)), 'column');
    const clash = activeUnits(d).some((o) => o.id !== loserId && unitsOverlap(col.stands, o.stands)) || unitOffTable(col.stands, d.battle.table);
    lu = clash ? { ...lu, formation: 'column' } : col;
  }
  d.battle = updateUnit(d.battle, loserId, () => lu);
  d.ctx.emit({ type: 'UnitPushedBack', unit: loserId, by: winnerId, distanceIn: Math.round((moved.usedMm / 25.4) * 10) / 10, rule });
  addDisorder(d, loserId, blocked ? 2 : 1, blocked ? 'pushed back and blocked' : 'pushed back', rule);
  checkSeparation(d, loserId, 'pushed back in close combat');
  c.pushedBackBy = winnerId;
  expandCavalryColumn(d, winnerId);
  const wo = d.rs.orders[winnerId];
  const cannot = winner.formation === 'square' || (wo?.order === 'defend' && !wo.cancelled);
  const othersEngaged = d.rs.combats.some((x) => x.id !== c.id && (x.a === winnerId || x.b === winnerId));
  if (cannot || othersEngaged) {
    d.rs.combats = d.rs.combats.filter((x) => x.id !== c.id);
    d.ctx.emit({ type: 'CombatEnded', combat: c.id, reason: 'pushed back and no follow-up', rule });
    return;
  }
  if (wo?.order === 'deploy' && !wo.cancelled) {
    // Deploy orders give the victor the option (NW Orders/Deploy; After Close Combat): the owner chooses in the follow-up step.
    d.rs.pendingFollowUps = [...(d.rs.pendingFollowUps ?? []), { unitId: winnerId, side: winner.side, loserId, combatId: c.id, distMm: moved.usedMm, dirRad: away }];
    d.ctx.emit({ type: 'FollowUpOffered', unit: winnerId, after: loserId, rule });
    return;
  }
  followUp(d, winnerId, moved.usedMm, away);
}

/**
 * NW After Close Combat: "Cavalry in column that push back their opponent may expand out one
 * stand per flank during the pushback." RULINGS: the module takes the option whenever the
 * widened front lands clear of other units and of the table edge.
 */
export function expandCavalryColumn(d: Draft, id: string): void {
  const u = findUnit(d.battle, id);
  const nu = d.rs.units[id];
  if (!u || !nu || !nu.profile.mounted || u.formation !== 'column' || rankCount(u) < 2) return;
  const wide = reshapeFront(u, 1);
  if (!wide) return;
  const clash = activeUnits(d).some((o) => o.id !== id && unitsOverlap(wide.stands, o.stands));
  if (clash || unitOffTable(wide.stands, d.battle.table)) return;
  d.battle = updateUnit(d.battle, id, () => wide);
  d.ctx.emit({ type: 'UnitExpanded', unit: id, frontStands: frontRank(wide).length, formation: wide.formation, rule: 'NW Close Combat/After Close Combat: cavalry in column expand one stand per flank' });
}

/** The victor follows the pushed-back enemy up by the distance it went back (NW After Close Combat). */
export function followUp(d: Draft, winnerId: string, distMm: number, dirRad: number): void {
  const winner = findUnit(d.battle, winnerId);
  if (!winner) return;
  const wu = walk(d, winner, rad(dirRad), distMm, 'pursuit');
  d.battle = updateUnit(d.battle, winnerId, () => wu.unit);
  d.ctx.emit({ type: 'UnitFollowedUp', unit: winnerId, rule: 'NW Close Combat/After Close Combat' });
}

/** After a round: stand-loss tests; a unit in combat that retreats or routs is pursued. */
function postCombatTests(d: Draft, c: Combat): void {
  for (const id of [c.a, c.b]) {
    const nu = d.rs.units[id];
    if (!nu || nu.status !== 'active') continue;
    const key = `${d.turn}:${d.phase}:${id}`;
    const lostThisRound = d.pendingTests.some((t) => t.unitId === id && t.trigger === 'C');
    d.pendingTests = d.pendingTests.filter((t) => !(t.unitId === id && t.trigger === 'C'));
    if (!lostThisRound || nu.standLossTestAt === key) continue;
    nu.standLossTestAt = key;
    const other = id === c.a ? c.b : c.a;
    const res = moraleTest(d, id, 'C', 'stand lost in close combat', { cause: other, pushingBackOrPursuing: c.pushedBackBy === id });
    if (!res.passed && res.outcome && (res.outcome.kind === 'retreat' || res.outcome.kind === 'rout' || res.outcome.kind === 'disperse-or-surrender')) {
      d.rs.combats = d.rs.combats.filter((x) => x.id !== c.id);
      const memo = ccMemo(d);
      memo.fled.set(other, [...(memo.fled.get(other) ?? []), id]);
      pursueIfAllFled(d, other);
    }
  }
}

/**
 * NW §30: a unit in several combats pursues only once every opponent has routed or retreated,
 * and not when the fugitives went different ways (pursuing them all would split it; RULINGS:
 * "different ways" = bearings more than 45° apart). With one opponent this is simply pursuit.
 */
export function pursueIfAllFled(d: Draft, pursuerId: string): void {
  const rule = 'NW §30 Multiple Unit Combats';
  if (d.rs.combats.some((x) => x.a === pursuerId || x.b === pursuerId)) return; // still fighting: decided when its last combat ends
  const memo = ccMemo(d);
  const fled = memo.fled.get(pursuerId) ?? [];
  const opps = memo.opponents.get(pursuerId) ?? new Set(fled);
  if (fled.length === 0) return;
  if ([...opps].some((o) => !fled.includes(o))) {
    d.ctx.emit({ type: 'PursuitForgone', unit: pursuerId, reason: 'not all its opponents routed or retreated', rule });
    return;
  }
  const p = findUnit(d.battle, pursuerId);
  if (!p) return;
  const live = fled.map((id) => findUnit(d.battle, id)).filter((u): u is Unit => !!u && isActive(d, u.id));
  if (fled.length > 1 && live.length > 1) {
    const dirs = live.map((u) => bearing(frameOfUnit(p).centre, frameOfUnit(u).centre));
    const split = dirs.some((a) => dirs.some((b) => !anglesClose(a, b, 45)));
    if (split) {
      d.ctx.emit({ type: 'PursuitForgone', unit: pursuerId, reason: 'its beaten opponents fled different ways: pursuing would split it', rule });
      return;
    }
  }
  const target = live.sort((a, b) => unitDistanceMm(p, a) - unitDistanceMm(p, b))[0]?.id ?? fled[fled.length - 1]!;
  pursue(d, pursuerId, target);
}

/** NW After Close Combat: the opponent must pursue a unit that retreats or routs (not Defend; Deploy optional). */
export function pursue(d: Draft, pursuerId: string, fledId: string, chosen = false): void {
  const rule = 'NW Close Combat/After Close Combat';
  const p = findUnit(d.battle, pursuerId);
  if (!p || !isActive(d, pursuerId)) return;
  const o = d.rs.orders[pursuerId];
  if ((o?.order === 'defend' && !o.cancelled) || p.formation === 'square') return;
  if (d.rs.combats.some((x) => x.a === pursuerId || x.b === pursuerId)) return; // NW §30: only when all opponents break
  // "their opponent must pursue unless it has Deploy Orders, in which case pursuit is optional":
  // the owner chooses in the follow-up step (RULINGS, second pass).
  if (!chosen && o?.order === 'deploy' && !o.cancelled) {
    d.rs.pendingFollowUps = [...(d.rs.pendingFollowUps ?? []), { unitId: pursuerId, side: p.side, loserId: fledId, combatId: '', distMm: 0, dirRad: 0, pursuit: true }];
    d.ctx.emit({ type: 'FollowUpOffered', unit: pursuerId, after: fledId, pursuit: true, rule: `${rule}; Orders/Deploy` });
    return;
  }
  const fled = findUnit(d.battle, fledId);
  const dir = fled ? bearing(frameOfUnit(p).centre, frameOfUnit(fled).centre) : unitFacing(p);
  const faced = faceTowards(p, dir);
  const dist = fastMoveMm(d, faced, 'pursuit');
  const r = walk(d, faced, rad(dir), dist, 'pursuit');
  commitMove(d, r, 'pursuit');
  d.ctx.emit({ type: 'UnitPursued', unit: pursuerId, after: fledId, rule });
  const fledNow = findUnit(d.battle, fledId);
  if (fledNow && isActive(d, fledId) && r.contacts.includes(fledId)) {
    if (nwu(d, fledId).morale === 'routed') removeFromPlay(d, fledId, 'destroyed', 'caught by pursuers', rule);
    return;
  }
  const other = r.contacts.find((id) => id !== fledId);
  if (other && isActive(d, pursuerId)) {
    const { startCombat } = combatStarter;
    startCombat(d, pursuerId, other, { charged: false, pursuing: true });
    return;
  }
  if (isActive(d, pursuerId) && nwu(d, pursuerId).morale !== 'fragmented') addDisorder(d, pursuerId, 1, 'pursued and failed to contact', 'NW §17 Causes of Disorder');
}

/** Late-bound to avoid an import cycle with charges.ts. */
export const combatStarter: { startCombat: (d: Draft, a: string, b: string, o: { charged: boolean; pursuing: boolean; countercharged?: boolean }) => void } = {
  startCombat: () => undefined,
};

/** NW §15 Close Combat Phase: every combat once, then pending tests. */
export function closeCombatPhase(d: Draft, order: 'left' | 'right' = 'left'): void {
  const dieCache = new Map<string, number>();
  d.cc = { opponents: new Map(), fled: new Map(), pushedBack: new Set() };
  for (const c of d.rs.combats) noteOpponents(d, c);
  const sorted = [...d.rs.combats].sort((x, y) => {
    const ux = findUnit(d.battle, x.b), uy = findUnit(d.battle, y.b);
    const kx = ux ? frameOfUnit(ux).centre.x : 0, ky = uy ? frameOfUnit(uy).centre.x : 0;
    return order === 'left' ? kx - ky : ky - kx;
  });
  for (const c of sorted) {
    const live = d.rs.combats.find((x) => x.id === c.id);
    if (live) resolveCombat(d, live, dieCache);
  }
  // Units no longer touching are no longer in combat (a follow-up still to be chosen keeps its combat).
  const pending = new Set((d.rs.pendingFollowUps ?? []).map((p) => p.combatId));
  d.rs.combats = d.rs.combats.filter((c) => {
    if (pending.has(c.id)) return true;
    const a = findUnit(d.battle, c.a), b = findUnit(d.battle, c.b);
    return !!a && !!b && unitDistanceMm(a, b) < 2;
  });
}

/** NW After Close Combat: the owner of a Deploy-ordered victor follows up, or not; the combat ends if not. */
export function settleFollowUp(d: Draft, unitId: string, follow: boolean): boolean {
  const rule = 'NW Close Combat/After Close Combat; Orders/Deploy';
  const p = (d.rs.pendingFollowUps ?? []).find((x) => x.unitId === unitId);
  if (!p) return false;
  d.rs.pendingFollowUps = (d.rs.pendingFollowUps ?? []).filter((x) => x !== p);
  if (p.pursuit) {
    if (follow) pursue(d, unitId, p.loserId, true);
    else d.ctx.emit({ type: 'PursuitForgone', unit: unitId, reason: 'its Deploy order makes pursuit optional and its owner holds it back', rule });
    return true;
  }
  if (follow && isActive(d, unitId) && isActive(d, p.loserId)) {
    followUp(d, unitId, p.distMm, p.dirRad);
    const a = findUnit(d.battle, unitId), b = findUnit(d.battle, p.loserId);
    if (a && b && unitDistanceMm(a, b) < 2) return true;
  }
  d.rs.combats = d.rs.combats.filter((x) => x.id !== p.combatId);
  d.ctx.emit({ type: 'CombatEnded', combat: p.combatId, reason: follow ? 'followed up but lost contact' : 'pushed back and no follow-up (Deploy option declined)', rule });
  return true;
}

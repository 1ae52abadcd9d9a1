/**
 * DoG MELÉE, Procedure: each side throws the fire die, adds its confused melee factor (and its
 * impact factor in the first round when its charge was eligible) and the Melee Modifiers, and
 * reads the CASUALTY CHART by its head count. The side causing more casualties wins; losers test
 * morale, and if they stand the winners test; losers retiring, retreating or routing give the
 * winners a control test; if both stand the melee goes on next turn. Melee unforms, disorders
 * and tires (DoG EFFECTS OF FATIGUE/EXHAUSTION).
 */
import type { Unit } from '../../../engine/model';
import type { Modifier } from '../../../engine/ruleset';
import { unitIn } from '../../../engine/workingState';
import { unitFrame, toLocal } from '../../../geometry/frame';
import type { W, Melee, DogState } from '../state';
import type { DogTables } from '../tables';
import type { Stand } from '../../../engine/model';
import type { Battle } from '../../../engine/state';
import { us, setUs, rowOf, hasTag, isVeteran, isSecondLine, isConscript, isBritish, centreOf } from '../state';
import { MELEE_MODIFIERS as M, MELEE_RULE, MORALE_MODIFIERS as MM, CASUALTY_RULE, CINC_RULE, CINC_PRESENT_MM, fireDie, readChart } from '../tables';
import { takeCasualties } from '../losses';
import { testAndApply } from '../morale/outcomes';
import { controlTest } from '../morale/tests';
import { applyControl } from '../morale/control';
import { retire } from '../movement/compulsory';
import { coverOf, terrainUnder, generalToUnitMm } from '../geo';
import { FIGURE_MM } from '../setup/setup';
import { struckIn, standsTouching } from './faces';
import { secondRoundFaces, breaksThroughCavalry, uncontrolledCharge } from './breakthrough';

export const MELEE_SECTION = 'DoG MELÉE';

const frontFigures = (u: Unit, rows: number, enemy?: Unit): { figs: number; frontMm: number } => {
  if (u.arm === 'artillery') return { figs: u.stands.reduce((a, s) => a + (s.figures ?? 0), 0), frontMm: unitFrame(u.stands).halfWidthMm * 2 };
  const per = FIGURE_MM[u.arm as 'infantry' | 'cavalry'];
  const fr = unitFrame(u.stands);
  const along = u.stands.map((s) => toLocal(fr, s.centre).along);
  const front = Math.max(...along);
  // A square's first rows are those of the face (or faces) its enemy touches, not all four (RULINGS.md).
  const faceOfSquare = u.formation === 'square' && enemy ? standsTouching(u, enemy) : [];
  const fs = u.formation === 'square' ? (faceOfSquare.length > 0 ? faceOfSquare : u.stands) : u.stands.filter((_, i) => along[i]! >= front - 1);
  return { figs: fs.reduce((a, s) => a + Math.min(s.figures ?? 0, Math.round(s.widthMm / per) * rows), 0), frontMm: fs.reduce((a, s) => a + s.widthMm, 0) };
};

/**
 * Head count: in the first round only the first 2 rows of infantry and the first row of cavalry,
 * overlapping the enemy by at most one figure each flank; all in later rounds. A cavalry figure
 * counts 2 against foot; buildings and hard cover count 50% more; entrenchments double.
 */
export function headCount(w: MeleeView, x: Unit, y: Unit, first: boolean, m?: Melee, touchingOf: (x: Unit, y: Unit) => readonly Stand[] = standsTouching): { count: number; notes: string[] } {
  const notes: string[] = [];
  let n: number;
  const xStruck = m ? struckIn(m, x.id) : 'front';
  const yStruck = m ? struckIn(m, y.id) : 'front';
  if (first && (xStruck === 'left' || xStruck === 'right' || xStruck === 'rear')) {
    // Struck in flank or rear (RULINGS.md): in the first round only its stands touching the enemy fight, one row of figures each (the rank or file that turns about).
    const touching = touchingOf(x, y);
    const per = x.arm === 'artillery' ? 10 : FIGURE_MM[x.arm as 'infantry' | 'cavalry'];
    n = touching.reduce((a, s) => a + Math.min(s.figures ?? 0, Math.max(1, Math.round(s.widthMm / per))), 0);
    notes.push(`struck in the ${xStruck}: one row of the ${touching.length} stand${touching.length === 1 ? '' : 's'} in contact`);
  } else if (first) {
    const ff = frontFigures(x, x.arm === 'infantry' ? 2 : 1, y);
    // Overlap is judged against the face it strikes: a flank is as long as the enemy is deep.
    const yFrame = unitFrame(y.stands);
    const yFront = yStruck === 'left' || yStruck === 'right' ? yFrame.halfDepthMm * 2 : frontFigures(y, 1, x).frontMm;
    const per = x.arm === 'artillery' ? 10 : FIGURE_MM[x.arm as 'infantry' | 'cavalry'];
    const usable = Math.min(ff.frontMm, yFront + 2 * per);
    n = ff.frontMm > 0 ? Math.round(ff.figs * (usable / ff.frontMm)) : 0;
    if (usable < ff.frontMm) notes.push(`overlap limited to one figure each flank`);
  } else n = x.stands.reduce((a, s) => a + (s.figures ?? 0), 0);
  if (x.arm === 'cavalry' && y.arm !== 'cavalry') { n *= 2; notes.push('cavalry figures count 2 against foot'); }
  const cover = coverOf(w.battle, x);
  if (cover === 'hard') { n = Math.floor(n * 1.5); notes.push('inside buildings or behind hard cover: 50% more'); }
  if (cover === 'entrenched') { n *= 2; notes.push('entrenched: double'); }
  return { count: Math.max(0, n), notes };
}

/** What a melee's modifiers read: a working state, or a side's view of the game (`ctxOf`). */
export interface MeleeView {
  readonly battle: Battle;
  readonly rs: DogState;
  readonly tables: DogTables;
  readonly turn: number;
}

/** One side's blow as the modifiers see it: head counts (each side's whole count in a reinforced melee), first round, an eligible charge's impact. */
export interface BlowTerms {
  readonly mine: number;
  readonly theirs: number;
  readonly first: boolean;
  readonly impact: boolean;
}

/** It charged `y` with impact this turn, or charged into the melee with impact outside the charge phase. */
export const hasImpact = (rs: DogState, x: Unit, y: Unit, m: Melee): boolean => {
  const sx = us(rs, x.id);
  return (sx.charged?.target === y.id && sx.charged.impact) || (m.impact?.includes(x.id) ?? false);
};

/**
 * DoG MELÉE, Procedure and Melee Modifiers: every modifier `x` adds to its fire die against `y`
 * (confused melee factor, impact in the first round of an eligible charge, the Melee Modifiers
 * list, the C-in-C present all turn). The one list: the melee's resolution rolls with it and
 * the AI's odds (ai/odds.ts) weigh a charge with it.
 */
export function meleeModifiers(w: MeleeView, x: Unit, y: Unit, t: BlowTerms): Modifier[] {
  const { mine: hx, theirs: hy, first } = t;
  const out: Modifier[] = [];
  const add = (m: { label: string; value: number }) => out.push({ label: m.label, value: m.value, rule: MELEE_RULE });
  const sx = us(w.rs, x.id), sy = us(w.rs, y.id);
  const row = rowOf(w.tables, x);
  const conf = row.confused ?? 0;
  out.push({ label: `confused melee factor (${row.name})`, value: conf, rule: 'DoG Nationality Tables' });
  if (first && t.impact && row.impact !== undefined) out.push({ label: `impact factor (${row.name}, an eligible charge)`, value: row.impact, rule: 'DoG MELÉE ("impact + confused melée factor for first round")' });
  const ratio = hy > 0 ? hx / hy : hx > 0 ? Infinity : 0;
  if (ratio >= 4) add(M.outnumber4); else if (ratio >= 3) add(M.outnumber3); else if (ratio >= 2) add(M.outnumber2); else if (ratio >= 1.5) add(M.outnumber32);
  if (isVeteran(x)) add(M.veteran);
  if (isSecondLine(x)) add(M.secondLine);
  if (isConscript(w.tables, x)) add(M.conscript);
  const lancerFirst = x.arm === 'cavalry' && hasTag(w.tables, x, 'lancer') && first;
  if (x.arm === 'cavalry' && (hasTag(w.tables, x, 'heavy') || lancerFirst)) add(M.heavyCavalry);
  if (x.arm === 'cavalry' && hasTag(w.tables, x, 'cuirassier')) add(M.cuirassiers);
  if (lancerFirst) add(M.lancers);
  const yOrder = sy.order, formedY = yOrder === 'formed';
  if (x.arm === 'cavalry') {
    if (y.formation === 'skirmish' || y.arm === 'artillery') add(M.cavVsSkirmishArty);
    else if (y.arm === 'infantry') {
      if (yOrder === 'unformed') add(M.cavVsUnformedFoot);
      if (yOrder === 'disordered') add(M.cavVsDisorderedFoot);
      if (y.formation === 'square') add(M.cavVsSquare);
      if (y.formation === 'square' || y.formation === 'line') add(M.cavVsSingleRank);
    } else {
      if (yOrder === 'unformed') add(M.cavVsUnformedCav);
      if (yOrder === 'disordered') add(M.cavVsDisorderedCav);
      if (hasTag(w.tables, x, 'cossack') && formedY) add(M.cossacksVsFormedCav);
    }
  }
  if (x.arm === 'infantry') {
    if ((x.formation === 'column' || x.formation === 'march') && y.arm === 'infantry' && y.formation === 'line') add(M.columnVsLine);
    if (x.formation === 'square' && y.arm === 'cavalry') add(M.squareVsCav);
    if (yOrder === 'unformed') add(M.infVsUnformed);
    if (yOrder === 'disordered') add(M.infVsDisordered);
    if (y.formation === 'skirmish') add(M.infVsSkirmish);
  }
  // "following up victory": it won a round of melee last turn (its next round, or the charge its control test
  // sent it on), or earlier this melee phase (an uncontrolled charge out of a melee it won: RULINGS.md).
  if (sx.meleeWins.includes(w.turn - 1) || sx.meleeWins.includes(w.turn)) add(M.followingUp);
  const onHill = (u: Unit) => terrainUnder(w.battle, u).filter((t) => t.kind === 'hill').reduce((a, t) => Math.max(a, t.heightLevel ?? 1), 0);
  if (onHill(x) > onHill(y)) add(M.uphill);
  const cover = coverOf(w.battle, x);
  if (cover === 'hard') add(M.buildings);
  if (cover === 'entrenched') add(M.fortified);
  if (sx.order === 'unformed' || (sx.morale === 'shaken' && x.formation === 'square')) add(M.unformed);
  if (sx.order === 'disordered') add(M.disordered);
  if (sx.fatigue === 1) add(M.tired);
  if (sx.fatigue >= 2) add(M.exhausted);
  for (const g of w.battle.generals) {
    const gs = w.rs.generals[g.id];
    if (g.side !== x.side || !gs || gs.kind !== 'cinc' || gs.wound === 'serious' || gs.wound === 'killed') continue;
    if (generalToUnitMm(g, x) <= CINC_PRESENT_MM && generalToUnitMm({ ...g, stand: { ...g.stand, centre: gs.at } }, x) <= CINC_PRESENT_MM) { out.push({ label: `C-in-C ${g.name} present all turn`, value: gs.cincBonus ?? 1, rule: CINC_RULE }); break; }
  }
  return out;
}

/** One side's blow: the roll and the men it causes. Troops with their backs to the enemy do not fight back. */
function blow(w: W, x: Unit, y: Unit, first: boolean, round: number, m: Melee, sides?: { readonly mine: number; readonly theirs: number }): number {
  const sx = us(w.rs, x.id);
  if (sx.morale === 'routing' || sx.morale === 'retreating') { w.ctx.emit({ type: 'NoFightBack', unit: x.id, rule: 'DoG MELÉE ("Troops with backs to enemy … take casualties without fighting back")' }); return 0; }
  // "before reaching utter exhaustion when they may no longer conduct any activity whatsoever": it takes its casualties without fighting.
  if (sx.fatigue >= 3) { w.ctx.emit({ type: 'NoFightBack', unit: x.id, why: 'utterly exhausted', rule: 'DoG EFFECTS OF FATIGUE/EXHAUSTION ("may no longer conduct any activity whatsoever")' }); return 0; }
  const hx = headCount(w, x, y, first, m), hy = headCount(w, y, x, first, m);
  // In a reinforced melee "outnumber" compares each side's whole head count (RULINGS.md).
  const mods = meleeModifiers(w, x, y, { mine: sides?.mine ?? hx.count, theirs: sides?.theirs ?? hy.count, first, impact: first && hasImpact(w.rs, x, y, m) });
  let men = 0;
  w.ctx.roll({
    dice: 'd10', purpose: `${x.name} in melee with ${y.name} (round ${round})`, rule: 'DoG MELÉE, Procedure', subjects: [x.id, y.id], modifiers: mods,
    table: { id: 'casualtyChart', column: `head count ${hx.count}${hx.notes.length ? ` (${hx.notes.join('; ')})` : ''}` },
    outcome: (v) => {
      const die = fireDie(v.total);
      const score = die + (v.modified - v.total);
      const read = readChart(w.tables.casualtyChart, score, hx.count);
      men = read.men;
      return { outcome: `die ${v.total === 10 ? 0 : v.total} reads ${die}; score ${score}${score !== read.score ? ` (read as ${read.score})` : ''}: ${men} men (${CASUALTY_RULE})`, row: `score ${read.score}` };
    },
  });
  return men;
}

function fatigueAfter(w: W, u: Unit, rounds: number): void {
  const st = us(w.rs, u.id);
  const hard = coverOf(w.battle, u) === 'hard' || coverOf(w.battle, u) === 'entrenched';
  const [tired, exhausted] = hard ? [4, 8] : [2, 4];
  const order = rounds >= 2 ? 'disordered' : st.order === 'disordered' ? 'disordered' : 'unformed';
  let fatigue = st.fatigue;
  if (st.fatigue === 2) fatigue = 3; // "may only fight one more round of melee"
  else if (rounds >= exhausted) fatigue = 2;
  else if (rounds >= tired && fatigue < 1) fatigue = 1;
  setUs(w, u.id, { order, meleeRounds: rounds, fatigue: fatigue as 0 | 1 | 2 | 3 });
  if (fatigue !== st.fatigue) w.ctx.emit({ type: 'Fatigued', unit: u.id, fatigue, rule: 'DoG EFFECTS OF FATIGUE/EXHAUSTION' });
}

export function resolveMelee(w: W, m: Melee): void {
  const a = unitIn(w, m.a), b = unitIn(w, m.b);
  if (!a || !b) return;
  const round = m.rounds + 1;
  const first = round === 1;
  const toB = blow(w, a, b, first, round, m);
  const toA = blow(w, b, a, first, round, m);
  if (toB > 0) takeCasualties(w, b.id, toB, CASUALTY_RULE);
  if (toA > 0) takeCasualties(w, a.id, toA, CASUALTY_RULE);
  for (const id of [a.id, b.id]) { const u = unitIn(w, id); if (u) fatigueAfter(w, u, us(w.rs, id).meleeRounds + 1); }
  const a1 = unitIn(w, a.id), b1 = unitIn(w, b.id);
  const keep = (rounds: number, struck: Melee['struck'] = m.struck) => { w.rs = { ...w.rs, melees: [...w.rs.melees.filter((x) => !(x.a === m.a && x.b === m.b)), ...(unitIn(w, m.a) && unitIn(w, m.b) ? [{ a: m.a, b: m.b, rounds, ...(struck && Object.keys(struck).length > 0 ? { struck } : {}) }] : [])] }; };
  const end = () => { w.rs = { ...w.rs, melees: w.rs.melees.filter((x) => !(x.a === m.a && x.b === m.b)) }; };
  if (!a1 || !b1) { end(); return; }
  if (toA === toB) { w.ctx.emit({ type: 'MeleeDrawn', a: a.id, b: b.id, round, rule: 'DoG MELÉE ("If both sides stand, second round")' }); keep(round, secondRoundFaces(w, m, round, a1, b1, undefined)); return; }
  const [win, lose] = toB > toA ? [a1, b1] : [b1, a1];
  w.ctx.emit({ type: 'MeleeWon', winner: win.id, loser: lose.id, round, caused: Math.max(toA, toB), suffered: Math.min(toA, toB), rule: 'DoG MELÉE ("Winner is the side which causes more casualties")' });
  setUs(w, win.id, { meleeWins: [...us(w.rs, win.id).meleeWins.filter((t) => t > w.turn - 4), w.turn] });
  const extraFor = (x: Unit, y: Unit) => situational(w, x, y);
  const lo = testAndApply(w, lose, { reason: 'lost a round of melee', rule: 'DoG MORALE When? ("after losing a round of melee")', extra: extraFor(lose, win) }, centreOf(win), false);
  const lose2 = unitIn(w, lose.id);
  // Cavalry beating cavalry by 25% more casualties breaks through into an uncontrolled charge: the melee is over for it (RULINGS.md).
  let retired = false;
  if (lose2 && breaksThroughCavalry(win, lose2, Math.max(toA, toB), Math.min(toA, toB))) {
    if (lo === 'shaken') { retire(w, lose2.id, centreOf(win), 50, 'DoG MELÉE ("Losers retire")'); retired = true; }
    const again = unitIn(w, lose2.id), win3 = unitIn(w, win.id);
    const ride = again && win3 ? uncontrolledCharge(w, win3, again) : undefined;
    if (ride?.through) {
      end();
      // Its contact is a charge that made contact: fought now, a first round (RULINGS.md).
      if (ride.contact && ride.now) resolveMelee(w, ride.contact);
      return;
    }
    // It could not come clear of the beaten unit: the round's result stands as any other.
  }
  if (lo === 'holds' && lose2) {
    // "if they stand, winner must test morale"
    const wo = testAndApply(w, win, { reason: 'its enemy stood after losing the melee', rule: 'DoG MELÉE', extra: extraFor(win, lose2) }, centreOf(lose2), false);
    if (wo !== 'holds') { setUs(w, lose2.id, { halted: true }); end(); w.ctx.emit({ type: 'MeleeBrokenOff', a: a.id, b: b.id, rule: 'DoG MELÉE ("losers must halt to reform for 1 move")' }); return; }
    keep(round, secondRoundFaces(w, m, round, a1, b1, win.id));
    return;
  }
  // The loser retires (shaken) or routs: the melee ends and the winner takes a control test.
  if (lose2 && lo === 'shaken' && !retired) retire(w, lose2.id, centreOf(win), 50, 'DoG MELÉE ("Losers retire")');
  end();
  const win2 = unitIn(w, win.id);
  if (win2) applyControl(w, win2, controlTest(w, win2, { reason: 'after winning melee', extra: [lo === 'breaks' ? 'enemyRouting' : 'enemyRetiring'], enemies: [lose.id] }));
}

/** `y` charged `x` this turn (in the charge phase, or a control test's or an uncontrolled charge's contact). */
function chargedBy(w: W, x: Unit, y: Unit): boolean {
  if (us(w.rs, y.id).charged?.target === x.id) return true;
  return w.rs.melees.some((m) => ((m.a === x.id && m.b === y.id) || (m.a === y.id && m.b === x.id)) && m.rounds === 0 && (m.charger === y.id || (m.impact?.includes(y.id) ?? false)));
}

/** The situational morale modifiers of a melee test (DoG MORALE MODIFIERS). */
function situational(w: W, x: Unit, y: Unit): { label: string; value: number }[] {
  const e: { label: string; value: number }[] = [];
  // "+10% British receiving charge": a British unit testing in the melee its charger's charge made this turn.
  if (isBritish(w.tables, x) && chargedBy(w, x, y)) e.push(MM.britishReceiving);
  if (x.arm === 'infantry' && y.arm === 'cavalry') e.push(x.formation === 'square' ? MM.squareVsCav : MM.infChargedByCav);
  if (coverOf(w.battle, x)) e.push(MM.cover);
  if (x.arm === 'cavalry' && (us(w.rs, x.id).charged || chargedBy(w, y, x))) e.push(MM.chargingCav);
  return e;
}

/**
 * A reinforced melee (units that moved into contact with it: melee/reinforce.ts) is fought as one:
 * each unit throws once against the enemy it first met, "outnumber" is judged on each side's whole
 * head count, the side causing more casualties wins; every loser tests, and if all hold every
 * winner tests; units whose enemies have all gone take the winners' control test. The second-round
 * rules are read pair by pair (RULINGS.md): after a first round that goes on, each winning cavalry
 * unit or column paired with a line or square attacks its rear, each line of the side that did not
 * lose paired with a column flows round its flanks; a winning cavalry unit that inflicted 25% more
 * on the cavalry it fought than it received from all its enemies rides through into an
 * uncontrolled charge, leaves the melee and takes no test for it.
 */
export function resolveGroup(w: W, pairs: readonly Melee[]): void {
  const ids = [...new Set(pairs.flatMap((p) => [p.a, p.b]))];
  const alive = ids.map((id) => unitIn(w, id)).filter((u): u is Unit => !!u);
  const round = Math.max(...pairs.map((p) => p.rounds)) + 1;
  const first = round === 1;
  const oppOf = (x: Unit): { p: Melee; y: Unit } | undefined => {
    for (const p of pairs) { if (p.a !== x.id && p.b !== x.id) continue; const y = unitIn(w, p.a === x.id ? p.b : p.a); if (y) return { p, y }; }
    return undefined;
  };
  const hc = new Map(alive.map((x) => { const o = oppOf(x); return [x.id, o ? headCount(w, x, o.y, first, o.p).count : 0] as const; }));
  const total = (side: string) => alive.filter((x) => x.side === side).reduce((a, x) => a + (hc.get(x.id) ?? 0), 0);
  const dealt = new Map<string, number>();
  const dealtBy = new Map<string, number>();
  const caused = new Map<string, number>();
  for (const x of alive) {
    const o = oppOf(x);
    if (!o) continue;
    const men = blow(w, x, o.y, first, round, o.p, { mine: total(x.side), theirs: total(o.y.side) });
    dealt.set(o.y.id, (dealt.get(o.y.id) ?? 0) + men);
    dealtBy.set(x.id, men);
    caused.set(x.side, (caused.get(x.side) ?? 0) + men);
  }
  for (const [id, men] of dealt) if (men > 0) takeCasualties(w, id, men, CASUALTY_RULE);
  for (const x of alive) { const u = unitIn(w, x.id); if (u) fatigueAfter(w, u, us(w.rs, x.id).meleeRounds + 1); }
  const inGroup = (m: Melee) => pairs.some((p) => p.a === m.a && p.b === m.b);
  const standing = (id: string) => { const u = unitIn(w, id); return !!u && us(w.rs, id).morale !== 'routing'; };
  const rode = new Set<string>();
  const fightNow: Melee[] = [];
  /** The pairs that go on, with the faces the second-round rules give them (`winSide` undefined: an even round). */
  const keepWhere = (ok: (p: Melee) => boolean, winSide?: string) => {
    const kept = pairs.filter((p) => ok(p) && !rode.has(p.a) && !rode.has(p.b)).map(({ impact: _i, struck: _s, charger: _c, ...p0 }) => {
      const pa = unitIn(w, p0.a)!, pb = unitIn(w, p0.b)!;
      const orig = pairs.find((q) => q.a === p0.a && q.b === p0.b)!;
      const winner = winSide === undefined ? undefined : pa.side === winSide ? pa.id : pb.id;
      const struck = secondRoundFaces(w, orig, round, pa, pb, winner);
      return { ...p0, rounds: round, ...(struck && Object.keys(struck).length > 0 ? { struck } : {}) };
    });
    w.rs = { ...w.rs, melees: [...w.rs.melees.filter((m) => !inGroup(m)), ...kept] };
    for (const m of fightNow) if (w.rs.melees.some((x) => x.a === m.a && x.b === m.b)) resolveMelee(w, m);
  };
  const [sa, sb] = [...new Set(alive.map((x) => x.side))];
  if (!sa || !sb) { keepWhere(() => false); return; }
  const ca = caused.get(sa) ?? 0, cb = caused.get(sb) ?? 0;
  if (ca === cb) { w.ctx.emit({ type: 'MeleeDrawn', a: pairs[0]!.a, b: pairs[0]!.b, units: ids, round, rule: 'DoG MELÉE ("If both sides stand, second round")' }); keepWhere((p) => standing(p.a) && standing(p.b)); return; }
  const winSide = ca > cb ? sa : sb;
  const winners = alive.filter((x) => x.side === winSide && unitIn(w, x.id));
  const losers = alive.filter((x) => x.side !== winSide && unitIn(w, x.id));
  w.ctx.emit({ type: 'MeleeWon', winner: winners[0]?.id ?? '', loser: losers[0]?.id ?? '', winners: winners.map((x) => x.id), losers: losers.map((x) => x.id), round, caused: Math.max(ca, cb), suffered: Math.min(ca, cb), rule: 'DoG MELÉE ("Winner is the side which causes more casualties")' });
  for (const x of winners) setUs(w, x.id, { meleeWins: [...us(w.rs, x.id).meleeWins.filter((t) => t > w.turn - 4), w.turn] });
  const results = new Map<string, 'holds' | 'shaken' | 'breaks'>();
  for (const l of losers) {
    const o = oppOf(l);
    const lu = unitIn(w, l.id);
    if (!lu || !o) continue;
    results.set(l.id, testAndApply(w, lu, { reason: 'lost a round of melee', rule: 'DoG MORALE When? ("after losing a round of melee")', extra: situational(w, lu, o.y) }, centreOf(o.y), false));
  }
  // Losers that were shaken retire (before any winner rides through them).
  for (const [id, r] of results) { const lu = unitIn(w, id); const o = lu && oppOf(lu); if (lu && o && r === 'shaken') retire(w, id, centreOf(o.y), 50, 'DoG MELÉE ("Losers retire")'); }
  // "A cavalry unit which inflicts 25% more casualties on an opposing cavalry unit … than it receives itself": what it dealt its enemy against all it took.
  for (const x of winners) {
    const o = oppOf(x);
    const xu = unitIn(w, x.id), yu = o && unitIn(w, o.y.id);
    if (!xu || !yu || yu.side === winSide || !breaksThroughCavalry(xu, yu, dealtBy.get(x.id) ?? 0, dealt.get(x.id) ?? 0)) continue;
    const ride = uncontrolledCharge(w, xu, yu);
    if (!ride.through) continue;
    rode.add(x.id);
    if (ride.contact && ride.now) fightNow.push(ride.contact);
  }
  if ([...results.values()].every((r) => r === 'holds')) {
    // "if they stand, winner must test morale": each winner (not those that rode through).
    let broken = false;
    for (const x of winners) {
      const o = oppOf(x); const xu = unitIn(w, x.id);
      if (!xu || !o || rode.has(x.id)) continue;
      if (testAndApply(w, xu, { reason: 'its enemy stood after losing the melee', rule: 'DoG MELÉE', extra: situational(w, xu, o.y) }, centreOf(o.y), false) !== 'holds') broken = true;
    }
    if (broken) {
      for (const l of losers) if (unitIn(w, l.id)) setUs(w, l.id, { halted: true });
      keepWhere(() => false);
      w.ctx.emit({ type: 'MeleeBrokenOff', a: pairs[0]!.a, b: pairs[0]!.b, units: ids, rule: 'DoG MELÉE ("losers must halt to reform for 1 move")' });
      return;
    }
    keepWhere((p) => standing(p.a) && standing(p.b), winSide);
    return;
  }
  // Losers that broke rout; those that held stay locked with their enemies.
  const held = (id: string) => results.get(id) === 'holds' || !results.has(id);
  keepWhere((p) => standing(p.a) && standing(p.b) && held(winners.some((x) => x.id === p.a) ? p.b : p.a), winSide);
  const stillIn = (id: string) => w.rs.melees.some((m) => m.a === id || m.b === id);
  const worst = [...results.values()].includes('breaks') ? 'enemyRouting' : 'enemyRetiring';
  for (const x of winners) { const xu = unitIn(w, x.id); if (xu && !rode.has(x.id) && !stillIn(x.id)) applyControl(w, xu, controlTest(w, xu, { reason: 'after winning melee', extra: [worst], enemies: losers.map((l) => l.id) })); }
}

/** Melees that share a unit (a reinforced melee), as groups of pairs. */
export function meleeGroups(melees: readonly Melee[]): Melee[][] {
  const groups: Melee[][] = [];
  for (const m of melees) {
    const joined = groups.filter((g) => g.some((p) => p.a === m.a || p.a === m.b || p.b === m.a || p.b === m.b));
    const merged = [...joined.flat(), m];
    for (const g of joined) groups.splice(groups.indexOf(g), 1);
    groups.push(merged);
  }
  return groups;
}

/** DoG MELÉE: every melee under way fights a round this turn; a reinforced one as one melee. */
export function resolveMelees(w: W): void {
  for (const g of meleeGroups(w.rs.melees)) {
    const live = g.filter((m) => w.rs.melees.some((x) => x.a === m.a && x.b === m.b));
    if (live.length === 1) resolveMelee(w, live[0]!);
    else if (live.length > 1) resolveGroup(w, live);
  }
}

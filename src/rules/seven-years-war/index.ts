/**
 * Seven Years War 2.4 (March 2018) as a RulesetModule. Alternate phasing players (attacker
 * first), groups on standing orders changed by generals' dice, D6 shooting and melee results by
 * stands killed, 2D6 morale. Tables in tables/, readings of the flattened text in RULINGS.md.
 */
import { z } from 'zod';
import type { RulesetModule, Command, CommandSpec, Sampler, Ctx, Change, GameResult, SeenGame } from '../../engine/ruleset';
import { stateFromView } from '../../engine/lookahead';
import { sywDeterminise } from './ai/determinise';
import { sywEvaluate } from './ai/evaluate';
import { sywMetrics } from './ai/metrics';
import { sywScripts } from './ai/scripts';
import { otherSide } from '../../engine/state';
import { unitDistance } from '../../geometry/measure';
import { pt } from '../../geometry/types';
import type { SywState, Options, S } from './state';
import { isArtillery, isCavalry, isInfantry, isLightUnit, qualitiesOf } from './state';
import { pointsLostShare } from './losses';
import { tablesSchema, DEFAULT_TABLES, type Tables } from './tablesSchema';
import { unitOffTable } from '../../geometry/units';
import { firstClearOfGap } from '../../geometry/moveGap';
import { Work, normalise } from './work';
import { prompt, selfOrder, rollCommandAttempts } from './command';
import { validateAndMove } from './movement';
import { groupSpeedCm } from './moveSpeed';
import { changeFormation } from './formationChange';
import { moveGeneral } from './generalMoves';
import { artilleryToStand } from './artilleryToStand';
import type { Leg } from './moveLegs';
import { deploy, flankMarch, revealUnit, moveHidden, spotHidden, sywView, isHiddenFrom, legalDeployment } from './deployment';
import { DEPLOY_STEPS, DEPLOYMENT_RULE, deploymentRuns, deployStepOf, defenderFirstStepRuns, lastBrigadeStepRuns, holdBackBrigade, isDeployStep, generalDeployStep } from './deploymentOrder';
import { sywTable } from './table';
import { setEvasion, setAfterRout } from './choices';
import { setAdvanceOnOk, setPursuitArtillery } from './moraleChoice';
import { setFlankSquare, setMoveChoice } from './standingChoices';
import { chooseCounter, choosingSides } from './chooseCounter';
import { setAmbush, moveGroupAmbushed } from './ambush';
import { chooseRoute, surrenderGroup } from './routing';
import { moveMeleeStand } from './meleeStands';
import { alignInMelee } from './meleeAlign';
import { deployGeneral } from './deployGenerals';
import { dressGroup, groupShapeProblem, isSplit } from './groupShape';
import { detachStands, settleDetachments } from './detach';
import { shoot, shootingMorale } from './shooting';
import { declareCharge, turnBack } from './charge';
import { chargeMoves } from './chargeMoves';
import { closeCombat } from './melee';
import { pursueTowards } from './pursuit';
import { setupRuleset, scenarioFieldsSchema, validateSetup } from './setup';
import { describeSywCommand, describeSywEvent, describeSywTable, groupNames } from './logText';
import { sywTally } from './turnTally';
import { PHASE_STEPS } from './tables/sequence';
import { ROUT_MOVES, formationChangeLetsMove } from './tables/movement';
import { ORDER_NUMBERS } from './tables/orders';
import { OFF_TABLE, FRIENDS_ROUT_RADIUS_CM } from './tables/morale';
import { CM, centroid, inContact, translateStands, rotateStands, standsInContact } from './geo';
import type { Stand } from '../../engine/model';
import { changeOrder } from './orderChanges';
import { casualtyTest } from './moraleTests';
import { blockedBy, fallBack, startRout, routMove, homeAngle } from './forcedMoves';
import { sywTerrainGenerator } from './editorTerrain';
import { atan2, cos, hypot, sin } from '../../geometry/math';
import { sideWords } from '../words';
import { idRecord } from '../../engine/ids';

const stepRule = (id: string) => PHASE_STEPS.find((s) => s.id === id)!.rule;
const hook = (fn: (s: S, w: Work) => void) => (state: S, ctx: Ctx): Change<SywState> => {
  const w = new Work(state, ctx);
  fn(state, w);
  if (state.position.phase !== 'deployment') { settleDetachments(w); spotHidden(w); }
  return w.change();
};

/** Every accepted command ends with a spotting check of hidden troops (p.19, p.7). */
function spotting(spec: CommandSpec<SywState, Options, Tables>): CommandSpec<SywState, Options, Tables> {
  return {
    ...spec,
    handle(state, cmd, ctx) {
      const out = spec.handle(state, cmd, ctx);
      if ('rejected' in out || state.position.phase === 'deployment') return out;
      const next = { ...state, battle: out.battle ?? state.battle, ruleset: out.ruleset ?? state.ruleset };
      if (Object.keys(next.ruleset.hidden).length === 0) return out;
      const w = new Work(next, ctx);
      spotHidden(w);
      return { ...out, ...w.change() };
    },
  };
}

/** Start of a player's phase: reset per-phase flags, roll command attempts (p.5, p.7). */
function phaseStart(state: S, w: Work): void {
  const units: SywState['units'] = idRecord(Object.entries(w.rs.units).map(([id, u]) => [id, { ...u, shotThisStep: false, standsShot: 0, turnedToFaceThisPhase: false, mayShootAtChargers: true, mayNotShoot: false }]));
  w.rs = { ...w.rs, units, phaseCounter: w.rs.phaseCounter + 1, charges: [], routedThisPhase: [] };
  for (const g of Object.values(w.rs.groups)) w.setGroup(g.id, { casualtiesThisPhase: 0, inflictedThisPhase: 0, meleesWon: 0, meleesLost: 0, underShortRangeArtillery: false });
  rollCommandAttempts(w, state.position.phasing);
  turnBack(w);
}

/** Start of movement: enemy routers move, own pursuers follow, own groups off table dice to return (7 p.15-16, 8 p.18). */
function movementStart(state: S, w: Work): void {
  const phasing = state.position.phasing;
  // 6 b) p.12: "Units attempting to Charge must be able to see their target at the start of movement": note where each group stands.
  for (const g of Object.values(w.rs.groups)) {
    if (g.side !== phasing || g.offTable) continue;
    const st = w.groupUnits(g).flatMap((u) => u.stands);
    if (st.length > 0) { const c = centroid(st); w.setGroup(g.id, { movementStartAt: { x: c.x, y: c.y, phase: w.rs.phaseCounter } }); }
  }
  // 7 (b) p.16: Retreat or Rout moves owed from a pursuit's fresh-enemy test are made in the following movement phase.
  const owed = (w.rs.deferredMoves ?? []).filter((d) => d.phase < w.rs.phaseCounter);
  if (owed.length > 0) {
    w.rs = { ...w.rs, deferredMoves: (w.rs.deferredMoves ?? []).filter((d) => d.phase >= w.rs.phaseCounter) };
    for (const d of owed) {
      const g = w.group(d.group);
      if (!g || g.offTable || w.groupUnits(g).length === 0) continue;
      if (d.kind === 'rout' && g.order === 'rout') startRout(w, g.id, pt(d.from.x, d.from.y), 'SYW 7 Pursuit (b) (p.16)');
      else if (d.kind === 'fallback' && g.order !== 'rout') fallBack(w, g.id, d.mm, pt(d.from.x, d.from.y), 'SYW 7 Pursuit (b) (p.16)');
    }
  }
  for (const g of Object.values(w.rs.groups)) {
    if (g.side === phasing || g.order !== 'rout' || g.offTable) continue;
    const units = w.groupUnits(g);
    if (units.length === 0) continue;
    const c = centroid(units.flatMap((u) => u.stands));
    const speed = (Math.min(...units.map((u) => w.tables.unitTable[u.troopType]?.moveCm ?? 0)) + ORDER_NUMBERS.routExtraCm) * CM;
    // 7 p.15: the most rapid route home avoiding enemy by 5cm; no 10cm lane to their half: surrender.
    const route = chooseRoute(w, g, homeAngle(w, g.side, c), speed);
    if (!route.corridorFree) { surrenderGroup(w, units); continue; }
    const ang = route.angle;
    // The group turns to the route as one body about its centre (its units keep their contact, 7 p.15).
    const turn = normalise(ang - units[0]!.stands[0]!.facing);
    for (const u of units) w.replaceStands(u.id, rotateStands(u.stands, c, turn));
    routMove(w, g.id, ang, speed);
  }
  for (const g of Object.values(w.rs.groups)) {
    if (g.side !== phasing || !g.pursuing || g.offTable) continue;
    const r = w.roll({ dice: 'd6', purpose: `${g.id}: does the pursuit go on? (1-3 stops)`, rule: ROUT_MOVES.rule, target: { value: ROUT_MOVES.pursuitStopsOnOrBelow + 1, pass: 'atLeast' }, subjects: [g.id] });
    const routers = w.enemiesOf(g.side).filter((e) => w.groupOf(e.id)?.order === 'rout');
    if (!r.passed || routers.length === 0) {
      w.setGroup(g.id, { pursuing: false });
      changeOrder(w, g.id, 'stand', 'pursuit ends', ROUT_MOVES.rule);
      continue;
    }
    const mine = w.groupUnits(g).flatMap((u) => u.stands);
    const nearest = routers.reduce((a, e) => (unitDistance(e.stands, mine) < unitDistance(a.stands, mine) ? e : a));
    pursueTowards(w, g.id, centroid(nearest.stands), groupSpeedCm(w, g) * CM);
  }
  for (const g of Object.values(w.rs.groups)) {
    if (g.side !== phasing || !g.offTable) continue;
    const o = g.offTable;
    if (o.routers && o.tested) continue;
    // 8 p.18: 5+ unpursued (or flank march), 6 pursued or routers; "They return on table on a 5+ in subsequent turns except Routers, who only test once".
    const need = o.tested ? OFF_TABLE.subsequentTurns : o.pursued || o.routers ? OFF_TABLE.returnPursuedOrRouters : OFF_TABLE.returnUnpursued;
    const r = w.roll({ dice: 'd6', purpose: `${g.id} tries to return to the table`, rule: OFF_TABLE.rule, target: { value: need, pass: 'atLeast' }, subjects: [g.id] });
    if (!r.passed) { w.setGroup(g.id, { offTable: { ...o, tested: true } }); continue; }
    let ok = true;
    const trial = { battle: w.battle, rs: w.rs };
    for (const u of w.groupUnits(g)) {
      // Bring the unit back just inside the table at the point it left, facing inwards, on Stand.
      const c = centroid(u.stands);
      const inward = atan2(w.battle.table.depthMm / 2 - o.y, w.battle.table.widthMm / 2 - o.x);
      let st = rotateStands(u.stands, c, inward - u.stands[0]!.facing);
      st = translateStands(st, o.x - c.x + cos(inward) * 60, o.y - c.y + sin(inward) * 60);
      if (unitOffTable(st, w.battle.table) || !makeRoomForReturn(w, g.units, st)) { ok = false; break; }
      w.replaceStands(u.id, st);
    }
    // A return that cannot be placed leaves everything as it was (the group tries again next phase).
    if (!ok) { w.battle = trial.battle; w.rs = trial.rs; }
    if (!ok) continue;
    w.setGroup(g.id, { offTable: null });
    changeOrder(w, g.id, 'stand', 'returned to the table', OFF_TABLE.rule);
    w.ctx.emit({ type: 'GroupReturned', group: g.id, at: pt(o.x, o.y), rule: OFF_TABLE.rule });
  }
}

/**
 * "Troops within 10cms of a returning unit's arrival point are moved back freely to a position 10cms
 * away from the returning unit when first placed on the table" (8 p.18): every other unit within 10cm
 * of the arriving stands slides straight away from them to 10cm, without penalty. False (nothing
 * moved) when one of them cannot be placed there.
 */
function makeRoomForReturn(w: Work, returning: readonly string[], st: readonly Stand[]): boolean {
  const need = OFF_TABLE.pushBackCm * CM;
  const moves: [string, Stand[]][] = [];
  const arrived = centroid(st);
  for (const o of w.battle.units) {
    if (returning.includes(o.id) || w.isOff(o.id)) continue;
    const gap = unitDistance(o.stands, st);
    if (gap >= need - 0.5) continue;
    const oc = centroid(o.stands);
    const ang = atan2(oc.y - arrived.y, oc.x - arrived.x);
    // Slide out until 10cm clear (the gap does not grow exactly with the distance moved on a slant): the geometry solves where along the slide, exactly.
    const slideMm = 2 * need + 1;
    const d = firstClearOfGap(o.stands, { kind: 'translate', dx: cos(ang) * slideMm, dy: sin(ang) * slideMm, distanceMm: slideMm }, [{ id: 'arrivals', stands: st }], need);
    if (d === undefined) return false;
    const moved = translateStands(o.stands, cos(ang) * d, sin(ang) * d);
    if (unitOffTable(moved, w.battle.table) || blockedBy(w, o.id, moved).length > 0) return false;
    moves.push([o.id, moved]);
  }
  for (const [id, moved] of moves) {
    w.replaceStands(id, moved);
    w.ctx.emit({ type: 'MovedForReturn', unit: id, rule: OFF_TABLE.rule });
  }
  return true;
}

/** End of movement: Advance groups must have moved half speed (or be in contact/halted/charging); Retreat groups half speed away (p.8). */
function movementEnd(state: S, w: Work): void {
  const phasing = state.position.phasing;
  const charging = new Set(w.rs.charges.map((c) => c.group));
  for (const g0 of Object.values(w.rs.groups)) {
    const g = w.group(g0.id);
    if (!g || g.side !== phasing || g.offTable || charging.has(g.id) || g.halted) continue;
    if (g.order !== 'advance' && g.order !== 'retreat') continue;
    const units = w.groupUnits(g);
    if (units.some((u) => w.enemiesOf(g.side).some((e) => inContact(u, e)))) continue;
    const half = groupSpeedCm(w, g) * CM * ORDER_NUMBERS.advanceMinFraction;
    if (g.movedMm >= half - 0.5) continue;
    if (g.order === 'advance' && units.every(isArtillery) && g.orderAtPhaseStart !== 'stand') continue;
    // p.8 drill: troops that re-formed this phase and may not also move (reform.ts) are not forced to.
    if (units.some((u) => { const x = u.extra as Record<string, unknown>; return x.sywFormationChangedPhase === w.rs.phaseCounter && !formationChangeLetsMove(qualitiesOf(u).drill, x.sywFormationChangeKind === 'lineToFlankColumn' ? 'lineToFlankColumn' : 'other'); })) continue;
    const need = half - g.movedMm;
    let done = false;
    for (const frac of [1, 0.75, 0.5, 0.25, 0.1]) {
      const mm = need * frac;
      const legsList: Leg[][] = g.order === 'advance' ? [[{ kind: 'forward', mm }]] : [[{ kind: 'turn', deg: 180 }, { kind: 'forward', mm }], [{ kind: 'backward', mm }]];
      for (const legs of legsList) {
        const trial = new Work({ ...state, battle: w.battle, ruleset: w.rs }, w.ctx);
        const r = validateAndMove({ ...state, battle: w.battle, ruleset: w.rs }, trial, { type: 'moveGroup', side: g.side, group: g.id, legs });
        if (!r) { w.battle = trial.battle; w.rs = trial.rs; done = true; break; }
      }
      if (done) break;
    }
    if (!done && g.order === 'advance') changeOrder(w, g.id, 'stand', 'could not advance half speed', 'SYW (3) Order interpretation (p.8)');
    if (done) w.ctx.emit({ type: 'ForcedMove', group: g.id, order: g.order, rule: 'SYW (3) Order interpretation (p.8): Advance/Retreat move at least half maximum speed' });
  }
}

/** End of a phase: groups that saw friends rout or be wiped out within 20cm test (p.17). */
function phaseEnd(_state: S, w: Work): void {
  const events = w.rs.routedThisPhase;
  if (events.length === 0) return;
  for (const g of Object.values(w.rs.groups)) {
    if (g.offTable || g.order === 'rout') continue;
    const units = w.groupUnits(g);
    const saw = events.some((e) => e.side === g.side && units.some((u) => u.stands.some((s) => hypot(s.centre.x - e.x, s.centre.y - e.y) <= FRIENDS_ROUT_RADIUS_CM * CM)) && !units.some((u) => u.stands.some((s) => hypot(s.centre.x - e.x, s.centre.y - e.y) < 1)));
    if (!saw) continue;
    const enemies = w.enemiesOf(g.side);
    const c = centroid(units.flatMap((u) => u.stands));
    const near = enemies.length > 0 ? centroid(enemies.reduce((a, e) => (unitDistance(e.stands, units.flatMap((u) => u.stands)) < unitDistance(a.stands, units.flatMap((u) => u.stands)) ? e : a)).stands) : null;
    void c;
    casualtyTest(w, g.id, 'casualties', [{ label: 'Seeing friends rout or wiped out within 20cm', value: 0, rule: 'SYW 8 Morale (p.17)' }], near);
  }
  w.rs = { ...w.rs, routedThisPhase: [], charges: [] };
}

/** House victory (the text states none, RULINGS.md): a side with nothing left in good order, or past its break point, loses. */
export function victory(state: S): GameResult | undefined {
  const rs = state.ruleset;
  if (!rs) return undefined;
  for (const side of state.battle.sides) {
    const mine = Object.values(rs.groups).filter((g) => g.side === side.id);
    const fighting = mine.filter((g) => !g.offTable && g.order !== 'rout' && g.units.length > 0);
    const lostPct = rs.startPoints[side.id]! > 0 ? (100 * (rs.pointsLost[side.id] ?? 0)) / rs.startPoints[side.id]! : 0;
    if (fighting.length === 0 || lostPct >= state.options.breakPercent) {
      const winner = otherSide(state.battle, side.id);
      const w = sideWords(side.name);
      return { winner, level: 'decisive', reason: fighting.length === 0 ? `${w.subject} ${w.verb('have', 'has')} no troops left in good order on the field.` : `${w.subject} lost ${lostPct.toFixed(0)}% of ${w.their} points (break point ${state.options.breakPercent}%).`, rule: 'Vedette house victory (RULINGS.md)', score: { ...rs.pointsLost } };
    }
  }
  return undefined;
}

export function atTurnLimit(state: S): GameResult {
  const rs = state.ruleset;
  const [a, b] = state.battle.sides;
  const pa = pointsLostShare(rs, a.id), pb = pointsLostShare(rs, b.id);
  if (Math.abs(pa - pb) < 0.05) return { level: 'draw', reason: 'Losses at the turn limit are within 5% of each other.', rule: 'Vedette house victory (RULINGS.md)', score: { ...rs.pointsLost } };
  const winner = pa < pb ? a : b;
  const w = sideWords(winner.name);
  return { winner: winner.id, level: 'marginal', reason: `${w.subject} lost the smaller share of ${w.their} army by the turn limit.`, rule: 'Vedette house victory (RULINGS.md)', score: { ...rs.pointsLost } };
}

/** From `side`'s view only (engine lookahead.ts): hidden units, enemy draws and the dice are not in it. */
function legal(view: SeenGame<SywState, Options, Tables>, side: string, sm: Sampler): Command[] {
  const state = stateFromView(view) as S;
  const out: Command[] = [];
  const step = state.position.step;
  const w = new Work(state, { roll: () => { throw new Error('no rolls while sampling'); }, emit: () => undefined });
  const groups = Object.values(state.ruleset.groups).filter((g) => g.side === side && !g.offTable);
  const enemies = w.enemiesOf(side).filter((e) => !isHiddenFrom(state.ruleset, e.id, side));
  if (step === 'chooseCounter') {
    for (const [gid, draws] of Object.entries(state.ruleset.cincDraws ?? {})) {
      if (state.battle.generals.find((g) => g.id === gid)?.side !== side) continue;
      for (let i = 0; i < draws.length; i++) out.push({ type: 'chooseCounter', side, general: gid, index: i });
    }
  } else if (isDeployStep(step)) {
    out.push(...legalDeployment(state, side, sm));
  } else if (step === 'commandChanges') {
    for (const gen of state.battle.generals) {
      const gs = state.ruleset.generals[gen.id];
      if (gen.side !== side || !gs || gs.attemptsLeft <= 0) continue;
      for (const g of groups) {
        if (!gs.cinc && g.general !== gen.id) continue;
        if (g.order === 'rout') { out.push({ type: 'prompt', side, general: gen.id, group: g.id, action: 'rally' }); continue; }
        for (const u of g.units) if (state.ruleset.units[u]?.disordered && !state.ruleset.units[u]?.terrainDisorder) out.push({ type: 'prompt', side, general: gen.id, group: g.id, action: 'cureDisorder', unit: u });
        const want = g.units.some((u) => w.unit(u) && isArtillery(w.unit(u)!)) ? 'stand' : sm.chance(0.8) ? 'advance' : 'reserve';
        if (g.order !== want) out.push({ type: 'prompt', side, general: gen.id, group: g.id, action: want });
      }
    }
    for (const g of groups) if (g.uncommanded && g.order === 'stand') out.push({ type: 'selfOrder', side, group: g.id, order: 'advance' });
    // Standing choices (6 h) pp.13, 15): lights evading where optional; infantry after their opponents rout.
    for (const g of groups) {
      const units = w.groupUnits(g);
      if (units.length === 0 || !sm.chance(0.1)) continue;
      if (units.some(isLightUnit)) out.push({ type: 'setEvasion', side, group: g.id, evade: !g.evadeWhenOptional });
      if (units.every(isInfantry)) out.push({ type: 'setAfterRout', side, group: g.id, choice: sm.chance(0.5) ? 'occupy' : sm.chance(0.5) ? 'pursue' : 'hold' });
      // 8 p.18: 6+ on a casualty/being-charged test, stay or go to Advance.
      out.push({ type: 'setAdvanceOnOk', side, group: g.id, advance: !g.advanceOnOk });
      // 7 (b) p.16: pursuers meeting artillery fight it or pass through.
      if (!units.some(isArtillery)) out.push({ type: 'setPursuitArtillery', side, group: g.id, fight: !g.fightArtilleryInPursuit });
      // §4 p.10: massed infantry on Stand charged in flank or rear form square by the owner's choice.
      if (units.some((u) => isInfantry(u) && !isLightUnit(u))) out.push({ type: 'setFlankSquare', side, group: g.id, square: (g.flankSquare ?? 'cavalry') === 'cavalry' ? 'always' : 'cavalry' });
    }
    // (3) Visibility p.7: hidden units may be set to fire at enemy who come within 5cm.
    for (const [id, owner] of Object.entries(state.ruleset.hidden)) if (owner === side && sm.chance(0.3)) out.push({ type: 'setAmbush', side, unit: id, ambush: !state.ruleset.units[id]?.ambush });
  } else if (step === 'movement') {
    for (const u of w.friendsOf(side)) if (isCavalry(u) && state.ruleset.units[u.id]?.chargeContact && sm.chance(0.5)) out.push({ type: 'detachStands', side, unit: u.id });
    // 6 g) p.13: a group in oblique contact completes its alignment.
    for (const g of groups) if (g.units.some((id) => state.ruleset.units[id]?.chargeContact)) out.push({ type: 'alignInMelee', side, group: g.id });
    // §4 p.10 (b): cavalry and light infantry in melee re-form unengaged stands (rear rank or overlap).
    for (const u of w.friendsOf(side)) {
      if (!(isCavalry(u) || u.troopType === 'light-infantry' || u.troopType === 'riflemen') || !sm.chance(0.3)) continue;
      const foes = enemies.filter((e) => unitDistance(e.stands, u.stands) <= 2);
      if (foes.length === 0) continue;
      const engaged = (s: Stand) => foes.some((e) => e.stands.some((t) => standsInContact(s, t)));
      const free = u.stands.filter((s) => !engaged(s)), hot = u.stands.filter(engaged);
      if (free.length === 0 || hot.length === 0) continue;
      const to = sm.chance(0.5) ? 'rear' : sm.chance(0.5) ? 'left' : 'right';
      out.push({ type: 'moveMeleeStand', side, unit: u.id, stand: free[sm.int(0, free.length - 1)]!.id, to, beside: hot[sm.int(0, hot.length - 1)]!.id });
    }
    for (const g of groups) {
      if (g.order === 'rout' || g.order === 'stand') continue;
      const units = w.groupUnits(g);
      if (units.length === 0) continue;
      // (3) p.6-7, §4 p.10: a group out of shape, or with a split unit, re-forms before it moves.
      if (units.some(isSplit) || groupShapeProblem(units, g.order)) { out.push({ type: 'dressGroup', side, group: g.id }); continue; }
      const speed = groupSpeedCm(w, g) * CM - g.movedMm;
      if (speed <= 1) continue;
      if (g.order === 'advance' && !units.some(isArtillery)) {
        const mine = units.flatMap((u) => u.stands);
        for (const e of enemies) if (unitDistance(e.stands, mine) <= speed) out.push({ type: 'declareCharge', side, group: g.id, target: e.id, ...(sm.chance(0.2) ? { ifShort: 'halt' } : {}) });
      }
      const mm = Math.round(sm.float(0.5, 1) * speed);
      if (g.order === 'advance') {
        // 8 p.18: at the table edge halt on Reserve (default) or leave; §4 p.10: Stand or Reserve after light/massed interpenetration.
        out.push({ type: 'moveGroup', side, group: g.id, legs: [{ kind: 'forward', mm }], ...(sm.chance(0.1) ? { atEdge: 'leave' } : {}), ...(sm.chance(0.2) ? { afterPassThrough: 'stand' } : {}) });
        if (!units.some(isArtillery) && sm.chance(0.3)) out.push({ type: 'moveGroup', side, group: g.id, legs: [{ kind: 'wheel', dir: sm.chance(0.5) ? 'left' : 'right', deg: sm.int(5, 30) }, { kind: 'forward', mm: Math.round(mm / 2) }] });
      } else if (g.order === 'reserve' && !units.some(isArtillery)) out.push({ type: 'moveGroup', side, group: g.id, legs: [{ kind: 'forward', mm: Math.round(mm / 2) }], ...(sm.chance(0.2) ? { afterPassThrough: 'stand' } : {}) });
      else if (g.order === 'retreat') out.push({ type: 'moveGroup', side, group: g.id, legs: [{ kind: 'turn', deg: 180 }, { kind: 'forward', mm }] });
    }
  } else if (step === 'shootingPhasing' || step === 'shootingNonPhasing') {
    for (const u of w.friendsOf(side)) {
      if (isCavalry(u) && u.troopType !== 'light-cavalry') continue;
      const us = state.ruleset.units[u.id];
      if (!us || us.standsShot > 0) continue;
      const targets = enemies.map((e) => ({ e, d: unitDistance(u.stands, e.stands) })).filter((x) => x.d <= 70 * CM).sort((a, b) => a.d - b.d).slice(0, 3);
      for (const t of targets) out.push({ type: 'shoot', side, unit: u.id, target: t.e.id });
      // (3) Notes on Generals (d) p.6: a general may be shot at directly.
      for (const gen of state.battle.generals) if (gen.side !== side && unitDistance(u.stands, [gen.stand]) <= 20 * CM && sm.chance(0.3)) out.push({ type: 'shoot', side, unit: u.id, target: gen.id });
    }
  }
  return out;
}

const optionsSchema = z.object({
  hiddenDeployment: z.boolean().default(false),
  breakPercent: z.number().min(10).max(100).default(50),
  generateTerrain: z.boolean().default(false),
}).strict();

/** A deployment step's end: the troops it placed appear to the enemy, but for those hidden on the map (9 p.19). */
const revealPlaced = (index: number) => hook((_s, w) => {
  const units = w.battle.units.filter((u) => deployStepOf(w.battle, w.rs, u) === index && w.rs.hidden[u.id] === undefined && !w.isOff(u.id)).map((u) => u.id);
  const generals = w.battle.generals.filter((g) => generalDeployStep(w.battle, w.rs, g) === index).map((g) => g.id);
  w.ctx.emit({ type: 'DeploymentRevealed', units, generals, rule: DEPLOYMENT_RULE, visibleTo: w.battle.sides.map((x) => x.id) });
});
const DEPLOY_COMMANDS = ['deploy', 'deployGeneral', 'flankMarch', 'setAmbush'];

export const sevenYearsWar: RulesetModule<SywState, Options, Tables> = {
  id: 'seven-years-war',
  name: 'Seven Years War 2.4',
  version: '0.1.0',
  description: 'Seven Years War wargames rules v2.4 (March 2018): alternate phasing players, groups on standing orders, D6 results by stands killed, 2D6 morale.',
  measure: { unit: 'cm', mmPerUnit: 10 },
  terrainGenerator: sywTerrainGenerator,
  options: {
    schema: optionsSchema as unknown as z.ZodType<Options>,
    info: [
      { id: 'breakPercent', label: 'Army break point (% of points lost)', kind: 'number', default: 50, description: 'House victory: the text gives no victory conditions.' },
      { id: 'hiddenDeployment', label: 'Hidden deployment', description: 'Deployment in the order of the text (defender all but one brigade, attacker, defender\'s last brigade), each side\'s placements unseen until its step ends; units may be marked hidden on the map and stay off the enemy\'s table until spotted.', kind: 'boolean', default: false, optionalRule: true, rule: 'SYW 9 Deployment (p.19)' },
      { id: 'generateTerrain', label: 'Generate terrain by sectors', description: 'Dice hills, woods, marshes/streams and a town by sector and sub-sector, with rotation, replacing the scenario\'s terrain.', kind: 'boolean', default: false, optionalRule: true, rule: 'SYW 9 Terrain Rules (p.22)' },
    ],
  },
  tables: { defaults: DEFAULT_TABLES, schema: tablesSchema as unknown as z.ZodType<Tables> },
  scenarioFields: scenarioFieldsSchema,
  validateSetup: (setup) => validateSetup(setup),
  setup: setupRuleset,
  sequence: {
    phasingOrder: (s) => [s.ruleset.attacker, s.ruleset.defender],
    phases: [
      {
        id: 'generals', name: 'Generals', rule: 'SYW (3) Generals (p.5)', when: (s) => choosingSides(s).length > 0,
        steps: [
          { id: 'chooseCounter', name: 'CinC chooses 1 of his 3 counters', rule: 'SYW (3) Generals (p.5)', actors: choosingSides, commands: ['chooseCounter'], endWhen: (s) => choosingSides(s).length === 0, onExit: hook((_s, w) => { w.rs = { ...w.rs, cincDraws: {} }; }) },
        ],
      },
      {
        // 9 p.19: the defender's brigades but one, then the attacker's army, then the defender's last brigade.
        id: 'deployment', name: 'Deployment', rule: 'SYW 9 Deployment (pp.19-20)', when: deploymentRuns,
        steps: [
          { id: DEPLOY_STEPS[0], name: 'Defender deploys all but one brigade', rule: DEPLOYMENT_RULE, actors: (s) => [s.ruleset.defender], secret: true, secretDone: 'deployed their troops', when: defenderFirstStepRuns, commands: [...DEPLOY_COMMANDS, 'holdBackBrigade'], onExit: revealPlaced(0) },
          { id: DEPLOY_STEPS[1], name: 'Attacker deploys', rule: DEPLOYMENT_RULE, actors: (s) => [s.ruleset.attacker], secret: true, secretDone: 'deployed their troops', commands: DEPLOY_COMMANDS, onExit: revealPlaced(1) },
          { id: DEPLOY_STEPS[2], name: 'Defender deploys his last brigade', rule: DEPLOYMENT_RULE, actors: (s) => [s.ruleset.defender], secret: true, secretDone: 'deployed their last brigade', when: lastBrigadeStepRuns, commands: DEPLOY_COMMANDS, onExit: revealPlaced(2) },
        ],
      },
      {
        id: 'player', name: 'Player phase', rule: 'SYW (2) Sequence of play (p.5)', perPlayer: true,
        onEnter: hook(phaseStart),
        onExit: hook(phaseEnd),
        steps: [
          { id: 'commandChanges', name: '(1) Command changes', rule: stepRule('commandChanges'), actors: 'phasing', commands: ['prompt', 'selfOrder', 'artilleryToStand', 'revealUnit', 'setEvasion', 'setAfterRout', 'setAmbush', 'setAdvanceOnOk', 'setPursuitArtillery', 'setFlankSquare'] },
          { id: 'movement', name: '(2) Movement, testing to charge', rule: stepRule('movement'), actors: 'phasing', commands: ['moveGroup', 'changeFormation', 'moveGeneral', 'declareCharge', 'artilleryToStand', 'revealUnit', 'detachStands', 'moveHidden', 'setEvasion', 'setAfterRout', 'setAdvanceOnOk', 'setPursuitArtillery', 'setAmbush', 'moveMeleeStand', 'dressGroup', 'alignInMelee', 'setFlankSquare', 'setMoveChoice'], onEnter: hook(movementStart), onExit: hook(movementEnd) },
          { id: 'shootingPhasing', name: '(3) Shooting (phasing player)', rule: stepRule('shootingPhasing'), actors: 'phasing', commands: ['shoot'], onEnter: hook((_s, w) => resetShots(w)) },
          { id: 'shootingNonPhasing', name: '(4) Shooting (non-phasing player)', rule: stepRule('shootingNonPhasing'), actors: 'non-phasing', commands: ['shoot', 'setEvasion', 'setAfterRout', 'setAdvanceOnOk', 'setPursuitArtillery', 'setAmbush', 'setFlankSquare'], onEnter: hook((_s, w) => resetShots(w)), onExit: hook((s, w) => { shootingMorale(w, (x) => otherSide(s.battle, x)); for (const g of Object.values(w.rs.groups)) w.setGroup(g.id, { casualtiesThisPhase: 0 }); }) },
          { id: 'chargeMoves', name: '(5) Charge moves', rule: stepRule('chargeMoves'), actors: 'engine', commands: [], onEnter: hook((s, w) => chargeMoves({ ...s, battle: w.battle, ruleset: w.rs }, w)) },
          { id: 'closeCombat', name: '(6) Close combat', rule: stepRule('closeCombat'), actors: 'engine', commands: [], onEnter: hook((s, w) => closeCombat({ ...s, battle: w.battle, ruleset: w.rs }, w)) },
        ],
      },
    ],
  },
  commands: Object.fromEntries(Object.entries({ prompt, selfOrder, moveGroup: moveGroupAmbushed, changeFormation, moveGeneral, declareCharge, shoot, artilleryToStand, deploy, flankMarch, holdBackBrigade, revealUnit, detachStands, moveHidden, setEvasion, setAfterRout, setAdvanceOnOk, setPursuitArtillery, setFlankSquare, setMoveChoice, chooseCounter, setAmbush, moveMeleeStand, dressGroup, alignInMelee, deployGeneral }).map(([k, v]) => [k, spotting(v)])),
  view: sywView,
  table: sywTable,
  // The log in sentences, with names for units, generals, sides and groups (logText.ts).
  describeEvent: (e, names) => describeSywEvent(e, names),
  describeTable: describeSywTable,
  describeCommand: (_state, c, names) => (names ? describeSywCommand(c, names) : undefined),
  pieceNames: (game) => groupNames(game),
  tally: sywTally,
  legalCommands: legal,
  ai: { determinise: sywDeterminise, evaluate: sywEvaluate, metrics: sywMetrics, scripts: sywScripts },
  victory,
  atTurnLimit,
  invariants: (s) => {
    const out: string[] = [];
    for (const g of Object.values(s.ruleset.groups)) for (const id of g.units) if (!s.battle.units.some((u) => u.id === id)) out.push(`group ${g.id} lists missing unit ${id}`);
    for (const u of s.battle.units) if (u.stands.length === 0) out.push(`unit ${u.id} has no stands`);
    return out;
  },
};

function resetShots(w: Work): void {
  w.rs = { ...w.rs, units: idRecord(Object.entries(w.rs.units).map(([id, u]) => [id, { ...u, standsShot: 0, shotThisStep: false }])) };
}

/**
 * Morale tests (SYW 8 Morale pp.17-18): the modifiers every 2D6 test shares, the tests for
 * casualties, being charged, charging and rallying, and what their results do.
 */
import type { DiceRolled, Modifier } from '../../engine/ruleset';
import type { Unit } from '../../engine/model';
import type { TablePoint } from '../../geometry/types';
import { casualtyResult, chargeResult, rallyResult, GENERAL_NEAR_D4_TIMES_CM, BRAVE_GENERAL_CM, RALLIED_ORDER, type MoraleTest, type MoraleOutcome } from './tables/morale';
import type { GroupState } from './state';
import { qualitiesOf, isArtillery, isLightUnit, isMassed, rowOf } from './state';
import { modifier } from './tablesSchema';
import { CM, centroid, terrainLevel, inTown, heightAt, coverOf } from './geo';
import type { Work } from './work';
import { changeOrder, disorderUnit } from './orderChanges';
import { destroyUnit } from './losses';
import { fallBack, startRout } from './forcedMoves';
import { effectivePsychology } from './generals';
import { hypot } from '../../geometry/math';

export function groupStands(w: Work, g: GroupState): number {
  return w.groupUnits(g).reduce((a, u) => a + u.stands.length, 0);
}

/** Modifiers every 2D6 morale test shares (p.17), plus `extra` for the situation. */
/** `concerned`: the enemy the test is about (chargers, the charge's target, melee opponents); none = every enemy (8 p.17 "Uphill of all enemy"). */
export function moraleModifiers(w: Work, g: GroupState, kind: MoraleTest, extra: Modifier[], concerned?: readonly Unit[]): Modifier[] {
  const t = w.tables;
  const units = w.groupUnits(g);
  const mods: Modifier[] = [...extra];
  if (units.length === 0) return mods;
  const c = centroid(units.flatMap((u) => u.stands));
  const qs = units.map(qualitiesOf);
  // "count as the morale level of the worst unit in the group" (p.5)
  const worst = qs.some((q) => q.morale === 'low') ? 'low' : qs.every((q) => q.morale === 'high') ? 'high' : 'normal';
  if (worst === 'high') mods.push(modifier(t, 'moraleModifiers', 'highMorale'));
  // "open terrain" (p.17) as in the lights/militia charged by cavalry modifier (melee.ts): clear or type 0 ground.
  const open = units.every((u) => terrainLevel(w.battle, u.stands) < 1);
  if (worst === 'low' || (qs.some((q) => q.militia) && open)) mods.push(modifier(t, 'moraleModifiers', 'poorMoraleOrMilitiaInOpen'));
  if (kind !== 'charging' && kind !== 'rally') {
    if (g.inflictedThisPhase > g.casualtiesThisPhase && (g.meleesWon + g.meleesLost) > 0) mods.push(modifier(t, 'moraleModifiers', 'wonMeleeCasualties'));
  }
  if (g.meleesWon > 0) mods.push(modifier(t, 'moraleModifiers', 'perMeleeWon', g.meleesWon));
  if (g.meleesLost > 0) mods.push(modifier(t, 'moraleModifiers', 'perMeleeLost', g.meleesLost));
  if (g.underShortRangeArtillery) mods.push(modifier(t, 'moraleModifiers', 'shortRangeArtillery'));
  const now = groupStands(w, g);
  const lostPct = g.startStands > 0 ? ((g.startStands - now) / g.startStands) * 100 : 0;
  const per20 = Math.floor(lostPct / 20 + 1e-9);
  if (per20 > 0) mods.push(modifier(t, 'moraleModifiers', 'per20PercentLost', per20));
  const dis = units.filter((u) => w.unitState(u.id)?.disordered || (isMassed(u) && terrainLevel(w.battle, u.stands) >= 1)).length;
  if (dis * 2 >= units.length) mods.push(modifier(t, 'moraleModifiers', 'halfDisordered'));
  // 8 p.17 "Uphill of all enemy": all the enemy concerned in the test where the test has them, else every enemy on the table (RULINGS.md).
  const enemies = concerned && concerned.length > 0 ? concerned : w.enemiesOf(g.side);
  const myH = heightAt(w.battle, c);
  if ((enemies.length > 0 && myH > 0 && enemies.every((e) => heightAt(w.battle, centroid(e.stands)) < myH)) || (units.every((u) => rowOf(u).troopClass === 'infantry') && units.some((u) => inTown(w.battle, u) || coverOf(w.battle, u) !== 'none'))) {
    mods.push(modifier(t, 'moraleModifiers', 'uphillOrCover'));
  }
  if ((kind === 'charging' || kind === 'rally') && g.startStands > 0 && now * 2 <= g.startStands) mods.push(modifier(t, 'moraleModifiers', 'halfStrength'));
  if (kind === 'rally') mods.push(modifier(t, 'moraleModifiers', 'rallyingFromRout'));
  // Generals: own general or CinC within D4 x 5cm (+1); brave general within 5cm (+1) (p.17, p.6).
  const gens = w.battle.generals.filter((x) => x.side === g.side && w.rs.generals[x.id] && !w.rs.generals[x.id]!.killed && (x.id === g.general || w.rs.generals[x.id]!.cinc));
  if (gens.length > 0) {
    const near = Math.min(...gens.map((x) => Math.min(...units.map((u) => Math.min(...u.stands.map((s) => hypot(s.centre.x - x.stand.centre.x, s.centre.y - x.stand.centre.y) - s.widthMm / 2))))));
    const d4 = w.roll({ dice: 'd4', purpose: `General within D4 x 5cm of ${g.id}?`, rule: 'SYW 8 Morale (p.17)', subjects: [g.id] }).total;
    if (near <= d4 * GENERAL_NEAR_D4_TIMES_CM * CM) mods.push(modifier(t, 'moraleModifiers', 'generalNear'));
    // (3) p.5: a cavalry general commanding any infantry (or an infantry general any cavalry) counts Cautious, so is not Brave.
    const brave = gens.some((x) => effectivePsychology(w, x.id) === 'brave' && units.some((u) => u.stands.some((s) => hypot(s.centre.x - x.stand.centre.x, s.centre.y - x.stand.centre.y) - s.widthMm / 2 <= BRAVE_GENERAL_CM * CM)));
    if (brave) mods.push(modifier(t, 'moraleModifiers', 'braveGeneral'));
  }
  return mods;
}

/** The 2D6 morale roll (p.17). */
export function moraleRoll(w: Work, g: GroupState, kind: MoraleTest, extra: Modifier[], purpose: string, outcome: (score: number) => string, concerned?: readonly Unit[]): DiceRolled {
  const mods = moraleModifiers(w, g, kind, extra, concerned);
  const table = kind === 'charging' ? 'charging' : kind === 'rally' ? 'rally' : 'casualtiesOrBeingCharged';
  return w.roll({ dice: '2d6', purpose, rule: 'SYW 8 Morale (pp.17-18)', modifiers: mods, table: { id: `morale.${table}` }, outcome: (r) => ({ outcome: outcome(r.modified), row: String(r.modified) }), subjects: [g.id, ...g.units] });
}

export function deploymentOf(w: Work, g: GroupState): 'massed' | 'light' {
  const units = w.groupUnits(g);
  return units.length > 0 && units.every(isLightUnit) ? 'light' : 'massed';
}

/** Test for casualties or being charged and apply the result (p.18). Returns the outcome. */
export function casualtyTest(w: Work, groupId: string, kind: 'casualties' | 'beingCharged', extra: Modifier[], awayFrom: TablePoint | null, defer = false, concerned?: readonly Unit[]): MoraleOutcome | undefined {
  const g = w.group(groupId);
  // Detached cavalry stands do not check morale (§4 p.10 (c)).
  if (!g || g.offTable || g.order === 'rout' || g.detachedFrom) return undefined;
  const dep = deploymentOf(w, g);
  const art = w.groupUnits(g).every(isArtillery);
  const r = moraleRoll(w, g, kind, extra, kind === 'beingCharged' ? `Being charged: ${groupId}` : `Casualties: ${groupId}`, (sc) => casualtyResult(sc, dep, g.order, art).text, concerned);
  const out = casualtyResult(r.modified, dep, g.order, art);
  applyMoraleOutcome(w, groupId, out, awayFrom, defer);
  // 8 p.18 "6+ OK; Stay at current orders, or go to Advance": the owner's standing choice (setAdvanceOnOk). Advance needs line (p.8).
  if (r.modified >= 6 && g.advanceOnOk === true && g.order !== 'advance' && w.groupUnits(g).every((u) => isArtillery(u) || u.formation === 'line')) {
    changeOrder(w, groupId, 'advance', '6+: the owner chose to go to Advance', 'SYW 8 Morale results (p.18)');
  }
  return out;
}

/** `defer`: 7 (b) p.16, the fall back or rout move is owed to the following movement phase (state.deferredMoves). */
export function applyMoraleOutcome(w: Work, groupId: string, out: MoraleOutcome, awayFrom: TablePoint | null, defer = false): void {
  const g = w.group(groupId);
  if (!g) return;
  const R = 'SYW 8 Morale results (p.18)';
  if (out.artilleryKilled) {
    for (const u of w.groupUnits(g)) if (isArtillery(u)) destroyUnit(w, u.id, 'artillery killed by morale result', R);
    return;
  }
  if (out.order) changeOrder(w, groupId, out.order, out.text, R);
  if (defer && awayFrom && (out.routNow || out.fallBackCm > 0)) {
    const kind = out.routNow ? 'rout' as const : 'fallback' as const;
    if (out.routNow) for (const u of w.groupUnits(g)) disorderUnit(w, u.id, 'routers are disordered', 'SYW 7 Rout (p.15)');
    w.rs = { ...w.rs, deferredMoves: [...(w.rs.deferredMoves ?? []), { group: groupId, kind, mm: out.fallBackCm * CM, from: { x: awayFrom.x, y: awayFrom.y }, phase: w.rs.phaseCounter }] };
    w.ctx.emit({ type: 'MoveDeferred', group: groupId, kind, rule: 'SYW 7 Pursuit (b) (p.16)' });
    return;
  }
  if (out.fallBackCm > 0 && awayFrom) fallBack(w, groupId, out.fallBackCm * CM, awayFrom, R);
  if (out.routNow) startRout(w, groupId, awayFrom, R);
}

export function chargeTest(w: Work, groupId: string, extra: Modifier[], concerned?: readonly Unit[]): boolean {
  const g = w.group(groupId);
  if (!g || g.detachedFrom) return false;
  const dep = deploymentOf(w, g);
  const r = moraleRoll(w, g, 'charging', extra, `Testing to charge: ${groupId}`, (sc) => chargeResult(sc, dep).text, concerned);
  const res = chargeResult(r.modified, dep);
  if (res.order) changeOrder(w, groupId, res.order, res.text, 'SYW 8 Morale results, charging (p.18)');
  return res.charges;
}

export function rallyTest(w: Work, groupId: string): boolean {
  const g = w.group(groupId);
  if (!g || g.detachedFrom) return false;
  const dep = deploymentOf(w, g);
  const r = moraleRoll(w, g, 'rally', [], `Testing to rally: ${groupId}`, (sc) => rallyResult(sc, dep).text);
  const res = rallyResult(r.modified, dep);
  if (res.rallied) {
    changeOrder(w, groupId, RALLIED_ORDER, res.text, 'SYW 8 Morale results, rally (p.18)');
    for (const u of w.groupUnits(g)) w.setUnit(u.id, { surrendered: false });
  }
  return res.rallied;
}

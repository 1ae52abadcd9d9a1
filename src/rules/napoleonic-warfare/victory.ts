/** NW §10 Victory Conditions, Loss Points, Victory Points and Victory Level. */
import type { GameResult } from '../../engine/ruleset';
import type { Battle } from '../../engine/ruleset';
import type { NwState } from './types';
import { ARMY_BREAK, LOSS_POINTS, VICTORY_POINTS, victoryLevel, VICTORY_LEVELS } from './tables/victory';
import { idRecord } from '../../engine/ids';

const gone = new Set(['dispersed', 'destroyed', 'captured', 'routed-off']);

/** Units counted against the army's break point: routed, destroyed or captured (NW §10). */
export function brokenCount(rs: NwState, side: string): { lost: number; total: number } {
  const mine = Object.values(rs.units).filter((u) => u.side === side);
  const lost = mine.filter((u) => gone.has(u.status) || (u.status === 'active' && u.morale === 'routed')).length;
  return { lost, total: mine.length };
}

export function isArmyBroken(rs: NwState, side: string): boolean {
  return unitsToBreak(rs, side) <= 0;
}

/** How many more of `side`'s units routed, destroyed or captured break its army (NW §10; Infinity: a side with no units). */
export function unitsToBreak(rs: NwState, side: string): number {
  const { lost, total } = brokenCount(rs, side);
  return total > 0 ? Math.ceil(total * ARMY_BREAK.fractionOfUnits - 1e-9) - lost : Infinity;
}

/** Loss Points a side suffered (NW §10): stands killed or routing ×1, captured ×2, left and not returned ×½. */
export function lossPoints(rs: NwState, side: string): number {
  let lp = 0;
  for (const u of Object.values(rs.units)) {
    if (u.side !== side) continue;
    const remaining = u.startStands - u.standsLost;
    lp += u.standsLost * u.pointsPerStand * LOSS_POINTS.killedOrRouted;
    if (u.status === 'captured') lp += remaining * u.pointsPerStand * LOSS_POINTS.captured;
    else if (u.status === 'routed-off' || u.status === 'dispersed' || u.status === 'destroyed' || (u.status === 'active' && u.morale === 'routed')) lp += remaining * u.pointsPerStand * LOSS_POINTS.killedOrRouted;
    else if (u.status === 'left-table') lp += remaining * u.pointsPerStand * LOSS_POINTS.neverArrivedOrLeftAndNotReturned;
    // NW §10: flank marchers that never arrived count ×½ (reserves never called on count nothing).
    else if (u.status === 'off-table' && rs.offTable?.[u.id]?.kind === 'flank-march') lp += remaining * u.pointsPerStand * LOSS_POINTS.neverArrivedOrLeftAndNotReturned;
  }
  return lp;
}

/**
 * NW §10 "For each 50 points of enemy killed": the points cost of the side's stands killed — lost
 * to casualties, and the stands of units destroyed or dispersed. Routing, routed off, captured and
 * left-table stands are Loss Points but were not killed (RULINGS).
 */
export function killedPoints(rs: NwState, side: string): number {
  let pts = 0;
  for (const u of Object.values(rs.units)) {
    if (u.side !== side) continue;
    pts += u.standsLost * u.pointsPerStand;
    if (u.status === 'destroyed' || u.status === 'dispersed') pts += (u.startStands - u.standsLost) * u.pointsPerStand;
  }
  return pts;
}

export interface VictoryTally {
  side: string;
  lossPoints: number;
  victoryPoints: number;
  reasons: string[];
}

/** NW §10 Victory Points for each side. `won` names the side that won the battle (enemy broke or conceded). */
export function tally(rs: NwState, battle: Battle, won?: string): VictoryTally[] {
  const sides = battle.sides.map((s) => s.id);
  const lp = idRecord(sides.map((s) => [s, lossPoints(rs, s)]));
  return sides.map((s) => {
    const enemy = sides.find((x) => x !== s)!;
    const reasons: string[] = [];
    let vp = 0;
    if (won === s) {
      vp += VICTORY_POINTS.wonBattle;
      reasons.push('won the battle');
    }
    const per50 = Math.floor(killedPoints(rs, enemy) / VICTORY_POINTS.perEnemyLossPoints);
    if (per50 > 0) {
      vp += per50;
      reasons.push(`${per50} for each 50 points of enemy killed`);
    }
    if (lp[enemy]! > lp[s]!) {
      vp += VICTORY_POINTS.inflictedMoreLossPoints;
      reasons.push('inflicted more Loss Points');
      if (lp[enemy]! >= 2 * lp[s]! && lp[enemy]! > 0) {
        vp += VICTORY_POINTS.inflictedTwiceLossPoints;
        reasons.push('inflicted twice the Loss Points');
      }
    }
    // No enemy units on your half of the table (your half: nearer your deployment zone).
    const mySide = battle.sides.find((x) => x.id === s)!;
    const myHalfLow = mySide.deploymentZone ? mySide.deploymentZone.reduce((a, p) => a + p.y, 0) / mySide.deploymentZone.length > battle.table.depthMm / 2 : s === battle.sides[0].id;
    const enemyInMyHalf = battle.units.some((u) => u.side === enemy && rs.units[u.id]?.status === 'active' && u.stands.some((st) => (myHalfLow ? st.centre.y > battle.table.depthMm / 2 : st.centre.y < battle.table.depthMm / 2)));
    if (!enemyInMyHalf) {
      vp += VICTORY_POINTS.noEnemyInYourHalf;
      reasons.push('no enemy units on your half of the table');
    }
    for (const g of Object.values(rs.generals)) {
      if (g.side !== enemy || !g.lost) continue;
      vp += VICTORY_POINTS.perEnemyGeneralKilledOrCaptured;
      reasons.push('enemy general lost');
      if (g.isCinC) {
        vp += VICTORY_POINTS.enemyCincKilledOrCaptured;
        reasons.push('enemy CinC lost');
      }
    }
    return { side: s, lossPoints: lp[s]!, victoryPoints: vp, reasons };
  });
}

export function resultFrom(rs: NwState, battle: Battle, why: string, won?: string): GameResult {
  const t = tally(rs, battle, won);
  const [a, b] = t as [VictoryTally, VictoryTally];
  const diff = a.victoryPoints - b.victoryPoints;
  const level = victoryLevel(diff);
  const name = VICTORY_LEVELS.find((v) => v.level === level)?.name ?? 'Draw';
  const winner = diff > 0 ? a.side : diff < 0 ? b.side : undefined;
  return {
    ...(winner ? { winner } : {}),
    level,
    reason: `${why} ${name}: ${a.side} ${a.victoryPoints} VP (${a.reasons.join('; ') || 'none'}; ${a.lossPoints} LP lost), ${b.side} ${b.victoryPoints} VP (${b.reasons.join('; ') || 'none'}; ${b.lossPoints} LP lost).`,
    rule: 'NW §10 Victory Conditions and Victory Points',
    score: { [a.side]: a.victoryPoints, [b.side]: b.victoryPoints },
  };
}

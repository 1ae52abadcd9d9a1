/**
 * NW Generals §3 (casualties amongst generals) and §20 (a general with a unit that routs routs
 * with it, by his own movement allowance). A general's stand is a morale and combat modifier,
 * not a combat stand: it takes hits only when it stands alone and is the nearest target of fire.
 */
import type { General, Unit } from '../../engine/model';
import { updateGeneral } from '../../engine/battle';
import { forward } from '../../geometry/footprint';
import { pt, rad } from '../../geometry/types';
import type { Draft } from './types';
import { erMm, friendsOf, inMm, loseGeneral } from './core';
import { GENERAL_CASUALTIES } from './tables/generals';
import { hypot } from '../../geometry/math';
import { pointOnTable } from '../../geometry/tableEdge';

/** Marks the stand-in Unit that lets fire target a lone general's stand (NW Generals §3). */
export const GENERAL_TARGET = 'nwGeneralTarget';

export const isGeneralTarget = (u: Unit): boolean => u.extra[GENERAL_TARGET] === true;

/** A lone general's stand as a fire target (NW Generals §3: "if a general is not with a unit"). */
export function generalAsTarget(g: General): Unit {
  return {
    id: g.id, name: g.name, side: g.side, parent: g.commands, arm: 'general', troopType: 'general', quality: '', nationality: '',
    formation: 'line', stands: [g.stand], commandStandId: g.stand.id, extra: { [GENERAL_TARGET]: true },
  };
}

/** Enemy generals that stand alone (not with a unit, not lost): they can be shot at. */
export function loneGenerals(d: Draft, enemyOf: string): General[] {
  return d.battle.generals.filter((g) => {
    const ng = d.rs.generals[g.id];
    return g.side !== enemyOf && !!ng && !ng.lost && !ng.withUnit;
  });
}

/**
 * NW Generals §3: a general's stand takes two hits to be removed; the first is a wound. Hits
 * come from fire at his lone stand (RULINGS: each die that hits is one hit).
 */
export function hitGeneral(d: Draft, gid: string, hits: number, source: string): void {
  const g = d.rs.generals[gid];
  if (!g || g.lost || hits <= 0) return;
  const before = g.hits;
  g.hits = Math.min(GENERAL_CASUALTIES.hitsToRemove, g.hits + hits);
  d.ctx.emit({ type: 'GeneralHit', general: gid, hits, total: g.hits, source, rule: GENERAL_CASUALTIES.rule });
  if (g.hits >= GENERAL_CASUALTIES.hitsToRemove) loseGeneral(d, gid, `${g.hits} hits from ${source}`);
  else if (before === 0) d.ctx.emit({ type: 'GeneralWounded', general: gid, source, rule: `${GENERAL_CASUALTIES.rule}: the first hit is a wound; one more removes him` });
}

/**
 * NW §20: a general with a unit that routs routs with it "according to his own movement
 * allowance": he leaves the unit and makes his own rout move directly away from `dirRad`, rolled
 * at the light cavalry rout rate (RULINGS: generals move as light cavalry). Off the table he is
 * out of the battle (NW Generals §8: indisposed; RULINGS: lost). His rout makes friends within
 * Engagement Range test (NW §18 B).
 */
export function routGeneral(d: Draft, gid: string, dirRad: number, fromUnit: string): void {
  const g = d.rs.generals[gid];
  const gs = d.battle.generals.find((x) => x.id === gid);
  if (!g || !gs || g.lost) return;
  const rule = 'NW §20 Morale Test Results: the General routs with the unit by his own movement allowance';
  g.routed = true;
  g.withUnit = undefined;
  const row = d.tables.movement[d.rs.scale].rows['light-cavalry'];
  const r = d.ctx.roll({
    dice: `${row.fast.d6}d6` as '1d6', purpose: `${gs.name} routs with the unit: ${row.fast.baseIn}"+${row.fast.d6}d6 (light cavalry rate)`, rule,
    subjects: [gid], outcome: (v) => `${row.fast.baseIn + v.total}"`,
  });
  const distMm = inMm(row.fast.baseIn + r.total);
  const f = forward(rad(dirRad));
  const from = gs.stand.centre;
  const to = pt(from.x + f.x * distMm, from.y + f.y * distMm);
  const off = !pointOnTable(d.battle.table, to);
  d.battle = updateGeneral(d.battle, gid, (x) => ({ ...x, stand: { ...x.stand, centre: to, facing: rad(dirRad) } }));
  d.ctx.emit({ type: 'GeneralRouted', general: gid, withUnit: fromUnit, distanceIn: row.fast.baseIn + r.total, offTable: off, rule });
  // NW §18 B: friends within Engagement Range of where he was seen to rout test.
  for (const u of friendsOf(d, g.side)) {
    if (u.id === fromUnit) continue;
    const near = u.stands.some((s) => hypot(s.centre.x - from.x, s.centre.y - from.y) <= erMm(d));
    if (near) d.pendingTests.push({ unitId: u.id, trigger: 'B', detail: `General ${gs.name} routed` });
  }
  if (off) {
    // NW Generals §8: a general who leaves the table is indisposed; he does not come back (RULINGS: lost).
    g.lost = true;
    g.lostTurn = d.turn;
    d.ctx.emit({ type: 'GeneralLost', general: gid, cause: 'routed off the table', rule: GENERAL_CASUALTIES.rule });
  }
}

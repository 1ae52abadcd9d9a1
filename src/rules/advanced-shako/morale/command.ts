/**
 * The Command phase's "RALLY AND REFORM UNITS" segment (11.4 renames it): units in Fallback try to
 * rally (12.1), Staggered units steady (house), Blown cavalry reform after a whole turn stationary and
 * unengaged (11.4); then divisional morale at 33% and 50% losses (12.2) and divisional rallying (12.4).
 */
import { unitIn } from '../../../engine/workingState';
import type { Modifier } from '../../../engine/ruleset';
import type { Unit } from '../../../engine/model';
import { unitDistance } from '../../../geometry/measure';
import type { W, DivisionState } from '../state';
import { armOf, inMm, isFormed, setDiv, setUs, us } from '../state';
import { sectorOf } from '../geo';
import { mrTest } from './tests';
import { breakUnit } from './losses';
import { inCommandRadius } from '../melee/melee';

export const RALLY_RULE = 'AS 12.1 Rallying from Fallback';
export const TOWN_RALLY_RULE = 'AS 12.1 Rallying Units in Town Sectors';
export const REFORM_RULE = 'AS 11.4 Cavalry reforming from Blown status';
export const DIV_MORALE_RULE = 'AS 12.2 Divisional Morale';
export const DIV_RALLY_RULE = 'AS 12.4 Divisional Morale: Rallying';
export const STEADY_RULE = 'HOUSE: Staggered units steady on an MR test in the Command phase (RULINGS.md)';

/** 12.1: rallying is prohibited by a Formed enemy within 6"; a town sector on either side lifts it. */
export function rallyProhibitedBy(w: W, u: Unit): Unit | undefined {
  if (sectorOf(w.battle, u)) return undefined;
  return w.battle.units.find((e) => e.side !== u.side && isFormed(w.rs, e) && !sectorOf(w.battle, e) && unitDistance(e.stands, u.stands) <= inMm(w.tables.retrograde.rallyProhibitIn));
}

function rallyMods(w: W, u: Unit): Modifier[] {
  const out: Modifier[] = [];
  if (!w.battle.units.some((e) => e.side !== u.side && unitDistance(e.stands, u.stands) <= inMm(w.tables.reach.rallyNoEnemyIn))) out.push({ label: `no enemy within ${w.tables.reach.rallyNoEnemyIn}"`, value: w.tables.tests.rally.noEnemyNear, rule: TOWN_RALLY_RULE });
  if (inCommandRadius(w.battle, w.rs, w.tables, u)) out.push({ label: 'within command radius (house)', value: w.tables.tests.rally.inCommandRadius, rule: 'HOUSE rally modifier' });
  return out;
}

export function rallyAndReform(w: W): void {
  for (const u0 of [...w.battle.units]) {
    const u = unitIn(w, u0.id);
    if (!u) continue;
    const st = us(w.rs, u.id);
    if (st.fallback !== undefined) {
      const last = st.fallback < w.turn; // 12.1: this turn's Command phase and the next's only
      const near = rallyProhibitedBy(w, u);
      const ok = near ? (w.ctx.emit({ type: 'RallyProhibited', unit: u.id, by: near.id, rule: RALLY_RULE }), false) : mrTest(w, u, 'rally from Fallback', RALLY_RULE, rallyMods(w, u));
      // 11.4: "Cavalry must Reform after they ... have Rallied": rallied cavalry are Blown, and reform no sooner than the next turn (ready the turn after).
      if (ok) { setUs(w, u.id, { fallback: undefined, ralliedTurn: w.turn, ...(armOf(u) === 'cavalry' ? { blown: w.turn } : {}) }); w.ctx.emit({ type: 'Rallied', unit: u.id, rule: RALLY_RULE }); }
      else if (last) breakUnit(w, u.id, 'failed both attempts to rally from Fallback', RALLY_RULE);
      continue;
    }
    if (st.staggered && !st.engaged) {
      if (mrTest(w, u, 'steady from Staggered', STEADY_RULE)) { setUs(w, u.id, { staggered: false }); w.ctx.emit({ type: 'Steadied', unit: u.id, rule: STEADY_RULE }); }
    }
    // 11.4: Blown markers come off after a whole turn stationary and unengaged; not the turn it rallied.
    if (armOf(u) === 'cavalry' && st.blown !== undefined && st.blown < w.turn && !st.moved && !st.engaged && !(st.ralliedTurn !== undefined && st.ralliedTurn >= w.turn)) {
      setUs(w, u.id, { blown: undefined });
      w.ctx.emit({ type: 'Reformed', unit: u.id, rule: REFORM_RULE });
    }
  }
}

type Result = 'carryOn' | 'newOrder' | 'retreat' | 'break';
function readTable(w: W, table: 'at33' | 'at50', modified: number): Result {
  const t = w.tables.divisionalMorale[table];
  return modified >= t.carryOn ? 'carryOn' : modified >= t.newOrder ? 'newOrder' : modified >= t.retreat ? 'retreat' : 'break';
}
const WORDS: Record<Result, string> = { carryOn: 'Carry on', newOrder: 'New Order', retreat: 'Retreat', break: 'Break' };

function divisionRoll(w: W, id: string, d: DivisionState, table: 'at33' | 'at50', why: string, rule: string): Result {
  const alive = d.units.map((x) => unitIn(w, x)).filter((x): x is Unit => !!x);
  const inFallback = alive.filter((u) => us(w.rs, u.id).fallback !== undefined).length;
  const mods: Modifier[] = alive.length > 0 && inFallback * 2 >= alive.length ? [{ label: 'half or more of its units in Fallback', value: w.tables.divisionalMorale.halfInFallback, rule: 'AS 12.2 Divisional Morale Modifier' }] : [];
  const r = w.ctx.roll({ dice: 'd6', purpose: `${d.name}: divisional morale — ${why}`, rule, modifiers: mods, table: { id: 'divisionalMorale', row: table }, subjects: [...d.units], outcome: (v) => WORDS[readTable(w, table, v.modified)] });
  return readTable(w, table, r.modified);
}

function applyResult(w: W, id: string, res: Result, rule: string): void {
  const d = w.rs.divisions[id]!;
  w.ctx.emit({ type: 'DivisionalMorale', division: id, result: res, rule });
  if (res === 'carryOn') { setDiv(w, id, { newOrder: false }); return; }
  if (res === 'newOrder') { setDiv(w, id, { newOrder: true }); return; }
  if (res === 'retreat') { setDiv(w, id, { retreating: true, orders: 'defend', activated: false }); return; }
  setDiv(w, id, { broken: true });
  for (const uid of d.units) if (unitIn(w, uid)) breakUnit(w, uid, `${d.name} broke`, rule);
}

/** Units lost: the division's units no longer on the table. */
export const lostShare = (w: { battle: W['battle'] }, d: DivisionState): number => {
  // 17.2 detachments made in play are part of their battalions: not counted (house).
  const units = d.units.filter((x) => !(d.detached ?? []).includes(x));
  return units.length ? units.filter((x) => !w.battle.units.some((u) => u.id === x)).length / units.length : 0;
};

export function divisionalMorale(w: W): void {
  for (const id of Object.keys(w.rs.divisions)) {
    const d = w.rs.divisions[id]!;
    if (d.broken) continue;
    // A division with no unit left is gone: no roll to take.
    if (!d.units.some((uid) => unitIn(w, uid))) { setDiv(w, id, { broken: true }); continue; }
    const share = lostShare(w, d);
    const dm = w.tables.divisionalMorale;
    const table: 'at33' | 'at50' | undefined = share + 1e-9 >= dm.secondTestShare && d.tested < 2 ? 'at50' : share + 1e-9 >= dm.firstTestShare && d.tested < 1 ? 'at33' : undefined;
    if (table) {
      const res = divisionRoll(w, id, d, table, `${Math.round(share * 100)}% of its units lost`, DIV_MORALE_RULE);
      setDiv(w, id, { tested: table === 'at50' ? 2 : 1, lastTable: table });
      applyResult(w, id, res, DIV_MORALE_RULE);
      continue;
    }
    // 12.4 and 12.2: a retreating or New Order division tries to rally in later turns; only Carry On (or, retreating, New Order) counts.
    if (d.retreating || d.newOrder) {
      const res = divisionRoll(w, id, d, d.lastTable ?? 'at33', d.retreating ? 'rallying from Retreat' : 'rallying from New Order', DIV_RALLY_RULE);
      if (res === 'carryOn' || (res === 'newOrder' && d.retreating)) {
        setDiv(w, id, { retreating: false, newOrder: res === 'newOrder', orders: 'defend' });
        w.ctx.emit({ type: 'DivisionRallied', division: id, newOrder: res === 'newOrder', rule: DIV_RALLY_RULE });
        const now = w.rs.divisions[id]!;
        if (res === 'carryOn' && now.heldAttack) { setDiv(w, id, { orders: 'attack', heldAttack: false }); w.ctx.emit({ type: 'OrdersEnacted', division: id, orders: 'attack', rule: 'AS 12.2 (a held Attack order enacted on rallying)' }); }
      } else w.ctx.emit({ type: 'DivisionNotRallied', division: id, rule: DIV_RALLY_RULE });
    }
  }
}

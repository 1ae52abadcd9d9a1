/**
 * What a morale result does (DoG MORALE How?): shaken — advancing and charging units halt,
 * defending units retire 50 m, squares stand; breaks — the unit routs (it flees in the compulsory
 * moves: sequence/turn.ts). And when casualties call for a test (DoG MORALE When? "for each 10%
 * casualties lost", "strength falls below 50% and when additional casualties taken thereafter"),
 * and the Generals' Risk Table.
 */
import type { Unit } from '../../../engine/model';
import type { TablePoint } from '../../../geometry/types';
import { unitIn } from '../../../engine/workingState';
import type { W } from '../state';
import { us, setUs, setGs, lostShare } from '../state';
import { moraleTest, controlTest, type MoraleOutcome, type MoraleCall } from './tests';
import { applyControl } from './control';
import { retire } from '../movement/compulsory';
import { RISK_RULE, woundFor } from '../tables';
import { generalToUnitMm, activeGenerals, canSeePoint } from '../geo';

export const MORALE_WHEN = 'DoG MORALE When?';

export function breakUnit(w: W, unitId: string, rule: string): void {
  if (!unitIn(w, unitId)) return;
  setUs(w, unitId, { morale: 'routing', order: 'disordered', routTurns: 0, halted: true, control: undefined, charged: undefined });
  w.rs = { ...w.rs, melees: w.rs.melees.filter((m) => m.a !== unitId && m.b !== unitId), charges: w.rs.charges.filter((c) => c.unit !== unitId) };
  w.ctx.emit({ type: 'UnitBroke', unit: unitId, rule });
}

/** Carry out a morale result. `defending`: the unit was not advancing (it retires when shaken). */
export function applyMorale(w: W, u: Unit, outcome: MoraleOutcome, from: TablePoint, defending: boolean): void {
  if (outcome === 'holds') return;
  if (outcome === 'breaks') { breakUnit(w, u.id, 'DoG MORALE How? ("unit breaks and routs")'); return; }
  setUs(w, u.id, { halted: true, morale: us(w.rs, u.id).morale === 'steady' ? 'shaken' : us(w.rs, u.id).morale });
  w.ctx.emit({ type: 'UnitShaken', unit: u.id, rule: 'DoG MORALE How? ("unit is shaken")' });
  if (defending && u.formation !== 'square' && !w.rs.melees.some((m) => m.a === u.id || m.b === u.id)) retire(w, u.id, from, 50, 'DoG MORALE How? ("Defending units retire 50m")');
}

export function testAndApply(w: W, u: Unit, call: MoraleCall, from: TablePoint, defending: boolean): MoraleOutcome {
  const o = moraleTest(w, u, call);
  const now = unitIn(w, u.id);
  if (now) applyMorale(w, now, o, from, defending);
  return o;
}

/** After casualties: a test for each new tenth of strength lost, or for any loss below half strength (one test covers both). */
export function casualtyTest(w: W, unitId: string, from: TablePoint, extra: MoraleCall['extra'] = []): MoraleOutcome | undefined {
  const u = unitIn(w, unitId);
  if (!u || us(w.rs, unitId).morale === 'routing') return undefined;
  const st = us(w.rs, unitId);
  const share = lostShare(w.rs, u);
  const tenths = Math.floor(share * 10 + 1e-9);
  const crossed = tenths > st.tenthsTested;
  const underHalf = share > 0.5;
  if (!crossed && !underHalf) return undefined;
  setUs(w, unitId, { tenthsTested: Math.max(st.tenthsTested, tenths) });
  return testAndApply(w, u, { reason: crossed ? `${tenths * 10}% casualties` : 'casualties below 50% strength', rule: MORALE_WHEN, ...(extra.length ? { extra } : {}) }, from, true);
}

/** "a 0 die roll could result in a hit on any general within 50 m of the target unit" (DoG Infantry Fire, Procedure). */
export function generalsRisk(w: W, target: Unit): void {
  for (const side of w.battle.sides) for (const g of activeGenerals(w.battle, w.rs, side.id)) {
    if (generalToUnitMm(g, target) > 50) continue;
    let wound = woundFor(1);
    w.ctx.roll({ dice: 'd10', purpose: `${g.name}: generals' risk (near ${target.name})`, rule: RISK_RULE, subjects: [g.id], table: { id: 'generalsRisk' }, outcome: (r) => { wound = woundFor(r.total); return wound.text; } });
    if (wound.wound === 'light') continue;
    const prev = w.rs.generals[g.id]?.wound;
    if (wound.wound === 'moderate' && prev === 'moderate') continue;
    setGs(w, g.id, { wound: wound.wound });
    w.ctx.emit({ type: 'GeneralHit', general: g.id, wound: wound.wound, rule: RISK_RULE });
    if (wound.wound === 'killed') {
      // DoG MORALE When? "commander killed within sight": his side's units that can see where he fell test.
      for (const u0 of w.battle.units.filter((x) => x.side === g.side)) {
        const u = unitIn(w, u0.id);
        if (!u || us(w.rs, u.id).morale === 'routing' || !canSeePoint(w.battle, u, g.stand.centre)) continue;
        testAndApply(w, u, { reason: `${g.name} killed within sight`, rule: MORALE_WHEN }, g.stand.centre, true);
      }
      // DoG CONTROL When? "when unit commander is killed": the units of the formation he commanded test control.
      for (const u0 of w.battle.units.filter((x) => x.side === g.side && x.parent === g.commands)) {
        const u = unitIn(w, u0.id);
        if (!u || us(w.rs, u.id).morale === 'routing') continue;
        applyControl(w, u, controlTest(w, u, { reason: `${g.name}, its commander, killed` }));
      }
    }
  }
}

/**
 * DoG COMMAND /RALLY PHASE: routing troops attempt to rally; disordered and unformed troops
 * reform; tired and exhausted troops recover after rest (DoG EFFECTS OF FATIGUE/EXHAUSTION).
 */
import { unitIn } from '../../../engine/workingState';
import type { W } from '../state';
import { us, setUs, isFormed } from '../state';
import { rallyTest, moraleTest } from '../morale/tests';
import { canSee, gapMm } from '../geo';

export const RALLY_SECTION = 'DoG Routing troops attempt to rally';
export const REFORM_SECTION = 'DoG Reforming Unformed / Disordered Troops';
/** "250m from nearest formed enemy troops". */
export const RALLY_CLEAR_MM = 250;

/** Eligible to rally: out of sight of the enemy, screened by friendly formed troops (HOUSE: one within 100 m between — not yet judged: RULINGS.md), or 250 m from formed enemy. */
export function mayRally(w: W, unitId: string): boolean {
  const u = unitIn(w, unitId)!;
  const enemies = w.battle.units.filter((e) => e.side !== u.side);
  const formed = enemies.filter((e) => isFormed(w.rs, e));
  if (formed.every((e) => gapMm(u, e) >= RALLY_CLEAR_MM)) return true;
  return enemies.every((e) => !canSee(w.battle, e, u));
}

export function rallyPhase(w: W): void {
  for (const u0 of [...w.battle.units]) {
    const u = unitIn(w, u0.id);
    if (!u) continue;
    const st = us(w.rs, u.id);
    if (st.morale === 'routing') {
      if (!mayRally(w, u.id)) { w.ctx.emit({ type: 'CannotRally', unit: u.id, rule: RALLY_SECTION }); continue; }
      const cavalryNear = w.battle.units.some((e) => e.side !== u.side && e.arm === 'cavalry' && gapMm(u, e) <= 300);
      if (rallyTest(w, u, { underFire: st.underFireLastTurn, cavalryNear })) {
        // "Routing troops which rally are treated as disordered."
        setUs(w, u.id, { morale: 'steady', order: 'disordered', routTurns: 0, halted: true, idleTurns: 0 });
        w.ctx.emit({ type: 'Rallied', unit: u.id, rule: RALLY_SECTION });
      }
      continue;
    }
    if (st.morale === 'retreating') {
      // DoG Retreating Troops: "Retreating troops automatically rally. They are treated unformed."
      setUs(w, u.id, { morale: 'steady', order: st.order === 'disordered' ? 'disordered' : 'unformed' });
      w.ctx.emit({ type: 'Rallied', unit: u.id, how: 'retreat ended', rule: 'DoG Retreating Troops' });
    }
    const s2 = us(w.rs, u.id);
    if (s2.order !== 'formed' && s2.idleTurns >= 1 && !w.rs.melees.some((m) => m.a === u.id || m.b === u.id)) {
      // "If unformed/disordered troops are fired upon while reforming – roll for morale. They may only reform if they pass."
      if (s2.underFireLastTurn && moraleTest(w, u, { reason: 'fired upon while reforming', rule: REFORM_SECTION }) !== 'holds') continue;
      const next = s2.order === 'disordered' ? 'unformed' : 'formed';
      setUs(w, u.id, { order: next, idleTurns: next === 'unformed' ? 0 : s2.idleTurns });
      w.ctx.emit({ type: 'Reformed', unit: u.id, order: next, rule: REFORM_SECTION });
    }
    const s3 = us(w.rs, u.id);
    const need = [0, 1, 2, 3][s3.fatigue]!;
    if (s3.fatigue > 0 && s3.idleTurns >= need) {
      setUs(w, u.id, { fatigue: 0, meleeRounds: 0, exhaustedActs: 0 });
      w.ctx.emit({ type: 'Recovered', unit: u.id, rule: 'DoG EFFECTS OF FATIGUE/EXHAUSTION ("may recover after resting")' });
    }
  }
}

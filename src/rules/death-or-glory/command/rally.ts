/**
 * DoG COMMAND /RALLY PHASE: routing troops attempt to rally; disordered and unformed troops
 * reform; tired and exhausted troops recover after rest (DoG EFFECTS OF FATIGUE/EXHAUSTION).
 */
import { unitIn } from '../../../engine/workingState';
import type { W } from '../state';
import { us, setUs, isFormed, nationOf, isConscript } from '../state';
import type { Unit } from '../../../engine/model';
import type { DogTables } from '../tables';
import { FORMATION_CHANGES, INF_COLS, CAV_COLS, DOUBLE_TIME, FORMATION_RULE } from '../tables';
import { rallyTest, moraleTest } from '../morale/tests';
import { canSee, gapMm } from '../geo';

export const RALLY_SECTION = 'DoG Routing troops attempt to rally';
export const REFORM_SECTION = 'DoG Reforming Unformed / Disordered Troops';
/** "250m from nearest formed enemy troops". */
export const RALLY_CLEAR_MM = 250;

/**
 * DoG Routing troops attempt to rally: "To be eligible for rally, routing troops must either be out
 * of sight of enemy troops, screened by friendly formed troops, or 250m from nearest formed enemy
 * troops." Out of sight: no enemy sees it past the terrain; screened: every enemy that does is
 * blocked by friendly formed troops' stands (line of sight through the geometry, RULINGS.md).
 * The condition met, or undefined.
 */
export function mayRally(w: W, unitId: string): string | undefined {
  const u = unitIn(w, unitId)!;
  const enemies = w.battle.units.filter((e) => e.side !== u.side);
  const formed = enemies.filter((e) => isFormed(w.rs, e));
  if (formed.every((e) => gapMm(u, e) >= RALLY_CLEAR_MM)) return `${RALLY_CLEAR_MM} m from formed enemy troops`;
  const seers = enemies.filter((e) => canSee(w.battle, e, u, () => false));
  if (seers.length === 0) return 'out of sight of enemy troops';
  const screen = new Set(w.battle.units.filter((f) => f.side === u.side && f.id !== u.id && f.formation !== 'skirmish' && isFormed(w.rs, f)).map((f) => f.id));
  if (screen.size > 0 && seers.every((e) => !canSee(w.battle, e, u, (id) => screen.has(id)))) return 'screened by friendly formed troops';
  return undefined;
}

/**
 * Full turns of inaction to reform (DoG FORMATION CHANGES "Reform (unformed)" and "Reform
 * (disordered)" rows, by the nation's drill column; "Tired, Conscripts, militia, landwehr - take
 * double time"). Batteries are not in the table: the general rule, 1 and 2 turns (DoG Reforming
 * Unformed / Disordered Troops).
 */
export function reformTurns(tables: DogTables, u: Unit, from: 'unformed' | 'disordered', tired: boolean): { turns: number; why: string } {
  const nation = nationOf(tables, u);
  let base: number;
  let why: string;
  if (u.arm === 'artillery' || !nation) { base = from === 'disordered' ? 2 : 1; why = 'a battery: the general rule'; }
  else {
    const inf = u.arm === 'infantry';
    const col = inf ? INF_COLS.indexOf(nation.drill.infantry) : CAV_COLS.indexOf(nation.drill.cavalry);
    base = FORMATION_CHANGES[from === 'disordered' ? 'reformDisordered' : 'reformUnformed'][inf ? 'infantry' : 'cavalry'][col] ?? (from === 'disordered' ? 2 : 1);
    why = `${nation.name} ${u.arm}, ${from}`;
  }
  const double = isConscript(tables, u) || tired;
  return { turns: double ? base * DOUBLE_TIME : base, why: double ? `${why}, double time` : why };
}

export function rallyPhase(w: W): void {
  for (const u0 of [...w.battle.units]) {
    const u = unitIn(w, u0.id);
    if (!u) continue;
    const st = us(w.rs, u.id);
    if (st.morale === 'routing') {
      const eligible = mayRally(w, u.id);
      if (!eligible) { w.ctx.emit({ type: 'CannotRally', unit: u.id, rule: RALLY_SECTION }); continue; }
      const cavalryNear = w.battle.units.some((e) => e.side !== u.side && e.arm === 'cavalry' && gapMm(u, e) <= 300);
      if (rallyTest(w, u, { underFire: st.underFireLastTurn, cavalryNear })) {
        // "Routing troops which rally are treated as disordered."
        setUs(w, u.id, { morale: 'steady', order: 'disordered', routTurns: 0, halted: true, idleTurns: 0 });
        w.ctx.emit({ type: 'Rallied', unit: u.id, eligible, rule: RALLY_SECTION });
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
      // The turns of inaction it needs, from the FORMATION CHANGES table's Reform rows (RULINGS.md).
      const need = reformTurns(w.tables, u, s2.order === 'disordered' || s2.reformingFrom === 'disordered' ? 'disordered' : 'unformed', s2.fatigue > 0);
      // "Disordered troops become unformed after 1 full turn of inaction", then formed when the row's turns are up.
      const next = s2.idleTurns >= need.turns ? 'formed' : s2.order === 'disordered' ? 'unformed' : undefined;
      if (!next) { w.ctx.emit({ type: 'Reforming', unit: u.id, idleTurns: s2.idleTurns, needs: need.turns, why: need.why, rule: FORMATION_RULE }); }
      else {
        // "If unformed/disordered troops are fired upon while reforming – roll for morale. They may only reform if they pass."
        if (s2.underFireLastTurn && moraleTest(w, u, { reason: 'fired upon while reforming', rule: REFORM_SECTION }) !== 'holds') continue;
        setUs(w, u.id, { order: next, reformingFrom: next === 'unformed' ? 'disordered' : undefined });
        w.ctx.emit({ type: 'Reformed', unit: u.id, order: next, after: s2.idleTurns, needs: need.turns, why: need.why, rule: next === 'formed' ? `${FORMATION_RULE} ("Reform (${s2.reformingFrom ?? s2.order})")` : REFORM_SECTION });
      }
    }
    const s3 = us(w.rs, u.id);
    const need = [0, 1, 2, 3][s3.fatigue]!;
    if (s3.fatigue > 0 && s3.idleTurns >= need) {
      setUs(w, u.id, { fatigue: 0, meleeRounds: 0, exhaustedActs: 0 });
      w.ctx.emit({ type: 'Recovered', unit: u.id, rule: 'DoG EFFECTS OF FATIGUE/EXHAUSTION ("may recover after resting")' });
    }
  }
}

/** AS 7.3.1: when an attacking division may suspend its obligatory movement. */
import type { S, ShState } from '../state';
import { armOf, isFormed } from '../state';
import type { ShTables } from '../tables';
import { gapIn, sees } from '../geo';

/**
 * 7.3.1 suspension: a Formed infantry unit of the division within 9" of a visible enemy Formed
 * infantry unit or 18" of visible enemy cavalry; or a cavalry unit within 18" of visible enemy
 * Formed infantry or cavalry. Skirmishers never suspend it.
 */
export function suspended(battle: S['battle'], rs: ShState, t: ShTables, divId: string): boolean {
  const d = rs.divisions[divId];
  if (!d) return false;
  const enemies = battle.units.filter((e) => e.side !== d.side && isFormed(rs, e) && armOf(e) !== 'artillery');
  for (const uid of d.units) {
    const u = battle.units.find((x) => x.id === uid);
    if (!u || !isFormed(rs, u)) continue;
    for (const e of enemies) {
      const gap = gapIn(u, e);
      const near = armOf(u) === 'cavalry' ? gap <= t.reach.chargeCavalryIn : armOf(u) === 'infantry' && (armOf(e) === 'cavalry' ? gap <= t.reach.chargeCavalryIn : gap <= t.reach.chargeInfantryIn);
      if (near && sees(battle, u, e)) return true;
    }
  }
  return false;
}


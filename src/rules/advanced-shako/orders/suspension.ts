/** AS 7.3.1: when an attacking division may suspend its obligatory movement; when a Defending division is alerted into activation. */
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


/**
 * A Defending division is alerted into activation (house table `defendOrders`: the base book's
 * restrictions are not ours) when an enemy unit of any kind — skirmishers too: AS 7.3.1 "skirmishers
 * can now only alert a Defending division into activation" — is within `activationIn` of one of its
 * units and seen by it. Once alerted it stays so until its orders change.
 */
export function alerted(battle: S['battle'], rs: ShState, t: ShTables, divId: string): boolean {
  const d = rs.divisions[divId];
  if (!d) return false;
  if (d.orders !== 'defend' || d.activated) return true;
  const enemies = battle.units.filter((e) => e.side !== d.side);
  for (const uid of d.units) {
    const u = battle.units.find((x) => x.id === uid);
    if (!u) continue;
    for (const e of enemies) if (gapIn(u, e) <= t.defendOrders.activationIn + 1e-6 && sees(battle, u, e)) return true;
  }
  return false;
}

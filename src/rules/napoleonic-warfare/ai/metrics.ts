/** NW per-side figures for reports and batches (RulesetModule.ai.metrics): the whole state. */
import { groundHeld } from '../../../engine/ground';
import type { SideMetrics } from '../../../engine/ruleset';
import type { NwGameState } from '../types';
import { idRecord } from '../../../engine/ids';

export function nwMetrics(state: NwGameState): SideMetrics[] {
  return state.battle.sides.map((side) => {
    const standsLostByType: Record<string, number> = idRecord();
    const unitsByState: Record<string, number> = idRecord();
    for (const u of Object.values(state.ruleset.units)) {
      if (u.side !== side.id) continue;
      const type = state.battle.units.find((b) => b.id === u.id)?.troopType ?? u.profile.troop;
      standsLostByType[type] = (standsLostByType[type] ?? 0) + u.standsLost;
      // NW §17 morale states; a unit no longer active counts by its status (dispersed, destroyed…).
      const st = u.status === 'active' ? u.morale : u.status;
      unitsByState[st] = (unitsByState[st] ?? 0) + 1;
    }
    return { side: side.id, standsLostByType, unitsByState, ground: groundHeld(state.battle, side.id) };
  });
}

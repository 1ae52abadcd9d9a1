/**
 * NW evaluation of a side's view (RulesetModule.ai.evaluate): higher is better for `side`.
 * Material (stands left against stands at the start, NW §10 counts losses), morale (NW §17
 * states, routed and worse count nothing) and ground (engine ground.ts), each in [-1, 1],
 * weighted 3 : 2 : 1. Only what the view shows is counted: unseen ambushers are not there.
 */
import { groundHeld } from '../../../engine/ground';
import type { SeenGame } from '../../../engine/ruleset';
import type { NwTables } from '../nwTables';
import type { NwOptions, NwState } from '../types';

const MORALE_WORTH: Record<string, number> = { good: 1, disordered: 0.6, fragmented: 0.3, routed: 0, dispersed: 0 };

export function nwEvaluate(view: SeenGame<NwState, NwOptions, NwTables>, side: string): number {
  const per = (mine: boolean) => {
    let left = 0, start = 0, morale = 0, n = 0;
    for (const u of Object.values(view.ruleset.units)) {
      if ((u.side === side) !== mine) continue;
      start += u.startStands;
      if (u.status !== 'active') continue;
      left += u.startStands - u.standsLost;
      morale += MORALE_WORTH[u.morale] ?? 0;
      n++;
    }
    return { material: start > 0 ? left / start : 0, morale: n > 0 ? morale / n : 0 };
  };
  const a = per(true), b = per(false);
  return 3 * (a.material - b.material) + 2 * (a.morale - b.morale) + (2 * groundHeld(view.battle, side) - 1);
}

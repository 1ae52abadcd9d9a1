/**
 * SYW evaluation of a side's view (RulesetModule.ai.evaluate): higher is better for `side`.
 * Material (stands left against stands at the start, the 50% and per-20% strength of 8 p.17),
 * morale (groups routing count nothing, retreating 0.4, on Reserve 0.8; disordered units half:
 * (3) Orders, Rout, 8 Morale) and ground
 * (engine ground.ts), each in [-1, 1], weighted 3 : 2 : 1. Hidden units are not in the view.
 */
import { groundHeld } from '../../../engine/ground';
import type { SeenGame } from '../../../engine/ruleset';
import type { Options, SywState } from '../state';
import type { Tables } from '../tablesSchema';

export function sywEvaluate(view: SeenGame<SywState, Options, Tables>, side: string): number {
  const per = (mine: boolean) => {
    let left = 0, start = 0, morale = 0, n = 0;
    for (const u of view.battle.units) {
      if ((u.side === side) !== mine) continue;
      const us = view.ruleset.units[u.id];
      const group = Object.values(view.ruleset.groups).find((g) => g.units.includes(u.id));
      start += us?.startStands ?? u.stands.length;
      left += u.stands.length;
      // (3) Orders p.6-8: a group sent back to Reserve or Retreat (interpenetration, a failed test) has lost its purpose for a while.
      const order = group?.order === 'rout' ? 0 : group?.order === 'retreat' ? 0.4 : group?.order === 'reserve' ? 0.8 : 1;
      morale += us?.disordered ? order / 2 : order;
      n++;
    }
    return { material: start > 0 ? left / start : 0, morale: n > 0 ? morale / n : 0 };
  };
  const a = per(true), b = per(false);
  return 3 * (a.material - b.material) + 2 * (a.morale - b.morale) + (2 * groundHeld(view.battle, side) - 1);
}

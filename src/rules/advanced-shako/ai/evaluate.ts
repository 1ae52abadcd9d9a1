/**
 * Evaluation of a side's view (RulesetModule.ai.evaluate), higher better for `side`: material (the
 * share of kills a side's units can still take, own minus enemy, broken units counting nothing),
 * cohesion (Staggered, Fallback and Blown units count half; a division under a New Order or
 * retreating counts against), units gone (the house victory's measure), ground (engine ground.ts);
 * weighted 3 : 2 : 2 : 1/2.
 */
import { groundHeld } from '../../../engine/ground';
import type { SeenGame } from '../../../engine/ruleset';
import type { ShOptions } from '../options';
import type { ShTables } from '../tables';
import type { ShState } from '../state';
import { mrOf } from '../state';
import { lossShare } from '../victory';

export function shEvaluate(view: SeenGame<ShState, ShOptions, ShTables>, side: string): number {
  const per = (mine: boolean) => {
    let start = 0, left = 0, spirit = 0, n = 0;
    for (const d of Object.values(view.ruleset.divisions)) {
      if ((d.side === side) !== mine) continue;
      for (const id of d.units) {
        const u = view.battle.units.find((x) => x.id === id);
        start += u ? mrOf(view.tables, u) : 4;
        n++;
        if (!u) continue;
        const st = view.ruleset.units[id]!;
        left += mrOf(view.tables, u) - st.kills;
        spirit += st.fallback !== undefined || st.staggered || st.blown !== undefined ? 0.5 : 1;
      }
      if (d.newOrder || d.retreating) spirit -= d.units.length * 0.25;
    }
    return { material: start > 0 ? left / start : 0, spirit: n > 0 ? spirit / n : 0 };
  };
  const a = per(true), b = per(false);
  const foe = view.battle.sides.find((x) => x.id !== side)?.id;
  // The house victory counts units gone (victory.ts `lossShare`), not kills: a broken unit counts again.
  const gone = foe === undefined ? 0 : lossShare(view, foe) - lossShare(view, side);
  return 3 * (a.material - b.material) + 2 * (a.spirit - b.spirit) + 2 * gone + 0.5 * (2 * groundHeld(view.battle, side) - 1);
}

/**
 * Evaluation of a side's view (RulesetModule.ai.evaluate), higher better for `side`: material
 * (share of starting stands left, own minus enemy), motivation (disorientated battalions count
 * half; a brigade gone counts against), ground (engine ground.ts); weighted 3 : 2 : 1.
 */
import { groundHeld } from '../../../engine/ground';
import type { SeenGame } from '../../../engine/ruleset';
import type { BtOptions } from '../options';
import type { BtTables } from '../tables';
import type { BtState } from '../state';

export function btEvaluate(view: SeenGame<BtState, BtOptions, BtTables>, side: string): number {
  if (view.ruleset.brigadeBroken) return view.ruleset.brigadeBroken.side === side ? -100 : 100;
  const per = (mine: boolean) => {
    let start = 0, left = 0, spirit = 0, n = 0;
    for (const [id, st] of Object.entries(view.ruleset.units)) {
      const u = view.battle.units.find((x) => x.id === id);
      const s = u?.side ?? view.ruleset.gone[id]?.side;
      if ((s === side) !== mine) continue;
      start += st.start;
      left += u?.stands.length ?? 0;
      spirit += !u ? 0 : st.disorientated ? 0.5 : 1;
      n++;
    }
    return { material: start > 0 ? left / start : 0, spirit: n > 0 ? spirit / n : 0 };
  };
  const a = per(true), b = per(false);
  return 3 * (a.material - b.material) + 2 * (a.spirit - b.spirit) + (2 * groundHeld(view.battle, side) - 1);
}

/** Per-side figures for reports and batch statistics (RulesetModule.ai.metrics). */
import { groundHeld } from '../../../engine/ground';
import type { SideMetrics } from '../../../engine/ruleset';
import type { S } from '../state';
import { lossShare } from '../victory';
import { idRecord } from '../../../engine/ids';

export function btMetrics(s: S): SideMetrics[] {
  return s.battle.sides.map((side) => {
    const standsLostByType: Record<string, number> = idRecord();
    const unitsByState: Record<string, number> = idRecord();
    for (const [id, st] of Object.entries(s.ruleset.units)) {
      const u = s.battle.units.find((x) => x.id === id);
      const g = s.ruleset.gone[id];
      if ((u?.side ?? g?.side) !== side.id) continue;
      const type = u?.troopType ?? g!.troopType;
      standsLostByType[type] = (standsLostByType[type] ?? 0) + st.start - (u?.stands.length ?? 0);
      const state = u ? (st.disorientated ? 'disorientated' : 'steady') : g!.how;
      unitsByState[state] = (unitsByState[state] ?? 0) + 1;
    }
    const brigadesQuit = Object.values(s.ruleset.brigades).filter((b) => b.side === side.id && b.quit).length;
    return { side: side.id, standsLostByType, unitsByState, ground: groundHeld(s.battle, side.id), extra: { lossShare: lossShare(s, side.id), brigadesQuit } };
  });
}

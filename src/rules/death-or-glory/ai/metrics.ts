/** Per-side figures for reports and batch statistics (RulesetModule.ai.metrics): figures lost by troop type, units by morale state, ground. */
import { groundHeld } from '../../../engine/ground';
import type { SideMetrics } from '../../../engine/ruleset';
import type { S } from '../state';
import { figuresOf } from '../state';
import { menLostShare, brokenShare } from '../victory';
import { idRecord } from '../../../engine/ids';

export function dogMetrics(s: S): SideMetrics[] {
  return s.battle.sides.map((side) => {
    const standsLostByType: Record<string, number> = idRecord();
    const unitsByState: Record<string, number> = idRecord();
    for (const [id, st] of Object.entries(s.ruleset.units)) {
      const u = s.battle.units.find((x) => x.id === id);
      const g = s.ruleset.gone[id];
      if ((u?.side ?? g?.side) !== side.id) continue;
      const type = u?.troopType ?? g!.troopType;
      standsLostByType[type] = (standsLostByType[type] ?? 0) + st.startFigures - (u ? figuresOf(u) : 0);
      const state = u ? (st.morale === 'routing' ? 'routing' : st.order) : g!.how;
      unitsByState[state] = (unitsByState[state] ?? 0) + 1;
    }
    return { side: side.id, standsLostByType, unitsByState, ground: groundHeld(s.battle, side.id), extra: { menLostShare: menLostShare(s.battle, s.ruleset, side.id), brokenShare: brokenShare(s.battle, s.ruleset, side.id) } };
  });
}

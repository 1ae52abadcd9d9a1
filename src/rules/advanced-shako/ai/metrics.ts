/** Per-side figures for reports and batch statistics (RulesetModule.ai.metrics). */
import { groundHeld } from '../../../engine/ground';
import type { SideMetrics } from '../../../engine/ruleset';
import type { S } from '../state';
import { lossShare } from '../victory';
import { idRecord } from '../../../engine/ids';

export function shMetrics(s: S): SideMetrics[] {
  return s.battle.sides.map((side) => {
    const standsLostByType: Record<string, number> = idRecord();
    const unitsByState: Record<string, number> = idRecord();
    let kills = 0;
    for (const d of Object.values(s.ruleset.divisions)) {
      if (d.side !== side.id) continue;
      for (const id of d.units) {
        const u = s.battle.units.find((x) => x.id === id);
        const g = s.ruleset.gone[id];
        const st = s.ruleset.units[id]!;
        if (!u) { const t = g?.troopType ?? 'unknown'; standsLostByType[t] = (standsLostByType[t] ?? 0) + 1; }
        else kills += st.kills;
        const state = !u ? 'broken' : st.fallback !== undefined ? 'fallback' : st.blown !== undefined ? 'blown' : st.staggered ? 'staggered' : 'steady';
        unitsByState[state] = (unitsByState[state] ?? 0) + 1;
      }
    }
    const divs = Object.values(s.ruleset.divisions).filter((d) => d.side === side.id);
    return { side: side.id, standsLostByType, unitsByState, ground: groundHeld(s.battle, side.id), extra: { lossShare: lossShare(s, side.id), kills, divisionsBroken: divs.filter((d) => d.broken).length, divisionsRetreating: divs.filter((d) => d.retreating).length } };
  });
}

/** SYW per-side figures for reports and batches (RulesetModule.ai.metrics): the whole state. */
import { groundHeld } from '../../../engine/ground';
import type { SideMetrics } from '../../../engine/ruleset';
import type { S } from '../state';
import { idRecord } from '../../../engine/ids';

/** A unit's state in SYW words: its group's order when routing, else disordered or good; 'gone' once off the table or removed. */
export function sywUnitState(state: S, unitId: string): string {
  const present = state.battle.units.some((u) => u.id === unitId);
  const group = Object.values(state.ruleset.groups).find((g) => g.units.includes(unitId));
  if (!present || group?.offTable) return 'gone';
  if (group?.order === 'rout') return 'routing';
  return state.ruleset.units[unitId]?.disordered ? 'disordered' : 'good';
}

export function sywMetrics(state: S): SideMetrics[] {
  return state.battle.sides.map((side) => {
    const standsLostByType: Record<string, number> = idRecord();
    const unitsByState: Record<string, number> = idRecord();
    for (const [id, us] of Object.entries(state.ruleset.units)) {
      const group = Object.values(state.ruleset.groups).find((g) => g.units.includes(id));
      const unit = state.battle.units.find((u) => u.id === id);
      if ((unit?.side ?? group?.side) !== side.id) continue;
      const type = unit?.troopType ?? 'removed';
      standsLostByType[type] = (standsLostByType[type] ?? 0) + Math.max(0, us.startStands - (unit?.stands.length ?? 0));
      const st = sywUnitState(state, id);
      unitsByState[st] = (unitsByState[st] ?? 0) + 1;
    }
    return { side: side.id, standsLostByType, unitsByState, ground: groundHeld(state.battle, side.id) };
  });
}

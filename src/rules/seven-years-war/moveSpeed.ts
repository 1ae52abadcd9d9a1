/** How far a group may move (SYW §4 Terrain effects on movement p.9) and what the ground does to it (7 Disorder (3) p.16). */
import type { Unit } from '../../engine/model';
import { ORDER_NUMBERS } from './tables/orders';
import { TERRAIN_EFFECTS, effectiveTerrainType } from './tables/terrain';
import { countsTerrainLighter } from './tables/units';
import type { TroopType } from './tables/units';
import type { GroupState } from './state';
import { isArtillery, isInfantry } from './state';
import type { Work } from './work';
import { CM, terrainLevel } from './geo';

/** The speed of a group in cm before terrain: the slowest unit (unit table p.9; columns on Reserve 24cm). */
export function groupSpeedCm(w: Work, g: GroupState): number {
  const units = w.groupUnits(g);
  return Math.min(...units.map((u) => {
    const base = w.tables.unitTable[u.troopType]?.moveCm ?? 0;
    return isInfantry(u) && u.formation === 'column' && g.order === 'reserve' ? Math.max(base, ORDER_NUMBERS.columnReserveInfantryCm) : base;
  }));
}

/** Terrain factor for a unit in the worst terrain it crosses (p.9); `d4` for type 0. Null: may not enter. */
export function terrainAllowance(u: Unit, speedMm: number, worst: number, d4: () => number): number | null {
  if (worst === 4) return null;
  const eff = effectiveTerrainType(Math.max(0, worst) as 0 | 1 | 2 | 3, countsTerrainLighter(u.troopType as TroopType));
  if (worst < 0 || eff < 0) return speedMm;
  const e = TERRAIN_EFFECTS[eff as 0 | 1 | 2 | 3];
  if (isArtillery(u)) return e.artilleryFraction === null ? null : speedMm * e.artilleryFraction;
  if (e.speedLossDice) return Math.max(0, speedMm - d4() * CM);
  return speedMm * (1 - e.speedLossFraction);
}

/** Disorder while in terrain of level 1 (2 for lights) or above, until they leave it (7 Disorder (3) p.16). */
export function applyTerrainDisorder(w: Work, groupId: string): void {
  const g = w.group(groupId);
  if (!g) return;
  for (const u of w.groupUnits(g)) {
    const lvl = terrainLevel(w.battle, u.stands);
    const eff = lvl < 0 ? -1 : effectiveTerrainType(Math.min(3, lvl) as 0 | 1 | 2 | 3, countsTerrainLighter(u.troopType as TroopType));
    const s = w.unitState(u.id)!;
    if (eff >= 1 && !s.disordered) {
      w.setUnit(u.id, { disordered: true, terrainDisorder: true });
      w.ctx.emit({ type: 'UnitDisordered', unit: u.id, why: 'moving in type 1+ terrain', rule: 'SYW 7 Disorder (3) (p.16)' });
    } else if (eff < 1 && s.terrainDisorder) {
      w.setUnit(u.id, { disordered: false, terrainDisorder: false });
      w.ctx.emit({ type: 'DisorderCured', unit: u.id, why: 'left the terrain', rule: 'SYW 7 Disorder (3) (p.16)' });
    }
  }
}

/**
 * HOUSE terrain rules: the text names terrain (a "Defensive Position", buildings) but gives no
 * movement effects, so these are house values (RULINGS.md): difficult ground costs double,
 * water is crossed only at a bridge or ford, and horse and guns keep out of close ground.
 */
import type { TerrainKind } from '../../../engine/model';

export const TERRAIN_RULE = 'BT Movement Phase; HOUSE terrain (RULINGS.md)';

/** Each inch moved while any stand touches one of these costs this many inches. */
export const DIFFICULT: Partial<Record<TerrainKind, number>> = { wood: 2, marsh: 2, rough: 2, village: 2, building: 2, stream: 2 };
/** Impassable unless the move is over a bridge or ford. */
export const WATER: readonly TerrainKind[] = ['river', 'lake'];
/** Close ground cavalry and artillery may not enter. */
export const CLOSED_TO_HORSE_AND_GUNS: readonly TerrainKind[] = ['wood', 'marsh', 'village', 'building'];

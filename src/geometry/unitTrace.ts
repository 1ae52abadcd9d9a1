/**
 * A unit's move traced through the core against the battle it stands in: the other units'
 * stands and the terrain from the per-layout caches (sightCache.ts), and the table edge. The one
 * call the battalion rules and Death or Glory! make for every move they judge.
 */
import type { Leg } from './movement';
import { traceMove, type Body, type MoveTrace } from './moveCore';
import { standIndexOf, terrainIndexOf } from './sightCache';
import type { TableSize } from './collisions';
import type { TerrainShape } from './terrain';

export interface World {
  readonly units: readonly Body[];
  readonly table: TableSize;
  readonly terrain: readonly TerrainShape[];
}

/** Trace `unit`'s legs in `world`; units for which `ignore` holds (by default the unit itself) are not met. */
export function traceUnit(world: World, unit: Body, legs: readonly Leg[], ignore: (id: string) => boolean = (id) => id === unit.id): MoveTrace {
  return traceMove(unit.stands, legs, { others: standIndexOf(world.units), ignore, table: world.table, terrain: terrainIndexOf(world.terrain) });
}

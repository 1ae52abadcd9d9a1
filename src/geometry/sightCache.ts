/**
 * One sight-index cache (and one terrain-index cache) for every ruleset: a sight grid is built once per terrain layout (the
 * very array the battle holds; a changed layout is a new array) and per sight rule the
 * ruleset names by a key (a scale, a variant), and dropped with the layout (WeakMap).
 */
import type { SightFeature, SightIndex } from './sightIndex';
import { buildSightIndex } from './sightIndex';
import type { TerrainIndex, TerrainShape } from './terrain';
import { buildTerrainIndex } from './terrain';
import type { SpatialIndex } from './collisions';

const cache = new WeakMap<readonly object[], Map<string, SightIndex>>();

/**
 * The sight index of `terrain` under the ruleset's sight rule named `ruleKey`; `features`
 * turns the layout into sight features (with the rule's verdict on each) when it is first asked for.
 */
export function sightIndexOf<T extends object>(terrain: readonly T[], ruleKey: string, features: (terrain: readonly T[]) => readonly SightFeature[]): SightIndex {
  let byRule = cache.get(terrain);
  if (!byRule) cache.set(terrain, (byRule = new Map()));
  let ix = byRule.get(ruleKey);
  if (!ix) {
    ix = buildSightIndex(features(terrain));
    byRule.set(ruleKey, ix);
  }
  return ix;
}

const terrainCache = new WeakMap<readonly TerrainShape[], TerrainIndex>();

/** The terrain index (`buildTerrainIndex`) of a layout, built once per layout array; entries hold the caller's own features. */
export function terrainIndexOf<T extends TerrainShape>(terrain: readonly T[]): SpatialIndex<T> {
  let ix = terrainCache.get(terrain);
  if (!ix) terrainCache.set(terrain, (ix = buildTerrainIndex(terrain)));
  return ix as SpatialIndex<T>;
}

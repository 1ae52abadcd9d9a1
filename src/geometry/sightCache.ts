/**
 * One sight-index cache (and one terrain- and stand-index cache) for every ruleset: a sight grid is built once per terrain layout (the
 * very array the battle holds; a changed layout is a new array) and per sight rule the
 * ruleset names by a key (a scale, a variant), and dropped with the layout (WeakMap).
 */
import type { SightFeature, SightIndex } from './sightIndex';
import { buildSightIndex } from './sightIndex';
import type { TerrainIndex, TerrainShape } from './terrain';
import { buildTerrainIndex } from './terrain';
import type { IndexEntry, StandIndex, StandRecord } from './collisions';
import { SpatialIndex, standEntry } from './collisions';
import type { StandFootprint } from './types';
import type { Body } from './moveCore';
import type { Box } from './vec';

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

const standCache = new WeakMap<readonly Body[], StandIndex>();

/**
 * A stand index (`buildStandIndex`: every stand under its unit's id) of a list of units, built
 * once per list array (a battle's units array is replaced whenever a unit moves), for
 * `traceMove`'s `others`: a drag preview asks it on every pointer move of an unchanged battle.
 */
export function standIndexOf(units: readonly Body[]): StandIndex {
  let ix = standCache.get(units);
  if (!ix) {
    // PERF: a unit's entries are made once per stands array (its corners, its box, its ids) and
    // shared by the index of every units array it is in: a move replaces one unit of many. The
    // same entries in the same order as `buildStandIndex` of every stand makes.
    const entries: IndexEntry<StandRecord>[] = [];
    for (const u of units) for (const e of unitEntries(u)) entries.push(e);
    ix = new SpatialIndex<StandRecord>();
    ix.load(entries);
    standCache.set(units, ix);
  }
  return ix;
}

const entryCache = new WeakMap<readonly StandFootprint[], { readonly unitId: string; readonly entries: readonly IndexEntry<StandRecord>[] }>();

/** The stand index entries of one unit's stands, `<unit id>#<k>` each, made once per stands array and unit id. */
function unitEntries(u: Body): readonly IndexEntry<StandRecord>[] {
  const hit = entryCache.get(u.stands);
  if (hit && hit.unitId === u.id) return hit.entries;
  const entries = u.stands.map((s, k) => standEntry({ id: `${u.id}#${k}`, unitId: u.id, footprint: s }));
  entryCache.set(u.stands, { unitId: u.id, entries });
  return entries;
}

/**
 * The units of `units` with a stand whose box meets `box`, in the list's order (from the cached
 * stand index: a preview among thousands of stands tests only those near the move).
 */
export function unitsNear<U extends Body>(units: readonly U[], box: Box): U[] {
  const found = standIndexOf(units).search(box);
  if (found.length === 0) return [];
  // PERF: positions from a map kept beside the index, so a few units near the box cost no scan of the whole list.
  let at = positionCache.get(units);
  if (!at) positionCache.set(units, (at = new Map(units.map((u, i) => [u.id, i]))));
  const near = new Set<number>();
  for (const e of found) { const i = at.get(e.value.unitId); if (i !== undefined) near.add(i); }
  return [...near].sort((a, b) => a - b).map((i) => units[i]!);
}

const positionCache = new WeakMap<readonly Body[], Map<string, number>>();
